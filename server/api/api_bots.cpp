// Bot accounts (issue 26): an account played by a program. It turns itself
// into one with a token that has bot:play, before its first rated game (a
// rating earned by a person must not become a program's), and never back.
#include <spdlog/spdlog.h>

#include "api/api_internal.hpp"
#include "auth/api_tokens.hpp"
#include "play/hub.hpp"
#include "play/stored_player.hpp"
#include "store/store.hpp"
#include "store/token_store.hpp"

namespace kibitz::server::api {

namespace {

json bot_json(const storage::bot_listing& bot, hub* h) {
    json row = user_json(bot.who);
    row["online"] = h && !h->peers().of(player_from_stored(bot.who, "")->key()).empty();
    row["ratings"] = ratings_json(bot.ratings);
    json recent = json::array();
    for (const auto& g : bot.recent) recent.push_back(summary_json(g));
    row["recent"] = std::move(recent);
    return row;
}

}  // namespace

void upgrade_to_bot(const api_request& req, api_context& ctx, api_reply reply) {
    auto* tokens = ctx.tokens;
    with_token_scope(
        req, ctx, auth::api_scope::bot_play,
        {[tokens](storage::player who, auth::scope_set, api_reply reply) {
             if (who.bot) return reply(json_response(200, {{"bot", true}}));
             auto rule = [](int rated_games) -> std::optional<std::string> {
                 if (rated_games == 0) return std::nullopt;
                 return "an account that has played rated games cannot become a bot";
             };
             tokens->make_bot(
                 who.id, rule, [reply = std::move(reply)](core::result<storage::player> r) {
                     if (r) return reply(json_response(200, {{"bot", true}}));
                     if (r.reason().starts_with("an account") ||
                         r.reason().starts_with("only an account"))
                         return reply(error_response(400, "cannot_become_bot", r.reason()));
                     spdlog::error("api bot upgrade: {}", r.reason());
                     reply(error_response(500, "internal", "the account could not be changed"));
                 });
         },
         std::move(reply)});
}

// Each bot with its ratings, its latest games (one store read for them all)
// and whether a program is connected for it now (an event stream or a tab on
// this node).
void list_bots(api_context& ctx, api_reply reply) {
    auto h = ctx.play.lock();
    ctx.token_store->bots(
        100, 3,
        [h, reply = std::move(reply)](core::result<std::vector<storage::bot_listing>> r) mutable {
            if (!r) {
                spdlog::error("api bots: {}", r.reason());
                return reply(error_response(500, "internal", "the bots could not be listed"));
            }
            json list = json::array();
            for (const auto& bot : r.value()) list.push_back(bot_json(bot, h.get()));
            reply(json_response(200, {{"bots", std::move(list)}}));
        });
}

// A person's opt-in to bot challenges (schema/bot_api.md, "Bots and people"):
// GET answers {"accept": bool}; POST {"accept": bool} sets it. Off until set.
void bot_challenges_pref(const api_request& req, api_context& ctx, api_reply reply) {
    std::optional<bool> set;
    if (req.method == "POST") {
        auto parsed = json_object_body(req);
        if (auto* r = std::get_if<api_response>(&parsed)) return reply(std::move(*r));
        const auto& body = std::get<json>(parsed);
        if (!body.contains("accept") || !body["accept"].is_boolean())
            return reply(error_response(400, "bad_request", "send {\"accept\": true or false}"));
        set = body["accept"].get<bool>();
    }
    auto* store = ctx.token_store;
    with_session_account(
        req, ctx,
        {[store, set](storage::player who, auth::scope_set, api_reply reply) {
             auto answer = [reply](bool accept) {
                 reply(json_response(200, {{"accept", accept}}));
             };
             auto failed = [reply](const std::string& why) {
                 spdlog::error("api bot challenges: {}", why);
                 reply(error_response(500, "internal", "the preference could not be kept"));
             };
             if (set)
                 return store->set_bot_challenges(who.id, *set,
                                                  [answer, failed, v = *set](core::result<bool> r) {
                                                      if (!r) return failed(r.reason());
                                                      answer(v);
                                                  });
             store->bot_challenges(who.id, [answer, failed](core::result<bool> r) {
                 if (!r) return failed(r.reason());
                 answer(r.value());
             });
         },
         std::move(reply)});
}

// GET /api/account/playing (lichess's): the token's account's games in play,
// here and on other nodes, so a program that restarts finds its games again
// and follows each on its game stream (whose gameFull says the rest).
void now_playing(const api_request& req, api_context& ctx, api_reply reply) {
    auto h = ctx.play.lock();
    if (!h) return reply(error_response(503, "unavailable", "the server is stopping"));
    with_token_scope(
        req, ctx, std::nullopt,
        {[h](storage::player who, auth::scope_set, api_reply reply) {
             json games = json::array();
             for (const auto& id : h->rooms().rooms_of(player_from_stored(who, "")->key()))
                 games.push_back({{"gameId", id}});
             reply(json_response(200, {{"nowPlaying", std::move(games)}}));
         },
         std::move(reply)});
}

}  // namespace kibitz::server::api
