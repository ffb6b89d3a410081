#include "net/ws_session.hpp"

#include <cstring>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <spdlog/spdlog.h>

#include "net/client_address.hpp"
#include "net/message_cost.hpp"
#include "net/ws_handshake.hpp"
#include "protocol/codec.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server {

namespace net = boost::asio;
namespace http = boost::beast::http;
using boost::system::error_code;

namespace {

constexpr std::size_t first_read_buffer = 512;
constexpr std::size_t max_frames_per_write = 64;
constexpr auto handshake_timeout = std::chrono::seconds(30);
constexpr auto closing_timeout = std::chrono::seconds(5);
// A message whose handling takes longer than this is logged (warn).
constexpr auto slow_handler = std::chrono::milliseconds(50);

std::string plain_response(std::string_view status, std::string_view body,
                           std::string_view extra_header = {}) {
    std::string r = "HTTP/1.1 ";
    r += status;
    r += "\r\nServer: kibitz\r\nContent-Type: text/plain\r\nConnection: close\r\n";
    r += extra_header;
    r += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
    r += body;
    return r;
}

// The 101 response, or an error response when the request is no valid
// WebSocket handshake (RFC 6455 §4.2.1). `ok` says which.
std::string handshake_response(const http::request<http::string_body>& req, bool& ok) {
    ok = false;
    if (req.method() != http::verb::get || req.version() < 11)
        return plain_response("400 Bad Request", "a WebSocket handshake is an HTTP/1.1 GET\n");
    auto version = req.find(http::field::sec_websocket_version);
    if (version == req.end() || version->value() != "13")
        return plain_response("426 Upgrade Required", "WebSocket version 13 only\n",
                              "Sec-WebSocket-Version: 13\r\n");
    auto key = req.find(http::field::sec_websocket_key);
    std::string accept =
        key == req.end() ? std::string() : ws::accept_key({key->value().data(), key->value().size()});
    if (accept.empty()) return plain_response("400 Bad Request", "bad Sec-WebSocket-Key\n");
    ok = true;
    return "HTTP/1.1 101 Switching Protocols\r\nServer: kibitz\r\nUpgrade: websocket\r\n"
           "Connection: Upgrade\r\nSec-WebSocket-Accept: " +
           accept + "\r\n\r\n";
}

bool ordinary_end(const error_code& ec) {
    return ec == net::error::operation_aborted || ec == net::error::eof ||
           ec == net::error::connection_reset || ec == net::error::broken_pipe;
}

}  // namespace

ws_session::ws_session(net::ip::tcp::socket&& socket, net_context& ctx, address_slot slot)
    : socket_(std::move(socket)),
      timer_(socket_.get_executor()),
      ctx_(ctx),
      slot_(std::move(slot)),
      id_(ctx.next_conn++),
      limiter_(ctx.limits.rate_per_s, ctx.limits.rate_burst) {
    ++ctx_.stats.connections;
    ++ctx_.stats.connections_total;
}

ws_session::~ws_session() {
    ctx_.stats.outbound_bytes -= static_cast<long long>(queued_bytes_);
    --ctx_.stats.connections;
    ctx_.conns.remove(id_);
}

