#pragma once
// Server -> client messages of a room (schema/protocol.md, "Rooms"): one
// struct per message, encoded by the codec (encode_room.cpp). Room events
// (start, offer, end, takeback, ratings, paused, resumed, berserk) are encoded with
// their version v; the hot `move` event is move_event_frame (server_msg.hpp).
// Parts the room builds in wire form (players, status, clocks) travel as json.
// Plain values; safe on any executor.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/server_msg.hpp"

namespace kibitz::server {

// Versioned events.
struct start_event {
    std::string room, game;
};
struct offer_event {
    std::string room;
    std::string kind;  // draw, rematch, takeback
    int by = -1;
    std::string state;  // open, declined, lapsed, accepted, cancelled
};
struct end_event {
    std::string room;
    json status, clocks;
};
struct takeback_event {
    std::string room;
    int by = 0, plies = 0;
    std::size_t ply = 0;
    std::vector<std::string> moves;
    json last, board, clocks;
};
struct ratings_event {
    std::string room;
    json ratings;
};
struct paused_event {
    std::string room, reason;
    json clocks;
};
struct resumed_event {
    std::string room;
    json clocks;
};
struct berserk_event {  // a seat halved its clock (arenas)
    std::string room;
    int seat = 0;
    json clocks;
};

// room.state: the board (most of the frame, often the same text for every
// game of an id) comes printed and is spliced in front of the rest.
struct room_state_msg {
    std::string_view board;  // dump_json of the board_view with cells
    json rest;               // every other key of d
    std::int64_t v = 0;
};
struct game_found_msg {  // to each player of a game that starts
    std::string room, game;
    int seat = 0;
    std::string color, via;
};
struct room_synced_msg {
    std::string room;
    std::int64_t v = 0;
    std::size_t spectators = 0;
    json players, clocks, status;
};
struct presence_msg {
    std::string room;
    int seat = 0;
    std::string state;                        // disconnected, back
    std::optional<std::int64_t> claim_in_ms;  // with disconnected
};
// A seat's own conditional premove line, as it now stands (empty: none).
struct premove_line_msg {
    std::string room;
    std::vector<std::string> line;
};
struct spectators_msg {
    std::string room;
    std::size_t count = 0;
};
struct rematch_msg {
    std::string room, next;
};
struct chat_msg {
    std::string room, from;
    int seat = -1;  // -1: a spectator
    std::string text;
};

frame encode(const start_event& m, std::int64_t v);
frame encode(const offer_event& m, std::int64_t v);
frame encode(const end_event& m, std::int64_t v);
frame encode(const takeback_event& m, std::int64_t v);
frame encode(const ratings_event& m, std::int64_t v);
frame encode(const paused_event& m, std::int64_t v);
frame encode(const resumed_event& m, std::int64_t v);
frame encode(const berserk_event& m, std::int64_t v);
frame encode(const game_found_msg& m);
frame encode(const room_state_msg& m);
frame encode(const room_synced_msg& m);
frame encode(const presence_msg& m);
frame encode(const premove_line_msg& m);
frame encode(const spectators_msg& m);
frame encode(const rematch_msg& m);
frame encode(const chat_msg& m);

}  // namespace kibitz::server
