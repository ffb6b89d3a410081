#pragma once
// Glicko-2, as in Glickman, "Example of the Glicko-2 system" (2012). Site
// parameters (docs/rules/platform.md): new players 1500 / RD 350 / volatility
// 0.06, tau 0.5, one rated game = one rating period for both players (as
// lichess does), so `update` is normally called with a single result.
// Pure functions: no I/O, safe on any thread.
#include <span>

namespace kibitz::server::glicko2 {

struct rating {
    double r = 1500, rd = 350, vol = 0.06;
};

struct outcome {
    rating opponent;   // the opponent's rating before the period
    double score = 0;  // 1 win, 0.5 draw, 0 loss
};

inline constexpr double default_tau = 0.5;

// The player's rating after one period with these results. An empty period
// only grows RD (step 6 of the paper).
rating update(const rating& player, std::span<const outcome> results, double tau = default_tau);

// One game between a and b: both new ratings, each computed from the other's
// rating before the game. score_a is a's score (1, 0.5, 0).
struct pair_result {
    rating a, b;
};
pair_result update_game(const rating& a, const rating& b, double score_a,
                        double tau = default_tau);

}  // namespace kibitz::server::glicko2
