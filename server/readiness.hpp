#pragma once
// /readyz (docs/cluster.md, "Readiness"): whether this node can serve a new
// player now, as a load balancer asks it; /healthz stays liveness only. Ready
// when the database answered its last probe (a read, every second, answered
// within two) and, in a cluster, both Redis links are up. The probe's timer
// runs on the io_context; its answer comes on a store thread; why_not() is
// read from any thread (atomics only).
#include <atomic>
#include <chrono>
#include <functional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

namespace kibitz::server {

namespace storage {
class store;
}

class readiness {
public:
    // `store` may be null (no database); `cluster_reachable` may be empty (no cluster).
    readiness(boost::asio::io_context& ioc, storage::store* store,
              std::function<bool()> cluster_reachable);
    void start();
    void stop();  // the timer is cancelled (or the io_context would never run out)
    // Empty when ready, else why not (for people).
    std::string why_not() const;

private:
    void probe();
    using clock = std::chrono::steady_clock;
    static std::int64_t now_ms();

    boost::asio::steady_timer timer_;
    storage::store* store_;
    std::function<bool()> cluster_reachable_;
    std::atomic<bool> db_ok_{true};
    std::atomic<std::int64_t> asked_ms_{0}, answered_ms_{0};  // the probe in flight
};

}  // namespace kibitz::server
