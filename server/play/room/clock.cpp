#include "play/room/clock.hpp"

#include <algorithm>

namespace kibitz::server {

fischer_clock::ms fischer_clock::remaining(int seat, time_point now) const {
    ms left = left_[seat];
    if (seat == running_) left -= std::chrono::duration_cast<ms>(now - since_);
    return std::max(left, ms{0});
}

bool fischer_clock::on_move(int seat, time_point now) {
    if (seat == running_) {
        ms left = left_[seat] - std::chrono::duration_cast<ms>(now - since_);
        if (left <= ms{0}) return false;
        left_[seat] = left;
        running_ = -1;
    }
    // Every move adds the increment (platform.md), including the first.
    left_[seat] += increment_[seat];
    return true;
}

void fischer_clock::start(int seat, time_point now) {
    stop(now);
    running_ = seat;
    since_ = now;
}

void fischer_clock::stop(time_point now) {
    if (running_ >= 0) {
        left_[running_] = remaining(running_, now);
        running_ = -1;
    }
}

}  // namespace kibitz::server
