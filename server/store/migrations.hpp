#pragma once
// Numbered schema migrations (schema/migrations/NNNN_name.sql, embedded into the
// binary at build time). Each pending one is applied in its own transaction
// together with its row in schema_version, so a crash mid-upgrade leaves the
// database at the previous version, never half-migrated.
#include <span>

#include "kibitz/core/result.hpp"
#include "store/sqlite_db.hpp"

namespace kibitz::server::storage {

struct migration {
    int version;
    const char* name;
    const char* sql;
};

std::span<const migration> embedded_migrations();  // generated, in version order
// The same migrations in PostgreSQL's dialect (schema/migrations/postgresql/),
// one for one with the SQLite ones: same numbers, same names.
std::span<const migration> embedded_pg_migrations();

// Brings the database up to the last of `list`. Refuses (error, nothing
// changed) a database whose schema is newer than `list` knows: an older server
// must not write into a schema it does not understand.
core::result<int> apply_migrations(sqlite_db& db, std::span<const migration> list);

// The version recorded in the database (0 for an empty file).
int schema_version(sqlite_db& db);

}  // namespace kibitz::server::storage
