// The arena's pure rules (server/tournament): scoring over hand-computed
// sheets, berserk, and the properties of a pairing wave.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "reduced.hpp"
#include "tournament/rules/arena_pairing.hpp"
#include "tournament/rules/arena_scoring.hpp"
#include "tournament/rules/tie_breaks.hpp"

using namespace kibitz::server;
using namespace kibitz::server::tournament;

namespace {

constexpr arena_rules rules{20, 14};  // draws from 20 plies score, berserk wins from 14

arena_game win(int plies = 40, bool berserk = false) { return {outcome::win, berserk, plies}; }
arena_game draw(int plies = 40) { return {outcome::draw, false, plies}; }
arena_game loss(bool berserk = false) { return {outcome::loss, berserk, 40}; }

std::vector<int> points(const arena_score& s) {
    std::vector<int> p;
    for (const auto& g : s.sheet) p.push_back(g.points);
    return p;
}

}  // namespace

TEST_CASE("arena scoring: a win 2, a draw 1, a loss 0 before any streak") {
    std::vector<arena_game> sheet{win(), loss(), draw(), win(), draw(), loss()};
    arena_score s = score_arena_sheet(sheet, rules);
    CHECK(points(s) == std::vector<int>{2, 0, 1, 2, 1, 0});
    CHECK(s.total == 6);
    CHECK_FALSE(s.on_fire());
}

TEST_CASE("arena scoring: after two wins every game scores double until one is not a win") {
    // W W | W(4) D(2) | W W | W(4) W(4) L(0) W
    std::vector<arena_game> sheet{win(), win(), win(), draw(), win(),
                                  win(), win(), win(), loss(), win()};
    arena_score s = score_arena_sheet(sheet, rules);
    CHECK(points(s) == std::vector<int>{2, 2, 4, 2, 2, 2, 4, 4, 0, 2});
    CHECK(s.total == 24);
    CHECK(s.sheet[1].mark == arena_mark::normal);  // the second win starts the fire, not doubled
    CHECK(s.sheet[2].mark == arena_mark::doubled);
    CHECK(s.sheet[3].mark == arena_mark::doubled);  // the draw that puts it out still doubles
    CHECK(s.sheet[4].mark == arena_mark::normal);
    CHECK(s.sheet[8].mark == arena_mark::doubled);  // a loss on fire: 0 either way
    CHECK(s.sheet[9].mark == arena_mark::normal);
    CHECK_FALSE(s.on_fire());
    add_arena_game(s, win(), rules);
    CHECK(s.on_fire());
    CHECK(s.wins_in_a_row == 2);
}

TEST_CASE(
    "arena scoring: a draw shorter than the game's minimum scores nothing and ends a streak") {
    std::vector<arena_game> sheet{draw(19), draw(20), win(), win(), draw(5), win()};
    arena_score s = score_arena_sheet(sheet, rules);
    CHECK(points(s) == std::vector<int>{0, 1, 2, 2, 0, 2});
    CHECK(s.sheet[0].mark == arena_mark::early_draw);
    CHECK(s.sheet[1].mark == arena_mark::normal);
    CHECK(s.sheet[4].mark == arena_mark::early_draw);
    CHECK(s.total == 7);
    // A minimum of 0 means every draw scores.
    CHECK(score_arena_sheet(sheet, arena_rules{0, 0}).total == 1 + 1 + 2 + 2 + 2 + 2);
}

TEST_CASE("arena scoring: berserk adds 1 to a win long enough, never doubled, nothing otherwise") {
    std::vector<arena_game> sheet{win(14, true), win(13, true), win(40, true),
                                  loss(true),    draw(),        win(40, true)};
    arena_score s = score_arena_sheet(sheet, rules);
    // 2+1 | 2 (13 plies: no bonus) | on fire 4+1 | 0 | 1 | 2+1
    CHECK(points(s) == std::vector<int>{3, 2, 5, 0, 1, 3});
    CHECK(s.sheet[0].berserk_bonus);
    CHECK_FALSE(s.sheet[1].berserk_bonus);
    CHECK(s.sheet[2].berserk_bonus);
    CHECK_FALSE(s.sheet[3].berserk_bonus);
    CHECK(s.total == 14);
}

TEST_CASE("arena scoring: a game that did not count scores nothing and leaves the streak") {
    arena_game aborted = win();
    aborted.counted = false;
    std::vector<arena_game> sheet{win(), win(), aborted, win(), loss(), win(), aborted, win()};
    arena_score s = score_arena_sheet(sheet, rules);
    CHECK(points(s) == std::vector<int>{2, 2, 0, 4, 0, 2, 0, 2});
    CHECK(s.sheet[2].mark == arena_mark::not_counted);
    CHECK(s.on_fire());  // the last two counted games were wins
    CHECK(s.total == 12);
}

