#pragma once
// An arena's pairing wave: the players waiting for a game are paired with
// others near them in the standings; nobody meets their last opponent again
// when anyone else waits; the side alternates for each player when it can;
// with an odd number, the one who has waited least waits on. Ties in the
// standings are broken by rating, then by a shuffle drawn from `seed`, so a
// wave is deterministic given its input and seed (docs/tournaments.md).
// Pure function over plain values: no clock (waiting time is passed in);
// any thread.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tournament/rules/outcome.hpp"

namespace kibitz::server::tournament {

struct arena_waiting {
    std::string id;
    int rank = 0;                  // place in the standings, 1 the leader (ties may share)
    int rating = 1500;             // orders players of one rank
    std::string last_opponent;     // empty: no game yet
    int side_balance = 0;          // games played first minus games played second
    std::optional<side> last_side; // the side of the player's last game
    std::int64_t waited_ms = 0;    // how long they have waited (the caller's clock)
};

// `first` takes the first side.
struct arena_pair {
    std::string first;
    std::string second;
};

struct arena_wave {
    std::vector<arena_pair> pairs;
    std::vector<std::string> waiting;  // left to wait for the next wave (0 or 1 player)
};

// Duplicate ids count once (the first). With exactly two players who met last
// game, they are paired (nobody else waits).
arena_wave pair_arena_wave(std::span<const arena_waiting> waiting, std::uint64_t seed);

}  // namespace kibitz::server::tournament
