// Memory that does not grow with finished games: a finished room keeps only
// its end event (no boards), and no more than play_config::finished_rooms
// finished rooms are held, however many games end within the linger time;
// the oldest goes first and its link answers unknown_room (the client then
// opens the stored replay).
#include <thread>

#include "app.hpp"
#include "helpers.hpp"
#include "net/net_context.hpp"
#include "play/small_deque.hpp"

using namespace kibitz::test;

namespace {

// Waits (bounded) until the hub holds `n` rooms; returns what it holds then.
std::size_t rooms_held_when(test_server& srv, std::size_t n) {
    auto& hub = *srv.app().context().play;
    eventually([&] { return hub.rooms_held() == n; }, 2s);
    return hub.rooms_held();
}

}  // namespace

TEST_CASE("finished rooms: at most finished_rooms linger, the oldest goes first") {
    test_server srv([](kibitz::server::server_config& c) {
        c.play.finished_rooms = 3;
        c.play.room_linger = std::chrono::minutes(10);  // the cap, not the time, decides here
    });
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    std::vector<std::string> rooms;
    for (int i = 0; i < 8; ++i) {
        auto t = pair_by_seek(a, b, "oware", untimed());
        a.send(room_msg("abort", t.room));
        CHECK(a.expect("end")["d"]["status"]["state"] == "aborted");
        b.expect("end");
        rooms.push_back(t.room);
    }
    // 8 games finished, 3 held (today's code held all 8 for ten minutes).
    CHECK(rooms_held_when(srv, 3) == 3);
    // The oldest is gone: its link opens the replay instead.
    a.send({{"t", "room.join"}, {"d", {{"room", rooms.front()}}}});
    CHECK(a.expect("error")["d"]["code"] == "unknown_room");
    // The newest still answers, with its end.
    a.send({{"t", "room.join"}, {"d", {{"room", rooms.back()}}}});
    auto st = a.expect("room.state");
    CHECK(st["d"]["status"]["state"] == "aborted");
    // A rematch in the newest room still works, and its game is counted as in play.
    a.send(room_msg("rematch.offer", rooms.back()));
    b.send(room_msg("rematch.offer", rooms.back()));
    CHECK(a.expect("game.found")["d"]["via"] == "rematch");
    CHECK(rooms_held_when(srv, 4) == 4);
}

TEST_CASE("finished rooms: a finished room keeps its end event only, no boards") {
    test_server srv;
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    auto t = pair_by_seek(a, b, "oware", untimed());
    ws_client* seat[2];
    seat[t.seat_a] = &a;
    seat[1 - t.seat_a] = &b;
    json board = t.state_a["d"]["board"];
    for (int ply = 1; ply <= 4; ++ply) {
        int s = board["to_move"];
        std::string mv = board["moves"][0]["text"];
        seat[s]->send(move_msg(t.room, mv, ply));
        seat[s]->expect("ack", [&](const json& j) { return j["d"]["ack"] == ply; });
        board = seat[s]->expect("move")["d"]["board"];
        seat[1 - s]->expect("move");
    }
    seat[0]->send(room_msg("resign", t.room));
    auto end = a.expect("end");
    b.expect("end");
    std::int64_t v = end["v"];
    // One event behind (saw the last move): the end is replayed, then synced.
    a.send({{"t", "room.join"}, {"d", {{"room", t.room}, {"v", v - 1}}}});
    CHECK(a.expect("end")["v"] == v);
    CHECK(a.expect("room.synced")["d"]["v"] == v);
    // Two behind: the room no longer holds that move's frame (it held the
    // last 16 events before), so the client gets the full final state.
    a.send({{"t", "room.join"}, {"d", {{"room", t.room}, {"v", v - 2}}}});
    auto st = a.expect("room.state");
    CHECK(st["d"]["status"]["reason"] == "resign");
    CHECK(st["d"]["moves"].size() == 4);
    CHECK_FALSE(a.sees("room.synced", 200ms));
}

TEST_CASE("small_deque: first in first out, at a cap too; what is popped is let go at once") {
    kibitz::server::small_deque<std::shared_ptr<int>> q;
    CHECK(q.empty());
    std::weak_ptr<int> first;
    for (int i = 0; i < 1000; ++i) {
        auto p = std::make_shared<int>(i);
        if (i == 0) first = p;
        q.push_back(std::move(p));
        while (q.size() > 200) q.pop_front();  // a room's event log at its cap
        CHECK(*q.front() == std::max(0, i - 199));
        CHECK(*q.back() == i);
    }
    CHECK(first.expired());  // a popped element is let go at once
    CHECK(q.size() == 200);
    int expect = 800;
    for (const auto& p : q) CHECK(*p == expect++);
    while (q.size() > 1) q.pop_front();
    q.shrink_to_fit();
    CHECK(*q.front() == 999);
    q.pop_front();
    CHECK(q.empty());
}
