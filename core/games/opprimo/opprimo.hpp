#pragma once
// Opprimo (game id "opprimo"): rules decisions and encoding.
//
// Rules: docs/rules/opprimo.md (our reading of the original rules text). Seat 0 is
// Yellow (moves first, forward = rank increasing), seat 1 Red. Geometry lives in
// opprimo_board.hpp. Decisions where the source is silent or loose:
// - A King may step into an adjacent Castle triangle unless all three corners
//   hold enemy pieces (source 9C: one or two enemy corners do not stop it).
//   Source 9C says "enemy Soldiers"; Knights count too, as they do for the
//   trap (section 4: "Soldiers or Knights or a combination of both").
//   Points and triangles never block each other.
// - Knights can be jumped like Soldiers (source 8: "the Knight can also be
//   converted"); a Knight that reaches a back point is unchanged.
// - Trapping counts the mover's pieces after the whole move, converted pieces
//   included: a conversion may complete the trap. It wins at once, even if the
//   same move completes a threefold repetition, and even if the trapped side
//   could convert a trapping piece next turn (source 9B, Figure 7).
// - A move can never trap the mover's own King: a move only turns points into
//   the mover's colour or empties them, and a King never steps into a fully
//   enemy-cornered triangle. So "own King trapped by own move" cannot happen.
// - Only Soldiers and Knights are jumped; jumping an own piece or an empty point
//   is not a move. The jumped piece stays where it is and becomes a Soldier of
//   the mover (a Knight loses its rank). It does not promote: only the moving
//   Soldier "ends its move" (and pieces on ranks 1 and 13 can never be jumped,
//   as there is no point beyond them).
// - A Soldier that promotes by conversion (lands on a back point) becomes a
//   Knight too: promotion applies to steps and conversions alike.
// - Repetition: a position is every point's piece (side, kind), both Kings'
//   triangles and the side to move; counted over the whole game; a loaded
//   position counts once (the position text carries no history). The third
//   occurrence draws. Order of end checks after a move: trap, repetition, then
//   no legal move (loses for the side to move).
// - perft() counts move paths, stops below a position whose side to move has
//   its King trapped (the game is over there) and ignores repetition, which
//   needs history; at the root of a finished game it returns 0 for depth > 0.
//
// Move order (the dense index): for each own piece by point index ascending,
// directions n, ne, se, s, sw, nw (a step if the next point is empty, else a
// conversion if it holds an enemy piece and the point beyond is empty), then
// the King's steps in triangle-index order.
//
// Position text (one line, three fields separated by spaces):
//   <side to move: y|r> Y:<items> R:<items>
// items are comma separated: a point name (`c4`) is a Soldier, `N` + point a
// Knight (`Nd13`), `K` + triangle the King (`Kd1-d3-e2`, exactly one per side,
// inside its own Castle). Written in point order, King last. The start:
//   y Y:a2,b1,b3,c2,d1,d3,e2,f1,f3,g2,Kd1-d3-e2 R:a12,b11,b13,c12,d11,d13,e12,f11,f13,g12,Kc12-d11-d13
// Rejected: unknown points, a point used twice, a King outside its Castle, a
// Soldier standing on its own promotion points (it would be a Knight), and a
// position where the side that just moved has its King trapped (unreachable).
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "kibitz/core/composition.hpp"
#include "kibitz/core/game.hpp"
#include "opprimo/opprimo_board.hpp"

namespace kibitz::core::opprimo {

struct position {
    std::array<std::uint64_t, 2> men{};  // every Soldier and Knight of each seat, by point bit
    std::uint64_t knights = 0;           // which of those are Knights
    std::array<std::int8_t, 2> king{};   // each King's triangle index
    std::int8_t side = 0;                // seat to move

    bool operator==(const position&) const = default;
};

enum class move_kind : std::uint8_t { step, convert, king };

struct move {
    move_kind kind = move_kind::step;
    std::uint8_t from = 0;  // point, or triangle for a King move
    std::uint8_t to = 0;
    std::uint8_t over = 0;  // the converted point (conversions only)
    bool promotes = false;
};

// Upper bound: 20 pieces (all converted) x 6 directions, plus the King's steps.
inline constexpr int max_moves = 128;

struct move_list {
    std::array<move, max_moves> items;
    int size = 0;
    void push(const move& m) { items[size++] = m; }
};

position start_position();
// All legal moves of the side to move (ignores whether the game is over).
void generate_moves(const position& pos, move_list& out);
void apply_move(position& pos, const move& m);
// True when all three corners of `seat`'s King's triangle hold enemy pieces.
bool king_trapped(const position& pos, int seat);
std::uint64_t perft(const position& pos, int depth);

// Notation and position text (opprimo_notation.cpp).
std::string point_name(int p);
std::string triangle_name(int t);
int parse_point(std::string_view text);     // no_index when malformed
int parse_triangle(std::string_view text);  // corners in any order; no_index when malformed
std::string move_to_text(const move& m);
std::string position_to_text(const position& pos);
result<position> parse_position(std::string_view text);

std::unique_ptr<game> new_game();
result<std::unique_ptr<game>> from_position(std::string_view text);
// From the position editor (composition.hpp): refused with a reason for players.
result<std::unique_ptr<game>> compose(const composition& c);

}  // namespace kibitz::core::opprimo
