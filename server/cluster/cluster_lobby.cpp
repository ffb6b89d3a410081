// The lobby half of cluster::node (docs/cluster.md, "One lobby"): one node
// leads the lobby (the lease kibitz:lobby); every node sends its
// connections' lobby messages there, as the connection's own node sends room
// commands to a room's owner, and the leader's lobby answers them through
// remote peers. A room that starts seats its players' connections on every
// node (`seated`).
#include <boost/asio/post.hpp>
#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

#include "cluster/bus_messages.hpp"
#include "cluster/cluster_node.hpp"
#include "cluster/remote_peer.hpp"
#include "play/lobby/lobby.hpp"
#include "play/lobby/lobby_dispatch.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server::cluster {

namespace {
// Renews the lobby's lease if this node holds it, takes it if it is free;
// returns the holder either way.
const char* lobby_lease_script = R"(
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return v end
if v == false then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return ARGV[1] end
return v)";

// Publishes this node's counts (players online, games in play) and sums the
// other live nodes' (a node whose count key ran out is gone).
const char* counts_script = R"(
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('SET', ARGV[5] .. ARGV[1], ARGV[2] .. ' ' .. ARGV[3], 'PX', ARGV[4])
local p, g = 0, 0
for _, n in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if n ~= ARGV[1] then
    local v = redis.call('GET', ARGV[5] .. n)
    if v then
      local a, b = string.match(v, '(%-?%d+) (%-?%d+)')
      p = p + tonumber(a)
      g = g + tonumber(b)
    else
      redis.call('SREM', KEYS[1], n)
    end
  end
end
return {p, g})";
}  // namespace

void node::renew_lobby_lease() {
    // The lease holds a lease from now at least (Redis sets it later).
    const auto until = std::chrono::steady_clock::now() + o_.lease;
    bus_->command({"EVAL", lobby_lease_script, "1", lobby_key, o_.node,
                   std::to_string(o_.lease.count())},
                  [self = shared_from_this(), until](const redisReply* r) {
                      std::string leader =
                          r && r->type == REDIS_REPLY_STRING ? std::string(r->str, r->len) : "";
                      self->on_strand([self, leader, until] {
                          // The tournaments first: the subscriptions sent again
                          // to a new leader find its events loading. Only on
                          // Redis's word: two nodes must never pair one event.
                          if (!leader.empty()) self->tournaments_led_by(leader, until);
                          // Redis unreachable: no message can reach a leader
                          // elsewhere, so this node's own lobby serves its clients.
                          self->lobby_led_by(leader.empty() ? self->o_.node : leader);
                      });
                  });
}

void node::share_counts() {
    bus_->command(
        {"EVAL", counts_script, "1", nodes_key, o_.node,
         std::to_string(hub_->counts().online_here()), std::to_string(hub_->counts().games_here()),
         std::to_string(o_.lease.count()), count_key("")},
        [self = shared_from_this()](const redisReply* r) {
                      // Redis unreachable: the last sums stand.
            if (!r || r->type != REDIS_REPLY_ARRAY || r->elements != 2) return;
            self->hub_->counts().set_elsewhere(static_cast<long>(r->element[0]->integer),
                                               static_cast<long>(r->element[1]->integer));
        });
}

void node::lobby_led_by(const std::string& leader) {
    if (leader == lobby_leader_) return;
    spdlog::info("cluster: node {}: the lobby is led by {}", o_.node, leader);
    const bool failover = !lobby_leader_.empty();
    lobby_leader_ = leader;
    // A new leader knows nothing: every connection here tells it again what
    // it waits on. Its seeks get new ids (the client sees seek.created again);
    // its invites keep their codes, which links hold (invite.created again).
    // An invite whose code never came (refused) is not sent: a new code
    // would help no one.
    if (failover)
        for (auto& [conn, px] : proxies_)
            for (auto& s : px.standing) {
                auto m = s.m;
                m.ack.reset();  // answered already
                if (auto* c = std::get_if<seek_create_msg>(&m.body); c && c->invite) {
                    if (s.seek.empty()) continue;
                    c->code = s.seek;
                } else {
                    s.seek.clear();
                }
                send_lobby(px.who, conn, m);
            }
    auto waiting = std::move(lobby_waiting_);
    lobby_waiting_.clear();
    for (const auto& w : waiting) send_lobby(w.who, w.conn, w.m);
}

