#include "shard.hpp"

#include "load_client.hpp"

namespace kibitz::bench {

std::atomic<int> g_phase{0};
std::atomic<long> g_games_finished{0}, g_games_seated{0};
std::atomic<long> g_moves_sent{0}, g_moves_acked{0};

shard::shard(const options& o, int index) : opt(o), rng_(o.seed * 0x9E3779B97F4A7C15ULL + index + 1) {}

shard::~shard() = default;

void shard::start() { pump_connects(); }

void shard::pump_connects() {
    // Throttled so the server's accept backlog never overflows with 10,000 at once.
    while (in_flight_ < opt.connect_parallel && next_connect_ < clients.size()) {
        ++in_flight_;
        clients[next_connect_++]->start();
    }
}

void shard::connection_done() {
    --in_flight_;
    pump_connects();
}

void shard::start_games() {
    for (auto& p : pairs)
        if (p->players[0]->is_welcomed()) p->players[0]->create_seek();
    for (auto* c : computer_players)
        if (c->is_welcomed()) c->play_computer();
    for (auto* c : arena_players)
        if (c->is_welcomed()) c->join_tournament();
}

void shard::shutdown_all() {
    for (auto& c : clients) c->shutdown();
    if (open == 0) return ioc.stop();
    // A server that never answers the close must not keep us here.
    close_deadline.expires_after(std::chrono::seconds(3));
    close_deadline.async_wait([this](boost::system::error_code) { ioc.stop(); });
}

void shard::closed_one() {
    if (--open == 0 && stopping()) ioc.stop();
}

}  // namespace kibitz::bench
