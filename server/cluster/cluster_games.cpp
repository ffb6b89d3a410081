// The games of every node, known to every node (docs/cluster.md, "Games on
// every node"): each node tells the others, on kibitz:games, which games it
// hosts and whose (for the caps on unfinished games, welcome's rooms and
// lobby.yours: the room directory asks games_elsewhere) and how its public ones look in the live
// lists (the lobby lists them with its own). A node that subscribes asks the
// others for all of theirs; a node gone (its liveness key ran out) takes its
// games with it, until their new owner tells them again.
#include <spdlog/spdlog.h>

#include "cluster/bus_messages.hpp"
#include "cluster/cluster_node.hpp"
#include "play/lobby.hpp"

namespace kibitz::server::cluster {

// --- This node's games, to the others --------------------------------------

void node::publish_games(const json& m) { bus_->command({"PUBLISH", games_channel, dump_json(m)}); }

void node::note_hosting(const std::string& room, const std::vector<std::string>& players,
                        bool computer) {
    // Taken over here: the room directory counts it among this node's own rooms now.
    {
        std::lock_guard lock(games_mu_);
        if (auto it = games_there_.find(room); it != games_there_.end()) {
            unindex_there(room, it->second);
            games_there_.erase(it);
        }
    }
    auto& g = games_here_[room];
    g.players = players;
    g.computer = computer;
    publish_games(game_msg(o_.node, room, players, computer));
}

void node::note_over(const std::string& room, bool tell) {
    if (!games_here_.erase(room)) return;
    if (tell) publish_games(game_over_msg(o_.node, room));
}

void node::live_listed(const std::string& game, const std::string& room, const json& summary,
                       const json& pos) {
    on_strand([this, game, room, summary, pos] {
        auto it = games_here_.find(room);
        if (it == games_here_.end()) return;  // over, or given up, meanwhile
        it->second.game = game;
        it->second.summary = summary;
        it->second.pos = pos;
        publish_games(live_msg(o_.node, room, game, summary, pos));
    });
}

void node::live_changed(const std::string& game, const std::string& room, std::size_t plies,
                        std::size_t spectators, const json& pos) {
    on_strand([this, game, room, plies, spectators, pos] {
        auto it = games_here_.find(room);
        if (it == games_here_.end() || it->second.summary.is_null()) return;
        // Kept up to date for a node that asks for every game (games.ask).
        it->second.summary["plies"] = plies;
        it->second.summary["spectators"] = spectators;
        if (!pos.is_null()) it->second.pos = pos;
        publish_games(live_update_msg(o_.node, room, game, plies, spectators, pos));
    });
}

void node::ask_games() {
    spdlog::info("cluster: node {} asks the other nodes for their games", o_.node);
    publish_games(games_ask_msg(o_.node));
}

// --- The other nodes' games -------------------------------------------------

void node::on_games_message(const json& m) {
    const std::string from = m.at("from");
    if (from == o_.node) return;  // our own, back from the channel
    const std::string t = m.at("t");
    if (t == "games.ask") {
        json games = json::array();
        for (const auto& [room, g] : games_here_) {
            json one = game_msg(o_.node, room, g.players, g.computer);
            for (const char* k : {"t", "from"}) one.erase(k);
            if (!g.summary.is_null())
                one.update({{"game", g.game}, {"summary", g.summary}, {"pos", g.pos}});
            games.push_back(std::move(one));
        }
        return publish(from, games_msg(o_.node, games));
    }
    if (t == "games") {
        // Every game of `from`: those not in it are over (their game.over
        // may have been lost while Redis was away).
        std::set<std::string> now;
        for (const auto& one : m.at("games")) {
            const std::string room = one.at("room");
            now.insert(room);
            game_there_on(from, room, one);
        }
        std::vector<std::string> gone;
        for (const auto& [room, g] : games_there_)
            if (g.node == from && !now.count(room)) gone.push_back(room);
        for (const auto& room : gone) game_there_over(room);
        return;
    }
    const std::string room = m.at("room");
    if (hosted_.count(room)) return;  // ours now: an old owner's news
    auto it = games_there_.find(room);
    if (t == "game" || t == "live") return game_there_on(from, room, m);
    if (it == games_there_.end() || it->second.node != from) return;  // not (any more) its game
    if (t == "game.over") return game_there_over(room);
    if (t == "live.update" && it->second.listed) {
        std::optional<live_position> pos;
        if (m.contains("pos")) pos = live_position_from_json(m.at("pos"));
        hub_->the_lobby().remote_changed(it->second.game, room, m.at("plies").get<std::size_t>(),
                                         m.at("spectators").get<std::size_t>(), std::move(pos));
    }
}

std::vector<remote_rooms::game_elsewhere> node::games_elsewhere(
    const std::string& player_key) const {
    std::vector<game_elsewhere> out;
    std::lock_guard lock(games_mu_);
    auto it = there_by_player_.find(player_key);
    if (it == there_by_player_.end()) return out;
    for (const auto& room : it->second) out.push_back({room, games_there_.at(room).computer});
    return out;
}

void node::unindex_there(const std::string& room, const game_there& g) {
    for (const auto& key : g.players) {
        auto it = there_by_player_.find(key);
        if (it != there_by_player_.end() && it->second.erase(room) && it->second.empty())
            there_by_player_.erase(it);
    }
}

void node::game_there_on(const std::string& from, const std::string& room, const json& m) {
    if (hosted_.count(room)) return;
    std::string game;
    {
        std::lock_guard lock(games_mu_);
        auto& g = games_there_[room];
        g.node = from;
        if (m.contains("players")) {
            unindex_there(room, g);
            g.players = m.at("players").get<std::vector<std::string>>();
            g.computer = m.value("computer", false);
            for (const auto& key : g.players) there_by_player_[key].insert(room);
        }
        if (!m.contains("summary")) return;
        g.game = game = m.at("game").get<std::string>();
        g.listed = true;
    }
    hub_->the_lobby().remote_started(game, room, m.at("summary"),
                                     live_position_from_json(m.at("pos")));
}

void node::game_there_over(const std::string& room) {
    game_there g;
    {
        std::lock_guard lock(games_mu_);
        auto it = games_there_.find(room);
        if (it == games_there_.end()) return;
        g = std::move(it->second);
        unindex_there(room, g);
        games_there_.erase(it);
    }
    if (g.listed) hub_->the_lobby().remote_ended(g.game, room);
}

void node::forget_games_of(const std::string& other) {
    std::vector<std::string> gone;
    for (const auto& [room, g] : games_there_)
        if (g.node == other) gone.push_back(room);
    for (const auto& room : gone) game_there_over(room);
    if (!gone.empty())
        spdlog::warn("cluster: node {} is gone: its {} games leave the lists until taken over",
                     other, gone.size());
}

}  // namespace kibitz::server::cluster
