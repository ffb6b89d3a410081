#pragma once
// A self-signed certificate made in the test with OpenSSL's API (no openssl
// command needed): a P-256 key and an X.509 certificate naming `localhost`
// and 127.0.0.1, valid from an hour ago for a day, written as PEM files. It
// is its own root: a client trusts it only when told to (--push-ca-file).
#include <string>

namespace kibitz::test {

struct cert_files {
    std::string cert_pem, key_pem;  // paths
};

// Writes `<dir>/<name>.crt` and `<dir>/<name>.key`.
cert_files make_self_signed(const std::string& dir, const std::string& name);

}  // namespace kibitz::test
