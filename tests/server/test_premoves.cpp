// Conditional premoves in correspondence games over real sockets: a line
// "if they play X, I play Y, if then X2, Y2" is played pair by pair as the
// opponent's moves match and dropped when one does not; a line that cannot
// happen is refused with the move that fails; it is stored with the game and
// survives a restart. The lines are built with the rules core itself.
#include <doctest/doctest.h>

#include "correspondence_fixture.hpp"

using namespace kibitz::test;
using kibitz::server::manual_clock;

namespace {

// Four plies from the start, each the first legal move.
std::vector<std::string> first_line() {
    std::vector<std::string> line;
    for (int i = 0; i < 4; ++i) line.push_back(legal_after(line).front());
    return line;
}

json premove(const std::string& room, const json& line, int ack) {
    return {{"t", "premove"}, {"d", {{"room", room}, {"line", line}, {"ack", ack}}}};
}

struct corres_pair {
    ws_client* mover;   // to move first
    ws_client* waiter;  // leaves the line
    table t;
};
corres_pair seated(ws_client& a, ws_client& b) {
    auto t = pair_by_seek(a, b, "checkers", days(3));
    bool a_moves = t.state_a["d"]["board"]["to_move"] == t.seat_a;
    return {a_moves ? &a : &b, a_moves ? &b : &a, t};
}

}  // namespace

TEST_CASE("premoves: each pair is played when the opponent's move matches; a miss drops the rest") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    test_server srv(corres_server(db, clock));
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    auto seats = seated(a, b);
    ws_client* mover = seats.mover;
    ws_client* waiter = seats.waiter;
    const table& t = seats.t;
    auto line = first_line();
    waiter->send(premove(t.room, line, 1));
    REQUIRE(!waiter->expect("ack", [](const json& j) { return j["d"]["ack"] == 1; }).is_null());
    CHECK(waiter->expect("premove.line")["d"]["line"] == line);
    REQUIRE(eventually([&] { return db_text(db, by_room("premove_line"), t.room) != ""; }));

    // The expected move: the reply follows by itself, the next pair waits.
    mover->send(move_msg(t.room, line[0], 1));
    auto reply = mover->expect("move", [&](const json& j) { return j["d"]["ply"] == 2; });
    CHECK(reply["d"]["move"] == line[1]);
    CHECK(waiter->expect("premove.line")["d"]["line"] == json(std::vector{line[2], line[3]}));
    REQUIRE(eventually(
        [&] { return db_text(db, by_room("premove_line"), t.room) == line[2] + "\n" + line[3]; }));

    // Another move than the line's: no reply, the line is dropped (and unstored).
    auto others = legal_after({line[0], line[1]});
    REQUIRE(others.size() > 1);
    std::string other = others[0] == line[2] ? others[1] : others[0];
    mover->send(move_msg(t.room, other, 2));
    REQUIRE(!mover->expect("ack", [](const json& j) { return j["d"]["ack"] == 2; }).is_null());
    CHECK(waiter->expect("premove.line")["d"]["line"].empty());
    REQUIRE(eventually(
        [&] { return db_text(db, by_room("COALESCE(premove_line, 'none')"), t.room) == "none"; }));
    waiter->send({{"t", "room.join"}, {"d", {{"room", t.room}}}});
    auto st = waiter->expect("room.state")["d"];
    CHECK(st["moves"].size() == 3);  // no reply was played for the waiter
    CHECK(!st.contains("premove"));
}

TEST_CASE("premoves: a line that cannot happen is refused with the move that fails") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    test_server srv(corres_server(db, clock));
    ws_client a(srv.port()), b(srv.port());
    a.hello();
    b.hello();
    auto seats = seated(a, b);
    ws_client* mover = seats.mover;
    ws_client* waiter = seats.waiter;
    const table& t = seats.t;
    auto line = first_line();
    auto refused = [&](ws_client& who, const json& bad, int ack) {
        who.send(premove(t.room, bad, ack));
        return who.expect("error", [&](const json& j) { return j["d"]["ack"] == ack; })["d"];
    };
    auto e = refused(*waiter, {line[0], "99-98"}, 1);
    CHECK(e["code"] == "bad_premove");
    CHECK(e["message"].get<std::string>().starts_with("move 2 (99-98) is not legal there"));
    // The opponent's move where the player's reply should be.
    e = refused(*waiter, {line[0], line[1], line[1], line[2]}, 2);
    CHECK(e["code"] == "bad_premove");
    CHECK(e["message"].get<std::string>().starts_with("move 3 (" + line[1] + ")"));
    // On one's own move, a line makes no sense.
    e = refused(*mover, {line[1], line[2]}, 3);
    CHECK(e["code"] == "bad_premove");
    CHECK(e["message"] == "it is your move: a line starts with your opponent's next move");
    // An odd line is not a list of pairs.
    CHECK(refused(*waiter, {line[0]}, 4)["code"] == "bad_message");
    CHECK(db_text(db, by_room("COALESCE(premove_line, 'none')"), t.room) == "none");
    // A live game has none.
    auto live = pair_by_seek(a, b, "checkers", tc(300, 0));
    ws_client& live_waiter = live.state_a["d"]["board"]["to_move"] == live.seat_a ? b : a;
    live_waiter.send(premove(live.room, {line[0], line[1]}, 5));
    CHECK(live_waiter.expect("error", [](const json& j) {
        return j["d"]["ack"] == 5;
    })["d"]["code"] == "not_available");
}

TEST_CASE("premoves: the line survives a restart and is played after it") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    manual_clock clock(noon);
    auto line = first_line();
    std::string room, waiter_token, mover_token;
    {
        test_server srv(corres_server(db, clock));
        ws_client a(srv.port()), b(srv.port());
        a.hello();
        b.hello();
        auto seats = seated(a, b);
        ws_client* mover = seats.mover;
        ws_client* waiter = seats.waiter;
        const table& t = seats.t;
        room = t.room;
        waiter_token = waiter->token;
        mover_token = mover->token;
        waiter->send(premove(room, {line[0], line[1]}, 1));
        REQUIRE(!waiter->expect("ack", [](const json& j) { return j["d"]["ack"] == 1; }).is_null());
        REQUIRE(eventually([&] { return db_text(db, by_room("premove_line"), room) != ""; }));
    }
    test_server srv(corres_server(db, clock));
    ws_client waiter(srv.port()), mover(srv.port());
    waiter.hello(waiter_token);
    mover.hello(mover_token);
    waiter.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    CHECK(waiter.expect("room.state")["d"]["premove"] == json(std::vector{line[0], line[1]}));
    mover.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    CHECK(!mover.expect("room.state")["d"].contains("premove"));  // the owner's alone
    mover.send(move_msg(room, line[0], 1));
    auto reply = mover.expect("move", [](const json& j) { return j["d"]["ply"] == 2; });
    CHECK(reply["d"]["move"] == line[1]);
    REQUIRE(eventually([&] { return db_scalar(db, "SELECT COUNT(*) FROM moves") == 2; }));
}
