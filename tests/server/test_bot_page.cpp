// What the web page's bot list and "Challenge" button rest on (issue 26): the
// bot list with ratings, latest games and who is connected, and a challenge
// made with the page's session token. Real loopback sockets, a real SQLite
// file (api_fixture.hpp).
#include <doctest/doctest.h>

#include "api_fixture.hpp"
#include "bot_cast.hpp"
#include "eventually.hpp"
#include "harness.hpp"
#include "kibitz/core/registry.hpp"
#include "line_stream.hpp"

using kibitz::test::eventually;

namespace {

json bot_row(api_server& srv, const std::string& name) {
    const json list = get(srv.port, "/api/bots").j();
    for (const auto& b : list["bots"])
        if (b["name"] == name) return b;
    return nullptr;
}

}  // namespace

TEST_CASE("bot list: each bot with its ratings, latest games and whether it is connected") {
    auto srv = fast_server();
    cast c(srv);
    auto before = bot_row(srv, "botty");
    REQUIRE(before.is_object());
    CHECK(before["bot"] == true);
    CHECK(before["online"] == false);
    CHECK(before["ratings"].empty());
    CHECK(before["recent"].empty());

    auto events = std::make_unique<line_stream>(srv.port, "/api/stream/event", c.bot_token);
    CHECK(eventually([&] { return bot_row(srv, "botty")["online"] == true; }));

    // A rated game, which the bot resigns: a challenge's game is public, so
    // it is listed; and rated.
    const std::string game(kibitz::core::all_games()[0].id);
    auto made = post_as(
        srv, "/api/challenge/botty", c.ada_token,
        json{{"game", game}, {"tc", {{"initial_s", 300}, {"increment_s", 3}}}, {"rated", true}});
    REQUIRE(made.status == 201);
    std::string id = made.j()["challenge"]["id"];
    REQUIRE(post_as(srv, "/api/challenge/" + id + "/accept", c.bot_token).status == 200);
    std::string room = c.ada.expect("game.found")["d"]["room"];
    const int ada_seat = c.ada.expect("room.state")["d"]["you"]["seat"];
    // Two moves each (fewer rate nothing), then it resigns.
    line_stream game_stream(srv.port, "/api/bot/game/stream/" + room, c.bot_token);
    json now = game_stream.next("gameFull")["state"];
    for (int ply = 0; ply < 4; ++ply) {
        REQUIRE(now.is_object());
        std::string mv = now["legal"][0];
        if (now["turn"] == ada_seat)
            c.ada.send({{"t", "move"}, {"d", {{"room", room}, {"move", mv}, {"ack", ply + 1}}}});
        else
            REQUIRE(post_as(srv, "/api/bot/game/" + room + "/move/" + encoded(mv), c.bot_token)
                        .status == 200);
        now = game_stream.next("gameState");
    }
    REQUIRE(post_as(srv, "/api/bot/game/" + room + "/resign", c.bot_token).status == 200);
    c.ada.expect("end");
    // The game is listed from its start; its rating comes with the end's
    // store write, after the "end" frame: wait for that, not for the listing.
    CHECK(eventually([&] {
        auto row = bot_row(srv, "botty");
        return row["recent"].size() == 1 && row["ratings"].size() == 1;
    }));
    auto after = bot_row(srv, "botty");
    CHECK(after["recent"][0]["id"] == room);
    CHECK(after["recent"][0]["game"] == game);
    REQUIRE(after["ratings"].size() == 1);
    CHECK(after["ratings"][0]["game"] == game);

    events->drop();
    CHECK(eventually([&] { return bot_row(srv, "botty")["online"] == false; }));
}

TEST_CASE("bot list: a person challenges a bot with the page's session, and may cancel") {
    auto srv = fast_server();
    cast c(srv);
    line_stream events(srv.port, "/api/stream/event", c.bot_token);
    const std::string game(kibitz::core::all_games()[0].id);
    const json body{{"game", game}, {"tc", {{"initial_s", 300}, {"increment_s", 3}}}};

    // Made and withdrawn from the page: the bot hears both.
    auto made = post_as(srv, "/api/challenge/botty", c.ada_session, body);
    REQUIRE(made.status == 201);
    std::string id = made.j()["challenge"]["id"];
    auto ch = events.next("challenge");
    REQUIRE(ch.is_object());
    CHECK(ch["challenge"]["by"]["name"] == "ada");
    REQUIRE(post_as(srv, "/api/challenge/" + id + "/cancel", c.ada_session).status == 200);
    CHECK(events.next("challengeCanceled").is_object());

    // Made again and accepted: every tab of hers is taken to the game.
    made = post_as(srv, "/api/challenge/botty", c.ada_session, body);
    REQUIRE(made.status == 201);
    id = made.j()["challenge"]["id"];
    REQUIRE(events.next("challenge").is_object());
    REQUIRE(post_as(srv, "/api/challenge/" + id + "/accept", c.bot_token).status == 200);
    auto found = c.ada.expect("game.found");
    auto started = events.next("gameStart");
    REQUIRE(started.is_object());
    CHECK(found["d"]["room"] == started["game"]["id"]);

    // A session nobody has is refused.
    CHECK(post_as(srv, "/api/challenge/botty", "not-a-session", body).status == 401);
}

