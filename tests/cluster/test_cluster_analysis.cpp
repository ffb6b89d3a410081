// Engine analysis while waiting, in a cluster (docs/cluster.md, "Games on
// every node"): the rule on analysis.start gives the same answer on every
// node, because each game's announcement carries its kind. A player of a
// live game against a person is refused on the node that does not host the
// game (in_live_game); a player of a correspondence game hosted there gets
// the engine's lines on both nodes.
#include "cluster_nodes.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;

namespace {

json analyse(int id) {
    return {{"t", "analysis.start"},
            {"d", {{"game", "checkers"}, {"moves", json::array()}, {"id", id}}}};
}

bool engine_answers(ws_client& c, int id) {
    auto info = c.expect(
        "analysis.info", [id](const json& j) { return j["d"]["id"] == id; }, 15000ms);
    return !info.is_null() && !info["d"]["pv"].empty();
}

std::string refusal(ws_client& c) {
    return c
        .expect(
            "error", [](const json& j) { return j["d"]["re"] == "analysis.start"; }, 5000ms)["d"]
        .value("code", "");
}

}  // namespace

TEST_CASE("cluster: analysis while waiting is the same answer on every node") {
    cluster_env env("analysis");
    node_process n1("node-1", env.db, env.redis, env.web);
    node_process n2("node-2", env.db, env.redis, env.web);
    auto away_from = [&](const std::string& room) -> node_process& {
        std::string holder;
        eventually([&] { return !(holder = env.lease_holder(room)).empty(); }, 3000ms, 10ms);
        REQUIRE_MESSAGE((holder == "node-1" || holder == "node-2"), "lease holder: " << holder);
        return holder == "node-1" ? n2 : n1;
    };

    // A correspondence game and a live one, each between two guests, paired
    // on node 1 and hosted by the lobby's leader.
    ws_client a(n1.port), b(n1.port), c(n1.port), d(n1.port);
    for (auto* p : {&a, &b, &c, &d}) p->hello();
    lobby_snapshot(a);  // a live leader (an earlier test's may linger)
    const auto corres = pair_by_seek(a, b, "checkers", json{{"days", 3}});
    const auto live = pair_by_seek(c, d, "checkers", tc(300, 0));

    // The correspondence player, on the node that does not host the game
    // (once it knows of the game) and on the one that does: the engine.
    node_process& corres_away = away_from(corres.room);
    auto away = page_knowing(corres_away, a.token, corres.room);
    away->send(analyse(1));
    CHECK(engine_answers(*away, 1));
    away->send({{"t", "analysis.stop"}});
    node_process& corres_home = &corres_away == &n1 ? n2 : n1;
    auto home = page_knowing(corres_home, a.token, corres.room);
    home->send(analyse(2));
    CHECK(engine_answers(*home, 2));
    home->send({{"t", "analysis.stop"}});

    // The live game's player: refused on the node that does not host it, as
    // on the one that does.
    node_process& live_away = away_from(live.room);
    auto refused_away = page_knowing(live_away, c.token, live.room);
    refused_away->send(analyse(3));
    CHECK(refusal(*refused_away) == "in_live_game");
    node_process& live_home = &live_away == &n1 ? n2 : n1;
    auto refused_home = page_knowing(live_home, c.token, live.room);
    refused_home->send(analyse(4));
    CHECK(refusal(*refused_home) == "in_live_game");
}
