// The operator's rules (bot_rules.hpp).
#include "bot_rules.hpp"

#include <charconv>
#include <sstream>

namespace kibitz::bot {

std::optional<std::string> decline_reason(const bot_rules& r, const nlohmann::json& c,
                                          std::size_t playing) {
    if (!c.is_object()) return "generic";
    const std::string game = c.value("game", "");
    if (!r.games.empty() && !r.games.count(game)) return "variant";
    if (c.contains("position") && !c["position"].get<std::string>().empty()) return "standard";
    const bool bot = c.contains("by") && c["by"].value("bot", false);
    if (bot && !r.bots) return "noBot";
    if (!bot && !r.people) return "onlyBot";
    const bool rated = c.value("rated", false);
    if (rated && !r.rated) return "casual";
    if (!rated && !r.casual) return "rated";
    const auto& tc = c.contains("tc") ? c["tc"] : nlohmann::json();
    if (tc.is_null()) {
        if (!r.untimed) return "timeControl";
    } else if (tc.contains("days")) {
        if (!r.correspondence) return "timeControl";
    } else {
        if (!r.live) return "timeControl";
        int initial = tc.value("initial_s", 0);
        if (initial < r.min_initial_s) return "tooFast";
        if (initial > r.max_initial_s) return "tooSlow";
    }
    if (playing >= r.max_games) return "later";
    return std::nullopt;
}

namespace {

std::set<std::string> words(const std::string& list) {
    std::set<std::string> out;
    std::istringstream in(list);
    for (std::string w; std::getline(in, w, ',');)
        if (!w.empty()) out.insert(w);
    return out;
}

bool number(const std::string& v, int lo, int hi, int& out) {
    auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    return ec == std::errc() && end == v.data() + v.size() && out >= lo && out <= hi;
}

// `value` a comma list of `known` words; each named one is true.
bool choose(const std::string& value, std::initializer_list<std::pair<const char*, bool*>> known,
            std::string& why) {
    auto chosen = words(value);
    for (auto& [name, flag] : known) chosen.erase(name);
    if (!chosen.empty()) {  // nothing changes on a wrong word
        why = "unknown word '" + *chosen.begin() + "'";
        return false;
    }
    chosen = words(value);
    for (auto& [name, flag] : known) *flag = chosen.count(name) > 0;
    return true;
}

}  // namespace

bool set_rule(bot_rules& r, const std::string& flag, const std::string& value, std::string& why) {
    int n = 0;
    if (flag == "games") {
        r.games = words(value);
        return true;
    }
    if (flag == "clocks")
        return choose(
            value,
            {{"untimed", &r.untimed}, {"live", &r.live}, {"correspondence", &r.correspondence}},
            why);
    if (flag == "modes") return choose(value, {{"rated", &r.rated}, {"casual", &r.casual}}, why);
    if (flag == "opponents") return choose(value, {{"people", &r.people}, {"bots", &r.bots}}, why);
    if (flag == "min-seconds" || flag == "max-seconds") {
        if (!number(value, 0, 24 * 3600, n)) return why = "a number of seconds", false;
        (flag == "min-seconds" ? r.min_initial_s : r.max_initial_s) = n;
        return true;
    }
    if (flag == "max-games") {
        if (!number(value, 1, 1000, n)) return why = "a number from 1 to 1000", false;
        r.max_games = static_cast<std::size_t>(n);
        return true;
    }
    why = "not a rule";
    return false;
}

}  // namespace kibitz::bot
