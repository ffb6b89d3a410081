// A correspondence deadline in a cluster (docs/cluster.md, "Correspondence
// deadlines"): only the node that owns the room watches it; when that node is
// killed with SIGKILL while the deadline is due, the node that takes the room
// over fires it from the stored deadline, and the game ends once: a third
// node started later neither takes it over nor ends it again.
#include "cluster_nodes.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;

namespace {

constexpr std::int64_t day_ms = 24LL * 60 * 60 * 1000;

struct stored_end {
    std::string status, reason;
    std::int64_t winner = -2, ended_ms = -1;
};

stored_end end_of(cluster_env& env, const std::string& room) {
    auto r = env.admin->query(
        "SELECT status, COALESCE(reason, ''), COALESCE(winner, -1), "
        "COALESCE(ended_ms, -1) FROM " +
            env.schema + ".games WHERE public_id = $1",
        room);
    REQUIRE(r.size() == 1);
    return {r.text(0, 0), r.text(0, 1), r.i64(0, 2), r.i64(0, 3)};
}

}  // namespace

TEST_CASE(
    "cluster: a correspondence deadline due when its owner is killed fires once, on the "
    "node taking the room over") {
    cluster_env env("deadline");
    auto n1 = std::make_unique<node_process>("node-1", env.db, env.redis, env.web);
    node_process n2("node-2", env.db, env.redis, env.web);

    // A game of one day per move on node 1; both sides move once.
    auto a = std::make_unique<ws_client>(n1->port);
    auto b = std::make_unique<ws_client>(n1->port);
    a->hello();
    b->hello();
    auto t = pair_by_seek(*a, *b, "checkers", json{{"days", 1}});
    const auto room = t.room;
    auto& first = t.seat_a == 0 ? *a : *b;  // seat 0 moves first in checkers
    auto& second = t.seat_a == 0 ? *b : *a;
    auto ev =
        play_ply(first, room, (t.seat_a == 0 ? t.state_a : t.state_b)["d"]["board"], 1, {&second});
    ev = play_ply(second, room, ev["d"]["board"], 2, {&first});
    const int loser = ev["d"]["board"]["to_move"];
    CHECK(env.owner_row(room).first == "node-1");
    CHECK(end_of(env, room).status == "playing");

    // The stored deadline is made past (the day ran out while node 1 was
    // going down): node 1 keeps its own a day ahead in memory, node 2 does
    // not own the room. Then node 1 dies without a word.
    env.admin->exec("UPDATE " + env.schema + ".games SET deadline_ms = deadline_ms - " +
                    std::to_string(2 * day_ms) + " WHERE public_id = '" + room + "'");
    n1->kill9();
    a.reset();
    b.reset();

    // Node 2 takes the room over (a lease later) and fires the due deadline:
    // the side to move loses on time, written by node 2 under its epoch.
    REQUIRE(eventually([&] { return end_of(env, room).status == "finished"; }, 20000ms, 50ms));
    auto end = end_of(env, room);
    CHECK(end.reason == "flag");
    CHECK(end.winner == 1 - loser);
    CHECK(env.owner_row(room).first == "node-2");
    CHECK(env.stored_moves(room) == 2);

    // A player coming back to node 2 sees it over.
    ws_client back(n2.port);
    back.hello();
    auto st = join_when_owned(back, room, 10000ms);
    REQUIRE(!st.is_null());
    CHECK(st["d"]["status"]["state"] == "over");
    CHECK(st["d"]["status"]["reason"] == "flag");

    // Once: a node started now adds only unfinished games for takeover; this
    // one is not among them, and its end stays as node 2 wrote it.
    node_process n3("node-3", env.db, env.redis, env.web);
    ws_client late(n3.port);
    late.hello();
    auto seen = join_when_owned(late, room, 10000ms);
    REQUIRE(!seen.is_null());
    CHECK(seen["d"]["status"]["reason"] == "flag");
    auto again = end_of(env, room);
    CHECK(again.ended_ms == end.ended_ms);
    CHECK(again.winner == end.winner);
    CHECK(env.owner_row(room).first == "node-2");
}
