#pragma once
// The server's one reading of the time of day: milliseconds since the Unix
// epoch, for what is stored or shown (a move's or a chat line's time, a
// session's last use, a welcome's server_time). The composition root makes
// one and passes it down by value; a test makes a manual_clock and passes its
// wall_clock instead, then sets or advances it. A move reads it, so reading
// costs one predictable branch and the system clock (or one relaxed load).
// Game clocks and timers run on the steady clock, not on this.
// Plain values; any thread. A manual_clock outlives the wall_clocks it gives.
#include <atomic>
#include <chrono>
#include <cstdint>

namespace kibitz::server {

class wall_clock {
public:
    wall_clock() = default;  // the system clock

    std::int64_t now_ms() const {
        return manual_ ? manual_->load(std::memory_order_relaxed) : system_now_ms();
    }
    static std::int64_t system_now_ms() {
        using namespace std::chrono;
        return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
    }

private:
    friend class manual_clock;
    explicit wall_clock(const std::atomic<std::int64_t>* manual) : manual_(manual) {}
    const std::atomic<std::int64_t>* manual_ = nullptr;
};

// A time of day that moves only when a test says so.
class manual_clock {
public:
    explicit manual_clock(std::int64_t start_ms = wall_clock::system_now_ms()) : ms_(start_ms) {}
    manual_clock(const manual_clock&) = delete;
    manual_clock& operator=(const manual_clock&) = delete;

    wall_clock clock() const { return wall_clock(&ms_); }
    std::int64_t now_ms() const { return ms_.load(std::memory_order_relaxed); }
    void set(std::int64_t ms) { ms_.store(ms, std::memory_order_relaxed); }
    void advance(std::chrono::milliseconds by) {
        ms_.fetch_add(by.count(), std::memory_order_relaxed);
    }

private:
    std::atomic<std::int64_t> ms_;
};

}  // namespace kibitz::server
