// The games of every node, known to every node (docs/cluster.md, "Games on
// every node"): each node tells the others, on kibitz:games, which games it
// hosts and whose (for the caps on unfinished games, welcome's rooms and
// lobby.yours: the room directory asks games_elsewhere) and how its public ones look in the live
// lists (live_games lists them with its own). A node that subscribes asks the
// others for all of theirs; a node gone (its liveness key ran out) takes its
// games with it, until their new owner tells them again.
#include <spdlog/spdlog.h>

#include "cluster/bus_messages.hpp"
#include "cluster/cluster_node.hpp"
#include "play/live/live_games.hpp"

namespace kibitz::server::cluster {

// --- This node's games, to the others --------------------------------------

void node::publish_games(const bus::message& m) {
    bus_->command({"PUBLISH", games_channel, bus::encode(m)});
}

void node::note_hosting(const std::string& room, const std::vector<std::string>& players,
                        game_kind kind) {
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
    g.kind = kind;
    publish_games(bus::game{o_.node, room, players, kind.computer, kind.correspondence});
}

void node::note_over(const std::string& room, bool tell) {
    if (!games_here_.erase(room)) return;
    if (tell) publish_games(bus::game_over{o_.node, room});
}

void node::live_listed(const std::string& game, const std::string& room, const json& summary,
                       const live_position& pos) {
    on_strand([this, listed = bus::listing{game, summary, pos}, room] {
        auto it = games_here_.find(room);
        if (it == games_here_.end()) return;  // over, or given up, meanwhile
        it->second.listed = listed;
        publish_games(bus::live{o_.node, room, listed});
    });
}

void node::live_changed(const std::string& game, const std::string& room, std::size_t plies,
                        std::size_t spectators, const std::optional<live_position>& pos) {
    on_strand([this, game, room, plies, spectators, pos] {
        auto it = games_here_.find(room);
        if (it == games_here_.end() || !it->second.listed) return;
        // Kept up to date for a node that asks for every game (games.ask).
        auto& listed = *it->second.listed;
        listed.summary = bus::with_counts(std::move(listed.summary), plies, spectators);
        if (pos) listed.pos = *pos;
        publish_games(bus::live_update{o_.node, room, game, plies, spectators, pos});
    });
}

void node::ask_games() {
    spdlog::info("cluster: node {} asks the other nodes for their games", o_.node);
    publish_games(bus::games_ask{o_.node});
}

// --- The other nodes' games -------------------------------------------------

void node::on(const bus::games_ask& m) {
    if (m.from == o_.node) return;  // our own, back from the channel
    bus::games all{o_.node, {}};
    for (const auto& [room, g] : games_here_)
        all.all.push_back({room, g.players, g.kind.computer, g.kind.correspondence, g.listed});
    publish(m.from, all);
}

void node::on(const bus::games& m) {
    if (m.from == o_.node) return;
    // Every game of `from`: those not in it are over (their game.over
    // may have been lost while Redis was away).
    std::set<std::string> now;
    for (const auto& one : m.all) {
        now.insert(one.room);
        game_there_on(m.from, one.room, &one.players, {one.computer, one.correspondence},
                      one.listed ? &*one.listed : nullptr);
    }
    std::vector<std::string> gone;
    for (const auto& [room, g] : games_there_)
        if (g.node == m.from && !now.count(room)) gone.push_back(room);
    for (const auto& room : gone) game_there_over(room);
}

void node::on(const bus::game& m) {
    if (m.from == o_.node || hosted_.count(m.room)) return;  // ours (now: an old owner's news)
    game_there_on(m.from, m.room, &m.players, {m.computer, m.correspondence}, nullptr);
}

void node::on(const bus::live& m) {
    if (m.from == o_.node || hosted_.count(m.room)) return;
    game_there_on(m.from, m.room, nullptr, {}, &m.listed);
}

namespace {
// The game's node as last told: news from any other is an old owner's.
template <class Map>
bool told_by(const Map& there, const std::string& room, const std::string& from) {
    auto it = there.find(room);
    return it != there.end() && it->second.node == from;
}
}  // namespace

void node::on(const bus::game_over& m) {
    if (m.from == o_.node || hosted_.count(m.room) || !told_by(games_there_, m.room, m.from))
        return;
    game_there_over(m.room);
}

void node::on(const bus::live_update& m) {
    if (m.from == o_.node || hosted_.count(m.room) || !told_by(games_there_, m.room, m.from))
        return;
    const auto& g = games_there_.at(m.room);
    if (g.listed) hub_->live().remote_changed(g.game, m.room, m.plies, m.spectators, m.pos);
}

std::vector<remote_rooms::game_elsewhere> node::games_elsewhere(
    const std::string& player_key) const {
    std::vector<game_elsewhere> out;
    std::lock_guard lock(games_mu_);
    auto it = there_by_player_.find(player_key);
    if (it == there_by_player_.end()) return out;
    for (const auto& room : it->second) out.push_back({room, games_there_.at(room).kind});
    return out;
}

void node::unindex_there(const std::string& room, const game_there& g) {
    for (const auto& key : g.players) {
        auto it = there_by_player_.find(key);
        if (it != there_by_player_.end() && it->second.erase(room) && it->second.empty())
            there_by_player_.erase(it);
    }
}

void node::game_there_on(const std::string& from, const std::string& room,
                         const std::vector<std::string>* players, game_kind kind,
                         const bus::listing* listed) {
    if (hosted_.count(room)) return;
    {
        std::lock_guard lock(games_mu_);
        auto& g = games_there_[room];
        g.node = from;
        if (players) {
            unindex_there(room, g);
            g.players = *players;
            g.kind = kind;
            for (const auto& key : g.players) there_by_player_[key].insert(room);
        }
        if (!listed) return;
        g.game = listed->game;
        g.listed = true;
    }
    hub_->live().remote_started(listed->game, room, listed->summary, listed->pos);
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
    if (g.listed) hub_->live().remote_ended(g.game, room);
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
