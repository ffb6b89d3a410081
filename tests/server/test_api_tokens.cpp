// Personal API tokens and bot accounts over the HTTP API (issue 26), on real
// loopback sockets against a real SQLite file (api_fixture.hpp).
#include <doctest/doctest.h>

#include <sstream>

#include <spdlog/sinks/ostream_sink.h>

#include "api_fixture.hpp"
#include "harness.hpp"

namespace {

// Registers `name` and returns its session token and player id.
std::pair<std::string, storage::player_id> sign_up(api_server& srv, const std::string& name) {
    auto r = post(srv.port, "/api/register", {{"username", name}, {"password", "correct horse"}});
    REQUIRE(r.status == 200);
    std::string id = r.j()["user"]["id"];  // "u-<player id>"
    return {r.j()["token"], std::stoll(id.substr(2))};
}

reply make_token(api_server& srv, const std::string& session, std::vector<std::string> scopes,
                 std::string description = "my bot") {
    return post(srv.port, "/api/token", {{"description", description}, {"scopes", scopes}},
                bearer(session));
}

reply with_token(api_server& srv, http::verb method, const std::string& target,
                 const std::string& token) {
    return call(srv.port, method, target, std::nullopt, bearer(token));
}

}  // namespace

TEST_CASE("api tokens: create, use, list, revoke, then refused") {
    api_server srv;
    auto [session, ada] = sign_up(srv, "ada");

    auto made = make_token(srv, session, {"challenge:write", "bot:play"});
    REQUIRE(made.status == 201);
    std::string secret = made.j()["token"];
    CHECK(secret.starts_with("kbt_"));
    CHECK(secret.size() == 4 + 43);
    auto id = made.j()["id"].get<std::int64_t>();
    CHECK(made.j()["scopes"] == json({"bot:play", "challenge:write"}));
    CHECK(made.j()["description"] == "my bot");

    // Used: it speaks for ada, with its scopes.
    auto me = with_token(srv, http::verb::get, "/api/account", secret);
    REQUIRE(me.status == 200);
    CHECK(me.j()["name"] == "ada");
    CHECK(me.j()["bot"] == false);
    CHECK(me.j()["scopes"] == json({"bot:play", "challenge:write"}));

    // Listed, without its secret (nor anything from which to rebuild it).
    auto list = with_token(srv, http::verb::get, "/api/tokens", session);
    REQUIRE(list.status == 200);
    REQUIRE(list.j()["tokens"].size() == 1);
    auto row = list.j()["tokens"][0];
    CHECK(row["id"] == id);
    CHECK_FALSE(row.contains("token"));
    CHECK(row["last_used_ms"].is_number());  // it was used above
    CHECK(list.body.find(secret.substr(4)) == std::string::npos);

    // A token cannot manage tokens (a leaked one must not mint more or hide).
    CHECK(make_token(srv, secret, {"bot:play"}).status == 403);
    CHECK(with_token(srv, http::verb::get, "/api/tokens", secret).status == 403);
    CHECK(with_token(srv, http::verb::delete_, "/api/token/" + std::to_string(id), secret).status ==
          403);

    // Another account cannot revoke it.
    auto [bob_session, bob] = sign_up(srv, "bob");
    CHECK(with_token(srv, http::verb::delete_, "/api/token/" + std::to_string(id), bob_session)
              .status == 404);
    CHECK(with_token(srv, http::verb::get, "/api/account", secret).status == 200);

    auto gone = with_token(srv, http::verb::delete_, "/api/token/" + std::to_string(id), session);
    REQUIRE(gone.status == 200);
    CHECK(gone.j()["revoked"] == true);
    auto refused = with_token(srv, http::verb::get, "/api/account", secret);
    CHECK(refused.status == 401);
    CHECK(refused.j()["error"] == "bad_token");
    CHECK(with_token(srv, http::verb::get, "/api/tokens", session).j()["tokens"].empty());
    CHECK(
        with_token(srv, http::verb::delete_, "/api/token/" + std::to_string(id), session).status ==
        404);
}

