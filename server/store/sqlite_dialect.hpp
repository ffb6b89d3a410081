#pragma once
// What the one store (sql_store.hpp) does differently on SQLite (see
// sql_dialect.hpp for the list). The SQL is otherwise the same text on both
// backends: sqlite_db turns $N into ?N.
//
// No fence: one server per SQLite file (its lock file). reserve_block runs on
// the store's own keys connection, at open (and as a last resort, see
// sql_store.hpp); reserve_block_in runs in a writer job, inside the writer's
// transaction: while the server runs, the writer is the file's one writer.
#include "store/sql_dialect.hpp"
#include "store/sqlite_db.hpp"

namespace kibitz::server::storage {

struct sqlite_dialect : dialect_defaults {
    using db = sqlite_db;

    // Takes the write lock up front: no deadlock-prone upgrade from a read lock.
    static constexpr const char* writer_begin = "BEGIN IMMEDIATE";
    // accounts.username is COLLATE NOCASE: plain equality ignores case and
    // uses the column's unique index.
    static constexpr const char* username_is_1 = "a.username = $1";

    // Counted in the header's PRAGMA user_version under BEGIN IMMEDIATE
    // (schema/migrations/README.md): no two stores on one file get the same
    // block. Returns the block reserved, past every key stored; throws db_error.
    static std::int64_t reserve_block(sqlite_db& keys_db);
    // The same within a transaction already open with the write lock (the
    // writer's): no BEGIN, no COMMIT of its own.
    static std::int64_t reserve_block_in(sqlite_db& writer_db);
    static constexpr game_key keys_per_block = 1024;
};

}  // namespace kibitz::server::storage
