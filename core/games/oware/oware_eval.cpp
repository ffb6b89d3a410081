// The Oware/Ouril evaluation, from the side to move's point of view, 100 = one
// captured seed. Captured seeds decide the game, so they dominate; the other
// terms only steer between positions of equal score. Each weight was tried in
// self-play matches (BENCHMARKS.md, "Engine tuning").
#include <cstdlib>

#include "oware/oware_engine.hpp"

namespace kibitz::core::oware {

namespace {

constexpr int seed_value = 100;
// Seeds on one's own row: more moves to choose from and a reserve against being
// starved (an empty row must be fed, which the opponent can exploit).
constexpr int row_seed = 4;
// A pit holding 1 or 2 seeds becomes 2 or 3 when sown into: a capture target.
constexpr int weak_pit = 12;
// A pit of 12 or more seeds laps the board and can capture several pits at once.
constexpr int big_pit = 25;
// Empty pits on one's own row: fewer moves, and an easier row to starve.
constexpr int empty_pit = 6;

int side_terms(const position& p, int seat) {
    int v = 0;
    for (int i = seat * 6; i < seat * 6 + 6; ++i) {
        const int n = p.pits[i];
        v += row_seed * n;
        if (n == 1 || n == 2) v -= weak_pit;
        if (n >= 12) v += big_pit;
        if (n == 0) v -= empty_pit;
    }
    return v;
}

}  // namespace

int evaluate(variant, const position& p) {
    const int me = p.side, them = p.side ^ 1;
    int v = seed_value * (p.stores[me] - p.stores[them]);
    v += side_terms(p, me) - side_terms(p, them);
    return v;
}

}  // namespace kibitz::core::oware
