// Small holes of issue 14: a close frame whose reason is not UTF-8, /metrics
// for anyone, a rematch past the cap on unfinished games, a room that starts
// before it can be found.
#include <doctest/doctest.h>

#include <atomic>
#include <memory>

#include "app.hpp"
#include "helpers.hpp"
#include "play/game_recorder.hpp"
#include "play/hub.hpp"
#include "raw_ws.hpp"

using namespace kibitz::test;
using kibitz::server::server_config;

TEST_CASE("a close frame whose reason is not UTF-8 is answered with 1007") {
    test_server srv;
    auto answer_to = [&](const std::string& payload) {
        raw_client c(srv.port());
        REQUIRE(c.handshake().rfind("HTTP/1.1 101", 0) == 0);
        c.write(client_frame(ws::opcode::close, payload));
        auto f = c.read_frame();
        CHECK(f.op == static_cast<int>(ws::opcode::close));
        CHECK(c.at_eof());
        return f.close_code();
    };
    CHECK(answer_to(bytes({0x03, 0xE8}) + "\xC3\x28") == 1007);
    CHECK(answer_to(bytes({0x03, 0xE8}) + "fine, bye \xC3\xA9") == 1000);
}

namespace {
// The status line's code of GET /metrics with these extra header lines.
int metrics_status(std::uint16_t port, const std::string& headers = {}) {
    raw_client c(port);
    c.write("GET /metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n" + headers + "\r\n");
    auto head = c.read_head();
    return head.size() > 12 ? std::stoi(head.substr(9, 3)) : 0;
}
}  // namespace

TEST_CASE("/metrics can be limited to addresses or a bearer token") {
    const std::string token = "metrics-secret-0123456789";
    {
        test_server srv;  // by default: anyone
        CHECK(metrics_status(srv.port()) == 200);
    }
    {
        test_server srv([&](server_config& c) {
            c.metrics_from = {"10.1.2.3"};
            c.metrics_token = token;
        });
        CHECK(metrics_status(srv.port()) == 403);
        CHECK(metrics_status(srv.port(), "Authorization: Bearer wrong-" + token + "\r\n") == 403);
        CHECK(metrics_status(srv.port(), "Authorization: Bearer " + token + "\r\n") == 200);
        CHECK(http_get(srv.port(), "/healthz").status == 200);  // the rest stays open
    }
    {
        test_server srv([&](server_config& c) { c.metrics_from = {"::1", "127.0.0.1"}; });
        CHECK(metrics_status(srv.port()) == 200);
    }
}

TEST_CASE("a rematch does not get around the cap on unfinished games") {
    test_server srv([](server_config& c) { c.play.max_games = 1; });
    ws_client a(srv.port()), b(srv.port()), c(srv.port());
    a.hello();
    b.hello();
    c.hello();
    auto first = pair_by_seek(a, b, "oware", untimed());
    a.send(room_msg("abort", first.room));
    CHECK(!b.expect("end").is_null());
    // a is at the cap again with another game ...
    pair_by_seek(a, c, "oware", untimed());
    a.send({{"t", "seek.create"}, {"d", {{"game", "oware"}, {"tc", nullptr}}}});
    CHECK(a.expect("error")["d"]["code"] == "too_many_games");
    // ... so the first game's rematch cannot start either: not by a's offer,
    b.clear();
    a.send({{"t", "rematch.offer"}, {"d", {{"room", first.room}}}});
    CHECK(a.expect("error")["d"]["code"] == "too_many_games");
    // nor by a's accepting b's.
    b.send({{"t", "rematch.offer"}, {"d", {{"room", first.room}}}});
    CHECK(a.expect("offer")["d"]["kind"] == "rematch");
    a.send({{"t", "rematch.accept"}, {"d", {{"room", first.room}}}});
    CHECK(a.expect("error")["d"]["code"] == "too_many_games");
    CHECK_FALSE(b.sees("game.found", 300ms));
}

namespace {
// Checks, as each room starts, that it can already be found by its id: a move
// sent the moment game.found arrives must not get unknown_room.
struct findable_at_start : kibitz::server::game_recorder {
    std::weak_ptr<kibitz::server::hub> hub;
    std::atomic<int> started{0}, missing{0};
    void on_start(const kibitz::server::game_started& g) override {
        ++started;
        auto h = hub.lock();
        if (!h || !h->rooms().find(g.room)) ++missing;
    }
};
}  // namespace

TEST_CASE("a room is registered before it starts: a move right after game.found is taken") {
    auto rec = std::make_shared<findable_at_start>();
    test_server srv({}, rec);
    rec->hub = srv.app().context().play;
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    for (int i = 0; i < 30; ++i) {
        auto t = pair_by_seek(a, b, "oware", untimed());
        const auto& board = t.state_a["d"]["board"];
        bool a_moves = board["to_move"] == t.seat_a;
        ws_client& mover = a_moves ? a : b;
        ws_client& other = a_moves ? b : a;
        mover.send(move_msg(t.room, board["moves"][0]["text"], i + 1));
        CHECK(mover.expect("ack", [&](const json& j) { return j["d"]["ack"] == i + 1; })["d"]["room"] ==
              t.room);
        other.send(room_msg("abort", t.room));  // still in the abort window
        a.expect("end");
        b.expect("end");
    }
    CHECK(rec->started == 30);
    CHECK(rec->missing == 0);
}
