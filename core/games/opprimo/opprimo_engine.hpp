#pragma once
// Opprimo for the computer player: what the engine reads of a game in
// progress, the evaluation, and the search (registered as the game's `think`).
// Internal to the core.
#include <span>

#include "kibitz/core/engine.hpp"
#include "opprimo/opprimo.hpp"

namespace kibitz::core::opprimo {

struct game_state {
    position pos;
    std::span<const position> earlier;  // every earlier position of the game, oldest first
    std::span<const move> moves;        // the legal moves, in the game's order
};
// g must be an opprimo game (id() == "opprimo").
game_state state_of(const game& g);

// Static value of p for the side to move, 100 = one Soldier (opprimo_eval.cpp).
int evaluate(const position& p);

engine::search_result think(const game& g, const engine::limits& l, int margin,
                            const engine::info_sink& sink, engine::workspace& ws);

}  // namespace kibitz::core::opprimo
