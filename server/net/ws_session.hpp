#pragma once
// One WebSocket connection: the read loop (size-capped frames, rate-limited),
// the bounded write queue with one async_write in flight, idle timeout with
// keep-alive pings. Owns its stream and its client_handler. Runs on its own
// strand (made at accept); send() and close() post onto it from any thread.
#include <deque>
#include <memory>
#include <string>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "net/net_context.hpp"
#include "net/rate_limiter.hpp"
#include "play/client_handler.hpp"
#include "play/peer.hpp"

namespace kibitz::server {

class ws_session : public peer, public std::enable_shared_from_this<ws_session> {
public:
    ws_session(boost::asio::ip::tcp::socket&& socket, net_context& ctx);
    ~ws_session() override;

    void run(boost::beast::http::request<boost::beast::http::string_body> req);
    void send(std::shared_ptr<const std::string> frame) override;
    std::uint64_t conn_id() const override { return id_; }
    void close(boost::beast::websocket::close_code code, std::string reason);

private:
    void on_accept(boost::beast::error_code ec);
    void do_read();
    void on_read(boost::beast::error_code ec, std::size_t n);
    void handle_frame(std::string_view text);
    void do_write();
    void on_write(boost::beast::error_code ec, std::size_t n);
    void do_close(boost::beast::websocket::close_code code, std::string reason);
    void finish(const char* what, boost::beast::error_code ec);

    boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
    net_context& ctx_;
    std::uint64_t id_;
    boost::beast::flat_buffer buffer_;
    std::deque<std::shared_ptr<const std::string>> queue_;
    rate_limiter limiter_;
    std::unique_ptr<client_handler> handler_;
    int strikes_ = 0;      // rate-limited messages in a row
    bool closing_ = false;
    bool finished_ = false;
};

}  // namespace kibitz::server
