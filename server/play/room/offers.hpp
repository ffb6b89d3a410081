#pragma once
// The offers of a room, as lila's Drawer, Takebacker and Rematcher keep
// them: who has asked for what, and what asking or answering does. Pure:
// the room checks what else an offer needs (a game in play, a move to take
// back, the caps on games), sends the events and acts on the outcome. Owned
// by a room, used on its strand.
#include <array>
#include <optional>

namespace kibitz::server {

// What asking or answering did.
enum class offer_step {
    already_open,    // the seat had asked already: nothing changes
    opened,          // the seat's offer is open now
    accepted,        // the opponent's offer is accepted (and closed)
    declined,        // the opponent's offer is declined (and closed)
    none_to_answer,  // the opponent has no open offer
};

// An offer one seat makes and the other answers (a draw, a takeback); asking
// while the opponent asks accepts theirs.
class seat_offer {
public:
    int by() const { return by_; }  // the seat whose offer is open, or -1
    offer_step offer(int seat);
    offer_step answer(int seat, bool accept);
    // A move was played: the open offer lapses; returns the seat that had
    // made it. With `mover`, only an offer the mover did not make lapses (a
    // draw offer stands through the offerer's own move).
    std::optional<int> lapse(std::optional<int> mover = std::nullopt);
    void clear() { by_ = -1; }

private:
    int by_ = -1;
};

// A rematch, after the game: each seat asks; once both have, it starts (and
// both stay marked, as room.state shows). A computer opponent always agrees.
class rematch_offer {
public:
    const std::array<bool, 2>& asked() const { return asked_; }
    // Whether `seat` asking now would start the rematch.
    bool would_start(int seat, bool other_always_agrees) const {
        return asked_[1 - seat] || other_always_agrees;
    }
    offer_step ask(int seat, bool other_always_agrees);
    offer_step decline(int seat);  // `seat` declines the opponent's request

private:
    std::array<bool, 2> asked_{false, false};
};

}  // namespace kibitz::server
