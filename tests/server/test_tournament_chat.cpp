// A tournament's chat (tournament/tournament_service_impl.hpp): its players
// write, every follower of the page reads; a follower who has not entered is
// refused, as are a second line within the second and a line over 300
// characters; whoever opens the page later gets the lines kept.
#include <doctest/doctest.h>

#include "helpers.hpp"
#include "tournament_play.hpp"

using namespace kibitz;
using namespace kibitz::test;

namespace {

json chat_msg(const std::string& id, const std::string& text, int ack) {
    return {{"t", "tournament.chat"}, {"d", {{"id", id}, {"text", text}, {"ack", ack}}}};
}

// The error code answering `ws`'s chat line.
std::string chat_refusal(ws_client& ws, const std::string& id, const std::string& text) {
    ws.send(chat_msg(id, text, 8));
    return ws.expect("error",
                     [](const json& m) { return m["d"]["re"] == "tournament.chat"; })["d"]["code"];
}

auto chat_of(const std::string& id) {
    return [id](const json& m) { return m["d"]["id"] == id; };
}

}  // namespace

TEST_CASE("tournament chat: players write, followers read, limits hold, late comers catch up") {
    event_ground ground;
    test_server srv(event_server(ground));
    json body = {{"name", "Chatty arena"},
                 {"game", "checkers"},
                 {"tc", tc(60, 0)},
                 {"minutes", 10},
                 {"starts_in_s", 3600}};
    const std::string id = create_event(srv.port(), body, ground.org.token)["id"];
    auto es = join_field(srv.port(), id, 2);
    ws_client follower(srv.port());
    follower.hello();
    follower.send(tmsg("tournament.sub", id));
    follower.expect("tournament.state");

    // An entrant writes: acknowledged, and every follower gets the line.
    es[0].ws->send(chat_msg(id, "good luck all", 7));
    es[0].ws->expect("ack", [](const json& m) { return m["d"]["ack"] == 7; });
    for (auto* ws : {es[0].ws.get(), es[1].ws.get(), &follower}) {
        auto c = ws->expect("tournament.chat", chat_of(id));
        REQUIRE(c["d"]["lines"].size() == 1);
        CHECK(c["d"]["lines"][0]["text"] == "good luck all");
        CHECK(c["d"]["lines"][0]["player"] == es[0].id);
        CHECK(c["d"]["lines"][0]["from"].get<std::string>().rfind("Guest-", 0) == 0);
        CHECK(c["d"]["lines"][0]["at_ms"] == ground.wall.now_ms());
    }

    // Refused: a follower who has not entered, a second line within the
    // second, a line too long; none reaches anyone.
    CHECK(chat_refusal(follower, id, "let me in") == "not_joined");
    CHECK(chat_refusal(*es[0].ws, id, "again") == "rate_limited");
    CHECK(chat_refusal(*es[1].ws, id, std::string(301, 'x')) == "bad_message");
    CHECK(chat_refusal(follower, "tNoSuchOne", "hello") == "unknown_tournament");
    CHECK_FALSE(es[1].ws->sees("tournament.chat", 200ms));

    // A second later the first writer may write again; 300 characters pass.
    ground.wall.advance(std::chrono::seconds(1));
    es[0].ws->send(chat_msg(id, std::string(300, 'y'), 9));
    es[0].ws->expect("ack", [](const json& m) { return m["d"]["ack"] == 9; });
    CHECK(follower.expect("tournament.chat", chat_of(id))["d"]["lines"][0]["text"] ==
          std::string(300, 'y'));

    // Someone opening the page now gets the standings, then both lines.
    ws_client late(srv.port());
    late.hello();
    late.send(tmsg("tournament.sub", id));
    late.expect("tournament.state");
    auto kept = late.expect("tournament.chat", chat_of(id));
    REQUIRE(kept["d"]["lines"].size() == 2);
    CHECK(kept["d"]["lines"][0]["text"] == "good luck all");
    CHECK(kept["d"]["lines"][1]["text"] == std::string(300, 'y'));
}
