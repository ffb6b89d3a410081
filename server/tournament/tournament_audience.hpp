#pragma once
// Who follows one event's page: each subscribed connection (where to send,
// whose it is) and, per player, how many of their connections are open on
// it (a player following is one the event may pair; so is one with any
// connection open: tournament_service::present). Plain data; owned by a
// tournament service and used on its strand only.
#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "play/peer.hpp"

namespace kibitz::server::tournament {

class tournament_audience {
public:
    // False when `conn` already follows.
    bool add(std::uint64_t conn, const peer_ref& p, const std::string& key) {
        if (!subscribers_.try_emplace(conn, p, key).second) return false;
        ++present_[key];
        return true;
    }
    // False when `conn` did not follow.
    bool remove(std::uint64_t conn) {
        auto it = subscribers_.find(conn);
        if (it == subscribers_.end()) return false;
        if (--present_[it->second.second] <= 0) present_.erase(it->second.second);
        subscribers_.erase(it);
        return true;
    }
    bool present(const std::string& key) const { return present_.count(key) > 0; }
    bool empty() const { return subscribers_.empty(); }
    std::size_t size() const { return subscribers_.size(); }
    // One serialized frame to every subscriber.
    void send(const std::shared_ptr<const std::string>& f) const {
        for (const auto& [conn, sub] : subscribers_) send_to(sub.first, f);
    }
    template <class F>
    void each_connection(F&& f) const {
        for (const auto& [conn, sub] : subscribers_) f(conn);
    }

private:
    std::map<std::uint64_t, std::pair<peer_ref, std::string>> subscribers_;
    std::map<std::string, int> present_;  // player key -> subscribed connections
};

}  // namespace kibitz::server::tournament
