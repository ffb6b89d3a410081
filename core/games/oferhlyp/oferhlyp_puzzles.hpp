#pragma once
// Oferhlýp's puzzle margins and themes, for the registry (kibitz/core/puzzle.hpp).
#include "kibitz/core/puzzle.hpp"

namespace kibitz::core::oferhlyp {
// The themes a solved line shows, named as the rules page names them.
std::vector<std::string> puzzle_themes(const puzzle_facts& f);

// A hit point is 100 (a full token 200): the solution leaves the solver at
// least a token up (or wins the game), and every other move at least one and
// a half hit points worse.
inline constexpr puzzle_rules puzzles{200, 150, &puzzle_themes};
}// namespace kibitz::core::oferhlyp