void node::note_standing(proxy& px, const client_msg& m) {
    auto& st = px.standing;
    auto drop = [&st](auto pred) { std::erase_if(st, pred); };
    std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, lobby_sub_msg>) {
                drop([](const proxy::standing_msg& s) {
                    return std::holds_alternative<lobby_sub_msg>(s.m.body);
                });
                if (b.on) st.push_back({m, {}});
            } else if constexpr (std::is_same_v<T, live_sub_msg>) {
                drop([&b](const proxy::standing_msg& s) {
                    auto* l = std::get_if<live_sub_msg>(&s.m.body);
                    return l && l->game == b.game;
                });
                if (b.on) st.push_back({m, {}});
            } else if constexpr (std::is_same_v<T, quick_join_msg> ||
                                 std::is_same_v<T, quick_leave_msg>) {
                drop([](const proxy::standing_msg& s) {
                    return std::holds_alternative<quick_join_msg>(s.m.body);
                });
                if constexpr (std::is_same_v<T, quick_join_msg>) st.push_back({m, {}});
            } else if constexpr (std::is_same_v<T, seek_create_msg>) {
                st.push_back({m, {}});
            } else if constexpr (std::is_same_v<T, seek_cancel_msg>) {
                drop([&b](const proxy::standing_msg& s) { return !s.seek.empty() && s.seek == b.id; });
            } else if constexpr (std::is_same_v<T, tournament_msg>) {
                // Following an event (a join follows it too): a new leader is
                // sent the subscription again; entries are in the store.
                auto sub =
                    b.action == tournament_action::subscribe || b.action == tournament_action::join;
                if (!sub && b.action != tournament_action::unsubscribe) return;
                drop([&b](const proxy::standing_msg& s) {
                    auto* t = std::get_if<tournament_msg>(&s.m.body);
                    return t && t->id == b.id;
                });
                if (sub)
                    st.push_back(
                        {client_msg{"tournament.sub", std::nullopt,
                                    tournament_msg{tournament_action::subscribe, b.id, {}, {}}},
                         {}});
            }
        },
        m.body);
}

void node::note_seek(proxy& px, const std::string& id, bool invite, bool open) {
    if (!open) {
        std::erase_if(px.standing, [&id](const proxy::standing_msg& s) { return s.seek == id; });
        return;
    }
    // The leader answers a connection's seek.create messages in order: the
    // first still without an id (or, for an invite, a code) is this one.
    for (auto& s : px.standing)
        if (auto* c = std::get_if<seek_create_msg>(&s.m.body)) {
            if (s.seek == id) return;  // an invite sent again after a failover
            if (s.seek.empty() && c->invite == invite) {
                s.seek = id;
                return;
            }
        }
}

void node::seek_opened(const peer_ref& p, std::uint64_t conn, const std::string& id, bool invite) {
    tell_seek(p, conn, id, invite, true);
}

void node::seek_closed(const peer_ref& p, std::uint64_t conn, const std::string& id) {
    tell_seek(p, conn, id, false, false);
}

void node::tell_seek(const peer_ref& p, std::uint64_t conn, const std::string& id, bool invite,
                     bool open) {
    // A connection elsewhere: its node keeps it; one here: this node does.
    auto there = std::dynamic_pointer_cast<remote_peer>(p.lock());
    if (there)
        return publish(there->node_name(), bus::lobby_seek{there->their_conn(), id, invite, open});
    on_strand([this, conn, id, invite, open] {
        if (auto it = proxies_.find(conn); it != proxies_.end()) {
            note_seek(it->second, id, invite, open);
            drop_if_spent(conn);
        }
    });
}

void node::on(const bus::lobby_seek& m) {
    auto it = proxies_.find(m.conn);
    if (it == proxies_.end()) return;  // the connection has gone
    note_seek(it->second, m.id, m.invite, m.open);
    drop_if_spent(m.conn);
}

void node::forget_pairing(const std::string& player_key) {
    // Its pool entry went with the pairing; a seek of it was accepted (which
    // one the creator is not told: all of them go from what is sent again).
    std::vector<std::uint64_t> spent;
    for (auto& [conn, px] : proxies_)
        if (px.who && px.who->key() == player_key) {
            std::erase_if(px.standing, [](const proxy::standing_msg& s) {
                return std::holds_alternative<quick_join_msg>(s.m.body) ||
                       std::holds_alternative<seek_create_msg>(s.m.body);
            });
            if (px.spent()) spent.push_back(conn);
        }
    for (auto conn : spent) drop_if_spent(conn);
}

void node::lobby_message(player_ptr who, peer_ref p, std::uint64_t conn, const client_msg& m) {
    on_strand([this, who = std::move(who), p = std::move(p), conn, m] {
        auto& px = proxies_[conn];
        px.p = p;
        px.who = who;  // the newest: a guest stored meanwhile has a new key
        px.lobby = true;
        note_standing(px, m);
        if (lobby_leader_.empty()) return lobby_waiting_.push_back({who, conn, m});
        send_lobby(who, conn, m);
    });
}

