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

// The squares ahead of a man of side s on bit b from which an enemy piece
// could still step into its way: every row nearer s's king row, as wide as
// the rows between.
struct cones {
    u64 ahead[2][35]{};
};
constexpr cones make_cones() {
    cones c{};
    for (int b = 0; b < 35; ++b) {
        if (!(detail::board >> b & 1)) continue;
        for (int t = 0; t < 35; ++t) {
            if (!(detail::board >> t & 1)) continue;
            const int dr = row_of(t) - row_of(b),
                      dc = col_of(t) > col_of(b) ? col_of(t) - col_of(b) : col_of(b) - col_of(t);
            if (dr > 0 && dc <= dr) c.ahead[black][b] |= u64{1} << t;
            if (dr < 0 && dc <= -dr) c.ahead[white][b] |= u64{1} << t;
        }
    }
    return c;
}
constexpr cones cone = make_cones();

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
    int advanced = 0;
    for (u64 m = men; m; m &= m - 1) {
        const int b = std::countr_zero(m);
        if (!(cone.ahead[s][b] & enemy)) t.v[eval::runaway] += sign;
        advanced += s == black ? row_of(b) : 7 - row_of(b);
    }
    t.v[eval::tempo] += sign * advanced;
    for (u64 k = kings; k; k &= k - 1) {
        const u64 one = k & -k;
        const u64 to = (detail::step<0>(one) | detail::step<1>(one) | detail::step<2>(one) |
                        detail::step<3>(one)) &
                       empty;
        if (!to) t.v[eval::trapped_king] += sign;
    }
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
