// Blocks between accounts over real sockets and HTTP (issue 43,
// docs/safety.md "Blocks"): while ada blocks bob, bob cannot challenge her
// (the page's session or an API token), they are not quick-paired, neither
// sees the other's seeks, and their chat lines do not reach each other;
// unblocking gives each back. Nobody but ada reads whom she blocks.
#include "bot_cast.hpp"
#include "helpers.hpp"

namespace {

using kibitz::test::untimed;

const json any_game = {{"game", "checkers"}, {"tc", nullptr}, {"rated", false}};

reply block(api_server& srv, const std::string& token, const std::string& name, bool on = true) {
    return post_as(srv, std::string("/api/rel/") + (on ? "block/" : "unblock/") + name, token);
}

std::vector<std::string> blocks_of(api_server& srv, const std::string& token) {
    auto r = call(srv.port, http::verb::get, "/api/rel/blocks", std::nullopt, bearer(token));
    REQUIRE(r.status == 200);
    return r.j()["blocks"].get<std::vector<std::string>>();
}

std::string error_code(const reply& r) { return r.j().value("error", ""); }

// The seek ids of a lobby.snapshot.
std::vector<std::string> seek_ids(const json& snapshot) {
    std::vector<std::string> ids;
    for (const auto& s : snapshot["d"]["seeks"]) ids.push_back(s["id"]);
    return ids;
}

}  // namespace

TEST_CASE("block: a blocked account cannot challenge its blocker, nor she it, until unblocked") {
    auto srv = fast_server();  // bot_cast.hpp: no token budget in the way
    auto ada = session_of(srv, "ada");
    auto bob = session_of(srv, "bob");
    auto bob_token = token_of(srv, bob, {"challenge:write"});
    REQUIRE(block(srv, ada, "bob").status == 200);
    CHECK(blocks_of(srv, ada) == std::vector<std::string>{"bob"});
    CHECK(blocks_of(srv, bob).empty());  // bob is not told

    auto by_session = post_as(srv, "/api/challenge/ada", bob, any_game);
    CHECK(by_session.status == 403);
    CHECK(error_code(by_session) == "blocked");
    auto by_token = post_as(srv, "/api/challenge/ada", bob_token, any_game);
    CHECK(by_token.status == 403);
    CHECK(error_code(by_token) == "blocked");
    auto back = post_as(srv, "/api/challenge/bob", ada, any_game);  // the blocker neither
    CHECK(back.status == 403);
    CHECK(error_code(back) == "blocked");

    REQUIRE(block(srv, ada, "bob", false).status == 200);
    CHECK(blocks_of(srv, ada).empty());
    CHECK(post_as(srv, "/api/challenge/ada", bob, any_game).status == 201);
}

TEST_CASE("block: names, caps and who may block are checked") {
    api_server srv;
    auto ada = session_of(srv, "ada");
    session_of(srv, "bob");
    CHECK(block(srv, ada, "nobody").status == 404);
    CHECK(block(srv, ada, "%ff%fe").status == 404);
    CHECK(block(srv, ada, std::string(80, 'x')).status == 404);
    CHECK(error_code(block(srv, ada, "ada")) == "own_block");
    CHECK(block(srv, ada, "BOB").status == 200);  // names compare without case
    CHECK(block(srv, ada, "bob").status == 200);  // again: nothing new
    CHECK(blocks_of(srv, ada) == std::vector<std::string>{"bob"});
    CHECK(block(srv, "", "bob").status == 401);
    ws_client guest(srv.port);
    guest.hello();
    // Guests have no blocks: an unknown session (401) or a guest's (403).
    auto by_guest = block(srv, guest.token, "bob").status;
    CHECK((by_guest == 401 || by_guest == 403));
    // The budget on changes: 60 in 10 minutes, then 429 with the wait.
    int refused = 0;
    for (int i = 0; i < 70 && !refused; ++i)
        if (block(srv, ada, "bob", i % 2 == 0).status == 429) refused = i;
    CHECK(refused >= 55);
    CHECK(refused <= 60);
}

