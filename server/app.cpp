#include "app.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "net/listener.hpp"

namespace kibitz::server {

namespace net = boost::asio;

app::app(server_config cfg, std::shared_ptr<game_recorder> recorder)
    : cfg_(std::move(cfg)), ioc_(std::max(1, cfg_.threads)) {
    auto play = std::make_shared<hub>(ioc_, cfg_.play, metrics_, std::move(recorder));
    ctx_.reset(new net_context{cfg_, cfg_.web_root, play, metrics_, {}, {}, {}});
}

app::~app() = default;

std::variant<std::uint16_t, std::string> app::start() {
    listener_ = std::make_shared<listener>(ioc_, *ctx_);
    auto port = listener_->open(cfg_.address, cfg_.port);
    if (std::holds_alternative<std::string>(port)) return port;
    ctx_->play->start();
    listener_->run();
    return port;
}

void app::run() {
    std::vector<std::thread> extra;
    for (int i = 1; i < cfg_.threads; ++i)
        extra.emplace_back([this] {
            try {
                ioc_.run();
            } catch (const std::exception& e) {
                spdlog::critical("I/O thread: {}", e.what());
            }
        });
    try {
        ioc_.run();
    } catch (const std::exception& e) {
        spdlog::critical("I/O thread: {}", e.what());
    }
    for (auto& t : extra) t.join();
}

void app::stop() {
    net::post(ioc_, [this] {
        if (ctx_->stopping.exchange(true)) return;
        spdlog::info("shutting down: closing {} connections", ctx_->conns.size());
        if (listener_) listener_->stop();
        ctx_->conns.close_all();
        ctx_->play->stop();
        // Whatever has not wound down by then (a peer that never answers the
        // close) is cut off.
        deadline_ = std::make_unique<net::steady_timer>(ioc_, cfg_.shutdown_grace);
        deadline_->async_wait([this](boost::system::error_code ec) {
            if (!ec) ioc_.stop();
        });
        poll_closed();
    });
}

void app::poll_closed() {
    // Done as soon as every WebSocket has closed (idle HTTP keep-alives do not
    // hold the shutdown up).
    if (ctx_->conns.size() == 0) {
        ioc_.stop();
        return;
    }
    poll_ = std::make_unique<net::steady_timer>(ioc_, std::chrono::milliseconds(20));
    poll_->async_wait([this](boost::system::error_code ec) {
        if (!ec) poll_closed();
    });
}

}  // namespace kibitz::server
