// Opprimo move generation, move application and perft: the non-virtual fast path.
#include "opprimo/opprimo.hpp"

namespace kibitz::core::opprimo {

namespace {
// The start position, as data (rules page, "Pieces and setup").
constexpr std::array<std::array<int, 2>, 10> yellow_start = {{
    {0, 2}, {1, 1}, {1, 3}, {2, 2}, {3, 1}, {3, 3}, {4, 2}, {5, 1}, {5, 3}, {6, 2},
}};
}  // namespace

position start_position() {
    position pos;
    for (auto [f, r] : yellow_start) {
        pos.men[0] |= bit(point_at(f, r));
        pos.men[1] |= bit(point_at(6 - f, 14 - r));  // half turn of the board
    }
    pos.king[0] = static_cast<std::int8_t>(castle_triangles[0][1]);  // d1-d3-e2
    pos.king[1] = static_cast<std::int8_t>(castle_triangles[1][0]);  // c12-d11-d13
    pos.side = 0;
    return pos;
}

bool king_trapped(const position& pos, int seat) {
    const std::uint64_t corners = triangle_mask[pos.king[seat]];
    return (pos.men[seat ^ 1] & corners) == corners;
}

namespace {
// Each seat's usable directions: a Soldier's three forward ones, a Knight's six.
constexpr std::array<std::array<int, 6>, 2> all_dirs = {{{0, 1, 2, 3, 4, 5}, {0, 1, 2, 3, 4, 5}}};

// Calls emit(move) for every legal move, in the documented order. Shared by
// generate_moves and the counting leaf of perft so that both agree by construction.
template <class Emit>
inline void for_each_move(const position& pos, Emit&& emit) {
    const int s = pos.side;
    const std::uint64_t own = pos.men[s];
    const std::uint64_t enemy = pos.men[s ^ 1];
    const std::uint64_t occupied = own | enemy;
    for (std::uint64_t rest = own; rest; rest &= rest - 1) {
        const int p = __builtin_ctzll(rest);
        const bool knight = (pos.knights >> p) & 1;
        const int* dirs = knight ? all_dirs[s].data() : forward_dirs[s].data();
        const int n = knight ? 6 : 3;
        for (int i = 0; i < n; ++i) {
            const int d = dirs[i];
            const int q = neighbour[p][d];
            if (q < 0) continue;
            if (!((occupied >> q) & 1)) {
                const bool promotes = !knight && ((promotion_mask[s] >> q) & 1);
                emit(move{move_kind::step, static_cast<std::uint8_t>(p),
                          static_cast<std::uint8_t>(q), 0, promotes});
            } else if ((enemy >> q) & 1) {
                const int r = neighbour[q][d];
                if (r < 0 || ((occupied >> r) & 1)) continue;
                const bool promotes = !knight && ((promotion_mask[s] >> r) & 1);
                emit(move{move_kind::convert, static_cast<std::uint8_t>(p),
                          static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(q), promotes});
            }
        }
    }
    // The King: a side-adjacent triangle of its own Castle, unless every corner
    // of it holds an enemy piece (one or two enemy corners do not stop it).
    const int k = pos.king[s];
    for (int u : triangle_adjacent[k]) {
        if (u < 0 || castle_owner[u] != s) continue;
        if ((enemy & triangle_mask[u]) == triangle_mask[u]) continue;
        emit(move{move_kind::king, static_cast<std::uint8_t>(k), static_cast<std::uint8_t>(u), 0,
                  false});
    }
}
}  // namespace

void generate_moves(const position& pos, move_list& out) {
    out.size = 0;
    for_each_move(pos, [&](const move& m) { out.push(m); });
}

void apply_move(position& pos, const move& m) {
    const int s = pos.side;
    if (m.kind == move_kind::king) {
        pos.king[s] = static_cast<std::int8_t>(m.to);
    } else {
        const std::uint64_t from = bit(m.from), to = bit(m.to);
        pos.men[s] ^= from | to;
        if (pos.knights & from) pos.knights ^= from | to;
        if (m.promotes) pos.knights |= to;
        if (m.kind == move_kind::convert) {
            // The jumped piece changes sides and is (or becomes) a Soldier.
            const std::uint64_t over = bit(m.over);
            pos.men[s ^ 1] &= ~over;
            pos.men[s] |= over;
            pos.knights &= ~over;
        }
    }
    pos.side = static_cast<std::int8_t>(s ^ 1);
}

namespace {
std::uint64_t perft_rec(const position& pos, int depth) {
    // The side to move has lost when its King is trapped: no moves below.
    if (king_trapped(pos, pos.side)) return 0;
    if (depth == 1) {
        std::uint64_t n = 0;
        for_each_move(pos, [&](const move&) { ++n; });
        return n;
    }
    move_list list;
    generate_moves(pos, list);
    std::uint64_t n = 0;
    for (int i = 0; i < list.size; ++i) {
        position next = pos;
        apply_move(next, list.items[i]);
        n += perft_rec(next, depth - 1);
    }
    return n;
}
}  // namespace

std::uint64_t perft(const position& pos, int depth) {
    if (depth <= 0) return 1;
    return perft_rec(pos, depth);
}

}  // namespace kibitz::core::opprimo
