#pragma once
// Move generation on the ghost-square layout described in checkers.hpp, as
// templates on the side to move so that each inner loop is branch-light. Shared
// by perft (which ignores paths) and the game's move list (which keeps them).
// Internal to the checkers folder.
#include <bit>
#include <cstdint>

#include "checkers/checkers.hpp"
#include "kibitz/core/splitmix64.hpp"

namespace kibitz::core::checkers::detail {

using u64 = std::uint64_t;

constexpr u64 ghosts = (u64{1} << 8) | (u64{1} << 17) | (u64{1} << 26);
constexpr u64 board = ((u64{1} << 35) - 1) & ~ghosts;
// Where each side's men are crowned: Black on row 7 (squares 29-32), White on
// row 0 (squares 1-4).
constexpr u64 crown_row[2] = {u64{0xF} << 31, u64{0xF}};

// Directions: 0 = +4, 1 = +5 (down the diagram, Black's forward),
// 2 = -4, 3 = -5 (up, White's forward).
template <int D>
constexpr u64 step(u64 x) {
    if constexpr (D == 0)
        return x << 4;
    else if constexpr (D == 1)
        return x << 5;
    else if constexpr (D == 2)
        return x >> 4;
    else
        return x >> 5;
}
template <int D>
constexpr u64 step_back(u64 x) {
    return step<D ^ 2>(x);
}

template <int S>
constexpr int fwd1 = S == black ? 0 : 2;
template <int S>
constexpr int fwd2 = S == black ? 1 : 3;
template <int S>
constexpr int bwd1 = S == black ? 2 : 0;
template <int S>
constexpr int bwd2 = S == black ? 3 : 1;

// Pieces of side S in direction D that have a jump: enemy next, empty beyond.
template <int D>
inline u64 jumpers_dir(u64 movers, u64 enemy, u64 empty) {
    return movers & step_back<D>(step_back<D>(empty) & enemy);
}

template <int S>
inline u64 jumpers(const position& p, u64 empty) {
    const u64 enemy = p.pieces(S ^ 1);
    const u64 all = p.pieces(S), k = p.kings[S];
    u64 j = jumpers_dir<fwd1<S>>(all, enemy, empty) | jumpers_dir<fwd2<S>>(all, enemy, empty);
    if (k) j |= jumpers_dir<bwd1<S>>(k, enemy, empty) | jumpers_dir<bwd2<S>>(k, enemy, empty);
    return j;
}

// ---- counting capture sequences without building them ------------------------

template <int S, bool King>
u64 count_jumps(u64 sq, u64 jumpable, u64 empty);

template <int S, bool King, int D>
inline void count_dir(u64 sq, u64 jumpable, u64 empty, u64& n) {
    const u64 mid = step<D>(sq) & jumpable;
    if (!mid) return;
    const u64 land = step<D>(mid) & empty;
    if (!land) return;
    // A man crowned by a jump stops there, even if a king could jump on.
    if (!King && (land & crown_row[S])) {
        ++n;
        return;
    }
    // The jumped piece stays on the board (not empty) but can't be jumped again.
    const u64 r = count_jumps<S, King>(land, jumpable & ~mid, empty);
    n += r ? r : 1;
}

template <int S, bool King>
u64 count_jumps(u64 sq, u64 jumpable, u64 empty) {
    u64 n = 0;
    count_dir<S, King, fwd1<S>>(sq, jumpable, empty, n);
    count_dir<S, King, fwd2<S>>(sq, jumpable, empty, n);
    if constexpr (King) {
        count_dir<S, King, bwd1<S>>(sq, jumpable, empty, n);
        count_dir<S, King, bwd2<S>>(sq, jumpable, empty, n);
    }
    return n;
}

// Men's capture sequences, counted for a whole set of men at once. A man only
// jumps forward, so it can never meet a piece it has jumped (they are all
// behind it) nor come back to a square it left: every man's sequence sees the
// same enemy and empty sets, and paths from distinct men or directions never
// share a landing square in the same direction.
template <int S>
u64 count_man_jumps(u64 men, u64 enemy, u64 empty);

template <int S, int D>
inline u64 count_man_dir(u64 men, u64 enemy, u64 empty) {
    const u64 land = step<D>(step<D>(men) & enemy) & empty;
    if (!land) return 0;
    const u64 open = land & ~crown_row[S];  // crowning ends the move
    const u64 more =
        jumpers_dir<fwd1<S>>(open, enemy, empty) | jumpers_dir<fwd2<S>>(open, enemy, empty);
    const u64 n = std::popcount(land & ~more);
    return more ? n + count_man_jumps<S>(more, enemy, empty) : n;
}

template <int S>
u64 count_man_jumps(u64 men, u64 enemy, u64 empty) {
    return count_man_dir<S, fwd1<S>>(men, enemy, empty) +
           count_man_dir<S, fwd2<S>>(men, enemy, empty);
}

template <int S>
inline u64 count_moves_t(const position& p) {
    const u64 occ = p.occupied();
    const u64 empty = board & ~occ;
    if (jumpers<S>(p, empty)) {
        const u64 enemy = p.pieces(S ^ 1);
        u64 n = count_man_jumps<S>(p.men[S], enemy, empty);
        for (u64 k = p.kings[S]; k; k &= k - 1) {
            const u64 sq = k & (0 - k);
            // The jumper has left its square: a king may come back to it.
            n += count_jumps<S, true>(sq, enemy, empty | sq);
        }
        return n;
    }
    const u64 all = p.pieces(S), k = p.kings[S];
    u64 n = std::popcount(step<fwd1<S>>(all) & empty) + std::popcount(step<fwd2<S>>(all) & empty);
    if (k) n += std::popcount(step<bwd1<S>>(k) & empty) + std::popcount(step<bwd2<S>>(k) & empty);
    return n;
}

// ---- generating moves for a visitor -------------------------------------------
// The visitor gets simple(from, to) and capture(from, to, captured, path, len)
// with bit numbers; path[0..len) is from + every landing square.

template <int S, bool King, class V>
bool gen_jumps(V& v, int from, u64 sq, u64 jumpable, u64 empty, u64 captured, std::uint8_t* path,
               int len);

template <int S, bool King, int D, class V>
inline bool gen_dir(V& v, int from, u64 sq, u64 jumpable, u64 empty, u64 captured,
                    std::uint8_t* path, int len) {
    const u64 mid = step<D>(sq) & jumpable;
    if (!mid) return false;
    const u64 land = step<D>(mid) & empty;
    if (!land) return false;
    const int to = std::countr_zero(land);
    path[len] = static_cast<std::uint8_t>(to);
    const u64 cap = captured | mid;
    if (!King && (land & crown_row[S])) {  // crowning ends the move
        v.capture(from, to, cap, path, len + 1);
        return true;
    }
    if (!gen_jumps<S, King>(v, from, land, jumpable & ~mid, empty, cap, path, len + 1))
        v.capture(from, to, cap, path, len + 1);
    return true;
}

template <int S, bool King, class V>
bool gen_jumps(V& v, int from, u64 sq, u64 jumpable, u64 empty, u64 captured, std::uint8_t* path,
               int len) {
    bool any = gen_dir<S, King, fwd1<S>>(v, from, sq, jumpable, empty, captured, path, len);
    any |= gen_dir<S, King, fwd2<S>>(v, from, sq, jumpable, empty, captured, path, len);
    if constexpr (King) {
        any |= gen_dir<S, King, bwd1<S>>(v, from, sq, jumpable, empty, captured, path, len);
        any |= gen_dir<S, King, bwd2<S>>(v, from, sq, jumpable, empty, captured, path, len);
    }
    return any;
}

template <int D, class V>
inline void gen_steps(V& v, u64 movers, u64 empty) {
    constexpr int shift = (D & 1) ? 5 : 4;
    for (u64 t = step<D>(movers) & empty; t; t &= t - 1) {
        const int to = std::countr_zero(t);
        v.simple((D & 2) ? to + shift : to - shift, to);
    }
}

template <int S, class V>
void generate_t(const position& p, V& v) {
    const u64 empty = board & ~p.occupied();
    if (u64 j = jumpers<S>(p, empty)) {
        const u64 enemy = p.pieces(S ^ 1);
        std::uint8_t path[max_path + 2];
        do {
            const u64 sq = j & (0 - j);
            j ^= sq;
            const int from = std::countr_zero(sq);
            path[0] = static_cast<std::uint8_t>(from);
            if (p.kings[S] & sq)
                gen_jumps<S, true>(v, from, sq, enemy, empty | sq, 0, path, 1);
            else
                gen_jumps<S, false>(v, from, sq, enemy, empty, 0, path, 1);
        } while (j);
        return;
    }
    const u64 all = p.pieces(S), k = p.kings[S];
    gen_steps<fwd1<S>>(v, all, empty);
    gen_steps<fwd2<S>>(v, all, empty);
    gen_steps<bwd1<S>>(v, k, empty);
    gen_steps<bwd2<S>>(v, k, empty);
}

// ---- making moves --------------------------------------------------------------

template <int S>
inline position make_t(const position& p, int from, int to, u64 captured) {
    position q = p;
    const u64 f = u64{1} << from, t = u64{1} << to;
    // from == to is possible (a king's loop), so clear then set, never toggle.
    if (q.kings[S] & f) {
        q.kings[S] = (q.kings[S] & ~f) | t;
    } else {
        q.men[S] &= ~f;
        if (t & crown_row[S])
            q.kings[S] |= t;
        else
            q.men[S] |= t;
    }
    q.men[S ^ 1] &= ~captured;
    q.kings[S ^ 1] &= ~captured;
    q.side = S ^ 1;
    return q;
}

// ---- Zobrist keys ----------------------------------------------------------------

struct zobrist_keys {
    u64 piece[2][2][35];  // [seat][0 man, 1 king][bit]
    u64 side;             // xored in when White is to move
};

constexpr zobrist_keys make_zobrist() {
    zobrist_keys z{};
    splitmix64 rng{splitmix64_gamma};
    for (auto& seat : z.piece)
        for (auto& kind : seat)
            for (auto& key : kind) key = rng.next();
    z.side = rng.next();
    return z;
}

inline constexpr zobrist_keys zobrist = make_zobrist();

// The hash of make_t<S>(p, from, to, captured), given h = hash(p).
template <int S>
inline u64 hash_after(const position& p, u64 h, int from, int to, u64 captured) {
    const u64 f = u64{1} << from;
    const bool king = p.kings[S] & f;
    const bool crowned = !king && ((u64{1} << to) & crown_row[S]);
    h ^= zobrist.piece[S][king][from] ^ zobrist.piece[S][king || crowned][to] ^ zobrist.side;
    for (u64 c = captured; c; c &= c - 1) {
        const int b = std::countr_zero(c);
        h ^= zobrist.piece[S ^ 1][(p.kings[S ^ 1] >> b) & 1][b];
    }
    return h;
}

}  // namespace kibitz::core::checkers::detail
