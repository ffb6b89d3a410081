#pragma once
// The whole server in one object: the io_context and its threads, the listener,
// the play hub, the metrics. main() and the tests both use it. start() binds;
// run() blocks on the I/O threads until stop() lets the work run out.
#include <memory>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "config.hpp"
#include "net/net_context.hpp"
#include "play/game_recorder.hpp"

namespace kibitz::server {

class listener;

class app {
public:
    explicit app(server_config cfg, std::shared_ptr<game_recorder> recorder = nullptr);
    ~app();

    // Binds the port; returns the bound port (useful with port 0) or an error.
    std::variant<std::uint16_t, std::string> start();
    void run();   // runs cfg.threads I/O threads (this one included) until stopped
    void stop();  // graceful: stop accepting, close WebSockets with 1001, let work finish
    net_context& context() { return *ctx_; }

private:
    server_config cfg_;
    boost::asio::io_context ioc_;
    metrics metrics_;
    std::unique_ptr<net_context> ctx_;
    std::shared_ptr<listener> listener_;
    void poll_closed();
    std::unique_ptr<boost::asio::steady_timer> deadline_, poll_;
};

}  // namespace kibitz::server
