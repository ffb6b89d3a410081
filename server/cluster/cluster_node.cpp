#include "cluster/cluster_node.hpp"

#include <boost/asio/post.hpp>
#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

#include "cluster/bus_messages.hpp"
#include "cluster/remote_peer.hpp"
#include "observe/metrics.hpp"
#include "play/lobby/lobby_dispatch.hpp"
#include "play/room/room.hpp"
#include "protocol/server_msg.hpp"
#include "store/pg_store.hpp"

namespace kibitz::server::cluster {

namespace net = boost::asio;

namespace {
// Renews a lease this node holds: 1 renewed, 2 taken again after it had
// expired with no other taker (Redis restarted, or this node stalled), 0 held
// by another node. Also puts a playing room back in the set of rooms.
const char* renew_script = R"(
local v = redis.call('GET', KEYS[1])
if ARGV[3] == '1' then redis.call('SADD', KEYS[2], ARGV[4]) end
if v == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if v == false then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 2 end
return 0)";
// Deletes a lease only if this node holds it.
const char* release_script = R"(
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0)";
// The rooms in play whose lease has run out: no node holds them.
const char* orphans_script = R"(
local out = {}
for _, r in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', ARGV[1] .. r) == 0 then out[#out + 1] = r end
end
return out)";

// How long a room with no lease is looked up again after (with_owner).
constexpr std::chrono::milliseconds owner_retry{100};

std::string reply_text(const redisReply* r) {
    return r && (r->type == REDIS_REPLY_STRING || r->type == REDIS_REPLY_STATUS)
               ? std::string(r->str, r->len)
               : std::string();
}
}  // namespace

bool parse_redis_url(const std::string& url, options& o) {
    const std::string scheme = "redis://";
    if (url.rfind(scheme, 0) != 0) return false;
    auto rest = url.substr(scheme.size());
    if (auto slash = rest.find('/'); slash != std::string::npos) rest.resize(slash);
    auto colon = rest.rfind(':');
    o.host = rest.substr(0, colon);
    if (colon != std::string::npos) {
        try {
            std::size_t used = 0;
            o.port = std::stoi(rest.substr(colon + 1), &used);
            if (used != rest.size() - colon - 1 || o.port <= 0 || o.port > 65535) return false;
        } catch (const std::exception&) {
            return false;
        }
    }
    return !o.host.empty();
}

void remote_peer::send(std::shared_ptr<const std::string> frame) {
    if (auto n = via_.lock()) n->relay(node_, their_conn_, frame);
}

node::node(net::io_context& ioc, options o, storage::pg_store& store)
    : ioc_(ioc),
      o_(std::move(o)),
      store_(store),
      strand_(net::make_strand(ioc)),
      renew_timer_(strand_),
      scan_timer_(strand_) {
    bus_ = std::make_shared<redis_link>(ioc, o_.host, o_.port, "bus");
    sub_ = std::make_shared<redis_link>(ioc, o_.host, o_.port, "sub");
}

node::~node() = default;

void node::start(hub& h) {
    hub_ = &h;
    std::weak_ptr<node> weak = shared_from_this();
    // A link lost or back: the rooms here hear whether connections elsewhere
    // can see them (their clocks stand while they cannot: room::cut_off).
    auto changed = [weak] {
        if (auto self = weak.lock()) self->on_strand([self] { self->links_changed(); });
    };
    for (auto* link : {bus_.get(), sub_.get()}) {
        link->on_up(changed);
        link->on_down(changed);
    }
    sub_->on_subscribed([weak] {
        if (auto self = weak.lock())
            self->on_strand([self] {
                self->ask_games();
                self->subscriber_up();  // after a reconnect: catch up (cluster_catch_up.cpp)
            });
    });
    // Started once their callbacks are set: those run on the links' strands.
    bus_->start();
    sub_->start();
    sub_->subscribe({node_channel(o_.node), moved_channel, seated_channel, games_channel},
                    [weak](const std::string& channel, const std::string& payload) {
                        if (auto self = weak.lock())
                            self->on_strand([self, channel, payload] { self->on_message(channel, payload); });
                    });
    spdlog::info("cluster: node {} on redis {}:{}, lease {} ms", o_.node, o_.host, o_.port,
                 o_.lease.count());
    on_strand([this] {
        // First on the bus link: the scan below then finds those rooms free.
        release_previous_life();
        renew();
        scan();
    });
}

