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

namespace kibitz::core::oware {

namespace {

constexpr int table_seeds = 8;

const endgame_build& table() {
    static const endgame_build built = build_endgame(variant::oware, table_seeds);
    return built;
}

// Every board with at most `left` seeds in the pits from `pit` on.
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

// The value a move gets from the table: what it captures minus the child's value.
int backed_up(const endgame_table& t, const position& p) {
    move_set ms;
    generate(variant::oware, p, ms);
    if (ms.size == 0) return 0;
    int best = -100;
    for (int i = 0; i < ms.size; ++i)
        best = std::max(best, ms.next[i].stores[p.side] - *t.value(ms.next[i]));
    return best;
}

// Exhaustive search to `depth` plies: the interval the value lies in whatever
// the boards at the horizon are worth (each between -seeds and +seeds).
std::pair<int, int> bounds(const position& p, int depth) {
    move_set ms;
    generate(variant::oware, p, ms);
    if (ms.size == 0) return {0, 0};
    if (depth == 0) return {-seeds(p), seeds(p)};
    int lo = -100, hi = -100;
    for (int i = 0; i < ms.size; ++i) {
        const int taken = ms.next[i].stores[p.side] - p.stores[p.side];
        const auto [clo, chi] = bounds(ms.next[i], depth - 1);
        lo = std::max(lo, taken - chi);
        hi = std::max(hi, taken - clo);
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
    CHECK(endgame_seeds_of(endgame_size(15)) == 15);
    CHECK_FALSE(endgame_seeds_of(endgame_size(15) + 1).has_value());
}

TEST_CASE("oware endgame: a table of the wrong size probes nothing, a smaller one is a prefix") {
    const std::vector<std::int8_t> wrong(100, 0);
    const endgame_table none(wrong);
    CHECK(none.seeds() == -1);
    CHECK_FALSE(none.value(board({1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0})).has_value());
    const endgame_build six = build_endgame(variant::oware, 6);
    REQUIRE(six.values.size() == endgame_size(6));
    CHECK(std::equal(six.values.begin(), six.values.end(), table().values.begin()));
    const endgame_table t(six.values);
    CHECK(t.seeds() == 6);
    CHECK_FALSE(t.value(board({7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})).has_value());
}

TEST_CASE("oware endgame: known values, and the same board from North's side") {
    const endgame_table t(table().values);
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
    const endgame_build& b = table();
    const endgame_table t(b.values);
    std::uint64_t differ = 0, total = 0;
    bool below_a_capture = false;
    pit_counts pits{};
    each_board(pits, 0, table_seeds, [&](const pit_counts& x) {
        const position p = board(x);
        const int v = *t.value(p);
        ++total;
        if (backed_up(t, p) != v) ++differ;
        // No cycle is worth less than a capture the side to move can take.
        move_set ms;
        generate(variant::oware, p, ms);
        for (int i = 0; i < ms.size; ++i)
            if (const int taken = ms.next[i].stores[0]; taken && taken - *t.value(ms.next[i]) > v)
                below_a_capture = true;
    });
    CHECK(total == endgame_size(table_seeds));
    CHECK_FALSE(below_a_capture);
    CHECK(differ <= b.cyclic);
    MESSAGE("cyclic boards: " << b.cyclic << " of " << total << ", differing: " << differ);
}

TEST_CASE("oware endgame: agrees with an exhaustive search wherever that search is exact") {
    const endgame_table t(table().values);
    splitmix64 rng{28};
    int exact = 0, samples = 0;
    for (int k = 0; k < 400; ++k) {
        position p = board({});
        const int n = 1 + int(rng.below(table_seeds));
        for (int s = 0; s < n; ++s) ++p.pits[rng.below(pit_count)];
        const auto [lo, hi] = bounds(p, 9);
        const int v = *t.value(p);
        CHECK_MESSAGE((lo <= v && v <= hi),
                      to_text(p) << ": table " << v << ", search " << lo << ".." << hi);
        ++samples;
        if (lo == hi) ++exact;
    }
    // The comparison must bite: about a third of the sampled boards are
    // settled within 9 plies (138 of 400 for this seed).
    CHECK(exact * 4 > samples);
    MESSAGE("exact: " << exact << " of " << samples);
}

}  // namespace kibitz::core::oware
