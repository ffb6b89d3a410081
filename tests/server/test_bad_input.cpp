// Bad input of every kind: each gets a clear error or a close with a meaningful
// code, the game state does not change, and the server keeps serving others.
#include <filesystem>
#include <fstream>
#include <thread>

#include "helpers.hpp"

using namespace kibitz::test;

namespace {

std::string error_code(ws_client& c) {
    auto e = c.expect("error");
    return e.is_null() ? "<none>" : e["d"]["code"].get<std::string>();
}

}  // namespace

TEST_CASE("bad input over the WebSocket leaves the game as it was") {
    test_server srv([](auto& c) { c.rate_burst = 1000; c.rate_per_s = 1000; });
    ws_client a(srv.port()), b(srv.port()), spy(srv.port());
    a.hello();
    b.hello();
    auto t = pair_by_seek(a, b, "checkers", untimed(), "black");  // a is black, moves first
    spy.hello();
    spy.send({{"t", "room.join"}, {"d", {{"room", t.room}}}});
    auto before = spy.expect("room.state");

    a.send_raw("this is not json");
    CHECK(error_code(a) == "bad_message");
    a.send_raw("[1,2,3]");
    CHECK(error_code(a) == "bad_message");
    a.send({{"t", "teleport"}, {"d", {}}});
    CHECK(error_code(a) == "unknown_type");
    a.send({{"t", "move"}, {"d", {{"room", t.room}, {"move", 1115}, {"ack", 1}}}});
    CHECK(error_code(a) == "bad_message");
    a.send(move_msg(t.room, "11-20", 2));
    auto ill = a.expect("error");
    CHECK(ill["d"]["code"] == "illegal");
    CHECK(ill["d"]["ack"] == 2);
    b.send(move_msg(t.room, "22-18", 3));
    CHECK(error_code(b) == "not_your_turn");
    spy.send(move_msg(t.room, "11-15", 4));
    CHECK(error_code(spy) == "not_a_player");
    spy.send(room_msg("resign", t.room));
    CHECK(error_code(spy) == "not_a_player");
    a.send(move_msg("rNOPE", "11-15", 5));
    CHECK(error_code(a) == "unknown_room");
    a.send({{"t", "seek.accept"}, {"d", {{"id", "sNOPE"}}}});
    CHECK(error_code(a) == "unknown_seek");
    a.send({{"t", "seek.create"}, {"d", {{"game", "chess"}, {"tc", nullptr}}}});
    CHECK(error_code(a) == "unknown_game");
    a.send({{"t", "seek.create"}, {"d", {{"game", "oware"}, {"tc", tc(60, 0)}, {"rated", true}}}});
    CHECK(error_code(a) == "rated_requires_account");

    // Nothing changed: a spectator resync shows the same position and version.
    spy.send({{"t", "room.join"}, {"d", {{"room", t.room}}}});
    auto after = spy.expect("room.state");
    CHECK(after["v"] == before["v"]);
    CHECK(after["d"]["moves"].empty());
    CHECK(after["d"]["board"] == before["d"]["board"]);
    // And the game goes on.
    a.send(move_msg(t.room, "11-15", 6));
    CHECK(a.expect("ack")["d"]["ack"] == 6);
}

TEST_CASE("a single node keeps no record of rooms it did not find") {
    // A client joining made-up ids must not grow what its connection keeps:
    // a room it tried to join and that was nowhere is not one it can leave.
    test_server srv;
    ws_client a(srv.port());
    a.hello();
    for (int i = 0; i < 3; ++i) {
        auto id = "rNOPE" + std::to_string(i);
        a.send({{"t", "room.join"}, {"d", {{"room", id}, {"ack", i}}}});
        CHECK(error_code(a) == "unknown_room");
        a.send({{"t", "room.leave"}, {"d", {{"room", id}, {"ack", 10 + i}}}});
        CHECK(error_code(a) == "unknown_room");
    }
}

TEST_CASE("hello first, stale tokens, caps") {
    test_server srv;
    ws_client a(srv.port());
    a.send({{"t", "lobby.sub"}});
    CHECK(error_code(a) == "hello_required");
    a.send({{"t", "hello"}, {"d", {{"token", "0123456789abcdef0123456789abcdef"}}}});
    CHECK(error_code(a) == "stale_token");
    auto w = a.expect("welcome");
    CHECK(w["d"]["resumed"] == false);
    CHECK(w["d"]["token"] != "0123456789abcdef0123456789abcdef");
    for (int i = 0; i < 3; ++i) {
        a.send({{"t", "seek.create"}, {"d", {{"game", "oware"}, {"tc", nullptr}}}});
        a.expect("seek.created");
    }
    a.send({{"t", "seek.create"}, {"d", {{"game", "oware"}, {"tc", nullptr}}}});
    CHECK(error_code(a) == "too_many_seeks");
}

TEST_CASE("an oversize frame closes that connection with 1009; others are served") {
    test_server srv;
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    a.send_raw(std::string(8000, ' ') + "{}");
    CHECK(a.wait_closed());
    CHECK(a.close_code() == 1009);
    b.send({{"t", "ping"}});
    CHECK(b.expect("pong").is_object());
}

