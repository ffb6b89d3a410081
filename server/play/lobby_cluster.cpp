// The lobby's live lists in a cluster (docs/cluster.md, "One lobby"): every
// node's lobby lists the public games of the other nodes with its own (the
// leader's is the one clients see, and any node may lead next), and sends
// its own to the others through remote_lobby, throttled as its own list is:
// a game's changes at most once per count batch. Runs on the lobby's strand.
#include "play/lobby.hpp"

namespace kibitz::server {

void lobby::remote_started(std::string game, std::string room, json summary, live_position pos) {
    on_strand([this, game = std::move(game), room = std::move(room), summary = std::move(summary),
               pos = std::move(pos)]() mutable {
        local_live_.erase(room);  // hosted elsewhere now (taken over)
        list_started(game, room, std::move(summary), std::move(pos));
    });
}

void lobby::remote_changed(std::string game, std::string room, std::size_t plies,
                           std::size_t spectators, std::optional<live_position> pos) {
    on_strand([this, game = std::move(game), room = std::move(room), plies, spectators,
               pos = std::move(pos)]() mutable {
        if (local_live_.count(room)) return;  // hosted here now: its own changes count
        list_changed(game, room, plies, spectators, std::move(pos));
    });
}

void lobby::remote_ended(std::string game, std::string room) {
    on_strand([this, game = std::move(game), room = std::move(room)] {
        if (local_live_.count(room) || !live_seq_.count(room)) return;  // here, or never listed
        list_ended(game, room);
    });
}

void lobby::feed_listed(const std::string& game, const std::string& room, const json& summary,
                        const live_position& pos) {
    auto* c = hub_.deps().cluster_lobby;
    if (!c) return;
    c->live_listed(game, room, summary, pos);
}

void lobby::feed_changes() {
    auto* c = hub_.deps().cluster_lobby;
    if (!c) return;
    for (const auto& [game, rooms] : live_changed_)
        for (const auto& room : rooms) {
            if (!local_live_.count(room)) continue;
            auto it = live_[game].find(room);
            if (it == live_[game].end()) continue;
            std::optional<live_position> p;
            auto b = live_boards_[game].find(room);
            if (live_moved_[game].count(room) && b != live_boards_[game].end()) p = b->second;
            c->live_changed(game, room, it->second["plies"].get<std::size_t>(),
                            it->second["spectators"].get<std::size_t>(), p);
        }
}

}  // namespace kibitz::server
