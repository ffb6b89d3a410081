// Three nodes of one cluster (docs/cluster.md) as real processes on loopback,
// on the scratch Redis (KIBITZ_REDIS_URL_FILE) and PostgreSQL
// (KIBITZ_PG_URL_FILE, a schema of this test's own): a game whose players are
// on two nodes and whose spectator is on the third; then the node that owns
// the room is killed with SIGKILL, another takes the room over from the
// database, every acknowledged move is there, and play goes on.
#include "cluster_nodes.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;

TEST_CASE("cluster: a game across three nodes survives SIGKILL of the node that owns it") {
    cluster_env env("kill9");
    auto& db = env.db;
    auto& redis = env.redis;
    auto& web = env.web;
    auto stored_moves = [&](const std::string& room) { return env.stored_moves(room); };
    auto owner_row = [&](const std::string& room) { return env.owner_row(room); };

    auto n1 = std::make_unique<node_process>("node-1", db, redis, web);
    node_process n2("node-2", db, redis, web), n3("node-3", db, redis, web);

    // Both players meet on node 1, which hosts the room.
    auto a = std::make_unique<ws_client>(n1->port);
    auto b1 = std::make_unique<ws_client>(n1->port);
    a->hello();
    b1->hello();
    auto token_a = a->token, token_b = b1->token;
    auto t = pair_by_seek(*a, *b1, "checkers", tc(300, 0));
    const auto room = t.room;
    auto& a0 = t.seat_a == 0 ? *a : *b1;  // seat 0 moves first in checkers
    auto& a1 = t.seat_a == 0 ? *b1 : *a;
    auto ev = play_ply(a0, room, (t.seat_a == 0 ? t.state_a : t.state_b)["d"]["board"], 1, {&a1});
    // Acknowledged, so committed, and the game's start before it.
    CHECK(owner_row(room) == std::make_pair(std::string("node-1"), std::int64_t{1}));

    // b moves to node 2: same seat, from another node.
    b1.reset();
    ws_client b(n2.port);
    CHECK(b.hello(token_b)["resumed"] == true);
    b.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    auto sb = b.expect("room.state", {}, 5000ms);
    REQUIRE(!sb.is_null());
    CHECK(sb["d"]["you"]["seat"] == 1 - t.seat_a);
    CHECK(sb["d"]["moves"].size() == 1);
    // A spectator on node 3.
    ws_client s(n3.port);
    s.hello();
    s.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    auto ss = s.expect("room.state", {}, 5000ms);
    REQUIRE(!ss.is_null());
    CHECK(ss["d"]["moves"].size() == 1);

    // Moves from both nodes, seen on all three.
    auto board = ev["d"]["board"];
    auto& mover2 = t.seat_a == 1 ? *a : b;
    auto& other2 = t.seat_a == 1 ? b : *a;
    ev = play_ply(mover2, room, board, 2, {&other2, &s});
    ev = play_ply(other2, room, ev["d"]["board"], 3, {&mover2, &s});
    // A chat line, stored before ply 4 is (one writer, in order).
    mover2.send({{"t", "chat"}, {"d", {{"room", room}, {"text", "gl hf"}}}});
    REQUIRE(!other2.expect("chat", {}, 5000ms).is_null());
    ev = play_ply(mover2, room, ev["d"]["board"], 4, {&other2, &s});
    auto acked = ev["d"]["board"];
    CHECK(stored_moves(room) == 4);

    // SIGKILL of the owner: a's connection to it dies with it.
    auto killed_at = std::chrono::steady_clock::now();
    n1->kill9();
    CHECK(a->wait_closed(5000ms));
    a.reset();
    b.clear();
    s.clear();

    // a comes back on node 3 and gets its seat once a node has the room.
    ws_client a3(n3.port);
    CHECK(a3.hello(token_a)["resumed"] == true);
    auto sa = join_when_owned(a3, room, 15000ms);
    REQUIRE_MESSAGE(!sa.is_null(), "no node took the room over");
    MESSAGE("room back after " << std::chrono::duration_cast<std::chrono::milliseconds>(
                                      std::chrono::steady_clock::now() - killed_at).count() << " ms");
    CHECK(sa["d"]["you"]["seat"] == t.seat_a);
    CHECK(sa["d"]["moves"].size() == 4);  // every acknowledged move
    CHECK(sa["d"]["status"]["state"] == "playing");
    REQUIRE(sa["d"]["chat"].size() == 1);  // the chat comes over with the room
    CHECK(sa["d"]["chat"][0]["text"] == "gl hf");
    auto owner = owner_row(room);
    CHECK(owner.first != "node-1");
    CHECK(owner.second == 2);
    // b (node 2) and the spectator (node 3) follow the room by themselves.
    auto sb2 = b.expect("room.state", {}, 10000ms);
    REQUIRE(!sb2.is_null());
    CHECK(sb2["d"]["you"]["seat"] == 1 - t.seat_a);
    CHECK(sb2["d"]["moves"].size() == 4);
    CHECK(!s.expect("room.state", {}, 10000ms).is_null());

    // Play resumes: ply 5 (seat 0's), acknowledged, seen by all, stored.
    auto& next = t.seat_a == 0 ? a3 : b;
    auto& waits = t.seat_a == 0 ? b : a3;
    play_ply(next, room, sa["d"]["board"], 5, {&waits, &s});
    CHECK(stored_moves(room) == 5);
}

