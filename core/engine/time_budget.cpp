#include "engine/time_budget.hpp"

#include <algorithm>

#include "kibitz/core/engine.hpp"

namespace kibitz::core::engine {

namespace {
// Untimed: the strongest level thinks two seconds; the lower levels are bound
// by their node or depth caps long before their time runs out.
constexpr std::int64_t untimed_ms[max_level] = {300, 300, 300, 400, 500, 800, 1200, 2000};
// What the move costs besides the search (the room, the store, the wire).
constexpr std::int64_t overhead_ms = 30;
constexpr std::int64_t reserve_ms = 2000;
}  // namespace

std::int64_t think_time_ms(const clock_reading& c, int level, int plies_played) {
    const std::int64_t cap = untimed_ms[std::clamp(level, min_level, max_level) - 1];
    if (!c.timed) return cap;
    // Expect the game to need about this many more of our moves.
    const std::int64_t moves_to_go = std::max(15, 35 - plies_played / 8);
    const std::int64_t usable = std::max<std::int64_t>(0, c.remaining_ms - overhead_ms);
    // The last two seconds are kept for very long games: below them every
    // move is a quick one, and a move costs the clock only what it takes.
    const std::int64_t spend = usable - std::min<std::int64_t>(reserve_ms, usable);
    std::int64_t t = spend / moves_to_go + c.increment_ms * 3 / 4;
    t = std::min(t, spend / 4 + c.increment_ms / 2);
    // Strong levels may think longer than untimed when the clock allows it.
    if (level < max_level) t = std::min(t, cap);
    return std::max<std::int64_t>(t, 1);
}

int iteration_start_percent(const clock_reading& c) { return c.timed ? 50 : 100; }

std::int64_t natural_delay_ms(const clock_reading& c, int level, std::uint64_t seed) {
    if (level >= 7) return 0;
    if (c.timed && c.remaining_ms < 20'000) return 0;
    // 400-1000 ms, more for the lower levels.
    const std::int64_t base = 400 + 60 * (6 - std::clamp(level, min_level, 6));
    return base + static_cast<std::int64_t>(seed % 400);
}

}  // namespace kibitz::core::engine
