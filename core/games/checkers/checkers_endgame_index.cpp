// The endgame table's index (layout: checkers_endgame.hpp). Square masks here
// are 32-bit, bit s for PDN square s + 1; the position's ghost layout is
// converted at the edges.
#include <bit>

#include "checkers/checkers_endgame.hpp"
#include "checkers/checkers_endgame_slices.hpp"

namespace kibitz::core::checkers {

namespace egdb {

std::uint32_t squares_of(std::uint64_t ghost) {
    return std::uint32_t((ghost & 0xFF) | ((ghost >> 9) & 0xFF) << 8 |
                         ((ghost >> 18) & 0xFF) << 16 | ((ghost >> 27) & 0xFF) << 24);
}

std::uint64_t ghost_of(std::uint32_t squares) {
    const std::uint64_t s = squares;
    return (s & 0xFF) | ((s >> 8) & 0xFF) << 9 | ((s >> 16) & 0xFF) << 18 |
           ((s >> 24) & 0xFF) << 27;
}

namespace {

// Square s becomes 31 - s: the board turned half a turn.
std::uint32_t turned(std::uint32_t x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
}

// The rank of the set bits of `set` among combinations of their count.
std::uint64_t combination_rank(std::uint32_t set) {
    std::uint64_t r = 0;
    for (int i = 1; set; ++i, set &= set - 1) r += binom.c[std::countr_zero(set)][i];
    return r;
}

// The k positions of combination `r`, as a mask.
std::uint32_t combination_unrank(int k, std::uint64_t r) {
    std::uint32_t set = 0;
    int c = 32;
    for (int i = k; i >= 1; --i) {
        do --c;
        while (binom.c[c][i] > r);
        r -= binom.c[c][i];
        set |= 1u << c;
    }
    return set;
}

// Each bit of `set` renumbered among the squares `taken` leaves free.
std::uint32_t squeezed(std::uint32_t set, std::uint32_t taken) {
    std::uint32_t out = 0;
    for (; set; set &= set - 1) {
        const int s = std::countr_zero(set);
        out |= 1u << (s - std::popcount(taken & ((1u << s) - 1)));
    }
    return out;
}

// The inverse: the i-th free square (not in `taken`) for every bit i of `set`.
std::uint32_t spread(std::uint32_t set, std::uint32_t taken) {
    std::uint32_t out = 0, free = ~taken;
    for (int i = 0; set; ++i, free &= free - 1) {
        if (set & 1u << i) {
            out |= free & (0 - free);
            set &= ~(1u << i);
        }
    }
    return out;
}

}  // namespace

bool slice_of(std::uint64_t index, material& m) {
    if (index >= slices.end_of[endgame_max_pieces]) return false;
    for (int t = 2; t <= endgame_max_pieces; ++t)
        for_each_slice(t, [&](const material& s) {
            const std::uint64_t a = slices.at[s.om][s.ok][s.xm][s.xk];
            if (index >= a && index < a + slice_size(s)) m = s;
        });
    return true;
}

}  // namespace egdb

std::uint64_t endgame_size(int n) {
    return n < 2 || n > endgame_max_pieces ? 0 : egdb::slices.end_of[n];
}

std::optional<int> endgame_pieces_of(std::size_t bytes) {
    for (int n = 2; n <= endgame_max_pieces; ++n)
        if (egdb::slices.end_of[n] == bytes) return n;
    return std::nullopt;
}

position mirrored(const position& p) {
    position q;
    for (int s = 0; s < 2; ++s) {
        q.men[s] = egdb::ghost_of(egdb::turned(egdb::squares_of(p.men[s ^ 1])));
        q.kings[s] = egdb::ghost_of(egdb::turned(egdb::squares_of(p.kings[s ^ 1])));
    }
    q.side = p.side ^ 1;
    return q;
}

std::uint64_t endgame_index(const position& p) {
    const std::uint32_t om = egdb::squares_of(p.men[black]), ok = egdb::squares_of(p.kings[black]);
    const std::uint32_t xm = egdb::squares_of(p.men[white]), xk = egdb::squares_of(p.kings[white]);
    const int nom = std::popcount(om), nok = std::popcount(ok);
    const int nxm = std::popcount(xm), nxk = std::popcount(xk);
    const int free1 = 32 - nom - nxm;
    std::uint64_t r = egdb::combination_rank(om);
    r = r * egdb::binom.c[28][nxm] + egdb::combination_rank(xm >> 4);
    r = r * egdb::binom.c[free1][nok] + egdb::combination_rank(egdb::squeezed(ok, om | xm));
    r = r * egdb::binom.c[free1 - nok][nxk] +
        egdb::combination_rank(egdb::squeezed(xk, om | xm | ok));
    return egdb::slices.at[nom][nok][nxm][nxk] + r;
}

std::optional<position> endgame_position(std::uint64_t index) {
    egdb::material m;
    if (!egdb::slice_of(index, m)) return std::nullopt;
    return egdb::position_at(m, index - egdb::slices.at[m.om][m.ok][m.xm][m.xk]);
}

std::optional<position> egdb::position_at(const egdb::material& m, std::uint64_t r) {
    const int free1 = 32 - m.om - m.xm;
    const std::uint64_t nxk = egdb::binom.c[free1 - m.ok][m.xk], nok = egdb::binom.c[free1][m.ok];
    const std::uint64_t nxm = egdb::binom.c[28][m.xm];
    const std::uint64_t rxk = r % nxk;
    r /= nxk;
    const std::uint64_t rok = r % nok;
    r /= nok;
    const std::uint32_t xm = egdb::combination_unrank(m.xm, r % nxm) << 4;
    const std::uint32_t om = egdb::combination_unrank(m.om, r / nxm);
    if (om & xm) return std::nullopt;
    const std::uint32_t ok = egdb::spread(egdb::combination_unrank(m.ok, rok), om | xm);
    const std::uint32_t xk = egdb::spread(egdb::combination_unrank(m.xk, rxk), om | xm | ok);
    position p;
    p.men = {egdb::ghost_of(om), egdb::ghost_of(xm)};
    p.kings = {egdb::ghost_of(ok), egdb::ghost_of(xk)};
    p.side = black;
    return p;
}

}  // namespace kibitz::core::checkers
