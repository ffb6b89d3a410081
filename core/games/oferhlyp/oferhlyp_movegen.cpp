// Oferhlýp move generation, application, repetition filtering and perft.
#include <bit>
#include <span>

#include "oferhlyp/oferhlyp.hpp"
#include "oferhlyp/oferhlyp_bits.hpp"

namespace kibitz::core::oferhlyp {

namespace {

using bits::bit;
using bits::board_mask;
using bits::shift;

// For each square and each of the 8 directions: the neighbour and the square
// beyond it, or -1 off the board.
struct tables {
    std::int8_t next[square_count][8];
    std::int8_t beyond[square_count][8];
};

constexpr tables make_tables() {
    constexpr int dr[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    constexpr int df[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    tables t{};
    for (int sq = 0; sq < square_count; ++sq) {
        int r = sq / board_side, f = sq % board_side;
        for (int d = 0; d < 8; ++d) {
            auto at = [&](int k) -> std::int8_t {
                int rr = r + k * dr[d], ff = f + k * df[d];
                if (rr < 0 || rr >= board_side || ff < 0 || ff >= board_side) return -1;
                return static_cast<std::int8_t>(rr * board_side + ff);
            };
            t.next[sq][d] = at(1);
            t.beyond[sq][d] = at(2);
        }
    }
    return t;
}

constexpr tables tab = make_tables();

inline bool has(std::uint64_t bb, int sq) { return (bb >> sq) & 1; }

// Hits the token on `sq` (owned by `victim`): full turns half, half is removed.
// Returns true when that removed a king.
inline bool hit(position& p, int victim, int sq) {
    std::uint64_t b = bit(sq);
    if (!(p.half & b)) {
        p.half |= b;
        return false;
    }
    p.tokens[victim] &= ~b;
    p.half &= ~b;
    bool king = p.kings & b;
    p.kings &= ~b;
    return king;
}

// Depth-first over attack chains. The attacker is off the board (its start
// square counts as empty, as the rules say); `done` holds the squares of tokens
// already hit this turn, which can't be hit again. Each prefix is emitted as a
// turn; a chain stops after removing the king. A removed token's square is
// empty from then on, but no later landing of the same chain can be on it:
// landings keep the start square's file and rank parity, jumped squares don't.
// (The attacker's king/half bits stay behind on its start square in this copy;
// only enemy squares are ever read, and apply() moves them properly.)
template <class emit_fn>
void chains(position& p, int cur, std::uint64_t done, move& m, emit_fn& emit) {
    int me = p.to_move, foe = 1 - me;
    for (int d = 0; d < 8; ++d) {
        int mid = tab.next[cur][d], land = tab.beyond[cur][d];
        if (land < 0 || !has(p.tokens[foe], mid) || has(done, mid) || has(p.occupied(), land))
            continue;
        position saved = p;
        bool king_gone = hit(p, foe, mid);
        m.to[m.length++] = static_cast<std::uint8_t>(land);
        emit(m);
        if (!king_gone) chains(p, land, done | bit(mid), m, emit);
        --m.length;
        p = saved;
    }
}

template <class emit_fn>
void generate(const position& p, emit_fn&& emit) {
    if (static_status(p).over()) return;
    int me = p.to_move, foe = 1 - me;
    std::uint64_t occ = p.occupied();
    for (std::uint64_t own = p.tokens[me]; own; own &= own - 1) {
        int from = std::countr_zero(own);
        move m;
        m.from = static_cast<std::uint8_t>(from);
        m.length = 1;
        m.kind = move_kind::step;
        for (int d = 0; d < 8; ++d) {
            int to = tab.next[from][d];
            if (to >= 0 && !has(occ, to)) {
                m.to[0] = static_cast<std::uint8_t>(to);
                emit(m);
            }
        }
        m.kind = move_kind::jump;
        for (int d = 0; d < 8; ++d) {
            int to = tab.beyond[from][d];
            if (to >= 0 && has(p.tokens[me], tab.next[from][d]) && !has(occ, to)) {
                m.to[0] = static_cast<std::uint8_t>(to);
                emit(m);
            }
        }
        bool near_foe = false;
        for (int d = 0; d < 8; ++d)
            near_foe |= tab.next[from][d] >= 0 && has(p.tokens[foe], tab.next[from][d]);
        if (!near_foe) continue;
        m.kind = move_kind::attack;
        m.length = 0;
        position q = p;  // the attacker leaves its square (apply() puts it back down)
        q.tokens[me] &= ~bit(from);
        chains(q, from, 0, m, emit);
    }
}

// The number of turns, as generate() would emit them, without building them:
// steps and friendly jumps are counted a direction at a time over the whole
// board; only tokens that can start an attack are searched one by one.
std::uint64_t count_moves(const position& p) {
    if (static_status(p).over()) return 0;
    int me = p.to_move, foe = 1 - me;
    std::uint64_t own = p.tokens[me], enemy = p.tokens[foe], empty = board_mask & ~p.occupied();
    std::uint64_t n = 0, attackers = 0;
    for (int d = 0; d < 8; ++d) {
        std::uint64_t one = shift(own, d);
        n += std::popcount(one & empty);
        n += std::popcount(shift(one & own, d) & empty);
        // Back from an empty landing square over an enemy to one of ours.
        int back = (d + 4) & 7;
        attackers |= shift(shift(empty, back) & enemy, back) & own;
    }
    for (; attackers; attackers &= attackers - 1) {
        int from = std::countr_zero(attackers);
        position q = p;
        q.tokens[me] &= ~bit(from);
        move m;
        m.kind = move_kind::attack;
        m.from = static_cast<std::uint8_t>(from);
        auto emit = [&](const move&) { ++n; };
        chains(q, from, 0, m, emit);
    }
    return n;
}

}  // namespace

int position::owner(int sq) const {
    if (has(tokens[0], sq)) return 0;
    if (has(tokens[1], sq)) return 1;
    return -1;
}

int position::hit_points(int sq) const {
    if (owner(sq) < 0) return 0;
    return has(half, sq) ? 1 : 2;
}

position start_position() {
    position p;
    p.tokens[light] = (bit(14) - 1);               // ranks 1-2
    p.tokens[dark] = board_mask & ~(bit(35) - 1);  // ranks 6-7
    p.kings = bit(3) | bit(45);                    // D1, D7
    p.to_move = dark;
    return p;
}

status static_status(const position& p) {
    bool dk = p.kings & p.tokens[dark], lk = p.kings & p.tokens[light];
    if (!dk) return {status_kind::win, light, "king captured"};
    if (!lk) return {status_kind::win, dark, "king captured"};
    if (std::popcount(p.occupied()) == 2)
        return {status_kind::draw, -1, "only the two kings remain"};
    return {};
}

void pseudo_moves(const position& p, std::vector<move>& out) {
    out.clear();
    generate(p, [&](const move& m) { out.push_back(m); });
}

position apply(const position& p, const move& m) {
    position q = p;
    int me = p.to_move, foe = 1 - me;
    int cur = m.from;
    std::uint64_t from_bit = bit(cur);
    bool king = q.kings & from_bit, half = q.half & from_bit;
    q.tokens[me] &= ~from_bit;
    q.kings &= ~from_bit;
    q.half &= ~from_bit;
    if (m.kind == move_kind::attack) {
        for (int i = 0; i < m.length; ++i) {
            hit(q, foe, (cur + m.to[i]) / 2);  // the midpoint of a jump
            cur = m.to[i];
        }
    } else {
        cur = m.to[0];
    }
    std::uint64_t to_bit = bit(cur);
    q.tokens[me] |= to_bit;
    if (king) q.kings |= to_bit;
    if (half) q.half |= to_bit;
    q.to_move = foe;
    return q;
}

namespace {

// Would playing the non-attack move into `next` make it occur a third time?
bool third_time(std::span<const position> w, const position& next) {
    int seen = 0;
    for (const auto& q : w) seen += q == next;
    return seen >= 2;
}

// A window shorter than 8 positions can't hold two earlier copies of the next
// position: a copy is at least 4 plies back (2 plies can't undo a step of each
// side, and odd distances differ in the side to move), and two copies are at
// least 4 plies apart.
constexpr std::size_t min_window_for_repeat = 8;

void filter_repeats(std::span<const position> w, std::vector<move>& out) {
    if (w.size() < min_window_for_repeat) return;
    const position& p = w.back();
    std::erase_if(out, [&](const move& m) {
        return m.kind != move_kind::attack && third_time(w, apply(p, m));
    });
}

// `stack` holds the positions of the current line; the window is the part from
// `begin` (the last attack) on. `buffers` keeps one move list per depth so the
// search allocates only while it warms up.
std::uint64_t perft_rec(std::vector<position>& stack, std::size_t begin, int depth,
                        std::vector<std::vector<move>>& buffers) {
    std::span<const position> w(stack.data() + begin, stack.size() - begin);
    const position p = w.back();
    if (depth == 1 && w.size() < min_window_for_repeat) {
        return count_moves(p);
    }
    std::vector<move>& moves = buffers[depth];
    pseudo_moves(p, moves);
    filter_repeats(w, moves);
    if (depth == 1) return moves.size();
    std::uint64_t n = 0;
    for (const move& m : moves) {
        stack.push_back(apply(p, m));
        // After an attack the window starts afresh at the new position.
        std::size_t b = m.kind == move_kind::attack ? stack.size() - 1 : begin;
        n += perft_rec(stack, b, depth - 1, buffers);
        stack.pop_back();
    }
    return n;
}

}  // namespace

void legal_moves(const window& w, std::vector<move>& out) {
    pseudo_moves(w.back(), out);
    filter_repeats(w, out);
}

std::uint64_t perft(const window& w, int depth) {
    if (depth <= 0 || w.empty()) return depth <= 0 ? 1 : 0;
    std::vector<position> stack(w.begin(), w.end());
    stack.reserve(w.size() + depth);
    std::vector<std::vector<move>> buffers(depth + 1);
    return perft_rec(stack, 0, depth, buffers);
}

}  // namespace kibitz::core::oferhlyp
