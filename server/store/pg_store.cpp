// pg_store: connecting, migrations, and the cluster's claim; the one store's
// operations, instantiated for PostgreSQL.
#include "store/pg_store.hpp"

#include <spdlog/spdlog.h>

#include "domain/wall_clock.hpp"
#include "store/db_worker_impl.hpp"
#include "store/sql_store_games_impl.hpp"
#include "store/sql_store_notifications_impl.hpp"
#include "store/sql_store_players_impl.hpp"
#include "store/sql_store_puzzles_impl.hpp"
#include "store/sql_store_queries_impl.hpp"
#include "store/sql_store_relations_impl.hpp"
#include "store/sql_store_tokens_impl.hpp"
#include "store/sql_store_tournaments_impl.hpp"

namespace kibitz::server::storage {

template class basic_db_worker<pg_db>;
template class sql_store<pg_dialect>;

namespace {
// Any constant: the advisory lock that serialises migrations between processes.
constexpr std::int64_t migration_lock = 0x6b6962697a;  // "kibiz"

// As apply_migrations for SQLite: each pending migration in its own
// transaction with its schema_version row; a newer schema is refused. Several
// processes starting at once take turns (the advisory lock), and each sees
// what the one before applied.
core::result<int> apply_pg_migrations(pg_db& db, std::span<const migration> list) {
    try {
        int known = list.empty() ? 0 : list.back().version;
        int current = 0;
        int expected = 1;
        for (const auto& m : list)
            if (m.version != expected++)
                return core::error{std::string("migration numbering is broken at ") + m.name};
        for (;;) {  // one migration per transaction, until none is left
            db.exec("BEGIN");
            db.query("SELECT pg_advisory_xact_lock($1)", migration_lock);
            // Under the lock: PostgreSQL's CREATE TABLE IF NOT EXISTS is not
            // safe against itself (two at once: a duplicate key in pg_type).
            db.exec(
                "CREATE TABLE IF NOT EXISTS schema_version ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_ms BIGINT NOT NULL)");
            auto v = db.query("SELECT COALESCE(MAX(version), 0) FROM schema_version");
            current = static_cast<int>(v.i64(0, 0));
            if (current > known) {
                db.exec("ROLLBACK");
                return core::error{"the database schema is version " + std::to_string(current) +
                                   " but this server only knows up to version " +
                                   std::to_string(known) +
                                   "; it was written by a newer Kibitz. Run that newer server "
                                   "(or restore a backup); refusing to open it"};
            }
            if (current == known) {
                db.exec("COMMIT");
                return current;
            }
            const auto& m = list[current];  // versions are 1..known, in order
            try {
                db.exec(m.sql);
                db.query("INSERT INTO schema_version(version, name, applied_ms) VALUES ($1,$2,$3)",
                         m.version, m.name, wall_clock::system_now_ms());
                db.exec("COMMIT");
            } catch (const db_error& e) {
                db.exec("ROLLBACK");
                return core::error{std::string("migration ") + m.name + " failed: " + e.what()};
            }
            spdlog::info("store: applied migration {}", m.name);
        }
    } catch (const db_error& e) {
        return core::error{std::string("cannot read the schema version: ") + e.what()};
    }
}
}  // namespace

bool is_postgresql_url(const std::string& db) {
    return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

std::string without_password(const std::string& db) {
    if (!is_postgresql_url(db)) return db;
    std::string out = db;
    // ...?password=secret&...
    for (auto p = out.find("password="); p != std::string::npos; p = out.find("password=", p + 1)) {
        if (p == 0 || (out[p - 1] != '?' && out[p - 1] != '&')) continue;
        auto end = out.find('&', p);
        out.replace(p + 9, end == std::string::npos ? std::string::npos : end - p - 9, "***");
    }
    // scheme://user:password@host...: the userinfo ends at the last '@' before the path.
    auto start = out.find("://") + 3;
    auto end = out.find_first_of("/?", start);
    auto at = out.rfind('@', end == std::string::npos ? std::string::npos : end);
    if (at == std::string::npos || at < start) return out;
    auto colon = out.find(':', start);
    if (colon == std::string::npos || colon > at) return out;
    return out.substr(0, colon + 1) + "***" + out.substr(at);
}

core::result<std::unique_ptr<pg_store>> pg_store::open(const pg_options& o) {
    return open(o, embedded_pg_migrations());
}

core::result<std::unique_ptr<pg_store>> pg_store::open(const pg_options& o,
                                                       std::span<const migration> list) {
    auto admin = pg_db::open(o.url);
    if (!admin) return core::error{admin.reason()};
    auto version = apply_pg_migrations(*admin.value(), list);
    if (!version) return core::error{version.reason()};
    auto w = pg_db::open(o.url);
    if (!w) return core::error{w.reason()};
    std::vector<std::unique_ptr<worker>> readers;
    for (int i = 0; i < std::max(1, o.readers); ++i) {
        auto r = pg_db::open(o.url);
        if (!r) return core::error{r.reason()};
        readers.push_back(
            std::make_unique<worker>(std::move(r.value()), "reader", pg_dialect::reader_begin, 1));
    }
    auto writer = std::make_unique<worker>(std::move(w.value()), "writer", pg_dialect::writer_begin,
                                           o.max_batch);
    // The connection that migrated reserves the game keys.
    std::unique_ptr<pg_store> st(new pg_store(pg_dialect{o.fence_node}, std::move(admin.value()),
                                              std::move(writer), std::move(readers)));
    // A database without the key sequence fails here, not at the first game.
    if (auto first = st->first_key(); !first) return core::error{first.reason()};
    spdlog::info("store: opened PostgreSQL at schema version {}", version.value());
    return st;
}

void pg_store::claim_game(game_key game, handler<std::int64_t> h) {
    write<std::int64_t>(std::move(h), [this, game](pg_db& db) { return dialect_.claim(db, game); });
}

}  // namespace kibitz::server::storage
