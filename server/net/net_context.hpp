#pragma once
// What every connection shares: the settings, the play hub, the metrics, and the
// set of open WebSockets (to tell them all on shutdown). Owned by app; the
// registry is thread-safe (a mutex held only to copy or edit the map).
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "config.hpp"
#include "net/metrics.hpp"
#include "play/hub.hpp"

namespace kibitz::server {

class ws_session;
namespace storage { class store; }
namespace auth { class accounts; }

class connections {
public:
    void add(std::uint64_t id, std::weak_ptr<ws_session> s);
    void remove(std::uint64_t id);
    void close_all();  // close code 1001 "going away" to every open WebSocket
    std::size_t size() const;

private:
    mutable std::mutex mu_;
    std::map<std::uint64_t, std::weak_ptr<ws_session>> open_;
};

struct net_context {
    server_config cfg;
    std::string web_root;
    std::shared_ptr<hub> play;
    metrics& stats;
    connections conns;
    std::atomic<std::uint64_t> next_conn{1};
    std::atomic<bool> stopping{false};
    // Owned by app; null when the server runs without a database (some tests).
    storage::store* store = nullptr;
    auth::accounts* accounts = nullptr;
};

}  // namespace kibitz::server
