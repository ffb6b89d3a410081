#pragma once
// Shared steps of the server tests, built on the harness only.
#include <doctest/doctest.h>

#include "harness.hpp"

namespace kibitz::test {

// Both players' view of one new game.
struct table {
    std::string room;
    int seat_a = -1;  // a's seat (b has the other)
    json state_a, state_b;
};

inline json untimed() { return nullptr; }
inline json tc(int initial_s, int increment_s) {
    return {{"initial_s", initial_s}, {"increment_s", increment_s}};
}

// a creates a seek, b accepts it; both get game.found and room.state.
inline table pair_by_seek(ws_client& a, ws_client& b, const std::string& game, json time,
                          const std::string& color = "random") {
    a.send({{"t", "seek.create"},
            {"d", {{"game", game}, {"tc", time}, {"rated", false}, {"color", color}}}});
    auto created = a.expect("seek.created");
    std::string id = created["d"]["seek"]["id"];
    b.send({{"t", "seek.accept"}, {"d", {{"id", id}}}});
    table t;
    auto fa = a.expect("game.found");
    auto fb = b.expect("game.found");
    t.room = fa["d"]["room"];
    CHECK(fb["d"]["room"] == t.room);
    t.seat_a = fa["d"]["seat"];
    CHECK(fb["d"]["seat"] == 1 - t.seat_a);
    t.state_a = a.expect("room.state");
    t.state_b = b.expect("room.state");
    return t;
}

inline json move_msg(const std::string& room, const std::string& move, int ack) {
    return {{"t", "move"}, {"d", {{"room", room}, {"move", move}, {"ack", ack}}}};
}
inline json room_msg(const std::string& type, const std::string& room) {
    return {{"t", type}, {"d", {{"room", room}}}};
}

// Plays `move` by `mover`, checks the ack and that `watchers` all see the event.
inline json play(ws_client& mover, const std::string& room, const std::string& move, int ack,
                 std::initializer_list<ws_client*> watchers) {
    mover.send(move_msg(room, move, ack));
    auto a = mover.expect("ack", [&](const json& j) { return j["d"]["ack"] == ack; });
    json ev;
    for (auto* w : watchers)
        ev = w->expect("move", [&](const json& j) { return j["d"]["move"] == move || true; });
    return ev;
}

}  // namespace kibitz::test
