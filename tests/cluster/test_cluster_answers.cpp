// Every command carrying an ack gets an `ack` or an `error` in a cluster too
// (schema/protocol.md, docs/cluster.md "Answers"; issue 29, F2 and F4): a
// command from a connection that never joined the room, sent through a node
// that does not own it; a move and a join sent to an owner that has just
// died, answered at once with the retryable `room_moving`.
#include <set>

#include "cluster_game.hpp"
#include "eventually.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;

TEST_CASE(
    "cluster answers: a command from a connection outside the room, through another node, is "
    "answered") {
    game_on_two_nodes g("nojoin");
    auto seat1 = g.seat_on(*g.owner, 1);
    // Seat 0's player in a second tab, on the node that does not own the
    // room, without room.join.
    ws_client tab(g.other->port);
    CHECK(tab.hello(g.token[0])["resumed"] == true);
    tab.send(move_msg(g.room, "99-99", 201));
    auto refused = answer(tab, "error", 201, 3000ms);
    REQUIRE_MESSAGE(!refused.is_null(), "an illegal move got no error");
    CHECK(refused["d"]["code"] == "illegal");
    auto mv = first_move(g.board);
    tab.send(move_msg(g.room, mv, 202));
    CHECK_MESSAGE(!answer(tab, "ack", 202, 3000ms).is_null(), "a played move got no ack");
    auto seen = seat1->expect("move", {}, 3000ms);
    REQUIRE(!seen.is_null());
    CHECK(seen["d"]["move"] == mv);
}

TEST_CASE(
    "cluster answers: moves and joins sent to a dead owner are answered at once, until one is "
    "played") {
    game_on_two_nodes g("deadowner");
    auto p = g.seat_on(*g.other, 0);
    const auto mv = first_move(g.board);
    // The game committed as in play first: a takeover restores what the store
    // holds, and on a loaded machine a node killed just after a game's start
    // may not have stored it yet (no node would ever take the room).
    REQUIRE(
        eventually([&] { return http_get(g.other->port, "/api/games/" + g.room).status == 200; },
                   5000ms, 25ms));
    // The lease was renewed at most a third of a lease ago: no node takes the
    // room for a second at least, the window in which nothing answered.
    g.owner->kill9();
    const auto killed = std::chrono::steady_clock::now();
    auto since_kill = [&] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - killed)
            .count();
    };
    p->send(move_msg(g.room, mv, 301));
    p->send({{"t", "room.join"}, {"d", {{"room", g.room}, {"ack", 302}}}});
    auto moving = answer(*p, "error", 301, 1000ms);
    REQUIRE_MESSAGE(!moving.is_null(), "a move to a dead owner got no answer");
    CHECK(moving["d"]["code"] == "room_moving");
    auto join = answer(*p, "error", 302, 1000ms);
    REQUIRE_MESSAGE(!join.is_null(), "a join of a room whose owner died got no answer");
    CHECK(join["d"]["code"] == "room_moving");

    // Then as a client does: the move again every 100 ms, and a join after
    // each refusal, until the surviving node has taken the room over and a
    // move is played. Every one of them is answered.
    std::set<std::int64_t> moves, joins;
    std::int64_t next = 310, first_ack_ms = -1;
    int sent = 0, refused = 0;
    // Takes the answers that came; true once `done`.
    auto take_answers = [&](auto done) {
        for (const char* type : {"ack", "error"})
            while (p->sees(type, 0ms)) {
                auto a = p->expect(type);
                auto id = a["d"].value("ack", std::int64_t{-1});
                if (joins.erase(id)) continue;  // a join refused (a join that works: room.state)
                if (!moves.erase(id)) continue;
                if (std::string(type) == "ack") {
                    if (first_ack_ms < 0) first_ack_ms = since_kill();
                } else if (first_ack_ms < 0) {
                    ++refused;
                    p->send({{"t", "room.join"}, {"d", {{"room", g.room}, {"ack", next}}}});
                    joins.insert(next++);
                }
            }
        return done();
    };
    auto acked = [&] { return first_ack_ms >= 0; };
    while (!acked() && since_kill() < 15000) {
        p->send(move_msg(g.room, mv, static_cast<int>(next)));
        moves.insert(next++);
        ++sent;
        // Until a move is played; 100 ms is the client's pace of sending again.
        kibitz::test::eventually([&] { return take_answers(acked); }, 100ms);
    }
    // The answers still on their way.
    kibitz::test::eventually([&] { return take_answers([&] { return moves.empty(); }); }, 1000ms);
    MESSAGE("failover: kill -9 to the first ack " << first_ack_ms << " ms; moves sent " << sent
                                                  << ", refused " << refused << ", unanswered "
                                                  << moves.size());
    CHECK(first_ack_ms > 0);
    CHECK(moves.empty());
}
