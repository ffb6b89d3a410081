// The games of every node, known to every node (docs/cluster.md, "Games on
// every node"): a game hosted by a node that does not lead the lobby (a game
// against the computer starts on its player's node) is in the live list a
// watcher on a third node sees, counts towards its player's cap on
// unfinished games, and is in welcome's rooms and lobby.yours on any node.
#include <cstdlib>

#include "cluster_nodes.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;

namespace {

// An environment variable for the nodes started while it lives (they read
// it at start; posix_spawn passes environ on).
struct scoped_env {
    std::string name;
    scoped_env(const std::string& n, const std::string& v) : name(n) {
        ::setenv(n.c_str(), v.c_str(), 1);
    }
    ~scoped_env() { ::unsetenv(name.c_str()); }
};

// Three nodes, and which of them leads the lobby and which do not.
struct cluster_of_three {
    cluster_env env;
    node_process n1, n2, n3;
    node_process *leader = nullptr, *x = nullptr, *y = nullptr;  // x, y: not leading
    explicit cluster_of_three(const std::string& name)
        : env(name),
          n1("games-1-" + name, env.db, env.redis, env.web),
          n2("games-2-" + name, env.db, env.redis, env.web),
          n3("games-3-" + name, env.db, env.redis, env.web) {
        // Each node has subscribed (a lobby frame came back to it through
        // its channel) and knows the leader, which holds the lease now.
        for (auto* n : {&n1, &n2, &n3}) {
            ws_client probe(n->port);
            probe.hello();
            lobby_snapshot(probe);
        }
        const std::string name_of_leader = env.lobby_leader();
        for (auto* n : {&n1, &n2, &n3}) {
            if (n->name == name_of_leader) leader = n;
            else (x ? y : x) = n;
        }
        REQUIRE_MESSAGE(leader, "the lobby's leader is " << name_of_leader);
    }
};

struct table {
    std::string room;
    int seat = -1;
    json board;  // at the start
};

// A casual checkers game against the computer (on `c`'s own node).
table computer_game(ws_client& c, int ack) {
    c.send({{"t", "computer.play"},
            {"d",
             {{"game", "checkers"},
              {"level", 1},
              {"tc", tc(600, 0)},
              {"color", "random"},
              {"ack", ack}}}});
    auto found = c.expect("game.found", {}, 5000ms);
    REQUIRE(!found.is_null());
    auto state = c.expect("room.state", {}, 5000ms);
    REQUIRE(!state.is_null());
    return {found["d"]["room"], found["d"]["seat"], state["d"]["board"]};
}

}  // namespace

TEST_CASE("cluster games: a game on a node that does not lead is in the live list on a third") {
    cluster_of_three c("live");
    ws_client a(c.x->port), watcher(c.y->port);
    a.hello();
    watcher.hello();
    lobby_snapshot(watcher);
    const auto t = computer_game(a, 1);
    const auto& room = t.room;

    watcher.send({{"t", "live.sub"}, {"d", {{"game", "checkers"}}}});
    auto snap = watcher.expect("live.snapshot", {}, 5000ms);
    REQUIRE(!snap.is_null());
    if (!has_room(snap["d"]["rooms"], room))
        REQUIRE(!watcher
                     .expect(
                         "live.add", [&](const json& j) { return j["d"]["room"]["room"] == room; },
                         5000ms)
                     .is_null());

    // Its moves reach the list (the computer moves first, or after ours).
    if (t.seat == 0) a.send(move_msg(room, first_move(t.board), 2));
    auto update = watcher.expect(
        "live.update",
        [&](const json& j) { return j["d"]["room"] == room && j["d"]["plies"] >= 1; }, 10000ms);
    REQUIRE(!update.is_null());
    CHECK(update["d"].contains("board"));

    // It leaves the list when it ends.
    a.send({{"t", "resign"}, {"d", {{"room", room}, {"ack", 3}}}});
    if (a.sees("error", 1000ms)) a.send(room_msg("abort", room));  // too early to resign
    auto removed = watcher.expect(
        "live.remove", [&](const json& j) { return j["d"]["room"] == room; }, 10000ms);
    REQUIRE(!removed.is_null());
}

