// Puzzles over real sockets and HTTP (issue 27), on the shipped set
// (schema/puzzles): a right move gets the server's reply, the last one solves
// the puzzle; a wrong move fails it; a solver's first try moves both ratings
// once (a second try does not count), kept in the store across a restart;
// the next puzzle is unseen and rated nearest the solver; a guest not stored
// is rated in memory; bad input gets a clear error; the HTTP answers.
#include <doctest/doctest.h>

#include <cmath>
#include <set>
#include <sstream>

#include "puzzle_helpers.hpp"

using namespace kibitz::test;

namespace {

// checkers-1-1 of the shipped set: 22-18, the reply 15x22, then 26x17x10x1.
const std::string first_id = "checkers-1-1";

json open_puzzle(ws_client& c, const std::string& id) {
    c.send(pz("puzzle.open", {{"id", id}}));
    return c.expect("puzzle", [&](const json& j) { return j["d"]["id"] == id; })["d"];
}
json play(ws_client& c, const std::string& id, const std::string& move) {
    c.send(pz("puzzle.move", {{"id", id}, {"move", move}}));
    return c.expect("puzzle.result")["d"];
}
std::string error_code(ws_client& c, const json& msg) {
    c.send(msg);
    return c.expect("error")["d"]["code"];
}
std::vector<json> lines(const std::string& body) {
    std::vector<json> out;
    std::istringstream in(body);
    for (std::string l; std::getline(in, l);) out.push_back(json::parse(l));
    return out;
}

}  // namespace

TEST_CASE("puzzles: right moves, the server's reply, solved; rated once; kept across a restart") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto ada = register_account(db, "ada", "long enough password");
    {
        test_server srv(with_puzzles(db));
        ws_client a(srv.port());
        a.hello(ada.token);
        auto shown = open_puzzle(a, first_id);
        CHECK(shown["game"] == "checkers");
        CHECK(shown["seen"] == false);
        CHECK(shown["rating"]["rating"] == 1000);
        CHECK(shown["solver"]["rating"] == 1500);
        CHECK(shown["themes"].size() == 3);
        CHECK(shown["side"] == shown["board"]["to_move"]);
        CHECK_FALSE(shown["board"]["moves"].empty());  // the solver's legal moves
        // The opponent's move that led here, for the board's highlight.
        CHECK(shown["last"] == json{{"move", "8-11"},
                                    {"path", json::array({"8", "11"})},
                                    {"affected", json::array()}});

        a.send(pz("puzzle.move", {{"id", first_id}, {"move", "22-18"}}, 5));
        a.expect("ack", [](const json& j) { return j["d"]["ack"] == 5; });
        auto right = a.expect("puzzle.result")["d"];
        CHECK(right["verdict"] == "right");
        CHECK(right["replies"] == json::array({"15x22"}));
        CHECK(right["last"]["move"] == "15x22");  // the board shows the server's reply
        CHECK_FALSE(right.contains("ratings"));
        auto solved = play(a, first_id, "26x17x10x1");
        CHECK(solved["verdict"] == "solved");
        REQUIRE(solved.contains("ratings"));
        CHECK(solved["ratings"]["solver_change"].get<int>() > 0);
        CHECK(solved["ratings"]["puzzle"]["rating"].get<int>() < 1000);
        const int after = solved["ratings"]["solver"]["rating"];
        CHECK(db_scalar(db, "SELECT COUNT(*) FROM puzzle_attempts") == 1);
        CHECK(db_scalar(db, "SELECT plays FROM puzzles WHERE id = 'checkers-1-1'") == 1);

        // A second try: seen, and neither a failure nor a success counts.
        CHECK(open_puzzle(a, first_id)["seen"] == true);
        auto wrong = play(a, first_id, "21-17");
        CHECK(wrong["verdict"] == "wrong");
        CHECK(wrong["expected"] == "22-18");
        CHECK_FALSE(wrong.contains("ratings"));
        CHECK(db_scalar(db, "SELECT plays FROM puzzles WHERE id = 'checkers-1-1'") == 1);
        CHECK(db_scalar(db, "SELECT CAST(ROUND(rating) AS INTEGER) FROM puzzle_ratings") == after);
    }
    // Restarted: the puzzles are not loaded twice, the solver's standing is back.
    test_server srv(with_puzzles(db));
    ws_client a(srv.port());
    a.hello(ada.token);
    auto again = open_puzzle(a, first_id);
    CHECK(again["seen"] == true);
    CHECK(again["solver"]["rating"].get<int>() > 1500);
    CHECK(db_scalar(db, "SELECT COUNT(*) FROM puzzles WHERE game_id = 'checkers'") == 705);
}

