// One lobby across the nodes of a cluster (docs/cluster.md, "One lobby"):
// a seek made on one node is listed to lobby watchers on another and
// accepted from a third; players in one quick-pairing pool on two nodes are
// paired; both sides get game.found and play.
#include "cluster_nodes.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;

namespace {

// The cluster of one test: its scratch stores and three nodes (whose
// `lead` holds the lobby's lease).
struct lobby_cluster {
    cluster_env env;
    three_nodes nodes;
    explicit lobby_cluster(const std::string& name) : env(name), nodes(env, "lobby-" + name) {}
};

// Both players got game.found for one room and its room.state; a plays the
// first move, b sees it.
void play_found_game(ws_client& a, ws_client& b) {
    auto fa = a.expect("game.found", {}, 5000ms);
    auto fb = b.expect("game.found", {}, 5000ms);
    REQUIRE(!fa.is_null());
    REQUIRE(!fb.is_null());
    std::string room = fa["d"]["room"];
    CHECK(fb["d"]["room"] == room);
    CHECK(fb["d"]["seat"] == 1 - fa["d"]["seat"].get<int>());
    auto sa = a.expect("room.state", {}, 5000ms);
    auto sb = b.expect("room.state", {}, 5000ms);
    REQUIRE(!sa.is_null());
    REQUIRE(!sb.is_null());
    auto& first = fa["d"]["seat"] == 0 ? a : b;
    auto& second = fa["d"]["seat"] == 0 ? b : a;
    auto& state = fa["d"]["seat"] == 0 ? sa : sb;
    play_ply(first, room, state["d"]["board"], 1, {&second});
}

// Sends the lobby's leader, as a node named "fake" would, another player's
// invite under `code`: the frame the leader answers, or null after 5 s.
json invite_as_another(cluster_env& env, const std::string& code) {
    const std::string leader = env.redis_get("kibitz:lobby");
    redisContext* sub = env.redis_connect();
    redisSetTimeout(sub, {5, 0});
    freeReplyObject(redisCommand(sub, "SUBSCRIBE kibitz:node:fake"));
    json who = {{"id", "g-intruder"},
                {"name", "Guest-000001"},
                {"guest", true},
                {"row", 0},
                {"rating", 1500}};
    json m = {{"t", "lobby"},
              {"from", "fake"},
              {"conn", 1},
              {"who", who},
              {"ratings", json::object()},
              {"code", code},
              {"m", {{"t", "invite.create"}, {"d", {{"game", "checkers"}, {"tc", tc(300, 0)}}}}}};
    redisContext* pub = env.redis_connect();
    auto channel = "kibitz:node:" + leader;
    auto text = m.dump();
    freeReplyObject(redisCommand(pub, "PUBLISH %s %s", channel.c_str(), text.c_str()));
    redisFree(pub);
    json frame;
    void* r = nullptr;
    if (redisGetReply(sub, &r) == REDIS_OK && r) {
        auto* rep = static_cast<redisReply*>(r);
        if (rep->type == REDIS_REPLY_ARRAY && rep->elements == 3)
            frame = json::parse(json::parse(std::string(rep->element[2]->str, rep->element[2]->len))
                                    .at("f")
                                    .get<std::string>());
        freeReplyObject(r);
    }
    redisFree(sub);
    return frame;
}

}  // namespace

TEST_CASE("cluster lobby: a seek made on one node is listed on another and accepted from a third") {
    lobby_cluster c("seek");
    ws_client a(c.nodes.n1.port), watcher(c.nodes.n2.port), b(c.nodes.n3.port);
    auto welcome_a = a.hello();
    watcher.hello();
    b.hello();
    lobby_snapshot(a);
    lobby_snapshot(b);
    auto before = lobby_snapshot(watcher);
    CHECK(before["d"]["seeks"].empty());

    a.send({{"t", "seek.create"},
            {"d", {{"game", "checkers"}, {"tc", tc(300, 0)}, {"rated", false}, {"ack", 1}}}});
    auto created = a.expect("seek.created", {}, 5000ms);
    REQUIRE(!created.is_null());
    std::string id = created["d"]["seek"]["id"];
    auto added = watcher.expect("seek.add", {}, 5000ms);
    REQUIRE(!added.is_null());
    CHECK(added["d"]["seek"]["id"] == id);
    CHECK(added["d"]["seek"]["by"]["name"] == welcome_a["user"]["name"]);

    // A new watcher on the third node sees it in its snapshot.
    ws_client late(c.nodes.n3.port);
    late.hello();
    auto snap = lobby_snapshot(late);
    REQUIRE(snap["d"]["seeks"].size() == 1);
    CHECK(snap["d"]["seeks"][0]["id"] == id);

    b.send({{"t", "seek.accept"}, {"d", {{"id", id}, {"ack", 2}}}});
    play_found_game(a, b);
    auto removed = watcher.expect("seek.remove", {}, 5000ms);
    REQUIRE(!removed.is_null());
    CHECK(removed["d"]["id"] == id);
}

