// The endgame database builder (retrograde analysis, layout in checkers_endgame.hpp).
//
// Order: a capture leads to fewer pieces, solved already. A crowning leads to
// the same pieces with one man fewer, so within a piece count the slices go by
// their number of men, fewest first. Every other move keeps the material and
// hands the turn over: it leads from a slice to its swapped one (own and other
// exchanged), so a slice and its swapped one are solved together, as a group.
//
// Within a group, positions are settled in order
// of their distance, by buckets: a position's children outside the group are
// known, so each position starts with what they say and a count of its moves
// that stay inside. When a position settles at k plies, its predecessors in
// the group (found by moving a piece back, never out of a position with a
// capture, which would have been forced) learn it: a loss makes each a win in
// k + 1 at most; a win takes one from each one's count, and a position whose
// count reaches zero with every child won for its mover is lost, in one more
// ply than the longest of those wins. Buckets go up in distance, so the
// shortest win and the longest loss come out. What never settles is a draw.

#include <algorithm>
#include <stdexcept>

#include "checkers/checkers_endgame.hpp"
#include "checkers/checkers_endgame_slices.hpp"
#include "checkers/checkers_movegen.hpp"

namespace kibitz::core::checkers {

namespace {

using detail::u64;

constexpr std::int8_t unsettled = -1;  // code 255, a distance no table reaches
constexpr int max_distance = 253;
constexpr std::uint8_t no_win = 255;

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

// A slice and its swapped one, numbered 0.. (the slice's positions first).
class group {
public:
    explicit group(const egdb::material& m) : m_(m), s_(m.swapped()) {
        first_m_ = egdb::slices.at[m_.om][m_.ok][m_.xm][m_.xk];
        first_s_ = egdb::slices.at[s_.om][s_.ok][s_.xm][s_.xk];
        size_m_ = egdb::slice_size(m_);
        size_s_ = first_s_ == first_m_ ? 0 : egdb::slice_size(s_);
    }
    std::uint64_t size() const { return size_m_ + size_s_; }
    std::uint64_t global(std::uint64_t local) const {
        return local < size_m_ ? first_m_ + local : first_s_ + (local - size_m_);
    }
    std::uint64_t local(std::uint64_t global) const {
        return global >= first_m_ && global < first_m_ + size_m_ ? global - first_m_
                                                                 : size_m_ + (global - first_s_);
    }
    std::optional<position> at(std::uint64_t local) const {
        return local < size_m_ ? egdb::position_at(m_, local)
                               : egdb::position_at(s_, local - size_m_);
    }

private:
    egdb::material m_, s_;
    std::uint64_t first_m_ = 0, first_s_ = 0, size_m_ = 0, size_s_ = 0;
};

// What each position of a group knows so far, for its side to move.
struct progress {
    std::vector<std::uint8_t> waiting;  // moves into the group whose child is unsettled
    std::vector<std::uint8_t> win;      // the shortest win found, plies; no_win: none
    std::vector<std::uint8_t> loss;     // the longest of its children's wins + 1
    std::vector<std::uint8_t> drawn;    // a child outside the group is a draw
    std::vector<std::vector<std::uint32_t>> bucket;  // by distance: positions to settle