TEST_CASE("puzzles: a wrong first try fails and counts; next is unseen and near the rating") {
    test_server srv(with_puzzles());
    ws_client g(srv.port());
    g.hello();  // a guest not stored: rated in memory
    auto list = lines(http_get(srv.port(), "/api/puzzles/checkers").body);
    REQUIRE(list.size() == 705);

    g.send(pz("puzzle.next", {{"game", "checkers"}}));
    auto first = g.expect("puzzle")["d"];
    int nearest = 10000;
    for (const auto& p : list) nearest = std::min(nearest, std::abs(p["rating"].get<int>() - 1500));
    CHECK(std::abs(first["rating"]["rating"].get<int>() - 1500) == nearest);

    // Wrong: the first move of the line is not played; the try is over and counted.
    const std::string id = first["id"];
    std::string line_first;
    line_first = line_of(srv.port(), id)[0];
    std::string other;
    for (const auto& m : first["board"]["moves"])
        if (m["text"] != line_first) other = m["text"];
    REQUIRE_FALSE(other.empty());
    auto wrong = play(g, id, other);
    CHECK(wrong["verdict"] == "wrong");
    CHECK(wrong["last"].is_null());
    REQUIRE(wrong.contains("ratings"));
    CHECK(wrong["ratings"]["solver_change"].get<int>() < 0);
    CHECK(error_code(g, pz("puzzle.move", {{"id", id}, {"move", line_first}})) == "not_current");

    // The next ones are never one seen, each nearest the solver's rating now.
    std::set<std::string> seen{id};
    for (int i = 0; i < 3; ++i) {
        g.send(pz("puzzle.next", {{"game", "checkers"}}));
        auto next = g.expect("puzzle")["d"];
        CHECK(next["seen"] == false);
        CHECK(seen.insert(next["id"].get<std::string>()).second);
        g.send(pz("puzzle.solution", {{"id", next["id"]}}));
        auto sol = g.expect("puzzle.solution")["d"];
        CHECK_FALSE(sol["moves"].empty());
        CHECK(sol.contains("ratings"));  // the solution shown ends the try, unsolved
    }
}

TEST_CASE("puzzles: bad input gets a clear error and changes nothing") {
    test_server srv(with_puzzles());
    ws_client g(srv.port());
    g.hello();
    CHECK(error_code(g, pz("puzzle.open", {{"id", "no-such-puzzle"}})) == "unknown_puzzle");
    CHECK(error_code(g, pz("puzzle.next", {{"game", "chess"}})) == "unknown_game");
    CHECK(error_code(g, pz("puzzle.move", {{"id", first_id}, {"move", "22-18"}})) ==
          "not_current");  // not opened
    open_puzzle(g, first_id);
    CHECK(error_code(g, pz("puzzle.move", {{"id", "checkers-1-2"}, {"move", "31-27"}})) ==
          "not_current");  // a move for another puzzle
    CHECK(error_code(g, pz("puzzle.move", {{"id", first_id}, {"move", "zz"}})) == "illegal");
    CHECK(error_code(g, pz("puzzle.move", {{"id", first_id}})) == "bad_message");
    CHECK(error_code(g, pz("puzzle.move", {{"id", 7}, {"move", "22-18"}})) == "bad_message");
    CHECK(error_code(g, pz("puzzle.next", json::object())) == "bad_message");
    // The try goes on after the refusals: the right move still counts.
    CHECK(play(g, first_id, "22-18")["verdict"] == "right");
}

TEST_CASE("puzzles: over HTTP, every puzzle a line, one by id, and the daily puzzle") {
    test_server srv(with_puzzles());
    auto all = http_get(srv.port(), "/api/puzzles/oware");
    CHECK(all.status == 200);
    CHECK(all.content_type.rfind("application/x-ndjson", 0) == 0);
    auto list = lines(all.body);
    CHECK(list.size() == 797);
    for (const char* key : {"id", "game", "position", "plies", "rating", "themes"})
        CHECK(list[0].contains(key));
    // The line is the answer: never served here (security review F11).
    for (const auto& each : list) CHECK_FALSE(each.contains("moves"));

    auto one = http_get(srv.port(), "/api/puzzle/" + first_id);
    CHECK(one.status == 200);
    auto p = json::parse(one.body);
    CHECK_FALSE(p.contains("moves"));
    CHECK(p["plies"] == 3);
    CHECK(p["position"] == "W:WK2,21,22,23,25,26,27,28,29,30,31:B3,4,5,6,9,11,12,14,15");
    CHECK(p["last_move"] == "8-11");
    CHECK(p["before"] == "B:WK2,21,22,23,25,26,27,28,29,30,31:B3,4,5,6,8,9,12,14,15");
    for (const auto& each : list) CHECK(each.contains("last_move"));

    auto daily = json::parse(http_get(srv.port(), "/api/puzzle/daily/ouril").body);
    CHECK(daily["game"] == "ouril");
    CHECK_FALSE(daily.contains("moves"));
    CHECK(json::parse(http_get(srv.port(), "/api/puzzle/daily/ouril").body)["id"] == daily["id"]);

    CHECK(http_get(srv.port(), "/api/puzzle/nothing-1").status == 404);
    CHECK(http_get(srv.port(), "/api/puzzles/chess").status == 404);
    CHECK(http_get(srv.port(), "/api/puzzle/daily/chess").status == 404);
    CHECK(http_post(srv.port(), "/api/puzzle/" + first_id, json::object()).status == 405);
}
