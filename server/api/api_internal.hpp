#pragma once
// Shared by the API's route files; not part of the router's interface.
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "api/api_router.hpp"
#include "auth/api_scopes.hpp"
#include "store/records.hpp"
#include "store/store.hpp"

namespace kibitz::server::api {

using json = nlohmann::json;

api_response json_response(int status, const json& j);
// `{"ok": true}`: the answer of a command the play layer acknowledged (the
// acknowledgement itself says nothing more).
api_response ok_answer(const json& acknowledgement);

// The value of `key` in a query string ("a=1&b=2"), undecoded.
std::optional<std::string_view> query_param(std::string_view query, std::string_view key);
// A limit from the query: `fallback` when absent, clamped to [1, max]; empty
// optional when present but not a plain decimal number.
std::optional<int> limit_param(std::string_view query, std::string_view key, int fallback, int max);

// A stored game's key: a positive decimal number without sign or leading zero.
std::optional<storage::game_key> game_key_of(std::string_view id);

// Content-Type names JSON (api_router.cpp).
bool is_json_type(std::string_view type);
// The request's body as a JSON object, or the refusal to send: 415 when it is
// not declared JSON, 400 when it is not an object (api_router.cpp).
std::variant<json, api_response> json_object_body(const api_request& req);

// The bearer token of an Authorization header, or "" (api_accounts.cpp).
std::string bearer(std::string_view header);

// Who is asking (api_auth.cpp). `then` runs with the account (and, for an API
// token, its scopes) only when the request may go on; otherwise `reply` gets
// the refusal: 401 no or unknown token, 403 a guest, a wrong kind of token or
// a missing scope, 429 with Retry-After past the token's limit.
struct account_step {
    std::function<void(storage::player who, auth::scope_set scopes, api_reply reply)> then;
    api_reply reply;
};
// A session token (never an API token), a guest's or an account's.
void with_session_player(const api_request& req, api_context& ctx, account_step next);
// A logged-in account's session token (never an API token): token management.
void with_session_account(const api_request& req, api_context& ctx, account_step next);
// A personal API token, which must carry `need` when given.
void with_token_scope(const api_request& req, api_context& ctx, std::optional<auth::api_scope> need,
                      account_step next);

// Runs `fn` for a successful result; a store failure or a throw while building
// the answer becomes a 500 (store threads must never see an exception).
template <class T, class F>
storage::handler<T> answer(api_reply reply, const char* what, F fn) {
    return [reply = std::move(reply), what, fn = std::move(fn)](core::result<T> r) {
        try {
            if (!r) {
                spdlog::error("api {}: {}", what, r.reason());
                return reply(error_response(500, "internal", "the database could not answer"));
            }
            reply(fn(std::move(r).value()));
        } catch (const std::exception& e) {
            spdlog::error("api {}: {}", what, e.what());
            reply(error_response(500, "internal", "internal error"));
        }
    };
}

// Routes (each calls `reply` exactly once).
void post_register(const api_request& req, const json& body, api_context& ctx, api_reply reply);
void post_login(const api_request& req, const json& body, api_context& ctx, api_reply reply);
void post_logout(const api_request& req, const json& body, api_context& ctx, api_reply reply);
// A profile (account or guest); ?before=<game key> pages back through its games.
void get_player(std::string name, std::string_view query, api_context& ctx, api_reply reply);
// A profile's puzzle dashboard (api_puzzle_dashboard.cpp).
void get_player_puzzles(std::string name, api_context& ctx, api_reply reply);
void get_leaderboard(std::string game, int limit, api_context& ctx, api_reply reply);
void get_recent(int limit, api_context& ctx, api_reply reply);
void get_game(std::string id, bool export_text, api_context& ctx, api_reply reply);
// An account's finished lessons: GET lists them, POST {game, lesson} adds one (api_learn.cpp).
void learn_progress(const api_request& req, const json& body, api_context& ctx, api_reply reply);
// A finished game's stored computer analysis, by public id (api_review.cpp).
void get_analysis(std::string id, api_context& ctx, api_reply reply);
// The asker's correspondence games where it is their move (api_your_turn.cpp).
void get_your_turn(const api_request& req, api_context& ctx, api_reply reply);
// Tournaments (api_tournaments.cpp): the list, one event (`games`: its
// games, one JSON object per line), and an account's new arena.
void get_tournaments(api_context& ctx, api_reply reply);
void get_tournament(std::string id, bool games, api_context& ctx, api_reply reply);
void post_tournament(const api_request& req, const json& body, api_context& ctx, api_reply reply);
// Personal API tokens and bot accounts (api_tokens.cpp): /api/token[s],
// /api/account, /api/bot/..., /api/bots. `seg` is the path after /api/.
bool is_token_route(const std::vector<std::string_view>& seg);
void token_routes(const api_request& req, const std::vector<std::string_view>& seg,
                  api_context& ctx, api_reply reply);
// api_bots.cpp: POST /api/bot/account/upgrade, GET /api/bots (each bot with
// its ratings, latest games and whether it is connected) and GET
// /api/account/playing (an API token's games in play).
void upgrade_to_bot(const api_request& req, api_context& ctx, api_reply reply);
void list_bots(api_context& ctx, api_reply reply);
void now_playing(const api_request& req, api_context& ctx, api_reply reply);
// GET / POST /api/account/bot-challenges (session): whether bots may challenge the account.
void bot_challenges_pref(const api_request& req, api_context& ctx, api_reply reply);
void language_pref(const api_request& req, api_context& ctx, api_reply reply);
// The bot and board APIs (api_bot_play.cpp): /api/stream/event,
// /api/{bot|board}/game/..., /api/challenge/... (schema/bot_api.md).
bool is_bot_play_route(const std::vector<std::string_view>& seg);
void bot_play_routes(const api_request& req, const std::vector<std::string_view>& seg,
                     api_context& ctx, api_reply reply);
// Web Push (api_push.cpp): GET /api/push/key, POST /api/push/{subscribe,unsubscribe}.
bool is_push_route(const std::vector<std::string_view>& seg);
void push_routes(const api_request& req, const std::vector<std::string_view>& seg, api_context& ctx,
                 api_reply reply);
// The puzzles (api_puzzles.cpp): /api/puzzles/{game}, /api/puzzle/{id},
// /api/puzzle/daily/{game}.
bool is_puzzle_route(const std::vector<std::string_view>& seg);
void puzzle_routes(const api_request& req, const std::vector<std::string_view>& seg,
                   api_context& ctx, api_reply reply);
// Blocks and reports (api_relations.cpp): /api/rel/block/{name},
// /api/rel/unblock/{name}, /api/rel/blocks and /api/report.
bool is_relation_route(const std::vector<std::string_view>& seg);
void relation_routes(const api_request& req, const std::vector<std::string_view>& seg,
                     api_context& ctx, api_reply reply);
// The rules core as an oracle (api_position.cpp): answered at once.
api_response post_position(const json& body);
// The position editor (api_compose.cpp): pieces on cells -> a position, or the reason not.
api_response post_compose(const json& body);

// JSON shapes (api_json.cpp): the web client's, documented in protocol.md.
// {"id": "u-12" | "g-12", "name", "guest"}: the ids the WebSocket `welcome` uses.
json user_json(const storage::player& p);
json summary_json(const storage::game_summary& g);
json record_json(const storage::game_record& g);  // with the replay boards
json profile_json(const storage::profile& p);
json ratings_json(const std::vector<storage::game_rating>& ratings);  // each with its "game"
json leader_json(const storage::leader& l);

}  // namespace kibitz::server::api
