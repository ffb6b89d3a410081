// Berserk over real sockets (play/room/room_berserk.cpp, tournament/arena_service):
// in an arena's game a seat halves its own clock before its first move, both
// seats see it, its increment is gone; refused twice, after the first move
// and outside arenas; a long enough berserk win scores the bonus point.
#include <doctest/doctest.h>

#include "eventually.hpp"
#include "helpers.hpp"
#include "tournament_play.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

// The error code answering `e`'s berserk in `room`.
std::string berserk_refusal(ws_client& ws, const std::string& room) {
    ws.send(berserk_msg(room, 9));
    return ws.expect("error", [](const json& m) { return m["d"]["re"] == "berserk"; })["d"]["code"];
}

}  // namespace

TEST_CASE("arena: berserk halves the clock, is refused twice or late, and scores its bonus") {
    event_ground ground;
    test_server srv(event_server(ground));
    json body = {{"name", "Berserk arena"},
                 {"game", "checkers"},
                 {"tc", tc(60, 2)},
                 {"minutes", 10},
                 {"starts_in_s", 0}};
    const std::string id = create_event(srv.port(), body, ground.org.token)["id"];
    auto es = join_field(srv.port(), id, 2);
    auto paired = tournament_pairing(es);
    const std::string room = paired.room;
    auto& seat = paired.seat;
    auto in_room = [&](const json& m) { return m["d"]["room"] == room; };

    // Seat 0 goes berserk: half of 60 s, no increment; both seats see it.
    seat[0]->ws->send(berserk_msg(room, 7));
    seat[0]->ws->expect("ack", [](const json& m) { return m["d"]["ack"] == 7; });
    for (auto* s : seat) {
        auto ev = s->ws->expect("berserk", in_room);
        CHECK(ev["d"]["seat"] == 0);
        CHECK(ev["d"]["clocks"]["ms"][0] == 30000);
        CHECK(ev["d"]["clocks"]["ms"][1] == 60000);
        CHECK(ev["d"]["clocks"]["berserk"] == json::array({true, false}));
    }
    CHECK(berserk_refusal(*seat[0]->ws, room) == "already_berserk");

    // Fourteen plies (the arena's berserk minimum): seat 0's clock never gains.
    CHECK(play_moves(room, *seat[0], *seat[1], 14) == 14);
    seat[0]->ws->send({{"t", "room.join"}, {"d", {{"room", room}}}});
    auto st = seat[0]->ws->expect("room.state", in_room);
    CHECK(st["d"]["clocks"]["ms"][0].get<int>() <= 30000);
    CHECK(st["d"]["clocks"]["ms"][1].get<int>() > 60000);  // seat 1 kept its increment
    CHECK(st["d"]["clocks"]["berserk"] == json::array({true, false}));
    // Seat 1 has moved: too late for it.
    CHECK(berserk_refusal(*seat[1]->ws, room) == "too_late");

    // Seat 1 resigns: a berserk win of 14 plies scores 2 + 1.
    seat[1]->ws->send(room_msg("resign", room));
    seat[0]->ws->expect("end", in_room);
    auto standings_now = [&] {
        std::map<std::string, json> out;
        for (const auto& row : standings(srv.port(), id)) out[row["player"]["id"]] = row;
        return out;
    };
    REQUIRE(eventually([&] { return standings_now()[seat[0]->id]["score"] == 3; }));
    auto rows = standings_now();
    CHECK(rows[seat[0]->id]["score"] == 3);
    CHECK(rows[seat[0]->id]["sheet"] == "W3b");  // a win, 3 points, the berserk bonus
    CHECK(rows[seat[1]->id]["score"] == 0);
}

TEST_CASE("berserk outside an arena is refused") {
    two_players p("checkers", tc(60, 2));
    CHECK(berserk_refusal(*p.seat[0], p.t.room) == "not_available");
    p.step();
    CHECK_FALSE(p.seat[1]->sees("berserk", 200ms));
}
