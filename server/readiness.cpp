#include "readiness.hpp"

#include "store/store.hpp"

namespace kibitz::server {

namespace {
constexpr std::chrono::milliseconds probe_every{1000};
constexpr std::int64_t probe_timeout_ms = 2000;
}  // namespace

readiness::readiness(boost::asio::io_context& ioc, storage::store* store,
                     std::function<bool()> cluster_reachable)
    : timer_(ioc), store_(store), cluster_reachable_(std::move(cluster_reachable)) {}

std::int64_t readiness::now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(clock::now().time_since_epoch())
        .count();
}

void readiness::start() {
    if (store_) probe();
}

void readiness::stop() { timer_.cancel(); }

void readiness::probe() {
    // One probe at a time: a database that does not answer is not asked again
    // until it does (why_not() counts the wait).
    if (answered_ms_.load() >= asked_ms_.load()) {
        asked_ms_ = now_ms();
        // Any read will do: a game that cannot exist, looked up by its id.
        store_->game_by_public_id("", [this](core::result<std::optional<storage::game_record>> r) {
            db_ok_ = r.ok();
            answered_ms_ = now_ms();
        });
    }
    timer_.expires_after(probe_every);
    timer_.async_wait([this](boost::system::error_code ec) {
        if (!ec) probe();
    });
}

std::string readiness::why_not() const {
    if (cluster_reachable_ && !cluster_reachable_()) return "redis unreachable";
    if (!store_) return {};
    if (!db_ok_) return "database unreachable";
    auto asked = asked_ms_.load(), answered = answered_ms_.load();
    if (answered < asked && now_ms() - asked > probe_timeout_ms) return "database not answering";
    return {};
}

}  // namespace kibitz::server
