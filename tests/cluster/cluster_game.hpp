#pragma once
// Two nodes of one cluster and a game of checkers between two guests, paired
// on node 1 and hosted by whichever node leads the lobby: the room, each
// seat's token, which node owns the room and which does not. The pairing
// connections are closed: each test connects the seats where it needs them.
#include "cluster_nodes.hpp"

namespace kibitz::test::cluster {

struct game_on_two_nodes {
    cluster_env env;
    std::vector<std::string> extra;  // more flags for every node
    std::unique_ptr<node_process> n1, n2;
    std::string room;
    std::string token[2];  // by seat
    json board;            // the start position, as room.state gave it
    node_process* owner = nullptr;
    node_process* other = nullptr;

    explicit game_on_two_nodes(const std::string& name, std::vector<std::string> flags = {})
        : env(name), extra(std::move(flags)) {
        n1 = std::make_unique<node_process>("node-1", env.db, env.redis, env.web, extra);
        n2 = std::make_unique<node_process>("node-2", env.db, env.redis, env.web, extra);
        ws_client a(n1->port), b(n1->port);
        a.hello();
        b.hello();
        lobby_snapshot(a);  // a live leader (an earlier test's may linger)
        auto t = pair_by_seek(a, b, "checkers", tc(300, 0));
        room = t.room;
        token[t.seat_a] = a.token;
        token[1 - t.seat_a] = b.token;
        board = t.state_a["d"]["board"];
        find_owner();
    }

    void find_owner() {
        // The lease is written as the room starts: on a loaded machine it may
        // still be on its way when the players' room.state arrives.
        std::string holder;
        eventually([&] { return !(holder = env.lease_holder(room)).empty(); }, 3000ms, 10ms);
        REQUIRE_MESSAGE((holder == "node-1" || holder == "node-2"), "lease holder: " << holder);
        owner = holder == "node-1" ? n1.get() : n2.get();
        other = holder == "node-1" ? n2.get() : n1.get();
    }

    // The node named `name` started again (after kill9), same flags.
    void restart(node_process*& which) {
        auto& slot = which == n1.get() ? n1 : n2;
        auto name = slot->name;
        slot = std::make_unique<node_process>(name, env.db, env.redis, env.web, extra);
        which = slot.get();
    }

    // A new connection of `seat`'s player on `n`, joined to the room; its
    // room.state in `state` when asked.
    std::unique_ptr<ws_client> seat_on(node_process& n, int seat, json* state = nullptr) {
        auto c = std::make_unique<ws_client>(n.port);
        CHECK(c->hello(token[seat])["resumed"] == true);
        c->send({{"t", "room.join"}, {"d", {{"room", room}}}});
        auto st = c->expect("room.state", {}, 5000ms);
        REQUIRE(!st.is_null());
        if (state) *state = st;
        return c;
    }
};

// The first message of `type` answering ack id `ack`, or null after `within`.
inline json answer(ws_client& c, const std::string& type, int ack,
                   std::chrono::milliseconds within) {
    return c.expect(
        type, [ack](const json& j) { return j["d"].value("ack", -1) == ack; }, within);
}

}  // namespace kibitz::test::cluster
