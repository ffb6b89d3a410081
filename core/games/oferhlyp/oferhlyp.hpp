#pragma once
// Oferhlýp (rules: docs/rules/oferhlyp.md, v2.3 notation).
//
// Rules decisions (each also noted beside the code that carries it out):
// - A turn is a step, one friendly jump, or an attack chain. Every prefix of a
//   chain is a legal turn of its own (stopping is allowed after any attack), so
//   the legal-move list holds one entry per prefix; a move is identified by its
//   path (from + landing squares), and no two legal moves share a path.
// - During a chain the attacker is "in the air": its start square is empty, so
//   it can be jumped through or landed on again. A half-strength token hit is
//   removed at once (its square is empty for the rest of the chain); a token
//   hit once this turn can't be hit again (it is never jumped over a second time).
// - Removing the enemy king ends the game at once: no chain continues after it.
// - After a turn that doesn't remove a king, only the two kings left = draw.
// - Repetition: positions (tokens, hit points, side to move) are counted after
//   complete turns; a turn that would make one occur a third time is illegal.
//   An attack lowers the total hit points, so no position before the last
//   attack can recur: only the "window" since the last attack (or the start) is
//   kept. No legal turn = draw ("no legal move").
// - perft(depth) counts leaves of the legal-move tree (one leaf per chain
//   prefix), repetition filtering included (it starts from the game's window);
//   from the start no position can occur a third time before ply 8, so there
//   the last ply is counted with whole-board bitboard shifts.
//
// Encoding: squares 0..48, sq = rank_index * 7 + file (A1 = 0, G1 = 6, A2 = 7,
// G7 = 48). A position is four 49-bit bitboards in uint64: each seat's tokens,
// the half-strength tokens (either seat) and the kings (either seat).
//
// Position text: `<rank 7>/<rank 6>/.../<rank 1> <side> [<move>...]`. In a rank,
// files A..G: `D` dark full, `d` dark half, `L` light full, `l` light half, a `+`
// before one of them marks a king, a digit 1..7 counts empty squares. <side> is
// `dark` or `light`, the side to move. Then, oldest first, the steps and
// friendly jumps played since the last attack (plain notation, `E6-E5`,
// `D7~D5`): the repetition window, rebuilt on loading by undoing them. A text
// without moves starts a fresh history in which the position counts once.
// Start: `DDD+DDDD/DDDDDDD/7/7/7/LLLLLLL/LLL+LLLL dark`.
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kibitz/core/composition.hpp"
#include "kibitz/core/game.hpp"

namespace kibitz::core::oferhlyp {

constexpr int board_side = 7;
constexpr int square_count = 49;
constexpr int dark = 0, light = 1;
constexpr int max_chain = 14;  // each of at most 14 enemy tokens is hit at most once

struct position {
    std::uint64_t tokens[2] = {0, 0};  // by seat: 0 dark, 1 light
    std::uint64_t half = 0;            // tokens at 1 hit point
    std::uint64_t kings = 0;
    int to_move = dark;

    bool operator==(const position&) const = default;
    std::uint64_t occupied() const { return tokens[0] | tokens[1]; }
    int owner(int sq) const;       // -1 when empty
    int hit_points(int sq) const;  // 0 when empty
    bool is_king(int sq) const { return (kings >> sq) & 1; }
};

enum class move_kind : std::uint8_t { step, jump, attack };

struct move {
    move_kind kind = move_kind::step;
    std::uint8_t from = 0;
    std::uint8_t length = 0;  // landings: 1 for a step or a jump
    std::array<std::uint8_t, max_chain> to{};

    bool operator==(const move&) const = default;
    int last() const { return to[length - 1]; }
};

position start_position();

// What a position is worth on its own (without history): a missing king is a
// win for the other side, only two kings left is a draw.
status static_status(const position& p);

// Every turn for the side to move, repetition ignored, in a fixed order: by
// from-square, then steps, friendly jumps, attack chains (each prefix before its
// continuations). Empty when static_status(p) is over.
void pseudo_moves(const position& p, std::vector<move>& out);
position apply(const position& p, const move& m);

// The positions since the last attack (or the start), oldest first, ending
// with the current one.
using window = std::vector<position>;
// pseudo_moves minus the turns that would make a position occur a third time.
void legal_moves(const window& w, std::vector<move>& out);
std::uint64_t perft(const window& w, int depth);

std::string square_name(int sq);
std::string move_text(const position& p, const move& m);  // full form
result<move> parse_move(const position& p, std::span<const move> legal, std::string_view text);
std::string board_text(const position& p);
// Parses a position text into its repetition window.
result<window> parse_position(std::string_view text);
std::string position_text(const window& w);

std::unique_ptr<game> new_game();
result<std::unique_ptr<game>> from_position(std::string_view text);
// From the position editor (composition.hpp): refused with a reason for players.
result<std::unique_ptr<game>> compose(const composition& c);

}  // namespace kibitz::core::oferhlyp
