#pragma once
// The lobby's share of a connection's messages, in one place: the
// connection's handler sends them here on a single node, and in a cluster
// the lobby's leader does, for connections on every node.
#include <cstdint>
#include <type_traits>

#include "play/lobby/lobby.hpp"
#include "protocol/client_msg.hpp"

namespace kibitz::server {

// Seeks, invites, quick pairing, the lobby's and live lists' subscriptions
// and the tournaments: what one lobby across a cluster holds (the lobby's
// leader runs the tournaments too, docs/cluster.md). (A game against the
// computer starts on the player's own node: it meets nobody.)
template <class T>
constexpr bool is_lobby_body =
    std::is_same_v<T, lobby_sub_msg> || std::is_same_v<T, live_sub_msg> ||
    std::is_same_v<T, seek_create_msg> || std::is_same_v<T, seek_cancel_msg> ||
    std::is_same_v<T, seek_accept_msg> || std::is_same_v<T, invite_answer_msg> ||
    std::is_same_v<T, quick_join_msg> || std::is_same_v<T, quick_leave_msg> ||
    std::is_same_v<T, tournament_msg>;
bool is_lobby_message(const client_msg& m);

// Hands an is_lobby_message message to the hub's lobby, or (live.sub) its
// live games, or (tournament.*) its tournament desk; nothing for any other.
void dispatch_lobby(hub& h, const player_ptr& who, const peer_ref& p, std::uint64_t conn,
                    const client_msg& m);
// The connection is gone: its seeks, pool entry and subscriptions go (the
// tournaments' too).
void lobby_left(hub& h, const player_ptr& who, std::uint64_t conn);

}  // namespace kibitz::server
