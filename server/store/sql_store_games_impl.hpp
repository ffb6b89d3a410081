#pragma once
// sql_store (see sql_store.hpp): games as they happen, all on the writer.
// A write of a game's moves, takebacks or end first passes the dialect's
// guard (PostgreSQL's cluster fence) in the same transaction.
#include "domain/time_control.hpp"
#include "store/sql_store_impl.hpp"

namespace kibitz::server::storage {

template <class D>
game_key sql_store<D>::start_game(new_game g, handler<game_key> h) {
    auto key = next_key();
    if (!key) {
        // Refused through the writer all the same: handlers run on the store's threads.
        write<game_key>(std::move(h),
                        [why = key.reason()](db_type&) -> game_key { throw db_error(why); });
        return 0;
    }
    write<game_key>(std::move(h), [this, key = key.value(), g = std::move(g)](db_type& db) {
        if (g.admit) {
            std::array<player, 2> seats{load_player<D>(db, g.seats[0]),
                                        load_player<D>(db, g.seats[1])};
            if (auto why = g.admit(g.settings, seats)) throw db_error(*why);
        }
        const auto& s = g.settings;
        std::optional<std::string> start;
        if (!s.start_position.empty()) start = s.start_position;
        std::optional<std::string> public_id;
        if (!g.public_id.empty()) public_id = g.public_id;
        db.query(
            "INSERT INTO games(id, game_id, initial_ms, increment_ms, rated, private, "
            "start_position, seat0, seat1, created_ms, public_id, days_per_move, deadline_ms) "
            "VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)",
            key, s.game_id, s.initial_ms, s.increment_ms, s.rated, s.is_private, start, g.seats[0],
            g.seats[1], g.created_ms, public_id, s.days_per_move, g.deadline_ms);
        dialect_.started(db, key);
        return key;
    });
    return key.value();
}

template <class D>
void sql_store<D>::append_move(game_key game, move_record m, handler<bool> h) {
    write<bool>(std::move(h), [this, game, m = std::move(m)](db_type& db) {
        dialect_.guard(db, game);
        {
            // MAX(ply) is one seek in the (game, ply) key; COUNT(*) walked every
            // earlier move of the game on every move (quadratic in the game's length).
            auto r = db.query(
                "SELECT status, "
                "COALESCE((SELECT MAX(ply) FROM moves WHERE game = games.id), -1) + 1 "
                "FROM games WHERE id = $1",
                game);
            if (!r.next()) throw db_error("no game " + std::to_string(game));
            if (r.text(0) != "playing") throw db_error("the game is over");
            // Plies are consecutive so that replay from the start position is exact.
            if (r.i64(1) != m.ply)
                throw db_error("move " + std::to_string(m.ply) + " out of order (expected " +
                               std::to_string(r.i64(1)) + ")");
        }
        db.query(
            "INSERT INTO moves(game, ply, seat, notation, clock0_ms, clock1_ms, at_ms) "
            "VALUES ($1,$2,$3,$4,$5,$6,$7)",
            game, m.ply, m.seat, m.notation, m.clock_ms[0], m.clock_ms[1], m.at_ms);
        // The next mover's deadline, in the move's transaction: a restart never
        // finds a move without its deadline or a deadline without its move.
        db.query("UPDATE games SET deadline_ms = $1 WHERE id = $2", m.deadline_ms, game);
        return true;
    });
}

template <class D>
void sql_store<D>::truncate_moves(game_key game, int keep, handler<int> h) {
    write<int>(std::move(h), [this, game, keep](db_type& db) {
        dialect_.guard(db, game);
        {
            auto r = db.query("SELECT status FROM games WHERE id = $1", game);
            if (!r.next()) throw db_error("no game " + std::to_string(game));
            if (r.text(0) != "playing") throw db_error("the game is over");
        }
        if (keep < 0) throw db_error("a negative ply count");
        // The (game, ply) key: one range delete; the plies left stay consecutive.
        return db.query("DELETE FROM moves WHERE game = $1 AND ply >= $2", game, keep).affected();
    });
}

namespace sql_store_detail {
template <class Db>
rating_value load_rating(Db& db, player_id who, const std::string& game_id) {
    auto r = db.query(
        "SELECT rating, rd, volatility, games FROM ratings "
        "WHERE player_id = $1 AND game_id = $2",
        who, game_id);
    if (!r.next()) return {};  // a new player: 1500 / 350 / 0.06
    return {r.real(0), r.real(1), r.real(2), static_cast<int>(r.i64(3))};
}

template <class Db>
void save_rating(Db& db, player_id who, const std::string& game_id, game_key game,
                 const rating_value& v, std::int64_t now_ms) {
    db.query(
        "INSERT INTO ratings(player_id, game_id, rating, rd, volatility, games, updated_ms) "
        "VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT(player_id, game_id) DO UPDATE SET "
        "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
        "games = excluded.games, updated_ms = excluded.updated_ms",
        who, game_id, v.rating, v.rd, v.volatility, v.games, now_ms);
    db.query(
        "INSERT INTO rating_history(player_id, game_id, game, rating, rd, volatility, at_ms) "
        "VALUES ($1,$2,$3,$4,$5,$6,$7)",
        who, game_id, game, v.rating, v.rd, v.volatility, now_ms);
}

// The finished rated games of the pair ($3, $4), either way round, that
// ended since $2, but $1. Found through the seats' indexes (games_seat0,
// games_seat1: a few rows per player). Written plainly, status = 'finished'
// AND ended_ms >= $2 matched games_status(status, ended_ms) and SQLite's
// planner (no statistics) chose that range: every game finished in the last
// 24 hours, each looked up in the table, at every game's end (issue 47: the
// writer's time per game grew with the games finished, moves/s fell 4x in
// four minutes). `(status = 'finished') IS TRUE` means the same on both
// databases but matches no index, so the seats' indexes are what is left.
inline constexpr const char* recent_pair_games_sql =
    "SELECT COUNT(*) FROM games WHERE rated AND (status = 'finished') IS TRUE AND id <> $1 "
    "AND ended_ms >= $2 AND ((seat0 = $3 AND seat1 = $4) OR (seat0 = $4 AND seat1 = $3))";

// What the rating-farming rule looks at (docs/rules/platform.md): the moves
// each seat made, and the recent rated games of the same pair.
template <class Db>
void read_farming_facts(Db& db, const game_end& e, ending& facts, std::array<player_id, 2> seats) {
    {
        auto m = db.query("SELECT seat, COUNT(*) FROM moves WHERE game = $1 GROUP BY seat", e.game);
        while (m.next()) {
            auto seat = m.i64(0);
            if (seat == 0 || seat == 1)
                facts.moves[static_cast<std::size_t>(seat)] = static_cast<int>(m.i64(1));
        }
    }
    if (e.pair_window_ms > 0) {
        auto p = db.query(recent_pair_games_sql, e.game, e.ended_ms - e.pair_window_ms, seats[0],
                          seats[1]);
        if (p.next()) facts.recent_pair_games = static_cast<int>(p.i64(0));
    }
}
}  // namespace sql_store_detail

template <class D>
void sql_store<D>::end_game(game_end e, handler<end_summary> h) {
    write<end_summary>(std::move(h), [this, e = std::move(e)](db_type& db) {
        using namespace sql_store_detail;
        if (e.status == game_status::playing) throw db_error("an ended game needs a final status");
        dialect_.guard(db, e.game);
        std::string game_id;
        bool rated = false;
        std::array<player_id, 2> seats{};
        {
            static const std::string sql =
                std::string(
                    "SELECT game_id, rated, status, seat0, seat1, days_per_move FROM games "
                    "WHERE id = $1") +
                D::lock_rows;
            auto r = db.query(sql, e.game);
            if (!r.next()) throw db_error("no game " + std::to_string(e.game));
            if (r.text(2) != "playing") throw db_error("the game has already ended");
            // Correspondence games are rated in a pool of their own.
            game_id = rating_pool(r.text(0), !r.is_null(5));
            rated = r.flag(1);
            seats = {r.i64(3), r.i64(4)};
        }
        std::optional<int> winner;
        if (e.status == game_status::finished && (e.winner == 0 || e.winner == 1))
            winner = e.winner;
        db.query(
            "UPDATE games SET status = $1, winner = $2, reason = $3, ended_ms = $4, "
            "deadline_ms = NULL, premove_seat = NULL, premove_line = NULL WHERE id = $5",
            to_string(e.status), winner, e.reason, e.ended_ms, e.game);

        end_summary out;
        if (!e.rate) return out;
        // The caller's rule decides, on what this transaction has just read;
        // the players' rows stay locked until it commits.
        ending facts{game_id,
                     rated,
                     e.status,
                     winner,
                     {load_player<D>(db, seats[0], true), load_player<D>(db, seats[1], true)},
                     {load_rating(db, seats[0], game_id), load_rating(db, seats[1], game_id)}};
        read_farming_facts(db, e, facts, seats);
        auto next = e.rate(facts);
        if (!next) return out;
        save_rating(db, seats[0], game_id, e.game, (*next)[0], e.ended_ms);
        save_rating(db, seats[1], game_id, e.game, (*next)[1], e.ended_ms);
        out.changes = {{seats[0], facts.ratings[0], (*next)[0]},
                       {seats[1], facts.ratings[1], (*next)[1]}};
        return out;
    });
}

template <class D>
void sql_store<D>::add_chat(game_key game, std::optional<player_id> who, std::string channel,
                            std::string text, std::int64_t now_ms, handler<bool> h) {
    write<bool>(std::move(h), [=](db_type& db) {
        db.query("INSERT INTO chat(game, player_id, channel, text, at_ms) VALUES ($1,$2,$3,$4,$5)",
                 game, who, channel, text, now_ms);
        return true;
    });
}

template <class D>
void sql_store<D>::set_rematch(game_key game, std::string rematch_public_id, handler<bool> h) {
    write<bool>(std::move(h), [=, id = std::move(rematch_public_id)](db_type& db) {
        return db.query("UPDATE games SET rematch = $1 WHERE id = $2", id, game).affected() > 0;
    });
}

template <class D>
void sql_store<D>::set_premove(game_key game, int seat, std::vector<std::string> line,
                               handler<bool> h) {
    write<bool>(std::move(h), [=, line = std::move(line)](db_type& db) {
        std::optional<int> who;
        std::optional<std::string> text;
        if (seat >= 0 && !line.empty()) {
            who = seat;
            text = std::string();
            for (const auto& m : line) *text += (text->empty() ? "" : "\n") + m;
        }
        return db.query(
                     "UPDATE games SET premove_seat = $1, premove_line = $2 WHERE id = $3 "
                     "AND status = 'playing'",
                     who, text, game)
                   .affected() > 0;
    });
}

}  // namespace kibitz::server::storage
