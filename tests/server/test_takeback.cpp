// Takebacks over real sockets: asked, declined (the asker is told), accepted
// (one ply on the opponent's turn, two on the asker's own), lapsing when a
// move is made instead, refused in rated games and without a move to take
// back, accepted at once by the computer; the store forgets the undone plies.
// The restart after a takeback is in test_restart.cpp. Also the rating change
// of both players after a rated game (the `ratings` event and room.state).
#include <thread>

#include "store_helpers.hpp"

using namespace kibitz::test;

namespace {

json cmd(const std::string& type, const std::string& room, int ack) {
    return {{"t", type}, {"d", {{"room", room}, {"ack", ack}}}};
}

bool is_offer(const json& j, const std::string& state) {
    return j["d"]["kind"] == "takeback" && j["d"]["state"] == state;
}

// a (seat 0, checkers black) and b; plays `n` plies of first legal moves and
// returns the last move event (both have seen every move).
struct played_game {
    table t;
    json board;
    std::vector<json> events;  // every move event, in order
};

played_game start(ws_client& a, ws_client& b, json time) {
    played_game g;
    g.t = pair_by_seek(a, b, "checkers", time, "black");
    REQUIRE(g.t.seat_a == 0);
    g.board = g.t.state_a["d"]["board"];
    return g;
}

void plies(ws_client& a, ws_client& b, played_game& g, int n) {
    for (int i = 0; i < n; ++i) {
        int to_move = g.board["to_move"];
        ws_client& mover = to_move == 0 ? a : b;
        ws_client& other = to_move == 0 ? b : a;
        int ply = static_cast<int>(g.events.size()) + 1;
        mover.send(move_msg(g.t.room, first_move(g.board), 100 + ply));
        REQUIRE(!mover.expect("ack", [&](const json& j) { return j["d"]["ack"] == 100 + ply; })
                     .is_null());
        auto ev = other.expect("move", [&](const json& j) { return j["d"]["ply"] == ply; });
        REQUIRE(!ev.is_null());
        mover.expect("move", [&](const json& j) { return j["d"]["ply"] == ply; });
        g.events.push_back(ev);
        g.board = ev["d"]["board"];
    }
}

}  // namespace

TEST_CASE("takeback: asked on your own turn, declined, asked again, accepted: two plies undone") {
    test_server srv;
    ws_client a(srv.port()), b(srv.port()), s(srv.port());
    a.hello();
    b.hello();
    s.hello();
    auto g = start(a, b, tc(300, 0));
    s.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    REQUIRE(!s.expect("room.state").is_null());
    plies(a, b, g, 3);  // black, white, black: white (b) to move

    // Nothing to ask for yet, and spectators cannot.
    s.send(cmd("takeback.offer", g.t.room, 1));
    CHECK(s.expect("error")["d"]["code"] == "not_a_player");
    a.send(cmd("takeback.accept", g.t.room, 2));
    CHECK(a.expect("error")["d"]["code"] == "no_offer");

    b.send(cmd("takeback.offer", g.t.room, 3));
    CHECK(!b.expect("ack", [](const json& j) { return j["d"]["ack"] == 3; }).is_null());
    auto open = a.expect("offer", [](const json& j) { return is_offer(j, "open"); });
    CHECK(open["d"]["by"] == 1);
    b.send(cmd("takeback.offer", g.t.room, 4));
    CHECK(b.expect("error")["d"]["code"] == "not_available");
    b.send(cmd("takeback.accept", g.t.room, 5));  // its own request
    CHECK(b.expect("error")["d"]["code"] == "no_offer");
    // Whoever joins later sees the open request in room.state.
    ws_client late(srv.port());
    late.hello();
    late.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    CHECK(late.expect("room.state")["d"]["offers"]["takeback"] == 1);

    a.send(cmd("takeback.decline", g.t.room, 6));
    CHECK(!a.expect("ack", [](const json& j) { return j["d"]["ack"] == 6; }).is_null());
    auto declined = b.expect("offer", [](const json& j) { return is_offer(j, "declined"); });
    CHECK(declined["d"]["by"] == 1);  // the asker is told
    CHECK(s.expect("offer", [](const json& j) { return is_offer(j, "declined"); })["d"]["by"] == 1);

    b.send(cmd("takeback.offer", g.t.room, 7));
    a.expect("offer", [](const json& j) { return is_offer(j, "open"); });
    a.send(cmd("takeback.accept", g.t.room, 8));
    CHECK(!a.expect("ack", [](const json& j) { return j["d"]["ack"] == 8; }).is_null());
    CHECK(!b.expect("offer", [](const json& j) { return is_offer(j, "accepted"); }).is_null());
    for (ws_client* c : {&a, &b, &s}) {
        auto tb = c->expect("takeback");
        REQUIRE(!tb.is_null());
        CHECK(tb.contains("v"));
        CHECK(tb["d"]["by"] == 1);
        CHECK(tb["d"]["plies"] == 2);
        CHECK(tb["d"]["ply"] == 1);
        CHECK(tb["d"]["moves"] == json::array({g.events[0]["d"]["move"]}));
        // The board is the one after ply 1 again, white to move.
        CHECK(tb["d"]["board"]["to_move"] == 1);
        CHECK(tb["d"]["board"]["pieces"] == g.events[0]["d"]["board"]["pieces"]);
        CHECK(tb["d"]["board"]["moves"] == g.events[0]["d"]["board"]["moves"]);
        // Clocks as they were after ply 1: white has not moved yet, so no
        // clock runs and white's first-move limit counts again.
        CHECK(tb["d"]["clocks"]["running"] == -1);
        CHECK(tb["d"]["clocks"].contains("first_move_ms"));
        CHECK(tb["d"]["clocks"]["ms"] == g.events[0]["d"]["clocks"]["ms"]);
    }
    // Play goes on from there: white's move is ply 2 again.
    g.events.resize(1);
    g.board = g.events[0]["d"]["board"];
    plies(a, b, g, 2);
    b.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    auto st = b.expect("room.state");
    CHECK(st["d"]["moves"].size() == 3);
    CHECK(st["d"]["offers"]["takeback"] == -1);
}

