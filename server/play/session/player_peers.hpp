#pragma once
// Every live connection of each player (one per tab), by player key: bound at
// welcome, unbound when the connection closes, so a game that starts reaches
// all of them. Owns only the map. Thread-safe: one mutex held to edit or copy;
// nothing is called back under it.
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "play/peer.hpp"

namespace kibitz::server {

class player_peers {
public:
    using by_conn = std::map<std::uint64_t, peer_ref>;

    void bind(const std::string& player_key, std::uint64_t conn, peer_ref p) {
        std::lock_guard lock(mu_);
        peers_[player_key][conn] = std::move(p);
    }
    void unbind(const std::string& player_key, std::uint64_t conn) {
        std::lock_guard lock(mu_);
        auto it = peers_.find(player_key);
        if (it == peers_.end()) return;
        it->second.erase(conn);
        if (it->second.empty()) peers_.erase(it);
    }
    // Moves every connection of `from` to `to` at once (a guest just stored).
    void rebind(const std::string& from, const std::string& to) {
        std::lock_guard lock(mu_);
        auto it = peers_.find(from);
        if (it == peers_.end() || from == to) return;
        auto moved = std::move(it->second);
        peers_.erase(it);
        for (auto& [conn, p] : moved) peers_[to][conn] = std::move(p);
    }
    // Whether `player_key` has any connection open (any page, any tab).
    bool connected(const std::string& player_key) const {
        std::lock_guard lock(mu_);
        return peers_.count(player_key) > 0;
    }
    by_conn of(const std::string& player_key) const {
        std::lock_guard lock(mu_);
        auto it = peers_.find(player_key);
        return it == peers_.end() ? by_conn{} : it->second;
    }

private:
    mutable std::mutex mu_;
    std::map<std::string, by_conn> peers_;
};

}  // namespace kibitz::server
