// The lobby's live games lists: who watches which game's list, the summary
// of every public game in play, and live.update batched per count period.
// Runs on the lobby's strand, like everything in lobby.
#include "play/lobby.hpp"

namespace kibitz::server {

void lobby::live_subscribe(peer_ref p, std::uint64_t conn, std::string game, bool on, ack_id ack,
                           std::string type) {
    on_strand([this, p = std::move(p), conn, game = std::move(game), on, ack, type] {
        if (!core::find_game(game))
            return reply(p, wire_error{"unknown_game", "no game '" + game + "'"}, ack, type);
        if (!on) {
            live_subscribers_[game].erase(conn);
            return reply(p, std::nullopt, ack, type);
        }
        live_subscribers_[game][conn] = p;
        json rooms = json::array();
        for (auto& [id, summary] : live_[game]) rooms.push_back(summary);
        send_to(p, make_frame("live.snapshot", {{"game", game}, {"rooms", rooms}}));
    });
}

void lobby::room_started(std::string game, std::string room, json summary) {
    on_strand([this, game = std::move(game), room = std::move(room), summary = std::move(summary)] {
        live_[game][room] = summary;
        auto f = make_frame("live.add", {{"room", summary}});
        for (auto& [conn, p] : live_subscribers_[game]) send_to(p, f);
        featured_check();
    });
}

void lobby::room_changed(std::string game, std::string room, std::size_t plies,
                         std::size_t spectators) {
    on_strand([this, game = std::move(game), room = std::move(room), plies, spectators] {
        auto it = live_[game].find(room);
        if (it == live_[game].end()) return;  // ended, or private
        it->second["plies"] = plies;
        it->second["spectators"] = spectators;
        live_changed_[game].insert(room);
    });
}

void lobby::send_live_updates() {
    for (auto& [game, rooms] : live_changed_) {
        auto& subs = live_subscribers_[game];
        for (const auto& room : rooms) {
            auto it = live_[game].find(room);
            if (it == live_[game].end() || subs.empty()) continue;
            auto f = make_frame("live.update", {{"game", game}, {"room", room},
                                                {"plies", it->second["plies"]},
                                                {"spectators", it->second["spectators"]}});
            for (auto& [conn, p] : subs) send_to(p, f);
        }
    }
    live_changed_.clear();
}

void lobby::room_ended(std::string game, std::string room) {
    on_strand([this, game = std::move(game), room = std::move(room)] {
        live_[game].erase(room);
        live_changed_[game].erase(room);
        auto f = make_frame("live.remove", {{"game", game}, {"room", room}});
        for (auto& [conn, p] : live_subscribers_[game]) send_to(p, f);
        featured_check();
    });
}

}  // namespace kibitz::server