TEST_CASE("arena scoring: one game at a time adds up to the whole sheet") {
    std::mt19937 rng(7);
    std::vector<arena_game> sheet;
    arena_score running;
    for (int i = 0; i < 200; ++i) {
        arena_game g{outcome(rng() % 3), rng() % 4 == 0, int(rng() % 60), rng() % 10 != 0};
        sheet.push_back(g);
        add_arena_game(running, g, rules);
    }
    arena_score whole = score_arena_sheet(sheet, rules);
    CHECK(whole.total == running.total);
    CHECK(points(whole) == points(running));
    int sum = 0;
    for (int p : points(whole)) sum += p;
    CHECK(sum == whole.total);
}

TEST_CASE("berserk: half the clock, no increment, only before one's own first move") {
    CHECK(berserk_clock({60, 0}) == time_control{30, 0});
    CHECK(berserk_clock({180, 2}) == time_control{90, 0});
    CHECK(berserk_clock({15, 1}) == time_control{7, 0});
    CHECK(berserk_allowed(time_control{60, 0}, 0));
    CHECK_FALSE(berserk_allowed(time_control{60, 0}, 1));
    CHECK_FALSE(berserk_allowed(std::nullopt, 0));        // untimed
    CHECK_FALSE(berserk_allowed(time_control{1, 5}, 0));  // half a second is no clock
    CHECK(berserk_allowed(time_control{2, 0}, 0));
}

TEST_CASE("arena standings: score, then performance, then rating; full ties share a rank") {
    arena_score strong =
        score_arena_sheet(std::vector<arena_game>{{outcome::win, false, 40, true, 1800},
                                                  {outcome::loss, false, 40, true, 1600}},
                          rules);
    CHECK(arena_performance(strong) == (1800 + 500 + 1600 - 500) / 2);
    CHECK(arena_performance(arena_score{}) == 0);
    std::vector<arena_entry> entries{{"c", 1500, 2, 1500},
                                     {"a", 1400, 2, 1700},
                                     {"b", 1600, 2, 1500},
                                     {"d", 1500, 2, 1500},
                                     {"e", 2000, 0, 0}};
    auto rows = arena_standings(entries);
    REQUIRE(rows.size() == 5);
    CHECK(rows[0].id == "a");  // best performance among the 2s
    CHECK(rows[1].id == "b");  // then rating
    CHECK(rows[2].id == "c");
    CHECK(rows[3].id == "d");
    CHECK(rows[2].rank == 3);
    CHECK(rows[3].rank == 3);  // c and d are equal on everything
    CHECK(rows[4].rank == 5);
}

namespace {

arena_waiting waiter(std::string id, int rank, std::string last = "", std::int64_t waited = 5000) {
    arena_waiting w;
    w.id = std::move(id);
    w.rank = rank;
    w.last_opponent = std::move(last);
    w.waited_ms = waited;
    return w;
}

bool paired(const arena_wave& w, const std::string& a, const std::string& b) {
    return std::any_of(w.pairs.begin(), w.pairs.end(), [&](const arena_pair& p) {
        return (p.first == a && p.second == b) || (p.first == b && p.second == a);
    });
}

}  // namespace

TEST_CASE("arena pairing: neighbours in the standings meet; the odd one who waited least waits") {
    std::vector<arena_waiting> w{waiter("a", 1), waiter("b", 2), waiter("c", 3), waiter("d", 4),
                                 waiter("e", 5, "", 100)};
    arena_wave wave = pair_arena_wave(w, 1);
    CHECK(wave.pairs.size() == 2);
    CHECK(paired(wave, "a", "b"));
    CHECK(paired(wave, "c", "d"));
    CHECK(wave.waiting == std::vector<std::string>{"e"});
    w[2].waited_ms = 10;  // now c has just arrived: the others pair around it
    wave = pair_arena_wave(w, 1);
    CHECK(wave.waiting == std::vector<std::string>{"c"});
    CHECK(paired(wave, "a", "b"));
    CHECK(paired(wave, "d", "e"));
}