TEST_CASE("ping: the pong echoes the client's time stamp at once, before hello too") {
    test_server srv;
    ws_client a(srv.port());
    a.send({{"t", "ping"}, {"d", {{"at", 1718000000123}}}});
    auto p = a.expect("pong");
    CHECK(p["d"]["at"] == 1718000000123);
    CHECK(p["d"]["server_time"].get<std::int64_t>() > 1718000000000);
    a.hello();
    a.send({{"t", "ping"}, {"d", {{"at", 5}}}});
    CHECK(a.expect("pong")["d"]["at"] == 5);
    a.send({{"t", "ping"}});
    CHECK_FALSE(a.expect("pong")["d"].contains("at"));
    a.send({{"t", "ping"}, {"d", {{"at", "soon"}}}});
    CHECK(a.expect("error")["d"]["code"] == "bad_message");
}

TEST_CASE("a flood is rate limited, then closed with 1008") {
    test_server srv([](auto& c) { c.rate_burst = 5; c.rate_per_s = 1; });
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    for (int i = 0; i < 80; ++i) a.send({{"t", "ping"}});
    CHECK(a.expect("error")["d"]["code"] == "rate_limited");
    CHECK(a.wait_closed());
    CHECK(a.close_code() == 1008);
    b.send({{"t", "ping"}});
    CHECK(b.expect("pong").is_object());
}

TEST_CASE("a request refused for an empty budget is named, so the client can ask again") {
    // The browser's room_sync retries a room.join refused as rate_limited;
    // that needs the refusal to carry its ack (it hung until a 15 s timeout,
    // leaving the game page at "Loading the game").
    test_server srv([](auto& c) { c.rate_burst = 3; c.rate_per_s = 0.1; });
    ws_client a(srv.port());
    a.hello();  // 1 token
    a.send({{"t", "ping"}});
    a.send({{"t", "ping"}});
    CHECK(!a.expect("pong").is_null());
    CHECK(!a.expect("pong").is_null());
    a.send({{"t", "room.join"}, {"d", {{"room", "rNoSuchRoom"}, {"ack", 7}}}});
    auto refused = a.expect("error");
    CHECK(refused["d"]["code"] == "rate_limited");
    CHECK(refused["d"]["ack"] == 7);
    CHECK(refused["d"]["re"] == "room.join");
}

TEST_CASE("HTTP: static files, hostile paths, health and metrics") {
    test_server srv;
    auto index = http_get(srv.port(), "/");
    CHECK(index.status == 200);
    CHECK(index.content_type.find("text/html") == 0);
    auto js = http_get(srv.port(), "/js/app.js");
    CHECK(js.status == 200);
    CHECK(js.content_type.find("text/javascript") == 0);
    for (std::string bad : {"/../secret.txt", "/js/../../secret.txt", "/%2e%2e/secret.txt",
                            "/%2E%2E%2fsecret.txt", "/..%2fsecret.txt", "//etc/passwd",
                            "/%00index.html", "/js\\..\\..\\secret.txt", "/%zz", "secret.txt",
                            "http://x/../secret.txt"}) {
        CAPTURE(bad);
        auto r = http_get(srv.port(), bad);
        CHECK((r.status == 400 || r.status == 404));
        CHECK(r.body.find("SECRET") == std::string::npos);
    }
    CHECK(http_get(srv.port(), "/missing.js").status == 404);
    CHECK(http_get(srv.port(), "/healthz").body == "ok\n");
    ws_client a(srv.port());
    a.hello();
    auto m = http_get(srv.port(), "/metrics");
    CHECK(m.status == 200);
    CHECK(m.body.find("kibitz_connections 1") != std::string::npos);
    CHECK(m.body.find("kibitz_rooms{game=\"ouril\"} 0") != std::string::npos);
    CHECK(m.body.find("kibitz_message_seconds_bucket{le=\"+Inf\"}") != std::string::npos);
    CHECK(m.body.find("kibitz_moves_total") != std::string::npos);
}

TEST_CASE("HTTP: the service worker and the manifest are served so that updates reach users") {
    test_server srv;
    std::ofstream(std::filesystem::path(srv.web_root()) / "sw.js")
        << "self.addEventListener('fetch', () => {});";
    std::ofstream(std::filesystem::path(srv.web_root()) / "manifest.webmanifest") << "{}";
    // From the root, so its scope is the whole site; as JavaScript, or the browser refuses it.
    auto sw = http_get(srv.port(), "/sw.js");
    CHECK(sw.status == 200);
    CHECK(sw.content_type.find("text/javascript") == 0);
    CHECK(sw.cache_control == "no-cache");  // an update is seen at the next visit
    auto manifest = http_get(srv.port(), "/manifest.webmanifest");
    CHECK(manifest.status == 200);
    CHECK(manifest.content_type == "application/manifest+json");
    CHECK(manifest.cache_control == "no-cache");
    CHECK(http_get(srv.port(), "/").cache_control == "no-cache");
}

TEST_CASE("graceful shutdown tells clients (1001)") {
    test_server srv;
    ws_client a(srv.port());
    a.hello();
    srv.stop();
    CHECK(a.wait_closed());
    CHECK(a.close_code() == 1001);
}
