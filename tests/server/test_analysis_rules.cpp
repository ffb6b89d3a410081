// Who may have the engine's lines (analysis.start), over real sockets: the
// players of a correspondence game in progress may (as on lichess), the
// players of a live game against a person may not, whatever position they
// send, until it is over; a spectator of that game may, and so may a player
// of a live game against the computer.
#include <doctest/doctest.h>

#include "correspondence_fixture.hpp"

using namespace kibitz::test;

namespace {

json analyse(const std::string& game, const json& moves, int id) {
    return {{"t", "analysis.start"}, {"d", {{"game", game}, {"moves", moves}, {"id", id}}}};
}

// The engine answers `c`'s search `id` with a line from the position asked.
bool engine_answers(ws_client& c, int id) {
    auto info = c.expect(
        "analysis.info", [id](const json& j) { return j["d"]["id"] == id; }, 10000ms);
    return !info.is_null() && !info["d"]["pv"].empty();
}

// The engine answers `c`'s search from `moves` once the server counts its
// player's live game over: the room's "end" goes out a moment before that,
// so a search refused then (in_live_game) is asked again, 300 ms apart (the
// least time between two searches).
bool engine_answers_once_over(ws_client& c, const json& moves, int id) {
    for (int attempt = 0; attempt < 10; ++attempt, id += 100) {
        c.send(analyse("checkers", moves, id));
        if (!c.sees("error", 300ms)) return engine_answers(c, id);
        c.clear();
    }
    return false;
}

std::string refusal(ws_client& c) {
    return c.expect("error", [](const json& j) { return j["d"]["re"] == "analysis.start"; })["d"]
        .value("code", "");
}

}  // namespace

TEST_CASE("analysis: allowed in correspondence games, refused to a live game's players") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto ada = register_account(db, "ada", "correct horse battery");
    auto bob = register_account(db, "bob", "correct horse battery");
    test_server srv([&](kibitz::server::server_config& c) {
        with_db(db)(c);
        c.engine_nice = 0;
    });
    ws_client a(srv.port()), b(srv.port()), watcher(srv.port());
    a.hello(ada.token);
    b.hello(bob.token);
    watcher.hello();

    // A correspondence game with a move played: its position, with the engine.
    auto corres = pair_by_seek(a, b, "checkers", days(3));
    ws_client& mover = corres.state_a["d"]["board"]["to_move"] == corres.seat_a ? a : b;
    const std::string first = first_move(corres.state_a["d"]["board"]);
    mover.send(move_msg(corres.room, first, 1));
    REQUIRE(!mover.expect("ack", [](const json& j) { return j["d"]["ack"] == 1; }).is_null());
    a.send(analyse("checkers", {first}, 1));
    CHECK(engine_answers(a, 1));
    a.send({{"t", "analysis.stop"}});

    // A live game besides: while it runs, neither of its players gets lines,
    // not for its position, not for the correspondence game's, not for the start.
    auto live = pair_by_seek(a, b, "checkers", tc(300, 3));
    a.send(analyse("checkers", json::array(), 2));
    CHECK(refusal(a) == "in_live_game");
    a.send(analyse("checkers", {first}, 3));
    CHECK(refusal(a) == "in_live_game");
    b.send(analyse("oware", json::array(), 4));
    CHECK(refusal(b) == "in_live_game");
    // The rule is the player's, not the connection's: another tab of a's too.
    ws_client a_tab(srv.port());
    a_tab.hello(ada.token);
    a_tab.send(analyse("checkers", {first}, 5));
    CHECK(refusal(a_tab) == "in_live_game");

    // Its spectator does.
    watcher.send({{"t", "room.join"}, {"d", {{"room", live.room}}}});
    REQUIRE(!watcher.expect("room.state").is_null());
    watcher.send(analyse("checkers", json::array(), 5));
    CHECK(engine_answers(watcher, 5));
    watcher.send({{"t", "analysis.stop"}});

    // Over (the end goes out as the server counts the game finished): both
    // have their engine back, the correspondence game still in progress. (a's
    // tab asks: a itself asked less than the 250 ms between two searches ago.)
    a.send(room_msg("abort", live.room));
    auto over = [&](const json& j) { return j["d"]["room"] == live.room; };
    REQUIRE(!a.expect("end", over).is_null());
    REQUIRE(!b.expect("end", over).is_null());
    CHECK(engine_answers_once_over(a_tab, {first}, 6));
    CHECK(engine_answers_once_over(b, {first}, 7));
    a_tab.send({{"t", "analysis.stop"}});
    b.send({{"t", "analysis.stop"}});

    // A live game against the computer takes nothing away: casual, nobody to cheat.
    ws_client solo(srv.port());
    solo.hello();
    solo.send({{"t", "computer.play"},
               {"d", {{"game", "checkers"}, {"level", 1}, {"tc", tc(300, 3)}, {"ack", 1}}}});
    REQUIRE(!solo.expect("game.found").is_null());
    solo.send(analyse("checkers", json::array(), 8));
    CHECK(engine_answers(solo, 8));
    solo.send({{"t", "analysis.stop"}});
}
