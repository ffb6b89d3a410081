// Reports over HTTP (issue 43, docs/safety.md "Reports"): a logged-in
// account reports a player for a reason; it is stored once per reporter,
// player and reason while open, with its evidence (the game and, for a chat
// report, the chat lines around the reported one); the sixth in a day is
// refused. Nothing tells the reported player.
#include "bot_cast.hpp"
#include "helpers.hpp"
#include "store_helpers.hpp"

namespace {

using kibitz::test::db_scalar;
using kibitz::test::db_text;
using kibitz::test::eventually;

reply report(api_server& srv, const std::string& token, json body) {
    return post_as(srv, "/api/report", token, std::move(body));
}

}  // namespace

TEST_CASE(
    "report: stored once with the chat around the reported line; the sixth a day is refused") {
    api_server srv;
    const std::string db = (srv.dir / "kibitz.db").string();
    auto ada_session = session_of(srv, "ada");
    auto bob_session = session_of(srv, "bob");
    for (const char* n : {"carol", "dave", "erin"}) session_of(srv, n);
    ws_client ada(srv.port), bob(srv.port);
    ada.hello(ada_session);
    bob.hello(bob_session);
    auto t = kibitz::test::pair_by_seek(ada, bob, "checkers", nullptr);
    const std::vector<std::pair<ws_client*, std::string>> lines = {
        {&ada, "hello"}, {&bob, "you are bad"}, {&ada, "why?"}};
    for (const auto& [who, text] : lines) {
        who->send({{"t", "chat"}, {"d", {{"room", t.room}, {"text", text}}}});
        CHECK(ada.expect("chat")["d"]["text"] == text);
    }
    REQUIRE(eventually([&] {
        return db_scalar(db,
                         "SELECT COUNT(*) FROM chat c JOIN games g ON g.id = c.game "
                         "WHERE g.public_id = ?",
                         t.room) == 3;
    }));

    auto first =
        report(srv, ada_session,
               {{"player", "bob"}, {"reason", "chat"}, {"text", "rude"}, {"game", t.room}});
    CHECK(first.status == 201);
    CHECK(report(srv, ada_session, {{"player", "bob"}, {"reason", "chat"}}).status ==
          200);  // kept once
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM reports") == 1);
    auto evidence = json::parse(db_text(db, "SELECT evidence FROM reports"));
    REQUIRE(evidence.size() == 3);  // bob's line and the lines around it
    CHECK(evidence[1]["text"] == "you are bad");
    CHECK(evidence[1]["reported"] == true);
    CHECK(evidence[0]["name"] == "ada");
    CHECK(db_text(db, "SELECT game FROM reports") == t.room);
    CHECK(db_text(db, "SELECT text FROM reports") == "rude");
    CHECK_FALSE(bob.sees("notification", 300ms));  // nothing tells bob

    // Five a day: four more, then the sixth is refused.
    CHECK(report(srv, ada_session, {{"player", "bob"}, {"reason", "cheat"}}).status == 201);
    CHECK(report(srv, ada_session, {{"player", "bob"}, {"reason", "stall"}}).status == 201);
    CHECK(report(srv, ada_session, {{"player", "carol"}, {"reason", "other"}}).status == 201);
    CHECK(report(srv, ada_session, {{"player", "dave"}, {"reason", "other"}}).status == 201);
    auto sixth = report(srv, ada_session, {{"player", "erin"}, {"reason", "other"}});
    CHECK(sixth.status == 429);
    CHECK(sixth.j()["error"] == "too_many_reports");
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM reports") == 5);
    // Another reporter has their own five.
    CHECK(report(srv, bob_session, {{"player", "ada"}, {"reason", "other"}}).status == 201);
}

TEST_CASE("report: what is refused") {
    auto srv = fast_server();  // bot_cast.hpp
    auto ada = session_of(srv, "ada");
    session_of(srv, "bob");
    ws_client guest(srv.port);
    guest.hello();
    auto by_guest = report(srv, guest.token, {{"player", "bob"}, {"reason", "cheat"}}).status;
    CHECK((by_guest == 401 || by_guest == 403));  // an unknown session, or a guest's
    CHECK(report(srv, "", {{"player", "bob"}, {"reason", "cheat"}}).status == 401);
    CHECK(report(srv, ada, {{"player", "bob"}, {"reason", "ugly"}}).j()["error"] == "bad_reason");
    CHECK(
        report(srv, ada, {{"player", "bob"}, {"reason", "other"}, {"text", std::string(501, 'x')}})
            .j()["error"] == "bad_text");
    // 500 characters of two bytes each are 500 characters.
    std::string accents;
    for (int i = 0; i < 500; ++i) accents += "\xc3\xa9";
    CHECK(report(srv, ada, {{"player", "bob"}, {"reason", "other"}, {"text", accents}}).status ==
          201);
    CHECK(report(srv, ada, {{"player", "nobody"}, {"reason", "cheat"}}).status == 404);
    CHECK(report(srv, ada, {{"player", "ada"}, {"reason", "cheat"}}).j()["error"] == "own_report");
    CHECK(report(srv, ada, {{"player", 5}, {"reason", "cheat"}}).status == 404);
    CHECK(call(srv.port, http::verb::get, "/api/report", std::nullopt, bearer(ada)).status == 405);
}
