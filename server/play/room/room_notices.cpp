// A room's notifications (notify/notifications.hpp): a correspondence game
// started, it is a player's turn, the game is over (none for a live game). Each says which room,
// which game and against whom, so a list entry leads back to the game. On the
// room's strand; the notifier returns at once.
#include "play/notification_desk.hpp"
#include "play/room/room.hpp"

namespace kibitz::server {

namespace {
std::string outcome(const core::status& st, bool aborted, int seat) {
    if (aborted) return "aborted";
    if (st.kind == core::status_kind::draw) return "draw";
    return st.winner == seat ? "win" : "loss";
}
}  // namespace

void room::tell_players(std::string_view kind, int only_seat) const {
    auto* out = hub_.deps().notifications;
    if (!out) return;
    // A live game (tournament games included) is played on its open page:
    // its start and end are no news, and kept they buried the notices that
    // matter (a correspondence turn, a challenge, an event starting).
    if (!correspondence() && (kind == "game_started" || kind == "game_over")) return;
    for (int s = 0; s < 2; ++s) {
        if (only_seat >= 0 && s != only_seat) continue;
        const auto& who = seats_[s].who;
        json data = {{"room", id_},
                     {"game", std::string(settings_.game->id)},
                     {"opponent", seats_[1 - s].who->name}};
        if (kind == "game_over") {
            data["result"] = outcome(status_, aborted_, s);
            data["reason"] = status_.reason;
        }
        if (kind == "your_turn" && deadline_ms_) data["deadline_ms"] = *deadline_ms_;
        if (kind == "game_started") data["correspondence"] = correspondence();
        out->notify(who, std::string(kind), std::move(data));
    }
}

}  // namespace kibitz::server
