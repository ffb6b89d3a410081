#pragma once
// Streak mode of the puzzles (issue 27; as lichess's Puzzle Streak): puzzles
// of rising difficulty, one after another, until the first mistake. A streak
// rates nothing and marks nothing seen (its tries are not first tries of the
// rated mode); only its length is kept, the best per game. Pure: no I/O and
// no threads; the puzzle service owns one run per solver on its strand.
#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>

#include "puzzle/puzzle_attempt.hpp"

namespace kibitz::server {

// How much harder each next puzzle of a streak is aimed to be (rating points).
inline constexpr double streak_step = 50;

// One solver's streak in one game.
struct puzzle_streak_run {
    std::string game;
    int count = 0;                     // solved in a row
    std::set<std::string> used;        // every puzzle of this streak
    std::optional<double> last;        // the rating of the last one shown
    std::string current;               // the puzzle being solved
    bool current_solved = false;       // the next one may come
    bool live = true;                  // false after a mistake (or leaving it)
};

// The next puzzle of a streak: among those not used in it, the one rated
// nearest a step above the last one (the set's easiest to begin), taken from
// those at least as hard as the last while any are left. Near-ties (within
// 25 points of the nearest) are drawn with `noise`, so streaks differ. None
// when every puzzle was used.
std::optional<std::size_t> pick_streak_puzzle(std::span<const puzzle_entry> puzzles,
                                              std::optional<double> last,
                                              const std::set<std::string>& used,
                                              std::uint64_t noise);

}  // namespace kibitz::server