void node::stop(std::function<void(std::vector<std::string>)> stopped) {
    on_strand([this, stopped = std::move(stopped)] {
        stopped_ = true;
        renew_timer_.cancel();
        scan_timer_.cancel();
        bus_->stop();
        sub_->stop();
        if (!stopped) return;
        std::vector<std::string> rooms;
        for (const auto& [room, playing] : hosted_) rooms.push_back(room);
        stopped(std::move(rooms));
    });
}

void node::adopt(const std::vector<std::string>& rooms) {
    if (rooms.empty()) return;
    std::vector<std::string> args{"SADD", rooms_key};
    args.insert(args.end(), rooms.begin(), rooms.end());
    bus_->command(std::move(args));
}

void node::publish(const std::string& to, const bus::message& m) {
    bus_->command({"PUBLISH", node_channel(to), bus::encode(m)});
}

void node::relay(const std::string& to, std::uint64_t conn,
                 const std::shared_ptr<const std::string>& frame) {
    publish(to, bus::frame{conn, *frame});
}

// --- Leases: the rooms this node hosts -------------------------------------

void node::hosting(const std::string& room, const std::vector<std::string>& players,
                   game_kind kind) {
    // A new room: its id is new, so the lease is free. Sent at once, not from
    // the strand: the room's start is posted after this call, and its
    // game.found (here, or `seated` to other nodes) must not reach a client
    // that could ask another node for the room before the lease is there
    // (that node would answer unknown_room). On the bus link, what is sent
    // first is done first. A takeover's lease is ours already: NX keeps it.
    bus_->command({"SET", lease_key(room), o_.node, "PX", std::to_string(o_.lease.count()), "NX"});
    bus_->command({"SADD", rooms_key, room});
    on_strand([this, room, players, kind] {
        note_hosting(room, players, kind);
        hosted_.emplace(room, true);
        taking_.erase(room);
        owners_.erase(room);
    });
}

void node::finished(const std::string& room) {
    on_strand([this, room] {
        if (auto it = hosted_.find(room); it != hosted_.end()) it->second = false;
        bus_->command({"SREM", rooms_key, room});
        note_over(room, true);
    });
}

void node::released(const std::string& room) {
    on_strand([this, room] {
        if (hosted_.erase(room)) give_up_lease(room);
        note_over(room, true);
    });
}

void node::give_up_lease(const std::string& room) {
    bus_->command({"EVAL", release_script, "1", lease_key(room), o_.node});
}

std::size_t node::hand_over() {
    std::vector<std::string> rooms;
    for (const auto& [room, playing] : hosted_) rooms.push_back(room);
    return give_back(rooms);
}

std::size_t node::give_back(const std::vector<std::string>& rooms) {
    if (given_back_.exchange(true)) return 0;
    timeval timeout{1, 0};
    redisContext* c = redisConnectWithTimeout(o_.host.c_str(), o_.port, timeout);
    if (!c || c->err) {
        spdlog::warn("cluster: leases not given back ({}): they run out in {} ms",
                     c ? c->errstr : "out of memory", o_.lease.count());
        if (c) redisFree(c);
        return 0;
    }
    redisSetTimeout(c, timeout);
    std::size_t given = 0;
    for (const auto& room : rooms) {
        auto key = lease_key(room);
        const char* argv[] = {"EVAL", release_script, "1", key.c_str(), o_.node.c_str()};
        auto* r = static_cast<redisReply*>(redisCommandArgv(c, 5, argv, nullptr));
        if (r && r->type == REDIS_REPLY_INTEGER && r->integer == 1) ++given;
        if (r) freeReplyObject(r);
    }
    // The lobby's lease too, if ours: another node leads at its next renewal.
    const char* lobby_argv[] = {"EVAL", release_script, "1", lobby_key.c_str(), o_.node.c_str()};
    if (auto* r = static_cast<redisReply*>(redisCommandArgv(c, 5, lobby_argv, nullptr)))
        freeReplyObject(r);
    redisFree(c);
    spdlog::info("cluster: node {} gave {} room leases back", o_.node, given);
    return given;
}