    explicit progress(std::uint64_t n)
        : waiting(n, 0), win(n, no_win), loss(n, 0), drawn(n, 0), bucket(max_distance + 2) {}
    void push(int plies, std::uint64_t local) {
        if (plies > max_distance)
            throw std::overflow_error("checkers endgame: a distance over a byte");
        bucket[std::size_t(plies)].push_back(std::uint32_t(local));
    }
    bool may_lose(std::uint64_t i) const { return win[i] == no_win && !waiting[i] && !drawn[i]; }
};

// A position's moves: those that leave the group (captures, crownings) have
// children solved already; the others are counted.
void first_look(std::uint64_t i, const position& p, const endgame_build& out, progress& pr) {
    move_list ms;
    detail::generate_t<black>(p, ms);
    int waiting = 0, win = no_win, loss = 0;
    for (int j = 0; j < ms.size; ++j) {
        const auto& mv = ms.at[j];
        const bool man = p.men[black] >> mv.from & 1;
        if (!mv.captured && !(man && (u64{1} << mv.to & detail::crown_row[black]))) {
            ++waiting;
            continue;
        }
        const position c = detail::make_t<black>(p, mv.from, mv.to, mv.captured);
        const endgame_code code =
            c.pieces(white) ? endgame_code(out.values[endgame_index(mirrored(c))]) : decided_in(0);
        if (code == 0) pr.drawn[i] = 1;
        else if (is_loss(code)) win = std::min(win, plies_of(code) + 1);
        else loss = std::max(loss, plies_of(code) + 1);
    }
    pr.waiting[i] = std::uint8_t(waiting);
    pr.win[i] = std::uint8_t(win);
    pr.loss[i] = std::uint8_t(std::min(loss, 255));
    if (win != no_win) pr.push(win, i);
    else if (pr.may_lose(i)) pr.push(loss, i);
}

// Calls f(local) for each position of the group with a quiet move to p. p has
// Black to move, so they had White to move: mirrored, Black just moved.
template <class F>
void predecessors(const group& g, const position& p, F&& f) {
    const position r = mirrored(p);
    const u64 empty = detail::board & ~r.occupied();
    const auto back = [&](u64 at, u64 from, bool king) {
        position q = r;
        (king ? q.kings : q.men)[black] ^= at | from;
        q.side = black;
        // A capture would have been forced: no quiet move leaves such a position.
        if (detail::jumpers<black>(q, detail::board & ~q.occupied())) return;
        f(g.local(endgame_index(q)));
    };
    for (u64 k = r.kings[black]; k; k &= k - 1) {
        const u64 b = k & (0 - k);
        if (const u64 t = detail::step_back<0>(b) & empty) back(b, t, true);
        if (const u64 t = detail::step_back<1>(b) & empty) back(b, t, true);
        if (const u64 t = detail::step_back<2>(b) & empty) back(b, t, true);
        if (const u64 t = detail::step_back<3>(b) & empty) back(b, t, true);
    }
    for (u64 m = r.men[black]; m; m &= m - 1) {
        const u64 b = m & (0 - m);
        if (const u64 t = detail::step_back<0>(b) & empty) back(b, t, false);
        if (const u64 t = detail::step_back<1>(b) & empty) back(b, t, false);
    }
}

// What p's settling at k plies (code v) tells its predecessor q.
void tell(progress& pr, std::uint64_t q, endgame_code v, int k) {
    if (is_loss(v)) {
        if (k + 1 < pr.win[q]) {
            pr.win[q] = std::uint8_t(k + 1);
            pr.push(k + 1, q);
        }
        return;
    }
    --pr.waiting[q];
    pr.loss[q] = std::uint8_t(std::max<int>(pr.loss[q], k + 1));
    if (pr.may_lose(q)) pr.push(pr.loss[q], q);
}

void solve_group(const egdb::material& m, endgame_build& out) {
    const group g(m);
    const std::uint64_t n = g.size();
    progress pr(n);
    for (std::uint64_t i = 0; i < n; ++i) {
        if (const auto p = g.at(i)) first_look(i, *p, out, pr);
        else out.values[g.global(i)] = 0;  // men of both sides on one square: no position
    }
    for (int k = 0; k <= max_distance; ++k) {
        std::vector<std::uint32_t>& now = pr.bucket[std::size_t(k)];
        // Settling adds to later buckets only, so `now` does not grow.
        for (const std::uint32_t i : now) {
            std::int8_t& slot = out.values[g.global(i)];
            if (slot != unsettled) continue;
            if (pr.win[i] != k && !(pr.may_lose(i) && pr.loss[i] == k))
                continue;  // superseded by a shorter win, or no loss after all
            const endgame_code v = decided_in(k);
            slot = std::int8_t(v);
            out.longest = std::max(out.longest, k);
            predecessors(g, *g.at(i), [&](std::uint64_t q) {
                if (out.values[g.global(q)] == unsettled) tell(pr, q, v, k);
            });
        }
        std::vector<std::uint32_t>().swap(now);
    }
    for (std::uint64_t i = 0; i < n; ++i)
        if (out.values[g.global(i)] == unsettled) out.values[g.global(i)] = 0;
    ++out.groups;
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
            egdb::for_each_slice(t, [&](const egdb::material& m) {
                const egdb::material s = m.swapped();
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
    if (!p.pieces(p.side)) return decided_in(0);
    if (!p.pieces(p.side ^ 1) || std::popcount(p.occupied()) > pieces_) return std::nullopt;
    // Men on their own crowning rows never arise in play and have no slot.
    if ((p.men[black] & detail::crown_row[black]) || (p.men[white] & detail::crown_row[white]))
        return std::nullopt;
    return endgame_code(values_[endgame_index(p.side == black ? p : mirrored(p))]);
}

}  // namespace kibitz::core::checkers
