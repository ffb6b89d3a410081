#pragma once
// Exports of a stored game in the dialect its catalogue entry names
// (core::game_description::dialect): PDN, or a text move list with PGN-like
// header lines. Pure functions of a game_record.
//
// Decisions:
// - PDN: seat 0 moves first and is Black, seat 1 White. PDN's Result is
//   "1-0" when White won, "0-1" when Black won, i.e. the seat-1 score comes
//   first. GameType "21" (English draughts); SetUp "1" and FEN when the game
//   began from a set position.
// - Text: [Result] gives seat 0's score first ("1-0": the first mover
//   won), and [Winner] names the colour so nobody has to know that convention.
// - Unfinished and aborted games have Result "*"; [Termination] gives the reason.
// - Move numbers pair seat 0's and seat 1's turns (`1. c D 2. f A`); a turn
//   skipped by an extra turn (the mancala grand slam) is `--` (`12. c -- 13. e D`); a game whose
//   first move is seat 1's starts `1...`.
// - Tag values escape `\` and `"` with a backslash, and line breaks become
//   spaces, so a player's name cannot break the file's structure.
#include <string>
#include <string_view>

#include "store/records.hpp"

namespace kibitz::server::storage {

std::string export_pdn(const game_record& g);
std::string export_text(const game_record& g);
// The one the game's catalogue entry asks for.
std::string export_game(const game_record& g);
// The exported file's extension, without the dot ("txt" for an unknown game).
std::string export_extension(std::string_view game_id);

// "1. c D 2. f A" for any game (no result token).
std::string numbered_moves(const game_record& g);

}  // namespace kibitz::server::storage
