// Idle correspondence games out of memory, over real sockets with the
// server's time of day a manual clock: a room nobody looks at leaves memory
// after the idle time (play_config::correspondence_idle), and comes back when
// someone opens it (a move then works), when its deadline passes (the game
// ends on time while nobody is there), with its premove line; after a restart
// the stored correspondence games are known but none is loaded until asked.
// The counts are /metrics' kibitz_rooms_in_memory and kibitz_correspondence_resting.
#include <doctest/doctest.h>

#include <sstream>

#include "correspondence_fixture.hpp"

using namespace kibitz::test;
using kibitz::server::manual_clock;

namespace {

std::function<void(kibitz::server::server_config&)> idle_server(const std::string& db,
                                                                const manual_clock& clock) {
    return [&db, &clock](kibitz::server::server_config& c) {
        corres_server(db, clock)(c);
        c.play.correspondence_idle = std::chrono::milliseconds(50);
    };
}

// A gauge of /metrics (-1: not there).
long long gauge(std::uint16_t port, const std::string& name) {
    std::istringstream in(http_get(port, "/metrics").body);
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(name + " ", 0) == 0) return std::stoll(line.substr(name.size() + 1));
    return -1;
}

struct held {
    long long in_memory, resting;
    bool operator==(const held&) const = default;
};
held rooms(std::uint16_t port) {
    return {gauge(port, "kibitz_rooms_in_memory"), gauge(port, "kibitz_correspondence_resting")};
}

// `c` joins `room` (as its player, or to watch): its room.state.
json join(ws_client& c, const std::string& room) {
    c.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    return c.expect("room.state", [&](const json& j) { return j["d"]["room"] == room; });
}

// A checkers game of 3 days per move with its first move played; both leave.
struct rested_game {
    std::string room, token_a, token_b;
    int seat_a = -1;
    std::string first;
};
rested_game one_move_then_leave(test_server& srv) {
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    auto t = pair_by_seek(a, b, "checkers", days(3));
    ws_client& mover = t.state_a["d"]["board"]["to_move"] == t.seat_a ? a : b;
    ws_client& other = &mover == &a ? b : a;
    auto first = legal_after({}).front();
    mover.send(move_msg(t.room, first, 1));
    REQUIRE(!mover.expect("ack", [](const json& j) { return j["d"]["ack"] == 1; }).is_null());
    other.expect("move", [](const json& j) { return j["d"]["ply"] == 1; });
    a.drop();
    b.drop();
    return {t.room, a.token, b.token, t.seat_a, first};
}

}  // namespace

TEST_CASE("idle: a correspondence room leaves memory; opening it loads it and a move works") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    test_server srv(idle_server(db, clock));
    auto g = one_move_then_leave(srv);
    REQUIRE(eventually([&] { return rooms(srv.port()) == held{0, 1}; }));

    // Both come back: the game is as they left it, and play goes on.
    ws_client a(srv.port()), b(srv.port());
    a.hello(g.token_a);
    b.hello(g.token_b);
    auto st = join(a, g.room);
    join(b, g.room);
    CHECK(st["d"]["status"]["state"] == "playing");
    CHECK(st["d"]["moves"].size() == 1);
    CHECK(rooms(srv.port()) == held{1, 0});
    ws_client& mover = st["d"]["board"]["to_move"] == g.seat_a ? a : b;
    mover.send(move_msg(g.room, legal_after({g.first}).front(), 2));
    REQUIRE(!mover.expect("ack", [](const json& j) { return j["d"]["ack"] == 2; }).is_null());
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM moves") == 2);

    // Watched, it stays; left alone again, it rests again.
    ws_client watcher(srv.port());
    watcher.hello();
    a.drop();
    b.drop();
    join(watcher, g.room);
    clock.advance(std::chrono::hours(1));
    REQUIRE(eventually([&] { return rooms(srv.port()) == held{1, 0}; }));
    watcher.drop();
    REQUIRE(eventually([&] { return rooms(srv.port()) == held{0, 1}; }));
}

