#pragma once
// Engine-against-engine games, for kibitz-cli match, the level tests and the
// ladder benchmark. Pairs of games share a random opening with colours swapped,
// so neither player keeps the first move's advantage. Deterministic for node or
// depth budgets and a seed.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kibitz/core/engine.hpp"
#include "kibitz/core/registry.hpp"

namespace kibitz::core::engine {

// One player: a level and a budget per move (a movetime makes games depend on
// the machine's speed).
struct player_spec {
    limits budget;
    std::string label;
};
// "level=L", "depth=D", "nodes=N", "movetime=MS", comma-separated; an error
// names what is wrong.
result<player_spec> parse_spec(std::string_view text);

struct match_settings {
    int games = 2;
    std::uint64_t seed = 1;
    int max_plies = 400;      // then the game is adjudicated a draw
    int opening_plies = 4;    // random plies before the engines take over
    std::string start_position;  // empty: the game's start
};

struct game_outcome {
    int a_seat = 0;        // the seat A played
    double a_points = 0;   // 1, 0.5, 0
    std::string reason;    // the rules' reason, or "move limit"
    int plies = 0;
    std::string final_position;  // the position text at the end (read what a long draw looked like)
};

struct match_summary {
    int wins = 0, draws = 0, losses = 0;  // A's
    double points() const { return wins + 0.5 * draws; }
    int games() const { return wins + draws + losses; }
    double elo() const;          // A against B
    double elo_error() const;    // 95% interval half-width
};

using game_sink = std::function<void(int index, const game_outcome&)>;
match_summary play_match(const game_info& info, const player_spec& a, const player_spec& b,
                         const match_settings& s, const game_sink& sink = {});

}  // namespace kibitz::core::engine
