#pragma once
// Checkers: English draughts / American checkers (rules: docs/rules/checkers.md).
//
// Rules decisions (each also noted beside the code that carries it out):
// - Captures are mandatory; a jumping piece must go on while it can; any
//   capture sequence may be chosen (no majority rule). Jumped pieces stay on the
//   board until the move ends, so they block landings and can't be jumped twice;
//   the jumper's own start square is empty during the move (a king may end
//   where it started). A man that reaches the far row is crowned and stops.
// - A move is its path (from + every landing square). Two paths with the same
//   ends and captured set are two moves (the loop of W:WK3:B7,8,15,16,17,20,28).
// - End: the side to move with no piece or no legal move loses, checked before
//   the draws; then threefold repetition (board + side to move, counted since
//   the last capture or man move, which no earlier position can survive), then
//   80 plies with no capture and no man move. perft ignores the draw rules and
//   counts pure move generation, as the published figures do.
// - Position text is PDN FEN. Input also takes ranges ("1-12") and kings "K";
//   it refuses duplicate or out-of-range squares, a man on its crowning row,
//   more than 12 pieces a side, and a side not to move that has no piece (none
//   of these can arise in play). Output lists White then Black, squares in
//   ascending order, kings prefixed "K". A loaded position has a fresh history.
//   Blanks around the text are ignored; anything else unexpected (lower case,
//   a trailing '.', blanks inside) is refused.
// - Move input: blanks around the text are ignored and 'X' reads as 'x'. A
//   full path names its move; "AxB" names the one capture from A to B (several:
//   refused, listing them); a partial path, or '-' for a capture, is refused.
// - Status reasons: "no pieces", "no legal move", "threefold repetition",
//   "40-move rule"; agreed_end() is a draw, "agreement".
// - View ("checkers8"): the 32 playable squares, x = column and y = row (row 0
//   at the top, the standard diagram seen from White's side, square 1 = b8).
//
// Encoding (35-bit "ghost square" layout in a uint64): PDN square n (1..32) has
// row r = (n-1)/4 (row 0 = squares 1-4, at the top in the standard diagram,
// Black's back row) and index c = (n-1)%4 in the row; its bit is 4r + c + r/2.
// Bits 8, 17 and 26 are ghosts, never occupied, so that every diagonal step is
// a shift by 4 or 5 and every jump by 8 or 10, with no edge masks:
//
//        col: 0   1   2   3   4   5   6   7            (bit numbers)
//   row 0:        0       1       2       3            squares  1- 4
//   row 1:    4       5       6       7        (8)     squares  5- 8
//   row 2:        9      10      11      12            squares  9-12
//   row 3:   13      14      15      16       (17)     squares 13-16
//   row 4:       18      19      20      21            squares 17-20
//   row 5:   22      23      24      25       (26)     squares 21-24
//   row 6:       27      28      29      30            squares 25-28
//   row 7:   31      32      33      34                squares 29-32
//
// Black (seat 0) moves down the diagram (+4, +5), White (seat 1) up (-4, -5).
// Off-board results land on a ghost or outside bits 0..34, which the "empty"
// and "enemy" sets never contain.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "kibitz/core/composition.hpp"
#include "kibitz/core/game.hpp"

namespace kibitz::core::checkers {

constexpr int black = 0, white = 1;
constexpr int max_path = 14;  // at most 12 captures, so 13 squares in a path
// The 40-move rule: 40 moves by each side (80 plies) with no capture and no
// man move draw. The rules and the engine's search both read it from here.
constexpr int quiet_ply_limit = 80;

struct position {
    std::array<std::uint64_t, 2> men{};  // by seat, ghost-layout bits
    std::array<std::uint64_t, 2> kings{};
    int side = black;  // to move

    bool operator==(const position&) const = default;
    std::uint64_t pieces(int s) const { return men[s] | kings[s]; }
    std::uint64_t occupied() const { return pieces(0) | pieces(1); }
};

// A legal move with its full path, in PDN square numbers (1..32).
struct move {
    std::array<std::uint8_t, max_path> path{};
    std::uint8_t length = 0;     // squares in path (2 or more)
    std::uint64_t captured = 0;  // ghost-layout bits of the jumped pieces
    bool operator==(const move&) const = default;
    bool is_capture() const { return captured != 0; }
};

int bit_of_square(int square);  // 1..32 -> bit, -1 when out of range
int square_of_bit(int bit);     // bit -> 1..32, 0 for a ghost or off-board bit

position start_position();
std::uint64_t hash(const position& p);  // Zobrist hash: board + side to move

// All legal moves, sorted by path (numerically). Empty when there are none.
std::vector<move> legal_moves(const position& p);
position apply(const position& p, const move& m);
// Number of legal moves, counted without making them.
std::uint64_t count_moves(const position& p);

// Leaf count of the legal-move tree (draw rules ignored). perft() uses a
// transposition table of at most table_mib MiB allocated for the call, keyed
// by the Zobrist hash and holding the whole position and depth, so collisions
// can't corrupt counts (subtrees of depth below 4 skip it); perft_no_table() is the
// plain recursion. Both count the last ply in bulk, without making moves.
std::uint64_t perft(const position& p, int depth, std::size_t table_mib = 16);
std::uint64_t perft_no_table(const position& p, int depth);

std::string move_text(const move& m);  // "11-15", "15x24x31"
// Full path of a legal move, or "AxB" naming exactly one legal capture.
result<std::size_t> parse_move(const std::vector<move>& legal, std::string_view text);
std::string fen(const position& p);
result<position> parse_fen(std::string_view text);

std::unique_ptr<game> new_game();
result<std::unique_ptr<game>> from_position(std::string_view text);
// From the position editor (composition.hpp): refused with a reason for players.
result<std::unique_ptr<game>> compose(const composition& c);

}  // namespace kibitz::core::checkers
