// A room and the store: every move is handed to the recorder, and its answer
// comes back on the room's strand. When a move cannot be stored (disk full,
// I/O error) the game must not go on in memory alone — the database and the
// live game would diverge, and a restart would replay a shorter game. So the
// room pauses: no move (nor resign, claim, draw) is taken, both clocks stop,
// everyone is told ("paused"); it retries the moves not yet stored, in order,
// with a growing delay, and once all are stored it resumes ("resumed") from
// exactly that state, clocks running again.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "play/post_guarded.hpp"
#include "play/room/room.hpp"

namespace kibitz::server {

namespace {
constexpr auto max_store_retry = std::chrono::seconds(30);
}  // namespace

void room::record_move(const move_played& rec, move_done done) {
    unstored_.push_back(rec);
    auto v = v_;
    hub_.deps().recorder->on_move(rec, [self = shared_from_this(), done = std::move(done), v,
                                        ply = rec.ply](bool durable) {
        // The recorder answers on its own thread: back to the strand first.
        post_guarded(self->strand_, self, [self, done, v, ply, durable] {
            self->move_recorded(ply, durable);
            if (done) done(durable, v);
        }, [](const room& r) { return "room " + r.id_; });
    });
}

void room::move_recorded(int ply, bool durable) {
    if (durable) {
        if (!unstored_.empty() && unstored_.front().ply == ply) unstored_.pop_front();
        return;
    }
    if (store_paused_) return;  // the moves after the first failure fail too: retried in turn
    if (!playing()) {
        // The move ended the game: there is no play left to hold back.
        spdlog::error("room {}: the last move (ply {}) could not be stored", id_, ply);
        return;
    }
    pause_for_store();
}

void room::pause_for_store() {
    store_paused_ = true;
    paused_at_ = clock_type::now();
    clocks_.stop(paused_at_);
    arm_timer();  // nothing is due while paused: cancels the wait
    computer_stop();
    spdlog::error("room {}: a move could not be stored; play paused while storing is retried",
                  id_);
    push_event(paused_event{id_, "storage", clocks_json()});
    store_retry_delay_ = hub_.config().store_retry;
    schedule_store_retry();
}

void room::schedule_store_retry() {
    store_retry_timer_.expires_after(store_retry_delay_);
    store_retry_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
        if (!ec) self->retry_store();
    });
}

void room::retry_store() {
    if (!store_paused_) return;
    if (unstored_.empty()) return resume_after_store();
    const auto& rec = unstored_.front();
    hub_.deps().recorder->on_move(rec, [self = shared_from_this(), ply = rec.ply](bool durable) {
        post_guarded(self->strand_, self, [self, ply, durable] {
            if (!self->store_paused_) return;
            if (!durable) {
                self->store_retry_delay_ = std::min<ms>(self->store_retry_delay_ * 2,
                                                        max_store_retry);
                return self->schedule_store_retry();
            }
            if (!self->unstored_.empty() && self->unstored_.front().ply == ply)
                self->unstored_.pop_front();
            self->retry_store();  // the next one, or resume
        }, [](const room& r) { return "room " + r.id_; });
    });
}

void room::resume_after_store() {
    store_paused_ = false;
    auto now = clock_type::now();
    if (playing()) {
        start_turn(now);
        // An absent player's grace did not run while nobody could play.
        for (auto& seat : seats_)
            if (!seat.connected()) seat.claim_at += now - paused_at_;
    }
    spdlog::info("room {}: moves stored again; play resumed", id_);
    push_event(resumed_event{id_, clocks_json()});
    arm_timer();
    computer_turn();
}

}  // namespace kibitz::server
