#pragma once
// One streamed API answer (schema/bot_api.md): after http_session has read
// the request, this owns the socket and writes a chunked 200 whose body is
// one JSON object per line, from its feed (api/line_feed.hpp), with an empty
// line after every keep-alive interval of silence. It is a peer: the rooms
// and the lobby send it their frames as to any WebSocket, and the feed says
// what they become. Bounded: a reader that falls behind (net_limits'
// write_queue / write_queue_bytes) is dropped, never waited for. Ends when
// the client goes, the feed is done, or the server stops. Runs on its own
// strand (the connection's, made at accept); send() posts onto it.
#include <chrono>
#include <deque>
#include <memory>
#include <string>

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>

#include "api/line_feed.hpp"
#include "net/net_context.hpp"
#include "play/peer.hpp"

namespace kibitz::server {

class stream_session : public peer, public std::enable_shared_from_this<stream_session> {
public:
    stream_session(boost::asio::ip::tcp::socket&& socket, net_context& ctx, address_slot slot,
                   std::shared_ptr<api::line_feed> feed);
    // Writes the response's header (`content_type`, HTTP/1.`minor`), then the feed's lines.
    void run(std::string content_type, unsigned version);

    void send(std::shared_ptr<const std::string> frame) override;  // any thread
    std::uint64_t conn_id() const override { return id_; }
    void end_connection(const std::string& reason) override;  // any thread
    void close();                                             // any thread

private:
    void on_header(boost::beast::error_code ec, std::size_t n);
    void push(std::string chunk);  // a line with its newline, or the keep-alive "\n"
    void do_write();
    void on_write(boost::beast::error_code ec, std::size_t n);
    void arm_keepalive();
    void do_watch();  // reads nothing but the client's going away
    void finish();    // once: detach the feed, cut the socket

    boost::beast::tcp_stream stream_;
    net_context& ctx_;
    address_slot slot_;
    std::shared_ptr<api::line_feed> feed_;
    std::uint64_t id_;
    std::string header_;
    std::deque<std::string> queue_;  // front: being written while writing_
    std::size_t queued_bytes_ = 0;
    bool writing_ = false, ending_ = false, finished_ = false, attached_ = false;
    boost::asio::steady_timer keepalive_;
    std::chrono::steady_clock::time_point last_line_;  // the last line that was not a keep-alive
    std::array<char, 256> sink_{};  // what a client sends after its request: ignored
};

}  // namespace kibitz::server