TEST_CASE("cluster lobby: two players of one quick-pairing pool on two nodes are paired") {
    lobby_cluster c("quick");
    ws_client a(c.nodes.n2.port), b(c.nodes.n3.port);
    a.hello();
    b.hello();
    lobby_snapshot(a);
    lobby_snapshot(b);
    json join = {{"t", "quick.join"},
                 {"d", {{"game", "checkers"}, {"tc", tc(180, 2)}, {"rated", false}}}};
    a.send(join);
    REQUIRE(!a.expect("quick.queued", {}, 5000ms).is_null());
    b.send(join);
    play_found_game(a, b);
}

TEST_CASE("cluster lobby: a seek goes when its connection closes on another node") {
    lobby_cluster c("close");
    ws_client watcher(c.nodes.n1.port);
    watcher.hello();
    lobby_snapshot(watcher);
    std::string id;
    {
        ws_client a(c.nodes.n2.port);
        a.hello();
        lobby_snapshot(a);
        a.send({{"t", "seek.create"}, {"d", {{"game", "checkers"}, {"tc", tc(300, 0)}}}});
        auto created = a.expect("seek.created", {}, 5000ms);
        REQUIRE(!created.is_null());
        id = created["d"]["seek"]["id"];
        REQUIRE(!watcher.expect("seek.add", {}, 5000ms).is_null());
    }
    auto removed = watcher.expect("seek.remove", {}, 5000ms);
    REQUIRE(!removed.is_null());
    CHECK(removed["d"]["id"] == id);
    CHECK(removed["d"]["reason"] == "left");
}

TEST_CASE("cluster lobby: when its leader is killed another node leads, with the seeks and pool entries") {
    lobby_cluster c("failover");
    node_process* lead = c.nodes.lead;
    auto& x = *c.nodes.x;
    auto& y = *c.nodes.y;

    ws_client a(x.port), q(x.port), watcher(y.port);
    auto welcome_a = a.hello();
    q.hello();
    watcher.hello();
    lobby_snapshot(a);
    lobby_snapshot(q);
    lobby_snapshot(watcher);
    a.send({{"t", "seek.create"}, {"d", {{"game", "checkers"}, {"tc", tc(300, 0)}}}});
    REQUIRE(!a.expect("seek.created", {}, 5000ms).is_null());
    REQUIRE(!watcher.expect("seek.add", {}, 5000ms).is_null());
    json join = {{"t", "quick.join"}, {"d", {{"game", "checkers"}, {"tc", tc(60, 0)}, {"rated", false}}}};
    q.send(join);
    REQUIRE(!q.expect("quick.queued", {}, 5000ms).is_null());
    watcher.clear();

    lead->kill9();

    // The new leader lists the seek again (its snapshot has it, or a seek.add
    // follows when the watcher's subscription came in first).
    auto snap = watcher.expect("lobby.snapshot", {}, 15000ms);
    REQUIRE(!snap.is_null());
    if (snap["d"]["seeks"].empty()) REQUIRE(!watcher.expect("seek.add", {}, 5000ms).is_null());
    auto again = a.expect("seek.created", {}, 5000ms);
    REQUIRE(!again.is_null());
    CHECK(again["d"]["seek"]["by"]["name"] == welcome_a["user"]["name"]);

    // q still waits in its pool: a player on the other node is paired with it.
    ws_client r(y.port);
    r.hello();
    lobby_snapshot(r);
    r.send(join);
    play_found_game(q, r);

    // And the seek is accepted from the other node.
    ws_client b(y.port);
    b.hello();
    lobby_snapshot(b);
    b.send({{"t", "seek.accept"}, {"d", {{"id", again["d"]["seek"]["id"]}}}});
    play_found_game(a, b);
}

TEST_CASE("cluster lobby: an invite made on one node is accepted on another") {
    lobby_cluster c("invite");
    ws_client a(c.nodes.n1.port), b(c.nodes.n2.port);
    a.hello();
    b.hello();
    lobby_snapshot(a);
    lobby_snapshot(b);
    a.send({{"t", "invite.create"}, {"d", {{"game", "checkers"}, {"tc", tc(300, 0)}}}});
    auto created = a.expect("invite.created", {}, 5000ms);
    REQUIRE(!created.is_null());
    // Shown first, on b's node: nothing starts until b accepts.
    b.send({{"t", "invite.show"}, {"d", {{"code", created["d"]["code"]}}}});
    CHECK(b.expect("invite.shown", {}, 5000ms)["d"]["code"] == created["d"]["code"]);
    b.send({{"t", "invite.accept"}, {"d", {{"code", created["d"]["code"]}}}});
    play_found_game(a, b);
}

