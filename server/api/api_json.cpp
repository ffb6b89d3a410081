// The API's JSON shapes (schema/protocol.md "HTTP API"), built from the stored
// records (the store knows no JSON).
#include <cmath>

#include "kibitz/core/registry.hpp"

#include "api/api_internal.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server::api {

namespace {

std::string colour(std::string_view game_id, int seat) {
    if (const auto* info = core::find_game(game_id))
        return std::string(info->about.sides[seat & 1].name);
    return seat == 0 ? "first" : "second";
}

std::string capitalised(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

// For people, without the "1-0" convention question (PDN puts White's score
// first, our text export seat 0's): the winner's colour.
std::string result_text(const storage::game_summary& g) {
    switch (g.status) {
    case storage::game_status::playing: return "in progress";
    case storage::game_status::aborted: return "aborted";
    case storage::game_status::finished: break;
    }
    if (g.winner < 0) return "draw";
    return capitalised(colour(g.settings.game_id, g.winner)) + " wins";
}

// Ratings are rounded for people; "display" carries the '?' the site shows
// while the rating is provisional ("1623?").
json rating_json(const storage::rating_value& r) {
    auto rating = std::llround(r.rating);
    return {{"rating", rating},
            {"rd", std::llround(r.rd)},
            {"volatility", r.volatility},
            {"games", r.games},
            {"provisional", r.provisional()},
            {"display", std::to_string(rating) + (r.provisional() ? "?" : "")}};
}

// Every rating change, oldest first.
json history_json(const std::vector<storage::rating_point>& history) {
    json out = json::array();
    for (const auto& p : history)
        out.push_back({{"game", p.game_id},
                       {"game_key", p.game},
                       {"rating", std::llround(p.rating)},
                       {"rd", std::llround(p.rd)},
                       {"at_ms", p.at_ms}});
    return out;
}

// Each ply with who moved, both clocks after it and when.
json plies_json(const std::vector<storage::move_record>& moves) {
    json out = json::array();
    for (const auto& m : moves)
        out.push_back({{"ply", m.ply},
                       {"seat", m.seat},
                       {"move", m.notation},
                       {"clock_ms", m.clock_ms},
                       {"at_ms", m.at_ms}});
    return out;
}

json tc_json(const storage::game_settings& s) {
    if (s.days_per_move) return {{"days", *s.days_per_move}};  // correspondence
    if (s.initial_ms == 0 && s.increment_ms == 0) return nullptr;
    // Seconds, like the WebSocket protocol's `tc` (the store keeps ms).
    return {{"initial_s", s.initial_ms / 1000}, {"increment_s", s.increment_ms / 1000}};
}

// The id to link with: the public (room) id when the game has one, else its
// row key. Both are accepted by GET /api/games/<id>.
std::string link_id(const storage::game_summary& g) {
    return g.public_id.empty() ? std::to_string(g.id) : g.public_id;
}

json players_json(const storage::game_summary& g) {
    json out = json::array();
    for (int seat = 0; seat < 2; ++seat) {
        json p = user_json(g.seats[seat]);
        p["seat"] = seat;
        p["color"] = colour(g.settings.game_id, seat);
        out.push_back(std::move(p));
    }
    return out;
}

const char* state_of(storage::game_status s) {
    // The names the WebSocket room status uses.
    switch (s) {
    case storage::game_status::finished: return "over";
    case storage::game_status::aborted: return "aborted";
    default: return "playing";
    }
}

// The start board and the board after every ply, replayed through the rules
// core so the client needs no rules. A record the rules no longer accept (a
// start position or move that does not parse) gets no boards and says why.
void add_replay(json& out, const storage::game_record& g) {
    out["start"] = nullptr;
    out["boards"] = nullptr;
    const auto* info = core::find_game(g.summary.settings.game_id);
    if (!info) {
        out["replay_error"] = "unknown game";
        return;
    }
    std::unique_ptr<core::game> game;
    const auto& pos = g.summary.settings.start_position;
    if (pos.empty()) {
        game = info->new_game();
    } else {
        auto r = info->from_position(pos);
        if (!r) {
            out["replay_error"] = "start position: " + r.reason();
            return;
        }
        game = std::move(r).value();
    }
    json start = to_json(game->view(), true);
    json boards = json::array();
    for (const auto& m : g.moves) {
        if (game->current_status().over() || !game->try_move(m.notation)) {
            out["replay_error"] = "ply " + std::to_string(m.ply) + " (" + m.notation +
                                  ") is not legal there";
            return;
        }
        boards.push_back(to_json(game->view(), false));
    }
    out["start"] = std::move(start);
    out["boards"] = std::move(boards);
}

}  // namespace

json user_json(const storage::player& p) {
    json j = {{"id", (p.guest() ? "g-" : "u-") + std::to_string(p.id)},
              {"name", p.name},
              {"guest", p.guest()}};
    if (p.bot) j["bot"] = true;  // only when true: most players are people
    return j;
}

json summary_json(const storage::game_summary& g) {
    json names = json::array();
    for (const auto& p : g.seats) names.push_back(p.name);
    return {{"id", link_id(g)},
            {"key", g.id},
            {"game", g.settings.game_id},
            {"tc", tc_json(g.settings)},
            {"rated", g.settings.rated},
            {"players", std::move(names)},
            {"seats", players_json(g)},
            {"status", storage::to_string(g.status)},
            {"winner", g.winner < 0 ? json(nullptr) : json(g.winner)},
            {"result", result_text(g)},
            {"reason", g.reason},
            {"created_ms", g.created_ms},
            {"ended_ms", g.ended_ms ? json(g.ended_ms) : json(nullptr)},
            {"plies", g.plies}};
}

json record_json(const storage::game_record& g) {
    const auto& s = g.summary;
    json moves = json::array();
    for (const auto& m : g.moves) moves.push_back(m.notation);
    json out = {
        {"id", link_id(s)},
        {"key", s.id},
        {"game", s.settings.game_id},
        {"tc", tc_json(s.settings)},
        {"rated", s.settings.rated},
        {"private", s.settings.is_private},
        {"start_position",
         s.settings.start_position.empty() ? json(nullptr) : json(s.settings.start_position)},
        {"players", players_json(s)},
        {"status", {{"state", state_of(s.status)}, {"winner", s.winner}, {"reason", s.reason}}},
        {"result", result_text(s)},
        {"created_ms", s.created_ms},
        {"ended_ms", s.ended_ms ? json(s.ended_ms) : json(nullptr)},
        // The rematch this game led to (its room id), or null.
        {"rematch", s.rematch.empty() ? json(nullptr) : json(s.rematch)},
        {"moves", std::move(moves)},
        {"record", plies_json(g.moves)}};
    add_replay(out, g);
    return out;
}

json ratings_json(const std::vector<storage::game_rating>& ratings) {
    json out = json::array();
    for (const auto& r : ratings) {
        json j = rating_json(r.value);
        j["game"] = r.game_id;
        out.push_back(std::move(j));
    }
    return out;
}

json profile_json(const storage::profile& p) {
    json ratings = ratings_json(p.ratings);
    json recent = json::array();
    for (const auto& g : p.recent) recent.push_back(summary_json(g));
    json results = json::array();
    for (const auto& r : p.results)
        results.push_back(
            {{"game", r.game_id}, {"wins", r.wins}, {"draws", r.draws}, {"losses", r.losses}});
    json out = {{"id", user_json(p.who)["id"]},
                {"name", p.who.name},
                {"guest", p.who.guest()},
                {"ratings", std::move(ratings)},
                {"history", history_json(p.history)},
                {"results", std::move(results)},  // finished games per rules id
                {"recent", std::move(recent)}};
    out["bot"] = p.who.bot;  // false for people, unlike a user's (user_json)
    return out;
}

json leader_json(const storage::leader& l) {
    json j = rating_json(l.value);
    j["id"] = user_json(l.who)["id"];
    j["name"] = l.who.name;
    if (l.who.bot) j["bot"] = true;
    return j;
}

}  // namespace kibitz::server::api
