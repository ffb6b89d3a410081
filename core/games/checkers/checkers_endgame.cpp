// The endgame database builder (retrograde analysis, layout in checkers_endgame.hpp).
//
// Order: a capture leads to fewer pieces, solved already. A crowning leads to
// the same pieces with one man fewer, so within a piece count the slices go by
// their number of men, fewest first. Every other move keeps the material and
// hands the turn over: it leads from a slice to its swapped one (own and other
// exchanged), so a slice and its swapped one are solved together, as a group.
//
// Within a group, distances are found in rounds k = 0, 1, 2, ...: round k
// settles exactly the positions whose value is k plies, from their children:
// a win in k when some child is lost in k - 1, a loss in k when every child is
// won and the longest of those wins is k - 1 plies. Each value of k - 1 plies
// was settled in round k - 1 or in an earlier group, so each round needs the
// one before only, and the shortest win and the longest loss come out. When a
// round settles nothing and k is past every distance seen among the children,
// nothing can follow: what is left is a draw (neither side can force a win).
#include <algorithm>
#include <stdexcept>

#include "checkers/checkers_endgame.hpp"
#include "checkers/checkers_endgame_slices.hpp"
#include "checkers/checkers_movegen.hpp"

namespace kibitz::core::checkers {

namespace {

using namespace egdb;
using detail::u64;

constexpr endgame_code unsettled = -128;
constexpr int max_distance = 126;  // a loss in 126 plies is code -127
constexpr int no_win = 1 << 20;

struct move_list {
    struct entry {
        std::uint8_t from, to;
        u64 captured;
    };
    entry at[128];
    int size = 0;
    void simple(int from, int to) { at[size++] = {std::uint8_t(from), std::uint8_t(to), 0}; }
    void capture(int from, int to, u64 captured, const std::uint8_t*, int) {
        at[size++] = {std::uint8_t(from), std::uint8_t(to), captured};
    }
};

// What a position's children say, for its side to move.
struct children_view {
    int moves = 0;
    int shortest_win = no_win;   // plies, through a child lost for its mover
    int longest_loss = -1;       // plies, through a child won for its mover
    bool open = false;           // some child unsettled or drawn: no loss yet
    int farthest = 0;            // the longest distance among settled children
};

children_view look(const position& p, const std::vector<endgame_code>& values) {
    move_list ms;
    detail::generate_t<black>(p, ms);
    children_view v;
    v.moves = ms.size;
    for (int i = 0; i < ms.size; ++i) {
        const position c = detail::make_t<black>(p, ms.at[i].from, ms.at[i].to, ms.at[i].captured);
        const endgame_code code = c.pieces(white) ? values[endgame_index(mirrored(c))] : -1;
        if (code == unsettled || code == 0) {
            v.open = true;
            continue;
        }
        v.farthest = std::max(v.farthest, plies_of(code));
        if (is_loss(code)) v.shortest_win = std::min(v.shortest_win, plies_of(code) + 1);
        else v.longest_loss = std::max(v.longest_loss, plies_of(code) + 1);
    }
    return v;
}

// The code of a position settled in round k, or `unsettled`.
endgame_code settle(const children_view& v, int k) {
    if (v.moves == 0) return -1;
    if (v.shortest_win == k) return endgame_code(k);
    // A child lost for its mover, even one settled in this very round, is a
    // win (later): only a position whose every child is won for its mover loses.
    if (v.shortest_win == no_win && !v.open && v.longest_loss == k) return endgame_code(-k - 1);
    return unsettled;
}

void add_slice(const material& m, std::vector<endgame_code>& values,
               std::vector<std::uint32_t>& pending) {
    const std::uint64_t first = slices.at[m.om][m.ok][m.xm][m.xk];
    for (std::uint64_t i = first; i < first + slice_size(m); ++i) {
        if (position_at(m, i - first)) pending.push_back(std::uint32_t(i));
        else values[i] = 0;  // men of both sides on one square: no position
    }
}

void solve_group(const material& m, endgame_build& out) {
    std::vector<std::uint32_t> pending;
    add_slice(m, out.values, pending);
    const material s = m.swapped();
    if (s.om != m.om || s.ok != m.ok) add_slice(s, out.values, pending);
    // The pending positions of m come first, then those of s.
    const std::uint64_t first_m = slices.at[m.om][m.ok][m.xm][m.xk];
    const std::uint64_t first_s = slices.at[s.om][s.ok][s.xm][s.xk];
    const auto at = [&](std::uint64_t i) {
        if (i >= first_m && i < first_m + slice_size(m)) return *position_at(m, i - first_m);
        return *position_at(s, i - first_s);
    };
    int farthest = 0;
    for (int k = 0; !pending.empty(); ++k) {
        if (k > max_distance) throw std::overflow_error("checkers endgame: a distance over a byte");
        std::size_t kept = 0;
        bool settled_any = false;
        for (const std::uint32_t i : pending) {
            const children_view v = look(at(i), out.values);
            farthest = std::max(farthest, v.farthest);
            const endgame_code code = settle(v, k);
            if (code == unsettled) {
                pending[kept++] = i;
            } else {
                out.values[i] = code;
                out.longest = std::max(out.longest, plies_of(code));
                settled_any = true;
            }
        }
        pending.resize(kept);
        ++out.sweeps;
        if (!settled_any && k > farthest) break;
    }
    for (const std::uint32_t i : pending) out.values[i] = 0;
}

}  // namespace

endgame_build build_endgame(int n) {
    if (n < 2 || n > endgame_max_pieces)
        throw std::invalid_argument("checkers endgame tables: 2 to 6 pieces");
    if (endgame_size(n) > std::uint64_t{1} << 32)
        throw std::invalid_argument("checkers endgame tables: too large to build");
    endgame_build out;
    out.values.assign(endgame_size(n), unsettled);
    for (int t = 2; t <= n; ++t)
        for (int men = 0; men <= t; ++men)
            for_each_slice(t, [&](const material& m) {
                const material s = m.swapped();
                // Each group once, from the slice that comes first of the two.
                const bool first = m.om < s.om || (m.om == s.om && m.ok <= s.ok);
                if (m.om + m.xm == men && first) solve_group(m, out);
            });
    return out;
}

endgame_table::endgame_table(std::span<const std::int8_t> bytes) {
    if (auto n = endgame_pieces_of(bytes.size())) {
        values_ = bytes;
        pieces_ = *n;
    }
}

std::optional<endgame_code> endgame_table::value(const position& p) const {
    if (pieces_ < 0) return std::nullopt;
    if (!p.pieces(p.side)) return endgame_code(-1);
    if (!p.pieces(p.side ^ 1) || std::popcount(p.occupied()) > pieces_) return std::nullopt;
    // Men on their own crowning rows never arise in play and have no slot.
    if ((p.men[black] & detail::crown_row[black]) || (p.men[white] & detail::crown_row[white]))
        return std::nullopt;
    return values_[endgame_index(p.side == black ? p : mirrored(p))];
}

}  // namespace kibitz::core::checkers
