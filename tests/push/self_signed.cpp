#include "self_signed.hpp"

#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

namespace kibitz::test {

namespace {

template <class T, void (*Free)(T*)>
struct freer {
    void operator()(T* p) const { Free(p); }
};
using key_ptr = std::unique_ptr<EVP_PKEY, freer<EVP_PKEY, EVP_PKEY_free>>;
using cert_ptr = std::unique_ptr<X509, freer<X509, X509_free>>;

void must(bool ok, const char* what) {
    if (!ok) throw std::runtime_error(std::string("self-signed certificate: ") + what);
}

void add_extension(X509* cert, int nid, const char* value) {
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, cert, cert, nullptr, nullptr, 0);
    X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
    must(ext != nullptr, "extension");
    X509_add_ext(cert, ext, -1);
    X509_EXTENSION_free(ext);
}

void write_pem(const std::string& path, const std::function<int(FILE*)>& write) {
    std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "w"), std::fclose);
    must(f != nullptr, "cannot write the file");
    must(write(f.get()) == 1, "PEM");
}

}  // namespace

cert_files make_self_signed(const std::string& dir, const std::string& name) {
    key_ptr key(EVP_EC_gen("P-256"));
    must(key != nullptr, "key");
    cert_ptr cert(X509_new());
    must(cert != nullptr, "certificate");
    X509_set_version(cert.get(), 2);  // v3: extensions
    ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), 1);
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), 24 * 3600);
    X509_set_pubkey(cert.get(), key.get());
    X509_NAME* subject = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(subject, "CN", MBSTRING_ASC,
                               reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0);
    X509_set_issuer_name(cert.get(), subject);  // its own issuer
    add_extension(cert.get(), NID_basic_constraints, "critical,CA:TRUE");
    add_extension(cert.get(), NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1");
    must(X509_sign(cert.get(), key.get(), EVP_sha256()) > 0, "signature");

    cert_files out{dir + "/" + name + ".crt", dir + "/" + name + ".key"};
    write_pem(out.cert_pem, [&](FILE* f) { return PEM_write_X509(f, cert.get()); });
    write_pem(out.key_pem, [&](FILE* f) {
        return PEM_write_PrivateKey(f, key.get(), nullptr, nullptr, 0, nullptr, nullptr);
    });
    return out;
}

}  // namespace kibitz::test
