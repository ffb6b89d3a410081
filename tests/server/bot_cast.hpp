#pragma once
// The cast of the bot API's tests (test_bot_api.cpp, test_bot_bridge.cpp): a
// bot account "botty" with its token, and a person "ada" with her WebSocket
// and her token to challenge with; the requests they make. In an unnamed
// namespace.
#include <cctype>
#include <cstdio>

#include "api_fixture.hpp"
#include "harness.hpp"
#include "line_stream.hpp"

namespace {

using kibitz::test::ws_client;

std::string session_of(api_server& srv, const std::string& name) {
    auto r = post(srv.port, "/api/register", {{"username", name}, {"password", "correct horse"}});
    REQUIRE(r.status == 200);
    return r.j()["token"];
}

std::string token_of(api_server& srv, const std::string& session, std::vector<std::string> s) {
    auto r = post(srv.port, "/api/token", {{"description", "t"}, {"scopes", s}}, bearer(session));
    REQUIRE(r.status == 201);
    return r.j()["token"];
}

reply post_as(api_server& srv, const std::string& target, const std::string& token,
              std::optional<json> body = std::nullopt) {
    return call(srv.port, http::verb::post, target,
                body ? std::optional(body->dump()) : std::nullopt, bearer(token));
}

// A move's notation as one path segment.
[[maybe_unused]] std::string encoded(const std::string& s) {
    std::string out;
    for (unsigned char c : s) {
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') out += char(c);
        else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", c);
            out += hex;
        }
    }
    return out;
}

// A bot account "botty" with its token, and a person "ada": her WebSocket
// (logged in) and her token to challenge with.
struct cast {
    api_server& srv;
    std::string bot_token, ada_session, ada_token;
    ws_client ada;

    explicit cast(api_server& s) : srv(s), ada(s.port) {
        auto bot_session = session_of(srv, "botty");
        bot_token = token_of(srv, bot_session, {"bot:play", "challenge:write"});
        REQUIRE(post_as(srv, "/api/bot/account/upgrade", bot_token).status == 200);
        ada_session = session_of(srv, "ada");
        ada_token = token_of(srv, ada_session, {"board:play", "challenge:write"});
        ada.hello(ada_session);
    }

    // Ada challenges the bot to `game`; the bot accepts from its event
    // stream. Returns the room and the bot's seat.
    std::pair<std::string, int> start(line_stream& events, const std::string& game) {
        auto made = post_as(srv, "/api/challenge/botty", ada_token,
                            json{{"game", game}, {"tc", nullptr}, {"rated", false}});
        REQUIRE(made.status == 201);
        auto ch = events.next("challenge");
        REQUIRE(ch.is_object());
        CHECK(ch["challenge"]["by"]["name"] == "ada");
        CHECK(ch["challenge"]["game"] == game);
        std::string id = ch["challenge"]["id"];
        CHECK(made.j()["challenge"]["id"] == id);
        REQUIRE(post_as(srv, "/api/challenge/" + id + "/accept", bot_token).status == 200);
        auto started = events.next("gameStart");
        REQUIRE(started.is_object());
        auto found = ada.expect("game.found");
        CHECK(found["d"]["room"] == started["game"]["id"]);
        return {started["game"]["id"], started["game"]["seat"]};
    }
};

api_server fast_server() {
    return api_server([](kibitz::server::server_config& c) {
        c.token_requests_per_minute = 100000;
        c.rate_per_s = c.rate_burst = 10000;  // the human plays as fast as the bot
    });
}

}  // namespace
