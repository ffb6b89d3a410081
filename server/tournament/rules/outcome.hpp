#pragma once
// The words every tournament rule shares: a game's outcome from one player's
// side, and the side a player takes (first or second mover, as the game's
// catalogue names them; no game is named here). Plain values; no executor.
#include <cstdint>

namespace kibitz::server::tournament {

enum class outcome : std::uint8_t { win, draw, loss };

enum class side : std::uint8_t { first, second };

constexpr side other(side s) { return s == side::first ? side::second : side::first; }

}  // namespace kibitz::server::tournament
