#pragma once
// Server -> client messages of the lobby (schema/protocol.md, "Lobby", "Quick
// pairing", "Private games", "Live games"): one struct per message, encoded by
// the codec (encode_lobby.cpp). Sub-objects the lobby keeps in wire form (a
// seek, a live-list entry, a board's shape) travel as json. Plain values;
// safe on any executor.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/time_control.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server {

struct invite_view {  // an open invite, as invite.created and lobby.yours show it
    std::string code, game;
    std::optional<time_control> tc;
    bool rated = false;
    std::string color;
    std::string position;  // empty: the standard start
};
json to_json(const invite_view& i);
// An invite back from its wire form (invite.created), as the bot API's
// challenge events carry it on; missing fields are left empty.
invite_view invite_from_json(const json& j);

struct counts_msg {
    std::int64_t players = 0, games = 0;
    json pools;  // the quick-pairing pools (lobby::pools_json)
};
json to_json(const counts_msg& c);  // the `counts` object, also in lobby.snapshot

// The snapshot is rebuilt on every change while most of it is already printed
// (each seek as listed, the counts, the featured game): its parts come as
// JSON text, spliced in key order.
struct lobby_snapshot_msg {
    std::string_view counts;                   // dump_json(to_json(counts_msg))
    std::vector<std::string_view> seeks;       // each seek as listed, in order
    std::string_view tv;                       // the featured game or null
};
struct lobby_yours_msg {
    std::vector<std::string> rooms;
    std::vector<invite_view> invites;
};
struct seek_created_msg {
    json seek;
};
struct seek_add_msg {
    json seek;
};
struct seek_remove_msg {
    std::string id;
    std::string reason;  // accepted, cancelled, left
};
struct invite_created_msg {
    invite_view invite;
};
// An invite as the invited player sees it before answering (invite.show).
struct invite_shown_msg {
    invite_view invite;     // `color` in it is the creator's
    json by;                // the creator (player json; a rating only in a rated game)
    std::string your_color; // the colour the invited player would get, or "random"
};
// To the creator: the invited player turned the invite down; it is closed.
struct invite_declined_msg {
    std::string code, game;
    json by;  // who declined (player json)
    std::string reason = "generic";  // invite_answer_msg::reason
};
// To the account an invite was addressed to (the bot API's challenges,
// schema/bot_api.md): it was made for them, and then withdrawn.
struct challenge_msg {
    invite_view invite;
    json by;  // the challenger (player json)
};
struct challenge_canceled_msg {
    std::string code, game;
    json by;  // the challenger (player json)
};
struct quick_queued_msg {
    std::string game;
    std::optional<time_control> tc;
    bool rated = false;
    std::size_t waiting = 0;
};
struct quick_left_msg {};

// A live game's mini board in wire form (put_live_position): board, last, clocks.
struct live_board {
    json board, last, clocks;
};
struct live_snapshot_msg {
    std::string game;
    json board;  // the board's shape, once for all rooms
    json rooms;  // live-list entries, with their boards
    std::size_t total = 0;
};
struct live_add_msg {
    json room;  // a live-list entry with its board
    std::size_t total = 0;
};
struct live_update_msg {
    std::string game, room;
    std::int64_t plies = 0, spectators = 0;
    std::optional<live_board> position;  // only when it changed
};
struct live_remove_msg {
    std::string game, room;
    std::size_t total = 0;
};
struct tv_msg {
    json room;  // the featured live-list entry with its board and shape, or null
};
struct tv_update_msg {
    std::string room;
    std::int64_t plies = 0, spectators = 0;
    std::optional<live_board> position;
};

frame encode(const counts_msg& m);
frame encode(const lobby_snapshot_msg& m);
frame encode(const lobby_yours_msg& m);
frame encode(const seek_created_msg& m);
frame encode(const seek_add_msg& m);
frame encode(const seek_remove_msg& m);
frame encode(const invite_created_msg& m);
frame encode(const invite_shown_msg& m);
frame encode(const invite_declined_msg& m);
frame encode(const challenge_msg& m);
frame encode(const challenge_canceled_msg& m);
frame encode(const quick_queued_msg& m);
frame encode(const quick_left_msg& m);
frame encode(const live_snapshot_msg& m);
frame encode(const live_add_msg& m);
frame encode(const live_update_msg& m);
frame encode(const live_remove_msg& m);
frame encode(const tv_msg& m);
frame encode(const tv_update_msg& m);

}  // namespace kibitz::server
