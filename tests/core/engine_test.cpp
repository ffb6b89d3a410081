// The engine over every registered game that has one: the move it names is
// always legal, finished and single-move positions are handled, budgets and
// the stop flag are honoured, fixed budgets are deterministic, and the levels
// are ordered. Game-specific tactics live in each game's own engine test.
// KIBITZ_TEST_REDUCED=1 (the sanitizer builds): fewer positions, smaller
// budgets, and a level match of two short games (a weaker strength check).
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <random>
#include <thread>
#include <utility>

#include "engine/match.hpp"
#include "engine/time_budget.hpp"
#include "kibitz/core/engine.hpp"
#include "kibitz/core/registry.hpp"
#include "reduced.hpp"

namespace core = kibitz::core;
namespace engine = kibitz::core::engine;
using kibitz::test::full_or_reduced;

namespace {

// A search and the wall time it took, in ms.
std::pair<core::result<engine::report>, long long> timed_think(const core::game& g,
                                                               const engine::limits& l) {
    const auto t0 = std::chrono::steady_clock::now();
    auto r = engine::think(g, l);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    return {std::move(r), ms};
}

// Positions reached by random play from the start, for every game with an engine.
struct sample {
    const core::game_info* info;
    std::unique_ptr<core::game> game;
};

std::vector<sample> random_positions(int per_game, std::uint64_t seed) {
    std::vector<sample> out;
    std::mt19937_64 rng(seed);
    for (const auto& info : core::all_games()) {
        if (!info.think) continue;
        for (int n = 0; n < per_game; ++n) {
            auto g = info.new_game();
            const int plies = static_cast<int>(rng() % 120);
            for (int k = 0; k < plies && !g->current_status().over(); ++k)
                g->play(rng() % g->move_count());
            out.push_back({&info, std::move(g)});
        }
    }
    return out;
}

engine::limits budget(std::uint64_t nodes, int level = engine::max_level, std::uint64_t seed = 1) {
    engine::limits l;
    l.nodes = nodes;
    l.level = level;
    l.seed = seed;
    return l;
}

}  // namespace

TEST_CASE("the named move is legal, in every game, at every level") {
    engine::workspace ws(1);
    int searched = 0;
    auto samples = random_positions(full_or_reduced(40, 12), 7);
    const std::uint64_t nodes = full_or_reduced(3000, 1500);
    for (auto& s : samples) {
        const auto& g = *s.game;
        auto r =
            engine::think(g, budget(nodes, 1 + searched % engine::max_level, searched), {}, ws);
        if (g.current_status().over()) {
            CHECK_FALSE(r.ok());
            continue;
        }
        REQUIRE_MESSAGE(r.ok(), s.info->id);
        const auto& rep = r.value();
        REQUIRE(rep.move < g.move_count());
        CHECK(rep.text == g.move_text(rep.move));
        auto parsed = g.parse_move(rep.text);
        REQUIRE(parsed.ok());
        CHECK(parsed.value() == rep.move);
        ++searched;
    }
    // Random play ends some games early; most positions are still in play.
    CHECK(searched * 2 > static_cast<int>(samples.size()));
}

TEST_CASE("a position with one legal move is answered at once") {
    // Checkers: Black's only move is the capture 9x18.
    auto g = core::find_game("checkers")->from_position("B:W14,30:B9");
    REQUIRE(g.ok());
    REQUIRE(g.value()->move_count() == 1);
    auto r = engine::think(*g.value(), budget(100000));
    REQUIRE(r.ok());
    CHECK(r.value().text == "9x18");
    CHECK(r.value().nodes == 0);
    // A review asks for its value anyway: searched (it finds White winning
    // the ending after the capture: Black's last man is lost in four plies).
    auto l = budget(20000);
    l.score_forced_move = true;
    auto scored = engine::think(*g.value(), l);
    REQUIRE(scored.ok());
    CHECK(scored.value().text == "9x18");
    CHECK(scored.value().depth > 0);
    CHECK(scored.value().nodes > 0);
    CHECK(scored.value().score == -(engine::win_score - 4));
}

