// Bot accounts (issue 26): an account played by a program. It turns itself
// into one with a token that has bot:play, before its first rated game (a
// rating earned by a person must not become a program's), and never back.
#include <spdlog/spdlog.h>

#include "api/api_internal.hpp"
#include "store/token_store.hpp"

namespace kibitz::server::api {

void upgrade_to_bot(const api_request& req, api_context& ctx, api_reply reply) {
    auto* store = ctx.token_store;
    auto now = ctx.clock.now_ms();
    with_token_scope(
        req, ctx, auth::api_scope::bot_play,
        {[store, now](storage::player who, auth::scope_set, api_reply reply) {
             if (who.bot) return reply(json_response(200, {{"bot", true}}));
             auto rule = [](int rated_games) -> std::optional<std::string> {
                 if (rated_games == 0) return std::nullopt;
                 return "an account that has played rated games cannot become a bot";
             };
             store->make_bot(
                 who.id, now, rule, [reply = std::move(reply)](core::result<storage::player> r) {
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

void list_bots(api_context& ctx, api_reply reply) {
    ctx.token_store->bots(
        100, [reply = std::move(reply)](core::result<std::vector<storage::player>> r) {
            if (!r) {
                spdlog::error("api bots: {}", r.reason());
                return reply(error_response(500, "internal", "the bots could not be listed"));
            }
            json list = json::array();
            for (const auto& p : r.value()) list.push_back(user_json(p));
            reply(json_response(200, {{"bots", std::move(list)}}));
        });
}

}  // namespace kibitz::server::api
