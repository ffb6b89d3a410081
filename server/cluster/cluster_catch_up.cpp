// Catching up after Redis comes back. While Redis is down, what rooms
// elsewhere publish for this node's connections is lost (pub/sub keeps
// nothing for a subscriber that is away), so once this node is subscribed
// again each of its connections in a room elsewhere joins that room again,
// as a page does after a reconnect: the owner answers with a full
// `room.state`, and the client is where the room is without doing anything.
//
// The owner may not be listening yet (every node reconnects on its own
// timer), and a Redis that restarted empty has no lease until the owner's
// next renewal: a join is published again until PUBLISH says a subscriber
// heard it and a lease names the owner, for up to three leases.
#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

#include "cluster/bus_messages.hpp"
#include "cluster/cluster_node.hpp"
#include "play/room/room.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server::cluster {

namespace {
constexpr std::chrono::milliseconds catch_up_retry{250};
}

void node::subscriber_up() {
    if (!subscribed_before_) {
        subscribed_before_ = true;  // the first connection: nothing was missed
        return;
    }
    std::size_t joins = 0;
    for (const auto& [conn, px] : proxies_)
        for (const auto& room : px.rooms) {
            catch_up(room, conn, 0);
            ++joins;
        }
    spdlog::info("cluster: node {} subscribed again; {} joins to catch up", o_.node, joins);
}

void node::catch_up(const std::string& room, std::uint64_t conn, int attempt) {
    auto still = [this, room, conn] {
        auto it = proxies_.find(conn);
        return !stopped_ && it != proxies_.end() && it->second.rooms.count(room) ? &it->second
                                                                                 : nullptr;
    };
    if (!still()) return;  // left or closed meanwhile
    owners_.erase(room);   // learnt before the outage; it may have changed
    with_owner(room, [this, room, conn, attempt, still](const std::string& owner) {
        auto* px = still();
        if (!px) return;
        if (owner == o_.node) {  // taken over here meanwhile: the room is local now
            if (auto r = hub_->rooms().find(room)) r->join(px->who, px->p, conn, std::nullopt);
            return;
        }
        if (owner.empty()) return retry_catch_up(room, conn, attempt);
        bus_->command({"PUBLISH", node_channel(owner),
                       bus::encode(bus::join{room, o_.node, conn, *px->who, std::nullopt})},
                      [self = shared_from_this(), room, conn, attempt](const redisReply* r) {
                          bool heard = r && r->type == REDIS_REPLY_INTEGER && r->integer > 0;
                          if (!heard)
                              self->on_strand([self, room, conn, attempt] {
                                  self->retry_catch_up(room, conn, attempt);
                              });
                      });
    });
}

void node::retry_catch_up(const std::string& room, std::uint64_t conn, int attempt) {
    if ((attempt + 1) * catch_up_retry > 3 * o_.lease) {
        spdlog::warn("cluster: node {} could not catch up on room {} (no owner heard)", o_.node,
                     room);
        return;
    }
    auto timer = std::make_shared<boost::asio::steady_timer>(strand_, catch_up_retry);
    timer->async_wait(
        [self = shared_from_this(), timer, room, conn, attempt](boost::system::error_code ec) {
            if (!ec)
                self->on_strand(
                    [self, room, conn, attempt] { self->catch_up(room, conn, attempt + 1); });
        });
}

}  // namespace kibitz::server::cluster
