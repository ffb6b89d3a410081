#pragma once
// Session tokens: 32 random bytes from the OS CSPRNG (randombytes_buf), written
// as 43 characters of unpadded base64url for the wire. Only a BLAKE2b-256
// digest (crypto_generichash) is stored: with 256 bits of entropy a fast hash
// is enough (no dictionary to try), and a leaked database logs nobody in.
#include <string>
#include <string_view>

namespace kibitz::server::auth {

std::string new_token();
// 32 raw bytes, the sessions.token_hash key.
std::string token_hash(std::string_view token);

}  // namespace kibitz::server::auth
