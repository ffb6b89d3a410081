#pragma once
// How long the computer thinks, from its own clock: the server asks before
// each of its moves. Pure arithmetic, tested on its own.
#include <cstdint>

namespace kibitz::core::engine {

struct clock_reading {
    bool timed = false;
    std::int64_t remaining_ms = 0;  // the computer's own clock
    std::int64_t increment_ms = 0;
};

// The search budget. Untimed games get a fixed time by level; timed games
// spend a share of what is left (plus most of the increment) and never more
// than a quarter of it, so the computer cannot lose on time even at 1+0.
std::int64_t think_time_ms(const clock_reading& c, int level, int plies_played);

// How much of that budget the search may use before it starts no new
// iteration (limits::iteration_start_percent). Untimed, the budget is a fixed
// time a move, as in the engine matches of BENCHMARKS.md, where spending all
// of it won self-play at 100 ms a move; timed, the budget is already a share
// of the clock, and what a move leaves over goes to the moves after it.
int iteration_start_percent(const clock_reading& c);

// How long to wait before showing a move that was found sooner: a move that
// comes back instantly feels robotic, so lower levels take a moment, but never
// when the clock is short.
std::int64_t natural_delay_ms(const clock_reading& c, int level, std::uint64_t seed);

}  // namespace kibitz::core::engine