TEST_CASE("api tokens: a wrong scope is refused with 403; an unknown or missing token with 401") {
    api_server srv;
    auto [session, ada] = sign_up(srv, "ada");
    std::string reader = make_token(srv, session, {"preference:read"}).j()["token"];

    auto r = with_token(srv, http::verb::post, "/api/bot/account/upgrade", reader);
    CHECK(r.status == 403);
    CHECK(r.j()["error"] == "missing_scope");
    CHECK(r.j()["message"].get<std::string>().find("bot:play") != std::string::npos);
    CHECK(with_token(srv, http::verb::get, "/api/account", reader).j()["bot"] == false);

    for (std::string unknown :
         {"kbt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "kbt_", "nope"}) {
        INFO(unknown);
        auto u = with_token(srv, http::verb::get, "/api/account", unknown);
        CHECK(u.status == 401);
    }
    CHECK(get(srv.port, "/api/account").status == 401);
    // A session token is not an API token.
    CHECK(with_token(srv, http::verb::get, "/api/account", session).status == 401);
    CHECK(get(srv.port, "/api/tokens").status == 401);

    // Bad requests say what is wrong.
    CHECK(make_token(srv, session, {"bot:play", "root"}).j()["error"] == "bad_scopes");
    CHECK(make_token(srv, session, {}).status == 400);
    CHECK(make_token(srv, session, {"bot:play", "bot:play"}).status == 400);
    CHECK(make_token(srv, session, {"bot:play"}, "").j()["error"] == "bad_description");
    CHECK(make_token(srv, session, {"bot:play"}, std::string(101, 'x')).status == 400);
    CHECK(with_token(srv, http::verb::delete_, "/api/token/x1", session).status == 400);
    CHECK(with_token(srv, http::verb::get, "/api/token", session).status == 405);
    CHECK(make_token(srv, "not-a-session", {"bot:play"}).status == 401);
}

TEST_CASE("api tokens: past its limit a token gets 429 with Retry-After; others are unaffected") {
    api_server srv([](kibitz::server::server_config& c) { c.token_requests_per_minute = 3; });
    auto [session, ada] = sign_up(srv, "ada");
    std::string one = make_token(srv, session, {"board:play"}).j()["token"];
    std::string two = make_token(srv, session, {"board:play"}).j()["token"];
    for (int i = 0; i < 3; ++i)
        CHECK(with_token(srv, http::verb::get, "/api/account", one).status == 200);
    auto r = with_token(srv, http::verb::get, "/api/account", one);
    CHECK(r.status == 429);
    CHECK(r.j()["error"] == "rate_limited");
    auto after = std::stoi(r.header("Retry-After"));
    CHECK(after >= 1);
    CHECK(after <= 60);
    CHECK(with_token(srv, http::verb::get, "/api/account", two).status == 200);
}

TEST_CASE("api tokens: the secret never reaches the log") {
    std::ostringstream log;
    auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(log);
    auto previous = spdlog::default_logger();
    // spdlog's default logger may only be swapped while no other thread logs:
    // before the server's threads start and after they have been joined.
    spdlog::set_default_logger(std::make_shared<spdlog::logger>("capture", sink));
    std::string secret, session;
    {
        api_server srv;
        spdlog::set_level(spdlog::level::trace);  // every level, from here on (atomic)
        std::tie(session, std::ignore) = sign_up(srv, "ada");
        secret = make_token(srv, session, {"bot:play"}).j()["token"];
        with_token(srv, http::verb::get, "/api/account", secret);
        with_token(srv, http::verb::get, "/api/account/" + secret, secret);  // even in a path
        with_token(srv, http::verb::post, "/api/bot/account/upgrade", secret);
        with_token(srv, http::verb::delete_, "/api/token/1", session);
        with_token(srv, http::verb::get, "/api/account", secret);  // revoked now
    }
    spdlog::set_default_logger(previous);
    sink->flush();
    CHECK(log.str().find(secret.substr(4, 20)) == std::string::npos);
    CHECK(log.str().find(session.substr(0, 20)) == std::string::npos);
    CHECK(log.str().find("shutting down") != std::string::npos);  // the capture saw the whole run
}

TEST_CASE("api bots: an account without rated games becomes a bot for good; it is listed") {
    api_server srv;
    auto [session, ada] = sign_up(srv, "ada");
    auto [bob_session, bob] = sign_up(srv, "bob");
    std::string ada_bot = make_token(srv, session, {"bot:play"}).j()["token"];
    std::string bob_bot = make_token(srv, bob_session, {"bot:play"}).j()["token"];
    CHECK(get(srv.port, "/api/bots").j()["bots"].empty());

    // bob (and ada) have played a rated game: refused, and nothing changes.
    must<storage::game_key>([&](auto h) {
        srv.store->start_game({{"checkers", 60000, 0, true, false, ""}, {bob, ada}, 1, "", nullptr},
                              h);
    });
    auto no = with_token(srv, http::verb::post, "/api/bot/account/upgrade", bob_bot);
    CHECK(no.status == 400);
    CHECK(no.j()["error"] == "cannot_become_bot");
    CHECK(no.j()["message"].get<std::string>().find("rated") != std::string::npos);
    CHECK(with_token(srv, http::verb::get, "/api/account", bob_bot).j()["bot"] == false);

    // cyd has not.
    auto [cy_session, cy] = sign_up(srv, "cyd");
    std::string cy_bot = make_token(srv, cy_session, {"bot:play"}).j()["token"];
    auto yes = with_token(srv, http::verb::post, "/api/bot/account/upgrade", cy_bot);
    REQUIRE(yes.status == 200);
    CHECK(yes.j()["bot"] == true);
    CHECK(with_token(srv, http::verb::get, "/api/account", cy_bot).j()["bot"] == true);
    CHECK(with_token(srv, http::verb::post, "/api/bot/account/upgrade", cy_bot).status == 200);

    auto bots = get(srv.port, "/api/bots").j()["bots"];
    REQUIRE(bots.size() == 1);
    CHECK(bots[0]["name"] == "cyd");
    CHECK(bots[0]["bot"] == true);
    CHECK(get(srv.port, "/api/players/cyd").j()["bot"] == true);
    CHECK(get(srv.port, "/api/players/ada").j()["bot"] == false);
}

TEST_CASE("api bots: a bot is kept out of seeks and quick pairing, and marked BOT in a room") {
    api_server srv;
    auto [session, id] = sign_up(srv, "deepmill");
    std::string token = make_token(srv, session, {"bot:play"}).j()["token"];
    REQUIRE(with_token(srv, http::verb::post, "/api/bot/account/upgrade", token).status == 200);

    // A person's seek, open before the bot comes.
    kibitz::test::ws_client human(srv.port);
    human.hello();
    human.send(
        {{"t", "seek.create"},
         {"d", {{"game", "checkers"}, {"tc", nullptr}, {"rated", false}, {"color", "random"}}}});
    std::string seek = human.expect("seek.created")["d"]["seek"]["id"];

    kibitz::test::ws_client bot(srv.port);
    bot.hello(session);  // the bot's account logged in (its session, as a browser has)
    auto refused = [&](const json& msg) {
        bot.send(msg);
        auto e = bot.expect("error");
        CHECK(e["d"]["code"] == "bots_not_allowed");
        CHECK(e["d"]["message"].get<std::string>().find("challenge") != std::string::npos);
    };
    refused(
        {{"t", "seek.create"},
         {"d", {{"game", "checkers"}, {"tc", nullptr}, {"rated", false}, {"color", "random"}}}});
    refused(
        {{"t", "quick.join"}, {"d", {{"game", "checkers"}, {"tc", nullptr}, {"rated", false}}}});
    refused({{"t", "seek.accept"}, {"d", {{"id", seek}}}});
    CHECK_FALSE(human.sees("game.found"));

    // An invite is a person's choice: it works, and the room shows the bot.
    bot.send(
        {{"t", "invite.create"},
         {"d", {{"game", "checkers"}, {"tc", nullptr}, {"rated", false}, {"color", "random"}}}});
    std::string code = bot.expect("invite.created")["d"]["code"];
    human.send({{"t", "invite.accept"}, {"d", {{"code", code}}}});
    auto state = human.expect("room.state");
    int bots = 0, people = 0;
    for (const auto& p : state["d"]["players"]) {
        if (p["name"] == "deepmill") bots += p.value("bot", false);
        else people += !p.contains("bot");
    }
    CHECK(bots == 1);
    CHECK(people == 1);
}
