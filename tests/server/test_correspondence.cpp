// Correspondence games over real sockets, with the server's time of day a
// manual clock (days pass in milliseconds): a move resets the mover's
// allowance, the mover who runs out of days loses with nobody connected and
// nobody claiming, the deadline survives a restart (in process, and kill -9 of
// a real process) and fires once, the per-player cap, and bad days refused.
#include <doctest/doctest.h>

#include <filesystem>

#include "child_server.hpp"
#include "correspondence_fixture.hpp"

using namespace kibitz::test;
using kibitz::server::manual_clock;

namespace {

// Plays the first legal move of `board` by whichever of a, b is to move;
// returns the board after it.
json play_one(ws_client& a, ws_client& b, const std::string& room, int seat_a, const json& board,
              int ack) {
    ws_client& mover = board["to_move"] == seat_a ? a : b;
    ws_client& other = board["to_move"] == seat_a ? b : a;
    mover.send(move_msg(room, first_move(board), ack));
    REQUIRE(!mover.expect("ack", [&](const json& j) { return j["d"]["ack"] == ack; }).is_null());
    return other.expect("move", [&](const json& j) { return j["d"]["ply"] == ack; })["d"]["board"];
}

}  // namespace

TEST_CASE(
    "correspondence: each move resets the allowance; out of days, the mover loses unattended") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    test_server srv(corres_server(db, clock));
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    auto t = pair_by_seek(a, b, "checkers", days(1));
    CHECK(t.state_a["d"]["tc"] == days(1));
    CHECK(t.state_a["d"]["deadline_ms"] == noon + day);
    CHECK(t.state_a["d"]["clocks"].is_null());  // no live clock runs
    REQUIRE(
        eventually([&] { return db_scalar(db, by_room("deadline_ms"), t.room) == noon + day; }));
    CHECK(db_scalar(db, by_room("days_per_move"), t.room) == 1);

    // Most of a day passes before each move: each mover still had time, and
    // each move gives the next mover a full day from then, stored with the move.
    json board = t.state_a["d"]["board"];
    for (int ply = 1; ply <= 3; ++ply) {
        clock.advance(std::chrono::hours(20));
        board = play_one(a, b, t.room, t.seat_a, board, ply);
        CHECK(db_scalar(db, by_room("deadline_ms"), t.room) == clock.now_ms() + day);
    }
    int loser = board["to_move"];

    // Both leave; a day passes; the server's own clock ends the game.
    a.drop();
    b.drop();
    clock.advance(std::chrono::milliseconds(day + 1));
    REQUIRE(eventually([&] { return db_text(db, by_room("status"), t.room) == "finished"; }));
    CHECK(db_text(db, by_room("reason"), t.room) == "flag");
    CHECK(db_scalar(db, by_room("winner"), t.room) == 1 - loser);
    CHECK(db_text(db, by_room("COALESCE(deadline_ms, 'none')"), t.room) == "none");
}

TEST_CASE("correspondence: no claim on an absent opponent; a move after the deadline loses") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    test_server srv([&](kibitz::server::server_config& c) {
        corres_server(db, clock)(c);
        // The deadlines' timer looks again only in an hour: the move below
        // meets the passed deadline before the timer does.
        c.play.deadline_recheck = std::chrono::hours(1);
    });
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    auto t = pair_by_seek(a, b, "oware", days(2));
    json board = play_one(a, b, t.room, t.seat_a, t.state_a["d"]["board"], 1);
    board = play_one(a, b, t.room, t.seat_a, board, 2);
    ws_client& mover = board["to_move"] == t.seat_a ? a : b;
    ws_client& waiter = board["to_move"] == t.seat_a ? b : a;
    waiter.send({{"t", "claim"}, {"d", {{"room", t.room}, {"result", "win"}, {"ack", 5}}}});
    auto refused = waiter.expect("error");
    CHECK(refused["d"]["code"] == "not_available");
    CHECK(refused["d"]["message"] == "a correspondence game ends on time, not by a claim");

    clock.advance(std::chrono::milliseconds(2 * day));
    mover.send(move_msg(t.room, first_move(board), 3));
    auto late = mover.expect("error");
    CHECK(late["d"]["code"] == "game_over");
    CHECK(late["d"]["message"] == "your time ran out");
    REQUIRE(eventually([&] { return db_text(db, by_room("status"), t.room) == "finished"; }));
    CHECK(db_text(db, by_room("reason"), t.room) == "flag");
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM moves") == 2);
}

TEST_CASE("correspondence: the deadline survives a restart and fires after it, once") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    std::string room;
    int loser = -1;
    {
        test_server srv(corres_server(db, clock));
        ws_client a(srv.port()), b(srv.port());
        a.hello();
        b.hello();
        auto t = pair_by_seek(a, b, "checkers", days(3));
        room = t.room;
        json board = play_one(a, b, room, t.seat_a, t.state_a["d"]["board"], 1);
        board = play_one(a, b, room, t.seat_a, board, 2);
        loser = board["to_move"];
    }
    // Two days later the server is back: the game is in play, its deadline
    // the stored one (not a fresh allowance)...
    clock.advance(std::chrono::hours(48));
    test_server srv(corres_server(db, clock));
    ws_client c(srv.port());
    c.hello();
    c.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    auto st = c.expect("room.state");
    CHECK(st["d"]["status"]["state"] == "playing");
    CHECK(st["d"]["deadline_ms"] == noon + 3 * day);
    // ...and a day later it fires, with nobody seated connected.
    clock.advance(std::chrono::hours(24));
    REQUIRE(eventually([&] { return db_text(db, by_room("status"), room) == "finished"; }));
    CHECK(db_text(db, by_room("reason"), room) == "flag");
    CHECK(db_scalar(db, by_room("winner"), room) == 1 - loser);
    auto end = c.expect("end");
    CHECK(end["d"]["status"]["reason"] == "flag");
}

