#pragma once
// Server -> client messages of puzzles (schema/protocol.md, "Puzzles"): one
// struct per message, encoded by the codec (encode_puzzle.cpp). Plain
// values; safe on any executor.
#include <optional>
#include <string>
#include <vector>

#include "protocol/server_msg.hpp"

namespace kibitz::server {

// A rating as the page shows it.
struct puzzle_rating_view {
    int rating = 1500;
    int rd = 350;
};

// A streak (streak mode): solved in a row so far, the solver's best in this
// game, and whether it has ended (a mistake or the solution shown).
struct puzzle_streak_view {
    int count = 0;
    int best = 0;
    bool over = false;
};

// A puzzle to solve, at its position (the answer to puzzle.next and puzzle.open).
struct puzzle_shown_msg {
    std::string id;
    std::string game;
    std::string position;  // the game's position text
    int side = 0;          // the solver's seat
    json board;            // the board with the solver's legal moves (as room.state's)
    json last;             // the move that led to the position (the highlight); null: none
    puzzle_rating_view rating;  // the puzzle's
    std::vector<std::string> themes;
    puzzle_rating_view solver;  // the solver's in this game
    bool seen = false;          // tried before: this try does not count
    std::optional<puzzle_streak_view> streak;  // in streak mode
};

// After a puzzle.move: "right" (go on: the server's replies were played),
// "solved", or "wrong" (`expected` the line's move). `board` is the position
// now, `last` the last move played (the board's highlight, as
// /api/position's `last`); `ratings` once the try is over and counted.
struct puzzle_ratings_view {
    puzzle_rating_view solver, puzzle;
    int solver_change = 0;
};
struct puzzle_result_msg {
    std::string id;
    std::string verdict;
    std::string move;  // the solver's, as the game writes it
    std::vector<std::string> replies;
    std::string expected;  // wrong only
    json board;
    json last;
    std::optional<puzzle_ratings_view> ratings;
    std::optional<puzzle_streak_view> streak;  // a streak's puzzle
};

// The answer to puzzle.solution: the whole line.
struct puzzle_solution_msg {
    std::string id;
    std::vector<std::string> moves;
    std::optional<puzzle_ratings_view> ratings;  // when showing it ended a counted try
    std::optional<puzzle_streak_view> streak;    // when it ended a streak
};

frame encode(const puzzle_shown_msg& m);
frame encode(const puzzle_result_msg& m);
frame encode(const puzzle_solution_msg& m);

}  // namespace kibitz::server
