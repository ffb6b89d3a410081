#include "store/json.hpp"

#include <cmath>

namespace kibitz::server::storage {

namespace {
long long rounded(double x) { return std::llround(x); }
}  // namespace

void to_json(nlohmann::json& j, const player& p) {
    j = {{"id", p.id}, {"name", p.name}, {"guest", p.guest()}};
}

void to_json(nlohmann::json& j, const rating_value& r) {
    j = {{"rating", rounded(r.rating)},
         {"rd", rounded(r.rd)},
         {"volatility", r.volatility},
         {"games", r.games},
         {"provisional", r.provisional()},
         {"display", std::to_string(rounded(r.rating)) + (r.provisional() ? "?" : "")}};
}

void to_json(nlohmann::json& j, const move_record& m) {
    j = {{"ply", m.ply}, {"seat", m.seat}, {"move", m.notation},
         {"clock_ms", m.clock_ms}, {"at_ms", m.at_ms}};
}

void to_json(nlohmann::json& j, const game_summary& g) {
    const auto& s = g.settings;
    j = {{"id", g.id},
         {"game", s.game_id},
         {"time_control", s.initial_ms == 0 && s.increment_ms == 0
                              ? nlohmann::json(nullptr)
                              : nlohmann::json{{"initial_ms", s.initial_ms},
                                               {"increment_ms", s.increment_ms}}},
         {"rated", s.rated},
         {"private", s.is_private},
         {"start_position", s.start_position.empty() ? nlohmann::json(nullptr)
                                                     : nlohmann::json(s.start_position)},
         {"seats", g.seats},
         {"status", to_string(g.status)},
         {"winner", g.winner < 0 ? nlohmann::json(nullptr) : nlohmann::json(g.winner)},
         {"reason", g.reason},
         {"created_ms", g.created_ms},
         {"ended_ms", g.ended_ms ? nlohmann::json(g.ended_ms) : nlohmann::json(nullptr)},
         {"plies", g.plies}};
}

void to_json(nlohmann::json& j, const game_record& g) {
    j = g.summary;
    j["moves"] = g.moves;
}

void to_json(nlohmann::json& j, const rating_point& p) {
    j = {{"game", p.game_id}, {"game_key", p.game}, {"rating", rounded(p.rating)},
         {"rd", rounded(p.rd)}, {"at_ms", p.at_ms}};
}

void to_json(nlohmann::json& j, const profile& p) {
    nlohmann::json ratings = nlohmann::json::object();
    for (const auto& r : p.ratings) ratings[r.game_id] = r.value;
    j = {{"player", p.who}, {"ratings", ratings}, {"history", p.history}, {"recent", p.recent}};
}

void to_json(nlohmann::json& j, const leader& l) {
    j = l.value;
    j["player"] = l.who;
}

}  // namespace kibitz::server::storage
