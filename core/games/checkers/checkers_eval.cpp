// The checkers evaluation, from the side to move's point of view, 100 = a man:
// the terms of checkers_eval.hpp and their weights. Each term is named there
// and here with why it matters. BENCHMARKS.md ("Engine tuning", Checkers) has
// each term played against the evaluation without it.
#include "checkers/checkers_eval.hpp"

#include <algorithm>
#include <bit>

#include "checkers/checkers_engine.hpp"
#include "checkers/checkers_movegen.hpp"

namespace kibitz::core::checkers {

namespace {

using detail::u64;

constexpr u64 bit_of(int square) {
    const int r = (square - 1) / 4, c = (square - 1) % 4;
    return u64{1} << (4 * r + c + r / 2);
}
constexpr u64 squares(std::initializer_list<int> list) {
    u64 m = 0;
    for (int s : list) m |= bit_of(s);
    return m;
}
constexpr u64 row_mask(int r) {
    return squares({4 * r + 1, 4 * r + 2, 4 * r + 3, 4 * r + 4});
}

constexpr u64 core = squares({14, 15, 18, 19});
constexpr u64 ring = squares({10, 11, 22, 23});
constexpr u64 side_edges = squares({5, 13, 21, 29, 4, 12, 20, 28});
constexpr u64 back_row[2] = {row_mask(0), row_mask(7)};
constexpr u64 bridge_squares[2] = {squares({1, 3}), squares({30, 32})};

// Board row (0 = Black's back row) and column of a bit.
constexpr int row_of(int b) { return (b - b / 9) / 4; }
constexpr int col_of(int b) {
    const int r = row_of(b), c = (b - b / 9) % 4;
    return 2 * c + (r % 2 == 0 ? 1 : 0);
}

// Bit i of a row number, as the squares of the rows that have it: a side's
// rows advanced are then three popcounts instead of a loop over its men.
constexpr u64 rows_with_bit(int i) {
    u64 m = 0;
    for (int r = 0; r < 8; ++r)
        if (r >> i & 1) m |= row_mask(r);
    return m;
}
constexpr u64 row_bit[3] = {rows_with_bit(0), rows_with_bit(1), rows_with_bit(2)};

int rows_from_top(u64 men) {
    return std::popcount(men & row_bit[0]) + 2 * std::popcount(men & row_bit[1]) +
           4 * std::popcount(men & row_bit[2]);
}

// The men of side s that an enemy piece could still meet before they crown:
// those behind some enemy piece within its diagonal cone (as many columns
// either way as rows between). The cones of all enemy pieces at once, grown
// a row a step back towards s's side, instead of one cone per man.
u64 stoppable(u64 men, int s, u64 enemy) {
    u64 cover = 0;
    for (u64 front = enemy; front;) {
        front = (s == black ? detail::step<2>(front) | detail::step<3>(front)
                            : detail::step<0>(front) | detail::step<1>(front)) &
                detail::board;
        cover |= front;
    }
    return men & cover;
}

// Pieces of a set that have a free step in some direction.
u64 can_step(u64 pieces, u64 empty) {
    return pieces & (detail::step_back<0>(empty) | detail::step_back<1>(empty) |
                     detail::step_back<2>(empty) | detail::step_back<3>(empty));
}

int steps(const position& p, int s, u64 empty) {
    const u64 all = p.pieces(s), k = p.kings[s];
    if (s == black)
        return std::popcount((detail::step<0>(all) | detail::step<1>(all)) & empty) +
               std::popcount((detail::step<2>(k) | detail::step<3>(k)) & empty);
    return std::popcount((detail::step<2>(all) | detail::step<3>(all)) & empty) +
           std::popcount((detail::step<0>(k) | detail::step<1>(k)) & empty);
}

// Sum over s's kings of the distance to the nearest enemy piece.
int king_distance(const position& p, int s) {
    int total = 0;
    const u64 enemy = p.pieces(s ^ 1);
    for (u64 k = p.kings[s]; k; k &= k - 1) {
        const int a = std::countr_zero(k);
        int best = 8;
        for (u64 e = enemy; e; e &= e - 1) {
            const int b = std::countr_zero(e);
            best = std::min(best, std::max(std::abs(row_of(a) - row_of(b)),
                                           std::abs(col_of(a) - col_of(b))));
        }
        total += best;
    }
    return total;
}

// s's share of every term but material and the chase, added into t (White's negated).
void positional(const position& p, int s, u64 empty, int sign, eval::terms& t) {
    const u64 men = p.men[s], kings = p.kings[s];
    if (!p.kings[s ^ 1]) {
        t.v[eval::back_guard] += sign * std::popcount(men & back_row[s]);
        if ((men & bridge_squares[s]) == bridge_squares[s]) t.v[eval::bridge] += sign;
    }
    t.v[eval::center_core] += sign * std::popcount(men & core);
    t.v[eval::center_ring] += sign * std::popcount(men & ring);
    t.v[eval::king_center] += sign * std::popcount(kings & (core | ring));
    t.v[eval::king_edge] += sign * std::popcount(kings & side_edges);
    t.v[eval::mobility] += sign * steps(p, s, empty);
    const u64 enemy = p.pieces(s ^ 1);
    t.v[eval::runaway] += sign * std::popcount(men & ~stoppable(men, s, enemy));
    const int rows = rows_from_top(men);
    t.v[eval::tempo] += sign * (s == black ? rows : 7 * std::popcount(men) - rows);
    t.v[eval::trapped_king] += sign * std::popcount(kings & ~can_step(kings, empty));
}

}  // namespace

eval::terms eval::terms_of(const position& p) {
    terms t;
    const int man_diff = std::popcount(p.men[black]) - std::popcount(p.men[white]);
    const int king_diff = std::popcount(p.kings[black]) - std::popcount(p.kings[white]);
    t.v[men] = man_diff;
    t.v[kings] = king_diff;
    const int total = std::popcount(p.occupied());
    const int material = 100 * man_diff + 135 * king_diff;
    t.trade = material * (24 - total);
    const u64 empty = detail::board & ~p.occupied();
    positional(p, black, empty, 1, t);
    positional(p, white, empty, -1, t);
    t.v[tempo_late] = t.v[tempo] * (24 - total) / 24;
    // The side ahead brings its kings to the enemy; the other keeps away.
    if (material > 50) t.v[chase] = -king_distance(p, black);
    else if (material < -50) t.v[chase] = king_distance(p, white);
    return t;
}

int evaluate(const position& p) {
    const int v = eval::weighted(eval::terms_of(p), eval::engine_weights, eval::trade_down);
    return p.side == black ? v : -v;
}

}  // namespace kibitz::core::checkers
