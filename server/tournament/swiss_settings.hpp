#pragma once
// What a Swiss event may be asked to be: the bounds a creator (the schedule,
// an account) must keep. Pure; any thread.
#include <cstdint>
#include <optional>
#include <string>

#include "store/tournament_records.hpp"

namespace kibitz::server::tournament {

inline constexpr int max_swiss_rounds = 50;
inline constexpr std::int64_t max_round_interval_ms = 24LL * 3600 * 1000;
// The pairing's cost grows with the square of the field (docs/tournaments.md).
inline constexpr int max_swiss_players = 1000;

// Why `s` is refused, for people; nothing when it is a valid Swiss event.
std::optional<std::string> check_swiss(const storage::tournament_settings& s, std::int64_t now_ms);

}  // namespace kibitz::server::tournament
