#include "net/net_context.hpp"
#include "net/ws_session.hpp"

namespace kibitz::server {

void connections::add(std::uint64_t id, std::weak_ptr<ws_session> s) {
    std::lock_guard lock(mu_);
    open_[id] = std::move(s);
}

void connections::remove(std::uint64_t id) {
    std::lock_guard lock(mu_);
    open_.erase(id);
}

std::size_t connections::size() const {
    std::lock_guard lock(mu_);
    return open_.size();
}

void connections::close_all() {
    std::vector<std::shared_ptr<ws_session>> live;
    {
        std::lock_guard lock(mu_);
        for (auto& [id, w] : open_)
            if (auto s = w.lock()) live.push_back(std::move(s));
    }
    // Outside the lock: close() posts, and a session's destructor takes the lock.
    for (auto& s : live) s->close(ws::going_away,
                                  "server shutting down");
}

}  // namespace kibitz::server