void ws_session::run(http::request<http::string_body> req) {
    // The handler's store callbacks come back onto this strand (and keep the
    // session alive until they ran).
    auto post = [w = weak_from_this()](std::function<void()> f) {
        if (auto s = w.lock())
            net::post(s->socket_.get_executor(), [s, f = std::move(f)] {
                if (s->finished_) return;
                try {
                    f();
                } catch (const std::exception& e) {
                    spdlog::error("conn {}: {}", s->id_, e.what());
                }
            });
    };
    error_code ec;
    auto peer = socket_.remote_endpoint(ec);
    handler_ = std::make_unique<client_handler>(ctx_.play.lock(), weak_from_this(), id_, post,
                                                ec ? "unknown" : budget_key(peer.address()));
    ctx_.conns.add(id_, weak_from_this());
    // The socket came from the HTTP session, which ran on this same strand.
    net::dispatch(socket_.get_executor(), [self = shared_from_this(), req = std::move(req)] {
        bool ok = false;
        self->handshake_ = handshake_response(req, ok);
        self->timer_.expires_after(handshake_timeout);
        self->timer_.async_wait([self](error_code ec) {
            if (!ec) self->on_timer();
        });
        net::async_write(self->socket_, net::buffer(self->handshake_),
                         [self, ok](error_code ec, std::size_t) {
                             if (ok || ec) return self->on_handshake_written(ec);
                             spdlog::debug("conn {}: refused a bad WebSocket handshake", self->id_);
                             error_code ignored;
                             self->socket_.shutdown(net::ip::tcp::socket::shutdown_send, ignored);
                             self->finish("handshake", {});
                         });
    });
}

void ws_session::on_handshake_written(error_code ec) {
    if (ec) return finish("handshake", ec);
    std::string().swap(handshake_);
    open_ = true;
    last_heard_ = std::chrono::steady_clock::now();
    arm_timer();
    if (ctx_.stopping) start_close(ws::going_away, "server shutting down");
    if (!queue_.empty()) do_write();
    do_read();
}

void ws_session::do_read() {
    if (in_.size() - in_size_ < 256)
        in_.resize(std::max(first_read_buffer, in_.size() * 2));
    socket_.async_read_some(
        net::buffer(in_.data() + in_size_, in_.size() - in_size_),
        [self = shared_from_this()](error_code ec, std::size_t n) { self->on_read(ec, n); });
}

void ws_session::on_read(error_code ec, std::size_t n) {
    if (ec) return finish("read", ec);
    in_size_ += n;
    last_heard_ = std::chrono::steady_clock::now();
    ping_sent_ = false;
    if (take_frames()) do_read();
}

bool ws_session::take_frames() {
    if (input_over_) {  // after the peer's close or a protocol error, bytes mean nothing
        in_size_ = 0;
        return true;
    }
    std::size_t at = 0;
    bool go_on = true;
    while (go_on) {
        ws::parsed_header h;
        auto r = ws::parse_header(in_.data() + at, in_size_ - at, ctx_.limits.max_frame, h);
        if (r == ws::parse_result::need_more) break;
        if (r != ws::parse_result::ok) {
            ++ctx_.stats.rejected_total;
            if (r == ws::parse_result::too_big) start_close(ws::too_big, "message too big");
            else start_close(ws::protocol_error, "protocol error");
            input_over_ = true;  // read no further frames; wait for the end
            in_size_ = 0;
            return true;
        }
        std::size_t total = h.header_size + h.payload_size;
        if (in_size_ - at < total) {
            // The rest of this frame is still coming; make room for all of it
            // (bounded: the frame is at most max_frame long).
            if (in_.size() < total + 256) in_.resize(total + 256);
            break;
        }
        std::uint8_t* payload = in_.data() + at + h.header_size;
        ws::unmask(payload, h.payload_size, h.mask);
        at += total;
        go_on = on_frame(h, payload);
    }
    if (!go_on || input_over_) {
        in_size_ = 0;
    } else if (at) {
        std::memmove(in_.data(), in_.data() + at, in_size_ - at);
        in_size_ -= at;
    }
    return !finished_;
}

