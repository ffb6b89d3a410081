#pragma once
// sql_store (see sql_store.hpp): blocks and reports (issue 43, relation_store.hpp).
#include "store/sql_store_queries_impl.hpp"

namespace kibitz::server::storage {

namespace sql_store_detail {
// The account named `name` ($1, as usernames compare), or none: a guest
// cannot be blocked (a guest's name is anyone's next session).
template <class D, class Db>
std::optional<player> account_named(Db& db, const std::string& name) {
    static const auto sql = account_by_username<D>(player_columns("p.").c_str());
    auto r = db.query(sql, name);
    if (!r.next()) return std::nullopt;
    return read_player(r, 0);
}
}  // namespace sql_store_detail

template <class D>
void sql_store<D>::block(player_id blocker, std::string name, int cap, std::int64_t now_ms,
                         handler<block_answer> h) {
    write<block_answer>(std::move(h), [=, name = std::move(name)](db_type& db) {
        auto who = sql_store_detail::account_named<D>(db, name);
        if (!who) return block_answer{block_outcome::unknown, {}};
        if (who->id == blocker) return block_answer{block_outcome::self, {}};
        auto had =
            db.query("SELECT 1 FROM blocks WHERE blocker = $1 AND blocked = $2", blocker, who->id);
        if (had.next()) return block_answer{block_outcome::already, *who};
        auto n = db.query("SELECT COUNT(*) FROM blocks WHERE blocker = $1", blocker);
        n.next();
        if (n.i64(0) >= cap) return block_answer{block_outcome::full, {}};
        db.query("INSERT INTO blocks(blocker, blocked, created_ms) VALUES ($1, $2, $3)", blocker,
                 who->id, now_ms);
        return block_answer{block_outcome::blocked, *who};
    });
}

template <class D>
void sql_store<D>::unblock(player_id blocker, std::string name, handler<std::optional<player>> h) {
    write<std::optional<player>>(
        std::move(h), [=, name = std::move(name)](db_type& db) -> std::optional<player> {
            auto who = sql_store_detail::account_named<D>(db, name);
            if (!who) return std::nullopt;
            auto gone = db.query("DELETE FROM blocks WHERE blocker = $1 AND blocked = $2", blocker,
                                 who->id);
            if (gone.affected() == 0) return std::nullopt;
            return who;
        });
}

template <class D>
void sql_store<D>::blocks_of(player_id blocker, handler<std::vector<player>> h) {
    read<std::vector<player>>(std::move(h), [blocker](db_type& db) {
        return all_rows<player>(
            db,
            "SELECT " + player_columns("p.") +
                " FROM blocks b JOIN players p ON p.id = b.blocked WHERE b.blocker = $1 "
                "ORDER BY p.name",
            [](const auto& r) { return read_player(r, 0); }, blocker);
    });
}

template <class D>
void sql_store<D>::all_blocks(handler<std::vector<block_pair>> h) {
    read<std::vector<block_pair>>(std::move(h), [](db_type& db) {
        return all_rows<block_pair>(db, "SELECT blocker, blocked FROM blocks", [](const auto& r) {
            return block_pair{r.i64(0), r.i64(1)};
        });
    });
}

template <class D>
void sql_store<D>::file_report(report_record rep, int per_day, evidence_maker evidence,
                               handler<report_answer> h) {
    write<report_answer>(std::move(h), [=, rep = std::move(rep),
                                        evidence = std::move(evidence)](db_type& db) {
        auto who = player_named<D>(db, rep.reported_name);
        if (!who || who->computer_level) return report_answer{report_outcome::unknown, 0};
        if (who->id == rep.reporter) return report_answer{report_outcome::self, 0};
        auto open = db.query(
            "SELECT id FROM reports WHERE reporter = $1 AND reported = $2 AND reason = $3 "
            "AND open = 1",
            rep.reporter, who->id, rep.reason);
        if (open.next()) return report_answer{report_outcome::repeated, open.i64(0)};
        auto n = db.query("SELECT COUNT(*) FROM reports WHERE reporter = $1 AND created_ms > $2",
                          rep.reporter, rep.created_ms - 24 * 3600 * 1000);
        n.next();
        if (n.i64(0) >= per_day) return report_answer{report_outcome::too_many, 0};
        std::vector<chat_record> chat;
        std::optional<game_key> game;
        if (!rep.game.empty()) {
            auto g = db.query("SELECT id FROM games WHERE public_id = $1", rep.game);
            if (g.next()) game = g.i64(0);
        }
        if (game) chat = sql_store_detail::chat_lines(db, *game);
        auto made = db.query(
            "INSERT INTO reports(reporter, reported, reason, text, game, evidence, "
            "created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
            rep.reporter, who->id, rep.reason, rep.text, rep.game, evidence(who->id, chat),
            rep.created_ms);
        made.next();
        return report_answer{report_outcome::stored, made.i64(0)};
    });
}

template <class D>
void sql_store<D>::open_reports(player_id reported, handler<std::vector<stored_report>> h) {
    read<std::vector<stored_report>>(std::move(h), [reported](db_type& db) {
        return all_rows<stored_report>(
            db,
            "SELECT id, reporter, reported, reason, text, game, evidence, created_ms "
            "FROM reports WHERE reported = $1 AND open = 1 ORDER BY id",
            [](const auto& r) {
                return stored_report{r.i64(0),  r.i64(1),  r.i64(2),  r.text(3),
                                     r.text(4), r.text(5), r.text(6), r.i64(7)};
            },
            reported);
    });
}

}  // namespace kibitz::server::storage
