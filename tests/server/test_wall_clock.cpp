// The server's time of day comes from the one clock the composition root is
// given (server_config::clock): with a manual clock, every time it shows or
// stores is the test's, and moves when the test moves it.
#include <doctest/doctest.h>

#include "correspondence_fixture.hpp"  // noon
#include "store_helpers.hpp"

using namespace kibitz::test;
using kibitz::server::manual_clock;

namespace {

std::int64_t stored(const std::string& db, const std::string& sql, const std::string& room) {
    return db_scalar(db, sql + " WHERE game = (SELECT id FROM games WHERE public_id = ?)", room);
}

}  // namespace

TEST_CASE("clock: the welcome and the pong carry the injected time of day") {
    manual_clock clock(noon);
    test_server srv([&](kibitz::server::server_config& c) { c.clock = clock.clock(); });
    ws_client a(srv.port());
    CHECK(a.hello()["server_time"] == noon);
    clock.advance(90s);
    a.send({{"t", "ping"}, {"d", {{"at", 5}}}});
    auto pong = a.expect("pong");
    CHECK(pong["d"]["server_time"] == noon + 90'000);
    CHECK(pong["d"]["at"] == 5);
}

TEST_CASE("clock: a game, its moves and its chat are stored at the injected time") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    test_server srv([&](kibitz::server::server_config& c) {
        with_db(db)(c);
        c.clock = clock.clock();
    });
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    auto t = pair_by_seek(a, b, "oware", untimed());
    REQUIRE(eventually([&] {
        return db_scalar(db, "SELECT created_ms FROM games WHERE public_id = ?", t.room) == noon;
    }));
    clock.advance(1500ms);
    ws_client& first = t.state_a["d"]["board"]["to_move"] == t.seat_a ? a : b;
    first.send(move_msg(t.room, first_move(t.state_a["d"]["board"]), 1));
    REQUIRE(!first.expect("ack", [](const json& j) { return j["d"]["ack"] == 1; }).is_null());
    CHECK(stored(db, "SELECT at_ms FROM moves", t.room) == noon + 1500);
    clock.advance(2500ms);
    a.send({{"t", "chat"}, {"d", {{"room", t.room}, {"text", "gg"}, {"ack", 2}}}});
    REQUIRE(!a.expect("ack", [](const json& j) { return j["d"]["ack"] == 2; }).is_null());
    CHECK(eventually([&] { return stored(db, "SELECT at_ms FROM chat", t.room) == noon + 4000; }));
}
