#pragma once
// Puzzles (issue 27), the storage part: the puzzles themselves with their
// current Glicko-2 rating and how often they were tried, each solver's puzzle
// rating per game, and each solver's tries (one row per solver and puzzle:
// the first try's result), so what a solver has seen survives a restart.
// Kept apart from `store` (one job each); the one SQL store implements it
// (sql_store.hpp). The store decides no rule: which try counts and what the
// new ratings are is the puzzle service's (puzzle/puzzles.hpp); the store only
// refuses to count a second try of the same puzzle.
//
// Threading contract: as store.hpp: every call returns at once; the handler
// runs on one of the store's threads after commit; writes run in call order.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "store/store.hpp"

namespace kibitz::server::storage {

struct puzzle_rating {
    double r = 1500, rd = 350, vol = 0.06;
};

struct puzzle_row {
    std::string id;  // "<game>-<seed>-<n>", as the data file names it
    std::string game;
    std::string position;            // the game's position text, the solver to move
    std::vector<std::string> moves;  // the line, in the game's notation
    puzzle_rating rating;
    std::vector<std::string> themes;
    int plays = 0;  // first tries counted
    // The move that led to `position` and the position before it (empty:
    // none); filled in for a stored puzzle that had none yet (migration 0017).
    std::string before, last_move;
};

// A solver's standing in one game's puzzles: the rating, and every puzzle
// tried (seen), whatever the result.
struct puzzle_solver {
    std::optional<puzzle_rating> rating;  // none: never tried one of this game
    std::vector<std::string> seen;        // puzzle ids
    int solved = 0;                       // first tries solved
    int best_streak = 0;                  // the longest streak (0: none)
};

// One solver's first try of a puzzle. `solver_start`: the solver's rating in
// this game when it has none stored yet.
struct puzzle_try {
    player_id who = 0;
    std::string puzzle;
    std::string game;
    bool solved = false;
    std::int64_t at_ms = 0;
    puzzle_rating solver_start;
};
// The puzzle service's rule (the store decides none): both ratings after a
// first try, from both as stored when it is recorded.
using puzzle_rater = std::function<std::pair<puzzle_rating, puzzle_rating>(
    const puzzle_rating& solver, const puzzle_rating& puzzle)>;
// What a recorded first try did: the solver's rating before and after, the
// puzzle's after, and the puzzle's first tries counted, this one included.
struct puzzle_try_rated {
    puzzle_rating solver_before, solver_after, puzzle_after;
    int plays = 0;
};

// What a profile's puzzle dashboard is made of: a player's current puzzle
// rating and best streak per game, and every first try, oldest first, with
// the puzzle's themes and the solver's rating after it (none for tries
// recorded before migration 0016).
struct puzzle_history {
    struct attempt {
        std::string game, puzzle;
        bool solved = false;
        std::int64_t at_ms = 0;
        std::optional<double> rating_after;
        std::vector<std::string> themes;
    };
    player who;
    std::vector<std::pair<std::string, puzzle_rating>> ratings;  // by game
    std::vector<std::pair<std::string, int>> best_streaks;       // by game
    std::vector<attempt> tries;
};

class puzzle_store {
public:
    virtual ~puzzle_store() = default;

    // Adds each of `puzzles` whose id is not stored yet (a stored one keeps
    // its rating and plays), then answers every stored puzzle, in id order
    // within each game. Idempotent: the server calls it at every start with
    // the shipped files.
    virtual void load_puzzles(std::vector<puzzle_row> puzzles,
                              handler<std::vector<puzzle_row>> h) = 0;
    virtual void puzzle_solver_of(player_id who, std::string game, handler<puzzle_solver> h) = 0;
    // Records a first try and rates it, in one transaction: the try, then
    // `rate` given the solver's and the puzzle's ratings as stored now (their
    // rows written first, so that on PostgreSQL they stay locked until commit
    // and tries recorded at once from several nodes apply one after another,
    // never from the same stale rating), its answer stored with the puzzle's
    // plays. `rate` runs on the store's thread. A second try of the same
    // puzzle by the same solver (from any node) changes nothing: none.
    virtual void record_puzzle_try(puzzle_try t, puzzle_rater rate,
                                   handler<std::optional<puzzle_try_rated>> h) = 0;
    // A streak of `count` puzzles solved in a row in `game`: kept when it is
    // longer than the player's best there (true), else nothing changes (false).
    virtual void record_puzzle_streak(player_id who, std::string game, int count,
                                      std::int64_t at_ms, handler<bool> h) = 0;
    // The puzzle history of the player a profile names (an account's
    // username or a guest's name); none when no such player.
    virtual void puzzle_history_of(std::string name, handler<std::optional<puzzle_history>> h) = 0;
};

}  // namespace kibitz::server::storage
