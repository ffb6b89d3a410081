// The Oware/Ouril evaluation, from the side to move's point of view, 100 = one
// captured seed. Captured seeds decide the game, so they dominate; the other
// terms only steer between positions of equal score. Each term was played
// against the evaluation without it, in both games (BENCHMARKS.md, "Engine
// tuning", Oware and Ouril); the weights themselves are hand-set, not fitted.
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
// Ouril only: in Oware the engine without this bonus won 89 of 120 games
// against the one with it, in Ouril it lost 28 of 40.
constexpr int big_pit[2] = {0, 25};  // by variant: oware, ouril
// Empty pits on one's own row: fewer moves, and an easier row to starve.
constexpr int empty_pit = 6;

int side_terms(variant var, const position& p, int seat) {
    int v = 0;
    for (int i = seat * 6; i < seat * 6 + 6; ++i) {
        const int n = p.pits[i];
        v += row_seed * n;
        if (n == 1 || n == 2) v -= weak_pit;
        if (n >= 12) v += big_pit[int(var)];
        if (n == 0) v -= empty_pit;
    }
    return v;
}

}  // namespace

int evaluate(variant var, const position& p) {
    const int me = p.side, them = p.side ^ 1;
    int v = seed_value * (p.stores[me] - p.stores[them]);
    v += side_terms(var, p, me) - side_terms(var, p, them);
    return v;
}

}  // namespace kibitz::core::oware