TEST_CASE("idle: the deadline of a resting game loads it and ends it on time") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    test_server srv(idle_server(db, clock));
    auto g = one_move_then_leave(srv);
    REQUIRE(eventually([&] { return rooms(srv.port()) == held{0, 1}; }));
    clock.advance(std::chrono::milliseconds(3 * day + 1));
    // The second mover never moved: as a live game's first-move limit, aborted.
    REQUIRE(eventually([&] { return db_text(db, by_room("status"), g.room) == "aborted"; }));
    CHECK(db_text(db, by_room("reason"), g.room) == "first move not made");
    CHECK(rooms(srv.port()).resting == 0);
}

TEST_CASE("idle: a premove line still plays after the room was reloaded") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    test_server srv(idle_server(db, clock));
    auto g = one_move_then_leave(srv);
    // The second mover's line "if they play X, I play Y" for the fourth and fifth plies.
    auto reply = legal_after({g.first}).front();
    auto x = legal_after({g.first, reply}).front();
    std::vector<std::string> line = {x, legal_after({g.first, reply, x}).front()};
    // The second mover comes back, moves, and leaves the line.
    ws_client a(srv.port()), b(srv.port());
    REQUIRE(eventually([&] { return rooms(srv.port()) == held{0, 1}; }));
    a.hello(g.token_a);
    b.hello(g.token_b);
    auto st = join(a, g.room);
    ws_client& mover = st["d"]["board"]["to_move"] == g.seat_a ? a : b;
    ws_client& waiter = &mover == &a ? b : a;
    join(waiter, g.room);
    mover.send(move_msg(g.room, reply, 2));
    REQUIRE(!mover.expect("ack", [](const json& j) { return j["d"]["ack"] == 2; }).is_null());
    mover.send({{"t", "premove"}, {"d", {{"room", g.room}, {"line", line}, {"ack", 3}}}});
    REQUIRE(!mover.expect("ack", [](const json& j) { return j["d"]["ack"] == 3; }).is_null());
    REQUIRE(eventually([&] { return db_text(db, by_room("premove_line"), g.room) != ""; }));
    a.drop();
    b.drop();
    REQUIRE(eventually([&] { return rooms(srv.port()) == held{0, 1}; }));

    // Reloaded for the opponent's move, the line answers it.
    ws_client back(srv.port());
    back.hello(&waiter == &a ? g.token_a : g.token_b);
    join(back, g.room);
    back.send(move_msg(g.room, line[0], 3));
    auto answer = back.expect("move", [](const json& j) { return j["d"]["ply"] == 4; });
    CHECK(answer["d"]["move"] == line[1]);
    // The opponent hears the premove's move when it is played; its store write
    // (what an ack waits for) may come a moment later.
    CHECK(eventually([&] { return db_scalar(db, "SELECT COUNT(*) FROM moves") == 4; }));
}

TEST_CASE("idle: after a restart no stored correspondence game is loaded until asked") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    rested_game g;
    {
        test_server srv(idle_server(db, clock));
        g = one_move_then_leave(srv);
    }
    // 300 more games in play, copies of it (no moves), as a long-running server has.
    REQUIRE(db_exec(db,
                    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) "
                    "INSERT INTO games (game_id, initial_ms, increment_ms, rated, private, seat0, "
                    "seat1, status, created_ms, public_id, days_per_move, deadline_ms) "
                    "SELECT game_id, initial_ms, increment_ms, rated, private, seat0, seat1, "
                    "status, created_ms, 'copy' || i, days_per_move, deadline_ms FROM games, n"));
    test_server srv(idle_server(db, clock));
    CHECK(rooms(srv.port()) == held{0, 301});
    ws_client a(srv.port());
    a.hello(g.token_a);
    auto st = join(a, "copy7");
    CHECK(st["d"]["status"]["state"] == "playing");
    CHECK(st["d"]["moves"].empty());
    CHECK(rooms(srv.port()) == held{1, 300});
    // The player's games are all known (the lobby's list of theirs, the cap).
    a.send({{"t", "seek.create"},
            {"d", {{"game", "oware"}, {"tc", days(7)}, {"rated", false}, {"ack", 9}}}});
    CHECK(a.expect("error")["d"]["code"] == "too_many_games");
}
