#pragma once
// The operator's rules for kibitz-bot: which challenges it accepts, and the
// reason it gives for each it declines (the bot API's keys, schema/bot_api.md).
// Pure: plain values in, a decision out.
#include <cstddef>
#include <optional>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

namespace kibitz::bot {

struct bot_rules {
    std::set<std::string> games;  // empty: every game
    // The kinds of clock taken: untimed, live (initial + increment), correspondence.
    bool untimed = true, live = true, correspondence = false;
    int min_initial_s = 0, max_initial_s = 3 * 3600;  // a live clock's bounds
    bool rated = true, casual = true;
    bool people = true, bots = true;  // who may challenge it
    std::size_t max_games = 2;        // at once
};

// The decline reason for `challenge` (a `challenge` event's object) while
// `playing` games are in play, or none to accept it.
std::optional<std::string> decline_reason(const bot_rules& r, const nlohmann::json& challenge,
                                          std::size_t playing);

// Sets a rule from a command-line flag ("games", "clocks", "min-seconds",
// "max-seconds", "modes", "opponents", "max-games"); false, with `why`,
// when the value is not one.
bool set_rule(bot_rules& r, const std::string& flag, const std::string& value, std::string& why);

}  // namespace kibitz::bot