TEST_CASE("fixed node and depth budgets give the same answer every time") {
    const std::uint64_t nodes = full_or_reduced(20000, 4000);
    for (auto& s : random_positions(full_or_reduced(3, 1), 11)) {
        if (s.game->current_status().over()) continue;
        engine::workspace ws1(1), ws2(1);
        auto a = engine::think(*s.game, budget(nodes, 6, 5), {}, ws1);
        // The second workspace has searched something else first.
        engine::limits deep;
        deep.depth = 3;
        (void)engine::think(*s.game, deep, {}, ws2);
        auto b = engine::think(*s.game, budget(nodes, 6, 5), {}, ws2);
        REQUIRE(a.ok());
        REQUIRE(b.ok());
        CHECK_MESSAGE(a.value().text == b.value().text, s.info->id);
        CHECK(a.value().nodes == b.value().nodes);
        CHECK(a.value().score == b.value().score);
    }
}

TEST_CASE("a search that keeps the table starts from what the last one found") {
    for (auto& s : random_positions(full_or_reduced(3, 1), 13)) {
        if (s.game->current_status().over()) continue;
        engine::workspace ws;  // room for the whole tree: nothing is overwritten
        engine::limits l;
        l.depth = full_or_reduced(6, 4);
        auto first = engine::think(*s.game, l, {}, ws);
        l.keep_table = true;
        auto again = engine::think(*s.game, l, {}, ws);
        l.keep_table = false;
        auto fresh = engine::think(*s.game, l, {}, ws);
        REQUIRE(first.ok());
        REQUIRE(again.ok());
        REQUIRE(fresh.ok());
        if (first.value().depth == 0) continue;  // one legal move: no search
        // The same depth again, from the first search's entries, costs less...
        CHECK_MESSAGE(again.value().nodes < first.value().nodes, s.info->id);
        CHECK(again.value().depth == first.value().depth);
        // ...and without keep_table the table reads as empty: the same work.
        CHECK_MESSAGE(fresh.value().nodes == first.value().nodes, s.info->id);
        CHECK(fresh.value().text == first.value().text);
    }
}

TEST_CASE("a time budget is kept, and the stop flag stops the search") {
    for (const auto& info : core::all_games()) {
        if (!info.think) continue;
        auto g = info.new_game();
        engine::limits l;
        l.movetime_ms = 60;
        auto [r, ms] = timed_think(*g, l);
        REQUIRE(r.ok());
        // Generous: a loaded 2-core machine deschedules threads for hundreds of
        // ms (seen failing at +250 with a load of 11). This catches a search
        // that ignores its budget (seconds); bench_engine measures the real overshoot.
        CHECK_MESSAGE(ms < 60 + 1000, info.id);

        // No budget but the flag, raised once the first depth is done (the
        // server raises it from another thread; here the search's own report
        // is the moment): the search returns, with that depth's move.
        std::atomic<bool> stop{false};
        engine::limits forever;
        forever.stop = &stop;
        int reports = 0;
        auto s = engine::think(*g, forever, [&](const engine::info&) {
            ++reports;
            stop = true;
        });
        REQUIRE(s.ok());
        CHECK(reports >= 1);
        CHECK(s.value().move < g->move_count());
    }
}

TEST_CASE("at spend 100 a search thinks until its movetime is up") {
    for (const auto& info : core::all_games()) {
        if (!info.think) continue;
        auto g = info.new_game();
        engine::limits l;
        l.movetime_ms = 80;
        l.iteration_start_percent = 100;
        auto [r, ms] = timed_think(*g, l);
        REQUIRE(r.ok());
        // A lower bound only: a loaded machine makes the search later, never
        // earlier. With the default (50) it stops once an iteration ends past
        // 40 ms, well before 80 on the start position.
        CHECK_MESSAGE(ms >= 80, info.id);
    }
}

