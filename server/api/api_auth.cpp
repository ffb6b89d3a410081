// Who is asking: a session (the browser's token) or a personal API token
// (programs), from the Authorization header. See api_internal.hpp.
#include <spdlog/spdlog.h>

#include "api/api_internal.hpp"
#include "auth/accounts.hpp"
#include "auth/api_tokens.hpp"

namespace kibitz::server::api {

void with_session_player(const api_request& req, api_context& ctx, account_step next) {
    std::string token = bearer(req.authorization);
    if (token.empty() || token.size() > 256)
        return next.reply(error_response(
            401, "missing_token", "send the session token as Authorization: Bearer <token>"));
    // Tokens are managed from a logged-in page only: a leaked API token must
    // not be able to mint more of itself or hide its traces.
    if (auth::api_tokens::is_api_token(token))
        return next.reply(error_response(403, "session_required",
                                         "this needs the page's session token, not an API token"));
    ctx.accounts->resolve(std::move(token), [next = std::move(next)](
                                                core::result<std::optional<storage::player>> r) {
        if (!r) {
            spdlog::error("api session: {}", r.reason());
            return next.reply(error_response(500, "internal", "the session could not be checked"));
        }
        if (!r.value())
            return next.reply(error_response(401, "bad_token", "no such session: log in again"));
        next.then(*r.value(), auth::scope_set{}, std::move(next.reply));
    });
}

void with_session_account(const api_request& req, api_context& ctx, account_step next) {
    auto then = [then = std::move(next.then)](storage::player who, auth::scope_set scopes,
                                              api_reply reply) {
        if (who.guest())
            return reply(
                error_response(403, "account_required", "this needs an account; guests have none"));
        then(std::move(who), scopes, std::move(reply));
    };
    with_session_player(req, ctx, {std::move(then), std::move(next.reply)});
}

void with_token_scope(const api_request& req, api_context& ctx, std::optional<auth::api_scope> need,
                      account_step next) {
    std::string token = bearer(req.authorization);
    if (token.empty() || token.size() > 256 || !auth::api_tokens::is_api_token(token))
        return next.reply(error_response(
            401, "missing_token", "send a personal API token as Authorization: Bearer kbt_…"));
    ctx.tokens->check(std::move(token), [need, next = std::move(next)](
                                            core::result<auth::token_check> r) mutable {
        if (!r) {
            spdlog::error("api token: {}", r.reason());
            return next.reply(error_response(500, "internal", "the token could not be checked"));
        }
        const auto& c = r.value();
        if (!c.holder)
            return next.reply(
                error_response(401, "bad_token", "no such token: it was revoked or never existed"));
        if (c.retry_after_ms > 0) {
            auto seconds = std::to_string((c.retry_after_ms + 999) / 1000);
            auto res =
                error_response(429, "rate_limited",
                               "too many requests with this token; retry in " + seconds + " s");
            res.headers.emplace_back("Retry-After", seconds);
            return next.reply(std::move(res));
        }
        auto scopes = c.scopes();
        if (need && !scopes.has(*need))
            return next.reply(error_response(
                403, "missing_scope",
                std::string("this token lacks the scope ") + auth::scope_name(*need) +
                    "; make a token that has it on your account page"));
        next.then(c.holder->who, scopes, std::move(next.reply));
    });
}

}  // namespace kibitz::server::api
