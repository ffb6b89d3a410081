#pragma once
// What the arenas cost, for /metrics and bench/arena_load.sh: pairing waves
// (the pairing alone, and with their games started) and the standings sent.
// Written on the arena service's strand, read from any thread (/metrics):
// relaxed atomics, each figure on its own.
#include <atomic>
#include <chrono>
#include <cstdint>

namespace kibitz::server::tournament {

struct arena_figures {
    std::atomic<std::uint64_t> waves{0};         // waves that paired someone
    std::atomic<std::uint64_t> pairs{0};         // games they started
    std::atomic<std::uint64_t> pairing_ns{0};    // choosing the pairs (arena_state::wave)
    std::atomic<std::uint64_t> wave_ns{0};       // the same, plus starting their games
    std::atomic<std::uint64_t> wave_max_ns{0};   // the longest wave, games started
    std::atomic<std::uint64_t> results{0};       // games ended and scored
    std::atomic<std::uint64_t> standings_built{0};  // tournament.state frames serialized
    std::atomic<std::uint64_t> standings_ns{0};     // building them (ranking, encoding)
    std::atomic<std::uint64_t> standings_sent{0};   // frames queued to subscribers
    std::atomic<std::uint64_t> standings_bytes{0};  // their bytes, each subscriber's counted

    static std::uint64_t ns_since(std::chrono::steady_clock::time_point t0) {
        return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                              std::chrono::steady_clock::now() - t0)
                                              .count());
    }
    static void add(std::atomic<std::uint64_t>& a, std::uint64_t v) {
        a.fetch_add(v, std::memory_order_relaxed);
    }
    void note_wave(std::uint64_t ns) {
        add(wave_ns, ns);
        if (ns > wave_max_ns.load(std::memory_order_relaxed))
            wave_max_ns.store(ns, std::memory_order_relaxed);  // one writer: the strand
    }
};

}  // namespace kibitz::server::tournament
