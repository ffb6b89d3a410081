// The store conformance suite, puzzles (issue 27): loading the shipped set
// idempotently, solvers' ratings and first tries. Run once per backend like
// conformance.cpp (store_backends.hpp).
#include <doctest/doctest.h>

#include "store/puzzle_store.hpp"
#include "store_backends.hpp"
#include "test_util.hpp"

using namespace kibitz;
using namespace kibitz::server::storage;
using test::must;

namespace {
using test::t0;

puzzle_store& puzzles(const std::unique_ptr<store>& s) { return test::store_part<puzzle_store>(s); }
puzzle_row row(const std::string& id, const std::string& game, double r) {
    return {id, game, "W:W21:B5", {"21-17", "5-9", "17-13"}, {r, 350, 0.06}, {"multi-jump"}, 0};
}
std::vector<puzzle_row> load(puzzle_store& s, std::vector<puzzle_row> rows) {
    return must<std::vector<puzzle_row>>([&](auto h) { s.load_puzzles(rows, h); });
}
puzzle_solver solver(puzzle_store& s, player who, const std::string& game) {
    return must<puzzle_solver>([&](auto h) { s.puzzle_solver_of(who.id, game, h); });
}
// A first try rated to fixed values: the solver to `r`, the puzzle to 1234.5.
bool record(puzzle_store& s, player who, const std::string& puzzle, bool solved, double r) {
    puzzle_try t{who.id, puzzle, "g1", solved, t0, {1500, 350, 0.06}};
    auto rate = [r](const puzzle_rating&, const puzzle_rating&) {
        return std::pair<puzzle_rating, puzzle_rating>{{r, 200, 0.06}, {1234.5, 300, 0.06}};
    };
    return must<std::optional<puzzle_try_rated>>([&](auto h) { s.record_puzzle_try(t, rate, h); })
        .has_value();
}
}  // namespace

TEST_CASE("conformance: puzzles load once; a new file's puzzles are added, stored ones kept") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto all = load(puzzles(s), {row("g1-1", "g1", 1100), row("g1-2", "g1", 900)});
    REQUIRE(all.size() == 2);
    CHECK(all[0].id == "g1-1");
    CHECK(all[0].game == "g1");
    CHECK(all[0].position == "W:W21:B5");
    CHECK(all[0].moves == std::vector<std::string>{"21-17", "5-9", "17-13"});
    CHECK(all[0].themes == std::vector<std::string>{"multi-jump"});
    CHECK(all[0].rating.r == 1100);
    CHECK(all[0].rating.rd == 350);
    CHECK(all[0].plays == 0);

    auto ada = must<player>([&](auto h) { s->create_guest("ada", t0, h); });
    CHECK(record(puzzles(s), ada, "g1-1", true, 1600));

    // A restart loads the same file again and a new game's: nothing doubles,
    // the rated puzzle keeps its rating.
    s.reset();
    s = place->open();
    all = load(puzzles(s),
               {row("g1-1", "g1", 1100), row("g1-2", "g1", 900), row("g2-1", "g2", 1500)});
    REQUIRE(all.size() == 3);
    CHECK(all[0].rating.r == 1234.5);
    CHECK(all[0].rating.rd == 300);
    CHECK(all[0].plays == 1);
    CHECK(all[1].plays == 0);
    CHECK(all[2].game == "g2");
}

TEST_CASE("conformance: a puzzle stored without its last move gets it from the next load") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto all = load(puzzles(s), {row("g1-1", "g1", 1100)});
    REQUIRE(all.size() == 1);
    CHECK(all[0].last_move.empty());
    CHECK(all[0].before.empty());
    auto ada = must<player>([&](auto h) { s->create_guest("ada", t0, h); });
    CHECK(record(puzzles(s), ada, "g1-1", true, 1600));

    // The file now carries the last move: it is filled in, the rating kept.
    auto with_move = row("g1-1", "g1", 1100);
    with_move.before = "B:W21:B1";
    with_move.last_move = "1-5";
    all = load(puzzles(s), {with_move});
    REQUIRE(all.size() == 1);
    CHECK(all[0].last_move == "1-5");
    CHECK(all[0].before == "B:W21:B1");
    CHECK(all[0].rating.r == 1234.5);
    CHECK(all[0].plays == 1);

    // A later file never rewrites a stored last move.
    with_move.last_move = "2-5";
    all = load(puzzles(s), {with_move});
    CHECK(all[0].last_move == "1-5");
}

TEST_CASE("conformance: a solver's first try counts once; seen and rating survive a restart") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    load(puzzles(s), {row("g1-1", "g1", 1100), row("g1-2", "g1", 900)});
    auto ada = must<player>([&](auto h) { s->create_guest("ada", t0, h); });
    auto bob = must<player>([&](auto h) { s->create_guest("bob", t0, h); });

    auto fresh = solver(puzzles(s), ada, "g1");
    CHECK_FALSE(fresh.rating);
    CHECK(fresh.seen.empty());

    CHECK(record(puzzles(s), ada, "g1-1", true, 1650));
    CHECK_FALSE(record(puzzles(s), ada, "g1-1", false, 1400));  // a second try: nothing
    CHECK(record(puzzles(s), ada, "g1-2", false, 1600));
    CHECK(record(puzzles(s), bob, "g1-1", false, 1300));  // another solver's first try

    s.reset();
    s = place->open();
    auto a = solver(puzzles(s), ada, "g1");
    REQUIRE(a.rating);
    CHECK(a.rating->r == 1600);
    CHECK(a.rating->rd == 200);
    CHECK(a.seen.size() == 2);
    CHECK(a.solved == 1);
    CHECK_FALSE(solver(puzzles(s), ada, "g2").rating);  // per game
    auto all = load(puzzles(s), {});
    CHECK(all[0].plays == 2);  // ada's and bob's first tries
    CHECK(all[1].plays == 1);
}

