// Puzzle ratings in a cluster (docs/cluster.md, "Puzzles"; docs/puzzles.md):
// a stored solver's puzzle rating, the puzzles it has tried, and a puzzle's
// rating are the store's, whichever node the solver's socket is on. Every
// first try is rated inside the store's transaction from the ratings stored
// then, and a stored solver's standing is read again at each puzzle shown.
#include "cluster_nodes.hpp"
#include "shipped_puzzles.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;

namespace {

std::vector<std::string> with_puzzles() {
    return {"--puzzles", std::string(KIBITZ_SOURCE_DIR) + "/schema/puzzles"};
}

std::string account(int port, const std::string& name) {
    auto r = http_post(port, "/api/register", {{"username", name}, {"password", "correct horse"}});
    REQUIRE(r.status == 200);
    return json::parse(r.body)["token"];
}

json shown(ws_client& c, const std::string& type, const json& d) {
    c.send({{"t", type}, {"d", d}});
    auto m = c.expect("puzzle", {}, 5000ms);
    REQUIRE(!m.is_null());
    return m["d"];
}

// Solves puzzle `id` by its line (from the shipped files); the last result.
json solve(ws_client& c, int, const std::string& id) {
    const auto line = shipped_line(KIBITZ_SOURCE_DIR, id);
    json res;
    for (std::size_t i = 0; i < line.size();) {
        c.send({{"t", "puzzle.move"}, {"d", {{"id", id}, {"move", line[i]}}}});
        auto m = c.expect("puzzle.result", {}, 5000ms);
        REQUIRE(!m.is_null());
        res = m["d"];
        REQUIRE(res["verdict"] != "wrong");
        i += 1 + res["replies"].size();
    }
    CHECK(res["verdict"] == "solved");
    return res;
}

}  // namespace

TEST_CASE("cluster puzzles: a solver's and a puzzle's ratings are the same on every node") {
    cluster_env env("puzzles");
    node_process n1("puzzle-1", env.db, env.redis, env.web, with_puzzles());
    node_process n2("puzzle-2", env.db, env.redis, env.web, with_puzzles());
    const auto ada_token = account(n1.port, "ada"), bob_token = account(n1.port, "bob");
    ws_client ada1(n1.port), ada2(n2.port), bob2(n2.port);
    REQUIRE(!ada1.hello(ada_token).is_null());
    REQUIRE(!ada2.hello(ada_token).is_null());
    REQUIRE(!bob2.hello(bob_token).is_null());

    // Ada is shown a puzzle on node 2 first: node 2 has her standing then.
    const auto first = shown(ada2, "puzzle.next", {{"game", "checkers"}});
    CHECK(first["solver"]["rating"] == 1500);
    const std::string id = first["id"];

    // She solves it on node 1.
    CHECK(shown(ada1, "puzzle.open", {{"id", id}})["seen"] == false);
    const auto ada_rated = solve(ada1, n1.port, id)["ratings"];
    REQUIRE(ada_rated.is_object());
    const int ada_after = ada_rated["solver"]["rating"];
    CHECK(ada_after > 1500);

    // Node 2 knows: her new rating, and that puzzle as tried (not rated again).
    CHECK(shown(ada2, "puzzle.next", {{"game", "checkers"}})["solver"]["rating"] == ada_after);
    CHECK(shown(ada2, "puzzle.open", {{"id", id}})["seen"] == true);

    // Bob solves the same puzzle on node 2: the puzzle is rated from where
    // Ada's try left it (a second win against it lowers it further), not
    // from node 2's copy of its first rating.
    CHECK(shown(bob2, "puzzle.open", {{"id", id}})["seen"] == false);
    const auto bob_rated = solve(bob2, n2.port, id)["ratings"];
    REQUIRE(bob_rated.is_object());
    CHECK(bob_rated["puzzle"]["rating"] < ada_rated["puzzle"]["rating"]);

    // Either node's dashboard reads the stored ratings.
    const auto dash = json::parse(http_get(n2.port, "/api/players/ada/puzzles").body);
    INFO(dash.dump());
    bool found = false;
    for (const auto& g : dash["games"])
        if (g["game"] == "checkers") {
            found = true;
            CHECK(g["rating"]["rating"] == ada_after);
        }
    CHECK(found);
}
