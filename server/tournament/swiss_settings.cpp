#include "tournament/swiss_settings.hpp"

#include "kibitz/core/registry.hpp"
#include "tournament/arena_settings.hpp"

namespace kibitz::server::tournament {

std::optional<std::string> check_swiss(const storage::tournament_settings& s, std::int64_t now_ms) {
    if (s.kind != "swiss") return "not a Swiss event";
    if (!core::find_game(s.game_id)) return "unknown game '" + s.game_id + "'";
    if (s.name.empty() || s.name.size() > 4 * 64) return "a name of 1..64 characters";
    if (s.initial_ms < 0 || s.increment_ms < 0 || s.initial_ms > 10800 * 1000LL ||
        s.increment_ms > 180 * 1000LL || s.initial_ms % 1000 || s.increment_ms % 1000)
        return "a clock of 0..10800 s plus 0..180 s a move, in whole seconds";
    if (s.initial_ms == 0 && s.increment_ms == 0) return "a Swiss event is played with a clock";
    if (s.rounds < 1 || s.rounds > max_swiss_rounds)
        return "1.." + std::to_string(max_swiss_rounds) + " rounds";
    if (s.round_interval_ms < 0 || s.round_interval_ms > max_round_interval_ms ||
        s.round_interval_ms % 1000)
        return "a round interval of 0..86400 whole seconds";
    if (s.starts_ms < now_ms - minute_ms || s.starts_ms > now_ms + max_lead_ms)
        return "a start between now and 31 days from now";
    return std::nullopt;
}

}  // namespace kibitz::server::tournament
