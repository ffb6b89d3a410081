// app (app.hpp): the arenas' figures on /metrics (tournament/arena_figures.hpp),
// read by bench/arena_load.sh, and the cluster node's connection records.
// Added before the server listens.
#include "app.hpp"
#include "cluster/cluster_node.hpp"
#include "tournament/arena_service.hpp"

namespace kibitz::server {

void app::add_arena_gauges() {
    if (!tournaments_) return;
    using figure = std::atomic<std::uint64_t> tournament::arena_figures::*;
    const std::pair<const char*, figure> each[] = {
        {"waves", &tournament::arena_figures::waves},
        {"pairs", &tournament::arena_figures::pairs},
        {"pairing_ns", &tournament::arena_figures::pairing_ns},
        {"wave_ns", &tournament::arena_figures::wave_ns},
        {"wave_max_ns", &tournament::arena_figures::wave_max_ns},
        {"results", &tournament::arena_figures::results},
        {"standings_built", &tournament::arena_figures::standings_built},
        {"standings_ns", &tournament::arena_figures::standings_ns},
        {"standings_sent", &tournament::arena_figures::standings_sent},
        {"standings_bytes", &tournament::arena_figures::standings_bytes},
    };
    for (const auto& [name, member] : each)
        metrics_.add_gauge(
            std::string("kibitz_arena_") + name,
            "Arenas since start (tournament/arena_figures.hpp).",
            [w = std::weak_ptr<tournament::arena_service>(tournaments_), member] {
                auto a = w.lock();
                return a ? static_cast<long long>(
                               (a->figures().*member).load(std::memory_order_relaxed))
                         : 0LL;
            });
}

void app::add_cluster_gauges() {
    if (!cluster_) return;
    metrics_.add_gauge("kibitz_cluster_connection_records",
                       "Connections this cluster node keeps records of (its own at the "
                       "lobby and in rooms elsewhere, other nodes' here).",
                       [w = std::weak_ptr<cluster::node>(cluster_)] {
                           auto n = w.lock();
                           return n ? static_cast<long long>(n->connection_records()) : 0LL;
                       });
}

}  // namespace kibitz::server
