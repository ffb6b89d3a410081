// Personal API tokens and bot accounts (issue 26; schema/protocol.md, "API
// tokens and bots"):
//   POST   /api/token              session: make a token (its secret shown once)
//   GET    /api/tokens             session: the account's tokens, without secrets
//   DELETE /api/token/{id}         session: revoke one
//   GET    /api/account            token (any scope): who the token speaks for
//   POST   /api/bot/account/upgrade  token with bot:play: become a bot, for good
//   GET    /api/bots               anyone: bot accounts
//   GET|POST /api/account/bot-challenges  session: whether bots may challenge me
//   GET    /api/account/playing    API token: the account's games in play
#include <charconv>

#include <spdlog/spdlog.h>

#include "api/api_internal.hpp"
#include "auth/api_tokens.hpp"
#include "domain/person_text.hpp"

namespace kibitz::server::api {

namespace {

constexpr std::size_t max_description = 100;

json token_json(const storage::api_token& t) {
    return {{"id", t.id},
            {"description", t.description},
            {"scopes", auth::scope_names(auth::scopes_from_text(t.scopes))},
            {"created_ms", t.created_ms},
            {"last_used_ms", t.last_used_ms ? json(t.last_used_ms) : json(nullptr)}};
}

api_response internal(std::string_view what, const std::string& reason) {
    spdlog::error("api {}: {}", what, reason);
    return error_response(500, "internal", "the request could not be completed");
}

void create_token(const api_request& req, api_context& ctx, api_reply reply) {
    auto parsed = json_object_body(req);
    if (auto* refused = std::get_if<api_response>(&parsed)) return reply(std::move(*refused));
    const json& body = std::get<json>(parsed);
    auto d = body.find("description");
    auto s = body.find("scopes");
    auto description = d != body.end() && d->is_string()
                           ? person_text(d->get_ref<const std::string&>(), max_description)
                           : std::nullopt;
    if (!description)
        return reply(error_response(400, "bad_description",
                                    "description is a string of 1 to 100 characters"));
    std::vector<std::string> names;
    if (s == body.end() || !s->is_array() || s->size() > 8)
        return reply(error_response(400, "bad_scopes", "scopes is a list of scope names"));
    for (const auto& n : *s) {
        if (!n.is_string())
            return reply(error_response(400, "bad_scopes", "scopes is a list of scope names"));
        names.push_back(n.get<std::string>());
    }
    auto scopes = auth::parse_scopes(names);
    if (!scopes) return reply(error_response(400, "bad_scopes", scopes.reason()));
    auto* tokens = ctx.tokens;
    with_session_account(
        req, ctx,
        {[tokens, description = *description, scopes = scopes.value()](
             storage::player who, auth::scope_set, api_reply reply) {
             tokens->create(
                 who, description, scopes,
                 [reply = std::move(reply)](core::result<auth::new_api_token> t) {
                     if (!t && t.reason().starts_with("too many"))
                         return reply(error_response(409, "too_many_tokens", t.reason()));
                     if (!t) return reply(internal("token", t.reason()));
                     json j = token_json(t.value().row);
                     j["token"] = t.value().secret;  // the only time it is shown
                     reply(json_response(201, j));
                 });
         },
         std::move(reply)});
}

void list_tokens(const api_request& req, api_context& ctx, api_reply reply) {
    auto* tokens = ctx.tokens;
    with_session_account(req, ctx,
                         {[tokens](storage::player who, auth::scope_set, api_reply reply) {
                              tokens->list(
                                  who.id, [reply = std::move(reply)](
                                              core::result<std::vector<storage::api_token>> r) {
                                      if (!r) return reply(internal("tokens", r.reason()));
                                      json list = json::array();
                                      for (const auto& t : r.value()) list.push_back(token_json(t));
                                      reply(json_response(200, {{"tokens", std::move(list)}}));
                                  });
                          },
                          std::move(reply)});
}

void revoke_token(const api_request& req, std::string_view id_text, api_context& ctx,
                  api_reply reply) {
    std::int64_t id = 0;
    auto [end, ec] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), id);
    if (ec != std::errc() || end != id_text.data() + id_text.size() || id <= 0)
        return reply(error_response(400, "bad_token_id", "a token id is a positive number"));
    auto* tokens = ctx.tokens;
    with_session_account(
        req, ctx,
        {[tokens, id](storage::player who, auth::scope_set, api_reply reply) {
             tokens->revoke(who.id, id, [reply = std::move(reply)](core::result<bool> r) {
                 if (!r) return reply(internal("revoke", r.reason()));
                 if (!r.value())
                     return reply(
                         error_response(404, "no_such_token", "you have no token with that id"));
                 reply(json_response(200, {{"revoked", true}}));
             });
         },
         std::move(reply)});
}

void get_account(const api_request& req, api_context& ctx, api_reply reply) {
    with_token_scope(req, ctx, std::nullopt,
                     {[](storage::player who, auth::scope_set scopes, api_reply reply) {
                          json j = user_json(who);
                          j["bot"] = who.bot;
                          j["scopes"] = auth::scope_names(scopes);
                          reply(json_response(200, j));
                      },
                      std::move(reply)});
}

}  // namespace

bool is_token_route(const std::vector<std::string_view>& seg) {
    if (seg.empty()) return false;
    return seg[0] == "token" || seg[0] == "tokens" || seg[0] == "account" || seg[0] == "bots" ||
           (seg[0] == "bot" && seg.size() == 3 && seg[1] == "account" && seg[2] == "upgrade");
}

void token_routes(const api_request& req, const std::vector<std::string_view>& seg,
                  api_context& ctx, api_reply reply) {
    auto only = [&](std::string_view method) {
        if (req.method == method || (method == "GET" && req.method == "HEAD")) return true;
        auto allow = std::string(method) + (method == "GET" ? ", HEAD" : "");
        auto r = error_response(405, "method_not_allowed", "use " + allow);
        r.headers.emplace_back("Allow", allow);
        reply(std::move(r));
        return false;
    };
    if (!ctx.store || !ctx.accounts || !ctx.tokens || !ctx.token_store)
        return reply(error_response(503, "no_database",
                                    "tokens need the database, which this server runs without"));
    if (seg[0] == "token" && seg.size() == 1) {
        if (only("POST")) create_token(req, ctx, std::move(reply));
    } else if (seg[0] == "token" && seg.size() == 2) {
        if (only("DELETE")) revoke_token(req, seg[1], ctx, std::move(reply));
    } else if (seg[0] == "tokens" && seg.size() == 1) {
        if (only("GET")) list_tokens(req, ctx, std::move(reply));
    } else if (seg[0] == "account" && seg.size() == 1) {
        if (only("GET")) get_account(req, ctx, std::move(reply));
    } else if (seg[0] == "account" && seg.size() == 2 && seg[1] == "playing") {
        if (only("GET")) now_playing(req, ctx, std::move(reply));
    } else if (seg[0] == "account" && seg.size() == 2 && seg[1] == "language") {
        if (req.method == "POST" || only("GET")) language_pref(req, ctx, std::move(reply));
    } else if (seg[0] == "account" && seg.size() == 2 && seg[1] == "bot-challenges") {
        if (req.method == "POST" || only("GET")) bot_challenges_pref(req, ctx, std::move(reply));
    } else if (seg[0] == "bot") {
        if (only("POST")) upgrade_to_bot(req, ctx, std::move(reply));
    } else if (seg[0] == "bots" && seg.size() == 1) {
        if (only("GET")) list_bots(ctx, std::move(reply));
    } else {
        reply(error_response(404, "not_found", "no such API endpoint"));
    }
}

}  // namespace kibitz::server::api
