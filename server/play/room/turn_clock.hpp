#pragma once
// The clocks of one game: the Fischer clock (none when untimed) and the
// first-move limit, which stands in for the clock until a seat has made its
// first move. The one place a turn starts (after a move, a takeback, a
// restore, a pause). A correspondence game has neither (its days per move
// run on the time of day: room::start_turn). Pure: time is passed in. Owned by a room, used on its
// strand.
#include <chrono>
#include <optional>

#include "domain/time_control.hpp"
#include "play/room/clock.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server {

class turn_clock {
public:
    using time_point = std::chrono::steady_clock::time_point;
    using ms = std::chrono::milliseconds;

    turn_clock(const std::optional<time_control>& tc, ms first_move_limit);

    // `seat` is to move from `now`: its clock runs once it has made its first
    // move; before that the clocks stand and the first-move limit counts.
    void start_turn(int seat, bool has_moved, time_point now);
    // `seat` moved at `now`: its clock stops and gets the increment.
    void on_move(int seat, time_point now);
    // Nothing runs and no first-move limit counts (the end, a pause, a takeback).
    void stop(time_point now);
    // Berserk (arenas): `seat`'s clock is half the initial time, rounded down
    // to a whole second, without increment. False (nothing changes) when
    // untimed or when half would be under a second. Before its first move
    // only: the room checks that.
    bool berserk(int seat);
    bool berserk_of(int seat) const { return berserk_[seat]; }

    bool timed() const { return clock_.has_value(); }
    // The Fischer clock; only when timed().
    const fischer_clock& clock() const { return *clock_; }
    fischer_clock& clock() { return *clock_; }
    const std::optional<time_point>& first_move_deadline() const { return first_move_deadline_; }
    // When something is due: the first-move limit, or the running clock's flag.
    std::optional<time_point> next_deadline() const;
    // The clocks as the protocol shows them at `now` (none when untimed); the
    // first-move countdown only while the game is played.
    std::optional<clocks_snapshot> snapshot(time_point now, bool playing) const;

private:
    std::optional<fischer_clock> clock_;
    std::optional<time_point> first_move_deadline_;
    ms first_move_limit_;
    bool correspondence_ = false;
    std::int64_t initial_ms_ = 0, increment_ms_ = 0;
    bool berserk_[2] = {false, false};
};

}  // namespace kibitz::server
