// GET and POST /api/account/language (schema/protocol.md): the language an
// account reads the site in, kept so a new log-in on another device opens in
// it (issue 44, "Choosing the language").
#include <algorithm>

#include <spdlog/spdlog.h>

#include "api/api_internal.hpp"

namespace kibitz::server::api {

// GET answers {"language": "fr"} ("" when the account has not chosen);
// POST {"language": "fr"} sets it, "" goes back to the browser's choice.
void language_pref(const api_request& req, api_context& ctx, api_reply reply) {
    std::optional<std::string> set;
    if (req.method == "POST") {
        auto parsed = json_object_body(req);
        if (auto* r = std::get_if<api_response>(&parsed)) return reply(std::move(*r));
        const auto& body = std::get<json>(parsed);
        if (!body.contains("language") || !body["language"].is_string())
            return reply(error_response(400, "bad_request", "send {\"language\": \"fr\"}"));
        set = body["language"].get<std::string>();
        const auto& shipped = ctx.languages;
        if (!set->empty() && std::find(shipped.begin(), shipped.end(), *set) == shipped.end())
            return reply(error_response(400, "bad_language", "no such language on this site"));
    }
    auto* store = ctx.token_store;
    with_session_account(
        req, ctx,
        {[store, set](storage::player who, auth::scope_set, api_reply reply) {
             auto failed = [reply](const std::string& why) {
                 spdlog::error("api language: {}", why);
                 reply(error_response(500, "internal", "the language could not be kept"));
             };
             if (set)
                 return store->set_language(who.id, *set,
                                            [reply, failed, code = *set](core::result<bool> r) {
                                                if (!r) return failed(r.reason());
                                                reply(json_response(200, {{"language", code}}));
                                            });
             store->language(who.id, [reply, failed](core::result<std::string> r) {
                 if (!r) return failed(r.reason());
                 reply(json_response(200, {{"language", r.value()}}));
             });
         },
         std::move(reply)});
}

}  // namespace kibitz::server::api
