#pragma once
// Where the play layer hands what concerns tournaments: a client's
// tournament message, a closed connection, and the end of every game (a
// tournament knows its own rooms and ignores the rest). Implemented above
// play by the tournament service (tournament/arena_service.hpp), made by the
// composition root before the hub and handed to it in play_deps, as the
// cluster's remote_*.hpp are. Every call returns at once (it posts to the
// service's strand); callable from any thread.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "kibitz/core/game.hpp"
#include "play/peer.hpp"
#include "play/player.hpp"
#include "protocol/client_msg.hpp"

namespace kibitz::server {

struct game_over_report {
    std::string room;
    core::status result;
    bool aborted = false;
    int plies = 0;  // plies played
    std::int64_t at_ms = 0;
};

class tournament_desk {
public:
    virtual ~tournament_desk() = default;
    // From a connection's strand; `who` is stored (a guest is stored first).
    // Answers (ack or error, echoing `type`) go to `p`.
    virtual void message(const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                         const tournament_msg& m, std::optional<std::int64_t> ack,
                         const std::string& type) = 0;
    virtual void connection_closed(std::uint64_t conn) = 0;
    // From a room's strand, once per game as it ends.
    virtual void game_over(game_over_report r) = 0;
    // From a room's strand: `seat` of the game in `room` went berserk (before
    // its game_over, in that order).
    virtual void berserk(const std::string& room, int seat) = 0;

    // A cluster (docs/cluster.md, "Tournaments"): whether this node runs the
    // tournaments, told at every renewal of the lease; `until`: how long this
    // word holds (a node that stalls past it pairs nobody until told again).
    // A single node runs them from its start and is never told.
    virtual void lead(bool /*on*/, std::chrono::steady_clock::time_point /*until*/) {}
    // An event made on a node that does not run them: the one that does
    // serves it from the store from now on.
    virtual void load(const std::string& /*id*/) {}
};

}  // namespace kibitz::server
