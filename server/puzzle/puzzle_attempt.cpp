#include "puzzle/puzzle_attempt.hpp"

#include <cmath>

namespace kibitz::server {

core::result<puzzle_attempt> puzzle_attempt::start(const puzzle_entry& p) {
    const core::game_info* info = core::find_game(p.game);
    if (!info) return core::error{"unknown game"};
    auto loaded = info->from_position(p.position);
    if (!loaded) return core::error{"the puzzle's position does not load: " + loaded.reason()};
    if (p.moves.empty()) return core::error{"the puzzle has no moves"};
    // The whole line must be legal before a solver sees it.
    auto check = loaded.value()->clone();
    for (const auto& m : p.moves)
        if (check->current_status().over() || !check->try_move(m))
            return core::error{"the puzzle's line is not legal at '" + m + "'"};
    const int solver = loaded.value()->to_move();
    return puzzle_attempt(p, std::move(loaded).value(), solver);
}

puzzle_attempt::answer puzzle_attempt::play(std::string_view move) {
    answer a;
    if (over() || game_->to_move() != solver_) {
        a.v = verdict::not_your_turn;
        return a;
    }
    const std::string& expected = puzzle_.moves[next_];
    // The same move however it is written: both go through the game's parser.
    auto given = game_->parse_move(move);
    auto wanted = game_->parse_move(expected);
    if (!given || !wanted || given.value() != wanted.value()) {
        failed_ = true;
        a.v = verdict::wrong;
        a.expected = expected;
        return a;
    }
    game_->play(wanted.value());
    ++next_;
    // The server's replies: every move of the line until the solver is to move again.
    while (next_ < puzzle_.moves.size() && game_->to_move() != solver_) {
        a.replies.push_back(puzzle_.moves[next_]);
        game_->try_move(puzzle_.moves[next_]);
        ++next_;
    }
    a.v = next_ == puzzle_.moves.size() ? verdict::solved : verdict::right;
    return a;
}

std::optional<std::size_t> pick_next_puzzle(std::span<const puzzle_entry> puzzles,
                                            const glicko2::rating& solver,
                                            const std::set<std::string>& seen) {
    std::optional<std::size_t> best;
    double best_distance = 0;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        if (seen.count(puzzles[i].id)) continue;
        const double d = std::abs(puzzles[i].rating.r - solver.r);
        if (!best || d < best_distance) {
            best = i;
            best_distance = d;
        }
    }
    return best;
}

puzzle_ratings rate_first_try(const glicko2::rating& solver, const glicko2::rating& puzzle,
                              bool solved, bool first_try) {
    if (!first_try) return {solver, puzzle, false};
    const auto after = glicko2::update_game(solver, puzzle, solved ? 1.0 : 0.0);
    return {after.a, after.b, true};
}

}  // namespace kibitz::server
