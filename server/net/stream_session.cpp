#include "net/stream_session.hpp"

#include <sstream>

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/http.hpp>

namespace kibitz::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {
// One chunk of a chunked body (RFC 9112, 7.1): its size in hex, then it.
std::string chunk_of(std::string_view data) {
    std::ostringstream out;
    out << std::hex << data.size() << "\r\n" << data << "\r\n";
    return out.str();
}
constexpr std::string_view last_chunk = "0\r\n\r\n";
}  // namespace

void open_streams::add(std::uint64_t id, std::weak_ptr<stream_session> s) {
    std::lock_guard lock(mu_);
    open_[id] = std::move(s);
}

void open_streams::remove(std::uint64_t id) {
    std::lock_guard lock(mu_);
    open_.erase(id);
}

void open_streams::close_all() {
    std::vector<std::shared_ptr<stream_session>> live;
    {
        std::lock_guard lock(mu_);
        for (auto& [id, w] : open_)
            if (auto s = w.lock()) live.push_back(std::move(s));
    }
    for (auto& s : live) s->close();  // outside the lock: close() posts
}

stream_session::stream_session(net::ip::tcp::socket&& socket, net_context& ctx, address_slot slot,
                               std::shared_ptr<api::line_feed> feed)
    : stream_(std::move(socket)),
      ctx_(ctx),
      slot_(std::move(slot)),
      feed_(std::move(feed)),
      id_(ctx.next_conn.fetch_add(1)),
      keepalive_(stream_.get_executor()) {}

void stream_session::run(std::string content_type, unsigned version) {
    http::response<http::empty_body> res{http::status::ok, version};
    res.set(http::field::server, "kibitz");
    res.set(http::field::content_type, content_type);
    res.set(http::field::cache_control, "no-store");
    res.set("X-Content-Type-Options", "nosniff");
    res.chunked(true);
    res.keep_alive(false);  // the stream is the connection's last answer
    std::ostringstream head;
    head << res.base();
    header_ = head.str();
    ctx_.streams.add(id_, weak_from_this());
    stream_.expires_never();  // the keep-alive and the slow-reader bound stand for it
    net::dispatch(stream_.get_executor(), [self = shared_from_this()] {
        net::async_write(self->stream_, net::buffer(self->header_),
                         beast::bind_front_handler(&stream_session::on_header, self));
    });
}

void stream_session::on_header(beast::error_code ec, std::size_t) {
    if (ec || ending_) return finish();
    // Subscribed only now: the first frames (gameFull's state) follow the header.
    attached_ = true;
    last_line_ = std::chrono::steady_clock::now();
    feed_->attach(weak_from_this(), id_);
    arm_keepalive();
    do_watch();
    do_write();
}

void stream_session::send(std::shared_ptr<const std::string> frame) {
    net::post(stream_.get_executor(), [self = shared_from_this(), frame = std::move(frame)] {
        if (self->ending_ || self->finished_) return;
        bool end = false;
        for (auto& l : self->feed_->lines(*frame, end)) {
            self->last_line_ = std::chrono::steady_clock::now();
            self->push(chunk_of(l + "\n"));
        }
        if (end) {
            self->ending_ = true;  // what is queued goes out, then the last chunk
            self->push(std::string(last_chunk));
        }
    });
}

void stream_session::push(std::string chunk) {
    if (finished_) return;
    const auto& l = ctx_.limits;
    if (!queue_.empty() &&
        (queue_.size() >= l.write_queue || queued_bytes_ + chunk.size() > l.write_queue_bytes)) {
        // It does not read what it asked for: dropped rather than waited for.
        spdlog::info("stream {}: write queue full ({} lines), disconnecting", id_, queue_.size());
        ++ctx_.stats.slow_clients_total;
        return finish();
    }
    queued_bytes_ += chunk.size();
    queue_.push_back(std::move(chunk));
    do_write();
}

void stream_session::do_write() {
    if (writing_ || queue_.empty() || !attached_ || finished_) return;
    writing_ = true;
    net::async_write(stream_, net::buffer(queue_.front()),
                     beast::bind_front_handler(&stream_session::on_write, shared_from_this()));
}

void stream_session::on_write(beast::error_code ec, std::size_t) {
    writing_ = false;
    if (ec) return finish();
    bool was_last = ending_ && queue_.size() == 1;
    queued_bytes_ -= queue_.front().size();
    queue_.pop_front();
    if (was_last) return finish();
    arm_keepalive();  // the interval counts from the last line written
    do_write();
}

void stream_session::arm_keepalive() {
    if (finished_ || ending_) return;
    keepalive_.expires_after(ctx_.stream_keepalive);
    keepalive_.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (ec || self->finished_ || self->ending_) return;
        if (self->ctx_.stopping) return self->finish();
        if (std::chrono::steady_clock::now() - self->last_line_ >= self->ctx_.stream_idle) {
            self->ending_ = true;  // what is queued goes out, then the last chunk
            return self->push(std::string(last_chunk));
        }
        if (self->queue_.empty()) self->push(chunk_of("\n"));
        else self->arm_keepalive();
    });
}

void stream_session::do_watch() {
    stream_.socket().async_read_some(
        net::buffer(sink_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return self->finish();  // the client went (or the socket was cut)
            self->do_watch();
        });
}

void stream_session::end_connection(const std::string&) { close(); }

void stream_session::close() {
    net::post(stream_.get_executor(), [self = shared_from_this()] { self->finish(); });
}

void stream_session::finish() {
    if (finished_) return;
    finished_ = true;
    keepalive_.cancel();
    if (attached_) feed_->detach();
    ctx_.streams.remove(id_);
    beast::error_code ec;
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_both, ec);
    stream_.socket().close(ec);
}

}  // namespace kibitz::server
