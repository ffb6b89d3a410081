#pragma once
// Errors inside the storage layer, whatever the database: thrown by the
// connection wrappers (sqlite_db, pg_db) and by jobs, caught at the job
// boundary (db_worker) and turned into error values, so they never reach a caller.
#include <stdexcept>

namespace kibitz::server::storage {

struct db_error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace kibitz::server::storage