TEST_CASE("takeback: asked on the opponent's turn undoes one ply; a move instead lapses it") {
    test_server srv;
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    auto g = start(a, b, nullptr);
    plies(a, b, g, 2);

    SUBCASE("one ply, back to the asker's turn") {
        plies(a, b, g, 1);  // black moved: white to move
        a.send(cmd("takeback.offer", g.t.room, 1));
        b.expect("offer", [](const json& j) { return is_offer(j, "open"); });
        b.send(cmd("takeback.offer", g.t.room, 2));  // asking back accepts
        auto tb = a.expect("takeback");
        CHECK(tb["d"]["plies"] == 1);
        CHECK(tb["d"]["ply"] == 2);
        CHECK(tb["d"]["board"]["to_move"] == 0);
        CHECK(tb["d"]["clocks"].is_null());
        // b may not play: it is black's move again.
        b.send(move_msg(g.t.room, first_move(tb["d"]["board"]), 9));
        CHECK(b.expect("error")["d"]["code"] == "not_your_turn");
    }
    SUBCASE("the opponent moves instead: the request lapses") {
        a.send(cmd("takeback.offer", g.t.room, 1));  // black to move: undoes 2 plies if accepted
        b.expect("offer", [](const json& j) { return is_offer(j, "open"); });
        plies(a, b, g, 1);  // black moves after all
        CHECK(!b.expect("offer", [](const json& j) { return is_offer(j, "lapsed"); }).is_null());
        b.send(cmd("takeback.accept", g.t.room, 3));
        CHECK(b.expect("error")["d"]["code"] == "no_offer");
    }
    SUBCASE("back to the start: the first-move limit and the abort window again") {
        a.send(cmd("takeback.offer", g.t.room, 1));
        b.expect("offer", [](const json& j) { return is_offer(j, "open"); });
        b.send(cmd("takeback.accept", g.t.room, 2));
        auto tb = a.expect("takeback");
        CHECK(tb["d"]["ply"] == 0);
        CHECK(tb["d"]["moves"] == json::array());
        a.send(cmd("resign", g.t.room, 3));
        CHECK(a.expect("error")["d"]["code"] == "too_early");
        a.send(cmd("abort", g.t.room, 4));
        CHECK(b.expect("end")["d"]["status"]["state"] == "aborted");
    }
}