TEST_CASE("conformance: a player's best streak per game: only a longer one replaces it") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    load(puzzles(s), {row("g1-1", "g1", 1100)});
    auto ada = must<player>([&](auto h) { s->create_guest("ada", t0, h); });
    auto streak = [&](const std::string& game, int count) {
        return must<bool>(
            [&](auto h) { puzzles(s).record_puzzle_streak(ada.id, game, count, t0, h); });
    };
    CHECK(solver(puzzles(s), ada, "g1").best_streak == 0);
    CHECK(streak("g1", 3));
    CHECK_FALSE(streak("g1", 2));  // shorter: the best stays
    CHECK_FALSE(streak("g1", 3));  // as long: the best stays
    CHECK(streak("g1", 5));
    CHECK(streak("g2", 1));  // per game

    s.reset();
    s = place->open();
    CHECK(solver(puzzles(s), ada, "g1").best_streak == 5);
    CHECK(solver(puzzles(s), ada, "g2").best_streak == 1);
    CHECK(solver(puzzles(s), ada, "g3").best_streak == 0);
}

TEST_CASE("conformance: a player's puzzle history: ratings, best streaks, tries with themes") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    auto second = row("g1-2", "g1", 900);
    second.themes = {"multi-jump", "breakthrough to crown"};
    load(puzzles(s), {row("g1-1", "g1", 1100), second});
    auto ada = must<player>([&](auto h) { s->create_guest("ada", t0, h); });
    auto history = [&](const std::string& name) {
        return must<std::optional<puzzle_history>>(
            [&](auto h) { puzzles(s).puzzle_history_of(name, h); });
    };
    auto none = history("ada");
    REQUIRE(none);
    CHECK(none->who.id == ada.id);
    CHECK(none->tries.empty());
    CHECK_FALSE(history("nobody"));

    CHECK(record(puzzles(s), ada, "g1-2", false, 1400));
    CHECK(record(puzzles(s), ada, "g1-1", true, 1450));
    must<bool>([&](auto h) { puzzles(s).record_puzzle_streak(ada.id, "g1", 4, t0, h); });
    auto got = history("ada");
    REQUIRE(got);
    REQUIRE(got->tries.size() == 2);
    CHECK(got->tries[0].puzzle == "g1-1");  // same time: in id order
    CHECK(got->tries[0].solved);
    CHECK(got->tries[0].rating_after == 1450);
    CHECK(got->tries[0].themes == std::vector<std::string>{"multi-jump"});
    CHECK(got->tries[1].themes == second.themes);
    CHECK(got->tries[1].game == "g1");
    REQUIRE(got->ratings.size() == 1);
    CHECK(got->ratings[0].first == "g1");
    CHECK(got->ratings[0].second.r == 1450);
    CHECK(got->best_streaks == std::vector<std::pair<std::string, int>>{{"g1", 4}});
}

TEST_CASE("conformance: a first try is rated from the ratings stored when it is recorded") {
    INFO("backend: " << test::backend_name());
    auto place = test::new_place();
    auto s = place->open();
    load(puzzles(s), {row("g1-1", "g1", 1100)});
    auto ada = must<player>([&](auto h) { s->create_guest("ada", t0, h); });
    auto bob = must<player>([&](auto h) { s->create_guest("bob", t0, h); });
    // What the rule is given, and what it answers: +100 for the solver, -50 for the puzzle.
    std::vector<std::pair<puzzle_rating, puzzle_rating>> given;
    auto rate = [&given](const puzzle_rating& sv, const puzzle_rating& pz) {
        given.push_back({sv, pz});
        return std::pair<puzzle_rating, puzzle_rating>{{sv.r + 100, sv.rd, sv.vol},
                                                       {pz.r - 50, pz.rd, pz.vol}};
    };
    auto try_of = [&](player who) {
        puzzle_try t{who.id, "g1-1", "g1", true, t0, {1450, 300, 0.06}};
        return must<std::optional<puzzle_try_rated>>(
            [&](auto h) { puzzles(s).record_puzzle_try(t, rate, h); });
    };
    auto a = try_of(ada);
    REQUIRE(a);
    CHECK(a->solver_before.r == 1450);  // no rating yet: the one the try starts from
    CHECK(a->solver_after.r == 1550);
    CHECK(a->puzzle_after.r == 1050);
    CHECK(a->plays == 1);
    auto b = try_of(bob);
    REQUIRE(b);
    CHECK(b->puzzle_after.r == 1000);  // from Ada's result, as stored
    CHECK(b->plays == 2);
    CHECK_FALSE(try_of(ada));  // a second try: nothing, the rule not asked
    REQUIRE(given.size() == 2);
    CHECK(given[1].second.r == 1050);
    CHECK(solver(puzzles(s), ada, "g1").rating->r == 1550);
    CHECK(load(puzzles(s), {})[0].rating.r == 1000);
}
