// A room of a cluster's node while its bus (Redis) is down: a player whose
// only connections are on other nodes can neither see the opponent's move
// nor answer it, so that seat's clock stands until the bus is back (issue
// 29, F6). The other seat plays on; its clock runs as usual. Runs on the
// room's strand.
#include <algorithm>

#include "play/post_guarded.hpp"
#include "play/room/room.hpp"

namespace kibitz::server {

void room::cut_off(bool on, std::uint64_t first_remote) {
    post_guarded(
        strand_, shared_from_this(),
        [this, on, first_remote] {
            if (cut_off_ == on) return;
            cut_off_ = on;
            first_remote_ = first_remote;
            if (!clocks_.timed() || !playing() || store_paused_) return;
            auto now = clock_type::now();
            int next = game_->to_move();
            auto& clock = clocks_.clock();
            if (on && clock.running() == next && seat_cut_off(next)) {
                clock.stop(now);
                clock_held_ = true;
            } else if (!on && clock_held_) {
                clock_held_ = false;
                if (clock.running() < 0) clock.start(next, now);
            }
            arm_timer();
        },
        [](const room& r) { return "room " + r.id_; });
}

bool room::seat_cut_off(int seat) const {
    const auto& s = seats_[seat];
    if (!cut_off_ || s.computer || s.conns.empty()) return false;
    return std::all_of(s.conns.begin(), s.conns.end(),
                       [this](const auto& c) { return c.first >= first_remote_; });
}

}  // namespace kibitz::server
