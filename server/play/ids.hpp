#pragma once
// Unguessable identifiers: session tokens, room ids, seek ids, invite codes.
// std::random_device reads the kernel's CSPRNG on Linux; thread_local keeps it
// free of locks. Safe on any thread.
#include <random>
#include <string>
#include <string_view>

namespace kibitz::server {

inline std::string random_string(std::size_t n, std::string_view alphabet) {
    thread_local std::random_device rd;
    std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
    std::string s;
    s.reserve(n);
    for (std::size_t i = 0; i < n; ++i) s += alphabet[pick(rd)];
    return s;
}

inline constexpr std::string_view hex_digits = "0123456789abcdef";
inline constexpr std::string_view base62 =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

}  // namespace kibitz::server
