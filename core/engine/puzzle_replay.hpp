#pragma once
// The miner's self-play games on their own (puzzle_miner.hpp screens them),
// and their cheap replay: finding again, without screening, the positions a
// mined set holds, to tell each puzzle the move that led to it. Possible
// because a seed fixes every game: the seats' levels and every move are drawn
// from it, and every search is bounded and starts from an empty table, so the
// screening between moves never changes them. Runs on the caller's thread.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kibitz/core/engine.hpp"
#include "kibitz/core/registry.hpp"

namespace kibitz::core::engine {

// One position of a self-play game, before its move is chosen.
struct self_play_step {
    const game& g;
    int ply = 0;                 // 0: a new game's start
    const std::string& before;   // the previous position's text (empty at ply 0)
    const std::string& last_move;  // the move that led here (empty at ply 0)
};
// Returns false to stop every game.
using self_play_visitor = std::function<bool(const self_play_step&)>;

// Plays `games` self-play games from `seed` (at most `max_plies` plies each),
// each seat at a level drawn from the seed, and shows `visit` every position.
void self_play(const game_info& info, std::uint64_t seed, int games, int max_plies, workspace& ws,
               const self_play_visitor& visit);

// A puzzle to find again: its position (as shipped) and its line's length (the
// miner skips the positions along a kept line).
struct mined_position {
    std::string position;
    int line_plies = 0;
};
struct last_move_found {
    bool found = false;
    std::string before;     // the position before the last move
    std::string last_move;  // in the game's notation
};
struct replay_settings {
    std::uint64_t seed = 1;
    int games = 1'000'000;  // give up after this many
    int opening_plies = 10;
    int max_plies = 200;
};
struct replay_stats {
    int games = 0;            // played until the last was found
    int out_of_order = 0;     // found before a puzzle the miner kept earlier
};

// For each of `wanted` (in the order the miner kept them), where its position
// first stood where the miner would have screened it: the position before and
// the move that led there. Stops once every one is found.
std::vector<last_move_found> find_last_moves(const game_info& info, const replay_settings& s,
                                             const std::vector<mined_position>& wanted,
                                             replay_stats& stats);

}  // namespace kibitz::core::engine
