#pragma once
// sql_store (see sql_store.hpp): tournaments, entries and pairings
// (tournament_store.hpp). Writes on the writer, lists and records on a reader;
// every write but an event's creation passes the dialect's lead_guard first
// (PostgreSQL in a cluster: only the node that last claimed the lead writes).
#include <algorithm>

#include "store/sql_store_impl.hpp"

namespace kibitz::server::storage {

namespace sql_tournament_detail {

inline const char* row_columns =
    "SELECT id, public_id, kind, game_id, initial_ms, increment_ms, rated, name, created_by, "
    "starts_ms, duration_ms, rounds, round_interval_ms, status, settings, created_ms, ended_ms "
    "FROM tournaments ";

template <class Rows>
tournament_row read_row(const Rows& r) {
    tournament_row t;
    t.id = r.i64(0);
    t.public_id = r.text(1);
    auto& s = t.settings;
    s.kind = r.text(2);
    s.game_id = r.text(3);
    s.initial_ms = r.i64(4);
    s.increment_ms = r.i64(5);
    s.rated = r.flag(6);
    s.name = r.text(7);
    if (!r.is_null(8)) s.created_by = r.i64(8);
    s.starts_ms = r.i64(9);
    s.duration_ms = r.i64(10);
    s.rounds = static_cast<int>(r.i64(11));
    s.round_interval_ms = r.i64(12);
    t.status = r.text(13);
    s.extra = r.text(14);
    t.created_ms = r.i64(15);
    if (!r.is_null(16)) t.ended_ms = r.i64(16);
    return t;
}

template <class Db>
tournament_record load_record(Db& db, tournament_row row) {
    tournament_record out{std::move(row), {}, {}, {}};
    {
        auto r = db.query(
            "SELECT player, name, text, at_ms FROM tournament_chat WHERE tournament = $1 "
            "ORDER BY id DESC LIMIT $2",
            out.row.id, tournament_record::chat_kept);
        while (r.next()) out.chat.push_back({r.text(0), r.text(1), r.text(2), r.i64(3)});
        std::reverse(out.chat.begin(), out.chat.end());
    }
    {
        // read_player reads player_columns (five): the entry's own come after.
        static const std::string sql =
            "SELECT " + player_columns("p.") +
            ", e.score, e.sheet, e.withdrawn, e.paused, e.joined_ms "
            "FROM tournament_entries e JOIN players p ON p.id = e.player "
            "WHERE e.tournament = $1 ORDER BY e.joined_ms, p.id";
        auto r = db.query(sql, out.row.id);
        while (r.next())
            out.entries.push_back({read_player(r, 0), static_cast<int>(r.i64(5)), r.text(6),
                                   r.flag(7), r.flag(8), r.i64(9)});
    }
    auto r = db.query(
        "SELECT id, round, room, seat0, seat1, berserk0, berserk1, result, plies, created_ms, "
        "ended_ms FROM tournament_pairings WHERE tournament = $1 ORDER BY id",
        out.row.id);
    while (r.next()) {
        tournament_pairing p;
        p.id = r.i64(0);
        p.round = static_cast<int>(r.i64(1));
        p.room = r.text(2);
        p.seats = {r.i64(3), r.i64(4)};
        p.berserk = {r.flag(5), r.flag(6)};
        if (!r.is_null(7)) p.result = static_cast<int>(r.i64(7));
        p.plies = static_cast<int>(r.i64(8));
        p.created_ms = r.i64(9);
        if (!r.is_null(10)) p.ended_ms = r.i64(10);
        out.pairings.push_back(std::move(p));
    }
    return out;
}

template <class Db, class... A>
std::vector<tournament_row> rows(Db& db, const std::string& where, const A&... args) {
    return all_rows<tournament_row>(
        db, row_columns + where, [](const auto& r) { return read_row(r); }, args...);
}

inline int status_rank(std::string_view s) {
    return s == "created" ? 0 : s == "started" ? 1 : s == "finished" ? 2 : -1;
}

}  // namespace sql_tournament_detail

template <class D>
void sql_store<D>::create_tournament(std::string public_id, tournament_settings s,
                                     std::int64_t now_ms, handler<tournament_row> h) {
    write<tournament_row>(std::move(h), [public_id = std::move(public_id), s = std::move(s),
                                         now_ms](db_type& db) {
        auto r = db.query(
            "INSERT INTO tournaments(public_id, kind, game_id, initial_ms, increment_ms, rated, "
            "name, created_by, starts_ms, duration_ms, rounds, round_interval_ms, settings, "
            "created_ms) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14) RETURNING id",
            public_id, s.kind, s.game_id, s.initial_ms, s.increment_ms, s.rated, s.name,
            s.created_by, s.starts_ms, s.duration_ms, s.rounds, s.round_interval_ms, s.extra,
            now_ms);
        r.next();
        return tournament_row{r.i64(0), public_id, s, "created", now_ms, std::nullopt};
    });
}

template <class D>
void sql_store<D>::set_tournament_status(tournament_key id, std::string status, std::int64_t now_ms,
                                         handler<bool> h) {
    write<bool>(std::move(h), [this, id, status = std::move(status), now_ms](db_type& db) {
        dialect_.lead_guard(db);
        using namespace sql_tournament_detail;
        const int to = status_rank(status);
        if (to < 0) throw db_error("no tournament status '" + status + "'");
        std::string from;
        {
            auto r = db.query("SELECT status FROM tournaments WHERE id = $1", id);
            if (!r.next()) throw db_error("no tournament " + std::to_string(id));
            from = r.text(0);
        }
        if (status_rank(from) >= to) return false;
        std::optional<std::int64_t> ended;
        if (status == "finished") ended = now_ms;
        db.query("UPDATE tournaments SET status = $1, ended_ms = $2 WHERE id = $3", status, ended,
                 id);
        return true;
    });
}

template <class D>
void sql_store<D>::set_tournament_extra(tournament_key id, std::string extra, handler<bool> h) {
    write<bool>(std::move(h), [this, id, extra = std::move(extra)](db_type& db) {
        dialect_.lead_guard(db);
        return db.query("UPDATE tournaments SET settings = $1 WHERE id = $2", extra, id)
                   .affected() > 0;
    });
}

template <class D>
void sql_store<D>::list_tournaments(int finished_limit, handler<std::vector<tournament_row>> h) {
    read<std::vector<tournament_row>>(std::move(h), [finished_limit](db_type& db) {
        using namespace sql_tournament_detail;
        auto out = rows(db, "WHERE status <> 'finished' ORDER BY starts_ms, id");
        auto done = rows(db, "WHERE status = 'finished' ORDER BY ended_ms DESC, id DESC LIMIT $1",
                         clamp_limit(finished_limit));
        out.insert(out.end(), done.begin(), done.end());
        return out;
    });
}

template <class D>
void sql_store<D>::tournament(std::string public_id, handler<std::optional<tournament_record>> h) {
    read<std::optional<tournament_record>>(
        std::move(h),
        [public_id = std::move(public_id)](db_type& db) -> std::optional<tournament_record> {
            using namespace sql_tournament_detail;
            auto found = rows(db, "WHERE public_id = $1", public_id);
            if (found.empty()) return std::nullopt;
            return load_record(db, std::move(found.front()));
        });
}

template <class D>
void sql_store<D>::unfinished_tournaments(handler<std::vector<tournament_record>> h) {
    read<std::vector<tournament_record>>(std::move(h), [](db_type& db) {
        using namespace sql_tournament_detail;
        std::vector<tournament_record> out;
        for (auto& row : rows(db, "WHERE status <> 'finished' ORDER BY id"))
            out.push_back(load_record(db, std::move(row)));
        return out;
    });
}

template <class D>
void sql_store<D>::join_tournament(tournament_key id, player_id who, std::int64_t now_ms,
                                   handler<bool> h) {
    write<bool>(std::move(h), [this, id, who, now_ms](db_type& db) {
        dialect_.lead_guard(db);
        if (db.query("UPDATE tournament_entries SET withdrawn = $1, paused = $1 "
                     "WHERE tournament = $2 AND player = $3 AND (withdrawn = $4 OR paused = $4)",
                     false, id, who, true)
                .affected() > 0)
            return true;
        return db.query(
                     "INSERT INTO tournament_entries(tournament, player, joined_ms) "
                     "VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                     id, who, now_ms)
                   .affected() > 0;
    });
}

template <class D>
void sql_store<D>::set_entry_state(tournament_key id, player_id who, bool withdrawn, bool paused,
                                   handler<bool> h) {
    write<bool>(std::move(h), [=, this](db_type& db) {
        dialect_.lead_guard(db);
        return db.query(
                     "UPDATE tournament_entries SET withdrawn = $1, paused = $2 "
                     "WHERE tournament = $3 AND player = $4",
                     withdrawn, paused, id, who)
                   .affected() > 0;
    });
}

template <class D>
void sql_store<D>::add_pairing(tournament_key id, tournament_pairing p, handler<std::int64_t> h) {
    write<std::int64_t>(std::move(h), [this, id, p = std::move(p)](db_type& db) {
        dialect_.lead_guard(db);
        auto r = db.query(
            "INSERT INTO tournament_pairings(tournament, round, room, seat0, seat1, berserk0, "
            "berserk1, created_ms) VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING id",
            id, p.round, p.room, p.seats[0], p.seats[1], p.berserk[0], p.berserk[1], p.created_ms);
        r.next();
        return r.i64(0);
    });
}

template <class D>
void sql_store<D>::set_berserk(std::string room, int seat, handler<bool> h) {
    write<bool>(std::move(h), [this, room = std::move(room), seat](db_type& db) {
        dialect_.lead_guard(db);
        static const char* sql[2] = {
            "UPDATE tournament_pairings SET berserk0 = $1 WHERE room = $2 AND result IS NULL",
            "UPDATE tournament_pairings SET berserk1 = $1 WHERE room = $2 AND result IS NULL"};
        if (seat != 0 && seat != 1) throw db_error("no seat " + std::to_string(seat));
        return db.query(sql[seat], true, room).affected() > 0;
    });
}

template <class D>
void sql_store<D>::record_result(pairing_result res, handler<bool> h) {
    write<bool>(std::move(h), [this, res = std::move(res)](db_type& db) {
        dialect_.lead_guard(db);
        // The guard on result IS NULL makes a second report of the same game
        // (a retry, a restart's recovery) change nothing.
        const auto set = db.query(
                               "UPDATE tournament_pairings SET result = $1, plies = $2, "
                               "ended_ms = $3 WHERE room = $4 AND result IS NULL",
                               res.result, res.plies, res.ended_ms, res.room)
                             .affected();
        if (set == 0) return false;
        for (const auto& s : res.scores)
            db.query(
                "UPDATE tournament_entries SET score = $1, sheet = $2 WHERE player = $3 AND "
                "tournament = (SELECT tournament FROM tournament_pairings WHERE room = $4)",
                s.score, s.sheet, s.who, res.room);
        return true;
    });
}

template <class D>
void sql_store<D>::add_tournament_chat(tournament_key id, tournament_chat_entry line,
                                       handler<bool> h) {
    write<bool>(std::move(h), [this, id, line = std::move(line)](db_type& db) {
        dialect_.lead_guard(db);
        return db.query(
                     "INSERT INTO tournament_chat(tournament, player, name, text, at_ms) "
                     "VALUES ($1, $2, $3, $4, $5)",
                     id, line.player, line.name, line.text, line.at_ms)
                   .affected() > 0;
    });
}

template <class D>
void sql_store<D>::claim_tournaments(handler<std::int64_t> h) {
    write<std::int64_t>(std::move(h), [this](db_type& db) { return dialect_.claim_lead(db); });
}

}  // namespace kibitz::server::storage
