// The tournament half of cluster::node (docs/cluster.md, "Tournaments"): the
// node that holds the lobby's lease runs every tournament; the others run
// none. Their connections' tournament messages travel as lobby messages
// (play/lobby/lobby_dispatch.hpp), answered through remote peers; each game's end
// on a node that does not run them goes to the one that does, again at
// every renewal until a subscriber heard it (the service applies a result
// once, and the store refuses a second).
#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

#include "cluster/bus_messages.hpp"
#include "cluster/cluster_node.hpp"
#include "cluster/redis_keys.hpp"

namespace kibitz::server::cluster {

void node::message(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                   const tournament_msg& m, std::optional<std::int64_t> ack,
                   const std::string& type) {
    // Here through the lobby's dispatch: at the leader, or its own node's
    // connections while it thinks it leads (the service says if it does not).
    if (local_tournaments_) local_tournaments_->message(who, p, conn, m, ack, type);
}

void node::connection_closed(std::uint64_t conn) {
    if (local_tournaments_) local_tournaments_->connection_closed(conn);
}

void node::berserk(const std::string& room, int seat) {
    // Only a room started by the pairing has berserk: on the node that paired it.
    if (local_tournaments_) local_tournaments_->berserk(room, seat);
}

void node::game_over(game_over_report r) {
    on_strand([this, r = std::move(r)] {
        if (!local_tournaments_) return;
        if (tournament_leader_ == o_.node) return local_tournaments_->game_over(r);
        results_out_[r.room] = r;
        send_results();
    });
}

void node::load(const std::string& id) {
    on_strand([this, id] {
        if (!local_tournaments_) return;
        if (tournament_leader_ == o_.node) return local_tournaments_->load(id);
        // No leader known: the next one loads every unfinished event itself.
        if (!tournament_leader_.empty()) publish(tournament_leader_, bus::tournament_load{id});
    });
}

void node::tournaments_led_by(const std::string& leader,
                              std::chrono::steady_clock::time_point until) {
    if (!local_tournaments_) return;
    if (leader != tournament_leader_)
        spdlog::info("cluster: node {}: the tournaments run on {}", o_.node, leader);
    tournament_leader_ = leader;
    local_tournaments_->lead(leader == o_.node, until);
    send_results();
}

void node::send_results() {
    if (tournament_leader_.empty()) return;
    if (tournament_leader_ == o_.node) {
        for (auto& [room, r] : results_out_) local_tournaments_->game_over(r);
        results_out_.clear();
        return;
    }
    for (const auto& [room, r] : results_out_) {
        bus::tournament_over m{
            o_.node,   room,    r.result.kind == core::status_kind::win ? r.result.winner : -1,
            r.aborted, r.plies, r.at_ms};
        bus_->command({"PUBLISH", node_channel(tournament_leader_), bus::encode(m)},
                      [self = shared_from_this(), room](const redisReply* reply) {
                          // Heard: the leader has it (or its store will).
                          if (reply && reply->type == REDIS_REPLY_INTEGER && reply->integer > 0)
                              self->on_strand([self, room] { self->results_out_.erase(room); });
                      });
    }
}

void node::on(const bus::tournament_over& m) {
    if (!local_tournaments_) return;
    // Sent here by a node that has not heard of the new leader yet: on to it.
    if (!tournament_leader_.empty() && tournament_leader_ != o_.node)
        return publish(tournament_leader_, m);
    game_over_report r{m.room, {}, m.aborted, m.plies, m.at};
    r.result.kind = m.winner >= 0 ? core::status_kind::win : core::status_kind::draw;
    r.result.winner = m.winner;
    local_tournaments_->game_over(std::move(r));  // not ours to run: the service drops it
}

void node::on(const bus::tournament_load& m) {
    if (local_tournaments_) local_tournaments_->load(m.id);
}

}  // namespace kibitz::server::cluster
