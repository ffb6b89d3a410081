// GET /api/games/your-turn: the asker's correspondence games where it is
// their move, the least time left first, each with its board for a mini
// board (schema/protocol.md). Read from the store, not from the rooms, so a
// game lists the same whether or not its room is loaded; whose move it is
// comes from replaying the stored moves through the rules core (an extra
// turn repeats a seat, so the last mover alone does not say).
#include <algorithm>
#include <limits>

#include <spdlog/spdlog.h>

#include "api/api_internal.hpp"
#include "kibitz/core/registry.hpp"
#include "protocol/server_msg.hpp"
#include "store/store.hpp"

namespace kibitz::server::api {

namespace {

// The position after the stored moves; empty when the rules refuse them.
std::unique_ptr<core::game> replayed(const storage::game_record& g) {
    const auto* info = core::find_game(g.summary.settings.game_id);
    if (!info) return nullptr;
    const auto& start = g.summary.settings.start_position;
    std::unique_ptr<core::game> game;
    if (start.empty()) {
        game = info->new_game();
    } else {
        auto r = info->from_position(start);
        if (!r) return nullptr;
        game = std::move(r).value();
    }
    for (const auto& m : g.moves)
        if (game->current_status().over() || !game->try_move(m.notation)) return nullptr;
    return game;
}

// One game waiting for `who`, or null when it waits for the other side.
json waiting_json(const storage::game_record& g, storage::player_id who) {
    const auto& s = g.summary;
    auto game = replayed(g);
    if (!game || game->current_status().over()) return nullptr;
    int seat = game->to_move();
    if (seat < 0 || seat > 1 || s.seats[seat].id != who) return nullptr;
    json board = to_json(game->view(), true);
    board.erase("moves");  // a picture: the game page has the legal moves
    json last = nullptr;
    if (!g.moves.empty()) last = g.moves.back().notation;
    return {{"id", s.public_id.empty() ? std::to_string(s.id) : s.public_id},
            {"game", s.settings.game_id},
            {"tc", {{"days", s.settings.days_per_move.value_or(0)}}},
            {"rated", s.settings.rated},
            {"seat", seat},
            {"opponent", user_json(s.seats[1 - seat])},
            {"deadline_ms", s.deadline_ms ? json(*s.deadline_ms) : json(nullptr)},
            {"plies", static_cast<int>(g.moves.size())},
            {"last_move", std::move(last)},
            {"board", std::move(board)}};
}

// The least time left first; unlimited games (no deadline) last, oldest first.
bool sooner(const json& a, const json& b) {
    constexpr auto never = std::numeric_limits<std::int64_t>::max();
    auto at = [&](const json& g) {
        return g["deadline_ms"].is_null() ? never : g["deadline_ms"].get<std::int64_t>();
    };
    return at(a) < at(b);
}

}  // namespace

void get_your_turn(const api_request& req, api_context& ctx, api_reply reply) {
    with_session_player(
        req, ctx,
        {[&ctx](storage::player who, auth::scope_set, api_reply reply) {
             auto now = ctx.clock.now_ms();
             ctx.store->correspondence_games_of(
                 who.id, [who, now, reply = std::move(reply)](
                             core::result<std::vector<storage::game_record>> r) {
                     if (!r) {
                         spdlog::error("api your-turn: {}", r.reason());
                         return reply(
                             error_response(500, "internal", "the games could not be read"));
                     }
                     json games = json::array();
                     for (const auto& g : r.value())
                         if (auto j = waiting_json(g, who.id); !j.is_null())
                             games.push_back(std::move(j));
                     std::stable_sort(games.begin(), games.end(), sooner);
                     reply(json_response(200, {{"now_ms", now}, {"games", std::move(games)}}));
                 });
         },
         std::move(reply)});
}

}  // namespace kibitz::server::api
