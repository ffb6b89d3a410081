// The endgame database (core/games/oware/oware_endgame.hpp): its index is a
// bijection, its values agree with an exhaustive search wherever that search
// is exact, and every value is the best move's capture minus its child's value
// except on the boards the cycle rule values.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <utility>

#include "kibitz/core/splitmix64.hpp"
#include "oware/oware_endgame.hpp"
#include "oware_test_util.hpp"

namespace kibitz::core::oware {

namespace {

constexpr int table_seeds = 8;

const endgame_build& table(variant v = variant::oware) {
    static const endgame_build oware = build_endgame(variant::oware, table_seeds);
    static const endgame_build ouril = build_endgame(variant::ouril, table_seeds);
    return v == variant::oware ? oware : ouril;
}

// Every board with at most `left` seeds in the pits from `pit` on.
// Boards whose seeds are all on North's row (pits 6..11) moved to South's.
pit_counts turned_rows(const pit_counts& x) {
    pit_counts t{};
    for (int i = 0; i < 6; ++i) t[i] = x[i + 6];
    return t;
}

template <class F>
void each_board(pit_counts& pits, int pit, int left, F&& f) {
    if (pit == pit_count) return f(pits);
    for (int x = 0; x <= left; ++x) {
        pits[pit] = std::uint8_t(x);
        each_board(pits, pit + 1, left - x, f);
    }
    pits[pit] = 0;
}

position board(const pit_counts& pits) {
    position p;
    p.pits = pits;
    p.stores = {0, 0};
    return p;
}

int seeds(const position& p) { return p.row_sum(0) + p.row_sum(1); }

// A game that ends for want of a move: the board is not scored, but after an
// Ouril grand slam each side takes its own row.
int no_move_value(const position& p) {
    return p.extra ? p.row_sum(p.side) - p.row_sum(1 - p.side) : 0;
}

// What a move is worth given its child's value: what it captures, then the
// child's value for its own side to move (Ouril's extra turn: the same side).
int through(const position& p, const position& child, int child_value) {
    const int taken = child.stores[p.side] - p.stores[p.side];
    return child.side == p.side ? taken + child_value : taken - child_value;
}

// The value a board gets from its best move, by the table.
int backed_up(variant v, const endgame_table& t, const position& p) {
    move_set ms;
    generate(v, p, ms);
    if (ms.size == 0) return no_move_value(p);
    int best = -100;
    for (int i = 0; i < ms.size; ++i)
        best = std::max(best, through(p, ms.next[i], *t.value(ms.next[i])));
    return best;
}

// Exhaustive search to `depth` plies: the interval the value lies in whatever
// the boards at the horizon are worth (each between -seeds and +seeds).
std::pair<int, int> bounds(variant v, const position& p, int depth) {
    move_set ms;
    generate(v, p, ms);
    if (ms.size == 0) return {no_move_value(p), no_move_value(p)};
    if (depth == 0) return {-seeds(p), seeds(p)};
    int lo = -100, hi = -100;
    for (int i = 0; i < ms.size; ++i) {
        const auto [clo, chi] = bounds(v, ms.next[i], depth - 1);
        const bool same = ms.next[i].side == p.side;
        lo = std::max(lo, through(p, ms.next[i], same ? clo : chi));
        hi = std::max(hi, through(p, ms.next[i], same ? chi : clo));
    }
    return {lo, hi};
}

}  // namespace

TEST_CASE("oware endgame: the index numbers every board once, fewer seeds first") {
    std::set<std::uint64_t> seen;
    pit_counts pits{};
    int last_seeds = 0;
    bool ordered = true;
    each_board(pits, 0, 4, [&](const pit_counts& b) {
        seen.insert(endgame_index(b));
        int n = 0;
        for (int x : b) n += x;
        if (n < 4 && endgame_index(b) >= endgame_size(n)) ordered = false;
        last_seeds = std::max(last_seeds, n);
    });
    CHECK(ordered);
    CHECK(seen.size() == endgame_size(4));
    CHECK(*seen.rbegin() == endgame_size(4) - 1);
    CHECK(endgame_size(15) == 17'383'860);
    CHECK(endgame_seeds_of(variant::oware, endgame_size(15)) == 15);
    CHECK_FALSE(endgame_seeds_of(variant::oware, endgame_size(15) + 1).has_value());
    CHECK(endgame_size(variant::ouril, 15) == 17'383'860 + 54'264);  // + C(21, 6) extra turns
    CHECK(endgame_seeds_of(variant::ouril, endgame_size(variant::ouril, 15)) == 15);
}

TEST_CASE("oware endgame: a table of the wrong size probes nothing, a smaller one is a prefix") {
    const std::vector<std::int8_t> wrong(100, 0);
    const endgame_table none(variant::oware, wrong);
    CHECK(none.seeds() == -1);
    CHECK_FALSE(none.value(board({1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0})).has_value());
    const endgame_build six = build_endgame(variant::oware, 6);
    REQUIRE(six.values.size() == endgame_size(6));
    CHECK(std::equal(six.values.begin(), six.values.end(), table().values.begin()));
    const endgame_table t(variant::oware, six.values);
    CHECK(t.seeds() == 6);
    CHECK_FALSE(t.value(board({7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})).has_value());
}

TEST_CASE("oware endgame: known values, and the same board from North's side") {
    const endgame_table t(variant::oware, table().values);
    // South's single seed in f must feed A; North's A then cannot feed South:
    // no legal move, the board is not scored.
    CHECK(t.value(board({0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0})) == 0);
    // f sows into A and B (1 each before): 2 and 2, captured; C keeps North's
    // row non-empty (no grand slam), and C cannot feed South: the game ends.
    CHECK(t.value(board({0, 0, 0, 0, 0, 2, 1, 1, 1, 0, 0, 0})) == 4);
    // Without C it would be a grand slam, illegal in Oware: no legal move.
    CHECK(t.value(board({0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0})) == 0);
    position north = board({1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2});
    north.side = 1;
    CHECK(t.value(north) == 4);
}

TEST_CASE("oware endgame: each value is its best move's, except on cyclic boards") {
    for (const variant v : test::both) {
        const std::string rules = test::name(v);
        CAPTURE(rules);
        const endgame_build& b = table(v);
        const endgame_table t(v, b.values);
        std::uint64_t differ = 0, total = 0;
        bool below_a_capture = false;
        const auto check = [&](const position& p) {
            const int value = *t.value(p);
            ++total;
            if (backed_up(v, t, p) != value) ++differ;
            // No cycle is worth less than a capture the side to move can take.
            move_set ms;
            generate(v, p, ms);
            for (int i = 0; i < ms.size; ++i)
                if (ms.next[i].stores[0] && through(p, ms.next[i], *t.value(ms.next[i])) > value)
                    below_a_capture = true;
        };
        pit_counts pits{};
        each_board(pits, 0, table_seeds, [&](const pit_counts& x) { check(board(x)); });
        std::uint64_t extra_turns = 0;
        if (v == variant::ouril) {
            // Extra turns: South moves again, North's row empty; never cyclic.
            const std::uint64_t before = differ;
            each_board(pits, 6, table_seeds, [&](const pit_counts& x) {
                position p = board(turned_rows(x));
                p.extra = 1;
                check(p);
                ++extra_turns;
            });
            CHECK(differ == before);
        }
        CHECK(total == endgame_size(v, table_seeds));
        CHECK(extra_turns == endgame_size(v, table_seeds) - endgame_size(table_seeds));
        CHECK_FALSE(below_a_capture);
        CHECK(differ <= b.cyclic);
        MESSAGE("cyclic boards: " << b.cyclic << " of " << total << ", differing: " << differ);
    }
}

TEST_CASE("oware endgame: agrees with an exhaustive search wherever that search is exact") {
    for (const variant v : test::both) {
        const std::string rules = test::name(v);
        CAPTURE(rules);
        const endgame_table t(v, table(v).values);
        splitmix64 rng{28};
        int exact = 0, samples = 0;
        for (int k = 0; k < 400; ++k) {
            position p = board({});
            const int n = 1 + int(rng.below(table_seeds));
            for (int s = 0; s < n; ++s) ++p.pits[rng.below(pit_count)];
            const auto [lo, hi] = bounds(v, p, 9);
            const int value = *t.value(p);
            CHECK_MESSAGE((lo <= value && value <= hi),
                          to_text(p) << ": table " << value << ", search " << lo << ".." << hi);
            ++samples;
            if (lo == hi) ++exact;
        }
        // The comparison must bite: about a third of the sampled boards are
        // settled within 9 plies (138 of 400 in Oware for this seed).
        CHECK(exact * 4 > samples);
        MESSAGE("exact: " << exact << " of " << samples);
    }
}

}  // namespace kibitz::core::oware
