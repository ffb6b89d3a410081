#pragma once
// Checkers for the computer player: what the engine reads of a game in
// progress, the evaluation, and the game's search (registered as its `think`).
// Internal to the core.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

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

// With an endgame table in l.endgame (checkers_endgame.hpp), the search takes
// every position it covers as a forced end at the table's distance; a root it
// covers plays a move of the best value at once, or searches among drawing ones.
engine::search_result think(const game& g, const engine::limits& l, int margin,
                            const engine::info_sink& sink, engine::workspace& ws);
// The same search with the evaluation the shipped puzzles were verified with
// (eval::puzzle_weights): the registry's puzzle_rules::search.
engine::search_result puzzle_think(const game& g, const engine::limits& l, int margin,
                                   const engine::info_sink& sink, engine::workspace& ws);

// The registry's endgame entry. The value: plies to the end with perfect play,
// > 0 the side to move wins, < 0 it loses, 0 a draw; the final lead: 1, 0, -1.
std::vector<std::int8_t> build_checkers_endgame(int pieces);
std::optional<int> endgame_value(const game& g, std::span<const std::int8_t> table);
std::optional<int> endgame_final_lead(const game& g, std::span<const std::int8_t> table);
inline constexpr engine::endgame_support endgame{
    5, &build_checkers_endgame, &endgame_value, &endgame_final_lead,
    "plies to the end with perfect play: > 0 the side to move wins, < 0 it loses, 0 a draw"};

}  // namespace kibitz::core::checkers
