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

#include "play/room/room.hpp"
#include "play/room/start_position.hpp"

namespace kibitz::server {

std::optional<wire_error> room::takeback(int seat, bool offer, bool accept) {
    if (!playing()) return refusal("game_over", "the game has ended");
    if (settings_.rated) return refusal("not_available", "rated games have no takebacks");
    int other = 1 - seat;
    // Opening one needs a move to take back (asking while the opponent asks
    // accepts theirs).
    if (offer && takeback_offer_.by() < 0 && journal_.plies_to_take_back(seat) == 0)
        return refusal("not_available", "you have no move to take back");
    switch (offer ? takeback_offer_.offer(seat) : takeback_offer_.answer(seat, accept)) {
    case offer_step::already_open:
        return refusal("not_available", "you already asked for a takeback");
    case offer_step::none_to_answer:
        return refusal("no_offer", "your opponent has not asked for a takeback");
    case offer_step::opened:
        push_event(offer_event{id_, "takeback", seat, "open"});
        if (other == computer_.seat()) return takeback(other, false, true);
        return std::nullopt;
    case offer_step::declined:
        push_event(offer_event{id_, "takeback", other, "declined"});
        return std::nullopt;
    case offer_step::accepted:
        break;
    }
    push_event(offer_event{id_, "takeback", other, "accepted"});
    take_back(other);
    return std::nullopt;
}

void room::take_back(int seat) {
    const int undo = journal_.plies_to_take_back(seat);
    const auto keep = journal_.size() - static_cast<std::size_t>(undo);
    game_ = game_at_start(*settings_.game, settings_.start_position);
    journal_.forget_last();
    for (std::size_t k = 0; k < keep; ++k) {
        auto index = game_->parse_move(journal_.moves()[k]);
        if (!index) throw std::runtime_error("ply " + std::to_string(k + 1) + " does not replay");
        if (k + 1 == keep)  // the new last move's highlight
            note_last(index.value(), journal_.plies()[k].seat);
        game_->play(index.value());
    }
    journal_.truncate(keep);
    computer_stop();  // a search of a position that is gone
    if (premove_.seat >= 0) {  // a line foresaw a position that is gone
        int owner = premove_.seat;
        premove_ = {};
        premove_changed(owner);
    }
    const auto& plies = journal_.plies();
    for (int s = 0; s < 2; ++s) {
        seats_[s].moved = false;
        for (const auto& p : plies) seats_[s].moved = seats_[s].moved || p.seat == s;
    }
    auto now = clock_type::now();
    clocks_.stop(now);
    if (clocks_.timed()) {
        std::int64_t initial = std::int64_t{settings_.tc->initial_s} * 1000;
        std::array<std::int64_t, 2> left{initial, initial};
        if (!plies.empty()) left = plies.back().clock_ms;
        for (int s = 0; s < 2; ++s) clocks_.clock().set(s, std::chrono::milliseconds(left[s]));
    }
    start_turn(now);
    auto view = game_->view_for_mover(false);
    push_event(takeback_event{id_, seat, undo, keep, journal_.moves(), last_json(),
                              to_json(view, false), clocks_json()});
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