TEST_CASE("correspondence: kill -9, the days run out while down; the game ends at start-up, once") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    std::filesystem::create_directories(dir.path / "web");
    auto web = (dir.path / "web").string();
    auto start = [&](child_server& s) {
        s.port = free_port();
        s.spawn({KIBITZ_SERVER_BIN, "--address", "127.0.0.1", "--port", std::to_string(s.port),
                 "--db", db, "--web-root", web, "--threads", "2", "--log-level", "warn"},
                "the server");
    };
    std::string room;
    int loser = -1;
    {
        child_server srv;
        start(srv);
        ws_client a(srv.port), b(srv.port);
        a.hello();
        b.hello();
        auto t = pair_by_seek(a, b, "checkers", days(1));
        room = t.room;
        json board = play_one(a, b, room, t.seat_a, t.state_a["d"]["board"], 1);
        board = play_one(a, b, room, t.seat_a, board, 2);
        loser = board["to_move"];
        // Acknowledged, hence durable with its deadline: a day from the move.
        auto deadline = db_scalar(db, by_room("deadline_ms"), room);
        auto moved = db_scalar(db,
                               "SELECT MAX(at_ms) FROM moves WHERE game = (SELECT id FROM "
                               "games WHERE public_id = ?)",
                               room);
        // (The deadline and the move's time are two readings of the clock.)
        CHECK(deadline <= moved + day);
        CHECK(deadline > moved + day - 1000);
        srv.kill9();
    }
    // The days passed while the server was down (the stored deadline is past).
    REQUIRE(db_exec(db, "UPDATE games SET deadline_ms = deadline_ms - " + std::to_string(day)));
    std::int64_t ended_ms = -1;
    {
        child_server srv;
        start(srv);
        REQUIRE(eventually([&] { return db_text(db, by_room("status"), room) == "finished"; }));
        CHECK(db_text(db, by_room("reason"), room) == "flag");
        CHECK(db_scalar(db, by_room("winner"), room) == 1 - loser);
        ended_ms = db_scalar(db, by_room("ended_ms"), room);
        srv.kill9();
    }
    // Once: a further restart neither restores nor ends it again.
    child_server srv;
    start(srv);
    CHECK(db_scalar(db, by_room("ended_ms"), room) == ended_ms);
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM games WHERE status = 'playing'") == 0);
}

TEST_CASE("correspondence: at most max_correspondence_games each, apart from the live cap") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    test_server srv([&](kibitz::server::server_config& c) {
        corres_server(db, clock)(c);
        c.play.max_correspondence_games = 2;
        c.play.max_games = 1;
    });
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    pair_by_seek(a, b, "oware", days(1));
    pair_by_seek(a, b, "checkers", days(0));  // unlimited counts too
    a.send({{"t", "seek.create"},
            {"d", {{"game", "oware"}, {"tc", days(7)}, {"rated", false}, {"ack", 9}}}});
    auto e = a.expect("error");
    CHECK(e["d"]["code"] == "too_many_games");
    CHECK(e["d"]["message"] == "at most 2 correspondence games in progress: finish one first");
    // The live cap is its own: a live game may still start.
    pair_by_seek(a, b, "oware", tc(300, 0));
}

TEST_CASE("correspondence: absurd days per move are refused with a clear error") {
    test_server srv;
    ws_client a(srv.port());
    a.hello();
    for (json bad : {json{{"days", 4}}, json{{"days", 100000}}, json{{"days", -1}},
                     json{{"days", "7"}}, json{{"days", 3}, {"initial_s", 60}}}) {
        CAPTURE(bad.dump());
        a.send({{"t", "seek.create"}, {"d", {{"game", "oware"}, {"tc", bad}, {"ack", 1}}}});
        auto e = a.expect("error");
        CHECK(e["d"]["code"] == "bad_message");
        CHECK(e["d"]["message"].get<std::string>().find("days") != std::string::npos);
    }
    // Every allowed value is taken, and shown back as given.
    for (int d : {1, 2, 3, 5, 7, 14, 0}) {
        a.send({{"t", "seek.create"}, {"d", {{"game", "oware"}, {"tc", days(d)}}}});
        auto created = a.expect("seek.created")["d"]["seek"];
        CHECK(created["tc"] == days(d));
        a.send({{"t", "seek.cancel"}, {"d", {{"id", created["id"]}}}});
    }
}

TEST_CASE("correspondence: quick pairing has its own pool per days per move") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    test_server srv(corres_server(db, clock));
    ws_client a(srv.port()), b(srv.port()), c(srv.port());
    a.hello();
    b.hello();
    c.hello();
    auto join = [](ws_client& who, const json& tc) {
        who.send({{"t", "quick.join"}, {"d", {{"game", "oware"}, {"tc", tc}}}});
        return who.expect("quick.queued")["d"];
    };
    CHECK(join(a, days(3))["tc"] == days(3));
    // Another allowance, or a live clock, is another pool: nobody is paired.
    CHECK(join(b, days(1))["waiting"] == 1);
    CHECK(join(b, tc(300, 0))["waiting"] == 1);
    // The same allowance pairs: a correspondence game, its deadline running.
    CHECK(join(c, days(3))["tc"] == days(3));
    auto found = a.expect("game.found");
    CHECK(c.expect("game.found")["d"]["room"] == found["d"]["room"]);
    auto state = a.expect("room.state")["d"];
    CHECK(state["tc"] == days(3));
    CHECK(state["deadline_ms"] == noon + 3 * day);
    CHECK(!b.sees("game.found", std::chrono::milliseconds(0)));
}
