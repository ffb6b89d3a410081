#pragma once
// Checkers' puzzle margins and themes, for the registry (kibitz/core/puzzle.hpp).
#include "checkers/checkers_engine.hpp"
#include "kibitz/core/puzzle.hpp"

namespace kibitz::core::checkers {
// The themes a solved line shows, named as the rules page names them.
std::vector<std::string> puzzle_themes(const puzzle_facts& f);

// A man is 100: the solution leaves the solver at least a man and a half up
// (or wins the game), and every other move at least a man worse. Judged by
// the search with the evaluation the shipped puzzles were mined with.
inline constexpr puzzle_rules puzzles{150, 100, &puzzle_themes, &puzzle_think};
}// namespace kibitz::core::checkers