void node::renew() {
    if (stopped_) return;
    bus_->command({"SET", alive_key(o_.node), "1", "PX", std::to_string(o_.lease.count())});
    renew_lobby_lease();
    share_counts();
    for (const auto& [room, playing] : hosted_) {
        bus_->command({"EVAL", renew_script, "2", lease_key(room), rooms_key, o_.node,
                       std::to_string(o_.lease.count()), playing ? "1" : "0", room},
                      [self = shared_from_this(), room = room](const redisReply* r) {
                          // Redis unreachable (null): the rooms play on; the lease
                          // is renewed or taken again once it is back.
                          if (r && r->type == REDIS_REPLY_INTEGER && r->integer == 0)
                              self->on_strand([self, room] { self->drop(room, "its lease is held by another node"); });
                      });
    }
    renew_timer_.expires_after(o_.lease / 3);
    renew_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
        if (!ec) self->on_strand([self] { self->renew(); });  // guarded, as every step here
    });
}

void node::drop(const std::string& room, const std::string& why) {
    if (!hosted_.erase(room)) return;
    note_over(room, false);  // its new owner tells the others
    spdlog::warn("cluster: node {} gives room {} up: {}", o_.node, room, why);
    // The store refuses this node's writes of it already (game_owner); the
    // room stops here and its connections are moved by the `moved` message.
    if (auto r = hub_->rooms().find(room)) {
        r->stop();
        hub_->rooms().forget(room);
    }
}

// --- Takeover: rooms whose owner is gone -----------------------------------

void node::scan() {
    if (stopped_) return;
    bus_->command({"EVAL", orphans_script, "1", rooms_key, lease_key("")},
                  [self = shared_from_this()](const redisReply* r) {
                      if (!r || r->type != REDIS_REPLY_ARRAY) return;
                      std::vector<std::string> rooms;
                      for (std::size_t i = 0; i < r->elements; ++i) rooms.push_back(reply_text(r->element[i]));
                      self->on_strand([self, rooms] {
                          for (const auto& room : rooms) {
                              if (self->hosted_.count(room) || self->taking_.count(room)) continue;
                              self->taking_.insert(room);
                              self->bus_->command(
                                  {"SET", lease_key(room), self->o_.node, "PX",
                                   std::to_string(self->o_.lease.count()), "NX"},
                                  [self, room](const redisReply* r) {
                                      bool won = reply_text(r) == "OK";
                                      self->on_strand([self, room, won] {
                                          if (won) self->take_over(room);
                                          else self->taking_.erase(room);
                                      });
                                  });
                          }
                      });
                  });
    check_nodes();
    // Half the lease: a lost node's rooms are back within about 1.5 leases.
    scan_timer_.expires_after(o_.lease / 2);
    scan_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
        if (!ec) self->on_strand([self] { self->scan(); });
    });
}

void node::take_over(const std::string& room) {
    // The lease is ours: keep renewing it while the game is loaded.
    hosted_.emplace(room, true);
    spdlog::info("cluster: node {} takes room {} over", o_.node, room);
    auto self = shared_from_this();
    // `over`: the game is in play nowhere (finished, or never stored), so
    // no node is to take it: it leaves the set of rooms to watch.
    auto give_up = [self, room](std::string why, bool over = false) {
        self->on_strand([self, room, why, over] {
            spdlog::warn("cluster: room {} not taken over: {}", room, why);
            self->taking_.erase(room);
            if (self->hosted_.erase(room)) self->give_up_lease(room);
            if (over) self->bus_->command({"SREM", rooms_key, room});
        });
    };
    // 1. Which game; 2. fence the old owner off (game_owner, in PostgreSQL);
    // 3. only then read the moves: every move the old owner had committed is
    // in, and it can commit no other.
    store_.game_by_public_id(room, [self, room, give_up](core::result<std::optional<storage::game_record>> r) {
        if (!r) return give_up(r.reason());
        if (!r.value() || r.value()->summary.status != storage::game_status::playing)
            return give_up("no game in play", true);
        auto key = r.value()->summary.id;
        self->store_.claim_game(key, [self, room, key, give_up](core::result<std::int64_t> epoch) {
            if (!epoch) return give_up(epoch.reason());
            self->store_.game(key, [self, room, give_up, e = epoch.value()](
                                       core::result<std::optional<storage::game_record>> g) {
                if (!g || !g.value()) return give_up(g ? "the game vanished" : g.reason());
                auto record = std::move(*g.value());
                self->on_strand([self, room, e, record = std::move(record)] {
                    if (!self->taking_.count(room) || self->stopped_) return;
                    if (self->hub_->rooms().restore_all({record}) == 0) {
                        self->taking_.erase(room);
                        return;
                    }
                    spdlog::info("cluster: node {} hosts room {} (epoch {}, {} moves)",
                                 self->o_.node, room, e, record.moves.size());
                    self->bus_->command(
                        {"PUBLISH", moved_channel, bus::encode(bus::moved{room, self->o_.node})});
                });
            });
        });
    });
}

