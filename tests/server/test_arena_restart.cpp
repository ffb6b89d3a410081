// What an arena's restart keeps besides the standings (test_arena.cpp): a
// game in play comes back from the store as the tournament's game (its room
// says so, a berserk seat keeps its halved clock without increment, the
// other seat may still go berserk, no rematch), and entrants told "starts
// soon" before a kill -9 are not told again after it.
#include <doctest/doctest.h>

#include "eventually.hpp"
#include "helpers.hpp"
#include "tournament_play.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

// The game lines of event `id` (GET /api/tournament/<id>/games).
std::vector<json> game_lines(std::uint16_t port, const std::string& id) {
    std::vector<json> out;
    std::istringstream lines(http_get(port, "/api/tournament/" + id + "/games").body);
    for (std::string l; std::getline(lines, l);) out.push_back(json::parse(l));
    return out;
}

}  // namespace

TEST_CASE("arena restart: a restored game is the arena's again, berserk and all") {
    event_ground ground;
    std::string id, room;
    std::array<std::string, 2> tokens;  // by seat
    {
        tournament_process srv(ground.db, ground.web);
        json body = {{"name", "Berserk restart"},
                     {"game", "checkers"},
                     {"tc", tc(60, 2)},
                     {"minutes", 30},
                     {"starts_in_s", 0}};
        id = create_event(srv.port, body, ground.org.token)["id"];
        auto es = join_field(srv.port, id, 2);
        auto paired = tournament_pairing(es);
        room = paired.room;
        auto& seat = paired.seat;
        for (int s = 0; s < 2; ++s) tokens[s] = seat[s]->ws->token;
        // Seat 0 goes berserk before anyone moves; killed once that is stored.
        seat[0]->ws->send(berserk_msg(room, 7));
        seat[0]->ws->expect("ack", [](const json& m) { return m["d"]["ack"] == 7; });
        REQUIRE(eventually([&] {
            auto games = game_lines(srv.port, id);
            return games.size() == 1 && games[0]["berserk"] == json::array({true, false});
        }));
        srv.kill9();
    }
    tournament_process srv(ground.db, ground.web);
    ws_client s0(srv.port), s1(srv.port);
    s0.hello(tokens[0]);
    s1.hello(tokens[1]);
    auto in_room = [&](const json& m) { return m["d"]["room"] == room; };
    s0.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    auto st = s0.expect("room.state", in_room);
    REQUIRE(st.is_object());
    // The room knows its arena, and seat 0's halved clock and lost increment.
    CHECK(st["d"]["tournament"] == json({{"id", id}, {"berserk", true}}));
    CHECK(st["d"]["clocks"]["berserk"] == json::array({true, false}));
    CHECK(st["d"]["clocks"]["ms"][0].get<int>() <= 30000);
    CHECK(st["d"]["clocks"]["ms"][1].get<int>() > 30000);
    // Seat 0 cannot go berserk twice; seat 1 still may.
    s0.send(berserk_msg(room, 8));
    CHECK(s0.expect("error", [](const json& m) {
        return m["d"]["re"] == "berserk";
    })["d"]["code"] == "already_berserk");
    s1.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    s1.expect("room.state", in_room);
    s1.send(berserk_msg(room, 9));
    s1.expect("ack", [](const json& m) { return m["d"]["ack"] == 9; });
    auto ev = s0.expect("berserk", in_room);
    CHECK(ev["d"]["clocks"]["berserk"] == json::array({true, true}));
    CHECK(ev["d"]["clocks"]["ms"][1] == 30000);
    REQUIRE(eventually([&] {
        auto games = game_lines(srv.port, id);
        return games.size() == 1 && games[0]["berserk"] == json::array({true, true});
    }));
}

