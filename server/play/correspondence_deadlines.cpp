#include "play/correspondence_deadlines.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

namespace kibitz::server {

namespace net = boost::asio;

correspondence_deadlines::correspondence_deadlines(net::io_context& ioc, wall_clock clock,
                                                   std::chrono::milliseconds recheck)
    : strand_(net::make_strand(ioc)), timer_(strand_), clock_(clock), recheck_(recheck) {}

void correspondence_deadlines::on_strand(std::function<void()> f) {
    net::post(strand_, [self = shared_from_this(), f = std::move(f)] {
        try {
            f();
        } catch (const std::exception& e) {
            spdlog::error("correspondence deadlines: {}", e.what());
        }
    });
}

void correspondence_deadlines::set(const std::string& game, std::int64_t deadline_ms,
                                   due_fn on_due) {
    on_strand([this, game, deadline_ms, on_due = std::move(on_due)]() mutable {
        if (stopped_) return;
        if (auto it = by_game_.find(game); it != by_game_.end())
            by_time_.erase({it->second.first, game});
        by_game_[game] = {deadline_ms, std::move(on_due)};
        by_time_.insert({deadline_ms, game});
        pending_ = by_game_.size();
        fire_due();
    });
}

void correspondence_deadlines::clear(const std::string& game) {
    on_strand([this, game] {
        auto it = by_game_.find(game);
        if (it == by_game_.end()) return;
        by_time_.erase({it->second.first, game});
        by_game_.erase(it);
        pending_ = by_game_.size();
    });
}

void correspondence_deadlines::stop() {
    on_strand([this] {
        stopped_ = true;
        timer_.cancel();
        by_game_.clear();
        by_time_.clear();
        pending_ = 0;
    });
}

void correspondence_deadlines::fire_due() {
    const auto now = clock_.now_ms();
    // Each due deadline fires once: it leaves the schedule before its callback runs.
    while (!by_time_.empty() && by_time_.begin()->first <= now) {
        auto game = by_time_.begin()->second;
        by_time_.erase(by_time_.begin());
        auto it = by_game_.find(game);
        auto on_due = std::move(it->second.second);
        by_game_.erase(it);
        on_due();
    }
    pending_ = by_game_.size();
    arm();
}

void correspondence_deadlines::arm() {
    timer_.cancel();
    if (stopped_ || by_time_.empty()) return;
    // The wait is on the steady clock, the deadline on the time of day: wait
    // at most `recheck`, then read the time of day again.
    auto left = std::chrono::milliseconds(by_time_.begin()->first - clock_.now_ms());
    timer_.expires_after(std::clamp(left, std::chrono::milliseconds(0), recheck_));
    timer_.async_wait([self = shared_from_this(), this](boost::system::error_code ec) {
        if (ec || stopped_) return;  // re-armed, or stopped
        try {
            fire_due();
        } catch (const std::exception& e) {
            spdlog::error("correspondence deadlines: {}", e.what());
        }
    });
}

}  // namespace kibitz::server
