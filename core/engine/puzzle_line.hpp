#pragma once
// The puzzle miner's inner steps (puzzle_miner.hpp is the public face):
// following the forced line from a position and reading its facts.
#include <string>
#include <vector>

#include "engine/puzzle_miner.hpp"
#include "kibitz/core/puzzle.hpp"

namespace kibitz::core::engine {

struct line_settings {
    int depth = 8;     // every search on the line
    int max_line = 7;  // plies at most
};

struct line_found {
    std::vector<std::string> moves;  // ends on a solver's move
    int solver_moves = 0;
};

// From `start` (the solver to move): the only winning move, the opponent's
// best reply, and again, until the game ends, a solver's move is no longer
// the only winning one (the win is in hand: more than one way now keeps it),
// or max_line. An error when
// the first move is not the only winning one.
result<line_found> follow_line(const game_info& info, const game& start, const line_settings& s,
                               workspace& ws);

// What the line does, for the game's themes.
puzzle_facts facts_of(const game& start, const std::vector<std::string>& line);

}  // namespace kibitz::core::engine
