#pragma once
// Accepts TCP connections and hands each to an http_session on a new strand.
// Owns the acceptor; runs on its own strand.
#include <memory>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/error.hpp>
#include <variant>

#include "net/net_context.hpp"

namespace kibitz::server {

class listener : public std::enable_shared_from_this<listener> {
public:
    listener(boost::asio::io_context& ioc, net_context& ctx);
    // Binds and listens; returns the bound port, or an error message.
    std::variant<std::uint16_t, std::string> open(const std::string& address, std::uint16_t port);
    void run();
    void stop();  // stop accepting

private:
    void do_accept();
    void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);

    boost::asio::io_context& ioc_;
    net_context& ctx_;
    boost::asio::ip::tcp::acceptor acceptor_;
};

}  // namespace kibitz::server
