// sqlite_store: queries, on the reader connections (each job is one read
// transaction, so a multi-table answer is one consistent snapshot).
#include "store/sqlite_store_impl.hpp"

namespace kibitz::server::storage {

namespace {
// Columns read by read_summary, joined with both seats' players. Private games
// are left out of public lists (profile, recent) but are found by key.
const std::string summary_sql =
    "SELECT g.id, g.game_id, g.initial_ms, g.increment_ms, g.rated, g.private, "
    "g.start_position, g.status, g.winner, g.reason, g.created_ms, g.ended_ms, "
    "p0.id, p0.name, p0.account_id, p1.id, p1.name, p1.account_id, "
    "(SELECT COUNT(*) FROM moves m WHERE m.game = g.id), g.public_id, "
    "p0.computer_level, p1.computer_level, g.rematch "
    "FROM games g JOIN players p0 ON p0.id = g.seat0 JOIN players p1 ON p1.id = g.seat1 ";

game_summary read_summary(const statement& s) {
    game_summary g;
    g.id = s.i64(0);
    g.settings = {s.text(1), s.i64(2), s.i64(3), s.i64(4) != 0, s.i64(5) != 0, s.text(6)};
    g.status = parse_status(s.text(7));
    g.winner = s.is_null(8) ? -1 : static_cast<int>(s.i64(8));
    g.reason = s.text(9);
    g.created_ms = s.i64(10);
    g.ended_ms = s.is_null(11) ? 0 : s.i64(11);
    for (int seat = 0; seat < 2; ++seat) {
        int c = 12 + 3 * seat;
        g.seats[seat] = {s.i64(c), s.text(c + 1), std::nullopt};
        if (!s.is_null(c + 2)) g.seats[seat].account = s.i64(c + 2);
        if (!s.is_null(20 + seat)) g.seats[seat].computer_level = static_cast<int>(s.i64(20 + seat));
    }
    g.plies = static_cast<int>(s.i64(18));
    g.public_id = s.text(19);
    g.rematch = s.text(22);
    return g;
}

std::vector<game_summary> summaries(sqlite_db& db, const std::string& where_sql, auto... args) {
    auto s = db.prepare(summary_sql + where_sql);
    s.bind(args...);
    std::vector<game_summary> out;
    while (s.step()) out.push_back(read_summary(s));
    return out;
}

std::vector<chat_record> chat_lines(sqlite_db& db, game_key game) {
    auto s = db.prepare(
        "SELECT c.player_id, c.channel, c.text, c.at_ms, COALESCE(p.name, '') FROM chat c "
        "LEFT JOIN players p ON p.id = c.player_id WHERE c.game = ? ORDER BY c.id");
    s.bind(game);
    std::vector<chat_record> out;
    while (s.step()) {
        chat_record c;
        if (!s.is_null(0)) c.who = s.i64(0);
        c.channel = s.text(1);
        c.text = s.text(2);
        c.at_ms = s.i64(3);
        c.name = s.text(4);
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<move_record> moves_of(sqlite_db& db, game_key game) {
    auto s = db.prepare(
        "SELECT ply, seat, notation, clock0_ms, clock1_ms, at_ms FROM moves WHERE game = ? "
        "ORDER BY ply");
    s.bind(game);
    std::vector<move_record> out;
    while (s.step())
        out.push_back({static_cast<int>(s.i64(0)), static_cast<int>(s.i64(1)), s.text(2),
                       {s.i64(3), s.i64(4)}, s.i64(5)});
    return out;
}

int clamp_limit(int limit) { return std::clamp(limit, 1, 500); }
}  // namespace

void sqlite_store::find_login(std::string username, handler<std::optional<account_login>> h) {
    read<std::optional<account_login>>(
        std::move(h), [username = std::move(username)](sqlite_db& db) -> std::optional<account_login> {
            auto s = db.prepare(
                "SELECT p.id, p.name, a.id, a.password_hash FROM accounts a "
                "JOIN players p ON p.account_id = a.id WHERE a.username = ?");
            s.bind(username);
            if (!s.step()) return std::nullopt;
            return account_login{{s.i64(0), s.text(1), s.i64(2)}, s.text(3)};
        });
}

void sqlite_store::unfinished_games(handler<std::vector<game_record>> h) {
    read<std::vector<game_record>>(std::move(h), [](sqlite_db& db) {
        std::vector<game_record> out;
        for (auto& g : summaries(db, "WHERE g.status = 'playing' ORDER BY g.id"))
            out.push_back({g, {}, {}});
        for (auto& r : out) {
            r.moves = moves_of(db, r.summary.id);
            r.chat = chat_lines(db, r.summary.id);  // the restored room shows it again
        }
        return out;
    });
}

void sqlite_store::game(game_key id, handler<std::optional<game_record>> h) {
    read<std::optional<game_record>>(std::move(h), [id](sqlite_db& db) -> std::optional<game_record> {
        auto found = summaries(db, "WHERE g.id = ?", id);
        if (found.empty()) return std::nullopt;
        // With its chat: a node taking the room over restores it from this.
        return game_record{found.front(), moves_of(db, id), chat_lines(db, id)};
    });
}

void sqlite_store::game_by_public_id(std::string public_id,
                                     handler<std::optional<game_record>> h) {
    read<std::optional<game_record>>(
        std::move(h), [public_id = std::move(public_id)](sqlite_db& db) -> std::optional<game_record> {
            auto found = summaries(db, "WHERE g.public_id = ?", public_id);
            if (found.empty()) return std::nullopt;
            auto id = found.front().id;
            return game_record{found.front(), moves_of(db, id), {}};
        });
}

void sqlite_store::analysis_of(game_key game, handler<std::optional<std::string>> h) {
    read<std::optional<std::string>>(std::move(h), [game](sqlite_db& db) -> std::optional<std::string> {
        auto s = db.prepare("SELECT data FROM game_analysis WHERE game = ?");
        s.bind(game);
        if (!s.step()) return std::nullopt;
        return s.text(0);
    });
}

void sqlite_store::lessons_of(player_id who, handler<std::vector<lesson_done>> h) {
    read<std::vector<lesson_done>>(std::move(h), [who](sqlite_db& db) {
        auto s = db.prepare("SELECT game, lesson, done_ms FROM lesson_progress WHERE player = ? "
                            "ORDER BY game, done_ms");
        s.bind(who);
        std::vector<lesson_done> out;
        while (s.step()) out.push_back({s.text(0), s.text(1), s.i64(2)});
        return out;
    });
}

void sqlite_store::profile_of(std::string username, int recent_limit, game_key before,
                              handler<std::optional<profile>> h) {
    read<std::optional<profile>>(
        std::move(h),
        [username = std::move(username), before,
         recent_limit](sqlite_db& db) -> std::optional<profile> {
            profile p;
            {
                auto s = db.prepare(
                    "SELECT p.id, p.name, a.id FROM accounts a JOIN players p ON p.account_id = "
                    "a.id "
                    "WHERE a.username = ?");
                s.bind(username);
                if (s.step()) {
                    p.who = {s.i64(0), s.text(1), s.i64(2)};
                } else {
                    // A guest, by its generated name (the newest, should two ever draw the same).
                    auto g = db.prepare(
                        "SELECT id, name FROM players WHERE name = ? AND account_id IS NULL "
                        "AND computer_level IS NULL ORDER BY id DESC LIMIT 1");
                    g.bind(username);
                    if (!g.step()) return std::nullopt;
                    p.who = {g.i64(0), g.text(1), std::nullopt};
                }
            }
            {
                auto s = db.prepare(
                    "SELECT game_id, rating, rd, volatility, games FROM ratings WHERE player_id = "
                    "? "
                    "ORDER BY game_id");
                s.bind(p.who.id);
                while (s.step())
                    p.ratings.push_back(
                        {s.text(0), {s.real(1), s.real(2), s.real(3), static_cast<int>(s.i64(4))}});
            }
            {
                auto s = db.prepare(
                    "SELECT game_id, game, rating, rd, at_ms FROM rating_history WHERE player_id = "
                    "? "
                    "ORDER BY id");
                s.bind(p.who.id);
                while (s.step())
                    p.history.push_back({s.text(0), s.i64(1), s.real(2), s.real(3), s.i64(4)});
            }
            {
                auto s = db.prepare(
                    "SELECT game_id, "
                    "SUM(winner IS NOT NULL AND ((winner = 0) = (seat0 = ?1))), "
                    "SUM(winner IS NULL), "
                    "SUM(winner IS NOT NULL AND ((winner = 0) != (seat0 = ?1))) "
                    "FROM games WHERE (seat0 = ?1 OR seat1 = ?1) AND status = 'finished' "
                    "GROUP BY game_id ORDER BY game_id");
                s.bind(p.who.id);
                while (s.step())
                    p.results.push_back({s.text(0), static_cast<int>(s.i64(1)),
                                         static_cast<int>(s.i64(2)), static_cast<int>(s.i64(3))});
            }
            // Newest first; `before` (a game key, 0: none) pages back past older ones.
            p.recent = summaries(db,
                                 "WHERE (g.seat0 = ?1 OR g.seat1 = ?1) AND g.private = 0 "
                                 "AND (?3 = 0 OR g.id < ?3) ORDER BY g.id DESC LIMIT ?2",
                                 p.who.id, clamp_limit(recent_limit), before);
            return p;
        });
}

void sqlite_store::leaderboard(std::string game_id, int limit, handler<std::vector<leader>> h) {
    read<std::vector<leader>>(std::move(h), [game_id = std::move(game_id), limit](sqlite_db& db) {
        // Settled ratings only: RD <= 110 (provisional ones carry a '?').
        auto s = db.prepare(
            "SELECT p.id, p.name, p.account_id, r.rating, r.rd, r.volatility, r.games "
            "FROM ratings r JOIN players p ON p.id = r.player_id "
            "WHERE r.game_id = ? AND r.rd <= 110 ORDER BY r.rating DESC, p.id LIMIT ?");
        s.bind(game_id, clamp_limit(limit));
        std::vector<leader> out;
        while (s.step())
            out.push_back({{s.i64(0), s.text(1), s.i64(2)},
                           {s.real(3), s.real(4), s.real(5), static_cast<int>(s.i64(6))}});
        return out;
    });
}

void sqlite_store::recent_games(int limit, handler<std::vector<game_summary>> h) {
    read<std::vector<game_summary>>(std::move(h), [limit](sqlite_db& db) {
        return summaries(db,
                         "WHERE g.status = 'finished' AND g.private = 0 "
                         "ORDER BY g.ended_ms DESC, g.id DESC LIMIT ?",
                         clamp_limit(limit));
    });
}

}  // namespace kibitz::server::storage