TEST_CASE("arena pairing: no rematch while anyone else waits; two alone meet again") {
    std::vector<arena_waiting> w{waiter("a", 1, "b"), waiter("b", 2, "a"), waiter("c", 3, "", 1)};
    arena_wave wave = pair_arena_wave(w, 3);
    REQUIRE(wave.pairs.size() == 1);
    CHECK_FALSE(paired(wave, "a", "b"));
    std::vector<arena_waiting> two{waiter("a", 1, "b"), waiter("b", 2, "a")};
    CHECK(paired(pair_arena_wave(two, 3), "a", "b"));
    CHECK(pair_arena_wave(std::vector<arena_waiting>{}, 3).pairs.empty());
    wave = pair_arena_wave(std::vector<arena_waiting>{waiter("a", 1), waiter("a", 2)}, 3);
    CHECK(wave.pairs.empty());  // one player given twice is one player
    CHECK(wave.waiting == std::vector<std::string>{"a"});
}

TEST_CASE("arena pairing: each alternates sides where both can, else the one who had first less") {
    std::vector<arena_waiting> w{waiter("a", 1), waiter("b", 2)};
    w[0].last_side = side::first;
    w[1].last_side = side::second;
    arena_wave wave = pair_arena_wave(w, 9);
    REQUIRE(wave.pairs.size() == 1);
    CHECK(wave.pairs[0].first == "b");
    w[1].last_side = side::first;  // both had first: the balance decides
    w[0].side_balance = 1;
    w[1].side_balance = 0;
    CHECK(pair_arena_wave(w, 9).pairs[0].first == "b");
    w[1].side_balance = 2;
    CHECK(pair_arena_wave(w, 9).pairs[0].first == "a");
}

TEST_CASE("arena pairing: random waves pair everyone but one, near, without avoidable rematches") {
    std::mt19937_64 rng(2024);
    // Under the sanitizers (KIBITZ_TEST_REDUCED=1) a fifth of them.
    const int trials = kibitz::test::full_or_reduced(400, 80);
    for (int trial = 0; trial < trials; ++trial) {
        const int n = 2 + int(rng() % 120);
        // Half the waves have distinct ranks, half many ties (early in an event).
        const bool distinct = trial % 2 == 0;
        std::vector<arena_waiting> w;
        for (int i = 0; i < n; ++i) {
            arena_waiting p =
                waiter("p" + std::to_string(i), distinct ? i + 1 : 1 + int(rng() % 4));
            p.rating = 1000 + int(rng() % 1000);
            p.waited_ms = std::int64_t(rng() % 20000);
            if (rng() % 3 != 0) p.last_side = rng() % 2 ? side::first : side::second;
            w.push_back(p);
        }
        // Last games: a random matching among them (each has at most one last opponent).
        std::vector<int> order(n);
        for (int i = 0; i < n; ++i) order[i] = i;
        std::shuffle(order.begin(), order.end(), rng);
        for (int i = 0; i + 1 < n; i += 2) {
            if (rng() % 4 == 0) continue;
            w[order[i]].last_opponent = w[order[i + 1]].id;
            w[order[i + 1]].last_opponent = w[order[i]].id;
        }
        std::shuffle(w.begin(), w.end(), rng);
        const std::uint64_t seed = rng();
        arena_wave wave = pair_arena_wave(w, seed);

        std::map<std::string, const arena_waiting*> by_id;
        for (const auto& p : w) by_id[p.id] = &p;
        std::set<std::string> seen;
        for (const auto& pr : wave.pairs) {
            CHECK(seen.insert(pr.first).second);
            CHECK(seen.insert(pr.second).second);
            if (n > 2) CHECK(by_id[pr.first]->last_opponent != pr.second);
            const auto &first = *by_id[pr.first], &second = *by_id[pr.second];
            if (first.last_side && second.last_side && *first.last_side != *second.last_side)
                CHECK(*first.last_side == side::second);  // both alternate
            // Neighbours, give or take the one waiting and a step round a last opponent.
            if (distinct) CHECK(std::abs(by_id[pr.first]->rank - by_id[pr.second]->rank) <= 3);
        }
        for (const auto& id : wave.waiting) CHECK(seen.insert(id).second);
        CHECK(int(seen.size()) == n);
        CHECK(int(wave.waiting.size()) == n % 2);
        // The input's order does not matter; the seed decides the lot.
        std::reverse(w.begin(), w.end());
        arena_wave again = pair_arena_wave(w, seed);
        CHECK(again.waiting == wave.waiting);
        REQUIRE(again.pairs.size() == wave.pairs.size());
        for (std::size_t i = 0; i < wave.pairs.size(); ++i) {
            CHECK(again.pairs[i].first == wave.pairs[i].first);
            CHECK(again.pairs[i].second == wave.pairs[i].second);
        }
    }
}