TEST_CASE("bot list: several bots, each with its own games, the newest bot first") {
    auto srv = fast_server();
    cast c(srv);
    // Two more bots; "bee" challenges "cee" (bot against bot), ada challenges botty.
    auto bot = [&](const std::string& name) {
        auto token = token_of(srv, session_of(srv, name), {"bot:play", "challenge:write"});
        REQUIRE(post_as(srv, "/api/bot/account/upgrade", token).status == 200);
        return token;
    };
    const auto bee = bot("bee"), cee = bot("cee");
    const std::string game(kibitz::core::all_games()[0].id);
    const json body{{"game", game}, {"tc", nullptr}, {"rated", false}};
    line_stream cee_events(srv.port, "/api/stream/event", cee);
    auto made = post_as(srv, "/api/challenge/cee", bee, body);
    REQUIRE(made.status == 201);
    REQUIRE(post_as(srv,
                    "/api/challenge/" + made.j()["challenge"]["id"].get<std::string>() + "/accept",
                    cee)
                .status == 200);
    auto bots_game = cee_events.next("gameStart");
    REQUIRE(bots_game.is_object());
    line_stream botty_events(srv.port, "/api/stream/event", c.bot_token);
    const std::string ada_game = c.start(botty_events, game).first;

    // Each game is stored as it starts, a moment after gameStart: wait for both.
    json list;
    CHECK(eventually([&] {
        list = get(srv.port, "/api/bots").j()["bots"];
        return list.size() == 3 && std::all_of(list.begin(), list.end(), [](const json& b) {
                   return b["recent"].size() == 1;
               });
    }));
    REQUIRE(list.size() == 3);
    CHECK(list[0]["name"] == "cee");
    CHECK(list[1]["name"] == "bee");
    CHECK(list[2]["name"] == "botty");
    for (const auto& b : list) {
        CHECK(b["bot"] == true);
        CHECK(b["ratings"].empty());  // casual games
        REQUIRE(b["recent"].size() == 1);
        CHECK(b["recent"][0]["game"] == game);
        CHECK(b["online"] == (b["name"] != "bee"));  // bee has no stream open
    }
    CHECK(list[0]["recent"][0]["id"] == bots_game["game"]["id"]);
    CHECK(list[1]["recent"][0]["id"] == bots_game["game"]["id"]);
    CHECK(list[2]["recent"][0]["id"] == ada_game);
    // The same rows as each bot's profile gives.
    for (const auto& b : list) {
        const json prof = get(srv.port, "/api/players/" + b["name"].get<std::string>()).j();
        CHECK(prof["recent"][0] == b["recent"][0]);
    }
}

TEST_CASE("challenges: a flood from one challenger is refused, every route alike (review F5)") {
    auto srv = fast_server();
    cast c(srv);
    session_of(srv, "cee");
    const json body{{"game", std::string(kibitz::core::all_games()[0].id)}};
    // Ten to one account in an hour, with the page's session or a token alike.
    for (int i = 0; i < 10; ++i) {
        auto made = post_as(srv, "/api/challenge/botty", i % 2 ? c.ada_session : c.ada_token, body);
        REQUIRE(made.status == 201);
        std::string id = made.j()["challenge"]["id"];
        REQUIRE(post_as(srv, "/api/challenge/" + id + "/cancel", c.ada_session).status == 200);
    }
    auto more = post_as(srv, "/api/challenge/botty", c.ada_session, body);
    CHECK(more.status == 429);
    CHECK(more.j()["error"] == "too_many_challenges");
    CHECK(post_as(srv, "/api/challenge/BOTTY", c.ada_token, body).status == 429);
    // Another account may still be asked, until the challenger's own budget is spent.
    auto other = post_as(srv, "/api/challenge/cee", c.ada_session, body);
    CHECK(other.status == 201);
}
