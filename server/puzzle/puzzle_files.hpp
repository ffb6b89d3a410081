#pragma once
// The shipped puzzles as data files (schema/puzzles/<game>.jsonl, one JSON
// object a line: id, game, position, moves, rating, themes; docs/puzzles.md),
// read into the store's rows. A puzzle's first Glicko-2 rating is the file's,
// with a deviation of `first_rd` (the miner's estimate is a fair guess, so
// it moves less than a new player's). Blocking file I/O: start-up only.
#include <string>
#include <vector>

#include "kibitz/core/result.hpp"
#include "store/puzzle_store.hpp"

namespace kibitz::server {

inline constexpr double puzzle_first_rd = 150;

// Every *.jsonl file of `dir`, in file name order; a missing folder is none.
// A line that is not a puzzle is an error naming the file and line.
core::result<std::vector<storage::puzzle_row>> read_puzzle_files(const std::string& dir);

}  // namespace kibitz::server
