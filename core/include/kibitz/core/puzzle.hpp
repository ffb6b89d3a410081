#pragma once
// What a game tells the puzzle miner (core/engine/puzzle_miner.hpp): how much
// a move must win by to be "the winning move", and which themes a solved line
// shows. The miner reads every line into rules-free facts (below, from the
// board views the game already offers), so each game names its themes from
// those facts in a few lines in its own folder (<game>_puzzles.cpp).
#include <string>
#include <vector>

#include "kibitz/core/engine.hpp"
#include "kibitz/core/game.hpp"

namespace kibitz::core {

// One move of a puzzle's line, as the board views see it.
struct puzzle_ply {
    std::string move;       // the game's notation
    bool by_solver = false;
    int affected = 0;       // cells whose pieces the move hits, takes or converts
    int kings_gained = 0;   // the mover's "king" pieces after the move minus before
    bool moves_again = false;  // the same side moves next (an extra turn)
    std::vector<std::string> refusals;  // why the mover's pieces could not move, before it
};

struct puzzle_facts {
    int solver = 0;                  // the seat that solves
    std::vector<puzzle_ply> plies;   // the whole line
    status end;                      // the game's status after the line
    int opponent_pit_seeds_end = 0;  // seeds on the opponent's pits after the line (pit boards)
};

// Per game: the margins (in the engine's score units, hundredths of the
// game's ordinary unit, from the solver's side) and the themes.
struct puzzle_rules {
    int win = 0;  // the one winning move scores at least this
    int gap = 0;  // and every other move at least this much less
    std::vector<std::string> (*themes)(const puzzle_facts& f) = nullptr;
    // The search that decides "the only winning move" when it is not the
    // game's engine (game_info::think): an engine whose evaluation has moved
    // on sees other wins at a puzzle's stated depth, so the shipped puzzles
    // stay checked by the search they were mined with. nullptr: the engine's.
    engine::search_result (*search)(const game& g, const engine::limits& l, int margin,
                                    const engine::info_sink& sink, engine::workspace& ws) = nullptr;
};

}  // namespace kibitz::core
