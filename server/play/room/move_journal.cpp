#include "play/room/move_journal.hpp"

namespace kibitz::server {

void move_journal::note_last(const std::string& text, int seat) {
    last_ = core::move_view{text, {}, {}};
    last_seat_ = seat;
    for (auto& m : legal_)
        if (m.text == text) {
            last_ = std::move(m);
            break;
        }
    legal_.clear();  // the position is about to change
}

void move_journal::record(std::string text, int seat, std::array<std::int64_t, 2> clock_ms) {
    moves_.push_back(std::move(text));
    plies_.push_back({seat, clock_ms});
}

int move_journal::plies_to_take_back(int seat) const {
    auto i = plies_.size();
    while (i > 0 && plies_[i - 1].seat != seat) --i;  // the opponent's moves since
    if (i == 0) return 0;
    return static_cast<int>(plies_.size() - (i - 1));  // ... and the seat's own last move
}

void move_journal::forget_last() {
    last_.reset();
    last_seat_ = -1;
    legal_.clear();
}

void move_journal::truncate(std::size_t keep) {
    if (keep < moves_.size()) moves_.resize(keep);
    if (keep < plies_.size()) plies_.resize(keep);
}

void move_journal::close() {
    legal_ = {};
    moves_.shrink_to_fit();
    plies_ = {};
}

}  // namespace kibitz::server
