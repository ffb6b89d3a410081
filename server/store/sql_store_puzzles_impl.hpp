#pragma once
// sql_store (see sql_store.hpp): puzzles, solvers' puzzle ratings and first
// tries (issue 27).
#include <tuple>

#include <nlohmann/json.hpp>

#include "store/sql_store_impl.hpp"

namespace kibitz::server::storage {

namespace sql_store_detail {
inline std::string string_list(const std::vector<std::string>& v) {
    return nlohmann::json(v).dump();
}
// A JSON array of strings as stored; anything else reads as empty.
inline std::vector<std::string> read_string_list(const std::string& text) {
    auto j = nlohmann::json::parse(text, nullptr, false);
    std::vector<std::string> out;
    if (!j.is_array()) return out;
    for (const auto& s : j)
        if (s.is_string()) out.push_back(s.get<std::string>());
    return out;
}
inline const std::string puzzle_columns =
    "id, game_id, position, moves, rating, rd, volatility, themes, plays, before_position, "
    "last_move";
template <class Rows>
puzzle_row read_puzzle(const Rows& r) {
    return {r.text(0),
            r.text(1),
            r.text(2),
            read_string_list(r.text(3)),
            {r.real(4), r.real(5), r.real(6)},
            read_string_list(r.text(7)),
            static_cast<int>(r.i64(8)),
            r.text(9),
            r.text(10)};
}
}  // namespace sql_store_detail

template <class D>
void sql_store<D>::load_puzzles(std::vector<puzzle_row> puzzles,
                                handler<std::vector<puzzle_row>> h) {
    write<std::vector<puzzle_row>>(std::move(h), [puzzles = std::move(puzzles)](db_type& db) {
        using namespace sql_store_detail;
        for (const auto& p : puzzles)
            db.query(
                // A stored puzzle keeps its rating and plays; only a last move
                // it lacks (stored before migration 0017) is filled in.
                "INSERT INTO puzzles(id, game_id, position, moves, rating, rd, volatility, "
                "themes, plays, before_position, last_move) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) "
                "ON CONFLICT(id) DO UPDATE SET before_position = excluded.before_position, "
                "last_move = excluded.last_move "
                "WHERE puzzles.last_move = '' AND excluded.last_move <> ''",
                p.id, p.game, p.position, string_list(p.moves), p.rating.r, p.rating.rd,
                p.rating.vol, string_list(p.themes), p.plays, p.before, p.last_move);
        return all_rows<puzzle_row>(
            db, "SELECT " + puzzle_columns + " FROM puzzles ORDER BY game_id, id",
            [](const auto& r) { return read_puzzle(r); });
    });
}

template <class D>
void sql_store<D>::puzzle_solver_of(player_id who, std::string game, handler<puzzle_solver> h) {
    read<puzzle_solver>(std::move(h), [who, game = std::move(game)](db_type& db) {
        puzzle_solver s;
        {
            auto r = db.query(
                "SELECT rating, rd, volatility FROM puzzle_ratings "
                "WHERE player_id = $1 AND game_id = $2",
                who, game);
            if (r.next()) s.rating = puzzle_rating{r.real(0), r.real(1), r.real(2)};
        }
        auto r = db.query(
            "SELECT puzzle_id, solved FROM puzzle_attempts WHERE player_id = $1 AND game_id = $2 "
            "ORDER BY at_ms, puzzle_id",
            who, game);
        while (r.next()) {
            s.seen.push_back(r.text(0));
            if (r.flag(1)) ++s.solved;
        }
        auto best = db.query(
            "SELECT best FROM puzzle_streaks WHERE player_id = $1 AND game_id = $2", who, game);
        if (best.next()) s.best_streak = static_cast<int>(best.i64(0));
        return s;
    });
}

template <class D>
void sql_store<D>::record_puzzle_try(puzzle_try t, puzzle_rater rate,
                                     handler<std::optional<puzzle_try_rated>> h) {
    write<std::optional<puzzle_try_rated>>(
        std::move(h),
        [t = std::move(t), rate = std::move(rate)](db_type& db) -> std::optional<puzzle_try_rated> {
            // The try first: when the solver tried this puzzle before, nothing counts.
            if (db.query("INSERT INTO puzzle_attempts(player_id, puzzle_id, game_id, solved, "
                         "at_ms) VALUES ($1, $2, $3, $4, $5) "
                         "ON CONFLICT(player_id, puzzle_id) DO NOTHING",
                         t.who, t.puzzle, t.game, t.solved, t.at_ms)
                    .affected() == 0)
                return std::nullopt;
            // The solver's row made if missing, so that it can be locked; both
            // rows read locked where the dialect locks rows (PostgreSQL: until
            // commit), so tries rated at once on two nodes apply one after the
            // other, never from the same old rating (as load_player for games).
            const auto& st = t.solver_start;
            db.query(
                "INSERT INTO puzzle_ratings(player_id, game_id, rating, rd, volatility, "
                "updated_ms) VALUES ($1, $2, $3, $4, $5, $6) "
                "ON CONFLICT(player_id, game_id) DO NOTHING",
                t.who, t.game, st.r, st.rd, st.vol, t.at_ms);
            puzzle_try_rated out;
            {
                static const std::string q =
                    std::string(
                        "SELECT rating, rd, volatility FROM puzzle_ratings "
                        "WHERE player_id = $1 AND game_id = $2") +
                    D::lock_rows;
                auto r = db.query(q, t.who, t.game);
                if (!r.next())
                    throw db_error("no puzzle rating of player " + std::to_string(t.who));
                out.solver_before = {r.real(0), r.real(1), r.real(2)};
            }
            puzzle_rating puzzle_before;
            {
                static const std::string q =
                    std::string("SELECT rating, rd, volatility, plays FROM puzzles WHERE id = $1") +
                    D::lock_rows;
                auto r = db.query(q, t.puzzle);
                if (!r.next()) throw db_error("no puzzle " + t.puzzle);
                puzzle_before = {r.real(0), r.real(1), r.real(2)};
                out.plays = static_cast<int>(r.i64(3)) + 1;
            }
            std::tie(out.solver_after, out.puzzle_after) = rate(out.solver_before, puzzle_before);
            const auto& s = out.solver_after;
            db.query(
                "UPDATE puzzle_ratings SET rating = $1, rd = $2, volatility = $3, updated_ms = $4 "
                "WHERE player_id = $5 AND game_id = $6",
                s.r, s.rd, s.vol, t.at_ms, t.who, t.game);
            const auto& p = out.puzzle_after;
            db.query(
                "UPDATE puzzles SET rating = $1, rd = $2, volatility = $3, plays = $4 "
                "WHERE id = $5",
                p.r, p.rd, p.vol, out.plays, t.puzzle);
            db.query(
                "UPDATE puzzle_attempts SET solver_rating = $1 "
                "WHERE player_id = $2 AND puzzle_id = $3",
                s.r, t.who, t.puzzle);
            return out;
        });
}

template <class D>
void sql_store<D>::record_puzzle_streak(player_id who, std::string game, int count,
                                        std::int64_t at_ms, handler<bool> h) {
    write<bool>(std::move(h), [who, game = std::move(game), count, at_ms](db_type& db) {
        // Only a longer streak replaces the best (the WHERE of the upsert).
        return db.query(
                     "INSERT INTO puzzle_streaks(player_id, game_id, best, at_ms) "
                     "VALUES ($1, $2, $3, $4) ON CONFLICT(player_id, game_id) DO UPDATE "
                     "SET best = excluded.best, at_ms = excluded.at_ms "
                     "WHERE excluded.best > puzzle_streaks.best",
                     who, game, count, at_ms)
                   .affected() > 0;
    });
}

template <class D>
void sql_store<D>::puzzle_history_of(std::string name, handler<std::optional<puzzle_history>> h) {
    read<std::optional<puzzle_history>>(
        std::move(h), [name = std::move(name)](db_type& db) -> std::optional<puzzle_history> {
            using namespace sql_store_detail;
            auto who = player_named<D>(db, name);
            if (!who) return std::nullopt;
            puzzle_history out;
            out.who = std::move(*who);
            const auto id = out.who.id;
            {
                auto r = db.query(
                    "SELECT game_id, rating, rd, volatility FROM puzzle_ratings "
                    "WHERE player_id = $1 ORDER BY game_id",
                    id);
                while (r.next())
                    out.ratings.push_back({r.text(0), {r.real(1), r.real(2), r.real(3)}});
            }
            {
                auto r = db.query(
                    "SELECT game_id, best FROM puzzle_streaks WHERE player_id = $1 "
                    "ORDER BY game_id",
                    id);
                while (r.next())
                    out.best_streaks.push_back({r.text(0), static_cast<int>(r.i64(1))});
            }
            auto r = db.query(
                "SELECT a.game_id, a.puzzle_id, a.solved, a.at_ms, a.solver_rating, p.themes "
                "FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id "
                "WHERE a.player_id = $1 ORDER BY a.at_ms, a.puzzle_id",
                id);
            while (r.next()) {
                puzzle_history::attempt t{r.text(0), r.text(1),    r.flag(2),
                                          r.i64(3),  std::nullopt, read_string_list(r.text(5))};
                if (!r.is_null(4)) t.rating_after = r.real(4);
                out.tries.push_back(std::move(t));
            }
            return out;
        });
}

}  // namespace kibitz::server::storage
