#pragma once
// The live connections of each session token, so that ending a session (log
// out) reaches every socket that said hello with it, not only the one that
// asked: a socket opened before logout must not go on acting as the account.
// Thread-safe (one mutex, held only to edit or copy); nothing is called back
// under it.
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "play/peer.hpp"

namespace kibitz::server {

class session_registry {
public:
    void opened(const std::string& token, std::uint64_t conn, peer_ref p) {
        std::lock_guard lock(mu_);
        open_[token][conn] = std::move(p);
    }
    void closed(const std::string& token, std::uint64_t conn) {
        std::lock_guard lock(mu_);
        auto it = open_.find(token);
        if (it == open_.end()) return;
        it->second.erase(conn);
        if (it->second.empty()) open_.erase(it);
    }
    // The session is over: every connection using it is closed (each then
    // reconnects and says hello again, without the token or with a stale one).
    void end(const std::string& token, const std::string& reason) {
        std::vector<peer_ref> live;
        {
            std::lock_guard lock(mu_);
            auto it = open_.find(token);
            if (it == open_.end()) return;
            for (auto& [conn, p] : it->second) live.push_back(p);
            open_.erase(it);
        }
        for (auto& w : live)
            if (auto p = w.lock()) p->end_connection(reason);
    }
    std::size_t connections_of(const std::string& token) const {
        std::lock_guard lock(mu_);
        auto it = open_.find(token);
        return it == open_.end() ? 0 : it->second.size();
    }

private:
    mutable std::mutex mu_;
    std::map<std::string, std::map<std::uint64_t, peer_ref>> open_;
};

}  // namespace kibitz::server
