#pragma once
// The Fischer clock of one game: two remaining times and which one is running.
// Pure (time is passed in), owned by a room and used on its strand.
#include <chrono>
#include <cstdint>

namespace kibitz::server {

class fischer_clock {
public:
    using time_point = std::chrono::steady_clock::time_point;
    using ms = std::chrono::milliseconds;

    fischer_clock(ms initial, ms increment)
        : left_{initial, initial}, increment_{increment, increment} {}

    // Remaining time of `seat` at `now` (never negative).
    ms remaining(int seat, time_point now) const;
    int running() const { return running_; }
    ms increment(int seat) const { return increment_[seat]; }

    // `seat` finished a move at `now`: its running time stops and it gets the
    // increment. Returns false (and changes nothing) if its time had run out.
    bool on_move(int seat, time_point now);
    void start(int seat, time_point now);  // the seat's clock starts running
    void stop(time_point now);             // freezes whatever is running
    void set(int seat, ms left) { left_[seat] = left; }  // restored after a restart (stopped)
    // Berserk: `seat` has `left` and no increment from now on.
    void berserk(int seat, ms left) {
        left_[seat] = left;
        increment_[seat] = ms{0};
    }
    // When the running clock reaches zero (valid when running() >= 0).
    time_point flag_time() const { return since_ + left_[running_]; }

private:
    ms left_[2];
    ms increment_[2];
    int running_ = -1;
    time_point since_{};
};

}  // namespace kibitz::server
