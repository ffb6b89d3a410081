#pragma once
// What an arena may be asked to be: the bounds a creator (the schedule, an
// account) must keep. Pure; any thread.
#include <cstdint>
#include <optional>
#include <string>

#include "store/tournament_records.hpp"

namespace kibitz::server::tournament {

inline constexpr std::int64_t minute_ms = 60'000;
inline constexpr std::int64_t max_arena_ms = 24 * 60 * minute_ms;
inline constexpr std::int64_t max_lead_ms =
    31LL * 24 * 60 * minute_ms;  // how far ahead it may start

// Why `s` is refused, for people; nothing when it is a valid arena.
std::optional<std::string> check_arena(const storage::tournament_settings& s, std::int64_t now_ms);

}  // namespace kibitz::server::tournament
