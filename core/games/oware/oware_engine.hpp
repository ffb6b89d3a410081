#pragma once
// Oware and Ouril for the computer player: what the engine reads of a game in
// progress, the evaluation, and the search (registered as `think` for both
// ids). Internal to the core.
#include <optional>
#include <span>
#include <vector>

#include "kibitz/core/engine.hpp"
#include "oware/oware_position.hpp"

namespace kibitz::core::oware {

struct game_state {
    variant rules = variant::oware;
    position pos;
    std::span<const position> earlier;  // the game's positions with the current stores, oldest first
    move_set moves;                     // the legal moves, in the game's order
};
// g must be an oware or ouril game.
game_state state_of(const game& g);

// Static value of p for the side to move, 100 = one captured seed (oware_eval.cpp).
int evaluate(variant v, const position& p);

// With an endgame table in l.endgame (of this game's variant), the search takes every
// board the table covers as exact; a root it covers plays a move of the best
// value, the search choosing among equal ones.
engine::search_result think(const game& g, const engine::limits& l, int margin,
                            const engine::info_sink& sink, engine::workspace& ws);

// The registry's endgame entry (oware_endgame.hpp holds the tables themselves).
std::vector<std::int8_t> build_oware_endgame(int seeds);
std::vector<std::int8_t> build_ouril_endgame(int seeds);
std::optional<int> endgame_value(const game& g, std::span<const std::int8_t> table);
// The stores' difference at the end: the stores now and the table's value.
std::optional<int> endgame_final_lead(const game& g, std::span<const std::int8_t> table);
inline constexpr const char* endgame_meaning =
    "the side to move captures this many more than the other from here";
inline constexpr engine::endgame_support oware_endgame{15, &build_oware_endgame, &endgame_value,
                                                       &endgame_final_lead, endgame_meaning};
inline constexpr engine::endgame_support ouril_endgame{15, &build_ouril_endgame, &endgame_value,
                                                       &endgame_final_lead, endgame_meaning};

}  // namespace kibitz::core::oware
