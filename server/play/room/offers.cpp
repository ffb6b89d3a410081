#include "play/room/offers.hpp"

namespace kibitz::server {

offer_step seat_offer::offer(int seat) {
    if (by_ == seat) return offer_step::already_open;
    if (by_ == 1 - seat) {
        by_ = -1;
        return offer_step::accepted;
    }
    by_ = seat;
    return offer_step::opened;
}

offer_step seat_offer::answer(int seat, bool accept) {
    if (by_ != 1 - seat) return offer_step::none_to_answer;
    by_ = -1;
    return accept ? offer_step::accepted : offer_step::declined;
}

std::optional<int> seat_offer::lapse(std::optional<int> mover) {
    if (by_ < 0 || (mover && by_ == *mover)) return std::nullopt;
    int was = by_;
    by_ = -1;
    return was;
}

offer_step rematch_offer::ask(int seat, bool other_always_agrees) {
    if (asked_[seat]) return offer_step::already_open;
    asked_[seat] = true;
    if (other_always_agrees) asked_[1 - seat] = true;
    return asked_[1 - seat] ? offer_step::accepted : offer_step::opened;
}

offer_step rematch_offer::decline(int seat) {
    if (!asked_[1 - seat]) return offer_step::none_to_answer;
    asked_[1 - seat] = false;
    return offer_step::declined;
}

}  // namespace kibitz::server
