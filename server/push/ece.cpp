// RFC 8291 section 3.4 (the key derivation) and RFC 8188 section 2 (the
// aes128gcm content coding), with OpenSSL's primitives.
#include "push/ece.hpp"

#include <array>
#include <memory>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>

namespace kibitz::server::push {

namespace {
constexpr std::uint32_t record_size = 4096;

// HKDF-SHA256, extract then expand (RFC 5869), to `length` bytes.
std::optional<std::string> hkdf(std::string_view salt, std::string_view ikm, std::string_view info,
                                std::size_t length) {
    std::unique_ptr<EVP_KDF, decltype(&EVP_KDF_free)> kdf(EVP_KDF_fetch(nullptr, "HKDF", nullptr),
                                                          EVP_KDF_free);
    if (!kdf) return std::nullopt;
    std::unique_ptr<EVP_KDF_CTX, decltype(&EVP_KDF_CTX_free)> ctx(EVP_KDF_CTX_new(kdf.get()),
                                                                  EVP_KDF_CTX_free);
    if (!ctx) return std::nullopt;
    char digest[] = "SHA256";
    auto octets = [](const char* name, std::string_view s) {
        return OSSL_PARAM_construct_octet_string(name, const_cast<char*>(s.data()), s.size());
    };
    std::array<OSSL_PARAM, 5> params = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0),
        octets(OSSL_KDF_PARAM_KEY, ikm), octets(OSSL_KDF_PARAM_SALT, salt),
        octets(OSSL_KDF_PARAM_INFO, info), OSSL_PARAM_construct_end()};
    std::string out(length, '\0');
    if (EVP_KDF_derive(ctx.get(), reinterpret_cast<unsigned char*>(out.data()), out.size(),
                       params.data()) <= 0)
        return std::nullopt;
    return out;
}

// AES-128-GCM with no associated data: the ciphertext then the 16-byte tag.
std::optional<std::string> seal(std::string_view key, std::string_view nonce,
                                std::string_view plain) {
    std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)> ctx(EVP_CIPHER_CTX_new(),
                                                                        EVP_CIPHER_CTX_free);
    const auto* k = reinterpret_cast<const unsigned char*>(key.data());
    const auto* iv = reinterpret_cast<const unsigned char*>(nonce.data());
    std::string out(plain.size() + 16, '\0');
    auto* o = reinterpret_cast<unsigned char*>(out.data());
    int n = 0, last = 0;
    if (!ctx || EVP_EncryptInit_ex2(ctx.get(), EVP_aes_128_gcm(), k, iv, nullptr) <= 0 ||
        EVP_EncryptUpdate(ctx.get(), o, &n, reinterpret_cast<const unsigned char*>(plain.data()),
                          static_cast<int>(plain.size())) <= 0 ||
        EVP_EncryptFinal_ex(ctx.get(), o + n, &last) <= 0 ||
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, 16, o + n + last) <= 0)
        return std::nullopt;
    out.resize(static_cast<std::size_t>(n + last) + 16);
    return out;
}
}  // namespace

std::optional<std::string> encrypt_aes128gcm(std::string_view plaintext, std::string_view ua_public,
                                             std::string_view auth, const ece_fixed* fixed) {
    if (plaintext.size() > max_plaintext || auth.size() != 16) return std::nullopt;
    auto ua = p256_key::from_public(ua_public);
    if (!ua) return std::nullopt;
    std::optional<p256_key> sender = fixed ? std::optional(fixed->sender) : p256_key::generate();
    std::string salt(16, '\0');
    if (fixed) salt = fixed->salt;
    else if (RAND_bytes(reinterpret_cast<unsigned char*>(salt.data()), 16) != 1)
        return std::nullopt;
    if (!sender || salt.size() != 16) return std::nullopt;
    const std::string as_public = sender->public_point();
    auto ecdh = sender->agree(*ua);
    if (!ecdh || as_public.size() != 65) return std::nullopt;

    // IKM binds the shared secret to both keys and the browser's auth secret.
    std::string key_info = std::string("WebPush: info", 13) + '\0';
    key_info.append(ua_public).append(as_public);
    auto ikm = hkdf(auth, *ecdh, key_info, 32);
    if (!ikm) return std::nullopt;
    auto cek = hkdf(salt, *ikm, std::string("Content-Encoding: aes128gcm") + '\0', 16);
    auto nonce = hkdf(salt, *ikm, std::string("Content-Encoding: nonce") + '\0', 12);
    if (!cek || !nonce) return std::nullopt;

    // One record, the last: the plaintext, then the delimiter 0x02, no padding.
    std::string record(plaintext);
    record += '\x02';
    auto sealed = seal(*cek, *nonce, record);
    if (!sealed) return std::nullopt;

    std::string body = salt;
    for (int shift = 24; shift >= 0; shift -= 8)
        body += static_cast<char>((record_size >> shift) & 0xff);
    body += static_cast<char>(as_public.size());
    body += as_public;
    body += *sealed;
    return body;
}

}  // namespace kibitz::server::push
