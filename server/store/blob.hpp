#pragma once
// A parameter bound as raw bytes (SQLite BLOB, PostgreSQL bytea) rather than
// text: the session token hashes. Borrowed, so the bytes must outlive the call.
#include <string_view>

namespace kibitz::server::storage {

struct blob {
    std::string_view bytes;
};

}  // namespace kibitz::server::storage
