// Private games over real sockets: an invite's link is shown first (who
// invites, the game, the clock, the colour) and starts nothing; accept seats
// both players, decline tells the creator on every tab; unknown codes, a
// second accept and the creator's own answers are refused.
#include "store_helpers.hpp"

using namespace kibitz::test;

namespace {

std::string create_invite(ws_client& a, json d) {
    a.send({{"t", "invite.create"}, {"d", std::move(d)}});
    return a.expect("invite.created")["d"]["code"];
}

// invite.show / accept / decline of `code`: true once acknowledged.
bool acked(ws_client& c, const std::string& type, const std::string& code, int ack) {
    c.send({{"t", type}, {"d", {{"code", code}, {"ack", ack}}}});
    return !c.expect("ack", [ack](const json& j) { return j["d"]["ack"] == ack; }).is_null();
}

// The same, refused: the error's code.
std::string refused(ws_client& c, const std::string& type, const std::string& code, int ack) {
    c.send({{"t", type}, {"d", {{"code", code}, {"ack", ack}}}});
    auto e = c.expect("error", [ack](const json& j) { return j["d"].value("ack", -1) == ack; });
    return e.is_null() ? "" : e["d"]["code"].get<std::string>();
}

// What the lobby holds for `c` now: lobby.yours, answered on the lobby's
// strand after everything `c` sent before.
json yours(ws_client& c) {
    c.send({{"t", "lobby.sub"}});
    auto y = c.expect("lobby.yours");
    c.send({{"t", "lobby.unsub"}});
    return y["d"];
}

}  // namespace

TEST_CASE("invite: showing the link starts nothing; accepting seats both players, once") {
    test_server srv;
    ws_client a(srv.port()), b(srv.port()), c(srv.port());
    auto wa = a.hello();
    b.hello();
    c.hello();
    c.send({{"t", "lobby.sub"}});
    c.expect("lobby.snapshot");
    auto code = create_invite(a, {{"game", "opprimo"}, {"tc", tc(600, 5)}, {"color", "red"}});
    CHECK_FALSE(c.sees("seek.add", 200ms));  // private: not listed

    CHECK(acked(b, "invite.show", code, 1));
    auto shown = b.expect("invite.shown")["d"];
    CHECK(shown["code"] == code);
    CHECK(shown["by"]["name"] == wa["user"]["name"]);
    CHECK(shown["by"]["rating"].is_null());  // a casual invite
    CHECK(shown["game"] == "opprimo");
    CHECK(shown["tc"] == tc(600, 5));
    CHECK(shown["rated"] == false);
    CHECK(shown["color"] == "red");
    CHECK(shown["your_color"] == "yellow");
    // Shown twice, still nothing: no room, so no clock, for either player.
    CHECK(acked(b, "invite.show", code, 2));
    CHECK(yours(b)["rooms"].empty());
    auto of_a = yours(a);
    CHECK(of_a["rooms"].empty());
    CHECK(of_a["invites"].size() == 1);

    CHECK(acked(b, "invite.accept", code, 3));
    auto fa = a.expect("game.found");
    auto fb = b.expect("game.found");
    CHECK(fa["d"]["room"] == fb["d"]["room"]);
    CHECK(fa["d"]["seat"] == 1);  // a chose red, the second mover
    CHECK(fb["d"]["seat"] == 0);
    CHECK(fb["d"]["via"] == "invite");
    auto state = b.expect("room.state")["d"];
    CHECK(state["clocks"]["ms"][0] == 600000);  // the clock starts now, whole
    CHECK(yours(b)["rooms"].size() == 1);

    // Taken: a second accept (or anyone's) finds nothing.
    CHECK(refused(b, "invite.accept", code, 4) == "unknown_invite");
    CHECK(refused(c, "invite.accept", code, 5) == "unknown_invite");
    CHECK(refused(c, "invite.show", code, 6) == "unknown_invite");
}

TEST_CASE("invite: declining closes it and tells its creator on every tab") {
    test_server srv;
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    auto wb = b.hello();
    ws_client a2(srv.port());
    a2.hello(a.token);  // the creator's other tab
    auto code = create_invite(a, {{"game", "oware"}, {"tc", nullptr}, {"color", "random"}});

    CHECK(acked(b, "invite.show", code, 1));
    CHECK(b.expect("invite.shown")["d"]["your_color"] == "random");
    CHECK(acked(b, "invite.decline", code, 2));
    for (auto* tab : {&a, &a2}) {
        auto d = tab->expect("invite.declined")["d"];
        CHECK(d["code"] == code);
        CHECK(d["game"] == "oware");
        CHECK(d["by"]["name"] == wb["user"]["name"]);
    }
    CHECK(yours(a)["invites"].empty());
    CHECK(refused(b, "invite.accept", code, 3) == "unknown_invite");
    CHECK(refused(b, "invite.decline", code, 4) == "unknown_invite");
}

TEST_CASE("invite: unknown codes and the creator's own answers are refused; it stays open") {
    test_server srv;
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    int ack = 0;
    for (const char* type : {"invite.show", "invite.accept", "invite.decline"})
        CHECK(refused(b, type, "nosuchcode", ++ack) == "unknown_invite");
    b.send({{"t", "invite.accept"}, {"d", {{"ack", ++ack}}}});
    CHECK(b.expect("error")["d"]["code"] == "bad_message");

    auto code = create_invite(a, {{"game", "checkers"}, {"tc", tc(300, 0)}});
    for (const char* type : {"invite.show", "invite.accept", "invite.decline"})
        CHECK(refused(a, type, code, ++ack) == "own_seek");
    CHECK(yours(a)["invites"].size() == 1);
    CHECK(acked(b, "invite.show", code, ++ack));
    CHECK(b.expect("invite.shown")["d"]["code"] == code);
}

TEST_CASE("invite: a rated invite shows its creator's rating; a guest may look, not accept") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto ada = register_account(db, "ada", "correct horse battery");
    auto bob = register_account(db, "Bob_1", "another long password");
    test_server srv(with_db(db));
    ws_client a(srv.port()), b(srv.port()), g(srv.port());
    a.hello(ada.token);
    b.hello(bob.token);
    g.hello();
    auto code = create_invite(
        a, {{"game", "checkers"}, {"tc", tc(300, 3)}, {"rated", true}, {"color", "white"}});

    CHECK(acked(g, "invite.show", code, 1));
    auto shown = g.expect("invite.shown")["d"];
    CHECK(shown["by"]["name"] == "ada");
    CHECK(shown["by"]["rating"] == 1500);
    CHECK(shown["rated"] == true);
    CHECK(shown["your_color"] == "black");
    CHECK(refused(g, "invite.accept", code, 2) == "rated_requires_account");

    CHECK(acked(b, "invite.accept", code, 3));
    CHECK(b.expect("game.found")["d"]["seat"] == 0);
}
