#pragma once
// kibitz-cli's commands. Each returns the process's exit status: 0 ok, 1 usage
// error, 2 illegal or unparsable input.
#include <memory>
#include <string>
#include <vector>

#include "kibitz/core/engine.hpp"
#include "kibitz/core/registry.hpp"
#include "options.hpp"

namespace kibitz::cli {

int usage(const std::string& why = {});
// The game at --position (or the start), then MOVE... played on it; on a bad
// position or move prints why and returns nothing (exit status 2).
std::unique_ptr<core::game> load_game(const options& o, const core::game_info& info,
                                      bool play_args);
std::string describe(const core::status& s, const core::game_info& info);
// A reason from the core, which may quote the input, cut to a readable length.
std::string clip(const std::string& reason);

int run_perft(const options& o, const core::game& g);
int run_moves(const options& o, const core::game& g);
int run_play(const options& o, const core::game_info& info);
int run_selfplay(const options& o, const core::game& start, const core::game_info& info);
int run_bestmove(const options& o, const core::game_info& info);
int run_match(const options& o, const core::game_info& info);
int run_engine_session(const options& o, const core::game_info& info);
// One line of the search's progress, "info depth D score S nodes N ... pv MOVES".
void print_info(const core::engine::info& i);
// The answer's last lines: "info book ..." for a book move, then "bestmove MOVE".
void print_answer(const core::engine::report& r);
int run_puzzles(const options& o, const core::game_info& info);
int run_puzzles_annotate(const options& o, const core::game_info& info);
int run_endgame(const options& o, const core::game_info& info);
int run_book(const options& o, const core::game_info& info);
// --book on|off (default off) into l.book; false (and `why`) for another value.
bool book_flag(const options& o, core::engine::limits& l, std::string& why);
// The table --endgame-dir names for the game, built and saved first if it is
// not there yet; bytes stay empty without the flag. False when unreadable.
bool load_endgame(const options& o, const core::game_info& info, std::vector<std::int8_t>& bytes);

// Reads an optional number flag into `out`; false (and `why`) when it is there
// but not a number in [lo, hi].
bool number_flag(const options& o, const char* name, long long lo, long long hi, long long& out,
                 std::string& why);

}  // namespace kibitz::cli
