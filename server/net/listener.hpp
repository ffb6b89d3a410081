#pragma once
// Accepts TCP connections and hands each to an http_session on a new strand.
// Owns the acceptor; runs on its own strand.
//
// Descriptors: out of them (EMFILE/ENFILE), accept() would fail at once again
// and again. Instead the listener gives up a reserve descriptor it keeps open,
// accepts and closes what is waiting (so those clients get an answer, not a
// hang), takes the reserve back, and waits a moment before accepting again;
// it logs that once per interval. A connection from an address that already
// has --max-conns-per-address open gets a short 503 and is closed.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <variant>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/error.hpp>

#include "net/net_context.hpp"

namespace kibitz::server {

class listener : public std::enable_shared_from_this<listener> {
public:
    listener(boost::asio::io_context& ioc, net_context& ctx);
    ~listener();
    // Binds and listens; returns the bound port, or an error message.
    std::variant<std::uint16_t, std::string> open(const std::string& address, std::uint16_t port);
    void run();
    void stop();  // stop accepting

private:
    void do_accept();
    void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);
    void out_of_descriptors(const boost::beast::error_code& ec);
    void refuse(boost::asio::ip::tcp::socket& socket, std::string_view why);

    boost::asio::io_context& ioc_;
    net_context& ctx_;
    boost::asio::ip::tcp::acceptor acceptor_;
    boost::asio::steady_timer backoff_;
    int reserve_fd_ = -1;  // /dev/null, given up to accept-and-close when out of descriptors
    std::chrono::steady_clock::time_point last_warning_{};
    std::uint64_t refused_since_warning_ = 0;
};

// Raises this process's soft RLIMIT_NOFILE to its hard limit (start-up);
// returns the soft limit now in force.
std::uint64_t raise_descriptor_limit();

}  // namespace kibitz::server
