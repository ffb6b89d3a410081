#pragma once
// One WebSocket connection: the handshake, the read loop (size-capped frames,
// rate-limited messages), the bounded write queue, idle timeout with pings and
// the closing handshake. Owns its socket and its client_handler. Runs on its
// own strand (made at accept); send() and close() post onto it from any thread.
//
// The framing is our own (net/ws_frame.hpp) rather than Beast's
// websocket::stream: Beast writes one message per async_write, each through a
// stack of composed operations, and under load that cost more than the game.
// Here every frame queued while a write is in flight leaves in the next single
// gathered write, and a read takes as many frames as arrived.
#include <array>
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/http.hpp>

#include "net/net_context.hpp"
#include "net/token_bucket.hpp"
#include "net/ws_frame.hpp"
#include "play/peer.hpp"
#include "play/session/client_handler.hpp"

namespace kibitz::server {

class ws_session : public peer, public std::enable_shared_from_this<ws_session> {
public:
    ws_session(boost::asio::ip::tcp::socket&& socket, net_context& ctx, address_slot slot = {});
    ~ws_session() override;

    // `req` is the upgrade request the HTTP session read.
    void run(boost::beast::http::request<boost::beast::http::string_body> req);
    void send(std::shared_ptr<const std::string> frame) override;
    std::uint64_t conn_id() const override { return id_; }
    void end_connection(const std::string& reason) override { close(ws::policy_error, reason); }
    void close(ws::close_code code, std::string reason);

private:
    struct out_frame {
        ws::frame_header header;
        std::shared_ptr<const std::string> payload;  // data frames
        std::string control;                         // ping, pong and close payloads
        bool is_close = false;
        std::size_t bytes() const {
            return header.size + (payload ? payload->size() : control.size());
        }
    };

    void on_handshake_written(boost::system::error_code ec);
    void do_read();
    void on_read(boost::system::error_code ec, std::size_t n);
    bool take_frames();  // false: the connection is closing, stop reading
    bool on_frame(const ws::parsed_header& h, std::uint8_t* payload);
    void on_message(std::string_view text);
    void handle_frame(std::string_view text);
    // A message (or ping) over the rate budget: an error for the first few in a
    // row, a close (1008) when it goes on.
    void rate_limited(const std::string& type = {}, std::optional<std::int64_t> ack = {});
    void queue_control(ws::opcode op, std::string payload);
    void push(out_frame f);
    void pop_front();  // a written frame leaves the queue (and the byte counts)
    bool too_slow(std::size_t more) const;  // send(): would `more` bytes overflow?
    void do_write();
    void on_write(boost::system::error_code ec, std::size_t n);
    void start_close(ws::close_code code, std::string_view reason);
    void close_now(ws::close_code code, const std::string& reason);
    void arm_timer();
    void on_timer();
    void cut();  // close the socket now
    void finish(const char* what, boost::system::error_code ec);

    boost::asio::ip::tcp::socket socket_;
    boost::asio::steady_timer timer_;  // handshake write, idle pings, closing handshake
    net_context& ctx_;
    address_slot slot_;  // this connection counts against its address until it is gone
    std::uint64_t id_;
    token_bucket limiter_;
    std::unique_ptr<client_handler> handler_;

    std::vector<std::uint8_t> in_;  // bytes read, [0, in_size_)
    std::size_t in_size_ = 0;
    std::string message_;           // a fragmented message being put together
    bool in_message_ = false;

    // The frames to write, oldest first: a std::deque (a write reads its front
    // frames in place while more are pushed), made at the first frame and
    // given back whenever the queue empties, so that an idle connection holds
    // none (an empty std::deque still holds ~600 bytes).
    class frame_queue {
    public:
        bool empty() const { return !q_ || q_->empty(); }
        std::size_t size() const { return q_ ? q_->size() : 0; }
        out_frame& front() { return q_->front(); }
        const out_frame& operator[](std::size_t i) const { return (*q_)[i]; }
        void push_back(out_frame f) {
            if (!q_) q_ = std::make_unique<std::deque<out_frame>>();
            q_->push_back(std::move(f));
        }
        void pop_front() {  // only once no write reads the frame
            q_->pop_front();
            if (q_->empty()) q_.reset();
        }

    private:
        std::unique_ptr<std::deque<out_frame>> q_;
    };
    frame_queue queue_;
    std::size_t in_flight_ = 0;     // frames at the queue's front being written
    std::size_t queued_bytes_ = 0;  // of queue_, counted in ctx_.stats.outbound_bytes too
    std::vector<boost::asio::const_buffer> gather_;
    std::string handshake_;         // the 101 response, kept alive while it is written

    std::chrono::steady_clock::time_point last_heard_;
    bool ping_sent_ = false;
    int strikes_ = 0;               // rate-limited messages in a row
    bool open_ = false;             // handshake done, frames flow
    bool close_pending_ = false;    // start_close ran: handle no more messages
    bool closing_ = false;          // our close frame is queued or sent: no more data frames
    bool input_over_ = false;       // the peer closed or broke the protocol: drop its bytes
    bool finished_ = false;
};

}  // namespace kibitz::server
