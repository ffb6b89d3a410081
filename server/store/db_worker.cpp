#include "store/db_worker_impl.hpp"
#include "store/sqlite_db.hpp"

namespace kibitz::server::storage {

template class basic_db_worker<sqlite_db>;

}  // namespace kibitz::server::storage