TEST_CASE("takeback: the store forgets the undone plies; the computer accepts at once") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    test_server srv([&](kibitz::server::server_config& c) {
        with_db(db)(c);
        c.play.computer_max_think = std::chrono::milliseconds(20);
        c.play.computer_natural_delay = false;
    });
    const std::string stored = "SELECT COUNT(*) FROM moves WHERE game = "
                               "(SELECT id FROM games WHERE public_id = ?)";

    SUBCASE("between people") {
        ws_client a(srv.port()), b(srv.port());
        a.hello();
        b.hello();
        auto g = start(a, b, tc(60, 1));
        plies(a, b, g, 4);
        CHECK(db_scalar(db, stored, g.t.room) == 4);
        a.send(cmd("takeback.offer", g.t.room, 1));  // black to move: plies 3 and 4 go
        b.expect("offer", [](const json& j) { return is_offer(j, "open"); });
        b.send(cmd("takeback.accept", g.t.room, 2));
        CHECK(a.expect("takeback")["d"]["ply"] == 2);
        // The next move is stored as ply 3 (0-based 2): the store counts from what is left.
        g.events.resize(2);
        g.board = g.events[1]["d"]["board"];
        plies(a, b, g, 1);
        CHECK(db_scalar(db, stored, g.t.room) == 3);
    }
    SUBCASE("against the computer") {
        ws_client a(srv.port());
        a.hello();
        a.send({{"t", "computer.play"},
                {"d", {{"game", "checkers"}, {"level", 1}, {"tc", nullptr}, {"color", "black"},
                       {"ack", 1}}}});
        std::string room = a.expect("game.found")["d"]["room"];
        json board = a.expect("room.state")["d"]["board"];
        a.send(move_msg(room, first_move(board), 2));
        // The computer thinks 20 ms on a niced thread: a bound for a busy machine.
        auto reply = a.expect(
            "move", [](const json& j) { return j["d"]["ply"] == 2; }, 20000ms);
        REQUIRE(!reply.is_null());
        a.send(cmd("takeback.offer", room, 3));
        CHECK(!a.expect("offer", [](const json& j) { return is_offer(j, "accepted"); }).is_null());
        auto tb = a.expect("takeback");
        CHECK(tb["d"]["plies"] == 2);
        CHECK(tb["d"]["board"]["to_move"] == 0);
        CHECK(eventually([&] { return db_scalar(db, stored, room) == 0; }));
    }
}

TEST_CASE("takeback: none in rated games; the rating change of both players after one") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto ada = register_account(db, "ada", "correct horse battery");
    auto bob = register_account(db, "bob", "another long password");
    test_server srv(with_db(db));
    ws_client a(srv.port()), b(srv.port()), s(srv.port());
    a.hello(ada.token);
    b.hello(bob.token);
    s.hello();
    a.send({{"t", "seek.create"},
            {"d", {{"game", "checkers"}, {"tc", tc(300, 3)}, {"rated", true}, {"color", "black"}}}});
    b.send({{"t", "seek.accept"}, {"d", {{"id", a.expect("seek.created")["d"]["seek"]["id"]}}}});
    played_game g;
    g.t.room = a.expect("game.found")["d"]["room"];
    g.t.seat_a = 0;
    g.board = a.expect("room.state")["d"]["board"];
    b.expect("room.state");
    s.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    s.expect("room.state");
    plies(a, b, g, 4);  // two moves a side: fewer is not rated (rating farming)
    b.send(cmd("takeback.offer", g.t.room, 1));
    auto e = b.expect("error");
    CHECK(e["d"]["code"] == "not_available");
    CHECK(std::string(e["d"]["message"]).find("rated") != std::string::npos);

    b.send(cmd("resign", g.t.room, 2));
    CHECK(a.expect("end")["d"]["status"]["winner"] == 0);
    for (ws_client* c : {&a, &b, &s}) {
        auto r = c->expect("ratings");
        REQUIRE(!r.is_null());
        CHECK(r.contains("v"));
        auto& list = r["d"]["ratings"];
        REQUIRE(list.size() == 2);
        CHECK(list[0]["seat"] == 0);
        CHECK(list[0]["before"] == 1500);
        CHECK(list[0]["diff"].get<int>() > 0);
        CHECK(list[1]["diff"].get<int>() < 0);
        CHECK(list[0]["after"].get<int>() == 1500 + list[0]["diff"].get<int>());
        CHECK(list[0]["provisional"] == true);  // one game: RD far above the threshold
    }
    // Whoever comes later finds it in room.state.
    ws_client late(srv.port());
    late.hello();
    late.send({{"t", "room.join"}, {"d", {{"room", g.t.room}}}});
    auto st = late.expect("room.state");
    REQUIRE(st["d"].contains("ratings"));
    CHECK(st["d"]["ratings"][1]["diff"].get<int>() < 0);
}
