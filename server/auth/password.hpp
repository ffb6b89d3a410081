#pragma once
// Password hashing with libsodium's argon2id (crypto_pwhash_str): salted,
// memory-hard, self-describing strings, so parameters can be raised later and
// old hashes still verify. Never hand-rolled.
//
// BLOCKING: hashing and verifying take tens of milliseconds and 64 MiB by
// default. Never call these on an I/O thread or a room strand; auth::accounts
// runs them on its own blocking_pool.
#include <string>
#include <string_view>

#include "kibitz/core/result.hpp"

namespace kibitz::server::auth {

struct hash_cost {
    unsigned long long ops;
    std::size_t mem;
    static hash_cost interactive();  // libsodium's INTERACTIVE limits: the server default
    static hash_cost minimum();      // the smallest allowed: tests only
};

// Initialises libsodium (idempotent, thread-safe); false if it cannot.
bool init_sodium();

core::result<std::string> hash_password(std::string_view password,
                                        hash_cost cost = hash_cost::interactive());
bool verify_password(std::string_view stored_hash, std::string_view password);

}  // namespace kibitz::server::auth
