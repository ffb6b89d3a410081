#pragma once
// The pairing of one Swiss round, Dutch style (docs/tournaments.md): players
// ranked by score then rating; within each score group the top half meets
// the bottom half, with transpositions and exchanges where a pair has met or
// its sides cannot be given, the odd one floating down to the next group.
// Absolute rules: nobody meets anyone twice; nobody's side balance goes past
// +-2 nor does anyone get one side three times in a row; at most one bye per
// player, given to the lowest ranked player without one. Each choice is kept
// only if the rest of the round can still be paired (a maximum matching
// checks it), so a pairing is found whenever one exists. Should the side
// rules make a round impossible, they are relaxed (never the no-repeat rule)
// and the result says so. Cost: an n-by-n byte matrix and about n^2 steps
// (1,000 players: 1 MB, ~10 ms; BENCHMARKS.md), so the service should cap a
// Swiss event's entrants (a few thousand at most). Deterministic; pure; any
// thread.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tournament/rules/swiss_history.hpp"

namespace kibitz::server::tournament {

struct swiss_pair {
    std::string first;  // takes the first side
    std::string second;
};

struct swiss_round_pairing {
    std::vector<swiss_pair> pairs;  // the top board first
    std::string bye;                // empty: no bye this round
    bool sides_relaxed = false;     // the side rules could not all be kept
};

// Pairs `present` (the players to pair this round: joined, not withdrawn, not
// absent; late joiners simply have no history) given every earlier round in
// `history`. std::nullopt: no pairing without a repeat (or without a second
// bye) exists, so the event should end.
std::optional<swiss_round_pairing> pair_swiss_round(std::span<const swiss_entrant> present,
                                                    std::span<const swiss_game> history);

// A finished round's absentees: `absent` are the players who never moved in
// their game of `round_games` (the service knows). Each such game becomes a
// forfeit (the one present wins, or both lose), and every absentee is
// withdrawn from the next rounds (they may join again).
struct absence_ruling {
    std::vector<swiss_game> forfeits;   // the games of round_games to record with these results
    std::vector<std::string> withdrawn; // every absent player that was paired
};
absence_ruling rule_absences(std::span<const swiss_game> round_games,
                             std::span<const std::string> absent);

}  // namespace kibitz::server::tournament
