#pragma once
// Checkers endgame databases: for every position with at most N pieces in all
// (each side at least one), its result with perfect play and the distance to
// the end in plies. Built by retrograde analysis over the rules core
// (checkers_endgame.cpp); pure and deterministic, no I/O: the caller stores
// the bytes and hands them back as a span.
//
// Layout (one byte per position, read unsigned: endgame_code below):
// - Only positions with Black to move are stored. A position with White to
//   move is looked up as its colour-swapped mirror (the board turned half a
//   turn, square s becoming 33 - s, White's pieces becoming Black's), the only
//   symmetry of the board, which halves the table.
// - Slices by material (own men, own kings, other men, other kings), "own"
//   being the side to move; slices with fewer pieces come first, so the table
//   for N is a prefix of the table for N + 1 and its size names N.
// - Within a slice, mixed radix, most significant first: the own men as a
//   combination of squares 1-28 (a man is never on its crowning row), the
//   other men as a combination of squares 5-32, the own kings as a combination
//   of the squares no man holds, the other kings among the squares left.
//   Men of both sides on one square make a slot no position fills (value 0).
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "checkers/checkers.hpp"

namespace kibitz::core::checkers {

inline constexpr int endgame_max_pieces = 6;  // the slice table's reach
inline constexpr int endgame_default_pieces = 5;

// A position's value for its side to move, one byte read unsigned: 0 a draw;
// otherwise the byte less one is the distance to the end in plies, odd for a
// win (the fewest plies the winner can force), even for a loss (the most the
// loser can hold out): a win always ends on the other side's turn, so the
// parity tells which, and distances up to 253 plies fit. 1 is "lost now: no
// piece or no legal move". Draws by the 40-move rule or repetition are not
// seen: the table is the pure game tree.
using endgame_code = std::uint8_t;
inline int plies_of(endgame_code c) { return c ? c - 1 : 0; }
inline bool is_win(endgame_code c) { return c && (c - 1) % 2 == 1; }
inline bool is_loss(endgame_code c) { return c && (c - 1) % 2 == 0; }
inline endgame_code decided_in(int plies) { return endgame_code(plies + 1); }

// Bytes of the table for positions of at most n pieces (2 <= n <= endgame_max_pieces).
std::uint64_t endgame_size(int n);
// The n whose table has `bytes` bytes; nothing if none.
std::optional<int> endgame_pieces_of(std::size_t bytes);
// The colour-swapped mirror of p (same value for its side to move).
position mirrored(const position& p);
// The index of p, which has Black to move, both sides at least one piece, at
// most endgame_max_pieces pieces and no man on its crowning row.
std::uint64_t endgame_index(const position& p);
// The position at `index` (Black to move); nothing for a slot no position fills.
std::optional<position> endgame_position(std::uint64_t index);

struct endgame_build {
    std::vector<std::int8_t> values;  // endgame_size(n) bytes, each an endgame_code
    int longest = 0;                   // the longest win or loss in plies
    int groups = 0;                    // slices solved (each with its swapped one)
};
// Builds the table for at most n pieces; throws std::invalid_argument if n is
// out of range and std::overflow_error if a distance needs more than a byte.
endgame_build build_endgame(int n);

// A table handed in by the caller, probed by the search.
class endgame_table {
public:
    endgame_table() = default;
    // Empty (probes nothing) unless `bytes` has the size of a table.
    explicit endgame_table(std::span<const std::int8_t> bytes);
    int pieces() const { return pieces_; }  // -1: no table
    // p's value for its side to move when it holds at most pieces() pieces; a
    // side to move with no piece left is lost now (decided_in(0)).
    std::optional<endgame_code> value(const position& p) const;

private:
    std::span<const std::int8_t> values_;
    int pieces_ = -1;
};

}  // namespace kibitz::core::checkers
