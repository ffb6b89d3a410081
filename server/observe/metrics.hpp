#pragma once
// Process-wide counters for /metrics (Prometheus text format). Lock-free
// atomics, updated from any thread; rendered on an HTTP session's strand.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::server {

struct metrics {
    // Upper bounds of the message-handling latency histogram, in seconds.
    static constexpr std::array<double, 10> bounds = {0.0001, 0.00025, 0.0005, 0.001, 0.0025,
                                                      0.005,  0.01,    0.025,  0.1,   1.0};
    std::atomic<long> connections{0};
    std::atomic<std::uint64_t> connections_total{0};
    std::atomic<std::uint64_t> messages_total{0};
    std::atomic<std::uint64_t> moves_total{0};
    std::atomic<std::uint64_t> rejected_total{0};  // errors sent for bad commands
    // Bytes queued to clients and not yet written, all connections together
    // (the net layer bounds it: --outbound-bytes), and the clients cut off
    // because they did not read fast enough.
    std::atomic<long long> outbound_bytes{0};
    std::atomic<std::uint64_t> slow_clients_total{0};
    // live.snapshot frames serialized: one per change of a game's list,
    // shared by every subscriber until then (play/live/live_lists.cpp).
    std::atomic<std::uint64_t> live_snapshots_built_total{0};
    // Index = registry order, one per game in the catalogue (sized at construction).
    const std::size_t game_count;
    const std::unique_ptr<std::atomic<long>[]> rooms_by_game;
    std::array<std::atomic<std::uint64_t>, bounds.size() + 1> latency_buckets{};
    std::atomic<std::uint64_t> latency_sum_ns{0};

    metrics();

    void observe_latency(std::chrono::nanoseconds d);
    void room_opened(std::string_view game, int delta);
    long rooms_of(std::string_view game) const;  // -1 for a game not in the catalogue
    std::string render() const;

    // A gauge read when /metrics is asked for, from a layer this one cannot
    // see (the store's memory). Added at start-up, before the server listens:
    // the list itself is not guarded. `read` must be safe from any thread.
    void add_gauge(std::string name, std::string help, std::function<long long()> read);

private:
    struct gauge {
        std::string name, help;
        std::function<long long()> read;
    };
    std::vector<gauge> gauges_;
};

}  // namespace kibitz::server
