#include "tournament/arena_schedule.hpp"

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "kibitz/core/registry.hpp"
#include "tournament/arena_settings.hpp"
#include "tournament/swiss_settings.hpp"

namespace kibitz::server::tournament {

core::result<arena_schedule> parse_schedule(const std::string& text) {
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_object()) return core::error{"the schedule is not a JSON object"};
    arena_schedule out;
    try {
        const auto rules = j.value("rules", nlohmann::json::object());
        for (auto it = rules.begin(); it != rules.end(); ++it) {
            const std::string game = it.key();
            const auto& r = it.value();
            if (!core::find_game(game))
                return core::error{"rules for an unknown game '" + game + "'"};
            out.rules[game] = {r.at("draw_min_plies").get<int>(),
                               r.at("berserk_min_plies").get<int>()};
        }
        for (const auto& a : j.value("arenas", nlohmann::json::array())) {
            scheduled_arena s;
            s.game = a.at("game").get<std::string>();
            s.name = a.at("name").get<std::string>();
            s.every_ms = a.at("every_minutes").get<std::int64_t>() * minute_ms;
            s.duration_ms = a.at("minutes").get<std::int64_t>() * minute_ms;
            s.lead_ms = a.value("lead_minutes", std::int64_t{30}) * minute_ms;
            s.initial_ms = a.at("tc").at("initial_s").get<std::int64_t>() * 1000;
            s.increment_ms = a.at("tc").at("increment_s").get<std::int64_t>() * 1000;
            if (s.every_ms < 10 * minute_ms || s.lead_ms < 0 || s.lead_ms > s.every_ms)
                return core::error{"'" + s.name + "': every 10 minutes at least, lead within it"};
            storage::tournament_settings probe;
            probe.game_id = s.game;
            probe.name = s.name;
            probe.initial_ms = s.initial_ms;
            probe.increment_ms = s.increment_ms;
            probe.duration_ms = s.duration_ms;
            if (auto why = check_arena(probe, 0)) return core::error{"'" + s.name + "': " + *why};
            out.arenas.push_back(std::move(s));
        }
        for (const auto& a : j.value("swiss", nlohmann::json::array())) {
            scheduled_arena s;
            s.game = a.at("game").get<std::string>();
            s.name = a.at("name").get<std::string>();
            s.every_ms = a.at("every_minutes").get<std::int64_t>() * minute_ms;
            s.lead_ms = a.value("lead_minutes", std::int64_t{30}) * minute_ms;
            s.initial_ms = a.at("tc").at("initial_s").get<std::int64_t>() * 1000;
            s.increment_ms = a.at("tc").at("increment_s").get<std::int64_t>() * 1000;
            s.rounds = a.at("rounds").get<int>();
            s.round_interval_ms = a.value("interval_s", std::int64_t{60}) * 1000;
            if (s.every_ms < 10 * minute_ms || s.lead_ms < 0 || s.lead_ms > s.every_ms)
                return core::error{"'" + s.name + "': every 10 minutes at least, lead within it"};
            storage::tournament_settings probe;
            probe.kind = "swiss";
            probe.game_id = s.game;
            probe.name = s.name;
            probe.initial_ms = s.initial_ms;
            probe.increment_ms = s.increment_ms;
            probe.rounds = s.rounds;
            probe.round_interval_ms = s.round_interval_ms;
            if (auto why = check_swiss(probe, 0)) return core::error{"'" + s.name + "': " + *why};
            out.swiss.push_back(std::move(s));
        }
    } catch (const std::exception& e) {
        return core::error{std::string("the schedule: ") + e.what()};
    }
    return out;
}

core::result<arena_schedule> read_schedule(const std::string& path) {
    std::ifstream in(path);
    if (!in) return core::error{"cannot read " + path};
    std::stringstream text;
    text << in.rdbuf();
    return parse_schedule(text.str());
}

namespace {

std::vector<storage::tournament_settings> due(
    const std::vector<scheduled_arena>& list, const char* kind, std::int64_t now_ms,
    const std::set<std::pair<std::string, std::int64_t>>& existing) {
    std::vector<storage::tournament_settings> out;
    for (const auto& a : list) {
        const auto next = (now_ms / a.every_ms + 1) * a.every_ms;  // the next start after now
        if (next - now_ms > a.lead_ms || existing.count({a.game, next})) continue;
        storage::tournament_settings t;
        t.game_id = a.game;
        t.name = a.name;
        t.initial_ms = a.initial_ms;
        t.increment_ms = a.increment_ms;
        t.starts_ms = next;
        t.duration_ms = a.duration_ms;
        t.kind = kind;
        t.rounds = a.rounds;
        t.round_interval_ms = a.round_interval_ms;
        out.push_back(std::move(t));
    }
    return out;
}

}  // namespace

std::vector<storage::tournament_settings> due_arenas(
    const arena_schedule& s, std::int64_t now_ms,
    const std::set<std::pair<std::string, std::int64_t>>& existing) {
    return due(s.arenas, "arena", now_ms, existing);
}

std::vector<storage::tournament_settings> due_swiss(
    const arena_schedule& s, std::int64_t now_ms,
    const std::set<std::pair<std::string, std::int64_t>>& existing) {
    return due(s.swiss, "swiss", now_ms, existing);
}

}  // namespace kibitz::server::tournament
