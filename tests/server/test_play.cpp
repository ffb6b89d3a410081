// What players do, over real sockets: find each other (seek, quick pairing;
// invites in test_invites.cpp), watch, reconnect, clocks (flag, first-move abort), resign, draws,
// rematch, disconnection then claim. Each ends on what the clients observed.
#include <thread>

#include "helpers.hpp"

using namespace kibitz::test;

TEST_CASE("seek: lobby subscribers see it come and go; accepting seats both players") {
    test_server srv;
    ws_client a(srv.port()), b(srv.port()), c(srv.port());
    a.hello();
    b.hello();
    c.hello();
    c.send({{"t", "lobby.sub"}});
    auto snap = c.expect("lobby.snapshot");
    CHECK(snap["d"]["seeks"].empty());
    auto t = pair_by_seek(a, b, "checkers", tc(300, 3), "black");
    CHECK(t.seat_a == 0);  // a asked for black, the first mover
    auto add = c.expect("seek.add");
    CHECK(add["d"]["seek"]["game"] == "checkers");
    CHECK(add["d"]["seek"]["tc"]["initial_s"] == 300);
    auto rem = c.expect("seek.remove");
    CHECK(rem["d"]["reason"] == "accepted");
    CHECK(t.state_a["d"]["players"][0]["color"] == "black");
    CHECK(t.state_a["d"]["clocks"]["ms"][0] == 300000);
    auto counts = c.expect("counts", [](const json& j) { return j["d"]["games"] == 1; });
    CHECK(counts["d"]["players"] == 3);
}

TEST_CASE("quick pairing: two players in the same queue are paired; another queue waits") {
    test_server srv;
    ws_client a(srv.port()), b(srv.port()), c(srv.port());
    a.hello();
    b.hello();
    c.hello();
    a.send({{"t", "quick.join"}, {"d", {{"game", "oware"}, {"tc", tc(180, 2)}}}});
    a.expect("quick.queued");
    c.send({{"t", "quick.join"}, {"d", {{"game", "oware"}, {"tc", tc(60, 0)}}}});
    c.expect("quick.queued");
    b.send({{"t", "quick.join"}, {"d", {{"game", "oware"}, {"tc", tc(180, 2)}}}});
    auto fa = a.expect("game.found");
    auto fb = b.expect("game.found");
    CHECK(fa["d"]["via"] == "quick");
    CHECK(fa["d"]["room"] == fb["d"]["room"]);
    CHECK(fa["d"]["seat"] != fb["d"]["seat"]);
    CHECK_FALSE(c.sees("game.found", 300ms));
}

TEST_CASE("spectators: live list, full state, every move, counts, separate chat") {
    two_players g("oware");
    ws_client w(g.srv.port());
    w.hello();
    w.send({{"t", "live.sub"}, {"d", {{"game", "oware"}}}});
    auto live = w.expect("live.snapshot");
    REQUIRE(live["d"]["rooms"].size() == 1);
    CHECK(live["d"]["rooms"][0]["room"] == g.t.room);
    w.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    auto st = w.expect("room.state");
    CHECK(st["d"]["you"]["seat"].is_null());
    CHECK(g.a.expect("spectators")["d"]["count"] == 1);
    for (int i = 1; i <= 6; ++i) {
        g.step();
        CHECK(w.expect("move", [&](const json& j) { return j["d"]["ply"] == i; })["d"]["ply"] == i);
    }
    w.send({{"t", "chat"}, {"d", {{"room", g.t.room}, {"text", "nice"}}}});
    CHECK(w.expect("chat")["d"]["seat"] == -1);
    CHECK_FALSE(g.a.sees("chat", 200ms));
    g.a.send({{"t", "chat"}, {"d", {{"room", g.t.room}, {"text", "gl"}}}});
    CHECK(g.b.expect("chat")["d"]["text"] == "gl");
    CHECK_FALSE(w.sees("chat", 200ms));
}

TEST_CASE("reconnect: the player returns to the seat; the opponent sees disconnected, then back") {
    two_players g("oware");
    g.step();
    g.step();
    auto last = g.step();
    std::int64_t v = last["v"];
    std::string token = g.a.token;
    int seat_a = g.t.seat_a;
    g.a.drop();
    auto gone = g.b.expect("presence");
    CHECK(gone["d"]["state"] == "disconnected");
    CHECK(gone["d"]["seat"] == seat_a);
    // The opponent keeps playing while a is away (if it is b's move).
    ws_client a2(g.srv.port());
    auto w = a2.hello(token);
    CHECK(w["resumed"] == true);
    REQUIRE(w["rooms"].size() == 1);
    CHECK(w["rooms"][0] == g.t.room);
    a2.send({{"t", "room.join"}, {"d", {{"room", g.t.room}, {"v", v - 1}}}});
    auto replay = a2.expect("move");  // the one event after v - 1
    CHECK(replay["v"] == v);
    auto synced = a2.expect("room.synced");
    CHECK(synced["d"]["v"] == v);
    CHECK(g.b.expect("presence")["d"]["state"] == "back");
    // Without a version: a full state, same seat and moves.
    a2.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    auto st = a2.expect("room.state");
    CHECK(st["d"]["you"]["seat"] == seat_a);
    CHECK(st["d"]["moves"].size() == 3);
}

TEST_CASE("flag: a player whose time runs out loses") {
    two_players g("oware", tc(1, 0));
    g.step();  // seat 0's first move: no clock runs yet
    g.step();  // seat 1's first move: now seat 0's clock runs (1 s)
    int loser = g.board["to_move"];
    auto end = g.a.expect("end", {}, 3000ms);
    CHECK(end["d"]["status"]["reason"] == "flag");
    CHECK(end["d"]["status"]["winner"] == 1 - loser);
    CHECK(end["d"]["clocks"]["ms"][loser] == 0);
}

