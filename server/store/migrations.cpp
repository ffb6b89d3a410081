#include "store/migrations.hpp"

#include "domain/wall_clock.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <string>

namespace kibitz::server::storage {

int schema_version(sqlite_db& db) {
    db.exec(
        "CREATE TABLE IF NOT EXISTS schema_version ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_ms INTEGER NOT NULL)");
    auto s = db.prepare("SELECT COALESCE(MAX(version), 0) FROM schema_version");
    s.step();
    return static_cast<int>(s.i64(0));
}

core::result<int> apply_migrations(sqlite_db& db, std::span<const migration> list) {
    try {
        int current = schema_version(db);
        int known = list.empty() ? 0 : list.back().version;
        if (current > known)
            return core::error{"the database schema is version " + std::to_string(current) +
                               " but this server only knows up to version " +
                               std::to_string(known) +
                               "; it was written by a newer Kibitz. Run that newer server "
                               "(or restore a backup); refusing to open it"};
        int expected = 1;
        for (const auto& m : list) {
            // A gap or duplicate in the numbering is a packaging mistake; stop loudly.
            if (m.version != expected++)
                return core::error{std::string("migration numbering is broken at ") + m.name};
            if (m.version <= current) continue;
            db.exec("BEGIN IMMEDIATE");
            try {
                db.exec(m.sql);
                db.prepare("INSERT INTO schema_version(version, name, applied_ms) VALUES (?,?,?)")
                    .bind(m.version, m.name, wall_clock::system_now_ms())
                    .run();
                db.exec("COMMIT");
            } catch (const db_error& e) {
                db.exec("ROLLBACK");
                return core::error{std::string("migration ") + m.name + " failed: " + e.what()};
            }
            spdlog::info("store: applied migration {}", m.name);
            current = m.version;
        }
        return current;
    } catch (const db_error& e) {
        return core::error{std::string("cannot read the schema version: ") + e.what()};
    }
}

}  // namespace kibitz::server::storage
