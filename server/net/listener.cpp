#include "net/listener.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/beast/core.hpp>
#include <spdlog/spdlog.h>

#include "net/http_session.hpp"

namespace kibitz::server {

namespace net = boost::asio;
namespace beast = boost::beast;
using tcp = net::ip::tcp;

listener::listener(net::io_context& ioc, net_context& ctx)
    : ioc_(ioc), ctx_(ctx), acceptor_(net::make_strand(ioc)) {}

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
    if (ec) return "cannot listen on " + address + ":" + std::to_string(port) + ": " + ec.message();
    return acceptor_.local_endpoint().port();
}

void listener::run() { do_accept(); }

void listener::stop() {
    net::dispatch(acceptor_.get_executor(), [self = shared_from_this()] {
        beast::error_code ec;
        self->acceptor_.close(ec);
    });
}

void listener::do_accept() {
    // Each connection gets its own strand from the start.
    acceptor_.async_accept(net::make_strand(ioc_),
                           beast::bind_front_handler(&listener::on_accept, shared_from_this()));
}

void listener::on_accept(beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
    if (ec) {
        spdlog::warn("accept: {}", ec.message());  // e.g. out of file descriptors: keep going
    } else {
        try {
            // Game messages are small and latency-bound: without this, Nagle holds a
            // move's ack behind the move event until the peer's delayed ACK (~40 ms).
            beast::error_code ignored;
            socket.set_option(tcp::no_delay(true), ignored);
            std::make_shared<http_session>(std::move(socket), ctx_)->run();
        } catch (const std::exception& e) {
            spdlog::error("accept: {}", e.what());
        }
    }
    do_accept();
}

}  // namespace kibitz::server
