// GET /api/games/your-turn over real sockets: a player's correspondence games
// where it is their move, the least time left first (unlimited last), live
// games and the other side's turns left out; a move moves the game from one
// list to the other; a guest's session token is enough, none is refused.
#include <doctest/doctest.h>

#include <algorithm>

#include "correspondence_fixture.hpp"

using namespace kibitz::test;
using kibitz::server::manual_clock;

namespace {

json your_turn(std::uint16_t port, const std::string& token) {
    auto r = http_get(port, "/api/games/your-turn", token);
    REQUIRE(r.status == 200);
    return json::parse(r.body);
}

std::vector<std::string> ids(const json& list) {
    std::vector<std::string> out;
    for (const auto& g : list["games"]) out.push_back(g["id"]);
    return out;
}

}  // namespace

TEST_CASE("your turn: the correspondence games waiting for the player, least time left first") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    test_server srv([&](kibitz::server::server_config& c) {
        with_db(db)(c);
        c.clock = clock.clock();
    });
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    // Three days, then (an hour later) one day, then unlimited, then a live game.
    std::vector<table> games;
    games.push_back(pair_by_seek(a, b, "checkers", days(3)));
    clock.advance(std::chrono::hours(1));
    games.push_back(pair_by_seek(a, b, "oware", days(1)));
    games.push_back(pair_by_seek(a, b, "checkers", days(0)));
    auto live = pair_by_seek(a, b, "oware", tc(300, 0));
    const std::int64_t deadlines[] = {noon + 3 * day, noon + std::int64_t{3600000} + day, 0};

    // Each player's list: the correspondence games where their seat is to move,
    // the one-day game (least time left) before the three-day one, unlimited last.
    auto expected = [&](bool for_a) {
        std::vector<std::string> out;
        for (int order : {1, 0, 2}) {
            const auto& t = games[order];
            int mover = t.state_a["d"]["board"]["to_move"];
            if ((mover == t.seat_a) == for_a) out.push_back(t.room);
        }
        return out;
    };
    REQUIRE(eventually([&] { return ids(your_turn(srv.port(), a.token)) == expected(true); }));
    REQUIRE(eventually([&] { return ids(your_turn(srv.port(), b.token)) == expected(false); }));
    auto list = your_turn(srv.port(), a.token);
    CHECK(list["now_ms"] == clock.now_ms());
    for (const auto& g : list["games"]) {
        auto at = std::find_if(games.begin(), games.end(),
                               [&](const table& t) { return t.room == g["id"].get<std::string>(); });
        int k = static_cast<int>(at - games.begin());
        CHECK(g["seat"] == at->seat_a);
        CHECK(g["opponent"]["guest"] == true);
        CHECK(g["plies"] == 0);
        CHECK(g["board"]["to_move"] == at->seat_a);
        CHECK(g["board"].contains("cells"));
        CHECK(!g["board"].contains("moves"));
        if (deadlines[k]) CHECK(g["deadline_ms"] == deadlines[k]);
        else CHECK(g["deadline_ms"].is_null());
    }
    auto listed = ids(list);
    CHECK(std::find(listed.begin(), listed.end(), live.room) == listed.end());

    // The first game's mover moves: it leaves their list for the other's.
    const auto& t = games[0];
    int mover = t.state_a["d"]["board"]["to_move"];
    ws_client& by = mover == t.seat_a ? a : b;
    ws_client& other = mover == t.seat_a ? b : a;
    by.send(move_msg(t.room, first_move(t.state_a["d"]["board"]), 1));
    REQUIRE(!by.expect("ack", [](const json& j) { return j["d"]["ack"] == 1; }).is_null());
    auto has = [&](ws_client& who) {
        auto l = ids(your_turn(srv.port(), who.token));
        return std::find(l.begin(), l.end(), t.room) != l.end();
    };
    REQUIRE(eventually([&] { return has(other) && !has(by); }));
    const json after = your_turn(srv.port(), other.token);  // the loop below reads into it
    for (const auto& g : after["games"])
        if (g["id"] == t.room) {
            CHECK(g["plies"] == 1);
            CHECK(g["last_move"] == first_move(t.state_a["d"]["board"]));
        }
}

TEST_CASE("your turn: a session token is needed; an API token or none is refused") {
    temp_dir dir;
    test_server srv(with_db(dir.file("kibitz.db")));
    CHECK(http_get(srv.port(), "/api/games/your-turn").status == 401);
    CHECK(http_get(srv.port(), "/api/games/your-turn", "not-a-session").status == 401);
    CHECK(http_get(srv.port(), "/api/games/your-turn", "kbt_0123456789abcdef").status == 403);
    auto post = http_post(srv.port(), "/api/games/your-turn", json::object());
    CHECK(post.status == 405);
    // Guests are stored with their first game: then their token reads their list.
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    pair_by_seek(a, b, "oware", tc(300, 0));
    REQUIRE(eventually(
        [&] { return http_get(srv.port(), "/api/games/your-turn", a.token).status == 200; }));
    CHECK(your_turn(srv.port(), a.token)["games"].empty());  // a live game is not listed
}
