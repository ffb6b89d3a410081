// pg_store: queries, on the reader connections (each job is one REPEATABLE
// READ, READ ONLY transaction, so a multi-table answer is one snapshot).
#include <algorithm>

#include "store/pg_store_impl.hpp"

namespace kibitz::server::storage {

namespace {
// As in sqlite_store_read.cpp: columns read by read_summary, joined with both
// seats' players. Private games are left out of public lists but found by key.
const std::string summary_sql =
    "SELECT g.id, g.game_id, g.initial_ms, g.increment_ms, g.rated, g.private, "
    "g.start_position, g.status, g.winner, g.reason, g.created_ms, g.ended_ms, "
    "p0.id, p0.name, p0.account_id, p0.computer_level, "
    "p1.id, p1.name, p1.account_id, p1.computer_level, "
    "(SELECT COUNT(*) FROM moves m WHERE m.game = g.id), g.public_id, g.rematch "
    "FROM games g JOIN players p0 ON p0.id = g.seat0 JOIN players p1 ON p1.id = g.seat1 ";

game_summary read_summary(const pg_rows& r, int i) {
    game_summary g;
    g.id = r.i64(i, 0);
    g.settings = {r.text(i, 1), r.i64(i, 2), r.i64(i, 3), r.flag(i, 4), r.flag(i, 5), r.text(i, 6)};
    g.status = parse_status(r.text(i, 7));
    g.winner = r.is_null(i, 8) ? -1 : static_cast<int>(r.i64(i, 8));
    g.reason = r.text(i, 9);
    g.created_ms = r.i64(i, 10);
    g.ended_ms = r.i64(i, 11);  // 0 when NULL
    g.seats = {pg_player(r, i, 12), pg_player(r, i, 16)};
    g.plies = static_cast<int>(r.i64(i, 20));
    g.public_id = r.text(i, 21);
    g.rematch = r.text(i, 22);
    return g;
}

template <class... A>
std::vector<game_summary> summaries(pg_db& db, const std::string& where_sql, const A&... args) {
    auto r = db.query(summary_sql + where_sql, args...);
    std::vector<game_summary> out;
    for (int i = 0; i < r.size(); ++i) out.push_back(read_summary(r, i));
    return out;
}

std::vector<chat_record> chat_lines(pg_db& db, game_key game) {
    auto r = db.query(
        "SELECT c.player_id, c.channel, c.text, c.at_ms, COALESCE(p.name, '') FROM chat c "
        "LEFT JOIN players p ON p.id = c.player_id WHERE c.game = $1 ORDER BY c.id", game);
    std::vector<chat_record> out;
    for (int i = 0; i < r.size(); ++i) {
        chat_record c;
        if (!r.is_null(i, 0)) c.who = r.i64(i, 0);
        c.channel = r.text(i, 1);
        c.text = r.text(i, 2);
        c.at_ms = r.i64(i, 3);
        c.name = r.text(i, 4);
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<move_record> moves_of(pg_db& db, game_key game) {
    auto r = db.query("SELECT ply, seat, notation, clock0_ms, clock1_ms, at_ms FROM moves "
                      "WHERE game = $1 ORDER BY ply", game);
    std::vector<move_record> out;
    for (int i = 0; i < r.size(); ++i)
        out.push_back({static_cast<int>(r.i64(i, 0)), static_cast<int>(r.i64(i, 1)), r.text(i, 2),
                       {r.i64(i, 3), r.i64(i, 4)}, r.i64(i, 5)});
    return out;
}

int clamp_limit(int limit) { return std::clamp(limit, 1, 500); }
}  // namespace

void pg_store::find_login(std::string username, handler<std::optional<account_login>> h) {
    read<std::optional<account_login>>(
        std::move(h), [username = std::move(username)](pg_db& db) -> std::optional<account_login> {
            auto r = db.query("SELECT p.id, p.name, a.id, a.password_hash FROM accounts a "
                              "JOIN players p ON p.account_id = a.id WHERE lower(a.username) = lower($1)",
                              username);
            if (r.empty()) return std::nullopt;
            return account_login{{r.i64(0, 0), r.text(0, 1), r.i64(0, 2)}, r.text(0, 3)};
        });
}

void pg_store::unfinished_games(handler<std::vector<game_record>> h) {
    read<std::vector<game_record>>(std::move(h), [](pg_db& db) {
        std::vector<game_record> out;
        for (auto& g : summaries(db, "WHERE g.status = 'playing' ORDER BY g.id")) out.push_back({g, {}, {}});
        for (auto& r : out) {
            r.moves = moves_of(db, r.summary.id);
            r.chat = chat_lines(db, r.summary.id);  // the restored room shows it again
        }
        return out;
    });
}

void pg_store::game(game_key id, handler<std::optional<game_record>> h) {
    read<std::optional<game_record>>(std::move(h), [id](pg_db& db) -> std::optional<game_record> {
        auto found = summaries(db, "WHERE g.id = $1", id);
        if (found.empty()) return std::nullopt;
        // With its chat: a node taking the room over restores it from this.
        return game_record{found.front(), moves_of(db, id), chat_lines(db, id)};
    });
}

void pg_store::game_by_public_id(std::string public_id, handler<std::optional<game_record>> h) {
    read<std::optional<game_record>>(
        std::move(h), [public_id = std::move(public_id)](pg_db& db) -> std::optional<game_record> {
            auto found = summaries(db, "WHERE g.public_id = $1", public_id);
            if (found.empty()) return std::nullopt;
            return game_record{found.front(), moves_of(db, found.front().id), {}};
        });
}

void pg_store::analysis_of(game_key game, handler<std::optional<std::string>> h) {
    read<std::optional<std::string>>(std::move(h), [game](pg_db& db) -> std::optional<std::string> {
        auto r = db.query("SELECT data FROM game_analysis WHERE game = $1", game);
        if (r.empty()) return std::nullopt;
        return r.text(0, 0);
    });
}

void pg_store::lessons_of(player_id who, handler<std::vector<lesson_done>> h) {
    read<std::vector<lesson_done>>(std::move(h), [who](pg_db& db) {
        auto r = db.query("SELECT game, lesson, done_ms FROM lesson_progress WHERE player = $1 "
                          "ORDER BY game, done_ms", who);
        std::vector<lesson_done> out;
        for (int i = 0; i < r.size(); ++i) out.push_back({r.text(i, 0), r.text(i, 1), r.i64(i, 2)});
        return out;
    });
}

void pg_store::profile_of(std::string username, int recent_limit, game_key before,
                          handler<std::optional<profile>> h) {
    read<std::optional<profile>>(
        std::move(h),
        [username = std::move(username), before,
         recent_limit](pg_db& db) -> std::optional<profile> {
            profile p;
            {
                auto r = db.query(
                    "SELECT p.id, p.name, a.id FROM accounts a JOIN players p "
                    "ON p.account_id = a.id WHERE lower(a.username) = lower($1)",
                    username);
                if (!r.empty()) {
                    p.who = {r.i64(0, 0), r.text(0, 1), r.i64(0, 2)};
                } else {
                    // A guest, by its generated name (the newest, should two ever draw the same).
                    auto g = db.query(
                        "SELECT id, name FROM players WHERE name = $1 AND account_id IS NULL "
                        "AND computer_level IS NULL ORDER BY id DESC LIMIT 1",
                        username);
                    if (g.empty()) return std::nullopt;
                    p.who = {g.i64(0, 0), g.text(0, 1), std::nullopt};
                }
            }
            {
                auto r = db.query(
                    "SELECT game_id, rating, rd, volatility, games FROM ratings "
                    "WHERE player_id = $1 ORDER BY game_id",
                    p.who.id);
                for (int i = 0; i < r.size(); ++i)
                    p.ratings.push_back({r.text(i, 0),
                                         {r.real(i, 1), r.real(i, 2), r.real(i, 3),
                                          static_cast<int>(r.i64(i, 4))}});
            }
            {
                auto r = db.query(
                    "SELECT game_id, game, rating, rd, at_ms FROM rating_history "
                    "WHERE player_id = $1 ORDER BY id",
                    p.who.id);
                for (int i = 0; i < r.size(); ++i)
                    p.history.push_back(
                        {r.text(i, 0), r.i64(i, 1), r.real(i, 2), r.real(i, 3), r.i64(i, 4)});
            }
            {
                // Wins, draws and losses per rules id over every finished game.
                auto r = db.query(
                    "SELECT game_id, "
                    "COUNT(*) FILTER (WHERE winner IS NOT NULL AND ((winner = 0) = (seat0 = $1))), "
                    "COUNT(*) FILTER (WHERE winner IS NULL), "
                    "COUNT(*) FILTER (WHERE winner IS NOT NULL AND ((winner = 0) <> (seat0 = $1))) "
                    "FROM games WHERE (seat0 = $1 OR seat1 = $1) AND status = 'finished' "
                    "GROUP BY game_id ORDER BY game_id",
                    p.who.id);
                for (int i = 0; i < r.size(); ++i)
                    p.results.push_back({r.text(i, 0), static_cast<int>(r.i64(i, 1)),
                                         static_cast<int>(r.i64(i, 2)),
                                         static_cast<int>(r.i64(i, 3))});
            }
            // Newest first; `before` (a game key, 0: none) pages back past older ones.
            p.recent =
                summaries(db,
                          "WHERE (g.seat0 = $1 OR g.seat1 = $1) AND NOT g.private "
                          "AND ($3::bigint = 0 OR g.id < $3::bigint) ORDER BY g.id DESC LIMIT $2",
                          p.who.id, clamp_limit(recent_limit), before);
            return p;
        });
}

void pg_store::leaderboard(std::string game_id, int limit, handler<std::vector<leader>> h) {
    read<std::vector<leader>>(std::move(h), [game_id = std::move(game_id), limit](pg_db& db) {
        // Settled ratings only: RD <= 110 (provisional ones carry a '?').
        auto r = db.query("SELECT p.id, p.name, p.account_id, r.rating, r.rd, r.volatility, r.games "
                          "FROM ratings r JOIN players p ON p.id = r.player_id "
                          "WHERE r.game_id = $1 AND r.rd <= 110 ORDER BY r.rating DESC, p.id LIMIT $2",
                          game_id, clamp_limit(limit));
        std::vector<leader> out;
        for (int i = 0; i < r.size(); ++i)
            out.push_back({{r.i64(i, 0), r.text(i, 1), r.i64(i, 2)},
                           {r.real(i, 3), r.real(i, 4), r.real(i, 5), static_cast<int>(r.i64(i, 6))}});
        return out;
    });
}

void pg_store::recent_games(int limit, handler<std::vector<game_summary>> h) {
    read<std::vector<game_summary>>(std::move(h), [limit](pg_db& db) {
        return summaries(db,
                         "WHERE g.status = 'finished' AND NOT g.private "
                         "ORDER BY g.ended_ms DESC, g.id DESC LIMIT $1",
                         clamp_limit(limit));
    });
}

}  // namespace kibitz::server::storage
