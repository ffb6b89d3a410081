// GET /api/players/{name}/puzzles: a profile's puzzle dashboard (issue 27;
// schema/protocol.md, "HTTP API"): per game the puzzles tried and solved
// (first tries), the current puzzle rating and best streak, the rating after
// each try (the graph), and the themes with their success rate, the strong
// and the weak ones among those tried often enough to tell.
#include <algorithm>
#include <cmath>
#include <map>

#include "api/api_internal.hpp"
#include "store/puzzle_store.hpp"

namespace kibitz::server::api {

namespace {

// A theme tried fewer times says nothing about the solver yet.
constexpr int theme_min_tries = 3;
// Strong and weak: at most this many each.
constexpr std::size_t theme_list = 3;
// The graph's points: the latest ones.
constexpr std::size_t history_points = 200;

struct game_tally {
    int tried = 0, solved = 0;
    json history = json::array();
    std::map<std::string, std::pair<int, int>> themes;  // tried, solved
};

json game_json(const std::string& game, game_tally& t,
               const std::optional<storage::puzzle_rating>& rating, int best_streak) {
    json themes = json::array();
    std::vector<std::pair<double, std::string>> ranked;  // rate, theme: tried often enough
    for (const auto& [name, counts] : t.themes) {
        const double rate = static_cast<double>(counts.second) / counts.first;
        themes.push_back(
            {{"theme", name}, {"tried", counts.first}, {"solved", counts.second}, {"rate", rate}});
        if (counts.first >= theme_min_tries) ranked.push_back({rate, name});
    }
    // Strong: at or above the solver's own rate in this game, best first;
    // weak: below it, worst first.
    const double overall = t.tried ? static_cast<double>(t.solved) / t.tried : 0;
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    json strong = json::array(), weak = json::array();
    for (const auto& [rate, name] : ranked)
        if (rate >= overall && strong.size() < theme_list) strong.push_back(name);
    for (auto it = ranked.rbegin(); it != ranked.rend(); ++it)
        if (it->first < overall && weak.size() < theme_list) weak.push_back(it->second);
    if (t.history.size() > history_points)
        t.history.erase(t.history.begin(),
                        t.history.begin() + static_cast<long>(t.history.size() - history_points));
    json out = {{"game", game},      {"tried", t.tried},           {"solved", t.solved},
                {"rating", nullptr}, {"best_streak", best_streak}, {"history", t.history},
                {"themes", themes},  {"strong", strong},           {"weak", weak}};
    if (rating)
        out["rating"] = {{"rating", static_cast<int>(std::lround(rating->r))},
                         {"rd", static_cast<int>(std::lround(rating->rd))}};
    return out;
}

json dashboard_json(const storage::puzzle_history& h) {
    std::map<std::string, game_tally> tally;
    for (const auto& a : h.tries) {
        auto& t = tally[a.game];
        ++t.tried;
        if (a.solved) ++t.solved;
        if (a.rating_after)
            // No time: a profile is public, and when someone practised is
            // theirs to tell (security review F11). The graph needs the order.
            t.history.push_back({{"rating", std::lround(*a.rating_after)}});
        for (const auto& theme : a.themes) {
            auto& c = t.themes[theme];
            ++c.first;
            if (a.solved) ++c.second;
        }
    }
    std::map<std::string, std::optional<storage::puzzle_rating>> ratings;
    std::map<std::string, int> streaks;
    for (const auto& [game, r] : h.ratings) ratings[game] = r;
    for (const auto& [game, best] : h.best_streaks) streaks[game] = best;
    for (const auto& entry : ratings) tally[entry.first];
    for (const auto& entry : streaks) tally[entry.first];
    json games = json::array();
    for (auto& [game, t] : tally) games.push_back(game_json(game, t, ratings[game], streaks[game]));
    return {{"player", h.who.name}, {"games", games}};
}

}  // namespace

void get_player_puzzles(std::string name, api_context& ctx, api_reply reply) {
    if (!ctx.puzzle_store)
        return reply(error_response(503, "no_database", "puzzle history needs the database"));
    if (name.size() > 64)
        return reply(error_response(404, "unknown_player", "no player named that"));
    ctx.puzzle_store->puzzle_history_of(
        name,
        answer<std::optional<storage::puzzle_history>>(
            std::move(reply), "puzzle history", [name](std::optional<storage::puzzle_history> h) {
                if (!h) return error_response(404, "unknown_player", "no player named " + name);
                return json_response(200, dashboard_json(*h));
            }));
}

}  // namespace kibitz::server::api
