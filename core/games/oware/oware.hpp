#pragma once
// Oware (Abapa-like, as docs/rules/oware.md) and its Ouril variant: one
// implementation with a variant flag; game ids "oware" and "ouril".
//
// Rules decisions (the rules page decides; where it and its source are silent
// or contradict each other, we decided as below, each also noted at the code):
// - Grand slam (Oware): a move whose captures leave the opponent's row empty is
//   not a legal move (the source says the player "will lose immediately" and
//   also "is a forbidden move"; the page says illegal, so it is not offered).
//   A feeding move that captures every seed it fed is a grand slam too.
// - No legal move: the game ends before that turn; the board is not scored;
//   higher store wins, equal stores draw. A loaded position whose side to move
//   has an empty row therefore ends at once.
// - Ouril single seeds: the rule filters moves first; only if no remaining
//   move satisfies the feeding (or extra-turn) obligation do single-seed pits
//   that satisfy it become legal ("feeding prevails").
// - Ouril grand slam outside an extra turn (including a feeding move that
//   captures all it fed) gives the extra turn; inside an extra turn it is
//   impossible, since that turn must leave a seed on the opponent's row.
// - Ouril grand slam reaching 25: the game ends at once (the 25 rule is checked
//   before anything else); the position keeps `:G` and the mover's side.
// - Extra turn with no move leaving a seed: each player takes their own row
//   (reason "no move after grand slam"). An ordinary turn with no legal move:
//   stores only (reason "no legal move").
// - Threefold repetition compares pits, stores, side to move AND the extra-turn
//   flag (it changes the legal moves). Positions only recur without captures,
//   so history is scanned back only while the stores are unchanged. It ends the
//   game as by agreement (reason "threefold repetition").
// - Position text must total exactly 48 seeds; `:G` is accepted only for Ouril
//   and only with the opponent's row empty. Surrounding whitespace is ignored.
// - perft() counts repetition endings along the path (so it agrees with
//   move_count()); the fast oware::perft(variant, position, depth) does not.
//
// Encoding and fast API: oware_position.hpp.
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "kibitz/core/composition.hpp"
#include "kibitz/core/game.hpp"
#include "kibitz/core/result.hpp"
#include "oware/oware_position.hpp"

namespace kibitz::core::oware {

std::unique_ptr<game> new_oware();
std::unique_ptr<game> new_ouril();
result<std::unique_ptr<game>> oware_from_position(std::string_view text);
result<std::unique_ptr<game>> ouril_from_position(std::string_view text);
// From the position editor (composition.hpp): refused with a reason for players.
result<std::unique_ptr<game>> oware_compose(const composition& c);
result<std::unique_ptr<game>> ouril_compose(const composition& c);

// Writes `moves` played from `start` as "1. c D 2. f A", with "--" for a turn
// skipped by an Ouril extra turn ("12. c -- 13. e D") and "1. -- D" when North
// moves first. Works for any game whose skipped turns keep the side to move.
result<std::string> write_move_list(const game& start, std::span<const std::string> moves);

}  // namespace kibitz::core::oware
