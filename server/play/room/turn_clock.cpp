#include "play/room/turn_clock.hpp"

#include <algorithm>

namespace kibitz::server {

turn_clock::turn_clock(const std::optional<time_control>& tc, ms first_move_limit)
    : first_move_limit_(first_move_limit), correspondence_(is_correspondence(tc)) {
    // A correspondence game has no running clock here: its deadline is a
    // time of day (room::start_turn, correspondence_deadlines).
    if (!tc || correspondence_) return;
    clock_.emplace(std::chrono::seconds(tc->initial_s), std::chrono::seconds(tc->increment_s));
    initial_ms_ = std::int64_t{tc->initial_s} * 1000;
    increment_ms_ = std::int64_t{tc->increment_s} * 1000;
}

void turn_clock::start_turn(int seat, bool has_moved, time_point now) {
    if (has_moved) {
        if (clock_) clock_->start(seat, now);
        return;
    }
    // The 30 s first-move limit counts from the start of that seat's first turn.
    if (clock_) clock_->stop(now);
    if (!correspondence_) first_move_deadline_ = now + first_move_limit_;
}

void turn_clock::on_move(int seat, time_point now) {
    if (clock_) clock_->on_move(seat, now);
    first_move_deadline_.reset();
}

void turn_clock::stop(time_point now) {
    if (clock_) clock_->stop(now);
    first_move_deadline_.reset();
}

bool turn_clock::berserk(int seat) {
    const std::int64_t half_ms = initial_ms_ / 2 / 1000 * 1000;
    if (!clock_ || half_ms < 1000) return false;
    clock_->berserk(seat, ms{half_ms});
    berserk_[seat] = true;
    return true;
}

std::optional<turn_clock::time_point> turn_clock::next_deadline() const {
    if (first_move_deadline_) return first_move_deadline_;
    if (clock_ && clock_->running() >= 0) return clock_->flag_time();
    return std::nullopt;
}

std::optional<clocks_snapshot> turn_clock::snapshot(time_point now, bool playing) const {
    if (!clock_) return std::nullopt;
    clocks_snapshot c;
    c.ms[0] = clock_->remaining(0, now).count();
    c.ms[1] = clock_->remaining(1, now).count();
    c.running = clock_->running();
    c.initial_ms = initial_ms_;
    c.increment_ms = increment_ms_;
    c.berserk[0] = berserk_[0];
    c.berserk[1] = berserk_[1];
    if (first_move_deadline_ && playing) {
        auto left = std::chrono::duration_cast<ms>(*first_move_deadline_ - now);
        c.first_move_ms = std::max<std::int64_t>(0, left.count());
    }
    return c;
}

}  // namespace kibitz::server
