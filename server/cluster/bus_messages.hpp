#pragma once
// The messages nodes send each other over Redis pub/sub (docs/cluster.md,
// "The messages"): one struct per message, named as its "t". Encoded and
// decoded only in bus_messages.cpp, so the cluster code never reads a field
// by name and a change of shape is made in one place. Plain values; safe on
// any executor.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "cluster/redis_keys.hpp"
#include "kibitz/core/result.hpp"
#include "play/live/live_position.hpp"
#include "play/player.hpp"
#include "protocol/client_msg.hpp"
#include "store/records.hpp"

namespace kibitz::server::cluster {

using json = nlohmann::json;

namespace bus {

// `from`: the sending node; `conn`: a connection's id on the node it is on;
// `who`: the player as a room needs it (never the session token).

// To the owner of a room.
struct join {
    std::string room, from;
    std::uint64_t conn = 0;
    player who;
    std::optional<std::int64_t> v;  // the client's last event version; none: a full state
};
struct leave {
    std::string room, from;
    std::uint64_t conn = 0;
    bool closed = false;  // the connection is gone (else a room.leave)
};
struct cmd {
    std::string from;
    std::uint64_t conn = 0;
    player who;
    room_cmd_msg command;  // its room, action and text
    std::string re;        // the client's message type, for the reply
    std::optional<std::int64_t> ack;
};
// To the node of a connection.
struct frame {  // a server frame for the client, as the room made it
    std::uint64_t conn = 0;
    std::string f;
};
struct unknown {  // the node asked does not have the room
    std::string room;
    std::uint64_t conn = 0;
    std::string re;
    std::optional<std::int64_t> ack;
};
// To every node: a room has a new owner.
struct moved {
    std::string room, node;
};
// To the lobby's leader: a lobby message of a connection elsewhere, with the
// player's ratings as its node knows them (the leader may never have seen
// the player). `m`: the client's message; an invite.create sent again to a
// new leader carries its code (seek_create_msg::code), which travels beside
// the client's message, never inside it.
struct lobby {
    std::string from;
    std::uint64_t conn = 0;
    player who;
    std::map<std::string, storage::rating_value, std::less<>> ratings;  // by game id
    client_msg m;
};
struct lobby_closed {
    std::string from;
    std::uint64_t conn = 0;
    player who;
};
// From the leader to the node of a connection: a seek of it opened (under
// `id`; `invite`: an invite, under its code) or gone.
struct lobby_seek {
    std::uint64_t conn = 0;
    std::string id;
    bool invite = false, open = false;
};
// To every node: a room that started here seated `who` (`f`: its game.found).
struct seated {
    std::string from, room;
    player who;
    std::string f;
};
// To every node: a frame for every connection of player `key` there (a bot
// API challenge made to them on another node, or withdrawn there).
struct player_frame {
    std::string from, key;
    std::string f;
};
// The games every node hosts (kibitz:games). A public game as the live lists
// show it: `summary` as live.add does (wire form, opaque here), `pos` its
// mini board, counted down to the moment it is encoded.
struct listing {
    std::string game;
    json summary;
    live_position pos;
};
struct game {  // a game in play here, of `players` (keys)
    std::string from, room;
    std::vector<std::string> players;
    bool computer = false;        // against the computer
    bool correspondence = false;  // days per move: engine analysis allowed meanwhile
};
struct live {  // it is public
    std::string from, room;
    listing listed;
};
struct live_update {
    std::string from, room, game;
    std::size_t plies = 0, spectators = 0;
    std::optional<live_position> pos;  // only after a move
};
struct game_over {
    std::string from, room;
};
struct games_ask {  // a node just subscribed: every node sends it its games
    std::string from;
};
struct hosted {
    std::string room;
    std::vector<std::string> players;
    bool computer = false;
    bool correspondence = false;
    std::optional<listing> listed;  // none: private
};
struct games {  // the answer to games_ask: every game of `from`
    std::string from;
    std::vector<hosted> all;
};

// To the node that runs the tournaments (the lobby's leader): a game that
// ended on node `from` (any game: a room taken over no longer knows it is a
// tournament's); `winner` -1: a draw.
struct tournament_over {
    std::string from, room;
    int winner = -1;
    bool aborted = false;
    int plies = 0;
    std::int64_t at = 0;  // ms since the epoch
};
// To the same: an event made on another node, to serve from the store.
struct tournament_load {
    std::string id;
};

using message = std::variant<join, leave, cmd, frame, unknown, moved, lobby, lobby_closed,
                             lobby_seek, seated, player_frame, game, live, live_update, game_over,
                             games_ask, games, tournament_over, tournament_load>;

// The text published (JSON, "t" the type).
std::string encode(const message& m);
// A message back from its text; an error value, never an exception, for
// anything malformed (not JSON, an unknown "t", a field missing, of the
// wrong type or out of bounds, a string or payload too long).
core::result<message> decode(std::string_view text);

// Not a message but a value: a guest not stored yet, under
// kibitz:guest:<token digest> (docs/cluster.md, "Guests"), for any node to resume.
struct guest {
    std::string id, name;
};
std::string encode_guest(const guest& g);
core::result<guest> decode_guest(std::string_view text);

// A live-list summary with a game's new counts (what live_update changes).
json with_counts(json summary, std::size_t plies, std::size_t spectators);

// Bounds decode holds messages to.
inline constexpr std::size_t max_payload = 64u << 20;  // a `games` answer of a busy node
inline constexpr std::size_t max_name = 256;           // ids, names, types

}  // namespace bus
}  // namespace kibitz::server::cluster
