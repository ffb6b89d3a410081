#include "net/ws_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/codec.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;

ws_session::ws_session(net::ip::tcp::socket&& socket, net_context& ctx)
    : ws_(std::move(socket)),
      ctx_(ctx),
      id_(ctx.next_conn++),
      limiter_(ctx.cfg.rate_per_s, ctx.cfg.rate_burst) {
    ++ctx_.stats.connections;
    ++ctx_.stats.connections_total;
}

ws_session::~ws_session() {
    --ctx_.stats.connections;
    ctx_.conns.remove(id_);
}

void ws_session::run(beast::http::request<beast::http::string_body> req) {
    // The handler's store callbacks come back onto this strand (and keep the
    // session alive until they ran).
    auto post = [w = weak_from_this()](std::function<void()> f) {
        if (auto s = w.lock())
            net::post(s->ws_.get_executor(), [s, f = std::move(f)] {
                if (s->finished_) return;
                try {
                    f();
                } catch (const std::exception& e) {
                    spdlog::error("conn {}: {}", s->id_, e.what());
                }
            });
    };
    handler_ = std::make_unique<client_handler>(ctx_.play, weak_from_this(), id_, post);
    ctx_.conns.add(id_, weak_from_this());
    ws_.read_message_max(ctx_.cfg.max_frame);  // Beast closes with 1009 above this
    websocket::stream_base::timeout t{};
    t.handshake_timeout = std::chrono::seconds(30);
    t.idle_timeout = ctx_.cfg.idle_timeout;  // a ping at half of it, then close
    t.keep_alive_pings = true;
    ws_.set_option(t);
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(beast::http::field::server, "kibitz"); }));
    // The socket came from the HTTP session, which ran on this same strand.
    net::dispatch(ws_.get_executor(), [self = shared_from_this(), req = std::move(req)]() mutable {
        self->ws_.async_accept(req, beast::bind_front_handler(&ws_session::on_accept, self));
    });
}

void ws_session::on_accept(beast::error_code ec) {
    if (ec) return finish("accept", ec);
    if (ctx_.stopping) return do_close(websocket::close_code::going_away, "server shutting down");
    do_read();
}

void ws_session::do_read() {
    ws_.async_read(buffer_, beast::bind_front_handler(&ws_session::on_read, shared_from_this()));
}

void ws_session::on_read(beast::error_code ec, std::size_t) {
    if (ec) return finish("read", ec);
    auto start = std::chrono::steady_clock::now();
    // The frame is read in place (flat_buffer is contiguous); decoding copies
    // what it keeps, so the buffer is consumed once the frame was handled.
    auto data = buffer_.cdata();
    std::string_view text(static_cast<const char*>(data.data()), data.size());
    try {
        handle_frame(text);
    } catch (const std::exception& e) {
        // A bug in handling one message must cost only that message.
        spdlog::error("conn {}: handling a message: {}", id_, e.what());
        send(error_frame({"internal", "internal error"}));
    }
    buffer_.consume(buffer_.size());
    ctx_.stats.observe_latency(std::chrono::steady_clock::now() - start);
    if (!closing_) do_read();
}

void ws_session::handle_frame(std::string_view text) {
    ++ctx_.stats.messages_total;
    if (!limiter_.allow()) {
        // Answer the first few, then stop answering; persisting closes (1008).
        if (++strikes_ <= 3) send(error_frame({"rate_limited", "too many messages"}));
        if (strikes_ >= 50) do_close(websocket::close_code::policy_error, "rate limit");
        return;
    }
    strikes_ = 0;
    auto decoded = decode_client(text);
    if (auto* f = std::get_if<decode_failure>(&decoded)) {
        ++ctx_.stats.rejected_total;
        return send(error_frame(f->error, f->type, f->ack));
    }
    handler_->handle(std::get<client_msg>(decoded));
}

void ws_session::send(std::shared_ptr<const std::string> frame) {
    net::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame)]() mutable {
        if (self->closing_ || self->finished_) return;
        if (self->queue_.size() >= self->ctx_.cfg.write_queue) {
            // It cannot keep up: drop it rather than grow without bound. A write
            // is stuck, so a close frame could not go out either: cut the socket.
            spdlog::info("conn {}: write queue full, disconnecting", self->id_);
            self->closing_ = true;
            beast::error_code ignored;
            beast::get_lowest_layer(self->ws_).socket().close(ignored);
            return;
        }
        self->queue_.push_back(std::move(frame));
        if (self->queue_.size() == 1) self->do_write();
    });
}

void ws_session::do_write() {
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front()),
                    beast::bind_front_handler(&ws_session::on_write, shared_from_this()));
}

void ws_session::on_write(beast::error_code ec, std::size_t) {
    if (ec) return finish("write", ec);
    if (finished_ || queue_.empty()) return;
    queue_.pop_front();
    if (!queue_.empty() && !finished_) do_write();
}

void ws_session::close(websocket::close_code code, std::string reason) {
    net::post(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)] {
        self->do_close(code, reason);
    });
}

void ws_session::do_close(websocket::close_code code, std::string reason) {
    if (closing_ || finished_) return;
    closing_ = true;
    // Beast lets a close wait behind a write in flight; the read loop ends
    // when the peer answers the close.
    ws_.async_close(websocket::close_reason(code, reason),
                    [self = shared_from_this()](beast::error_code ec) {
                        if (ec) self->finish("close", ec);
                    });
}

void ws_session::finish(const char* what, beast::error_code ec) {
    if (ec != net::error::operation_aborted && ec != websocket::error::closed &&
        ec != beast::error::timeout && ec != net::error::eof)
        spdlog::debug("conn {}: {}: {}", id_, what, ec.message());
    if (finished_) return;
    finished_ = true;
    // queue_ stays: a write may still be reading its front buffer.
    if (handler_) {
        try {
            handler_->closed();
        } catch (const std::exception& e) {
            spdlog::error("conn {}: on close: {}", id_, e.what());
        }
    }
}

}  // namespace kibitz::server
