// The Oferhlýp evaluation, from the side to move's point of view, 100 = one
// hit point. Hit points decide the game in the long run (the king dies when
// its two are gone, and tokens are what attack and shield it), so they
// dominate; the other terms steer between positions of equal material. Each
// weight was tried in self-play matches (BENCHMARKS.md, "Engine tuning").
#include <algorithm>
#include <bit>
#include <cstdlib>

#include "oferhlyp/oferhlyp_bits.hpp"
#include "oferhlyp/oferhlyp_engine.hpp"

namespace kibitz::core::oferhlyp {

namespace {

using bits::board_mask;
using bits::file_a;
using bits::file_g;
using bits::shift;

std::uint64_t neighbours(std::uint64_t b) {
    std::uint64_t n = 0;
    for (int d = 0; d < 8; ++d) n |= shift(b, d);
    return n;
}

// Tokens of `mine` an enemy token could jump at once: an enemy on one side,
// an empty square straight across on the other.
std::uint64_t attackable(std::uint64_t mine, std::uint64_t enemy, std::uint64_t empty) {
    std::uint64_t t = 0;
    for (int d = 0; d < 8; ++d) t |= shift(enemy, d) & shift(empty, (d + 4) & 7);
    return t & mine;
}

// Material: every hit point is worth 100. A token also counts on its own (a
// half-strength token still steps, shields and attacks), so trading one hit
// point for a removal is a gain.
constexpr int hit_point = 100;
constexpr int token = 30;
// The king's own hit points: at half strength one hit ends the game, so a
// hurt king is worth far more than the hit point alone says.
constexpr int king_hurt = 120;
// Attackers near the king: enemy tokens beside it are one step from a jump.
constexpr int king_neighbour = 20;
// A king that can be jumped right now (an enemy beside it, an empty square
// across): for the side not to move this is an immediate threat.
constexpr int king_exposed = 60;
// Friendly tokens beside the king fill the squares an attacker must land on.
constexpr int king_guard = 8;
// Own tokens the enemy could jump at once. Only the side not to move has to
// fear them before it can react; the side to move's own targets are resolved
// by quiescence (it can attack them first).
constexpr int hanging = 30;
// Mobility: empty squares next to one's tokens (steps available).
constexpr int mobility = 2;
// Advancement (men further up the board) was tried at 4 per rank and cost
// about 60 Elo in self-play: pressure on the king says where to go better.
// Tempo: the side to move strikes first in a position of mutual contact.
constexpr int tempo = 15;
// Pressure: men close to the enemy king (per square nearer, king distance).
// Meant to stop an engine ahead in material from shuffling instead of closing
// in: the king only dies when attackers reach it.
constexpr int pressure = 3;

int side_terms(const position& p, int seat, bool to_move) {
    const std::uint64_t mine = p.tokens[seat], enemy = p.tokens[1 - seat];
    const std::uint64_t empty = board_mask & ~p.occupied();
    int v = hit_point * (2 * std::popcount(mine) - std::popcount(mine & p.half));
    v += token * std::popcount(mine);

    const std::uint64_t king = mine & p.kings;
    const std::uint64_t around = neighbours(king);
    if (king & p.half) v -= king_hurt;
    v -= king_neighbour * std::popcount(around & enemy);
    v += king_guard * std::popcount(around & mine);

    const std::uint64_t targets = attackable(mine, enemy, empty);
    if (!to_move) {
        if (targets & king) v -= king_exposed * ((king & p.half) ? 4 : 1);
        v -= hanging * std::popcount(targets & ~king);
    }

    v += mobility * std::popcount(neighbours(mine) & empty);
    const std::uint64_t their_king = enemy & p.kings;
    const int ek = their_king ? std::countr_zero(their_king) : 0;
    int near = 0;
    for (std::uint64_t men = mine & ~p.kings; men; men &= men - 1) {
        const int sq = std::countr_zero(men), rank = sq / board_side;
        const int dr = std::abs(rank - ek / board_side);
        const int df = std::abs(sq % board_side - ek % board_side);
        near += board_side - 1 - std::max(dr, df);
    }
    v += pressure * near;
    return v;
}

}  // namespace

int evaluate(const position& p) {
    const int me = p.to_move;
    return tempo + side_terms(p, me, true) - side_terms(p, 1 - me, false);
}

}  // namespace kibitz::core::oferhlyp
