#include "store/sqlite_dialect.hpp"

#include <algorithm>
#include <limits>

namespace kibitz::server::storage {

std::int64_t sqlite_dialect::reserve_block_in(sqlite_db& db) {
    // Past every block reserved and every key stored (a database from
    // before the reservations has only the latter).
    // (query() stands on the first row; each statement is read and reset
    // within its full expression.)
    std::int64_t block =
        std::max(db.query("PRAGMA user_version").i64(0),
                 db.query("SELECT COALESCE(MAX(id), 0) FROM games").i64(0) / keys_per_block + 1);
    if (block + 1 > std::numeric_limits<std::int32_t>::max()) throw db_error("no game keys left");
    db.exec("PRAGMA user_version = " + std::to_string(block + 1));
    return block;
}

std::int64_t sqlite_dialect::reserve_block(sqlite_db& db) {
    db.command("BEGIN IMMEDIATE");
    try {
        auto block = reserve_block_in(db);
        db.command("COMMIT");
        return block;
    } catch (...) {
        db.exec("ROLLBACK");
        throw;
    }
}

}  // namespace kibitz::server::storage
