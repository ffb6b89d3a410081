// Berserk in an arena's game (docs/tournaments.md): before its first move a
// seat halves its own clock and drops its increment, for a bonus point on a
// long enough win. Runs on the room's strand, like everything in room.
#include "play/room/room.hpp"
#include "play/tournament_desk.hpp"

namespace kibitz::server {

std::optional<wire_error> room::berserk(int seat) {
    if (!settings_.berserk) return wire_error{"not_available", "berserk is only for arena games"};
    if (!playing()) return wire_error{"game_over", "the game has ended"};
    if (clocks_.berserk_of(seat))
        return wire_error{"already_berserk", "you have already gone berserk in this game"};
    if (seats_[seat].moved) return wire_error{"too_late", "berserk only before your first move"};
    if (!clocks_.berserk(seat))
        return wire_error{"not_available", "this clock is too short to halve"};
    push_event(berserk_event{id_, seat, clocks_json()});
    // The arena scores it; told before the game's end, from this strand.
    if (auto* t = hub_.deps().tournaments) t->berserk(id_, seat);
    return std::nullopt;
}

}  // namespace kibitz::server
