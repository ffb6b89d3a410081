// POST /api/position: the rules core as an oracle for pages that are not a
// game room: the rules pages' diagrams, the lessons, the position editor and
// the analysis board. Stateless and cheap (a position and at most a few
// hundred moves), answered on the calling thread: no store, no engine.
//
// A lesson's goal is checked here, by the rules core, never in the browser:
// {"play": [...]} is met when the last move is one of those moves (each read
// in the position before it, so any accepted spelling counts); {"win": true}
// when the last move won the game for the side that played it.
#include "api/api_internal.hpp"
#include "kibitz/core/registry.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server::api {

namespace {

constexpr std::size_t max_moves = 300;

json status_json(const core::status& s) {
    return {{"state", s.over() ? "over" : "playing"}, {"winner", s.winner}, {"reason", s.reason}};
}

// Whether the goal holds after the last move; `before` is the game before it.
bool goal_met(const json& goal, const core::game& before, const core::game& after,
              const std::string& last) {
    if (auto play = goal.find("play"); play != goal.end() && play->is_array()) {
        for (const auto& m : *play) {
            if (!m.is_string()) continue;
            auto index = before.parse_move(m.get<std::string>());
            if (index && before.move_text(index.value()) == last) return true;
        }
        return false;
    }
    if (goal.value("win", false)) {
        auto st = after.current_status();
        return st.kind == core::status_kind::win && st.winner == before.to_move();
    }
    return false;
}

}  // namespace

api_response post_position(const json& body) {
    if (!body.contains("game") || !body["game"].is_string())
        return bad_request("bad_request", "say which game: {\"game\": <a catalogue id>, ...}");
    const auto* info = core::find_game(body["game"].get<std::string>());
    if (!info) return bad_request("unknown_game", "no such game");
    std::unique_ptr<core::game> g;
    if (auto p = body.find("position"); p != body.end() && !p->is_null()) {
        if (!p->is_string() || p->get<std::string>().size() > 512)
            return bad_request("bad_position",
                               "the position must be a text of at most 512 characters");
        auto loaded = info->from_position(p->get<std::string>());
        if (!loaded) return bad_request("bad_position", loaded.reason());
        g = std::move(loaded.value());
    } else {
        g = info->new_game();
    }
    json moves = body.value("moves", json::array());
    if (!moves.is_array() || moves.size() > max_moves)
        return bad_request("bad_request", "moves must be a list of at most 300 moves");
    json played = json::array();
    std::unique_ptr<core::game> before;
    std::string last;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (!moves[i].is_string()) return bad_request("bad_request", "every move must be a text");
        before = g->clone();
        auto r = g->try_move(moves[i].get<std::string>());
        if (!r) return bad_request("illegal", "move " + std::to_string(i + 1) + ": " + r.reason());
        last = before->move_text(r.value());
        played.push_back(last);
    }
    // The last move's cells, for the board to mark (a diagram's or lesson's move).
    json last_move = nullptr;
    if (before) {
        for (const auto& m : before->view_without_cells().moves)
            if (m.text == last)
                last_move = {{"move", m.text}, {"path", m.path}, {"affected", m.affected}};
    }
    json out = {{"game", info->id},
                {"position", g->position_text()},
                {"moves", played},
                {"board", to_json(g->view_for_mover(true), true)},
                {"status", status_json(g->current_status())},
                {"last", last_move}};
    if (auto goal = body.find("goal"); goal != body.end() && goal->is_object())
        out["goal_met"] = before && goal_met(*goal, *before, *g, last);
    return json_response(200, out);
}

}  // namespace kibitz::server::api
