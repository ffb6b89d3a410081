#pragma once
// The hash of a connection's statement cache (sqlite_db, pg_db), looked up by
// the caller's SQL text on every statement, a move's included. It reads only
// the text's length and its first and last 16 bytes: one program's statements
// differ there, and two texts that do collide cost one comparison. Hashing
// every byte of a 150-byte statement would cost more than the malloc that
// looking up by string_view (is_transparent) saves.
#include <cstddef>
#include <functional>
#include <string_view>

namespace kibitz::server::storage {

struct sql_text_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const {
        std::hash<std::string_view> h;
        if (s.size() <= 32) return h(s);
        return (h(s.substr(0, 16)) * 31 + h(s.substr(s.size() - 16))) ^ s.size();
    }
};

}  // namespace kibitz::server::storage
