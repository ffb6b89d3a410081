#include "tournament/arena_settings.hpp"

#include "kibitz/core/registry.hpp"

namespace kibitz::server::tournament {

std::optional<std::string> check_arena(const storage::tournament_settings& s, std::int64_t now_ms) {
    if (s.kind != "arena") return "only arenas are served for now";
    if (!core::find_game(s.game_id)) return "unknown game '" + s.game_id + "'";
    if (s.name.empty() || s.name.size() > 4 * 64) return "a name of 1..64 characters";
    if (s.initial_ms < 0 || s.increment_ms < 0 || s.initial_ms > 10800 * 1000LL ||
        s.increment_ms > 180 * 1000LL || s.initial_ms % 1000 || s.increment_ms % 1000)
        return "a clock of 0..10800 s plus 0..180 s a move, in whole seconds";
    if (s.initial_ms == 0 && s.increment_ms == 0) return "an arena is played with a clock";
    if (s.duration_ms < minute_ms || s.duration_ms > max_arena_ms || s.duration_ms % minute_ms)
        return "a duration of 1..1440 whole minutes";
    if (s.starts_ms < now_ms - minute_ms || s.starts_ms > now_ms + max_lead_ms)
        return "a start between now and 31 days from now";
    return std::nullopt;
}

}  // namespace kibitz::server::tournament
