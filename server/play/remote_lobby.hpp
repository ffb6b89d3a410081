#pragma once
// The one lobby of a cluster, as the play layer sees it: one node leads it
// (a lease in Redis) and every lobby message of a connection goes through
// here, to the leader's lobby (this node's own when it leads). server/cluster/
// implements it over Redis (docs/cluster.md, "One lobby"); a single node has
// none (play_deps::cluster_lobby is null) and pays one null check per lobby
// message. Every call returns at once (the work is posted) and is safe from
// any thread.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "play/peer.hpp"
#include "play/player.hpp"
#include "protocol/client_msg.hpp"

namespace kibitz::server {

class remote_lobby {
public:
    virtual ~remote_lobby() = default;

    // A lobby message (play/lobby/lobby_dispatch.hpp: is_lobby_message) of a local
    // connection: handled by the leader's lobby, whose answers come back to `p`.
    virtual void lobby_message(player_ptr who, peer_ref p, std::uint64_t conn,
                               const client_msg& m) = 0;
    // The connection is gone: its seeks, pool entries and subscriptions at
    // the leader go, and it leaves the rooms it was seated in elsewhere.
    virtual void lobby_closed(player_ptr who, std::uint64_t conn) = 0;
    // A one-shot connection (a bot API request) has had its answer: it goes
    // as if closed, once nothing of it stands (an invite it made, until the
    // invite is accepted, declined or cancelled).
    virtual void lobby_answered(player_ptr who, std::uint64_t conn) = 0;

    // What a connection waits on at the lobby, told by the lobby that leads
    // (its connections may be on any node): a seek it opened, under the id
    // the lobby gave it (`invite`: an invite, under its code), and a seek of
    // it gone (accepted, cancelled, or its connection left). The node the
    // connection is on keeps them, to tell a new leader again (docs/cluster.md,
    // "One lobby"). `p` and `conn` as the lobby knows the connection.
    virtual void seek_opened(const peer_ref& p, std::uint64_t conn, const std::string& id,
                             bool invite) = 0;
    virtual void seek_closed(const peer_ref& p, std::uint64_t conn, const std::string& id) = 0;

    // `f` for every connection of player `key` on the other nodes (a bot API
    // challenge made to them, or withdrawn): the caller tells this node's own.
    virtual void tell_player(const std::string& key, std::shared_ptr<const std::string> f) = 0;
};

}  // namespace kibitz::server
