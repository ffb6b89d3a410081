#include "auth/username.hpp"

#include <sodium.h>

#include <array>
#include <cstdio>

#include "auth/password.hpp"

namespace kibitz::server::auth {

namespace {
bool alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
}  // namespace

std::string fold_username(std::string_view name) {
    std::string out(name);
    for (auto& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

core::result<std::string> validate_username(std::string_view name) {
    if (name.size() < 3 || name.size() > 20)
        return core::error{"a username has 3 to 20 characters"};
    for (char c : name)
        if (!alnum(c) && c != '_' && c != '-')
            return core::error{"a username may use only letters A-Z, digits, '_' and '-'"};
    if (!alnum(name.front())) return core::error{"a username starts with a letter or digit"};
    std::string folded = fold_username(name);
    static const std::array<std::string_view, 5> reserved{"admin", "system", "kibitz", "guest",
                                                          "anonymous"};
    for (auto r : reserved)
        if (folded == r) return core::error{"that username is reserved"};
    if (folded.starts_with("guest")) return core::error{"a username may not start with 'guest'"};
    return std::string(name);
}

std::string guest_name() {
    init_sodium();
    char name[16];
    std::snprintf(name, sizeof name, "Guest-%06u", randombytes_uniform(1000000));
    return name;
}

core::result<bool> validate_password(std::string_view password) {
    if (password.size() < 8) return core::error{"a password has at least 8 characters"};
    if (password.size() > 256) return core::error{"a password has at most 256 bytes"};
    return true;
}

}  // namespace kibitz::server::auth
