// Puzzle streaks over real sockets (issue 27): puzzles of rising difficulty
// until the first mistake; the count on every answer; nothing rated and
// nothing marked seen; a page reloaded mid-puzzle gets the same puzzle; the
// best streak per game kept in the store across a restart.
#include <doctest/doctest.h>

#include <set>

#include "eventually.hpp"
#include "puzzle_helpers.hpp"

using namespace kibitz::test;

TEST_CASE("puzzle streak: rising puzzles until a mistake, unrated, the best kept") {
    temp_dir dir;
    auto db = dir.file("kibitz.db");
    auto ada = register_account(db, "ada", "long enough password");
    {
        test_server srv(with_puzzles(db));
        ws_client a(srv.port());
        a.hello(ada.token);
        auto first = streak(a);
        CHECK(first["streak"] == json({{"count", 0}, {"best", 0}, {"over", false}}));
        CHECK(first["seen"] == false);
        CHECK(first["rating"]["rating"].get<int>() <= 910 + 25);  // the set's easiest

        // Three solved, each at least as hard as the one before, none twice.
        std::set<std::string> ids;
        int rating = 0;
        auto shown = first;
        for (int n = 1; n <= 3; ++n) {
            const std::string id = shown["id"];
            CHECK(ids.insert(id).second);
            CHECK(shown["rating"]["rating"].get<int>() >= rating);
            rating = shown["rating"]["rating"].get<int>();
            auto done = solve(a, srv.port(), id);
            CHECK(done["verdict"] == "solved");
            CHECK(done["streak"] == json({{"count", n}, {"best", n}, {"over", false}}));
            CHECK_FALSE(done.contains("ratings"));  // a streak rates nothing
            shown = streak(a);
            CHECK(shown["streak"]["count"] == n);
        }
        // A page reloaded mid-puzzle: the same puzzle again, the count kept.
        auto again = streak(a);
        CHECK(again["id"] == shown["id"]);
        CHECK(again["streak"]["count"] == 3);

        // The first mistake ends it.
        const std::string id = shown["id"];
        a.send(pz("puzzle.move",
                  {{"id", id}, {"move", wrong_move(shown, line_of(srv.port(), id)[0])}}));
        auto wrong = a.expect("puzzle.result")["d"];
        CHECK(wrong["verdict"] == "wrong");
        CHECK(wrong["streak"] == json({{"count", 3}, {"best", 3}, {"over", true}}));
        CHECK_FALSE(wrong.contains("ratings"));

        // Unrated and unseen: no try stored, no puzzle played, no rating.
        CHECK(db_scalar(db, "SELECT COUNT(*) FROM puzzle_attempts") == 0);
        CHECK(db_scalar(db, "SELECT COUNT(*) FROM puzzle_ratings") == 0);
        CHECK(db_scalar(db, "SELECT SUM(plays) FROM puzzles") == 0);
        // The best is stored after the answer went out.
        CHECK(eventually([&] {
            return db_scalar(db, "SELECT COALESCE(MAX(best), 0) FROM puzzle_streaks") == 3;
        }));

        // A new streak; the solution shown ends it; another puzzle opened leaves it.
        auto fresh = streak(a);
        CHECK(fresh["streak"] == json({{"count", 0}, {"best", 3}, {"over", false}}));
        a.send(pz("puzzle.solution", {{"id", fresh["id"]}}));
        auto sol = a.expect("puzzle.solution")["d"];
        CHECK(sol["streak"] == json({{"count", 0}, {"best", 3}, {"over", true}}));
        CHECK(solve(a, srv.port(), streak(a)["id"])["streak"]["count"] == 1);
        a.send(pz("puzzle.next", {{"game", "checkers"}}));
        CHECK_FALSE(a.expect("puzzle")["d"].contains("streak"));
        CHECK(streak(a)["streak"]["count"] == 0);
    }
    // Restarted: the best streak is back.
    test_server srv(with_puzzles(db));
    ws_client a(srv.port());
    a.hello(ada.token);
    CHECK(streak(a)["streak"]["best"] == 3);
}

TEST_CASE("puzzle streak: a guest's streak counts in memory; bad input is refused") {
    temp_dir dir;
    test_server srv(with_puzzles(dir.file("kibitz.db")));
    ws_client g(srv.port());
    g.hello();
    auto first = streak(g);
    CHECK(solve(g, srv.port(), first["id"])["streak"]["best"] == 1);
    CHECK(streak(g)["streak"]["best"] == 1);
    g.send(pz("puzzle.streak", {{"game", "chess"}}));
    CHECK(g.expect("error")["d"]["code"] == "unknown_game");
    g.send(pz("puzzle.streak", json::object()));
    CHECK(g.expect("error")["d"]["code"] == "bad_message");
}