TEST_CASE("a match spec names its budget, and a bad one is refused with the reason") {
    auto spec = engine::parse_spec("level=8,movetime=300,keep=1,spend=100,book=1");
    REQUIRE(spec.ok());
    CHECK(spec.value().budget.movetime_ms == 300);
    CHECK(spec.value().budget.keep_table);
    CHECK(spec.value().budget.book);
    CHECK_FALSE(engine::parse_spec("level=8").value().budget.book);
    CHECK(spec.value().budget.iteration_start_percent == 100);
    CHECK(engine::parse_spec("level=8").value().budget.iteration_start_percent == 50);
    for (const char* bad :
         {"spend=0", "spend=101", "keep=2", "book=2", "level=9", "depth", "nodes=-1"}) {
        auto r = engine::parse_spec(bad);
        CHECK_MESSAGE(!r.ok(), bad);
        if (!r.ok())
            CHECK_MESSAGE(r.reason().find(std::string(bad).substr(0, 4)) != std::string::npos, bad);
    }
}

TEST_CASE("level 8 beats levels 1 and 4 at the same node budget") {
    for (const auto& info : core::all_games()) {
        if (!info.think) continue;
        engine::match_settings ms;
        ms.games = full_or_reduced(8, 2);
        ms.seed = 3;
        ms.max_plies = full_or_reduced(300, 40);
        const char* nodes = kibitz::test::reduced() ? ",nodes=500" : ",nodes=4000";
        auto strong = engine::parse_spec(std::string("level=8") + nodes).value();
        for (const std::string weak : {"level=1", "level=4"}) {
            auto sum =
                engine::play_match(info, strong, engine::parse_spec(weak + nodes).value(), ms);
            INFO(info.id << " against " << weak << ": " << sum.wins << "/" << sum.draws << "/"
                         << sum.losses);
            CHECK(sum.games() == ms.games);
            // The reduced run's two short games (fixed seeds and node budgets:
            // the same games in every build) still separate level 8 from
            // level 1; against level 4 they show only that it is not the weaker.
            const double least = !kibitz::test::reduced() || weak == "level=1" ? 0.75 : 0.5;
            CHECK(sum.points() >= least * ms.games);
        }
    }
}

TEST_CASE("think time: a share of the clock, never enough to flag") {
    using engine::clock_reading;
    // Untimed: by level.
    CHECK(engine::think_time_ms({}, 8, 0) == 2000);
    CHECK(engine::think_time_ms({}, 1, 0) < engine::think_time_ms({}, 8, 0));
    // 1+0 from the start: about a 35th of a minute.
    const auto first = engine::think_time_ms({true, 60'000, 0}, 8, 0);
    CHECK(first > 1000);
    CHECK(first < 2000);
    // Whole games at the offered time controls, however long: the clock never
    // runs out in 500 moves, counting 2 ms per move beyond the search.
    for (auto [initial, inc] : {std::pair{60'000, 0}, std::pair{180'000, 2'000}, std::pair{300'000, 3'000}}) {
        std::int64_t clock = initial, least = initial;
        for (int ply = 0; ply < 1000; ply += 2) {
            const auto t = engine::think_time_ms({true, clock, inc}, 8, ply);
            clock += inc - t - 2;
            least = std::min(least, clock);
        }
        CHECK_MESSAGE(least > 500, initial << "+" << inc);
    }
    // The increment is mostly spent when the clock is healthy.
    CHECK(engine::think_time_ms({true, 100'000, 5'000}, 8, 40) > 5'000);
    // Lower levels never think longer than untimed.
    CHECK(engine::think_time_ms({true, 1'800'000, 30'000}, 3, 0) <= engine::think_time_ms({}, 3, 0));
}

TEST_CASE("think time: an untimed move spends its whole time, a timed one saves the clock") {
    CHECK(engine::iteration_start_percent({}) == 100);
    CHECK(engine::iteration_start_percent({true, 60'000, 0}) == 50);
    CHECK(engine::iteration_start_percent({true, 60'000, 0}) ==
          engine::limits{}.iteration_start_percent);
}

TEST_CASE("natural delay: lower levels pause, short clocks never") {
    CHECK(engine::natural_delay_ms({}, 1, 7) >= 400);
    CHECK(engine::natural_delay_ms({}, 8, 7) == 0);
    CHECK(engine::natural_delay_ms({true, 10'000, 0}, 1, 7) == 0);
    CHECK(engine::natural_delay_ms({true, 600'000, 0}, 2, 7) > 0);
}
