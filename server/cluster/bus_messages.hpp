#pragma once
// The typed messages nodes send each other over Redis pub/sub (JSON, field
// "t"); every one is described with an example in docs/cluster.md. Built and
// read only here, so a change is made in one place.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "play/live_position.hpp"
#include "play/player.hpp"
#include "protocol/client_msg.hpp"

namespace kibitz::server::cluster {

using json = nlohmann::json;

// Redis names (docs/cluster.md, "Keys and channels").
inline std::string lease_key(const std::string& room) { return "kibitz:room:" + room; }
inline std::string node_channel(const std::string& node) { return "kibitz:node:" + node; }
// Set by each node every lease/3 with the lease as its time to live.
inline std::string alive_key(const std::string& node) { return "kibitz:alive:" + node; }
inline const std::string rooms_key = "kibitz:rooms";
inline const std::string moved_channel = "kibitz:moved";
// The lobby's leader: the node whose lobby is the cluster's (PX lease).
inline const std::string lobby_key = "kibitz:lobby";
// Each node's counts ("<players> <games>", PX lease) and the set of nodes that share them.
inline std::string count_key(const std::string& node) { return "kibitz:count:" + node; }
inline const std::string nodes_key = "kibitz:nodes";
// To every node: a room started and seated a player (seated_msg).
inline const std::string seated_channel = "kibitz:seated";
// To every node: the games each node hosts (game_msg, live_msg, …).
inline const std::string games_channel = "kibitz:games";

// Who sent a command: enough for the owner's room to tell the seat (never the token).
json player_to_json(const player& p);
player_ptr player_from_json(const json& j);  // throws on a malformed one

json join_msg(const std::string& room, const std::string& from, std::uint64_t conn,
              const player& who, std::optional<std::int64_t> v);
json leave_msg(const std::string& room, const std::string& from, std::uint64_t conn, bool closed);
json cmd_msg(const std::string& from, std::uint64_t conn, const player& who,
             const room_cmd_msg& cmd, std::optional<std::int64_t> ack, const std::string& type);
room_cmd_msg cmd_from_json(const json& m);  // throws on a malformed one
json frame_msg(std::uint64_t conn, const std::string& frame);
json unknown_msg(const std::string& room, std::uint64_t conn, std::optional<std::int64_t> ack,
                 const std::string& type);
json moved_msg(const std::string& room, const std::string& node);

// The lobby (docs/cluster.md, "One lobby"). A lobby message of a connection
// on `from`, to the leader: the client's own message, re-encoded in the
// protocol's shape (schema/protocol.md) so the leader reads it with the
// client's own decoder; `ratings`: the player's ratings as `from` knows them
// (game id -> rating, rd, games), since the leader may never have seen the player.
json lobby_msg(const std::string& from, std::uint64_t conn, const player& who,
               const json& ratings, const client_msg& m);
client_msg lobby_client_msg(const json& m);  // throws on a malformed one
json lobby_closed_msg(const std::string& from, std::uint64_t conn, const player& who);
// From the leader to the node of connection `conn`: a seek of it opened
// (under `id`; `invite`: an invite, under its code) or gone.
json lobby_seek_msg(std::uint64_t conn, const std::string& id, bool invite, bool open);
json seated_msg(const std::string& from, const std::string& room, const player& who,
                const std::string& found);

// The games every node hosts (docs/cluster.md, "Games on every node"):
// `game` a game in play here of `players` (keys), `computer` when against
// the computer; `live` it is public, as the
// live lists show it (`summary`, `pos` the mini board in the wire form);
// `live.update` its plies, watchers and, after a move, `pos`; `game.over` it
// ended; `games` every game of a node at once (the answer to `games.ask`).
json game_msg(const std::string& from, const std::string& room,
              const std::vector<std::string>& players, bool computer);
json live_msg(const std::string& from, const std::string& room, const std::string& game,
              const json& summary, const json& pos);
json live_update_msg(const std::string& from, const std::string& room, const std::string& game,
                     std::size_t plies, std::size_t spectators, const json& pos);
json game_over_msg(const std::string& from, const std::string& room);
json games_ask_msg(const std::string& from);
json games_msg(const std::string& from, const json& games);  // each as game_msg, plus live_msg's
// The mini board back from its wire form (put_live_position); throws on a malformed one.
live_position live_position_from_json(const json& j);

}  // namespace kibitz::server::cluster
