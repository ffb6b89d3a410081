#pragma once
// Oferhlýp for the computer player: the evaluation and the game's search
// (registered as its `think`). Internal to the core.
#include "kibitz/core/engine.hpp"
#include "oferhlyp/oferhlyp.hpp"

namespace kibitz::core::oferhlyp {

// Static value of p for the side to move, 100 = one hit point (oferhlyp_eval.cpp).
int evaluate(const position& p);

// What an attack does to the enemy, for move ordering and quiescence: the
// damage of each hit, far more for hitting or removing the king.
int attack_gain(const position& p, const move& m);

// g must be an oferhlyp game (id() == "oferhlyp").
engine::search_result think(const game& g, const engine::limits& l, int margin,
                            const engine::info_sink& sink, engine::workspace& ws);

}  // namespace kibitz::core::oferhlyp
