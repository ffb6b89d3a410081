// The Opprimo evaluation, from the side to move's point of view, 100 = one
// Soldier. The game is won only by trapping the King, so material and
// advancement are means to that end and the King-safety terms are large.
// Each term is named below with why it matters; the weights were tried in
// self-play matches (BENCHMARKS.md, "Engine tuning").
#include <algorithm>
#include <array>
#include <bit>

#include "opprimo/opprimo_engine.hpp"

namespace kibitz::core::opprimo {

namespace {

// Material. No piece ever leaves the board, so material is who owns the
// twenty pieces: every conversion is a two-piece swing.
constexpr int soldier_value = 100;
// A Knight steps and converts in all six directions: it can come back to
// defend, and it is the piece that walks onto the enemy Castle's points.
constexpr int knight_value = 160;

// Promotion distance: a Soldier's value grows as it nears the enemy's back
// points (ranks it has advanced, 0..11). Also the road to the enemy Castle.
constexpr std::array<int, 13> advance = {0, 0, 2, 4, 6, 8, 11, 14, 18, 24, 32, 42, 42};

// King safety: enemy pieces on the corners of the King's triangle (0..2; 3
// is the end) and of its escape triangle, the other half of the Castle (0..3;
// 3 means the King cannot step). Two corners of the King's triangle is one
// move from losing.
constexpr std::array<int, 3> trap_corners = {0, 25, 110};
constexpr std::array<int, 4> escape_corners = {0, 8, 30, 60};
// An own piece on a Castle point is a corner the enemy must first convert
// away (or wait for it to move on). 24 beat 12 and 0 in self-play.
constexpr int castle_guard = 24;
// The anchor: the own middle back point (d1 / d13) is a corner of both Castle
// triangles and cannot be jumped (no point lies beyond it), so while an own
// piece stands there the King can never be trapped and always has a step:
// that side cannot lose. Worth more than any material short of a win. 300
// beat 150 by 40-0 and 600 beat 300 in self-play, but at 600 the lower levels
// never give it up either and level 8 only draws level 4 (BENCHMARKS.md).
constexpr int anchor = 300;

// Mobility: free steps (a side short of moves must play weakening ones).
constexpr int mobility = 3;
// Conversion threats: for the side to move, an enemy piece it can convert
// now (it will, unless something better); for the other side, own pieces
// left open to conversion are a weakness it must fix with its move.
constexpr int threat_to_move = 30;
constexpr int hanging = 10;

constexpr std::array<std::uint64_t, 2> castle_points = {
    triangle_mask[castle_triangles[0][0]] | triangle_mask[castle_triangles[0][1]],
    triangle_mask[castle_triangles[1][0]] | triangle_mask[castle_triangles[1][1]],
};
constexpr std::array<int, 2> anchor_point = {point_at(3, 1), point_at(3, 13)};

struct side_counts {
    int steps = 0;     // free steps
    int convert = 0;   // conversions available (counted by target piece)
};

// Free steps and conversions of seat s's Soldiers and Knights.
side_counts count_moves(const position& p, int s) {
    side_counts c;
    const std::uint64_t own = p.men[s], enemy = p.men[s ^ 1], occupied = own | enemy;
    std::uint64_t targets = 0;
    for (std::uint64_t rest = own; rest; rest &= rest - 1) {
        const int from = std::countr_zero(rest);
        const bool knight = (p.knights >> from) & 1;
        for (int d = 0; d < 6; ++d) {
            if (!knight && d != forward_dirs[s][0] && d != forward_dirs[s][1] &&
                d != forward_dirs[s][2])
                continue;
            const int q = neighbour[from][d];
            if (q < 0) continue;
            if (!((occupied >> q) & 1)) {
                ++c.steps;
            } else if ((enemy >> q) & 1) {
                const int r = neighbour[q][d];
                if (r >= 0 && !((occupied >> r) & 1)) targets |= bit(q);
            }
        }
    }
    c.convert = std::popcount(targets);
    return c;
}

int king_safety(const position& p, int s) {
    const std::uint64_t enemy = p.men[s ^ 1];
    const int t = p.king[s];
    const int u = castle_triangles[s][0] == t ? castle_triangles[s][1] : castle_triangles[s][0];
    int v = -trap_corners[std::min(2, std::popcount(enemy & triangle_mask[t]))];
    v -= escape_corners[std::popcount(enemy & triangle_mask[u])];
    v += castle_guard * std::popcount(p.men[s] & castle_points[s]);
    if ((p.men[s] >> anchor_point[s]) & 1) v += anchor;
    return v;
}

int static_terms(const position& p, int s) {
    const std::uint64_t own = p.men[s];
    const std::uint64_t knights = own & p.knights, soldiers = own & ~p.knights;
    int v = soldier_value * std::popcount(soldiers) + knight_value * std::popcount(knights);
    for (std::uint64_t rest = soldiers; rest; rest &= rest - 1) {
        const int rank = points[std::countr_zero(rest)].rank;
        v += advance[s == 0 ? rank - 1 : 13 - rank];
    }
    v += king_safety(p, s);
    return v;
}

}  // namespace

int evaluate(const position& p) {
    const int me = p.side, them = me ^ 1;
    int v = static_terms(p, me) - static_terms(p, them);
    const side_counts mine = count_moves(p, me), theirs = count_moves(p, them);
    v += mobility * (mine.steps - theirs.steps);
    if (mine.convert) v += threat_to_move;
    v -= hanging * theirs.convert;
    return v;
}

}  // namespace kibitz::core::opprimo
