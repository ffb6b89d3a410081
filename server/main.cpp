// kibitz-server: reads flags and environment, starts the server, and stops it
// gracefully on SIGINT/SIGTERM.
#include <cstdlib>
#include <iostream>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <spdlog/spdlog.h>

#include "app.hpp"
#include "net/listener.hpp"

int main(int argc, char** argv) {
    using namespace kibitz::server;
    auto parsed = parse_config(argc, argv, [](const char* name) {
        const char* v = std::getenv(name);
        return std::string(v ? v : "");
    });
    if (std::holds_alternative<config_help>(parsed)) {
        std::cout << help_text();
        return 0;
    }
    if (auto* e = std::get_if<config_error>(&parsed)) {
        std::cerr << "kibitz-server: " << e->message << "\n";
        return 2;
    }
    auto cfg = std::get<server_config>(parsed);
    spdlog::set_level(spdlog::level::from_str(cfg.log_level));
    if (cfg.web_root.empty()) cfg.web_root = default_web_root(argv[0]);

    // Every connection is a descriptor: take all the system allows us.
    auto descriptors = raise_descriptor_limit();
    try {
        app server(cfg);
        auto port = server.start();
        if (auto* e = std::get_if<std::string>(&port)) {
            spdlog::critical("{}", *e);
            return 1;
        }
        spdlog::info("kibitz-server on http://{}:{} (web root {}, {} threads, {} descriptors)",
                     cfg.address, std::get<std::uint16_t>(port), cfg.web_root, cfg.threads,
                     descriptors);

        // Signals wait on their own small io_context so they never compete with
        // (or keep alive) the server's.
        boost::asio::io_context sig_ioc;
        boost::asio::signal_set signals(sig_ioc, SIGINT, SIGTERM);
        signals.async_wait([&](boost::system::error_code ec, int sig) {
            if (ec) return;
            spdlog::info("signal {}: stopping", sig);
            server.stop();
        });
        std::thread sig_thread([&] { sig_ioc.run(); });
        server.run();
        sig_ioc.stop();
        sig_thread.join();
        spdlog::info("stopped");
    } catch (const std::exception& e) {
        spdlog::critical("fatal: {}", e.what());
        return 1;
    }
    return 0;
}
