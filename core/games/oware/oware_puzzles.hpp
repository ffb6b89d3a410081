#pragma once
// Oware's and Ouril's puzzle margins and themes, for the registry
// (kibitz/core/puzzle.hpp); one set for both, as the rules are one.
#include "kibitz/core/puzzle.hpp"

namespace kibitz::core::oware {
// The themes a solved line shows, named as the rules page names them.
std::vector<std::string> puzzle_themes(const puzzle_facts& f);

// A seed is 100: the solution leaves the solver at least two seeds up (or
// wins the game), and every other move at least two seeds worse.
inline constexpr puzzle_rules puzzles{200, 200, &puzzle_themes};
}// namespace kibitz::core::oware
