// The push module's crypto against fixed, published values: a wrong step in
// the key derivation, the nonce or the record layout changes the bytes.
#include <doctest/doctest.h>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#include <nlohmann/json.hpp>

#include "push/base64url.hpp"
#include "push/ece.hpp"
#include "push/p256.hpp"
#include "push/vapid.hpp"

using namespace kibitz::server::push;

namespace {
std::string b64(std::string_view s) {
    auto d = base64url_decode(s);
    REQUIRE(d);
    return *d;
}

// ES256 verification written apart from the signer: r || s back to DER.
bool verifies(const p256_key& key, std::string_view data, std::string_view raw) {
    if (raw.size() != 64) return false;
    ECDSA_SIG* sig = ECDSA_SIG_new();
    const auto* p = reinterpret_cast<const unsigned char*>(raw.data());
    ECDSA_SIG_set0(sig, BN_bin2bn(p, 32, nullptr), BN_bin2bn(p + 32, 32, nullptr));
    unsigned char* der = nullptr;
    int n = i2d_ECDSA_SIG(sig, &der);
    ECDSA_SIG_free(sig);
    auto pub = p256_key::from_public(key.public_point());
    // The public key alone, read back through PEM-free parameters.
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    auto pem = key.private_pem();
    BIO* bio = BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size()));
    EVP_PKEY* k = PEM_read_bio_PrivateKey(bio, nullptr, nullptr, nullptr);
    bool ok =
        pub && k && EVP_DigestVerifyInit(ctx, nullptr, EVP_sha256(), nullptr, k) == 1 &&
        EVP_DigestVerify(ctx, der, static_cast<std::size_t>(n),
                         reinterpret_cast<const unsigned char*>(data.data()), data.size()) == 1;
    EVP_PKEY_free(k);
    BIO_free(bio);
    EVP_MD_CTX_free(ctx);
    OPENSSL_free(der);
    return ok;
}
}  // namespace

TEST_CASE("push: RFC 8291 Appendix A, byte for byte") {
    // The RFC's fixed inputs: the browser's key and auth secret, the
    // application server's one-off key pair and the salt.
    const auto ua_public = b64(
        "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4");
    const auto auth = b64("BTBZMqHH6r4Tts7J_aSIgg");
    auto sender = p256_key::from_private(
        b64("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"),
        b64("BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl"
            "7A8"));
    REQUIRE(sender);
    ece_fixed fixed{b64("DGv6ra1nlYgDCS1FRnbzlw"), *sender};
    auto body =
        encrypt_aes128gcm("When I grow up, I want to be a watermelon", ua_public, auth, &fixed);
    REQUIRE(body);
    CHECK(
        base64url_encode(*body) ==
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYW"
        "AmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgS"
        "xsj_Qulcy4a-fN");
}

TEST_CASE("push: fresh encryptions differ and refuse what cannot be sent") {
    auto ua = p256_key::generate();
    REQUIRE(ua);
    const std::string auth(16, 'a');
    auto one = encrypt_aes128gcm("hello", ua->public_point(), auth);
    auto two = encrypt_aes128gcm("hello", ua->public_point(), auth);
    REQUIRE(one);
    REQUIRE(two);
    CHECK(one->size() == 16 + 4 + 1 + 65 + 5 + 1 + 16);
    CHECK(*one != *two);  // a new salt and sender key each time
    CHECK_FALSE(encrypt_aes128gcm(std::string(max_plaintext + 1, 'x'), ua->public_point(), auth));
    CHECK_FALSE(encrypt_aes128gcm("hello", ua->public_point(), "short"));
    std::string off_curve = ua->public_point();
    off_curve[64] = static_cast<char>(off_curve[64] ^ 1);
    CHECK_FALSE(encrypt_aes128gcm("hello", off_curve, auth));
}

TEST_CASE("push: a key pair survives its PEM, and ES256 signs as JWS wants") {
    auto key = p256_key::generate();
    REQUIRE(key);
    auto pem = key->private_pem();
    CHECK(pem.starts_with("-----BEGIN PRIVATE KEY-----"));
    auto back = p256_key::from_pem(pem);
    REQUIRE(back);
    CHECK(back->public_point() == key->public_point());
    CHECK(key->public_point().size() == 65);
    CHECK(key->public_point()[0] == '\x04');
    auto sig = back->sign_es256("payload");
    REQUIRE(sig);
    CHECK(verifies(*key, "payload", *sig));
    CHECK_FALSE(verifies(*key, "other", *sig));
    CHECK_FALSE(p256_key::from_pem("not a key"));
}

TEST_CASE("push: the VAPID header carries a JWT for the audience and the key") {
    auto key = p256_key::generate();
    REQUIRE(key);
    auto h = vapid_authorization(*key, "https://push.example", "mailto:ops@example.org", 1000);
    REQUIRE(h);
    REQUIRE(h->starts_with("vapid t="));
    auto k_at = h->find(", k=");
    REQUIRE(k_at != std::string::npos);
    CHECK(b64(h->substr(k_at + 4)) == key->public_point());
    auto jwt = h->substr(8, k_at - 8);
    auto dot1 = jwt.find('.'), dot2 = jwt.rfind('.');
    auto claims = nlohmann::json::parse(b64(jwt.substr(dot1 + 1, dot2 - dot1 - 1)));
    CHECK(claims["aud"] == "https://push.example");
    CHECK(claims["exp"] == 1000);
    CHECK(claims["sub"] == "mailto:ops@example.org");
    CHECK(nlohmann::json::parse(b64(jwt.substr(0, dot1)))["alg"] == "ES256");
    CHECK(verifies(*key, jwt.substr(0, dot2), b64(jwt.substr(dot2 + 1))));
}

TEST_CASE("push: base64url") {
    CHECK(base64url_encode("") == "");
    CHECK(base64url_encode("\xfb\xff") == "-_8");
    CHECK(base64url_decode("-_8") == std::string("\xfb\xff"));
    CHECK(base64url_decode("-_8=") == std::string("\xfb\xff"));
    CHECK_FALSE(base64url_decode("+/8"));
    CHECK_FALSE(base64url_decode("a"));
    CHECK_FALSE(base64url_decode("a=b"));
}