TEST_CASE("first-move abort: the game is aborted if a side does not make its first move") {
    two_players g("oware", untimed(), [](auto& c) { c.play.first_move_limit = std::chrono::milliseconds(400); });
    auto end = g.b.expect("end", {}, 3000ms);
    CHECK(end["d"]["status"]["state"] == "aborted");
    CHECK(end["d"]["status"]["reason"] == "first move not made");
}

TEST_CASE("abort, then resign after both moved") {
    SUBCASE("abort before both moved") {
        two_players g("oware");
        g.step();
        g.seat[1]->send(room_msg("abort", g.t.room));
        CHECK(g.a.expect("end")["d"]["status"]["state"] == "aborted");
    }
    SUBCASE("resign") {
        two_players g("oware");
        g.seat[0]->send(room_msg("resign", g.t.room));
        CHECK(g.seat[0]->expect("error")["d"]["code"] == "too_early");
        g.step();
        g.step();
        g.seat[0]->send(room_msg("abort", g.t.room));
        CHECK(g.seat[0]->expect("error")["d"]["code"] == "too_late");
        g.seat[0]->send(room_msg("resign", g.t.room));
        auto end = g.seat[1]->expect("end");
        CHECK(end["d"]["status"]["winner"] == 1);
        CHECK(end["d"]["status"]["reason"] == "resign");
    }
}

TEST_CASE("draw offers: declined, lapsed by the opponent's move, accepted (Oware: agreement)") {
    two_players g("oware");
    g.step();
    g.step();
    auto* p0 = g.seat[0];
    auto* p1 = g.seat[1];
    p1->send(room_msg("draw.accept", g.t.room));
    CHECK(p1->expect("error")["d"]["code"] == "no_offer");
    p0->send(room_msg("draw.offer", g.t.room));
    CHECK(p1->expect("offer")["d"]["state"] == "open");
    p1->send(room_msg("draw.decline", g.t.room));
    CHECK(p0->expect("offer", [](const json& j) { return j["d"]["state"] == "declined"; }).is_object());
    // An offer lapses when the offerer's opponent moves: seat 0 is to move,
    // seat 1 offers, seat 0 moves.
    CHECK(g.board["to_move"] == 0);
    p1->send(room_msg("draw.offer", g.t.room));
    p0->expect("offer", [](const json& j) { return j["d"]["state"] == "open" && j["d"]["by"] == 1; });
    g.step();
    CHECK(p1->expect("offer", [](const json& j) { return j["d"]["state"] == "lapsed"; }).is_object());
    g.step();  // seat 1 moves: seat 0 to move again
    p0->send(room_msg("draw.offer", g.t.room));
    p1->expect("offer", [](const json& j) { return j["d"]["state"] == "open" && j["d"]["by"] == 0; });
    p1->send(room_msg("draw.accept", g.t.room));
    auto end = p0->expect("end");
    CHECK(end["d"]["status"]["state"] == "over");
    // Oware's ending by agreement: each side takes its own row; here the rows
    // are level early on, so whatever the result, it comes from the core.
    CHECK(end["d"]["status"]["reason"] != "");
}

TEST_CASE("rematch: both ask, a new room starts with the colours swapped") {
    two_players g("oware");
    g.step();
    g.step();
    g.a.send(room_msg("resign", g.t.room));
    g.b.expect("end");
    g.a.send(room_msg("rematch.offer", g.t.room));
    CHECK(g.b.expect("offer")["d"]["kind"] == "rematch");
    g.b.send(room_msg("rematch.accept", g.t.room));
    auto fa = g.a.expect("game.found", [](const json& j) { return j["d"]["via"] == "rematch"; });
    auto fb = g.b.expect("game.found", [](const json& j) { return j["d"]["via"] == "rematch"; });
    CHECK(fa["d"]["room"] != g.t.room);
    CHECK(fa["d"]["seat"] == 1 - g.t.seat_a);
    CHECK(fb["d"]["seat"] == g.t.seat_a);
    CHECK(g.a.expect("rematch")["d"]["next"] == fa["d"]["room"]);
}

TEST_CASE("disconnection: claim too early is refused, after the grace the win is granted") {
    two_players g("oware", untimed(), [](auto& c) { c.play.disconnect_grace = std::chrono::milliseconds(500); });
    g.step();
    g.step();
    auto* stayer = &g.b;
    int stayer_seat = 1 - g.t.seat_a;
    stayer->send({{"t", "claim"}, {"d", {{"room", g.t.room}, {"result", "win"}}}});
    CHECK(stayer->expect("error")["d"]["code"] == "not_available");
    g.a.drop();
    auto p = stayer->expect("presence");
    CHECK(p["d"]["claim_in_ms"] == 500);
    stayer->send({{"t", "claim"}, {"d", {{"room", g.t.room}, {"result", "win"}}}});
    CHECK(stayer->expect("error")["d"]["code"] == "too_early");
    // The grace period is the behaviour under test: it is waited out.
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    stayer->send({{"t", "claim"}, {"d", {{"room", g.t.room}, {"result", "win"}, {"ack", 99}}}});
    stayer->expect("ack");
    auto end = stayer->expect("end");
    CHECK(end["d"]["status"]["winner"] == stayer_seat);
    CHECK(end["d"]["status"]["reason"] == "claim");
}
