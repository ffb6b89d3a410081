// What a room tells whoever arrives late, and who counts as present: the last
// move in every full state (rejoin, spectator mid-game), every connection of a
// player (tabs) live and in step, present while any is open; the lobby's live
// list kept current; spectators told where the rematch is. Over real sockets.
#include "helpers.hpp"

using namespace kibitz::test;

namespace {

// The legal move `text` in a board's move list (its path and affected cells).
json legal(const json& board, const std::string& text) {
    for (const auto& m : board["moves"])
        if (m["text"] == text) return m;
    return nullptr;
}

}  // namespace

TEST_CASE("last move: room.state carries it for a rejoining player and a spectator mid-game") {
    two_players g("checkers");
    CHECK(g.t.state_a["d"]["last"].is_null());  // no move yet
    g.step();
    g.step();
    json before = g.board;  // the legal moves of the position the third move is played from
    std::string third = before["moves"][0]["text"];
    g.step();
    json expected = legal(before, third);
    REQUIRE(!expected.is_null());

    ws_client w(g.srv.port());
    w.hello();
    w.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    auto st = w.expect("room.state");
    auto last = st["d"]["last"];
    CHECK(last["move"] == third);
    CHECK(last["ply"] == 3);
    CHECK(last["seat"] == 0);  // checkers: seat 0 plays plies 1 and 3
    CHECK(last["path"] == expected["path"]);
    CHECK(last["affected"] == expected["affected"]);

    // The player, back without a version: the same.
    g.a.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    auto sa = g.a.expect("room.state");
    CHECK(sa["d"]["last"] == last);
}

TEST_CASE("last move: a capture carries the cells it took") {
    // Plays until some move has affected cells, then checks the state after it.
    two_players g("checkers");
    for (int i = 0; i < 60; ++i) {
        json before = g.board;
        if (before["moves"].empty()) break;
        std::string mv = before["moves"][0]["text"];
        g.step();
        auto m = legal(before, mv);
        if (m["affected"].empty()) continue;
        g.b.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
        auto st = g.b.expect("room.state");
        CHECK(st["d"]["last"]["affected"] == m["affected"]);
        CHECK(st["d"]["last"]["path"] == m["path"]);
        return;
    }
    FAIL("no capture in 60 plies");
}

TEST_CASE("two tabs: both connections of a player get every event; one closing leaves them present") {
    two_players g("oware");
    ws_client& a = g.a;
    int seat_a = g.t.seat_a;
    ws_client a2(g.srv.port());
    auto w = a2.hello(a.token);
    CHECK(w["resumed"] == true);
    a2.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    auto st = a2.expect("room.state");
    CHECK(st["d"]["you"]["seat"] == seat_a);
    CHECK_FALSE(g.b.sees("presence", 200ms));  // already present: no "back"

    // Moves by either side reach both tabs; so does the opponent's chat.
    for (int i = 0; i < 2; ++i) {
        auto ev = g.step();
        CHECK(!a2.expect("move", [&](const json& j) { return j["d"]["ply"] == i + 1; }).is_null());
    }
    g.b.send({{"t", "chat"}, {"d", {{"room", g.t.room}, {"text", "hi"}}}});
    CHECK(a.expect("chat")["d"]["text"] == "hi");
    CHECK(a2.expect("chat")["d"]["text"] == "hi");
    // The second tab plays; the first sees it.
    if (g.board["to_move"] == seat_a) {
        std::string mv = g.board["moves"][0]["text"];
        a2.send(move_msg(g.t.room, mv, 500));
        CHECK(!a2.expect("ack", [](const json& j) { return j["d"]["ack"] == 500; }).is_null());
        CHECK(a.expect("move", [&](const json& j) { return j["d"]["move"] == mv; })["d"]["ply"] == 3);
        g.board = g.b.expect("move", [&](const json& j) { return j["d"]["ply"] == 3; })["d"]["board"];
    }

    // One tab closes: still present, the opponent's claim is refused, no presence event.
    a2.drop();
    CHECK_FALSE(g.b.sees("presence", 300ms));
    g.b.send({{"t", "claim"}, {"d", {{"room", g.t.room}, {"result", "win"}, {"ack", 9}}}});
    CHECK(g.b.expect("error")["d"]["code"] == "not_available");
    g.b.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    CHECK(g.b.expect("room.state")["d"]["players"][seat_a]["connected"] == true);
    // The first tab is still live (step() waits for the move on both seats).
    CHECK(!g.step().is_null());

    // The last tab closes: now the player is away.
    a.drop();
    auto gone = g.b.expect("presence");
    CHECK(gone["d"]["state"] == "disconnected");
    CHECK(gone["d"]["seat"] == seat_a);
}

