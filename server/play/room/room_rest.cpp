// A correspondence room leaves memory while nobody looks at it: once no seat
// has a connection and no one watches, and nothing is in flight (a move not
// yet stored, the computer's turn), it waits play_config::correspondence_idle
// and then hands itself to the directory's rest (room_directory_resting.cpp),
// which loads it back from the store when someone opens it or its deadline
// comes. A join or command that reached it meanwhile goes to the reloaded
// room. Runs on the room's strand, like everything in room.
#include <spdlog/spdlog.h>

#include "play/live/live_games.hpp"
#include "play/room/room.hpp"

namespace kibitz::server {

bool room::watched() const {
    return !seats_[0].conns.empty() || !seats_[1].conns.empty() || !spectators_.empty();
}

bool room::busy() const {
    return !unstored_.empty() || store_paused_ ||
           (computer_.seat() >= 0 && game_->to_move() == computer_.seat());
}

void room::rest_when_idle() {
    if (resting_ || idle_armed_ || !correspondence() || !playing() || watched()) return;
    idle_armed_ = true;
    // linger_timer_ waits only after the end, and the end cancels this wait.
    linger_timer_.expires_after(hub_.config().correspondence_idle);
    linger_timer_.async_wait([self = shared_from_this(), this](boost::system::error_code ec) {
        idle_armed_ = false;
        if (ec || resting_ || !playing() || watched()) return;
        if (busy()) return rest_when_idle();  // again, once that is done
        rest();
    });
}

void room::rest() {
    if (!hub_.rooms().rest(id_, deadline_ms_)) return;  // nothing to load it back from
    resting_ = true;
    timer_.cancel();
    timer_armed_ = false;
    spectators_timer_.cancel();
    store_retry_timer_.cancel();
    computer_stop();
    if (!settings_.is_private) hub_.live().room_ended(std::string(settings_.game->id), id_);
    spdlog::debug("room {}: idle, out of memory until opened", id_);
}

void room::reopen(std::function<void(const std::shared_ptr<room>&)> then) {
    hub_.rooms().open(id_, [then = std::move(then)](const std::shared_ptr<room>& r) {
        if (r) then(r);
    });
}

}  // namespace kibitz::server
