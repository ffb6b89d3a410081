#pragma once
// A local push service for the tests (docs/push.md, "Testing"): plain HTTP
// on 127.0.0.1 (the server allows it with --push-http-host 127.0.0.1), or
// HTTPS at localhost with a certificate the test made (self_signed.hpp),
// which keeps each request it receives and answers with the next scripted
// status (201 when the script is empty); a TLS handshake that fails (the
// sender did not trust the certificate) is counted. Its own thread; every
// method is thread-safe.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "self_signed.hpp"

namespace kibitz::test {

struct push_received {
    std::string target, authorization, content_encoding, ttl, urgency, body;
    std::chrono::steady_clock::time_point at;
};

class push_endpoint {
public:
    // `tls`: serve HTTPS with this certificate and key; none: plain HTTP.
    explicit push_endpoint(std::optional<cert_files> tls = std::nullopt);
    ~push_endpoint();
    std::uint16_t port() const { return port_; }
    std::string url(const std::string& path) const;  // http://127.0.0.1 or https://localhost
    // The next answers, in order: a status (0: hang up without one) and an
    // optional Retry-After.
    void script(int status, std::string retry_after = {});
    // Waits until `n` requests have come (false after `timeout`).
    bool wait_for(std::size_t n, std::chrono::milliseconds timeout = std::chrono::seconds(10));
    std::vector<push_received> received();
    // Waits until `n` TLS handshakes have failed (false after `timeout`).
    bool wait_for_refusals(std::size_t n,
                           std::chrono::milliseconds timeout = std::chrono::seconds(10));

private:
    std::uint16_t port_ = 0;
    bool tls_ = false;
    std::size_t refused_ = 0;  // failed TLS handshakes
    bool stopping_ = false;
    std::mutex mu_;
    std::condition_variable cv_;
    std::deque<std::pair<int, std::string>> script_;
    std::vector<push_received> received_;
    std::thread thread_;
};

// Node's verdict on a push request (verify_push.mjs): the decrypted plaintext,
// or why not.
struct node_verdict {
    bool ok = false;
    std::string plaintext, why;
};
node_verdict verify_with_node(const push_received& r, const std::string& endpoint,
                              const std::string& ua_private_pem, const std::string& auth_b64,
                              const std::string& server_key_b64);

}  // namespace kibitz::test
