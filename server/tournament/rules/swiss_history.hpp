#pragma once
// A Swiss event's record as the pairing and the tie-breaks read it: every
// pairing of every round (a bye is a pairing without a second player), and
// what each player's record adds up to. Scores are in half points (a win or
// a bye 2, a draw 1, a loss 0) so that they stay integers.
// Pure functions over plain values; any thread.
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "tournament/rules/outcome.hpp"

namespace kibitz::server::tournament {

enum class swiss_result : std::uint8_t {
    first_won,
    draw,
    second_won,
    first_forfeited,   // first was absent: second wins, the game was not played
    second_forfeited,  // second was absent: first wins, not played
    both_forfeited,    // both absent: both lose, not played
    bye,               // no second player: first scores a win, not played
    ongoing,           // not finished yet: no points
};

struct swiss_game {
    int round = 0;  // from 1
    std::string first;
    std::string second;  // empty for a bye
    swiss_result result = swiss_result::ongoing;
};

struct swiss_entrant {
    std::string id;
    int rating = 1500;
};

// One player's record, rounds in order.
struct swiss_record {
    int score = 0;                        // half points
    std::vector<std::string> opponents;   // everyone paired against, played or forfeited
    std::vector<side> sides;              // sides of the games actually played, in order
    int byes = 0;
    // Per round paired: the opponent ("" for a bye), the outcome for this
    // player, whether it was played over the board.
    struct round_entry {
        int round = 0;
        std::string opponent;
        outcome result = outcome::loss;
        bool played = false;
        bool finished = false;
    };
    std::vector<round_entry> rounds;

    int side_balance() const;  // firsts minus seconds
    bool met(const std::string& id) const;
};

// Every player named in `history`, with their record. Games are read in
// round order whatever order they come in.
std::unordered_map<std::string, swiss_record> swiss_records(std::span<const swiss_game> history);

// Half points a result gives to the first / second player.
int first_points(swiss_result r);
int second_points(swiss_result r);

}  // namespace kibitz::server::tournament
