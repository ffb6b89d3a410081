#pragma once
// Process-wide counters for /metrics (Prometheus text format). Lock-free
// atomics, updated from any thread; rendered on an HTTP session's strand.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

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
    std::array<std::atomic<long>, 8> rooms_by_game{};  // index = registry order
    std::array<std::atomic<std::uint64_t>, bounds.size() + 1> latency_buckets{};
    std::atomic<std::uint64_t> latency_sum_ns{0};

    void observe_latency(std::chrono::nanoseconds d);
    void room_opened(std::string_view game, int delta);
    std::string render() const;
};

}  // namespace kibitz::server
