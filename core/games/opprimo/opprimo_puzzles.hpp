#pragma once
// Opprimo's puzzle margins and themes, for the registry (kibitz/core/puzzle.hpp).
#include "kibitz/core/puzzle.hpp"

namespace kibitz::core::opprimo {
// The themes a solved line shows, named as the rules page names them.
std::vector<std::string> puzzle_themes(const puzzle_facts& f);

// A Soldier is 100: the solution leaves the solver at least two Soldiers up
// (or wins the game), and every other move at least one and a half worse.
inline constexpr puzzle_rules puzzles{200, 150, &puzzle_themes};
}// namespace kibitz::core::opprimo
