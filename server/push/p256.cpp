// p256_key (p256.hpp): OpenSSL 3's EVP interface throughout.
#include "push/p256.hpp"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>

namespace kibitz::server::push {

namespace {
template <class T, void (*F)(T*)>
struct freer {
    void operator()(T* p) const { F(p); }
};
using pkey_ctx = std::unique_ptr<EVP_PKEY_CTX, freer<EVP_PKEY_CTX, EVP_PKEY_CTX_free>>;
using md_ctx = std::unique_ptr<EVP_MD_CTX, freer<EVP_MD_CTX, EVP_MD_CTX_free>>;
using bio_ptr = std::unique_ptr<BIO, freer<BIO, BIO_free_all>>;
using bn_ptr = std::unique_ptr<BIGNUM, freer<BIGNUM, BN_free>>;
using bld_ptr = std::unique_ptr<OSSL_PARAM_BLD, freer<OSSL_PARAM_BLD, OSSL_PARAM_BLD_free>>;
using params_ptr = std::unique_ptr<OSSL_PARAM, freer<OSSL_PARAM, OSSL_PARAM_free>>;
using sig_ptr = std::unique_ptr<ECDSA_SIG, freer<ECDSA_SIG, ECDSA_SIG_free>>;

constexpr std::size_t point_size = 65;
constexpr std::size_t scalar_size = 32;

// A key from parameters (the group, the point, maybe the scalar).
EVP_PKEY* from_params(std::string_view point, const BIGNUM* scalar) {
    bld_ptr bld(OSSL_PARAM_BLD_new());
    if (!bld) return nullptr;
    if (!OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) ||
        !OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(),
                                          point.size()) ||
        (scalar && !OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PRIV_KEY, scalar)))
        return nullptr;
    params_ptr params(OSSL_PARAM_BLD_to_param(bld.get()));
    pkey_ctx ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
    EVP_PKEY* key = nullptr;
    if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0 ||
        EVP_PKEY_fromdata(ctx.get(), &key, scalar ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                          params.get()) <= 0)
        return nullptr;
    // fromdata checks the encoding only: a point off the curve must be refused too.
    pkey_ctx check(EVP_PKEY_CTX_new_from_pkey(nullptr, key, nullptr));
    if (!check || EVP_PKEY_public_check(check.get()) <= 0) {
        EVP_PKEY_free(key);
        return nullptr;
    }
    return key;
}
}  // namespace

p256_key::p256_key(EVP_PKEY* k) : key_(k, EVP_PKEY_free) {}

std::optional<p256_key> p256_key::generate() {
    EVP_PKEY* k = EVP_EC_gen("P-256");
    if (!k) return std::nullopt;
    return p256_key(k);
}

std::optional<p256_key> p256_key::from_pem(std::string_view pem) {
    bio_ptr bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
    if (!bio) return std::nullopt;
    EVP_PKEY* k = PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr);
    if (!k) return std::nullopt;
    p256_key key(k);
    if (!EVP_PKEY_is_a(k, "EC") || key.public_point().size() != point_size) return std::nullopt;
    return key;
}

std::optional<p256_key> p256_key::from_public(std::string_view point) {
    if (point.size() != point_size || point[0] != 0x04) return std::nullopt;
    EVP_PKEY* k = from_params(point, nullptr);
    if (!k) return std::nullopt;
    return p256_key(k);
}

std::optional<p256_key> p256_key::from_private(std::string_view scalar, std::string_view point) {
    if (scalar.size() != scalar_size || point.size() != point_size) return std::nullopt;
    bn_ptr d(BN_bin2bn(reinterpret_cast<const unsigned char*>(scalar.data()),
                       static_cast<int>(scalar.size()), nullptr));
    EVP_PKEY* k = d ? from_params(point, d.get()) : nullptr;
    if (!k) return std::nullopt;
    return p256_key(k);
}

std::string p256_key::private_pem() const {
    bio_ptr bio(BIO_new(BIO_s_mem()));
    if (!bio ||
        !PEM_write_bio_PrivateKey(bio.get(), key_.get(), nullptr, nullptr, 0, nullptr, nullptr))
        return {};
    char* data = nullptr;
    long n = BIO_get_mem_data(bio.get(), &data);
    return n > 0 ? std::string(data, static_cast<std::size_t>(n)) : std::string();
}

std::string p256_key::public_point() const {
    std::string out(point_size, '\0');
    std::size_t n = 0;
    if (EVP_PKEY_get_octet_string_param(key_.get(), OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY,
                                        reinterpret_cast<unsigned char*>(out.data()), out.size(),
                                        &n) <= 0 ||
        n != point_size)
        return {};
    return out;
}

std::optional<std::string> p256_key::agree(const p256_key& peer) const {
    pkey_ctx ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, key_.get(), nullptr));
    std::size_t n = 0;
    if (!ctx || EVP_PKEY_derive_init(ctx.get()) <= 0 ||
        EVP_PKEY_derive_set_peer(ctx.get(), peer.key_.get()) <= 0 ||
        EVP_PKEY_derive(ctx.get(), nullptr, &n) <= 0)
        return std::nullopt;
    std::string secret(n, '\0');
    if (EVP_PKEY_derive(ctx.get(), reinterpret_cast<unsigned char*>(secret.data()), &n) <= 0)
        return std::nullopt;
    secret.resize(n);
    return secret;
}

std::optional<std::string> p256_key::sign_es256(std::string_view data) const {
    md_ctx ctx(EVP_MD_CTX_new());
    std::size_t n = 0;
    if (!ctx ||
        EVP_DigestSignInit_ex(ctx.get(), nullptr, "SHA256", nullptr, nullptr, key_.get(),
                              nullptr) <= 0 ||
        EVP_DigestSign(ctx.get(), nullptr, &n, reinterpret_cast<const unsigned char*>(data.data()),
                       data.size()) <= 0)
        return std::nullopt;
    std::string der(n, '\0');
    if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char*>(der.data()), &n,
                       reinterpret_cast<const unsigned char*>(data.data()), data.size()) <= 0)
        return std::nullopt;
    // OpenSSL signs in DER (a SEQUENCE of two INTEGERs); JWS wants r || s, 32 bytes each.
    const auto* p = reinterpret_cast<const unsigned char*>(der.data());
    sig_ptr sig(d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(n)));
    if (!sig) return std::nullopt;
    std::string raw(2 * scalar_size, '\0');
    auto* out = reinterpret_cast<unsigned char*>(raw.data());
    if (BN_bn2binpad(ECDSA_SIG_get0_r(sig.get()), out, scalar_size) != scalar_size ||
        BN_bn2binpad(ECDSA_SIG_get0_s(sig.get()), out + scalar_size, scalar_size) != scalar_size)
        return std::nullopt;
    return raw;
}

}  // namespace kibitz::server::push
