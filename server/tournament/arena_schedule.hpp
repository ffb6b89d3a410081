#pragma once
// The server's own events, from a schedule file (--tournament-schedule,
// schema/tournament_schedule.json; docs in docs/tournament_service.md): per game,
// the arena rules' minimums (early draws, berserk), and arenas and Swiss
// events repeating every so many minutes, each created `lead` before it
// starts so that players can join ahead. Pure: the time is passed in; any
// thread.
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "kibitz/core/result.hpp"
#include "store/tournament_records.hpp"
#include "tournament/rules/arena_scoring.hpp"

namespace kibitz::server::tournament {

struct scheduled_arena {
    std::string game, name;
    std::int64_t every_ms = 0;  // starts at each multiple of this since the epoch
    std::int64_t duration_ms = 0, lead_ms = 0;
    std::int64_t initial_ms = 0, increment_ms = 0;
    int rounds = 0;                    // a Swiss event's (duration_ms is then 0)
    std::int64_t round_interval_ms = 0;
};

struct arena_schedule {
    std::map<std::string, arena_rules> rules;  // by game id
    std::vector<scheduled_arena> arenas;
    std::vector<scheduled_arena> swiss;  // Swiss events
};

// The schedule in `text` (JSON), checked: known games, sane numbers.
core::result<arena_schedule> parse_schedule(const std::string& text);
core::result<arena_schedule> read_schedule(const std::string& path);

// The arenas to create at `now`: each entry's next start within its lead,
// unless `existing` (game id, start) already holds it.
std::vector<storage::tournament_settings> due_arenas(
    const arena_schedule& s, std::int64_t now_ms,
    const std::set<std::pair<std::string, std::int64_t>>& existing);
// The same for the Swiss events.
std::vector<storage::tournament_settings> due_swiss(
    const arena_schedule& s, std::int64_t now_ms,
    const std::set<std::pair<std::string, std::int64_t>>& existing);

}  // namespace kibitz::server::tournament
