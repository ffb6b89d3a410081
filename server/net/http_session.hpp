#pragma once
// One HTTP connection: static files from the web root, /healthz, /metrics, the
// JSON API under /api/ (server/api), and
// the upgrade of /ws to a ws_session (which then owns the socket). Keep-alive
// loop with a read timeout and a small header/body cap. Runs on the connection's
// strand, made at accept.
#include <memory>
#include <optional>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "api/api_router.hpp"
#include "net/net_context.hpp"

namespace kibitz::server {

class http_session : public std::enable_shared_from_this<http_session> {
public:
    // `slot`: the connection's place in its address's count, held until it closes.
    http_session(boost::asio::ip::tcp::socket&& socket, net_context& ctx, address_slot slot = {});
    void run();

private:
    void do_read();
    void on_read(boost::beast::error_code ec, std::size_t n);
    void serve_api();  // /api/*: answered asynchronously by api::handle_api
    void write_api(api::api_response r, unsigned version, bool keep_alive, bool head);
    void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t n);
    void do_close();
    std::string peer_address() const;  // the socket's peer ("unknown" if it is gone)
    std::string budget_peer() const;  // the key its rate limits count under (client_address.hpp)

    boost::beast::tcp_stream stream_;
    boost::beast::flat_buffer buffer_;
    net_context& ctx_;
    address_slot slot_;
    std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
};

// The response to a plain (non-upgrade) request from `peer_address`. Exposed for tests.
boost::beast::http::message_generator http_respond(
    const boost::beast::http::request<boost::beast::http::string_body>& req, net_context& ctx,
    const std::string& peer_address = {});
// Whether a request from `peer_address` with this Authorization header may read /metrics.
bool metrics_allowed(const net_limits& limits, const std::string& peer_address,
                     std::string_view authorization);

}  // namespace kibitz::server
