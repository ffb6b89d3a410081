#pragma once
// One P-256 key (a whole pair, or a peer's public key only) held as an
// OpenSSL EVP_PKEY: made, read and written (PKCS#8 PEM, the 65-byte
// uncompressed point), and used for what Web Push needs of it: ECDH (RFC 8291)
// and ES256 signatures (RFC 8292). Every primitive is OpenSSL's; nothing here
// computes on the curve by hand.
//
// Owns: its EVP_PKEY (shared, immutable once made). Safe to use from several
// threads at once (OpenSSL's EVP_PKEY is read-only here).
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <openssl/types.h>

namespace kibitz::server::push {

class p256_key {
public:
    // A new random key pair; empty when OpenSSL fails.
    static std::optional<p256_key> generate();
    // A private key in PEM (PKCS#8), as the store keeps the server's.
    static std::optional<p256_key> from_pem(std::string_view pem);
    // A peer's public key: the 65-byte uncompressed point (0x04 || x || y),
    // refused when it is not a point on the curve.
    static std::optional<p256_key> from_public(std::string_view point);
    // A fixed pair from its raw scalar (32 bytes) and point: test vectors.
    static std::optional<p256_key> from_private(std::string_view scalar, std::string_view point);

    std::string private_pem() const;   // "" for a public key only
    std::string public_point() const;  // 65 bytes, uncompressed
    // The ECDH shared secret (32 bytes, the x coordinate) with `peer`.
    std::optional<std::string> agree(const p256_key& peer) const;
    // ES256 over `data`: SHA-256, ECDSA, the signature as raw r || s (64 bytes).
    std::optional<std::string> sign_es256(std::string_view data) const;

private:
    explicit p256_key(EVP_PKEY* k);
    std::shared_ptr<EVP_PKEY> key_;
};

}  // namespace kibitz::server::push
