#pragma once
// What the tournament socket tests (test_arena, test_swiss) share: an
// entrant's connection and playing a tournament game's moves.
#include <array>
#include <memory>
#include <string>

#include "helpers.hpp"
#include "store_helpers.hpp"

namespace kibitz::test {

inline json tmsg(const std::string& type, const std::string& id) {
    return {{"t", type}, {"d", {{"id", id}}}};
}

// A guest on the event's page: joined and following the standings.
struct entrant {
    std::unique_ptr<ws_client> ws;
    std::string id;  // the player's public id (g-<row> once stored)
};

// Plays `plies` moves in `room` (the first legal one each time, every one
// acknowledged, hence stored) from the room.state both seats are sent.
// Returns the plies played in the game so far.
inline int play_moves(const std::string& room, entrant& s0, entrant& s1, int plies) {
    entrant* seat[2] = {&s0, &s1};
    auto in_room = [&](const json& m) { return m["d"]["room"] == room; };
    auto state = s0.ws->expect("room.state", in_room);
    s1.ws->expect("room.state", in_room);
    json board = state["d"]["board"];
    const int from = static_cast<int>(state["d"]["moves"].size());
    int played = 0;
    for (int i = 0; i < plies; ++i) {
        auto mv = first_move(board);
        if (mv.empty()) break;
        const int to_move = board["to_move"];
        seat[to_move]->ws->send(move_msg(room, mv, 100 + i));
        seat[to_move]->ws->expect("ack", [&](const json& m) { return m["d"]["ack"] == 100 + i; });
        auto ev = seat[1 - to_move]->ws->expect(
            "move", [&](const json& m) { return in_room(m) && m["d"]["ply"] == from + i + 1; });
        REQUIRE(ev.is_object());
        board = ev["d"]["board"];
        ++played;
    }
    return from + played;
}

}  // namespace kibitz::test
