#pragma once
// kibitz-bot's HTTP: plain requests and streamed answers (one JSON object per
// line, schema/bot_api.md) to a Kibitz server, with a personal API token.
// Blocking (Beast's synchronous calls): each game of the bridge has its own
// thread, and nothing here is shared between threads.
#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace kibitz::bot {

struct endpoint {
    std::string host = "127.0.0.1";
    std::string port = "8080";
    std::string token;  // the API token (Authorization: Bearer ...)
};

// "http://host:port" (the port defaults to 80); none if it is not one.
std::optional<endpoint> parse_server(const std::string& url);

struct http_reply {
    int status = 0;  // 0: no answer (connection refused, lost or timed out)
    std::string body;
    int retry_after_s = 0;  // a 429's Retry-After
};

// POST (or GET) on a fresh connection.
http_reply request(const endpoint& at, const std::string& method, const std::string& target,
                   const std::string& body = "",
                   const std::string& content_type = "application/json");

// A GET whose answer is a stream of lines. status() is the HTTP status (0:
// no connection); a refusal's body is in refusal().
class line_stream {
public:
    line_stream(const endpoint& at, const std::string& target);
    ~line_stream();
    line_stream(const line_stream&) = delete;
    line_stream& operator=(const line_stream&) = delete;

    int status() const { return status_; }
    const std::string& refusal() const { return refusal_; }
    // The next line without its newline ("" is a keep-alive), or none once
    // the stream has ended, broken, or said nothing for `idle`.
    std::optional<std::string> next(std::chrono::seconds idle);

private:
    struct state;
    std::unique_ptr<state> s_;
    int status_ = 0;
    std::string refusal_;
    std::string pending_;  // bytes read past the last full line
};

}  // namespace kibitz::bot
