// Positions, legal-move lists and perft for checkers (see checkers.hpp for the
// bit layout and checkers_movegen.hpp for the generator templates).
#include "checkers/checkers_movegen.hpp"

#include <algorithm>
#include <vector>

namespace kibitz::core::checkers {

using detail::u64;

int bit_of_square(int square) {
    if (square < 1 || square > 32) return -1;
    const int r = (square - 1) / 4, c = (square - 1) % 4;
    return 4 * r + c + r / 2;
}

int square_of_bit(int bit) {
    if (bit < 0 || bit >= 35 || ((detail::ghosts >> bit) & 1)) return 0;
    const int pair = bit / 9, rest = bit % 9;  // two rows (8 bits) and a ghost per 9 bits
    return pair * 8 + rest + 1;
}

position start_position() {
    position p;
    for (int sq = 1; sq <= 12; ++sq) p.men[black] |= u64{1} << bit_of_square(sq);
    for (int sq = 21; sq <= 32; ++sq) p.men[white] |= u64{1} << bit_of_square(sq);
    return p;
}

std::uint64_t hash(const position& p) {
    u64 h = p.side == white ? detail::zobrist.side : 0;
    for (int s = 0; s < 2; ++s) {
        for (u64 b = p.men[s]; b; b &= b - 1) h ^= detail::zobrist.piece[s][0][std::countr_zero(b)];
        for (u64 b = p.kings[s]; b; b &= b - 1)
            h ^= detail::zobrist.piece[s][1][std::countr_zero(b)];
    }
    return h;
}

namespace {

struct list_visitor {
    std::vector<move>& out;
    void simple(int from, int to) {
        move m;
        m.path[0] = static_cast<std::uint8_t>(square_of_bit(from));
        m.path[1] = static_cast<std::uint8_t>(square_of_bit(to));
        m.length = 2;
        out.push_back(m);
    }
    void capture(int, int, u64 captured, const std::uint8_t* path, int len) {
        move m;
        for (int i = 0; i < len; ++i) m.path[i] = static_cast<std::uint8_t>(square_of_bit(path[i]));
        m.length = static_cast<std::uint8_t>(len);
        m.captured = captured;
        out.push_back(m);
    }
};

template <int S>
u64 perft_plain(const position& p, int depth);

// Visits the moves of a position two or more plies above the leaves.
template <int S>
struct plain_visitor {
    const position& p;
    int depth;  // of the children
    u64 n = 0;
    void simple(int from, int to) {
        n += perft_plain<S ^ 1>(detail::make_t<S>(p, from, to, 0), depth);
    }
    void capture(int from, int to, u64 captured, const std::uint8_t*, int) {
        n += perft_plain<S ^ 1>(detail::make_t<S>(p, from, to, captured), depth);
    }
};

// Visits the moves of a position just above the leaves: bulk-counts each child.
template <int S>
struct frontier_visitor {
    const position& p;
    u64 n = 0;
    void simple(int from, int to) {
        n += detail::count_moves_t<S ^ 1>(detail::make_t<S>(p, from, to, 0));
    }
    void capture(int from, int to, u64 captured, const std::uint8_t*, int) {
        n += detail::count_moves_t<S ^ 1>(detail::make_t<S>(p, from, to, captured));
    }
};

template <int S>
u64 perft_plain(const position& p, int depth) {
    if (depth == 1) return detail::count_moves_t<S>(p);
    if (depth == 2) {
        frontier_visitor<S> v{p};
        detail::generate_t<S>(p, v);
        return v.n;
    }
    plain_visitor<S> v{p, depth - 1};
    detail::generate_t<S>(p, v);
    return v.n;
}

// A transposition table for perft. Each entry keeps the whole position (the
// 32 playable bits of each side and of the kings, plus side and depth), so a
// hash collision can only cost a miss, never a wrong count.
struct tt_entry {
    std::uint32_t black = 0, white = 0, kings = 0, meta = 0;  // meta 0 = empty
    u64 count = 0;
};

inline std::uint32_t squeeze(u64 b) {  // drop the ghost bits: 35 -> 32 bits
    return static_cast<std::uint32_t>((b & 0xFF) | ((b >> 1) & 0xFF00) | ((b >> 2) & 0xFF0000) |
                                      ((b >> 3) & 0xFF000000));
}

struct table {
    std::vector<tt_entry> entries;
    u64 mask;
};

template <int S>
u64 perft_tt(const position& p, u64 h, int depth, table& t);

template <int S>
struct tt_visitor {
    const position& p;
    u64 h;
    int depth;
    table& t;
    u64 n = 0;
    void simple(int from, int to) { go(from, to, 0); }
    void capture(int from, int to, u64 captured, const std::uint8_t*, int) {
        go(from, to, captured);
    }
    void go(int from, int to, u64 captured) {
        const position q = detail::make_t<S>(p, from, to, captured);
        if (depth < 4)
            n += perft_plain<S ^ 1>(q, depth);  // cheaper than a probe (measured)
        else
            n += perft_tt<S ^ 1>(q, detail::hash_after<S>(p, h, from, to, captured), depth, t);
    }
};

template <int S>
u64 perft_tt(const position& p, u64 h, int depth, table& t) {
    tt_entry& e = t.entries[h & t.mask];
    const std::uint32_t b = squeeze(p.pieces(black)), w = squeeze(p.pieces(white)),
                        k = squeeze(p.kings[0] | p.kings[1]);
    const std::uint32_t meta = static_cast<std::uint32_t>(depth) << 1 | S;
    if (e.meta == meta && e.black == b && e.white == w && e.kings == k) return e.count;
    tt_visitor<S> v{p, h, depth - 1, t};
    detail::generate_t<S>(p, v);
    e = tt_entry{b, w, k, meta, v.n};  // always replace
    return v.n;
}

}  // namespace

std::vector<move> legal_moves(const position& p) {
    std::vector<move> out;
    list_visitor v{out};
    if (p.side == black)
        detail::generate_t<black>(p, v);
    else
        detail::generate_t<white>(p, v);
    std::sort(out.begin(), out.end(), [](const move& a, const move& b) {
        return std::lexicographical_compare(a.path.begin(), a.path.begin() + a.length,
                                            b.path.begin(), b.path.begin() + b.length);
    });
    return out;
}

position apply(const position& p, const move& m) {
    const int from = bit_of_square(m.path[0]), to = bit_of_square(m.path[m.length - 1]);
    return p.side == black ? detail::make_t<black>(p, from, to, m.captured)
                           : detail::make_t<white>(p, from, to, m.captured);
}

std::uint64_t count_moves(const position& p) {
    return p.side == black ? detail::count_moves_t<black>(p) : detail::count_moves_t<white>(p);
}

std::uint64_t perft_no_table(const position& p, int depth) {
    if (depth <= 0) return 1;
    return p.side == black ? perft_plain<black>(p, depth) : perft_plain<white>(p, depth);
}

std::uint64_t perft(const position& p, int depth, std::size_t table_mib) {
    if (depth < 4 || table_mib == 0) return perft_no_table(p, depth);
    // Round the table down to a power of two entries.
    std::size_t want = table_mib * 1024 * 1024 / sizeof(tt_entry), size = 1;
    while (size * 2 <= want) size *= 2;
    table t{std::vector<tt_entry>(size), size - 1};
    const u64 h = hash(p);
    return p.side == black ? perft_tt<black>(p, h, depth, t) : perft_tt<white>(p, h, depth, t);
}

}  // namespace kibitz::core::checkers
