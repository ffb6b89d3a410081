// Guests are stored only once they do something worth keeping (issue 14): a
// hello writes nothing (one script's hellos once made 3,245 stored guests a
// second); a seek, a game or a chat line stores the guest, which then resumes
// with its token after a restart like any stored identity.
#include <thread>

#include "raw_ws.hpp"
#include "store_helpers.hpp"

using namespace kibitz::test;

namespace {

const std::string stored_guests =
    "SELECT COUNT(*) FROM players WHERE account_id IS NULL AND name LIKE 'Guest-%'";

// Polls a count on the file until it is `want` (the store commits a moment
// after the server answers), then returns what it is.
std::int64_t wait_count(const std::string& db, const std::string& sql, std::int64_t want) {
    std::int64_t n = 0;
    eventually([&] { return (n = db_scalar(db, sql)) == want; });
    return n;
}

// A bare hello and its welcome, then gone: a visit that does nothing.
json bare_hello(std::uint16_t port) {
    raw_client c(port);
    REQUIRE(c.handshake().rfind("HTTP/1.1 101", 0) == 0);
    c.write(client_frame(ws::opcode::text, R"({"t":"hello","d":{}})"));
    for (;;) {
        auto text = c.read_text();
        if (text.empty()) return nullptr;
        auto j = json::parse(text);
        if (j["t"] == "welcome") return j["d"];
    }
}

}  // namespace

TEST_CASE("guests: hellos store nothing; one who plays is stored and resumes after a restart") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    std::string token_a, token_b, token_idle, room, name_a, id_a;
    {
        test_server srv(with_db(db));
        for (int i = 0; i < 1000; ++i) REQUIRE(!bare_hello(srv.port()).is_null());
        // Looking around (the lobby, the live list, the analysis board) keeps nothing either.
        ws_client a(srv.port()), b(srv.port()), idle(srv.port());
        auto wa = a.hello();
        b.hello();
        idle.hello();
        token_a = a.token, token_b = b.token, token_idle = idle.token;
        name_a = wa["user"]["name"];
        CHECK(name_a.rfind("Guest-", 0) == 0);
        a.send({{"t", "lobby.sub"}, {"d", json::object()}});
        a.expect("lobby.snapshot");
        a.send({{"t", "analysis.start"}, {"d", {{"game", "oware"}, {"id", 1}}}});
        CHECK(db_scalar(db, stored_guests) == 0);
        // Reloading in the same process keeps the name: the token is known in memory.
        {
            ws_client again(srv.port());
            auto w = again.hello(token_a);
            CHECK(w["resumed"] == true);
            CHECK(w["user"]["name"] == name_a);
            CHECK(w["user"]["id"] == wa["user"]["id"]);
        }
        // A seek stores its maker; accepting it stores the other. Each is
        // told its stored id first.
        auto t = pair_by_seek(a, b, "checkers", tc(300, 3));
        room = t.room;
        auto ida = a.expect("identity");
        REQUIRE(!ida.is_null());
        id_a = ida["d"]["user"]["id"];
        CHECK(wa["user"]["id"] != id_a);
        CHECK(ida["d"]["user"]["name"] == name_a);
        CHECK(!b.expect("identity").is_null());
        CHECK(t.state_a["d"]["players"][t.seat_a]["id"] == id_a);
        CHECK(wait_count(db, stored_guests, 2) == 2);
        // A move, acknowledged, so durable.
        json board = t.state_a["d"]["board"];
        ws_client& mover = board["to_move"] == t.seat_a ? a : b;
        mover.send(move_msg(room, first_move(board), 7));
        REQUIRE(!mover.expect("ack", [](const json& j) { return j["d"]["ack"] == 7; }).is_null());
    }
    // The restart: the two who played are back in their seats; the one who
    // only said hello had nothing to keep and is someone new.
    test_server srv(with_db(db));
    ws_client a(srv.port()), idle(srv.port());
    auto wa = a.hello(token_a);
    CHECK(wa["resumed"] == true);
    CHECK(wa["user"]["id"] == id_a);
    CHECK(wa["user"]["name"] == name_a);
    CHECK(wa["rooms"] == json::array({room}));
    a.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    auto st = a.expect("room.state");
    CHECK(st["d"]["you"]["seat"] != nullptr);
    CHECK(st["d"]["moves"].size() == 1);
    idle.send({{"t", "hello"}, {"d", {{"token", token_idle}}}});
    CHECK(idle.expect("error")["d"]["code"] == "stale_token");
    CHECK(idle.expect("welcome")["d"]["resumed"] == false);
    CHECK(db_scalar(db, stored_guests) == 2);
}

TEST_CASE("guests: a spectator who chats is stored; two tabs share the stored identity") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    test_server srv(with_db(db));
    ws_client a(srv.port()), b(srv.port()), watcher(srv.port());
    a.hello();
    b.hello();
    watcher.hello();
    auto t = pair_by_seek(a, b, "oware", untimed());
    CHECK(wait_count(db, stored_guests, 2) == 2);
    watcher.send({{"t", "room.join"}, {"d", {{"room", t.room}}}});
    watcher.expect("room.state");
    CHECK(db_scalar(db, stored_guests) == 2);  // watching keeps nothing
    watcher.send({{"t", "chat"}, {"d", {{"room", t.room}, {"text", "nice"}, {"ack", 3}}}});
    CHECK(!watcher.expect("identity").is_null());
    CHECK(wait_count(db, stored_guests, 3) == 3);
    CHECK(wait_count(db, "SELECT COUNT(*) FROM chat WHERE text = 'nice' AND player_id IS NOT NULL",
                     1) == 1);

    // One guest, two tabs: a game started from the first tab reaches the
    // second, which then acts as the same stored player.
    ws_client tab1(srv.port()), tab2(srv.port()), rival(srv.port());
    tab1.hello();
    tab2.hello(tab1.token);
    rival.hello();
    tab1.send(
        {{"t", "seek.create"}, {"d", {{"game", "oware"}, {"tc", nullptr}, {"rated", false}}}});
    auto id = tab1.expect("identity")["d"]["user"]["id"];
    auto seek = tab1.expect("seek.created")["d"]["seek"]["id"];
    rival.send({{"t", "seek.accept"}, {"d", {{"id", seek}}}});
    auto found = tab2.expect("game.found");
    REQUIRE(!found.is_null());
    tab2.send({{"t", "room.join"}, {"d", {{"room", found["d"]["room"]}}}});
    auto st = tab2.expect("room.state");
    CHECK(st["d"]["you"]["seat"] == found["d"]["seat"]);
    CHECK(tab2.expect("identity")["d"]["user"]["id"] == id);
    CHECK(wait_count(db, stored_guests, 5) == 5);
}
