// The puzzle service's pure pieces (puzzle/puzzle_attempt.hpp): a try checked
// move by move against the line with the server's replies, the next puzzle
// picked near the solver and never one seen, and the rating moved once.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "puzzle/puzzle_attempt.hpp"
#include "puzzle/puzzle_streak.hpp"

using namespace kibitz::server;

namespace {

// White gives a man for a crowning triple jump (docs/puzzles.md's example).
puzzle_entry shot() {
    return {"checkers-t-1",
            "checkers",
            "W:WK2,21,22,23,25,26,27,28,29,30,31:B3,4,5,6,9,11,12,14,15",
            {"22-18", "15x22", "26x17x10x1"},
            {1500, 350, 0.06},
            {"multi-jump"}};
}

}  // namespace

TEST_CASE("puzzle attempt: right moves get the server's reply, the last one solves it") {
    auto a = puzzle_attempt::start(shot());
    REQUIRE(a);
    auto& t = a.value();
    CHECK(t.solver() == 1);  // White, the second mover in checkers
    auto first = t.play("22-18");
    CHECK(first.v == puzzle_attempt::verdict::right);
    CHECK(first.replies == std::vector<std::string>{"15x22"});
    CHECK_FALSE(t.over());
    auto last = t.play("26x17x10x1");
    CHECK(last.v == puzzle_attempt::verdict::solved);
    CHECK(last.replies.empty());
    CHECK(t.solved());
    CHECK(t.played().size() == 3);
    CHECK(t.play("1-6").v == puzzle_attempt::verdict::not_your_turn);
}

TEST_CASE("puzzle attempt: a wrong or unparsable move fails it and names the line's move") {
    for (const char* bad : {"22-17", "no such move", ""}) {
        CAPTURE(bad);
        auto a = puzzle_attempt::start(shot());
        REQUIRE(a);
        auto r = a.value().play(bad);
        CHECK(r.v == puzzle_attempt::verdict::wrong);
        CHECK(r.expected == "22-18");
        CHECK(a.value().over());
        CHECK_FALSE(a.value().solved());
        CHECK(a.value().play("22-18").v == puzzle_attempt::verdict::not_your_turn);
    }
}

TEST_CASE("puzzle attempt: a puzzle that is not legal is refused before anyone sees it") {
    auto p = shot();
    p.moves[1] = "9-14";  // 15x22 is compulsory
    CHECK_FALSE(puzzle_attempt::start(p));
    p = shot();
    p.game = "no-such-game";
    CHECK_FALSE(puzzle_attempt::start(p));
    p = shot();
    p.position = "W:garbage";
    CHECK_FALSE(puzzle_attempt::start(p));
}

TEST_CASE("next puzzle: the unseen one rated nearest the solver, none when all are seen") {
    std::vector<puzzle_entry> set(3, shot());
    set[0].id = "a";
    set[0].rating.r = 1000;
    set[1].id = "b";
    set[1].rating.r = 1480;
    set[2].id = "c";
    set[2].rating.r = 1900;
    glicko2::rating solver{1500, 200, 0.06};
    CHECK(pick_next_puzzle(set, solver, {}) == 1u);
    CHECK(pick_next_puzzle(set, solver, {"b"}) == 2u);
    CHECK(pick_next_puzzle(set, solver, {"b", "c"}) == 0u);
    CHECK_FALSE(pick_next_puzzle(set, solver, {"a", "b", "c"}));
}

TEST_CASE("puzzle rating: the first try moves both ratings, a later try neither") {
    const glicko2::rating solver{1500, 200, 0.06}, puzzle{1500, 200, 0.06};
    const auto won = rate_first_try(solver, puzzle, true, true);
    CHECK(won.counted);
    CHECK(won.solver.r > solver.r);
    CHECK(won.puzzle.r < puzzle.r);
    const auto lost = rate_first_try(solver, puzzle, false, true);
    CHECK(lost.solver.r < solver.r);
    CHECK(lost.puzzle.r > puzzle.r);
    const auto again = rate_first_try(solver, puzzle, true, false);
    CHECK_FALSE(again.counted);
    CHECK(again.solver.r == solver.r);
    CHECK(again.puzzle.r == puzzle.r);
}

TEST_CASE("puzzle streak: begins at the easiest, each next a step harder, never one used") {
    std::vector<puzzle_entry> set;
    for (int r : {1400, 900, 1000, 1050, 1100, 1300, 920})
        set.push_back({"p" + std::to_string(r), "g", "", {}, {double(r), 150, 0.06}, {}});
    auto rating = [&](std::optional<std::size_t> i) { return i ? int(set[*i].rating.r) : 0; };

    // The easiest to begin; 900 and 920 are a near-tie, drawn by the noise.
    CHECK(rating(pick_streak_puzzle(set, std::nullopt, {}, 0)) == 900);
    CHECK(rating(pick_streak_puzzle(set, std::nullopt, {}, 1)) == 920);
    // A step (50) above the last: after 1100, 1300 is the nearest harder one
    // left (1000 and 1050 are nearer 1150 but easier).
    CHECK(rating(pick_streak_puzzle(set, 1100.0, {"p1100", "p1050"}, 0)) == 1300);
    // No harder one left: the nearest of the rest.
    CHECK(rating(pick_streak_puzzle(set, 1400.0, {"p1400", "p1300", "p1100"}, 0)) == 1050);
    CHECK_FALSE(pick_streak_puzzle({}, std::nullopt, {}, 0));

    // A whole streak over the set, for any noise: every puzzle once, rising
    // until only easier ones are left.
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        std::set<std::string> used;
        std::optional<double> last;
        std::vector<int> shown;
        while (auto i = pick_streak_puzzle(set, last, used, seed * 7 + used.size())) {
            CHECK(used.insert(set[*i].id).second);
            last = set[*i].rating.r;
            shown.push_back(int(*last));
        }
        CHECK(shown.size() == set.size());
        CHECK(shown.front() <= 920);
        const auto top = std::find(shown.begin(), shown.end(), 1400);
        CHECK(std::is_sorted(shown.begin(), top));
    }
}
