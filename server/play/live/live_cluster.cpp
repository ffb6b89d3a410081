// live_games in a cluster (docs/cluster.md, "Games on every node"): every
// node lists the public games of the other nodes with its own (the lobby's
// leader serves the lists clients see, and any node may lead next), and
// sends its own to the others through remote_live, throttled as its own
// lists are: a game's changes at most once per count batch. Runs on
// live_games' strand.
#include "play/live/live_games.hpp"

namespace kibitz::server {

void live_games::remote_started(std::string game, std::string room, json summary,
                                live_position pos) {
    on_strand([this, game = std::move(game), room = std::move(room), summary = std::move(summary),
               pos = std::move(pos)]() mutable {
        local_.erase(room);  // hosted elsewhere now (taken over)
        list_started(game, room, std::move(summary), std::move(pos));
    });
}

void live_games::remote_changed(std::string game, std::string room, std::size_t plies,
                                std::size_t spectators, std::optional<live_position> pos) {
    on_strand([this, game = std::move(game), room = std::move(room), plies, spectators,
               pos = std::move(pos)]() mutable {
        if (local_.count(room)) return;  // hosted here now: its own changes count
        list_changed(game, room, plies, spectators, std::move(pos));
    });
}

void live_games::remote_ended(std::string game, std::string room) {
    on_strand([this, game = std::move(game), room = std::move(room)] {
        if (local_.count(room) || !seq_.count(room)) return;  // here, or never listed
        list_ended(game, room);
    });
}

void live_games::feed_listed(const std::string& game, const std::string& room, const json& summary,
                             const live_position& pos) {
    if (cluster_) cluster_->live_listed(game, room, summary, pos);
}

void live_games::feed_changes() {
    if (!cluster_) return;
    for (const auto& [game, rooms] : changed_)
        for (const auto& room : rooms) {
            if (!local_.count(room)) continue;
            auto it = live_[game].find(room);
            if (it == live_[game].end()) continue;
            std::optional<live_position> p;
            auto b = boards_[game].find(room);
            if (moved_[game].count(room) && b != boards_[game].end()) p = b->second;
            cluster_->live_changed(game, room, it->second["plies"].get<std::size_t>(),
                                   it->second["spectators"].get<std::size_t>(), p);
        }
}

}  // namespace kibitz::server