TEST_CASE("cluster: a rolling restart (SIGTERM one node at a time) hands the room over, no move lost") {
    cluster_env env("rolling");
    std::map<std::string, std::unique_ptr<node_process>> nodes;
    for (auto name : {"node-1", "node-2", "node-3"})
        nodes[name] = std::make_unique<node_process>(name, env.db, env.redis, env.web);

    // The players meet on node 1; b then plays from node 2.
    struct seat_client {
        std::unique_ptr<ws_client> c;
        std::string node, token;
    } a, b;
    a.c = std::make_unique<ws_client>(nodes["node-1"]->port);
    b.c = std::make_unique<ws_client>(nodes["node-1"]->port);
    a.c->hello();
    b.c->hello();
    a.token = a.c->token, b.token = b.c->token;
    a.node = "node-1";
    auto t = pair_by_seek(*a.c, *b.c, "checkers", tc(300, 0));
    const auto room = t.room;
    auto board = (t.seat_a == 0 ? t.state_a : t.state_b)["d"]["board"];
    auto ev = play_ply(t.seat_a == 0 ? *a.c : *b.c, room, board, 1, {t.seat_a == 0 ? b.c.get() : a.c.get()});
    board = ev["d"]["board"];
    b.c = std::make_unique<ws_client>(nodes["node-2"]->port);
    b.node = "node-2";
    b.c->hello(b.token);
    b.c->send({{"t", "room.join"}, {"d", {{"room", room}}}});
    REQUIRE(!b.c->expect("room.state", {}, 5000ms).is_null());

    int ply = 1;
    int restarted = 0;
    // Twice: stop the node that owns the room with SIGTERM, start it again
    // under a new name (a new process is a new owner), play on.
    for (int round = 0; round < 2; ++round) {
        auto owner = env.owner_row(room).first;
        INFO("round " << round << ", owner " << owner);
        CHECK(nodes[owner]->terminate() == 0);
        // The lease was given back as the node stopped: without that it
        // would still name the stopped node for about a lease.
        CHECK(env.lease_holder(room) != owner);
        nodes.erase(owner);
        auto fresh = "node-r" + std::to_string(++restarted);
        nodes[fresh] = std::make_unique<node_process>(fresh, env.db, env.redis, env.web);
        // Connections on the stopped node come back on the fresh one.
        for (auto* p : {&a, &b}) {
            if (p->node != owner) continue;
            CHECK(p->c->wait_closed(5000ms));
            p->c = std::make_unique<ws_client>(nodes[fresh]->port);
            p->node = fresh;
            CHECK(p->c->hello(p->token)["resumed"] == true);
        }
        // Each gets the room back, with every move.
        json state;
        for (auto* p : {&a, &b}) {
            auto st = join_when_owned(*p->c, room, 15000ms);
            REQUIRE_MESSAGE(!st.is_null(), "no node took the room over");
            CHECK(st["d"]["moves"].size() == static_cast<std::size_t>(ply));
            if (st["d"]["you"]["seat"] == st["d"]["board"]["to_move"]) state = st;
        }
        CHECK(env.owner_row(room).first != owner);
        REQUIRE(!state.is_null());
        board = state["d"]["board"];
        ++ply;
        int to_move = board["to_move"];
        auto& mover = to_move == t.seat_a ? *a.c : *b.c;
        auto& other = to_move == t.seat_a ? *b.c : *a.c;
        play_ply(mover, room, board, ply, {&other});
        CHECK(env.stored_moves(room) == ply);
    }
}

