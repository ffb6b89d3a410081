#pragma once
// Standings and their tie-breaks (docs/tournaments.md).
// Swiss: score, then Buchholz (the sum of the opponents' scores), then
// Sonneborn-Berger (the opponents' scores weighted by the result), then
// rating, then id. A bye or a forfeit counts as a game against a virtual
// opponent with the player's own score (a win for the bye and the forfeit
// win, a loss for the forfeit loss); rounds before joining count nothing.
// Arena: score, then performance (average of opponent rating + 500 per win,
// - 500 per loss over counted games), then rating, then id.
// Pure functions; any thread.
#include <span>
#include <string>
#include <vector>

#include "tournament/rules/arena_scoring.hpp"
#include "tournament/rules/swiss_history.hpp"

namespace kibitz::server::tournament {

struct swiss_standing {
    std::string id;
    int rating = 1500;
    int rank = 0;                  // 1 the leader; equal on everything shares a rank
    int score = 0;                 // half points
    int buchholz = 0;              // half points
    double sonneborn_berger = 0;   // half points (a draw adds half the opponent's score)
};

// Every entrant (withdrawn ones too), ranked. An entrant with no games has 0.
std::vector<swiss_standing> swiss_standings(std::span<const swiss_entrant> entrants,
                                            std::span<const swiss_game> history);

struct arena_entry {
    std::string id;
    int rating = 1500;
    int score = 0;        // arena_score::total
    int performance = 0;  // arena_performance of the player's score
};

struct arena_standing {
    std::string id;
    int rank = 0;
    int score = 0;
    int performance = 0;  // 0 with no counted game
};

// Over the counted games of the sheet; 0 with none.
int arena_performance(const arena_score& score);
std::vector<arena_standing> arena_standings(std::span<const arena_entry> entries);

}  // namespace kibitz::server::tournament