void node::send_lobby(const player_ptr& who, std::uint64_t conn, const client_msg& m) {
    auto it = proxies_.find(conn);
    if (it == proxies_.end()) return;  // closed meanwhile
    if (lobby_leader_ == o_.node) return dispatch_lobby(*hub_, who, it->second.p, conn, m);
    publish(lobby_leader_,
            bus::lobby{o_.node, conn, *who,
                       who->row ? hub_->ratings().all_of(who->row) : rating_cache::per_game{}, m});
}

void node::lobby_closed(player_ptr who, std::uint64_t conn) {
    on_strand([this, who = std::move(who), conn] {
        std::erase_if(lobby_waiting_, [conn](const waiting_lobby_msg& w) { return w.conn == conn; });
        auto it = proxies_.find(conn);
        if (it == proxies_.end()) return;
        it->second.who = who;
        close_proxy(it);
    });
}

void node::close_proxy(std::map<std::uint64_t, proxy>::iterator it) {
    const auto conn = it->first;
    // Rooms it was seated in by `seated` (the handler knows only those it joined).
    for (const auto& room : it->second.rooms)
        if (auto o = owners_.find(room); o != owners_.end())
            publish(o->second, bus::leave{room, o_.node, conn, true});
    if (it->second.lobby && it->second.who && !lobby_leader_.empty() && lobby_leader_ != o_.node)
        publish(lobby_leader_, bus::lobby_closed{o_.node, conn, *it->second.who});
    proxies_.erase(it);
}

void node::lobby_answered(player_ptr, std::uint64_t conn) {
    on_strand([this, conn] {
        auto it = proxies_.find(conn);
        if (it == proxies_.end()) return;
        // Answered: a seek.create still without an id was refused.
        std::erase_if(it->second.standing, [](const proxy::standing_msg& s) {
            return s.seek.empty() && std::holds_alternative<seek_create_msg>(s.m.body);
        });
        it->second.one_shot = true;
        drop_if_spent(conn);
    });
}

void node::drop_if_spent(std::uint64_t conn) {
    auto it = proxies_.find(conn);
    if (it != proxies_.end() && it->second.spent()) close_proxy(it);
}

void node::on(const bus::lobby& m) {
    // Handled even if this node no longer leads: the sender thought it did,
    // and dropping the message would lose what a player asked for.
    auto who = std::make_shared<const player>(m.who);
    if (who->row) {
        // Only what this node does not know: its own may be newer (a rated
        // game that ended here).
        auto known = hub_->ratings().all_of(who->row);
        for (const auto& [game, v] : m.ratings)
            if (!known.count(game)) hub_->ratings().set(who->row, game, v);
    }
    auto peer = remote(m.from, m.conn);
    remotes_[{m.from, m.conn}].lobby_who = who;
    dispatch_lobby(*hub_, who, peer, peer->conn_id(), m.m);
}

void node::on(const bus::lobby_closed& m) {
    auto it = remotes_.find({m.from, m.conn});
    if (it == remotes_.end() || !it->second.lobby_who) return;
    lobby_left(*hub_, it->second.lobby_who, it->second.peer->conn_id());
    it->second.lobby_who = nullptr;
    if (it->second.rooms.empty()) remotes_.erase(it);
}

// --- Games that start: every node seats its connections of the players -----

void node::seated(const player_ptr& who, const std::string& room,
                  const std::shared_ptr<const std::string>& found) {
    // Published at once (the bus link is thread-safe), so it leaves before
    // any frame the room sends later.
    bus_->command(
        {"PUBLISH", seated_channel, bus::encode(bus::seated{o_.node, room, *who, *found})});
    on_strand([this, key = who->key()] { forget_pairing(key); });
}

void node::on(const bus::seated& m) {
    if (m.from == o_.node) return;  // the room took this node's connections itself
    auto who = std::make_shared<const player>(m.who);
    forget_pairing(who->key());
    auto peers = hub_->peers().of(who->key());
    if (peers.empty()) return;
    auto found = std::make_shared<const std::string>(m.f);
    owners_[m.room] = m.from;
    for (const auto& [conn, p] : peers) {
        send_to(p, found);
        auto& px = proxies_[conn];
        px.p = p;
        if (!px.who) px.who = who;
        px.rooms.insert(m.room);
        send_join(m.from, m.room, conn, px, std::nullopt);
    }
}

}  // namespace kibitz::server::cluster

namespace kibitz::server::cluster {

// --- Frames for a player's connections on every node -----------------------

void node::tell_player(const std::string& key, std::shared_ptr<const std::string> f) {
    bus_->command({"PUBLISH", seated_channel, bus::encode(bus::player_frame{o_.node, key, *f})});
}

void node::on(const bus::player_frame& m) {
    if (m.from == o_.node) return;  // the sender told its own connections
    auto peers = hub_->peers().of(m.key);
    if (peers.empty()) return;
    auto f = std::make_shared<const std::string>(m.f);
    for (const auto& [conn, p] : peers) send_to(p, f);
}

}  // namespace kibitz::server::cluster