TEST_CASE("cluster: a player whose node dies is away in the room on another node") {
    cluster_env env("gone");
    node_process n1("node-1", env.db, env.redis, env.web);
    auto n2 = std::make_unique<node_process>("node-2", env.db, env.redis, env.web);
    ws_client a(n1.port);
    auto b1 = std::make_unique<ws_client>(n1.port);
    a.hello();
    b1->hello();
    auto token_b = b1->token;
    auto t = pair_by_seek(a, *b1, "checkers", tc(300, 0));
    b1.reset();
    ws_client b(n2->port);
    b.hello(token_b);
    b.send({{"t", "room.join"}, {"d", {{"room", t.room}}}});
    REQUIRE(!b.expect("room.state", {}, 5000ms).is_null());
    const int seat_b = 1 - t.seat_a;
    // b's seat is present again through node 2.
    CHECK(!a.expect("presence", [&](const json& j) {
                 return j["d"]["seat"] == seat_b && j["d"]["state"] == "back";
             }, 5000ms).is_null());
    a.clear();
    // Node 2 dies without a word: once its liveness key runs out (a lease),
    // the room on node 1 lets b's connection there go.
    n2->kill9();
    CHECK(!a.expect("presence", [&](const json& j) {
                 return j["d"]["seat"] == seat_b && j["d"]["state"] == "disconnected";
             }, 10000ms).is_null());
}

TEST_CASE("cluster: Redis restarted mid-game: the owner plays on, and the nodes catch up") {
    cluster_env env("redis_restart");
    node_process n1("node-1", env.db, env.redis, env.web), n2("node-2", env.db, env.redis, env.web);
    auto x = std::make_unique<ws_client>(n1.port);
    auto y = std::make_unique<ws_client>(n1.port);
    x->hello();
    y->hello();
    auto t = pair_by_seek(*x, *y, "checkers", tc(300, 0));
    // seat0 plays ply 1 on node 1, then goes to node 2; seat1 stays on node 1.
    auto& seat0 = t.seat_a == 0 ? x : y;
    auto& seat1 = t.seat_a == 0 ? y : x;
    auto ev = play_ply(*seat0, t.room, (t.seat_a == 0 ? t.state_a : t.state_b)["d"]["board"], 1, {seat1.get()});
    auto token0 = seat0->token;
    seat0 = std::make_unique<ws_client>(n2.port);
    seat0->hello(token0);
    REQUIRE(!join_when_owned(*seat0, t.room, 5000ms).is_null());

    // Redis goes down: the room's own node still takes seat 1's move (the
    // database alone acknowledges it); node 2 hears nothing of it.
    {
        auto at = env.redis.rfind(':');
        redisContext* c = redisConnect("127.0.0.1", std::stoi(env.redis.substr(at + 1)));
        REQUIRE((c && !c->err));
        if (auto* r = redisCommand(c, "SHUTDOWN NOSAVE")) freeReplyObject(static_cast<redisReply*>(r));
        redisFree(c);
    }
    // Down once it refuses connections.
    REQUIRE(eventually([&] {
        redisContext* c =
            redisConnect("127.0.0.1", std::stoi(env.redis.substr(env.redis.rfind(':') + 1)));
        const bool down = !c || c->err;
        if (c) redisFree(c);
        return down;
    }));
    auto mv = first_move(ev["d"]["board"]);
    seat1->send(move_msg(t.room, mv, 102));
    CHECK(!seat1->expect("ack", [](const json& j) { return j["d"]["ack"] == 102; }, 5000ms).is_null());
    CHECK(env.stored_moves(t.room) == 2);

    // Redis is back, empty: node 1 takes its lease again, and node 2's player
    // is brought up to date without asking: node 2 joins the room again for it.
    auto script = std::string(KIBITZ_SOURCE_DIR) + "/tests/support/redis_scratch.sh";
    auto state = std::filesystem::path(std::getenv("KIBITZ_REDIS_URL_FILE")).parent_path().string();
    REQUIRE(std::system(("sh '" + script + "' restart '" + state + "' >/dev/null").c_str()) == 0);
    auto st = seat0->expect(
        "room.state", [](const json& j) { return j["d"]["moves"].size() == 2; }, 15000ms);
    REQUIRE_MESSAGE(!st.is_null(), "node 2's player was not brought up to date");
    CHECK(env.lease_holder(t.room) == "node-1");
    play_ply(*seat0, t.room, st["d"]["board"], 3, {seat1.get()});
    CHECK(env.stored_moves(t.room) == 3);
}
