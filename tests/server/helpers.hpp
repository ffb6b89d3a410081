#pragma once
// Shared steps of the server tests, built on the harness only.
#include <doctest/doctest.h>

#include <functional>

#include "eventually.hpp"  // tests/support
#include "harness.hpp"

namespace kibitz::test {

// Both players' view of one new game.
struct table {
    std::string room;
    int seat_a = -1;  // a's seat (b has the other)
    json state_a, state_b;
};

// A gauge or counter of /metrics ("kibitz_outbound_bytes"), -1 if absent.
inline long long metric(std::uint16_t port, const std::string& name) {
    auto r = http_get(port, "/metrics");
    auto at = r.body.find("\n" + name + " ");
    if (at == std::string::npos) return -1;
    return std::stoll(r.body.substr(at + name.size() + 2));
}

// The computer thinks 20 ms with no natural delay, at normal priority: at 19 a
// busy machine can starve a 20 ms think for seconds.
inline void quick_computer(server::server_config& c) {
    c.play.computer_max_think = std::chrono::milliseconds(20);
    c.play.computer_natural_delay = false;
    c.engine_nice = 0;
}

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

// A test server and two guests seated at one new untimed (or timed) game,
// found by seek; step() plays the first legal move of the side to move.
struct two_players {
    test_server srv;
    ws_client a, b;
    table t;
    ws_client* seat[2];
    int ack = 0;
    json board;

    explicit two_players(const std::string& game = "checkers", json time = untimed(),
                         const std::function<void(kibitz::server::server_config&)>& tweak = {})
        : srv(tweak), a(srv.port()), b(srv.port()) {
        a.hello();
        b.hello();
        t = pair_by_seek(a, b, game, std::move(time));
        seat[t.seat_a] = &a;
        seat[1 - t.seat_a] = &b;
        board = t.state_a["d"]["board"];
    }
    // The side to move plays its first legal move; returns the mover's move event.
    json step() {
        int s = board["to_move"];
        std::string mv = board["moves"][0]["text"];
        int my = ++ack;
        seat[s]->send(move_msg(t.room, mv, my));
        seat[s]->expect("ack", [&](const json& j) { return j["d"]["ack"] == my; });
        auto ev = seat[s]->expect("move", [&](const json& j) { return j["d"]["move"] == mv; });
        seat[1 - s]->expect("move", [&](const json& j) { return j["d"]["move"] == mv; });
        board = ev["d"]["board"];
        return ev;
    }
};

}  // namespace kibitz::test