TEST_CASE("cluster games: the cap on unfinished games counts the games on every node") {
    scoped_env cap("KIBITZ_MAX_GAMES", "2");
    cluster_of_three c("cap");
    ws_client a(c.x->port), b(c.y->port);
    a.hello();
    b.hello();
    lobby_snapshot(a);
    lobby_snapshot(b);
    computer_game(a, 1);  // one game on x, which does not lead
    a.send({{"t", "seek.create"}, {"d", {{"game", "checkers"}, {"tc", tc(300, 0)}, {"ack", 2}}}});
    auto created = a.expect("seek.created", {}, 5000ms);
    REQUIRE(!created.is_null());
    b.send({{"t", "seek.accept"}, {"d", {{"id", created["d"]["seek"]["id"]}, {"ack", 3}}}});
    REQUIRE(!a.expect("game.found", {}, 5000ms).is_null());  // the second, on the leader

    // A third is refused, asked from any node.
    for (auto* n : {c.x, c.y, c.leader}) {
        ws_client again(n->port);
        again.hello(a.token);
        lobby_snapshot(again);
        again.send(
            {{"t", "seek.create"}, {"d", {{"game", "checkers"}, {"tc", tc(300, 0)}, {"ack", 4}}}});
        auto refused = again.expect("error", {}, 5000ms);
        REQUIRE_MESSAGE(!refused.is_null(), "on " << n->name);
        CHECK(refused["d"]["code"] == "too_many_games");
        again.send({{"t", "invite.create"},
                    {"d", {{"game", "checkers"}, {"tc", tc(300, 0)}, {"ack", 5}}}});
        refused = again.expect("error", {}, 5000ms);
        REQUIRE(!refused.is_null());
        CHECK(refused["d"]["code"] == "too_many_games");
    }
}

TEST_CASE("cluster games: the cap on games against the computer counts those on every node") {
    scoped_env cap("KIBITZ_MAX_COMPUTER_GAMES_PER_PLAYER", "1");
    cluster_of_three c("computer");
    ws_client a(c.x->port);
    a.hello();
    const auto room = computer_game(a, 1).room;  // on x
    auto other = page_knowing(*c.y, a.token, room);
    other->send({{"t", "computer.play"},
                 {"d", {{"game", "checkers"}, {"level", 1}, {"tc", tc(600, 0)}, {"ack", 2}}}});
    auto refused = other->expect("error", {}, 5000ms);
    REQUIRE(!refused.is_null());
    CHECK(refused["d"]["code"] == "too_many_games");
}

TEST_CASE("cluster games: welcome's rooms and lobby.yours list a player's games on every node") {
    cluster_of_three c("yours");
    ws_client a(c.x->port);
    a.hello();
    const auto room = computer_game(a, 1).room;
    for (auto* n : {c.y, c.leader}) {
        auto page = page_knowing(*n, a.token, room);
        auto& other = *page;
        lobby_snapshot(other);
        auto yours = other.expect("lobby.yours", {}, 5000ms);
        REQUIRE(!yours.is_null());
        CHECK_MESSAGE(has_room(yours["d"]["rooms"], room), "lobby.yours on " << n->name);
        // And the page resumes it from there.
        other.send(room_msg("room.join", room));
        auto state = other.expect("room.state", {}, 5000ms);
        REQUIRE(!state.is_null());
        CHECK(state["d"]["room"] == room);
    }
}

TEST_CASE("cluster games: a spectator elsewhere joins a game the moment it starts") {
    // The room must be findable from every node once its player has
    // game.found: the lease is sent before the start, and a node that finds
    // no lease looks again a moment later. About one join in 200 got
    // unknown_room before (KIBITZ_SPECTATE_LOOPS=300: 2, 1 and 0 of 300 in
    // three runs; none of 900 after): the default run is short, and catches
    // a return of it now and then, not every time.
    scoped_env rate("KIBITZ_RATE", "1000");  // a game a few milliseconds
    cluster_of_three c("spectate");
    ws_client a(c.x->port), spectator(c.y->port);
    a.hello();
    spectator.hello();
    const int games =
        std::getenv("KIBITZ_SPECTATE_LOOPS") ? std::atoi(std::getenv("KIBITZ_SPECTATE_LOOPS")) : 60;
    int unknown = 0;
    for (int i = 0; i < games; ++i) {
        a.clear();
        spectator.clear();
        a.send({{"t", "computer.play"},
                {"d", {{"game", "checkers"}, {"level", 1}, {"tc", tc(600, 0)}, {"ack", 1}}}});
        auto found = a.expect("game.found", {}, 5000ms);
        REQUIRE(!found.is_null());
        const std::string room = found["d"]["room"];
        spectator.send({{"t", "room.join"}, {"d", {{"room", room}, {"ack", 2}}}});
        for (int wait = 0; wait < 50; ++wait) {
            if (spectator.sees("room.state", 100ms)) break;
            if (spectator.sees("error", 0ms)) {
                auto e = spectator.expect("error", {}, 0ms);
                REQUIRE_MESSAGE(e["d"]["code"] == "unknown_room", e.dump());
                ++unknown;
                break;
            }
        }
        a.send({{"t", "abort"}, {"d", {{"room", room}, {"ack", 3}}}});
        REQUIRE(!a.expect(
                      "ack", [](const json& j) { return j["d"]["ack"] == 3; }, 5000ms)
                     .is_null());
        spectator.send({{"t", "room.leave"}, {"d", {{"room", room}}}});
    }
    CHECK_MESSAGE(unknown == 0, unknown << " of " << games << " joins got unknown_room");
}