TEST_CASE("cluster lobby: an invite declined on another node tells its creator and closes") {
    lobby_cluster c("invitedecline");
    node_process* lead = c.nodes.lead;
    // Neither player on the leader's node: the decline crosses the bus twice.
    ws_client a(c.nodes.x->port), b(c.nodes.y->port);
    a.hello();
    auto wb = b.hello();
    lobby_snapshot(a);
    lobby_snapshot(b);
    a.send({{"t", "invite.create"}, {"d", {{"game", "checkers"}, {"tc", tc(300, 0)}}}});
    auto created = a.expect("invite.created", {}, 5000ms);
    REQUIRE(!created.is_null());
    const std::string code = created["d"]["code"];
    b.send({{"t", "invite.show"}, {"d", {{"code", code}}}});
    CHECK(b.expect("invite.shown", {}, 5000ms)["d"]["by"]["name"].is_string());
    b.send({{"t", "invite.decline"}, {"d", {{"code", code}, {"ack", 7}}}});
    CHECK(!b.expect("ack", {}, 5000ms).is_null());
    auto declined = a.expect("invite.declined", {}, 5000ms);
    REQUIRE(!declined.is_null());
    CHECK(declined["d"]["code"] == code);
    CHECK(declined["d"]["by"]["name"] == wb["user"]["name"]);
    b.send({{"t", "invite.accept"}, {"d", {{"code", code}, {"ack", 8}}}});
    CHECK(b.expect("error", {}, 5000ms)["d"]["code"] == "unknown_invite");

    // A new leader gets a's open invites again from a's node, and not the
    // declined one: a's node forgot it when the leader said it closed.
    a.send({{"t", "invite.create"}, {"d", {{"game", "oware"}, {"tc", tc(300, 0)}}}});
    const std::string open = a.expect("invite.created", {}, 5000ms)["d"]["code"];
    lead->kill9();
    auto again = a.expect("invite.created", {}, 15000ms);
    REQUIRE(!again.is_null());
    CHECK(again["d"]["code"] == open);
    // Sent after whatever a's node sent the new leader again.
    a.send({{"t", "lobby.sub"}});
    auto yours = a.expect(
        "lobby.yours", [](const json& j) { return !j["d"]["invites"].empty(); }, 5000ms);
    REQUIRE(!yours.is_null());
    CHECK(yours["d"]["invites"].size() == 1);
}

TEST_CASE("cluster lobby: an open invite outlives its leader, under the same code") {
    lobby_cluster c("invitefail");
    node_process* lead = c.nodes.lead;

    ws_client a(c.nodes.x->port);
    a.hello();
    lobby_snapshot(a);
    a.send({{"t", "invite.create"}, {"d", {{"game", "checkers"}, {"tc", tc(300, 0)}}}});
    auto created = a.expect("invite.created", {}, 5000ms);
    REQUIRE(!created.is_null());
    const std::string code = created["d"]["code"];

    lead->kill9();

    // The new leader has the invite again, under the code in the link.
    auto again = a.expect("invite.created", {}, 15000ms);
    REQUIRE(!again.is_null());
    CHECK(again["d"]["code"] == code);
    // Another player's invite under that code is refused, not merged.
    auto clash = invite_as_another(c.env, code);
    REQUIRE(!clash.is_null());
    CHECK(clash["d"]["code"] == "invite_clash");
    ws_client b(c.nodes.y->port);
    b.hello();
    lobby_snapshot(b);
    b.send({{"t", "invite.accept"}, {"d", {{"code", code}}}});
    play_found_game(a, b);
}

TEST_CASE("cluster lobby: the counts are the cluster's") {
    lobby_cluster c("counts");
    ws_client watcher(c.nodes.n2.port), a(c.nodes.n3.port), b(c.nodes.n3.port);
    watcher.hello();
    a.hello();
    b.hello();
    // Four connections on three nodes (the fixture's probe on the first),
    // whichever leads: the lobby says 4 (once every node has shared its
    // count: within a lease).
    auto snap = lobby_snapshot(watcher);
    const auto four = [](const json& j) { return j["d"]["players"] == 4; };
    if (snap["d"]["counts"]["players"] != 4)
        CHECK(!watcher.expect("counts", four, 10000ms).is_null());
}
