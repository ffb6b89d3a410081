// The profile's puzzle dashboard over HTTP (issue 27): first tries solved and
// failed through the socket, then GET /api/players/{name}/puzzles: the counts,
// the rating now and after each try (the graph), the best streak, and the
// themes with their rates, strong and weak among those tried three times.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "eventually.hpp"
#include "puzzle_helpers.hpp"

using namespace kibitz::test;

namespace {

// `n` checkers puzzles whose only theme is `theme`.
std::vector<std::string> with_theme(std::uint16_t port, const std::string& theme, std::size_t n) {
    std::vector<std::string> out;
    std::istringstream in(http_get(port, "/api/puzzles/checkers").body);
    for (std::string l; out.size() < n && std::getline(in, l);) {
        auto p = json::parse(l);
        if (p["themes"] == json::array({theme})) out.push_back(p["id"].get<std::string>());
    }
    REQUIRE(out.size() == n);
    return out;
}

}  // namespace

TEST_CASE("puzzle dashboard: solved, rating graph, best streak, themes strong and weak") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto ada = register_account(db, "ada", "long enough password");
    test_server srv(with_puzzles(db));
    auto fresh = http_get(srv.port(), "/api/players/ada/puzzles");
    CHECK(fresh.status == 200);
    CHECK(json::parse(fresh.body) == json({{"player", "ada"}, {"games", json::array()}}));

    ws_client a(srv.port());
    a.hello(ada.token);
    std::vector<int> ratings;  // the solver's after each try
    for (const auto& id : with_theme(srv.port(), "breakthrough to crown", 3)) {
        a.send(pz("puzzle.open", {{"id", id}}));
        a.expect("puzzle");
        auto done = solve(a, srv.port(), id);
        REQUIRE(done["verdict"] == "solved");
        ratings.push_back(done["ratings"]["solver"]["rating"].get<int>());
    }
    for (const auto& id : with_theme(srv.port(), "multi-jump", 3)) {
        a.send(pz("puzzle.open", {{"id", id}}));
        a.expect("puzzle");
        a.send(pz("puzzle.solution", {{"id", id}}));  // a failed first try
        ratings.push_back(
            a.expect("puzzle.solution")["d"]["ratings"]["solver"]["rating"].get<int>());
    }
    CHECK(solve(a, srv.port(), streak(a)["id"])["streak"]["best"] == 1);

    // The tries are stored after their answers went out: wait for the last.
    json d;
    REQUIRE(eventually([&] {
        auto reply = http_get(srv.port(), "/api/players/ada/puzzles");
        d = json::parse(reply.body);
        return reply.status == 200 && d["games"].size() == 1 && d["games"][0]["tried"] == 6 &&
               d["games"][0]["best_streak"] == 1;
    }));
    auto g = d["games"][0];
    CHECK(g["game"] == "checkers");
    CHECK(g["tried"] == 6);
    CHECK(g["solved"] == 3);
    CHECK(g["best_streak"] == 1);
    const int now = ratings.back();
    CHECK(g["rating"]["rating"] == now);
    REQUIRE(g["history"].size() == 6);
    // Oldest first (tries within the same millisecond in id order).
    std::vector<int> graph;
    for (const auto& point : g["history"]) {
        graph.push_back(point["rating"].get<int>());
        CHECK_FALSE(point.contains("at"));  // a public profile tells no times (review F11)
    }
    std::sort(graph.begin(), graph.end());
    std::sort(ratings.begin(), ratings.end());
    CHECK(graph == ratings);
    CHECK(g["strong"] == json::array({"breakthrough to crown"}));
    CHECK(g["weak"] == json::array({"multi-jump"}));
    bool listed = false;
    for (const auto& t : g["themes"])
        if (t["theme"] == "multi-jump") {
            listed = true;
            CHECK(t["tried"] == 3);
            CHECK(t["solved"] == 0);
        }
    CHECK(listed);

    CHECK(http_get(srv.port(), "/api/players/nobody/puzzles").status == 404);
    CHECK(http_get(srv.port(), "/api/players/ada/puzzlez").status == 404);
}
