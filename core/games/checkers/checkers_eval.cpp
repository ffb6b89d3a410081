// The checkers evaluation, from the side to move's point of view, 100 = a man.
// Each term is named below with why it matters. Each term was played against
// the evaluation without it (BENCHMARKS.md, "Engine tuning", Checkers); the
// weights themselves are hand-set, not fitted.
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

// Weights.
constexpr int man_value = 100;
constexpr int king_value = 135;     // a king moves both ways but is no more than ~1.35 men
constexpr int trade_down = 24;      // ahead in material: the fewer pieces left, the better
constexpr int back_guard = 6;       // a man on its own back row keeps enemy men from crowning
constexpr int bridge = 10;          // both bridge squares held: the classic back-rank guard
constexpr int center_core = 6;      // men on 14, 15, 18, 19 control the board
constexpr int center_ring = 3;      // men on 10, 11, 22, 23
constexpr int king_center = 8;      // a king in the middle reaches everything
constexpr int king_edge = 6;        // a king on a side edge covers half as much
constexpr int mobility = 2;         // per available non-capturing step
constexpr int chase = 3;            // ahead: per square between a king and the nearest enemy

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

// Everything but material, for side s.
int positional(const position& p, int s, u64 empty) {
    const u64 men = p.men[s], kings = p.kings[s];
    int v = 0;
    if (!p.kings[s ^ 1]) {
        v += back_guard * std::popcount(men & back_row[s]);
        if ((men & bridge_squares[s]) == bridge_squares[s]) v += bridge;
    }
    v += center_core * std::popcount(men & core) + center_ring * std::popcount(men & ring);
    // No bonus for advancing men in the endgame: one of 3 per row, scaled up as
    // pieces came off, scored 24/33/63 in 120 games at 20000 nodes a move
    // against none (BENCHMARKS.md, "Engine tuning").
    v += king_center * std::popcount(kings & (core | ring)) - king_edge * std::popcount(kings & side_edges);
    v += mobility * steps(p, s, empty);
    return v;
}

}  // namespace

int evaluate(const position& p) {
    const int material[2] = {
        man_value * std::popcount(p.men[0]) + king_value * std::popcount(p.kings[0]),
        man_value * std::popcount(p.men[1]) + king_value * std::popcount(p.kings[1])};
    const int total = std::popcount(p.occupied());
    const u64 empty = detail::board & ~p.occupied();
    int v = material[black] - material[white];
    v += (material[black] - material[white]) * (24 - total) * trade_down / (24 * 16);
    v += positional(p, black, empty) - positional(p, white, empty);
    // The side ahead brings its kings to the enemy; the other keeps away.
    if (material[black] > material[white] + man_value / 2)
        v -= chase * king_distance(p, black);
    else if (material[white] > material[black] + man_value / 2)
        v += chase * king_distance(p, white);
    return p.side == black ? v : -v;
}

}  // namespace kibitz::core::checkers
