#pragma once
// One generator thread: its io_context, the connections it drives, the games
// they form and what it measured. Games never span shards, so nothing here
// is shared between threads except `phase` (an atomic the main thread sets).
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "options.hpp"
#include "run_stats.hpp"

namespace kibitz::bench {

using clock_type = std::chrono::steady_clock;

enum class phase : int { warmup = 0, measure = 1, stop = 2 };
extern std::atomic<int> g_phase;
inline bool measuring() { return g_phase.load(std::memory_order_relaxed) == 1; }
inline bool stopping() { return g_phase.load(std::memory_order_relaxed) == 2; }
// Whatever the phase: games finished (--finish-games) and games that reached
// their --seated-plies (--mode seated), read by the main thread.
extern std::atomic<long> g_games_finished, g_games_seated;
extern std::atomic<long> g_moves_sent, g_moves_acked;  // players', whatever the phase

class load_client;

// Two players and their spectators. The move in flight is remembered by ply
// (a ring of the last 8) so receivers can time it on the same clock.
struct game_pair {
    load_client* players[2] = {nullptr, nullptr};  // [0] creates seeks, [1] accepts
    std::vector<load_client*> spectators;
    std::string room;
    struct sent {
        std::int64_t ply = -1;
        clock_type::time_point at;
    };
    sent in_flight[8];
    void note_sent(std::int64_t ply, clock_type::time_point at) { in_flight[ply & 7] = {ply, at}; }
    const sent* find(std::int64_t ply) const {
        const auto& s = in_flight[ply & 7];
        return s.ply == ply ? &s : nullptr;
    }
};

struct shard {
    explicit shard(const options& o, int index);
    ~shard();
    void start();           // begin connecting (on the shard's thread)
    void pump_connects();   // keep up to connect_parallel handshakes in flight
    void connection_done(); // one handshake finished (either way)
    void start_games();     // every pair opens its first seek, every computer player its game,
                            // every arena player joins the arena
    void shutdown_all();    // close every connection, then let run() return
    void closed_one();

    std::uint64_t rand() {  // xorshift64*
        rng_ ^= rng_ >> 12;
        rng_ ^= rng_ << 25;
        rng_ ^= rng_ >> 27;
        return rng_ * 2685821657736338717ULL;
    }

    // Declared first so it outlives the sockets below.
    boost::asio::io_context ioc{1};
    const options& opt;
    boost::asio::ip::tcp::endpoint endpoint;
    run_stats stats;
    std::vector<std::unique_ptr<game_pair>> pairs;
    std::vector<std::unique_ptr<load_client>> clients;
    std::vector<load_client*> computer_players;  // in clients too; each plays the computer
    std::vector<load_client*> arena_players;     // in clients too (arena mode)
    std::atomic<int> welcomed{0};   // read by the main thread
    std::atomic<int> failed{0};
    int open = 0;
    boost::asio::steady_timer close_deadline{ioc};

private:
    std::size_t next_connect_ = 0;
    int in_flight_ = 0;
    std::uint64_t rng_;
};

}  // namespace kibitz::bench
