#pragma once
// The side rules of a Swiss pairing, over the sides a player took in the
// games actually played, in order. Absolute: the balance (firsts minus
// seconds) stays within +-2 and nobody takes one side three times in a row.
// Preferences, FIDE style: absolute (balance at +-2 or the last two alike),
// strong (balance +-1), mild (balance 0: alternate), none (no game yet).
// Pure; any thread.
#include <optional>
#include <span>

#include "tournament/rules/outcome.hpp"

namespace kibitz::server::tournament {

struct side_preference {
    std::optional<side> wants;
    int strength = 0;  // 0 none, 1 mild, 2 strong, 3 absolute
};

// Whether taking `s` next keeps the absolute side rules.
bool side_allowed(std::span<const side> sides, side s);
side_preference preferred_side(std::span<const side> sides);

// Whether the pair's higher ranked player (`high`) takes the first side:
// both preferences where they differ; else the stronger one; else alternate
// from the last round where their sides differed; else the higher ranked's
// wish; with no wish at all, by board (odd boards: high first). Never an
// orientation that breaks an absolute rule if another does not.
bool high_takes_first(std::span<const side> high, std::span<const side> low, int board);

}  // namespace kibitz::server::tournament
