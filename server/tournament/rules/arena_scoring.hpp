#pragma once
// Arena scoring, lichess's rules (docs/tournaments.md): a win 2, a draw 1, a
// loss 0; after two wins in a row the player is "on fire" and every game
// scores double (a win 4, a draw 2) until one that is not a win; a draw in
// fewer than `draw_min_plies` plies scores nothing and puts the fire out; a
// berserk win adds 1 (never doubled) if the game lasted `berserk_min_plies`.
// A game that did not count (aborted before it began) shows on the sheet,
// scores nothing and leaves the streak as it was.
// Pure functions over plain values: no clock, no I/O; any thread.
#include <optional>
#include <span>
#include <vector>

#include "domain/time_control.hpp"
#include "tournament/rules/outcome.hpp"

namespace kibitz::server::tournament {

// Per game id: the service reads them from its table (docs/tournaments.md
// proposes a value for each game) and passes them in.
struct arena_rules {
    int draw_min_plies = 0;     // a draw shorter than this scores 0
    int berserk_min_plies = 0;  // a berserk win this long or longer earns +1
};

// One game on a player's sheet, from that player's side.
struct arena_game {
    outcome result = outcome::loss;
    bool berserk = false;      // this player went berserk in it
    int plies = 0;             // plies played in the game (both sides)
    bool counted = true;       // false: aborted, not a result
    int opponent_rating = 0;   // for the performance tie-break (tie_breaks.hpp)
};

enum class arena_mark : std::uint8_t {
    normal,       // scored as usual
    doubled,      // scored while on fire: double points
    early_draw,   // a draw shorter than draw_min_plies: 0
    not_counted,  // no result: 0, streak unchanged
};

struct arena_scored_game {
    outcome result = outcome::loss;
    int points = 0;  // everything this game added, berserk bonus included
    arena_mark mark = arena_mark::normal;
    bool berserk_bonus = false;  // the +1 was earned
    bool counted = true;
    int opponent_rating = 0;
};

// A player's running arena score; add_arena_game extends it by one game, so
// the service updates a standing in O(1) per finished game.
struct arena_score {
    int total = 0;
    int wins_in_a_row = 0;  // counted wins since the last counted non-win
    std::vector<arena_scored_game> sheet;

    bool on_fire() const { return wins_in_a_row >= 2; }  // the next game scores double
};

// What `g` is worth to a player whose running score is `before`.
arena_scored_game score_arena_game(const arena_score& before, const arena_game& g,
                                   const arena_rules& rules);
void add_arena_game(arena_score& score, const arena_game& g, const arena_rules& rules);
arena_score score_arena_sheet(std::span<const arena_game> games, const arena_rules& rules);

// Berserk: the player's own clock halved (rounded down to a whole second),
// without increment. Only where berserk_allowed says so.
time_control berserk_clock(const time_control& tc);
// A timed game whose halved clock is still at least a second, before the
// player's own first move (`own_plies_made` == 0).
bool berserk_allowed(const std::optional<time_control>& tc, int own_plies_made);

}  // namespace kibitz::server::tournament