bool ws_session::on_frame(const ws::parsed_header& h, std::uint8_t* payload) {
    std::string_view data(reinterpret_cast<const char*>(payload), h.payload_size);
    switch (h.op) {
    case ws::opcode::ping:
    case ws::opcode::pong:
        // Control frames draw on the same budget as messages: a flood of pings
        // gets no pongs rather than a write each, and is closed (1008) like a
        // flood of messages. A pong (the answer to our idle ping) costs a token too.
        if (closing_ || close_pending_) return true;
        if (!limiter_.allow()) {
            if (++strikes_ >= 50) start_close(ws::policy_error, "rate limit");
            return true;
        }
        strikes_ = 0;
        if (h.op == ws::opcode::ping) queue_control(ws::opcode::pong, std::string(data));
        return true;
    case ws::opcode::close: {
        input_over_ = true;
        if (closing_) return false;  // the answer to our close: the peer ends the TCP side
        if (h.payload_size == 1) {
            start_close(ws::protocol_error, "bad close frame");
        } else if (h.payload_size >= 2) {
            // Echo the peer's code, as RFC 6455 §5.5.1 asks, unless it is one
            // that must never be sent (§7.4.1: below 1000, 1004-1006, 1015,
            // unassigned 1012-2999), or the reason is not UTF-8 (§8.1: 1007).
            auto code = static_cast<std::uint16_t>((payload[0] << 8) | payload[1]);
            bool sendable = (code >= 1000 && code <= 1011 && (code < 1004 || code > 1006)) ||
                            (code >= 3000 && code <= 4999);
            if (!sendable) start_close(ws::protocol_error, "bad close code");
            else if (!ws::valid_utf8(data.substr(2))) start_close(ws::bad_payload, "close reason must be UTF-8");
            else start_close(static_cast<ws::close_code>(code), "");
        } else {
            start_close(ws::normal, "");
        }
        return false;
    }
    case ws::opcode::text:
    case ws::opcode::binary:
        if (in_message_) {
            start_close(ws::protocol_error, "a new message inside a fragmented one");
            input_over_ = true;
            return false;
        }
        if (h.op == ws::opcode::binary) {  // RFC 6455 §7.4.1: data we cannot accept
            ++ctx_.stats.rejected_total;
            start_close(ws::unsupported_data, "text messages only");
            input_over_ = true;
            return false;
        }
        if (h.fin) {
            on_message(data);
        } else {
            in_message_ = true;
            message_.assign(data);
        }
        return true;
    case ws::opcode::continuation:
        if (!in_message_ || message_.size() + data.size() > ctx_.limits.max_frame) {
            bool big = in_message_;
            start_close(big ? ws::too_big : ws::protocol_error,
                        big ? "message too big" : "continuation without a message");
            input_over_ = true;
            return false;
        }
        message_ += data;
        if (h.fin) {
            in_message_ = false;
            std::string whole;
            whole.swap(message_);
            on_message(whole);
        }
        return true;
    }
    return true;
}

void ws_session::on_message(std::string_view text) {
    if (closing_ || close_pending_) return;  // we said goodbye; the rest is dropped
    if (!ws::valid_utf8(text)) {
        ++ctx_.stats.rejected_total;
        start_close(ws::bad_payload, "text must be UTF-8");
        return;
    }
    auto start = std::chrono::steady_clock::now();
    try {
        handle_frame(text);
    } catch (const std::exception& e) {
        // A bug in handling one message must cost only that message.
        spdlog::error("conn {}: handling a message: {}", id_, e.what());
        send(error_frame({"internal", "internal error"}));
    }
    auto took = std::chrono::steady_clock::now() - start;
    ctx_.stats.observe_latency(took);
    if (took > slow_handler)
        spdlog::warn("conn {}: slow handler: a {}-byte message took {} ms", id_, text.size(),
                     std::chrono::duration_cast<std::chrono::milliseconds>(took).count());
}

