#include "observe/metrics.hpp"

#include <sstream>

#include "kibitz/core/registry.hpp"

namespace kibitz::server {

metrics::metrics()
    : game_count(core::all_games().size()),
      rooms_by_game(std::make_unique<std::atomic<long>[]>(game_count)) {}

void metrics::observe_latency(std::chrono::nanoseconds d) {
    double s = std::chrono::duration<double>(d).count();
    std::size_t i = 0;
    while (i < bounds.size() && s > bounds[i]) ++i;
    latency_buckets[i].fetch_add(1, std::memory_order_relaxed);
    latency_sum_ns.fetch_add(static_cast<std::uint64_t>(d.count()), std::memory_order_relaxed);
}

void metrics::room_opened(std::string_view game, int delta) {
    auto games = core::all_games();
    for (std::size_t i = 0; i < game_count; ++i)
        if (games[i].id == game) rooms_by_game[i] += delta;
}

long metrics::rooms_of(std::string_view game) const {
    auto games = core::all_games();
    for (std::size_t i = 0; i < game_count; ++i)
        if (games[i].id == game) return rooms_by_game[i].load();
    return -1;
}

void metrics::add_gauge(std::string name, std::string help, std::function<long long()> read) {
    gauges_.push_back({std::move(name), std::move(help), std::move(read)});
}

std::string metrics::render() const {
    std::ostringstream o;
    o << "# HELP kibitz_connections Open WebSocket connections.\n"
      << "# TYPE kibitz_connections gauge\nkibitz_connections " << connections.load() << "\n"
      << "# HELP kibitz_connections_total WebSocket connections accepted.\n"
      << "# TYPE kibitz_connections_total counter\nkibitz_connections_total "
      << connections_total.load() << "\n"
      << "# HELP kibitz_rooms Games in play, by game id.\n# TYPE kibitz_rooms gauge\n";
    auto games = core::all_games();
    for (std::size_t i = 0; i < game_count; ++i)
        o << "kibitz_rooms{game=\"" << games[i].id << "\"} " << rooms_by_game[i].load() << "\n";
    o << "# HELP kibitz_moves_total Moves accepted.\n# TYPE kibitz_moves_total counter\n"
      << "kibitz_moves_total " << moves_total.load() << "\n"
      << "# HELP kibitz_messages_total Client messages handled.\n"
      << "# TYPE kibitz_messages_total counter\nkibitz_messages_total " << messages_total.load()
      << "\n# HELP kibitz_rejected_total Client messages answered with an error.\n"
      << "# TYPE kibitz_rejected_total counter\nkibitz_rejected_total " << rejected_total.load()
      << "\n# HELP kibitz_outbound_bytes Bytes queued to clients, not yet written.\n"
      << "# TYPE kibitz_outbound_bytes gauge\nkibitz_outbound_bytes " << outbound_bytes.load()
      << "\n# HELP kibitz_slow_clients_total Connections cut because they did not read.\n"
      << "# TYPE kibitz_slow_clients_total counter\nkibitz_slow_clients_total "
      << slow_clients_total.load()
      << "\n# HELP kibitz_live_snapshots_built_total live.snapshot frames serialized (shared until "
         "their list changes).\n# TYPE kibitz_live_snapshots_built_total counter\n"
         "kibitz_live_snapshots_built_total "
      << live_snapshots_built_total.load()
      << "\n# HELP kibitz_message_seconds Time to decode and dispatch one client message.\n"
      << "# TYPE kibitz_message_seconds histogram\n";
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i < bounds.size(); ++i) {
        cumulative += latency_buckets[i].load();
        o << "kibitz_message_seconds_bucket{le=\"" << bounds[i] << "\"} " << cumulative << "\n";
    }
    cumulative += latency_buckets[bounds.size()].load();
    o << "kibitz_message_seconds_bucket{le=\"+Inf\"} " << cumulative << "\n"
      << "kibitz_message_seconds_sum " << static_cast<double>(latency_sum_ns.load()) / 1e9 << "\n"
      << "kibitz_message_seconds_count " << cumulative << "\n";
    for (const auto& g : gauges_)
        o << "# HELP " << g.name << " " << g.help << "\n# TYPE " << g.name << " gauge\n"
          << g.name << " " << g.read() << "\n";
    return o.str();
}

}  // namespace kibitz::server
