#include "auth/password.hpp"

#include <sodium.h>

namespace kibitz::server::auth {

hash_cost hash_cost::interactive() {
    return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
}
hash_cost hash_cost::minimum() {
    return {crypto_pwhash_argon2id_OPSLIMIT_MIN, crypto_pwhash_argon2id_MEMLIMIT_MIN};
}

bool init_sodium() {
    static const bool ok = sodium_init() >= 0;  // magic static: thread-safe once
    return ok;
}

core::result<std::string> hash_password(std::string_view password, hash_cost cost) {
    if (!init_sodium()) return core::error{"libsodium failed to initialise"};
    char out[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str_alg(out, password.data(), password.size(), cost.ops, cost.mem,
                              crypto_pwhash_ALG_ARGON2ID13) != 0)
        return core::error{"password hashing ran out of memory"};
    return std::string(out);
}

bool verify_password(std::string_view stored_hash, std::string_view password) {
    if (!init_sodium()) return false;
    // crypto_pwhash_str_verify wants a NUL-terminated string of bounded length.
    if (stored_hash.size() >= crypto_pwhash_STRBYTES) return false;
    std::string h(stored_hash);
    return crypto_pwhash_str_verify(h.c_str(), password.data(), password.size()) == 0;
}

}  // namespace kibitz::server::auth
