#pragma once
// Username and password acceptance rules. Decisions:
// - Usernames: 3 to 20 characters, ASCII letters, digits, '_' and '-', starting
//   with a letter or digit. ASCII only, so case-insensitive uniqueness is plain
//   ASCII folding (SQLite NOCASE) and no two names look alike through Unicode
//   confusables. Names reserved for the site ("admin", "system", "kibitz",
//   "guest", "anonymous") and anything starting "guest" are refused, so no
//   account can pass itself off as a guest ("Guest-1234").
// - Passwords: 8 to 256 bytes, any bytes (spaces and Unicode welcome). The cap
//   bounds hashing work an attacker can ask for.
#include <string>
#include <string_view>

#include "kibitz/core/result.hpp"

namespace kibitz::server::auth {

// The name as given (case kept for display) or why it is refused.
core::result<std::string> validate_username(std::string_view name);
core::result<bool> validate_password(std::string_view password);

// ASCII lower-case, the key used for per-username rate limiting.
std::string fold_username(std::string_view name);

// A new guest's display name: "Guest-" and six random digits (no account can
// take a name starting "guest", so it cannot pass itself off as one).
std::string guest_name();

}  // namespace kibitz::server::auth