TEST_CASE("two tabs: a game found reaches every open connection of both players") {
    test_server srv;
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    ws_client a2(srv.port());
    a2.hello(a.token);
    auto t = pair_by_seek(a, b, "checkers", untimed());
    auto f2 = a2.expect("game.found");
    CHECK(f2["d"]["room"] == t.room);
    CHECK(a2.expect("room.state")["d"]["you"]["seat"] == t.seat_a);
    // The tab that did not create the seek closes: a stays present.
    a2.drop();
    CHECK_FALSE(b.sees("presence", 300ms));
    b.send({{"t", "room.join"}, {"d", {{"room", t.room}}}});
    CHECK(b.expect("room.state")["d"]["players"][t.seat_a]["connected"] == true);
}

TEST_CASE("invites: the creator's open invites come back with lobby.yours on every lobby.sub") {
    test_server srv;
    ws_client a(srv.port());
    a.hello();
    a.send({{"t", "invite.create"},
            {"d", {{"game", "oware"}, {"tc", tc(300, 3)}, {"rated", false}, {"color", "random"}}}});
    auto created = a.expect("invite.created");
    std::string code = created["d"]["code"];

    // Another page, then the lobby again (here: a new tab with the same token).
    ws_client a2(srv.port());
    a2.hello(a.token);
    a2.send({{"t", "lobby.sub"}});
    CHECK(!a2.expect("lobby.snapshot").is_null());
    auto yours = a2.expect("lobby.yours");
    REQUIRE(yours["d"]["invites"].size() == 1);
    CHECK(yours["d"]["invites"][0] == created["d"]);
    CHECK(yours["d"]["rooms"].empty());

    // Someone else sees none of it.
    ws_client b(srv.port());
    b.hello();
    b.send({{"t", "lobby.sub"}});
    CHECK(b.expect("lobby.yours")["d"]["invites"].empty());

    a2.send({{"t", "invite.cancel"}, {"d", {{"code", code}, {"ack", 3}}}});
    CHECK(!a2.expect("ack").is_null());
    a.send({{"t", "lobby.sub"}});
    CHECK(a.expect("lobby.yours")["d"]["invites"].empty());
}

TEST_CASE("live list: ply and watcher count follow the game (live.update, batched)") {
    two_players g("oware");
    ws_client w(g.srv.port());
    w.hello();
    w.send({{"t", "live.sub"}, {"d", {{"game", "oware"}}}});
    auto snap = w.expect("live.snapshot");
    REQUIRE(snap["d"]["rooms"].size() == 1);
    CHECK(snap["d"]["rooms"][0]["plies"] == 0);
    g.step();
    g.step();
    auto up = w.expect("live.update", [](const json& j) { return j["d"]["plies"] == 2; });
    CHECK(up["d"]["room"] == g.t.room);
    CHECK(up["d"]["game"] == "oware");
    // A spectator arrives: the count follows.
    ws_client s(g.srv.port());
    s.hello();
    s.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    CHECK(!s.expect("room.state").is_null());
    auto up2 = w.expect("live.update", [](const json& j) { return j["d"]["spectators"] == 1; });
    CHECK(up2["d"]["plies"] == 2);
    // A new subscriber's snapshot is current too.
    ws_client w2(g.srv.port());
    w2.hello();
    w2.send({{"t", "live.sub"}, {"d", {{"game", "oware"}}}});
    auto snap2 = w2.expect("live.snapshot");
    REQUIRE(snap2["d"]["rooms"].size() == 1);
    CHECK(snap2["d"]["rooms"][0]["plies"] == 2);
    CHECK(snap2["d"]["rooms"][0]["spectators"] == 1);
}

TEST_CASE("leaving the game page is not leaving the game: a player's room.leave keeps them present") {
    two_players g("oware");
    int seat_a = g.t.seat_a;
    g.a.send({{"t", "room.leave"}, {"d", {{"room", g.t.room}}}});
    CHECK_FALSE(g.b.sees("presence", 300ms));
    g.b.send({{"t", "claim"}, {"d", {{"room", g.t.room}, {"result", "win"}, {"ack", 4}}}});
    CHECK(g.b.expect("error")["d"]["code"] == "not_available");
    // Still in the game: its events keep coming, and back on the page, no "back".
    g.step();
    g.a.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    CHECK(g.a.expect("room.state")["d"]["players"][seat_a]["connected"] == true);
    CHECK_FALSE(g.b.sees("presence", 200ms));
    // Closing the connection is leaving: the grace runs.
    g.a.drop();
    CHECK(g.b.expect("presence")["d"]["state"] == "disconnected");
}
