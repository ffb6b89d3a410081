// The endgame database builder (retrograde analysis) and its index.
//
// Levels: a level is every board with exactly n seeds. A capture leads to a
// lower level, whose values are known already; a move that captures nothing
// stays in the level. So each level is solved on its own, bottom up:
// value(p) = max over moves of (captured - value(child)), a board with no legal
// move is worth 0 (the game ends, the board is not scored).
//
// Cycles (the Romein-Bal convention): moves that capture nothing can go round
// for ever; the rules end the game at the third repetition with each player
// taking the seeds on their own row. Within a level we compute two bounds by
// repeated sweeps until nothing changes: lo(p), what the side to move can force
// when endless play counts as the worst (-n) for it, and hi(p), the same when
// endless play counts as the best (+n). Where lo = hi the value is exact and
// does not depend on cycles. Where lo < hi neither side can force a capture
// better than the cycle, and the value is the cycle's own result from p,
// "each takes own row" (own row - opponent's row), clamped to [lo, hi]: no
// side settles for less than it can force. Those boards are counted (cyclic).
#include "oware/oware_endgame.hpp"

#include <algorithm>
#include <stdexcept>

namespace kibitz::core::oware {

namespace {

constexpr int max_top = endgame_max_seeds + 12;

// binomial[k][r] = C(k, r) for k <= max_top, r <= 12.
struct binomials {
    std::uint64_t c[max_top + 1][13] = {};
    constexpr binomials() {
        for (int k = 0; k <= max_top; ++k) {
            c[k][0] = 1;
            for (int r = 1; r <= 12 && r <= k; ++r)
                c[k][r] = c[k - 1][r - 1] + (r < k ? c[k - 1][r] : 0);
        }
    }
};
constexpr binomials choose{};

std::uint64_t level_count(int n) { return choose.c[n + 11][11]; }

// The rank of a board of k pits among the boards of its seed count: its k - 1
// bars between the pits, as a combination in the combinatorial number system.
std::uint64_t rank_of(const std::uint8_t* pits, int k) {
    std::uint64_t r = 0;
    int prefix = 0;
    for (int j = 0; j < k - 1; ++j) {
        prefix += pits[j];
        r += choose.c[prefix + j][j + 1];
    }
    return r;
}

void unrank(int n, std::uint64_t r, int k, std::uint8_t* pits) {
    int bar[11];
    int b = n + k - 2;
    for (int j = k - 2; j >= 0; --j) {
        while (choose.c[b][j + 1] > r) --b;
        r -= choose.c[b][j + 1];
        bar[j] = b--;
    }
    pits[0] = std::uint8_t(bar[0]);
    for (int j = 1; j < k - 1; ++j) pits[j] = std::uint8_t(bar[j] - bar[j - 1] - 1);
    pits[k - 1] = std::uint8_t(n - (bar[k - 2] - (k - 2)));
}

std::uint64_t level_rank(const pit_counts& pits) { return rank_of(pits.data(), pit_count); }

pit_counts level_unrank(int n, std::uint64_t r) {
    pit_counts pits{};
    unrank(n, r, pit_count, pits.data());
    return pits;
}

// Ouril's extra turn follows a grand slam, so the opponent's row is empty:
// those boards are numbered by the mover's row alone, after all the others.
std::uint64_t extra_index(const position& p) {
    const int n = p.row_sum(p.side);
    return choose.c[n + 5][6] + rank_of(p.pits.data() + 6 * p.side, 6);
}

// The board seen from the other side: the opponent's row first.
pit_counts turned(const pit_counts& pits) {
    pit_counts t;
    for (int i = 0; i < pit_count; ++i) t[i] = pits[(i + 6) % pit_count];
    return t;
}

int seeds_of(const pit_counts& pits) {
    int s = 0;
    for (int x : pits) s += x;
    return s;
}

constexpr int no_exit = -128;

// One level's moves: the best value among moves that leave it (captures, or
// no move at all), and the boards of the same level the other moves reach.
struct level_graph {
    std::vector<std::int8_t> exit_best;
    std::vector<std::uint32_t> first;  // edges of board r: [first[r], first[r + 1])
    std::vector<std::uint32_t> edges;  // ranks within the level
};

// The value of a move that leaves the level: what it takes, then the child's
// value for its side to move (the same side after an Ouril grand slam).
int exit_value(int taken, const position& child, const std::vector<std::int8_t>& values,
               std::uint64_t extra_base) {
    if (child.extra) return taken + values[extra_base + extra_index(child)];
    return taken - values[endgame_index(turned(child.pits))];
}

level_graph moves_of_level(variant v, int n, const std::vector<std::int8_t>& values,
                           std::uint64_t extra_base) {
    const std::uint64_t count = level_count(n);
    level_graph g;
    g.exit_best.resize(count);
    g.first.resize(count + 1);
    g.edges.reserve(count * 4);
    move_set ms;
    for (std::uint64_t r = 0; r < count; ++r) {
        position p;
        p.pits = level_unrank(n, r);
        p.stores = {0, 0};
        generate(v, p, ms);
        int best = ms.size == 0 ? 0 : no_exit;
        g.first[r] = std::uint32_t(g.edges.size());
        for (int i = 0; i < ms.size; ++i) {
            const int taken = ms.next[i].stores[0];
            if (taken) best = std::max(best, exit_value(taken, ms.next[i], values, extra_base));
            else g.edges.push_back(std::uint32_t(level_rank(turned(ms.next[i].pits))));
        }
        g.exit_best[r] = std::int8_t(best);
    }
    g.first[count] = std::uint32_t(g.edges.size());
    return g;
}

}  // namespace

std::uint64_t endgame_size(int n) { return n < 0 ? 0 : choose.c[n + 12][12]; }

std::uint64_t endgame_size(variant v, int n) {
    return endgame_size(n) + (v == variant::ouril && n >= 0 ? choose.c[n + 6][6] : 0);
}

std::optional<int> endgame_seeds_of(variant v, std::size_t bytes) {
    for (int n = 0; n <= endgame_max_seeds; ++n)
        if (endgame_size(v, n) == bytes) return n;
    return std::nullopt;
}

std::uint64_t endgame_index(const pit_counts& pits) {
    const int n = seeds_of(pits);
    return (n == 0 ? 0 : choose.c[n + 11][12]) + level_rank(pits);
}

namespace {

// Solves the boards of one level with the side to move's turn an ordinary one.
void solve_level(variant v, int level, std::uint64_t extra_base, endgame_build& out) {
    const level_graph g = moves_of_level(v, level, out.values, extra_base);
    const std::uint64_t count = level_count(level);
    std::vector<std::int8_t> lo(count, std::int8_t(-level)), hi(count, std::int8_t(level));
    bool changed = true;
    int sweeps = 0;
    while (changed) {
        changed = false;
        ++sweeps;
        for (std::uint64_t r = 0; r < count; ++r) {
            int l = g.exit_best[r], h = l;
            for (std::uint32_t e = g.first[r]; e < g.first[r + 1]; ++e) {
                l = std::max(l, -int(hi[g.edges[e]]));
                h = std::max(h, -int(lo[g.edges[e]]));
            }
            if (l != lo[r] || h != hi[r]) {
                lo[r] = std::int8_t(l);
                hi[r] = std::int8_t(h);
                changed = true;
            }
        }
    }
    out.sweeps = sweeps;
    const std::uint64_t base = choose.c[level + 11][12];
    for (std::uint64_t r = 0; r < count; ++r) {
        const pit_counts pits = level_unrank(level, r);
        const int own = pits[0] + pits[1] + pits[2] + pits[3] + pits[4] + pits[5];
        const int cycle = own - (level - own);
        out.values[base + r] = std::int8_t(std::clamp(cycle, int(lo[r]), int(hi[r])));
        if (lo[r] != hi[r]) ++out.cyclic;
    }
}

// Ouril's extra turns of one level, once its ordinary boards are solved: every
// move goes to an ordinary board of this level or below (it must leave the
// opponent a seed, so it is no grand slam), and no move at all ends the game
// with each side taking its own row: the mover all `level` seeds.
void solve_extra_turns(int level, std::uint64_t extra_base, endgame_build& out) {
    const std::uint64_t count = choose.c[level + 5][5];
    move_set ms;
    for (std::uint64_t r = 0; r < count; ++r) {
        position p;
        p.pits = {};
        unrank(level, r, 6, p.pits.data());
        p.stores = {0, 0};
        p.extra = 1;
        generate(variant::ouril, p, ms);
        int best = ms.size == 0 ? level : no_exit;
        for (int i = 0; i < ms.size; ++i)
            best = std::max(best,
                            exit_value(ms.next[i].stores[0], ms.next[i], out.values, extra_base));
        out.values[extra_base + extra_index(p)] = std::int8_t(best);
    }
}

}  // namespace

endgame_build build_endgame(variant v, int n) {
    if (n < 0 || n > endgame_max_seeds) throw std::invalid_argument("endgame tables: 0..24 seeds");
    endgame_build out;
    out.values.assign(endgame_size(v, n), 0);
    const std::uint64_t extra_base = endgame_size(n);
    for (int level = 1; level <= n; ++level) {
        solve_level(v, level, extra_base, out);
        if (v == variant::ouril) solve_extra_turns(level, extra_base, out);
    }
    return out;
}

endgame_table::endgame_table(variant v, std::span<const std::int8_t> bytes) {
    if (auto n = endgame_seeds_of(v, bytes.size())) {
        values_ = bytes;
        seeds_ = *n;
        extra_base_ = v == variant::ouril ? endgame_size(*n) : bytes.size();
    }
}

std::optional<int> endgame_table::value(const position& p) const {
    if (seeds_ < 0 || seeds_of(p.pits) > seeds_) return std::nullopt;
    if (p.extra) {
        if (extra_base_ == values_.size()) return std::nullopt;
        return values_[extra_base_ + extra_index(p)];
    }
    return values_[endgame_index(p.side == 0 ? p.pits : turned(p.pits))];
}

}  // namespace kibitz::core::oware
