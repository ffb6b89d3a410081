#pragma once
// The puzzle miner: positions where exactly one move wins clearly, with the
// forced line that follows, found by the engine in its own self-play (mixed
// levels, so the weaker side blunders) and in given games. No I/O: the caller
// (kibitz-cli puzzles) writes what it is handed. Deterministic for a seed:
// every search is depth-bounded and starts from an empty table. Runs on the
// caller's thread. The margins and themes are each game's own
// (kibitz/core/puzzle.hpp); docs/puzzles.md explains the choices.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kibitz/core/engine.hpp"
#include "kibitz/core/registry.hpp"

namespace kibitz::core::engine {

// The transposition table every puzzle search uses: a search's result
// depends on the table's size (which entries a collision replaces), so the
// re-check uses the size the miner used.
inline constexpr std::size_t puzzle_table_mib = 8;

struct puzzle {
    std::string position;             // the game's position text, the solver to move
    std::vector<std::string> moves;  // the line; the solver's moves are those where it is to move
    std::vector<std::string> themes;
    int depth = 0;  // the shallowest search that sees the first move as the only winner
    int rating = 0;  // the puzzle's first rating, from that depth and the line's length
    // The move that led to `position` (what the solver sees just played) and
    // the position before it, so a page can show that move; empty where none
    // (a given game's first position).
    std::string before, last_move;
};

// A game to look for puzzles in: a start (empty: the game's start) and its moves.
struct source_game {
    std::string start;
    std::vector<std::string> moves;
};

struct mine_settings {
    int games = 10;  // self-play games
    std::uint64_t seed = 1;
    int find_depth = 6;  // the screen over every position
    int verify_depth = 8;  // the line and its only-move checks (deeper than found)
    int opening_plies = 10;  // positions before this ply are never puzzles
    int max_plies = 200;  // a self-play game stops here
    int max_line = 7;  // plies in a line at most
    int want = 0;  // stop after this many puzzles (0: no limit)
    std::vector<source_game> stored;  // searched before the self-play games
};

struct mine_stats {
    std::uint64_t positions = 0;  // screened
    std::uint64_t candidates = 0;  // passed the screen
    std::uint64_t duplicates = 0;
    std::uint64_t kept = 0;
    std::int64_t time_ms = 0;
};

using puzzle_sink = std::function<void(const puzzle&)>;
mine_stats mine_puzzles(const game_info& info, const mine_settings& s, const puzzle_sink& sink);

// The move that wins clearly where no other does, at `depth`; `found` is false
// when no move wins by the game's margin or a second one does too.
struct only_move {
    bool found = false;
    std::size_t move = 0;
    int score = 0;
};
only_move only_winning_move(const game_info& info, const game& g, int depth, workspace& ws);

// Re-checks a puzzle: the position loads, every move is legal in sequence,
// and the first move (every solver move with `whole_line`) is the only
// winning one at `depth`. Empty when it holds; otherwise why not.
std::string check_puzzle(const game_info& info, const puzzle& p, int depth, bool whole_line);

}  // namespace kibitz::core::engine
