#pragma once
// Web Push message encryption (RFC 8291 over RFC 8188's aes128gcm): the
// body of a push message for one browser subscription. ECDH P-256 between a
// fresh sender key and the browser's key, HKDF-SHA256 keyed by the browser's
// auth secret, then AES-128-GCM; one record, so the body is the header
// (salt, record size, the sender's public key) and that record. OpenSSL does
// every primitive (p256.hpp, EVP_KDF "HKDF", EVP AES-128-GCM). Pure: safe on
// any thread.
#include <optional>
#include <string>
#include <string_view>

#include "push/p256.hpp"

namespace kibitz::server::push {

// The most plaintext one record carries: 4096 - 16 (tag) - 1 (delimiter).
inline constexpr std::size_t max_plaintext = 4079;

// What is normally random, fixed: RFC 8291 Appendix A's worked example.
struct ece_fixed {
    std::string salt;  // 16 bytes
    p256_key sender;   // the application server's one-off key pair
};

// `ua_public` the browser's point (65 bytes), `auth` its secret (16 bytes),
// both decoded. Empty when a key is bad, the plaintext too long, or OpenSSL fails.
std::optional<std::string> encrypt_aes128gcm(std::string_view plaintext, std::string_view ua_public,
                                             std::string_view auth,
                                             const ece_fixed* fixed = nullptr);

}  // namespace kibitz::server::push
