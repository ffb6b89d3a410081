// Answers for the commands of connections here to rooms elsewhere
// (docs/cluster.md, "Every command answered"), and a restart under the same
// --node-id. Part of cluster::node; runs on its strand.
//
// A command goes out once its room's owner is known (the cache, or a GET of
// the lease, retried once). Commands of one connection go out in the order
// they came: one that waits for Redis holds the ones after it, so a GET
// answered late never lets a later command overtake an earlier one.
//
// The owner answers through this node's channel (ack, error, the room's
// frames), so the connection is kept as a proxy even if it never joined.
// PUBLISH says how many subscribers heard a message: none (the owner died
// and no node has taken the room over yet) or no reply (Redis is out of
// reach) is answered here at once with the retryable `room_moving`.
#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

#include "cluster/bus_messages.hpp"
#include "cluster/cluster_node.hpp"
#include "cluster/remote_peer.hpp"
#include "observe/metrics.hpp"
#include "play/room/room.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server::cluster {

namespace {
// Deletes the leases (rooms in play, the lobby) held under an earlier life
// of this --node-id ("<id>@…", not this one) and that life's liveness key;
// returns how many rooms it held. KEYS: rooms set, lobby key; ARGV: "<id>@",
// this node's name, the lease key prefix, the liveness key prefix.
const char* release_previous_script = R"(
local function earlier(v) return v and v ~= ARGV[2] and string.sub(v, 1, #ARGV[1]) == ARGV[1] end
local n = 0
for _, r in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local v = redis.call('GET', ARGV[3] .. r)
  if earlier(v) then
    redis.call('DEL', ARGV[3] .. r)
    redis.call('DEL', ARGV[4] .. v)
    n = n + 1
  end
end
local l = redis.call('GET', KEYS[2])
if earlier(l) then
  redis.call('DEL', KEYS[2])
  redis.call('DEL', ARGV[4] .. l)
end
return n)";
}  // namespace

void node::in_order(std::uint64_t conn, outgoing out) {
    auto& q = outbox_[conn];
    q.push_back(std::move(out));
    if (q.size() == 1) next_in_order(conn);
}

void node::next_in_order(std::uint64_t conn) {
    auto it = outbox_.find(conn);
    if (it == outbox_.end()) return;
    if (it->second.front().fresh) owners_.erase(it->second.front().room);
    with_owner(it->second.front().room, [this, conn](const std::string& owner) {
        auto it = outbox_.find(conn);
        auto out = std::move(it->second.front());
        it->second.pop_front();
        const bool more = !it->second.empty();
        if (!more) outbox_.erase(it);
        out.send(owner);  // published now: what follows is published after it
        if (more) next_in_order(conn);
    });
}

void node::command(player_ptr who, peer_ref p, std::uint64_t conn, room_cmd_msg cmd,
                   std::optional<std::int64_t> ack, std::string type) {
    on_strand([this, who, p, conn, cmd, ack, type] {
        in_order(conn,
                 {cmd.room, false, [this, who, p, conn, cmd, ack, type](const std::string& owner) {
                      send_command(owner, who, p, conn, cmd, ack, type);
                  }});
    });
}

void node::send_command(const std::string& owner, const player_ptr& who, const peer_ref& p,
                        std::uint64_t conn, const room_cmd_msg& cmd,
                        std::optional<std::int64_t> ack, const std::string& type) {
    if (p.expired()) return;  // closed meanwhile: no proxy to make for it
    if (owner == o_.node)
        if (auto r = hub_->rooms().find(cmd.room)) return r->command(who, p, conn, cmd, ack, type);
    if (owner.empty() || owner == o_.node) return no_owner(p, type, ack, cmd.room);
    // Its answer (and anything else the owner sends it) comes back as frames
    // for this connection: found only through a proxy.
    auto& px = proxies_[conn];
    px.p = p;
    if (!px.who) px.who = who;
    publish_or_moving(owner, bus::cmd{o_.node, conn, *who, cmd, type, ack}, p, type, ack, cmd.room);
}

void node::publish_or_moving(const std::string& owner, const bus::message& m, const peer_ref& p,
                             const std::string& re, std::optional<std::int64_t> ack,
                             const std::string& room) {
    bus_->command({"PUBLISH", node_channel(owner), bus::encode(m)},
                  [self = shared_from_this(), owner, p, re, ack, room](const redisReply* r) {
                      if (r && r->type == REDIS_REPLY_INTEGER && r->integer > 0) return;
                      self->on_strand([self, owner, p, re, ack, room] {
                          // Asked afresh next time: a takeover names another owner.
                          if (auto o = self->owners_.find(room);
                              o != self->owners_.end() && o->second == owner)
                              self->owners_.erase(o);
                          ++self->hub_->stats().rejected_total;
                          send_to(p, error_frame({"room_moving",
                                                  "the room's node cannot be reached "
                                                  "right now: join again and retry"},
                                                 re, ack, room));
                      });
                  });
}

void node::no_owner(const peer_ref& p, const std::string& re, std::optional<std::int64_t> ack,
                    const std::string& room) {
    ++hub_->stats().rejected_total;
    if (!bus_->connected())  // no lease could be read: the room may well be somewhere
        return send_to(p, error_frame({"room_moving",
                                       "the cluster cannot be reached right now: "
                                       "join again and retry"},
                                      re, ack, room));
    send_to(p, error_frame({"unknown_room", "no room '" + room + "'"}, re, ack, room));
}

void node::links_changed() {
    const bool cut = !reachable();
    ever_reachable_ = ever_reachable_ || !cut;
    if (cut == cut_off_ || stopped_ || !ever_reachable_) return;
    cut_off_ = cut;
    spdlog::warn("cluster: node {} {} Redis: connections elsewhere are {}", o_.node,
                 cut ? "lost" : "is back on", cut ? "cut off" : "back");
    for (const auto& [room, playing] : hosted_)
        if (auto r = hub_->rooms().find(room)) r->cut_off(cut, remote_peer::first_conn);
}

void node::release_previous_life() {
    if (o_.node_id.empty()) return;  // a random name: no earlier life
    bus_->command(
        {"EVAL", release_previous_script, "2", rooms_key, lobby_key, o_.node_id + "@", o_.node,
         lease_key(""), alive_key("")},
        [name = o_.node](const redisReply* r) {
            if (r && r->type == REDIS_REPLY_INTEGER && r->integer > 0)
                spdlog::info(
                    "cluster: node {} gave back the leases of {} rooms of its earlier life", name,
                    r->integer);
        });
}

}  // namespace kibitz::server::cluster
