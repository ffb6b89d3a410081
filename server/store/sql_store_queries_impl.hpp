#pragma once
// sql_store (see sql_store.hpp): the queries about games and players, on the
// reader connections (each job is one read transaction, so a multi-table
// answer is one consistent snapshot).
#include "store/sql_store_impl.hpp"

namespace kibitz::server::storage {

namespace sql_store_detail {
// Columns read by read_summary, joined with both seats' players. Private games
// are left out of public lists (profile, recent) but are found by key.
// Split in two so that a query may add columns after these (bots' listing).
inline const std::string summary_columns =
    "g.id, g.game_id, g.initial_ms, g.increment_ms, g.rated, g.private, "
    "g.start_position, g.status, g.winner, g.reason, g.created_ms, g.ended_ms, "
    "p0.id, p0.name, p0.account_id, p0.computer_level, p0.bot_ms, "
    "p1.id, p1.name, p1.account_id, p1.computer_level, p1.bot_ms, "
    "(SELECT COUNT(*) FROM moves m WHERE m.game = g.id), g.public_id, g.rematch, "
    "g.days_per_move, g.deadline_ms, g.premove_seat, g.premove_line";
inline constexpr int summary_column_count = 29;
inline const std::string seat_joins =
    "JOIN players p0 ON p0.id = g.seat0 JOIN players p1 ON p1.id = g.seat1 ";
inline const std::string summary_sql = "SELECT " + summary_columns + " FROM games g " + seat_joins;

template <class Rows>
game_summary read_summary(const Rows& r) {
    game_summary g;
    g.id = r.i64(0);
    g.settings = {r.text(1), r.i64(2), r.i64(3), r.flag(4), r.flag(5), r.text(6)};
    g.status = parse_status(r.text(7));
    g.winner = r.is_null(8) ? -1 : static_cast<int>(r.i64(8));
    g.reason = r.text(9);
    g.created_ms = r.i64(10);
    g.ended_ms = r.i64(11);  // 0 when NULL
    g.seats = {read_player(r, 12), read_player(r, 17)};
    g.plies = static_cast<int>(r.i64(22));
    g.public_id = r.text(23);
    g.rematch = r.text(24);
    if (!r.is_null(25)) g.settings.days_per_move = static_cast<int>(r.i64(25));
    if (!r.is_null(26)) g.deadline_ms = r.i64(26);
    if (!r.is_null(27) && !r.is_null(28)) {
        g.premove_seat = static_cast<int>(r.i64(27));
        std::string line = r.text(28);
        for (std::size_t at = 0; at <= line.size();) {
            auto end = std::min(line.find('\n', at), line.size());
            if (end > at) g.premove.push_back(line.substr(at, end - at));
            at = end + 1;
        }
    }
    return g;
}

template <class Db, class... A>
std::vector<game_summary> summaries(Db& db, const std::string& where_sql, const A&... args) {
    return all_rows<game_summary>(
        db, summary_sql + where_sql, [](const auto& r) { return read_summary(r); }, args...);
}

template <class Db>
std::vector<chat_record> chat_lines(Db& db, game_key game) {
    auto line = [](const auto& r) {
        chat_record c;
        if (!r.is_null(0)) c.who = r.i64(0);
        c.channel = r.text(1);
        c.text = r.text(2);
        c.at_ms = r.i64(3);
        c.name = r.text(4);
        return c;
    };
    return all_rows<chat_record>(
        db,
        "SELECT c.player_id, c.channel, c.text, c.at_ms, COALESCE(p.name, '') FROM chat c "
        "LEFT JOIN players p ON p.id = c.player_id WHERE c.game = $1 ORDER BY c.id",
        line, game);
}

template <class Db>
std::vector<move_record> moves_of(Db& db, game_key game) {
    auto move = [](const auto& r) {
        return move_record{static_cast<int>(r.i64(0)),
                           static_cast<int>(r.i64(1)),
                           r.text(2),
                           {r.i64(3), r.i64(4)},
                           r.i64(5)};
    };
    return all_rows<move_record>(
        db,
        "SELECT ply, seat, notation, clock0_ms, clock1_ms, at_ms FROM moves "
        "WHERE game = $1 ORDER BY ply",
        move, game);
}

// The event that paired the game stored as `public_id`, if any.
template <class Db>
std::optional<game_tournament> tournament_of(Db& db, const std::string& public_id) {
    if (public_id.empty()) return std::nullopt;
    auto found = all_rows<game_tournament>(
        db,
        "SELECT t.public_id, t.kind, p.berserk0, p.berserk1 FROM tournament_pairings p "
        "JOIN tournaments t ON t.id = p.tournament WHERE p.room = $1",
        [](const auto& r) {
            return game_tournament{r.text(0), r.text(1), {r.flag(2), r.flag(3)}};
        },
        public_id);
    if (found.empty()) return std::nullopt;
    return found.front();
}
}  // namespace sql_store_detail

namespace sql_store_detail {
// The unfinished games `where` picks, with their moves, chat (the restored
// room shows it again) and tournament (the restored room is its game again).
template <class Db>
std::vector<game_record> unfinished_records(Db& db, const char* where) {
    std::vector<game_record> out;
    for (auto& g : summaries(db, where)) out.push_back({g, {}, {}});
    for (auto& r : out) {
        r.moves = moves_of(db, r.summary.id);
        r.chat = chat_lines(db, r.summary.id);
        r.tournament = tournament_of(db, r.summary.public_id);
    }
    return out;
}
}  // namespace sql_store_detail

template <class D>
void sql_store<D>::unfinished_games(handler<std::vector<game_record>> h) {
    read<std::vector<game_record>>(std::move(h), [](db_type& db) {
        return sql_store_detail::unfinished_records(db, "WHERE g.status = 'playing' ORDER BY g.id");
    });
}

template <class D>
void sql_store<D>::unfinished_live_games(handler<std::vector<game_record>> h) {
    read<std::vector<game_record>>(std::move(h), [](db_type& db) {
        return sql_store_detail::unfinished_records(
            db, "WHERE g.status = 'playing' AND g.days_per_move IS NULL ORDER BY g.id");
    });
}

template <class D>
void sql_store<D>::correspondence_in_play(handler<std::vector<game_summary>> h) {
    read<std::vector<game_summary>>(std::move(h), [](db_type& db) {
        return sql_store_detail::summaries(
            db, "WHERE g.status = 'playing' AND g.days_per_move IS NOT NULL ORDER BY g.id");
    });
}

template <class D>
void sql_store<D>::correspondence_games_of(player_id who, handler<std::vector<game_record>> h) {
    read<std::vector<game_record>>(std::move(h), [who](db_type& db) {
        using namespace sql_store_detail;
        std::vector<game_record> out;
        for (auto& g : summaries(db,
                                 "WHERE g.status = 'playing' AND g.days_per_move IS NOT NULL "
                                 "AND (g.seat0 = $1 OR g.seat1 = $1) ORDER BY g.id",
                                 who))
            out.push_back({g, {}, {}});
        for (auto& r : out) r.moves = moves_of(db, r.summary.id);
        return out;
    });
}

template <class D>
void sql_store<D>::game(game_key id, handler<std::optional<game_record>> h) {
    read<std::optional<game_record>>(std::move(h), [id](db_type& db) -> std::optional<game_record> {
        using namespace sql_store_detail;
        auto found = summaries(db, "WHERE g.id = $1", id);
        if (found.empty()) return std::nullopt;
        // With its chat and event: a node taking the room over restores it from this.
        return game_record{found.front(), moves_of(db, id), chat_lines(db, id),
                           tournament_of(db, found.front().public_id)};
    });
}

template <class D>
void sql_store<D>::game_by_public_id(std::string public_id, handler<std::optional<game_record>> h) {
    read<std::optional<game_record>>(
        std::move(h),
        [public_id = std::move(public_id)](db_type& db) -> std::optional<game_record> {
            using namespace sql_store_detail;
            auto found = summaries(db, "WHERE g.public_id = $1", public_id);
            if (found.empty()) return std::nullopt;
            return game_record{found.front(), moves_of(db, found.front().id), {}};
        });
}

template <class D>
void sql_store<D>::profile_of(std::string username, int recent_limit, game_key before,
                              handler<std::optional<profile>> h) {
    read<std::optional<profile>>(
        std::move(h),
        [username = std::move(username), recent_limit,
         before](db_type& db) -> std::optional<profile> {
            using namespace sql_store_detail;
            profile p;
            {
                auto who = player_named<D>(db, username);
                if (!who) return std::nullopt;
                p.who = std::move(*who);
            }
            {
                auto r = db.query(
                    "SELECT game_id, rating, rd, volatility, games FROM ratings "
                    "WHERE player_id = $1 ORDER BY game_id",
                    p.who.id);
                while (r.next())
                    p.ratings.push_back(
                        {r.text(0), {r.real(1), r.real(2), r.real(3), static_cast<int>(r.i64(4))}});
            }
            {
                auto r = db.query(
                    "SELECT game_id, game, rating, rd, at_ms FROM rating_history "
                    "WHERE player_id = $1 ORDER BY id",
                    p.who.id);
                while (r.next())
                    p.history.push_back({r.text(0), r.i64(1), r.real(2), r.real(3), r.i64(4)});
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
                while (r.next())
                    p.results.push_back({r.text(0), static_cast<int>(r.i64(1)),
                                         static_cast<int>(r.i64(2)), static_cast<int>(r.i64(3))});
            }
            // Newest first; `before` (a game key, 0: none) pages back past older ones.
            // CAST gives the parameter one type for PostgreSQL's inference, and SQLite reads it too.
            p.recent = summaries(db,
                                 "WHERE (g.seat0 = $1 OR g.seat1 = $1) AND NOT g.private "
                                 "AND (CAST($3 AS BIGINT) = 0 OR g.id < CAST($3 AS BIGINT)) "
                                 "ORDER BY g.id DESC LIMIT $2",
                                 p.who.id, clamp_limit(recent_limit), before);
            return p;
        });
}

template <class D>
void sql_store<D>::leaderboard(std::string game_id, int limit, handler<std::vector<leader>> h) {
    read<std::vector<leader>>(std::move(h), [game_id = std::move(game_id), limit](db_type& db) {
        // Settled ratings only: RD <= 110 (provisional ones carry a '?').
        auto r = db.query(
            "SELECT p.id, p.name, p.account_id, p.computer_level, p.bot_ms, "
            "r.rating, r.rd, r.volatility, r.games FROM ratings r JOIN players p ON p.id = "
            "r.player_id "
            "WHERE r.game_id = $1 AND r.rd <= 110 ORDER BY r.rating DESC, p.id LIMIT $2",
            game_id, clamp_limit(limit));
        std::vector<leader> out;
        while (r.next())
            out.push_back(
                {read_player(r, 0), {r.real(5), r.real(6), r.real(7), static_cast<int>(r.i64(8))}});
        return out;
    });
}

template <class D>
void sql_store<D>::recent_games(int limit, handler<std::vector<game_summary>> h) {
    read<std::vector<game_summary>>(std::move(h), [limit](db_type& db) {
        return sql_store_detail::summaries(db,
                                           "WHERE g.status = 'finished' AND NOT g.private "
                                           "ORDER BY g.ended_ms DESC, g.id DESC LIMIT $1",
                                           clamp_limit(limit));
    });
}

}  // namespace kibitz::server::storage
