#pragma once
// One POST to a push service (RFC 8030 section 5): resolve (to public
// addresses only, unless `private_ok`: endpoint_vet.hpp), connect, TLS
// (certificate and host name verified against the system's roots) for an
// https endpoint or plain TCP for an allow-listed http one, write, read the
// answer, close. The lookup and the connection are bounded by
// `limits.connect`, what follows by `limits.exchange`.
//
// Owns: its socket, for the one exchange. Runs on the executor it is given
// (the sender's strand); `done` runs there exactly once.
#include <chrono>
#include <functional>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "push/endpoint.hpp"

namespace kibitz::server::push {

struct push_answer {
    int status = 0;           // 0: no answer (could not connect, timed out, TLS failed)
    std::string retry_after;  // the header, as sent
    std::string error;        // why there was no answer
    bool refused = false;     // the host resolves to no address we may reach: never retried
};

struct push_limits {
    std::chrono::milliseconds connect{3000};
    std::chrono::milliseconds exchange{10000};
};

using push_http_request = boost::beast::http::request<boost::beast::http::string_body>;

void post_push(boost::asio::any_io_executor ex, boost::asio::ssl::context& tls,
               const endpoint_url& to, bool private_ok, push_http_request req, push_limits limits,
               std::function<void(push_answer)> done);

}  // namespace kibitz::server::push
