#pragma once
// What every connection shares: its limits, the play hub, the metrics, and the
// set of open WebSockets (to tell them all on shutdown). Owned by app; the
// registry is thread-safe (a mutex held only to copy or edit the map).
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <chrono>

#include "api/api_router.hpp"
#include "net/address_counter.hpp"
#include "observe/metrics.hpp"
#include "play/hub.hpp"

namespace kibitz::server {

class ws_session;
class stream_session;

// The limits a connection enforces (README, "Running it"); app copies them
// from the server's settings, of which a connection needs nothing else.
struct net_limits {
    double rate_per_s = 20;     // per-connection sustained message rate
    double rate_burst = 40;     // and burst
    std::size_t max_frame = 4096;
    std::size_t write_queue = 256;  // frames queued to one slow client before it is dropped
    std::chrono::milliseconds idle_timeout{120000};
    // Bytes queued to one client, and to all together, before a client that
    // does not read is dropped (ws_session::send says how).
    std::size_t write_queue_bytes = 1 << 20;
    std::size_t outbound_bytes = 256u << 20;
    // The kernel's send buffer per connection (SO_SNDBUF, which Linux doubles
    // for its bookkeeping); 0 leaves the kernel's autotuning, which grows it to
    // tcp_wmem's maximum (4 MiB) for a client that never reads: 300 of them
    // once pinned 1.2 GB of kernel memory. Game messages are small and the
    // write queue holds the rest of a big reply.
    int send_buffer = 64 << 10;
    std::size_t max_conns_per_address = 64;  // TCP connections (HTTP and WebSocket); 0: no cap
    // Who may read /metrics: these client addresses, or a request with this
    // bearer token. Neither set: anyone.
    std::vector<std::string> metrics_addresses;
    std::string metrics_token;
};

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

// The open API streams (net/stream_session.hpp), closed on shutdown as the
// WebSockets are. Thread-safe as connections is.
class open_streams {
public:
    void add(std::uint64_t id, std::weak_ptr<stream_session> s);
    void remove(std::uint64_t id);
    void close_all();

private:
    mutable std::mutex mu_;
    std::map<std::uint64_t, std::weak_ptr<stream_session>> open_;
};

struct net_context {
    net_limits limits;
    std::string web_root;
    // The play layer, owned by app (made at start, before the listener runs).
    std::weak_ptr<hub> play;
    metrics& stats;
    connections conns;
    open_streams streams;
    // How often an idle API stream sends its keep-alive empty line.
    std::chrono::milliseconds stream_keepalive{7000};
    // A stream that has carried nothing but keep-alives this long is ended
    // (its last chunk written): a bot opens another, and an idle one cannot
    // hold a place for days (security review F7).
    std::chrono::milliseconds stream_idle{3600 * 1000};
    address_counter per_address;
    std::atomic<std::uint64_t> next_conn{1};
    std::atomic<bool> stopping{false};
    // The store and the accounts, for the API only (set by app; null without a
    // database).
    api::api_context api;
    // /readyz: empty when this node can serve new players, else why not (set
    // by app; any thread). Unset: ready.
    std::function<std::string()> readiness;
    // The web root's index.html (canonical path; empty without a web root),
    // served with `<html lang>` chosen among `languages`
    // (net/page_language.hpp): the catalogues in <web_root>/i18n/.
    std::string first_page;
    std::vector<std::string> languages{"en"};
};

}  // namespace kibitz::server
