#include "play/session/guest_desk.hpp"

#include <chrono>

namespace kibitz::server {

guest_desk::guest_desk(const play_config& cfg, auth::shared_limits* shared, remote_guests* cluster)
    : cfg_(cfg), cluster_(cluster) {
    new_guests_.share(shared);
}

player_ptr guest_desk::make() {
    auto p = book_.make();
    if (cluster_) cluster_->made(*p);
    return p;
}

void guest_desk::find_elsewhere(const std::string& token, std::function<void(player_ptr)> done) {
    if (!cluster_) return done(nullptr);
    cluster_->find(token, std::move(done));
}

void guest_desk::may_create(const std::string& address, std::function<void(std::int64_t)> done) {
    if (cfg_.guests_per_address == 0) return done(0);
    auth::rate_limit limit{static_cast<int>(cfg_.guests_per_address), cfg_.guest_window.count()};
    auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
                   .count();
    new_guests_.attempt({{"guest:" + address, limit}}, now,
                        [done = std::move(done)](std::int64_t wait) { done((wait + 999) / 1000); });
}

}  // namespace kibitz::server