TEST_CASE("block: no quick pairing, no seeks either way; unblocking restores both") {
    api_server srv;
    auto ada_session = session_of(srv, "ada");
    auto bob_session = session_of(srv, "bob");
    ws_client ada(srv.port), bob(srv.port);
    ada.hello(ada_session);
    bob.hello(bob_session);
    REQUIRE(block(srv, ada_session, "bob").status == 200);

    // Seeks: each one's seek is neither announced to nor listed for the other.
    bob.send({{"t", "lobby.sub"}});
    bob.expect("lobby.snapshot");
    ada.send(
        {{"t", "seek.create"},
         {"d", {{"game", "checkers"}, {"tc", untimed()}, {"rated", false}, {"color", "random"}}}});
    std::string seek = ada.expect("seek.created")["d"]["seek"]["id"];
    CHECK_FALSE(bob.sees("seek.add", 300ms));
    bob.send({{"t", "lobby.unsub"}});
    bob.send({{"t", "lobby.sub"}});
    CHECK(seek_ids(bob.expect("lobby.snapshot")).empty());
    bob.send({{"t", "seek.accept"}, {"d", {{"id", seek}, {"ack", 7}}}});
    CHECK(bob.expect("error", [](const json& j) {
        return j["d"].value("ack", -1) == 7;
    })["d"]["code"] == "blocked");
    ws_client carol(srv.port);  // a bystander sees it
    carol.hello();
    carol.send({{"t", "lobby.sub"}});
    CHECK(seek_ids(carol.expect("lobby.snapshot")) == std::vector<std::string>{seek});
    ada.send({{"t", "seek.cancel"}, {"d", {{"id", seek}}}});
    ada.send({{"t", "lobby.sub"}});
    ada.expect("lobby.snapshot");
    bob.send(
        {{"t", "seek.create"},
         {"d", {{"game", "checkers"}, {"tc", untimed()}, {"rated", false}, {"color", "random"}}}});
    bob.expect("seek.created");
    CHECK(carol.expect("seek.add")["d"]["seek"]["by"]["name"] == "bob");
    CHECK_FALSE(ada.sees("seek.add", 300ms));  // the blocker does not see bob's either
    bob.send({{"t", "lobby.unsub"}});
    bob.clear();

    // Quick pairing: both wait in one pool and are not paired.
    const json pool = {{"game", "checkers"}, {"tc", nullptr}, {"rated", false}};
    ada.send({{"t", "quick.join"}, {"d", pool}});
    bob.send({{"t", "quick.join"}, {"d", pool}});
    ada.expect("quick.queued");
    bob.expect("quick.queued");
    CHECK_FALSE(ada.sees("game.found", 2500ms));  // two pairing ticks
    REQUIRE(block(srv, ada_session, "bob", false).status == 200);
    CHECK_FALSE(ada.expect("game.found", {}, 5000ms).is_null());
    CHECK_FALSE(bob.expect("game.found", {}, 5000ms).is_null());
}

TEST_CASE("block: chat lines do not reach the other side, either way; unblocking restores them") {
    api_server srv;
    auto ada_session = session_of(srv, "ada");
    auto bob_session = session_of(srv, "bob");
    ws_client ada(srv.port), bob(srv.port), carol(srv.port);
    ada.hello(ada_session);
    bob.hello(bob_session);
    carol.hello();
    auto t = kibitz::test::pair_by_seek(ada, bob, "checkers", untimed());
    carol.send(kibitz::test::room_msg("room.join", t.room));
    carol.expect("room.state");
    REQUIRE(block(srv, ada_session, "bob").status == 200);
    auto chat = [&](ws_client& c, const std::string& text) {
        c.send({{"t", "chat"}, {"d", {{"room", t.room}, {"text", text}}}});
    };
    chat(bob, "from bob");
    CHECK(bob.expect("chat")["d"]["text"] == "from bob");  // the writer sees their own line
    carol.send({{"t", "chat"}, {"d", {{"room", t.room}, {"text", "hi"}}}});
    carol.expect("chat");
    chat(ada, "from ada");
    CHECK(ada.expect("chat")["d"]["text"] == "from ada");
    CHECK_FALSE(ada.sees("chat", 300ms));
    CHECK_FALSE(bob.sees("chat", 300ms));
    // Back in the room, the history is kept apart too.
    ws_client ada2(srv.port);
    ada2.hello(ada_session);
    ada2.send(kibitz::test::room_msg("room.join", t.room));
    auto state = ada2.expect("room.state");
    for (const auto& line : state["d"]["chat"]) CHECK(line["from"] != "bob");

    REQUIRE(block(srv, ada_session, "bob", false).status == 200);
    chat(bob, "again");
    CHECK(ada.expect("chat")["d"]["text"] == "again");
}
