#include "net/listener.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/asio/dispatch.hpp>
#include <boost/beast/core.hpp>
#include <spdlog/spdlog.h>

#include "net/http_session.hpp"

namespace kibitz::server {

namespace net = boost::asio;
namespace beast = boost::beast;
using tcp = net::ip::tcp;

namespace {

// Out of descriptors: wait this long before accepting again, and warn at most
// once per interval.
constexpr auto descriptor_backoff = std::chrono::milliseconds(100);
constexpr auto warning_interval = std::chrono::seconds(10);
// Connections accepted and closed at once while out of descriptors.
constexpr int max_refused_per_wakeup = 64;

int open_reserve() { return ::open("/dev/null", O_RDONLY | O_CLOEXEC); }

// A short answer for a client turned away, sent without waiting (it fits any
// fresh socket's buffer) before the socket is closed.
void answer_and_close(int fd, std::string_view why) {
    std::string r = "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 5\r\n"
                    "Content-Type: text/plain\r\nContent-Length: " +
                    std::to_string(why.size() + 1) + "\r\n\r\n" + std::string(why) + "\n";
    [[maybe_unused]] auto n = ::send(fd, r.data(), r.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
    ::close(fd);
}

}  // namespace

std::uint64_t raise_descriptor_limit() {
    rlimit lim{};
    if (::getrlimit(RLIMIT_NOFILE, &lim) != 0) return 0;
    if (lim.rlim_cur < lim.rlim_max) {
        rlimit raised = lim;
        raised.rlim_cur = lim.rlim_max;
        if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) lim = raised;
    }
    return lim.rlim_cur;
}

listener::listener(net::io_context& ioc, net_context& ctx)
    : ioc_(ioc), ctx_(ctx), acceptor_(net::make_strand(ioc)), backoff_(acceptor_.get_executor()),
      reserve_fd_(open_reserve()) {}

listener::~listener() {
    if (reserve_fd_ >= 0) ::close(reserve_fd_);
}

std::variant<std::uint16_t, std::string> listener::open(const std::string& address,
                                                         std::uint16_t port) {
    beast::error_code ec;
    auto addr = net::ip::make_address(address, ec);
    if (ec) return "bad address '" + address + "': " + ec.message();
    tcp::endpoint ep{addr, port};
    acceptor_.open(ep.protocol(), ec);
    if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(ep, ec);
    if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
    // out_of_descriptors() calls accept() itself and must never block in it.
    if (!ec) acceptor_.non_blocking(true, ec);
    if (ec) return "cannot listen on " + address + ":" + std::to_string(port) + ": " + ec.message();
    return acceptor_.local_endpoint().port();
}

void listener::run() { do_accept(); }

void listener::stop() {
    net::dispatch(acceptor_.get_executor(), [self = shared_from_this()] {
        beast::error_code ec;
        self->acceptor_.close(ec);
        self->backoff_.cancel();
    });
}

void listener::do_accept() {
    // Each connection gets its own strand from the start.
    acceptor_.async_accept(net::make_strand(ioc_),
                           beast::bind_front_handler(&listener::on_accept, shared_from_this()));
}

void listener::on_accept(beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
    if (ec == net::error::no_descriptors || ec == beast::errc::too_many_files_open_in_system ||
        ec == net::error::no_buffer_space || ec == net::error::no_memory)
        return out_of_descriptors(ec);
    if (ec) {
        spdlog::warn("accept: {}", ec.message());  // the peer gave up already, say: keep going
        return do_accept();
    }
    try {
        beast::error_code ignored;
        auto peer = socket.remote_endpoint(ignored);
        auto slot = ctx_.per_address.take(peer.address(), ctx_.limits.max_conns_per_address);
        if (!slot) {
            refuse(socket, "too many connections from your address");
        } else {
            // Game messages are small and latency-bound: without this, Nagle holds a
            // move's ack behind the move event until the peer's delayed ACK (~40 ms).
            socket.set_option(tcp::no_delay(true), ignored);
            if (ctx_.limits.send_buffer > 0)
                socket.set_option(net::socket_base::send_buffer_size(ctx_.limits.send_buffer),
                                  ignored);
            std::make_shared<http_session>(std::move(socket), ctx_, std::move(slot))->run();
        }
    } catch (const std::exception& e) {
        spdlog::error("accept: {}", e.what());
    }
    do_accept();
}

void listener::refuse(tcp::socket& socket, std::string_view why) {
    ++refused_since_warning_;
    auto now = std::chrono::steady_clock::now();
    if (now - last_warning_ >= warning_interval) {
        beast::error_code ignored;
        spdlog::warn("refused {} connection(s) in the last {} s: {} (last from {})",
                     refused_since_warning_, warning_interval.count(), why,
                     socket.remote_endpoint(ignored).address().to_string());
        last_warning_ = now;
        refused_since_warning_ = 0;
    }
    answer_and_close(socket.release(), why);
}

void listener::out_of_descriptors(const beast::error_code& ec) {
    // Give up the reserve, and with it accept and close what waits: those
    // clients get a 503 now instead of a hang. Then take the reserve back.
    int refused = 0;
    if (reserve_fd_ >= 0) {
        ::close(reserve_fd_);
        reserve_fd_ = -1;
        for (; refused < max_refused_per_wakeup; ++refused) {
            int fd = ::accept4(acceptor_.native_handle(), nullptr, nullptr,
                               SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (fd < 0) break;  // nothing waits (EAGAIN), or still no descriptor
            answer_and_close(fd, "the server is out of connections; try again soon");
        }
        reserve_fd_ = open_reserve();
    }
    refused_since_warning_ += static_cast<std::uint64_t>(refused);
    auto now = std::chrono::steady_clock::now();
    if (now - last_warning_ >= warning_interval) {
        spdlog::warn("accept: {}; refused {} connection(s) in the last {} s, pausing accepts for "
                     "{} ms at a time",
                     ec.message(), refused_since_warning_, warning_interval.count(),
                     descriptor_backoff.count());
        last_warning_ = now;
        refused_since_warning_ = 0;
    }
    // Not at once again: until a descriptor frees up, accept() would fail at once.
    backoff_.expires_after(descriptor_backoff);
    backoff_.async_wait([self = shared_from_this()](beast::error_code e) {
        if (!e && self->acceptor_.is_open()) self->do_accept();
    });
}

}  // namespace kibitz::server