void node::check_nodes() {
    std::set<std::string> others;
    for (const auto& [key, rc] : remotes_) others.insert(key.first);
    for (const auto& [room, g] : games_there_) others.insert(g.node);
    for (const auto& other : others)
        bus_->command({"EXISTS", alive_key(other)}, [self = shared_from_this(), other](const redisReply* r) {
            // Null (Redis unreachable) says nothing about the other node.
            if (r && r->type == REDIS_REPLY_INTEGER && r->integer == 0)
                self->on_strand([self, other] { self->node_gone(other); });
        });
}

void node::node_gone(const std::string& other) {
    forget_games_of(other);
    auto it = remotes_.lower_bound({other, 0});
    std::size_t n = 0;
    while (it != remotes_.end() && it->first.first == other) {
        for (const auto& room : it->second.rooms)
            if (auto r = hub_->rooms().find(room)) r->leave(it->second.peer->conn_id(), true);
        if (it->second.lobby_who)
            lobby_left(*hub_, it->second.lobby_who, it->second.peer->conn_id());
        it = remotes_.erase(it);
        ++n;
    }
    if (n) spdlog::warn("cluster: node {} is gone: its {} connections left their rooms here", other, n);
}

// --- Connections here, rooms elsewhere -------------------------------------

void node::with_owner(const std::string& room, std::function<void(const std::string&)> then,
                      bool again) {
    if (auto it = owners_.find(room); it != owners_.end()) return then(it->second);
    bus_->command({"GET", lease_key(room)}, [self = shared_from_this(), room, again,
                                             then = std::move(then)](const redisReply* r) {
        auto owner = reply_text(r);
        self->on_strand([self, room, owner, again, then] {
            if (!owner.empty()) self->owners_[room] = owner;
            if (!owner.empty() || !again || self->stopped_) return then(owner);
            // No lease: perhaps not yet. A client told of a game by its
            // player's node (game.found, sent to a local player as its room
            // starts) may ask here before that node's SET of the lease is
            // done. Asked once more a moment later (an unknown room is told
            // that much later).
            auto t = std::make_shared<net::steady_timer>(self->strand_, owner_retry);
            t->async_wait([self, room, then, t](boost::system::error_code ec) {
                self->on_strand([self, room, then, ec] {
                    if (ec) return then("");
                    self->with_owner(room, then, false);
                });
            });
        });
    });
}

void node::send_join(const std::string& owner, const std::string& room, std::uint64_t conn,
                     const proxy& px, std::optional<std::int64_t> v) {
    publish(owner, bus::join{room, o_.node, conn, *px.who, v});
}

void node::join(const std::string& room, player_ptr who, peer_ref p, std::uint64_t conn,
                std::optional<std::int64_t> v, std::optional<std::int64_t> ack, std::string type) {
    on_strand([this, room, who, p, conn, v, ack, type] {
        // Asked afresh at every join (`fresh`): a client that joins again
        // recovers from an owner learnt wrongly (a `moved` lost while Redis was down).
        in_order(conn,
                 {room, true, [this, room, who, p, conn, v, ack, type](const std::string& owner) {
                      if (p.expired()) return;  // closed meanwhile
                      if (owner == o_.node) {  // taken over here meanwhile
                          if (auto r = hub_->rooms().find(room)) return r->join(who, p, conn, v);
                      }
                      if (owner.empty() || owner == o_.node) return no_owner(p, type, ack, room);
                      auto& px = proxies_[conn];
                      px.p = p;
                      px.who = who;
                      // Kept in the room even if no owner hears the join:
                      // the `moved` of the takeover joins it again.
                      px.rooms.insert(room);
                      publish_or_moving(owner, bus::join{room, o_.node, conn, *who, v}, p, type,
                                        ack, room);
                  }});
    });
}

