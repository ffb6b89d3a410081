// Takebacks in casual games, and the rating change after a rated game's end.
// Runs on the room's strand, like everything in room.
//
// A takeback undoes the asker's last move and whatever the opponent played
// after it, so that the asker is to move again: one ply when asked during the
// opponent's turn, two (or more, after an extra turn) on the asker's own turn.
// The position is rebuilt by replaying the remaining moves from the game's
// start (the standard one or the position it began from; the
// rules keep history for repetitions), both clocks go back to what they were
// after the last remaining move (what a restart restores from the store, so a
// takeback survives a restart exactly), and the store forgets the undone plies.
// The computer accepts every takeback at once.
#include <cmath>

#include <spdlog/spdlog.h>

#include "play/room.hpp"
#include "play/start_position.hpp"

namespace kibitz::server {

namespace {
wire_error err(std::string code, std::string message) { return {std::move(code), std::move(message)}; }
}  // namespace

int room::plies_to_take_back(int seat) const {
    auto i = plies_.size();
    while (i > 0 && plies_[i - 1].seat != seat) --i;  // the opponent's moves since
    if (i == 0) return 0;
    return static_cast<int>(plies_.size() - (i - 1));  // ... and the seat's own last move
}

std::optional<wire_error> room::takeback(int seat, bool offer, bool accept) {
    if (!playing()) return err("game_over", "the game has ended");
    if (settings_.rated) return err("not_available", "rated games have no takebacks");
    int other = 1 - seat;
    if (offer) {
        if (takeback_offer_ == seat) return err("not_available", "you already asked for a takeback");
        if (takeback_offer_ != other) {
            if (plies_to_take_back(seat) == 0)
                return err("not_available", "you have no move to take back");
            takeback_offer_ = seat;
            push_event(offer_event{id_, "takeback", seat, "open"});
            if (other == computer_seat_) return takeback(other, false, true);
            return std::nullopt;
        }
        // Asking while the opponent asks: accepting theirs.
    }
    if (takeback_offer_ != other) return err("no_offer", "your opponent has not asked for a takeback");
    takeback_offer_ = -1;
    if (!offer && !accept) {
        push_event(offer_event{id_, "takeback", other, "declined"});
        return std::nullopt;
    }
    push_event(offer_event{id_, "takeback", other, "accepted"});
    take_back(other);
    return std::nullopt;
}

void room::take_back(int seat) {
    const int undo = plies_to_take_back(seat);
    const auto keep = moves_.size() - static_cast<std::size_t>(undo);
    game_ = game_at_start(*settings_.game, settings_.start_position);
    last_.reset();
    last_seat_ = -1;
    legal_.clear();
    for (std::size_t k = 0; k < keep; ++k) {
        auto index = game_->parse_move(moves_[k]);
        if (!index) throw std::runtime_error("ply " + std::to_string(k + 1) + " does not replay");
        if (k + 1 == keep) note_last(index.value(), plies_[k].seat);  // the new last move's highlight
        game_->play(index.value());
    }
    moves_.resize(keep);
    plies_.resize(keep);
    computer_stop();  // a search of a position that is gone
    for (int s = 0; s < 2; ++s) {
        seats_[s].moved = false;
        for (const auto& p : plies_) seats_[s].moved = seats_[s].moved || p.seat == s;
    }
    auto now = clock_type::now();
    first_move_deadline_.reset();
    if (clock_) {
        clock_->stop(now);
        std::int64_t initial = std::int64_t{settings_.tc->initial_s} * 1000;
        std::array<std::int64_t, 2> left{initial, initial};
        if (!plies_.empty()) left = plies_.back().clock_ms;
        for (int s = 0; s < 2; ++s) clock_->set(s, std::chrono::milliseconds(left[s]));
    }
    int next = game_->to_move();
    if (seats_[next].moved) {
        if (clock_) start_clock(next, now);
    } else {
        first_move_deadline_ = now + hub_.config().first_move_limit;
    }
    auto view = game_->view_for_mover(false);
    push_event(takeback_event{id_, seat, undo, keep, moves_, last_json(), to_json(view, false),
                              clocks_json()});
    hub_.deps().recorder->on_takeback(id_, static_cast<int>(keep));
    spdlog::info("game takeback {}: {} plies, back to ply {}", id_, undo, keep);
    arm_timer();
    computer_turn();
    live_changed(&view);
}

void room::ratings_known(const std::vector<storage::rating_change>& changes) {
    std::array<storage::rating_change, 2> by_seat;
    int found = 0;
    for (const auto& c : changes)
        for (int s = 0; s < 2; ++s)
            if (seats_[s].who->row == c.who) by_seat[s] = c, ++found;
    if (found != 2) return;
    rating_changes_ = by_seat;
    push_event(ratings_event{id_, ratings_json()});
}

json room::ratings_json() const {
    json out = json::array();
    if (!rating_changes_) return out;
    for (int s = 0; s < 2; ++s) {
        const auto& c = (*rating_changes_)[s];
        long before = std::lround(c.before.rating), after = std::lround(c.after.rating);
        out.push_back({{"seat", s},
                       {"before", before},
                       {"after", after},
                       {"diff", after - before},
                       {"provisional", c.after.provisional()}});
    }
    return out;
}

}  // namespace kibitz::server
