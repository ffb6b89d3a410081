#include "auth/token.hpp"

#include <sodium.h>

#include "auth/password.hpp"

namespace kibitz::server::auth {

std::string new_token() {
    init_sodium();
    unsigned char raw[32];
    randombytes_buf(raw, sizeof raw);
    char out[sodium_base64_ENCODED_LEN(32, sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
    sodium_bin2base64(out, sizeof out, raw, sizeof raw, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    return out;
}

std::string token_hash(std::string_view token) {
    init_sodium();
    unsigned char digest[32];
    crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(token.data()),
                       token.size(), nullptr, 0);
    return std::string(reinterpret_cast<const char*>(digest), sizeof digest);
}

}  // namespace kibitz::server::auth