TEST_CASE("arena restart: entrants told it starts soon are not told again after a kill -9") {
    event_ground ground;
    // An account: its notifications are stored, so a second one would show.
    const auto player = register_account(ground.db, "entrant", "long enough password");
    std::string id;
    // How many "starts soon" notifications the account has for the event.
    auto told = [&](ws_client& ws) {
        ws.send({{"t", "notify.list"}, {"d", json::object()}});
        int n = 0;
        const auto list = ws.expect("notifications");  // kept: the loop reads into it
        for (const auto& item : list["d"]["items"])
            if (item["kind"] == "tournament_soon" && item["data"]["id"] == id) ++n;
        return n;
    };
    {
        tournament_process srv(ground.db, ground.web);
        json body = {{"name", "Soon restart"},
                     {"game", "checkers"},
                     {"tc", tc(60, 0)},
                     {"minutes", 10},
                     // The five minutes before the start open 3 s from now,
                     // after the entrant has joined.
                     {"starts_in_s", 303}};
        id = create_event(srv.port, body, ground.org.token)["id"];
        ws_client ws(srv.port);
        ws.hello(player.token);
        auto join = tmsg("tournament.join", id);
        join["d"]["ack"] = 1;
        ws.send(join);
        ws.expect("ack");
        auto n = ws.expect(
            "notification", [](const json& m) { return m["d"]["kind"] == "tournament_soon"; },
            10000ms);
        REQUIRE(n.is_object());
        // Killed once the notification and the event's mark are stored.
        REQUIRE(eventually([&] { return told(ws) == 1; }, 5000ms, 50ms));
        REQUIRE(eventually([&] {
            return db_text(ground.db, "SELECT settings FROM tournaments WHERE public_id = ?", id)
                       .find("\"announced\":true") != std::string::npos;
        }));
        srv.kill9();
    }
    tournament_process srv(ground.db, ground.web);
    ws_client ws(srv.port);
    ws.hello(player.token);
    // Ticks run every 20 ms: a second notice would be stored within this wait.
    CHECK_FALSE(eventually([&] { return told(ws) > 1; }, 1000ms, 50ms));
    CHECK(told(ws) == 1);
}

TEST_CASE("arena restart: a late joiner told it starts soon is not told again after a kill -9") {
    event_ground ground;
    const auto player = register_account(ground.db, "latecomer", "long enough password");
    std::string id;
    auto told = [&](ws_client& ws) {
        ws.send({{"t", "notify.list"}, {"d", json::object()}});
        int n = 0;
        const auto list = ws.expect("notifications");  // kept: the loop reads into it
        for (const auto& item : list["d"]["items"])
            if (item["kind"] == "tournament_soon" && item["data"]["id"] == id) ++n;
        return n;
    };
    auto join = [&](ws_client& ws, const char* type) {
        auto m = tmsg(type, id);
        m["d"]["ack"] = 1;
        ws.send(m);
        ws.expect("ack");
    };
    {
        tournament_process srv(ground.db, ground.web);
        json body = {{"name", "Late restart"},
                     {"game", "checkers"},
                     {"tc", tc(60, 0)},
                     {"minutes", 10},
                     {"starts_in_s", 240}};  // inside the five minutes already
        id = create_event(srv.port, body, ground.org.token)["id"];
        // Announced (to nobody yet) once the event's mark is stored.
        REQUIRE(eventually([&] {
            return db_text(ground.db, "SELECT settings FROM tournaments WHERE public_id = ?", id)
                       .find("\"announced\":true") != std::string::npos;
        }));
        ws_client ws(srv.port);
        ws.hello(player.token);
        join(ws, "tournament.join");
        REQUIRE(eventually([&] { return told(ws) == 1; }, 5000ms, 50ms));
        srv.kill9();
    }
    tournament_process srv(ground.db, ground.web);
    ws_client ws(srv.port);
    ws.hello(player.token);
    join(ws, "tournament.withdraw");
    join(ws, "tournament.join");
    CHECK_FALSE(eventually([&] { return told(ws) > 1; }, 1000ms, 50ms));
    CHECK(told(ws) == 1);
}
