// A room's correspondence clock: each turn gives the mover the full days per
// move, as a deadline on the time of day (hub config clock) that the server's
// correspondence_deadlines watch and that each move stores with itself. Runs
// on the room's strand, like everything in room.
#include <spdlog/spdlog.h>

#include "play/post_guarded.hpp"
#include "play/room/room.hpp"

namespace kibitz::server {

void room::start_correspondence_turn(std::int64_t now_ms) {
    deadline_ms_.reset();
    if (auto allowance = settings_.tc->move_allowance_ms()) deadline_ms_ = now_ms + *allowance;
    schedule_deadline();
}

void room::schedule_deadline() {
    if (!deadline_ms_ || !playing()) {
        hub_.deps().deadlines->clear(id_);
        return;
    }
    hub_.deps().deadlines->set(id_, *deadline_ms_, [weak = weak_from_this()] {
        if (auto r = weak.lock()) r->deadline_passed();
    });
}

void room::deadline_passed() {
    post_guarded(
        strand_, shared_from_this(),
        [this] {
            // Not yet (the time of day went back): wait again.
            if (playing() && !deadline_check()) schedule_deadline();
        },
        [](const room& r) { return "room " + r.id(); });
}

bool room::deadline_check() {
    if (!playing() || !deadline_ms_ || now_ms(-1) < *deadline_ms_) return false;
    int mover = game_->to_move();
    spdlog::info("room {}: correspondence deadline passed for seat {}", id_, mover);
    // As a live game's first-move limit: a game whose mover never moved is aborted.
    if (!seats_[mover].moved) finish({core::status_kind::draw, -1, "first move not made"}, true);
    else finish({core::status_kind::win, 1 - mover, "flag"}, false);
    return true;
}

}  // namespace kibitz::server