void ws_session::handle_frame(std::string_view text) {
    ++ctx_.stats.messages_total;
    // One token before decoding (so a flood costs no parsing), the rest of an
    // expensive request's cost once its type is known.
    if (!limiter_.allow()) {
        // Refused unread, except the few refusals that are answered: those are
        // decoded, so that the answer names the request (its ack) and the
        // client can settle it and ask again. At most three per streak, so a
        // flood still costs no parsing.
        if (strikes_ >= 3) return rate_limited();
        auto refused = decode_client(text);
        if (auto* m = std::get_if<client_msg>(&refused)) return rate_limited(m->type, m->ack);
        auto& f = std::get<decode_failure>(refused);
        return rate_limited(f.type, f.ack);
    }
    auto decoded = decode_client(text);
    if (auto* f = std::get_if<decode_failure>(&decoded)) {
        strikes_ = 0;
        ++ctx_.stats.rejected_total;
        return send(error_frame(f->error, f->type, f->ack));
    }
    const auto& m = std::get<client_msg>(decoded);
    if (double extra = message_cost(m) - 1; extra > 0 &&
                                            !limiter_.allow(std::chrono::steady_clock::now(), extra))
        return rate_limited(m.type, m.ack);
    strikes_ = 0;
    handler_->handle(m);
}

void ws_session::rate_limited(const std::string& type, std::optional<std::int64_t> ack) {
    // Answer the first few, then stop answering; persisting closes (1008).
    if (++strikes_ <= 3) send(error_frame({"rate_limited", "too many messages"}, type, ack));
    if (strikes_ >= 50) start_close(ws::policy_error, "rate limit");
}

void ws_session::send(std::shared_ptr<const std::string> frame) {
    net::post(socket_.get_executor(), [self = shared_from_this(), frame = std::move(frame)]() mutable {
        if (self->closing_ || self->finished_) return;
        out_frame f;
        f.header = ws::make_header(ws::opcode::text, frame->size());
        f.payload = std::move(frame);
        if (self->too_slow(f.bytes())) {
            // It cannot keep up: drop it rather than grow without bound. A write
            // is stuck, so a close frame could not go out either: cut the socket.
            spdlog::info("conn {}: write queue full ({} frames, {} bytes), disconnecting", self->id_,
                         self->queue_.size(), self->queued_bytes_);
            ++self->ctx_.stats.slow_clients_total;
            self->closing_ = true;
            self->cut();
            return;
        }
        self->push(std::move(f));
    });
}

bool ws_session::too_slow(std::size_t more) const {
    // A connection with nothing queued always takes the frame, however big or
    // however full the server: it is reading, and the frame goes straight to
    // its socket. One with a backlog is dropped when the frame would take it
    // past its own bounds (frames or bytes), or the server past its total.
    if (queue_.empty()) return false;
    const auto& l = ctx_.limits;
    if (queue_.size() >= l.write_queue || queued_bytes_ + more > l.write_queue_bytes) return true;
    return static_cast<std::size_t>(std::max<long long>(0, ctx_.stats.outbound_bytes.load())) +
               more > l.outbound_bytes;
}

void ws_session::queue_control(ws::opcode op, std::string payload) {
    out_frame f;
    f.header = ws::make_header(op, payload.size());
    f.control = std::move(payload);
    f.is_close = op == ws::opcode::close;
    push(std::move(f));
}

void ws_session::push(out_frame f) {
    queued_bytes_ += f.bytes();
    ctx_.stats.outbound_bytes += static_cast<long long>(f.bytes());
    queue_.push_back(std::move(f));
    if (open_ && in_flight_ == 0) do_write();
}

void ws_session::do_write() {
    // Everything queued goes in one gathered write (up to a bound): a move
    // event and an ack, or a burst to a spectator, cost one system call.
    gather_.clear();
    std::size_t n = std::min(queue_.size(), max_frames_per_write);
    for (std::size_t i = 0; i < n; ++i) {
        const auto& f = queue_[i];
        gather_.emplace_back(f.header.bytes.data(), f.header.size);
        if (f.payload) gather_.emplace_back(f.payload->data(), f.payload->size());
        else if (!f.control.empty()) gather_.emplace_back(f.control.data(), f.control.size());
        if (f.is_close) {
            n = i + 1;  // nothing follows a close frame
            break;
        }
    }
    in_flight_ = n;
    net::async_write(socket_, gather_, [self = shared_from_this()](error_code ec, std::size_t n) {
        self->on_write(ec, n);
    });
}

