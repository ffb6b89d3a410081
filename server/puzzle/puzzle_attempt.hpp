#pragma once
// One solver's try at one puzzle, and the rules around it: the pure pieces the
// puzzle service (issue 27) is made of. No I/O and no threads: the caller owns
// an attempt and uses it on one strand at a time.
//
// - puzzle_attempt: the position, the line, how far the solver got. Each move
//   is checked against the line (in the game's own notation, so "9-14" and a
//   differently written form of the same move agree); a right move is followed
//   by the replies the server plays (the opponent's move, or none when the
//   solver keeps the turn or the line is done).
// - pick_next_puzzle: the unseen puzzle rated nearest the solver.
// - rate_first_try: the solver and the puzzle as two Glicko-2 players; only a
//   solver's first try of a puzzle counts.
#include <cstddef>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kibitz/core/game.hpp"
#include "kibitz/core/registry.hpp"
#include "rating/glicko2.hpp"

namespace kibitz::server {

struct puzzle_entry {
    std::string id;
    std::string game;
    std::string position;            // the game's position text, the solver to move
    std::vector<std::string> moves;  // the line; the solver's moves are those where it is to move
    glicko2::rating rating;
    std::vector<std::string> themes;
    // The move that led to `position` and the position before it, for the
    // board's highlight on the first position; empty where none.
    std::string before, last_move;
};

class puzzle_attempt {
public:
    // An error when the game is unknown or the position or the line is not legal.
    static core::result<puzzle_attempt> start(const puzzle_entry& p);

    enum class verdict { right, solved, wrong, not_your_turn };
    struct answer {
        verdict v = verdict::wrong;
        std::vector<std::string> replies;  // the server's moves after a right one
        std::string expected;  // on a wrong move: the line's move
    };
    // The solver's move, as the client sends it (notation). After a wrong
    // move or the last one, the attempt is over and every move is refused.
    answer play(std::string_view move);

    bool over() const { return failed_ || next_ == puzzle_.moves.size(); }
    bool solved() const { return !failed_ && next_ == puzzle_.moves.size(); }
    int solver() const { return solver_; }
    const core::game& position() const { return *game_; }
    // The moves of the line played so far (the solver's and the replies).
    std::span<const std::string> played() const { return {puzzle_.moves.data(), next_}; }

private:
    puzzle_attempt(puzzle_entry p, std::unique_ptr<core::game> g, int solver)
        : puzzle_(std::move(p)), game_(std::move(g)), solver_(solver) {}

    puzzle_entry puzzle_;
    std::unique_ptr<core::game> game_;
    int solver_ = 0;
    std::size_t next_ = 0;  // the line's next move
    bool failed_ = false;
};

// The index of the puzzle rated nearest `solver` among those whose id is not
// in `seen` (the first such in `puzzles` order on a tie); none when all are seen.
std::optional<std::size_t> pick_next_puzzle(std::span<const puzzle_entry> puzzles,
                                            const glicko2::rating& solver,
                                            const std::set<std::string>& seen);

// A solver's try: on the first try of a puzzle both ratings move (the solver
// "wins" by solving it); any later try leaves both as they were.
struct puzzle_ratings {
    glicko2::rating solver, puzzle;
    bool counted = false;
};
puzzle_ratings rate_first_try(const glicko2::rating& solver, const glicko2::rating& puzzle,
                              bool solved, bool first_try);

}  // namespace kibitz::server
