#pragma once
// Test harness: an in-process server on a loopback port, real WebSocket and HTTP
// clients with timeouts (nothing waits forever). Beast lives in harness.cpp only
// (pimpl), so the test files compile quickly.
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "config.hpp"

namespace kibitz::server {
class app;
class game_recorder;
}  // namespace kibitz::server

namespace kibitz::test {

using json = nlohmann::json;
using namespace std::chrono_literals;

// The server, started in-process on 127.0.0.1:0 with a temporary web root and
// short timings; stopped (gracefully) on destruction.
class test_server {
public:
    // `recorder`: where rooms report (none: the app's own, which stores
    // nothing without a database).
    explicit test_server(const std::function<void(server::server_config&)>& tweak = {},
                         std::shared_ptr<server::game_recorder> recorder = nullptr);
    server::app& app();
    ~test_server();
    std::uint16_t port() const;
    std::string web_root() const;
    void stop();  // graceful stop now (the destructor does it otherwise)

private:
    struct impl;
    std::unique_ptr<impl> p_;
};

// A WebSocket client. Incoming messages go to an inbox; expect() takes the first
// matching one out of it (others stay), waiting up to a timeout.
class ws_client {
public:
    explicit ws_client(std::uint16_t port);
    ~ws_client();

    void send(const json& j);
    void send_raw(const std::string& text);
    // The first inbox message of `type` (and passing `pred`), or a failed CHECK
    // and a null json after `timeout`.
    json expect(const std::string& type, std::function<bool(const json&)> pred = {},
                std::chrono::milliseconds timeout = 3000ms);
    // True if a message of `type` arrives within `wait` (nothing is removed).
    bool sees(const std::string& type, std::chrono::milliseconds wait = 300ms);
    void clear();
    bool wait_closed(std::chrono::milliseconds timeout = 3000ms);
    int close_code() const;   // the server's close code, 0 if none
    void drop();              // cut the TCP connection (as a lost network would)

    // hello → welcome.d; keeps the token.
    json hello(std::optional<std::string> token = std::nullopt);
    std::string token;

private:
    struct impl;
    std::shared_ptr<impl> p_;
};

struct http_reply {
    int status = 0;
    std::string content_type;
    std::string cache_control;
    std::string retry_after;
    std::string body;
};
// One GET with the raw target as given (no normalisation), with `token` (if
// any) as its bearer token; status 0 on failure.
http_reply http_get(std::uint16_t port, const std::string& target, const std::string& token = {});
// One POST of `body` as JSON, with `token` (if any) as its bearer token.
http_reply http_post(std::uint16_t port, const std::string& target, const json& body,
                     const std::string& token = {});

}  // namespace kibitz::test
