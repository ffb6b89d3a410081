#pragma once
// Checkers for the computer player: what the engine reads of a game in
// progress, the evaluation, and the game's search (registered as its `think`).
// Internal to the core.
#include <span>

#include "checkers/checkers.hpp"
#include "kibitz/core/engine.hpp"

namespace kibitz::core::checkers {

struct game_state {
    position pos;
    std::span<const position> earlier;  // since the last capture or man move, oldest first
    int quiet_plies = 0;                // plies since the last capture or man move
    std::span<const move> moves;        // the legal moves, in the game's order
};
// g must be a checkers game (id() == "checkers").
game_state state_of(const game& g);

// Static value of p for the side to move, 100 = one man (checkers_eval.cpp).
int evaluate(const position& p);

engine::search_result think(const game& g, const engine::limits& l, int margin,
                            const engine::info_sink& sink, engine::workspace& ws);
// The same search with the evaluation the shipped puzzles were verified with
// (eval::puzzle_weights): the registry's puzzle_rules::search.
engine::search_result puzzle_think(const game& g, const engine::limits& l, int margin,
                                   const engine::info_sink& sink, engine::workspace& ws);

}  // namespace kibitz::core::checkers
