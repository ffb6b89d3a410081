// GET routes: profiles, leaderboards, recent games, game records and exports.
// Each store handler runs on a reader thread; it only builds the answer.
#include <cctype>
#include <charconv>

#include <spdlog/spdlog.h>

#include "kibitz/core/registry.hpp"

#include "api/api_internal.hpp"
#include "store/export.hpp"
#include "store/store.hpp"

namespace kibitz::server::api {

std::optional<storage::game_key> game_key_of(std::string_view id) {
    if (id.empty() || id.size() > 18 || id[0] == '0') return std::nullopt;
    storage::game_key k = 0;
    auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), k);
    if (ec != std::errc() || end != id.data() + id.size() || k <= 0) return std::nullopt;
    return k;
}

namespace {

// A public id (the room id, base62) can only be these characters; anything
// else cannot exist and is not worth a query.
bool plausible_public_id(std::string_view id) {
    if (id.empty() || id.size() > 64) return false;
    for (char c : id)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
    return true;
}

// Games on one page of a profile; a full page says there may be more.
constexpr int profile_page = 20;

std::string file_name(const storage::game_record& g) {
    // Only digits and a fixed game id go in: nothing to escape in the header.
    const auto& id = g.summary.settings.game_id;
    return "kibitz-" + (core::find_game(id) ? id : std::string("game")) + "-" +
           std::to_string(g.summary.id) + "." + storage::export_extension(id);
}

}  // namespace

void get_player(std::string name, std::string_view query, api_context& ctx, api_reply reply) {
    // Usernames are at most 20 characters; anything much longer cannot exist.
    if (name.size() > 64)
        return reply(error_response(404, "unknown_player", "no player named that"));
    // ?before=<game key>: the next page of games, older than that one.
    storage::game_key before = 0;
    if (auto b = query_param(query, "before")) {
        auto key = game_key_of(*b);
        if (!key) return reply(error_response(400, "bad_before", "before is a game's key"));
        before = *key;
    }
    ctx.store->profile_of(
        name, profile_page, before,
        answer<std::optional<storage::profile>>(
            std::move(reply), "profile", [name](std::optional<storage::profile> p) {
                if (!p) return error_response(404, "unknown_player", "no player named " + name);
                return json_response(200, profile_json(*p));
            }));
}

void get_leaderboard(std::string game, int limit, api_context& ctx, api_reply reply) {
    if (!core::find_game(game))
        return reply(error_response(404, "unknown_game", "no game called " + game));
    ctx.store->leaderboard(game, limit, answer<std::vector<storage::leader>>(
        std::move(reply), "leaderboard", [game](std::vector<storage::leader> rows) {
            json leaders = json::array();
            for (const auto& l : rows) leaders.push_back(leader_json(l));
            return json_response(200, {{"game", game}, {"leaders", std::move(leaders)}});
        }));
}

void get_recent(int limit, api_context& ctx, api_reply reply) {
    ctx.store->recent_games(limit, answer<std::vector<storage::game_summary>>(
        std::move(reply), "recent", [](std::vector<storage::game_summary> rows) {
            json games = json::array();
            for (const auto& g : rows) games.push_back(summary_json(g));
            return json_response(200, {{"games", std::move(games)}});
        }));
}

namespace {

api_response game_answer(const storage::game_record& g, bool export_text) {
    if (!export_text) return json_response(200, record_json(g));
    api_response r;
    // Plain text for both formats: PDN is text, browsers show it, and the
    // attachment header makes a download of it with the right name.
    r.content_type = "text/plain; charset=utf-8";
    r.body = storage::export_game(g);
    r.headers.emplace_back("Content-Disposition", "attachment; filename=\"" + file_name(g) + "\"");
    return r;
}

api_response no_game() { return error_response(404, "unknown_game", "no game with that id"); }

void by_public_id(std::string id, bool export_text, api_context& ctx, api_reply reply) {
    if (!plausible_public_id(id)) return reply(no_game());
    if (!ctx.store)  // the server is shutting down (app drops the store)
        return reply(error_response(503, "no_database", "the database is closing"));
    ctx.store->game_by_public_id(std::move(id), answer<std::optional<storage::game_record>>(
        std::move(reply), "game", [export_text](std::optional<storage::game_record> g) {
            return g ? game_answer(*g, export_text) : no_game();
        }));
}

}  // namespace

// <id> is the game's public id (its room id) or its row key. Row keys count up
// and are guessable, so a private game is served only by its public id.
void get_game(std::string id, bool export_text, api_context& ctx, api_reply reply) {
    auto key = game_key_of(id);
    if (!key) return by_public_id(std::move(id), export_text, ctx, std::move(reply));
    api_context* c = &ctx;  // owned by app, which outlives every store operation
    // A room id made only of digits is possible (if unlikely): look there too.
    ctx.store->game(*key, [c, id = std::move(id), export_text, reply = std::move(reply)](
                              core::result<std::optional<storage::game_record>> r) mutable {
        try {
            if (r && r.value() && !r.value()->summary.settings.is_private)
                return reply(game_answer(*r.value(), export_text));
            if (!r) spdlog::error("api game: {}", r.reason());
            by_public_id(std::move(id), export_text, *c, std::move(reply));
        } catch (const std::exception& e) {
            spdlog::error("api game: {}", e.what());
            reply(error_response(500, "internal", "internal error"));
        }
    });
}

}  // namespace kibitz::server::api
