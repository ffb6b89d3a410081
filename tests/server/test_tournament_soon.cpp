// "Tournament starting soon" (tournament/tournament_service_impl.hpp): a few
// minutes before an event's start each entrant gets one tournament_soon
// notification; those who withdrew and those who only follow get none.
#include <doctest/doctest.h>

#include "helpers.hpp"
#include "tournament_play.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

auto soon_of(const std::string& id) {
    return [id](const json& m) {
        return m["d"]["kind"] == "tournament_soon" && m["d"]["data"]["id"] == id;
    };
}

}  // namespace

TEST_CASE("tournament: entrants are told once, five minutes before the start") {
    event_ground ground;
    test_server srv(event_server(ground));
    json body = {{"name", "Soon arena"},
                 {"game", "checkers"},
                 {"tc", tc(60, 0)},
                 {"minutes", 10},
                 {"starts_in_s", 3600}};
    const std::string id = create_event(srv.port(), body, ground.org.token)["id"];
    auto es = join_field(srv.port(), id, 3);
    auto out = tmsg("tournament.withdraw", id);
    out["d"]["ack"] = 2;
    es[2].ws->send(out);
    es[2].ws->expect("ack");
    ws_client follower(srv.port());
    follower.hello();
    follower.send(tmsg("tournament.sub", id));
    follower.expect("tournament.state");

    // Six minutes before: nothing yet.
    ground.wall.advance(std::chrono::minutes(54));
    CHECK_FALSE(es[0].ws->sees("notification", 300ms));
    // Five minutes before: each entrant still in, once.
    ground.wall.advance(std::chrono::minutes(1) + std::chrono::seconds(1));
    for (int i = 0; i < 2; ++i) {
        auto n = es[i].ws->expect("notification", soon_of(id), 5000ms);
        REQUIRE(n.is_object());
        CHECK(n["d"]["data"]["name"] == "Soon arena");
        CHECK(n["d"]["data"]["starts_ms"].is_number());
    }
    ground.wall.advance(std::chrono::seconds(30));
    CHECK_FALSE(es[0].ws->sees("notification", 300ms));  // once only
    CHECK_FALSE(es[2].ws->sees("notification", 100ms));  // withdrew
    CHECK_FALSE(follower.sees("notification", 100ms));   // never entered
}

TEST_CASE("tournament: a player who joins after the notice is told at once, once") {
    event_ground ground;
    test_server srv(event_server(ground));
    json body = {{"name", "Late arena"},
                 {"game", "checkers"},
                 {"tc", tc(60, 0)},
                 {"minutes", 10},
                 {"starts_in_s", 3600}};
    const std::string id = create_event(srv.port(), body, ground.org.token)["id"];
    auto early = join_field(srv.port(), id, 1);
    ground.wall.advance(std::chrono::minutes(56));  // inside the five minutes
    REQUIRE(early[0].ws->expect("notification", soon_of(id), 5000ms).is_object());

    auto late = join_field(srv.port(), id, 1);
    auto n = late[0].ws->expect("notification", soon_of(id), 5000ms);
    REQUIRE(n.is_object());
    CHECK(n["d"]["data"]["name"] == "Late arena");
    // Out and in again: not told twice; the early one neither.
    for (const char* t : {"tournament.withdraw", "tournament.join"}) {
        auto out = tmsg(t, id);
        out["d"]["ack"] = 3;
        late[0].ws->send(out);
        late[0].ws->expect("ack");
    }
    CHECK_FALSE(late[0].ws->sees("notification", 300ms));
    CHECK_FALSE(early[0].ws->sees("notification", 100ms));
}

TEST_CASE("tournament: a late joiner after the start is not told it starts soon") {
    event_ground ground;
    test_server srv(event_server(ground));
    json body = {{"name", "Started arena"},
                 {"game", "checkers"},
                 {"tc", tc(60, 0)},
                 {"minutes", 30},
                 {"starts_in_s", 120}};
    const std::string id = create_event(srv.port(), body, ground.org.token)["id"];
    auto early = join_field(srv.port(), id, 1);
    REQUIRE(early[0].ws->expect("notification", soon_of(id), 5000ms).is_object());
    ground.wall.advance(std::chrono::minutes(3));  // started
    REQUIRE(eventually([&] {
        auto r = http_get(srv.port(), "/api/tournament/" + id);
        return json::parse(r.body)["tournament"]["status"] == "started";
    }));
    auto late = join_field(srv.port(), id, 1);
    // Other notifications may come (a pairing); none that it starts soon.
    while (late[0].ws->sees("notification", 300ms))
        CHECK(late[0].ws->expect("notification")["d"]["kind"] != "tournament_soon");
}