void node::leave(const std::string& room, std::uint64_t conn, bool closed) {
    on_strand([this, room, conn, closed] {
        auto it = proxies_.find(conn);
        if (it == proxies_.end()) return;
        // A connection that only sent commands (a bot API action, answered)
        // is in no room but is kept for its answers: closed, it goes too.
        if (!it->second.rooms.erase(room) && !(closed && it->second.unused())) return;
        if (it->second.unused()) proxies_.erase(it);
        if (auto o = owners_.find(room); o != owners_.end())
            publish(o->second, bus::leave{room, o_.node, conn, closed});
    });
}

// --- The bus ---------------------------------------------------------------

void node::on_message(const std::string& channel, const std::string& payload) {
    auto m = bus::decode(payload);
    if (!m) {
        spdlog::error("cluster: node {}: a bad bus message on {}: {}", o_.node, channel,
                      m.reason());
        return;
    }
    std::visit([this](auto& one) { on(one); }, m.value());
}

std::shared_ptr<remote_peer> node::remote(const std::string& from, std::uint64_t conn) {
    auto& r = remotes_[{from, conn}].peer;
    if (!r)
        r = std::make_shared<remote_peer>(weak_from_this(), from, conn,
                                          remote_peer::first_conn + next_remote_conn_++);
    return r;
}

void node::on(const bus::leave& m) {
    auto it = remotes_.find({m.from, m.conn});
    if (it == remotes_.end()) return;
    if (auto r = hub_->rooms().find(m.room)) r->leave(it->second.peer->conn_id(), m.closed);
    it->second.rooms.erase(m.room);
    if (m.closed && it->second.rooms.empty() && !it->second.lobby_who) remotes_.erase(it);
}

void node::on(const bus::join& m) {
    auto r = hub_->rooms().find(m.room);
    if (!r) return publish(m.from, bus::unknown{m.room, m.conn, "room.join", std::nullopt});
    auto peer = remote(m.from, m.conn);
    remotes_[{m.from, m.conn}].rooms.insert(m.room);
    r->join(std::make_shared<const player>(m.who), peer, peer->conn_id(), m.v);
}

void node::on(const bus::cmd& m) {
    auto r = hub_->rooms().find(m.command.room);
    if (!r) return publish(m.from, bus::unknown{m.command.room, m.conn, m.re, m.ack});
    auto peer = remote(m.from, m.conn);
    remotes_[{m.from, m.conn}].rooms.insert(m.command.room);
    r->command(std::make_shared<const player>(m.who), peer, peer->conn_id(), m.command, m.ack,
               m.re);
}

void node::on(bus::frame& m) {
    auto it = proxies_.find(m.conn);
    if (it == proxies_.end()) return;  // the connection has gone
    send_to(it->second.p, std::make_shared<const std::string>(std::move(m.f)));
}

void node::on(const bus::unknown& m) {
    // The node we thought had the room does not.
    auto it = proxies_.find(m.conn);
    if (it == proxies_.end()) return;  // the connection has gone
    owners_.erase(m.room);
    ++hub_->stats().rejected_total;
    send_to(it->second.p,
            error_frame({"unknown_room", "no room '" + m.room + "'"}, m.re, m.ack, m.room));
}

void node::on(const bus::moved& m) {
    const auto& room = m.room;
    const auto& owner = m.node;
    if (owner != o_.node && hosted_.count(room)) drop(room, "taken over by " + owner);
    owners_[room] = owner;
    // Connections here that were in the room follow it: a fresh join gives
    // each a full room.state from the new owner.
    for (auto it = proxies_.begin(); it != proxies_.end();) {
        auto& px = it->second;
        if (!px.rooms.count(room)) {
            ++it;
            continue;
        }
        if (owner == o_.node) {
            px.rooms.erase(room);
            if (auto r = hub_->rooms().find(room)) r->join(px.who, px.p, it->first, std::nullopt);
            if (px.unused()) {
                it = proxies_.erase(it);
                continue;
            }
        } else {
            send_join(owner, room, it->first, px, std::nullopt);
        }
        ++it;
    }
}

}  // namespace kibitz::server::cluster