void ws_session::on_write(error_code ec, std::size_t) {
    if (ec) return finish("write", ec);
    bool close_sent = false;
    for (std::size_t i = 0; i < in_flight_ && !queue_.empty(); ++i) {
        close_sent = close_sent || queue_.front().is_close;
        pop_front();
    }
    in_flight_ = 0;
    if (queue_.empty() && gather_.capacity() > 16) std::vector<net::const_buffer>().swap(gather_);
    if (close_sent) {
        // Our close is out: send FIN and read on until the peer closes too (or
        // the closing timeout), so that unread input never turns into a reset
        // that could destroy the close frame before the peer read it.
        while (!queue_.empty()) pop_front();
        error_code ignored;
        socket_.shutdown(net::ip::tcp::socket::shutdown_send, ignored);
        return;
    }
    if (!queue_.empty() && !finished_) do_write();
}

void ws_session::pop_front() {
    queued_bytes_ -= queue_.front().bytes();
    ctx_.stats.outbound_bytes -= static_cast<long long>(queue_.front().bytes());
    queue_.pop_front();
}

void ws_session::close(ws::close_code code, std::string reason) {
    net::post(socket_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)] {
        self->start_close(code, reason);
    });
}

void ws_session::start_close(ws::close_code code, std::string_view reason) {
    if (closing_ || close_pending_ || finished_) return;
    close_pending_ = true;  // no further message is handled
    // Frames handed to send() before now are posted to this strand ahead of
    // this: the answers to the messages already handled go out before the close.
    net::post(socket_.get_executor(),
              [self = shared_from_this(), code, reason = std::string(reason)] {
                  self->close_now(code, reason);
              });
}

void ws_session::close_now(ws::close_code code, const std::string& reason) {
    if (closing_ || finished_) return;
    closing_ = true;  // send() takes no more frames; the close frame is the last
    if (!open_) return cut();
    queue_control(ws::opcode::close, ws::close_payload(code, reason));
    timer_.expires_after(closing_timeout);
    timer_.async_wait([self = shared_from_this()](error_code ec) {
        if (!ec) self->on_timer();
    });
}

void ws_session::arm_timer() {
    // One wait per half idle period, not one per read: reads only stamp last_heard_.
    timer_.expires_after(ctx_.limits.idle_timeout / 2);
    timer_.async_wait([self = shared_from_this()](error_code ec) {
        if (!ec) self->on_timer();
    });
}

void ws_session::on_timer() {
    if (finished_) return;
    if (!open_ || closing_) {
        spdlog::debug("conn {}: {} timed out", id_, open_ ? "closing handshake" : "handshake");
        return cut();
    }
    auto quiet = std::chrono::steady_clock::now() - last_heard_;
    if (quiet >= ctx_.limits.idle_timeout / 2) {
        if (ping_sent_) {  // not even our ping was answered
            spdlog::debug("conn {}: idle timeout", id_);
            start_close(ws::going_away, "idle timeout");
            return;
        }
        ping_sent_ = true;  // any frame from the peer (the pong, say) clears it
        queue_control(ws::opcode::ping, {});
    }
    arm_timer();
}

void ws_session::cut() {
    error_code ignored;
    socket_.close(ignored);  // pending operations end with operation_aborted
    finish("cut", {});
}

void ws_session::finish(const char* what, error_code ec) {
    if (ec && !ordinary_end(ec))
        spdlog::info("conn {}: {} error: {}", id_, what, ec.message());
    if (finished_) return;
    finished_ = true;
    closing_ = true;
    timer_.cancel();
    error_code ignored;
    socket_.close(ignored);
    // queue_ stays: a write may still be reading its front buffers.
    if (handler_) {
        try {
            handler_->closed();
        } catch (const std::exception& e) {
            spdlog::error("conn {}: on close: {}", id_, e.what());
        }
    }
}

}  // namespace kibitz::server
