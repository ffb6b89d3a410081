#pragma once
// Rooms on other nodes of a cluster, as the play layer sees them: the room
// directory tells it which rooms this node hosts, and a connection hands it
// the room messages for rooms this node does not have. It keeps the one copy
// of the games other nodes host (games_elsewhere). server/cluster/ implements
// it over Redis (docs/cluster.md); a single node has play/single_node.hpp,
// for which every room is here or nowhere. Every call returns at once (the
// work is posted) and is safe from any thread.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "play/peer.hpp"
#include "play/player.hpp"
#include "protocol/client_msg.hpp"

namespace kibitz::server {

class remote_rooms {
public:
    // What the rules on a player's games need to know of a game on another
    // node: the caps count live and correspondence games apart, and engine
    // analysis is refused to a player of a live game against a person.
    struct game_kind {
        bool computer = false;        // against the computer
        bool correspondence = false;  // days per move
    };
    struct game_elsewhere {
        std::string room;
        game_kind kind;
    };
    virtual ~remote_rooms() = default;

    // False when there are no other nodes: every room is here or nowhere, so
    // a connection keeps no record of a room it did not find here.
    virtual bool spans_nodes() const = 0;

    // A player's unfinished games hosted by other nodes (by player key).
    virtual std::vector<game_elsewhere> games_elsewhere(const std::string& player_key) const = 0;

    // This node hosts `room` now (started, restored or taken over here), a
    // game of `players` (their keys): every node counts it among their
    // unfinished games (caps, welcome's rooms, lobby.yours, analysis.start)
    // as a game of that `kind`. Called before
    // the room's start is posted: what it sends to other nodes (the lease
    // first) goes out before anything the room sends.
    virtual void hosting(const std::string& room, const std::vector<std::string>& players,
                         game_kind kind) = 0;
    // Its game is over: no other node is to take it over, nor count it.
    virtual void finished(const std::string& room) = 0;
    // This node no longer hosts it (forgotten after it lingered).
    virtual void released(const std::string& room) = 0;

    // A room that starts here seats `who`: the player's connections on other
    // nodes get `found` (game.found) and join the room from there, as the
    // player's connections here are taken to it.
    virtual void seated(const player_ptr& who, const std::string& room,
                        const std::shared_ptr<const std::string>& found) = 0;

    // A local connection's message for a room not on this node: forwarded to
    // the node that owns it, whose answers and events come back to `p`; the
    // client gets unknown_room (echoing `ack`, `type`) when no node has it.
    virtual void join(const std::string& room, player_ptr who, peer_ref p, std::uint64_t conn,
                      std::optional<std::int64_t> v, std::optional<std::int64_t> ack,
                      std::string type) = 0;
    virtual void leave(const std::string& room, std::uint64_t conn, bool closed) = 0;
    virtual void command(player_ptr who, peer_ref p, std::uint64_t conn, room_cmd_msg cmd,
                         std::optional<std::int64_t> ack, std::string type) = 0;
};

}  // namespace kibitz::server
