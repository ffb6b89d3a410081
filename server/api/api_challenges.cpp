// Challenges of the bot and board APIs (schema/bot_api.md, "Challenges"): an
// invite (protocol.md, "Private games") addressed to one account. Made here
// as the challenger, it is announced to that account's connections (its
// event streams and tabs: `challenge`) and to the account as a notification;
// the invite carries whom it is for, so that the lobby tells them of a cancel
// (`challenge.canceled`) wherever it is made and wherever they are. A decline may say why
// (lichess's reasons). A bot challenges a person only if that person takes bot challenges (stored,
// off by default). Runs where the token check answers (the store's threads);
// everything it calls posts or is thread-safe.
#include <spdlog/spdlog.h>

#include "api/bot_play_internal.hpp"
#include "auth/accounts.hpp"
#include "play/hub.hpp"
#include "play/notification_desk.hpp"
#include "play/stored_player.hpp"
#include "protocol/out_lobby.hpp"
#include "store/store.hpp"
#include "store/token_store.hpp"

namespace kibitz::server::api {

namespace {

// POST /api/challenge/{username} with {game, tc | days, rated, color, position}.
std::variant<client_msg, api_response> challenge_message(const api_request& req) {
    auto parsed = json_object_body(req);
    if (auto* r = std::get_if<api_response>(&parsed)) return std::move(*r);
    const auto& body = std::get<json>(parsed);
    // Untimed unless told; {"days": n} is the correspondence clock.
    json d = {{"tc", nullptr}};
    if (body.contains("days")) d["tc"] = {{"days", body["days"]}};
    for (const char* key : {"game", "tc", "rated", "color", "position"})
        if (body.contains(key)) d[key] = body[key];
    auto m = as_message("invite.create", std::move(d));
    // A challenge's game is public, as every game but a link's invite is: it
    // is watched, listed live and on both players' pages (a bot's games).
    if (auto* msg = std::get_if<client_msg>(&m))
        if (auto* s = std::get_if<seek_create_msg>(&msg->body)) s->public_game = true;
    return m;
}

// A decline's reason: {"reason": key} as JSON, or reason=key as a form
// (lichess's bots send a form); no body: generic. The codec checks the key.
std::optional<std::string> decline_reason(const api_request& req) {
    if (req.body.empty()) return "generic";
    if (is_json_type(req.content_type)) {
        auto j = json::parse(req.body, nullptr, false);
        if (!j.is_object()) return std::nullopt;
        auto it = j.find("reason");
        if (it == j.end()) return "generic";
        return it->is_string() ? std::optional(it->get<std::string>()) : std::nullopt;
    }
    auto v = query_param(req.body, "reason");
    return v ? std::string(*v) : "generic";
}

// `f` for every connection of the player `key`: this node's, and in a
// cluster the other nodes' (a bot's event stream may be on any of them).
void tell(const std::shared_ptr<hub>& h, const std::string& key,
          const std::shared_ptr<const std::string>& f) {
    for (const auto& [conn, p] : h->peers().of(key)) send_to(p, f);
    if (auto* c = h->deps().cluster_lobby) c->tell_player(key, f);
}

// Announces the new challenge `d` (invite.created's payload) to `them`.
api_response announce(const std::shared_ptr<hub>& h, const storage::player& them, const json& by,
                      const json& d) {
    challenge_msg m{invite_from_json(d), by};
    auto to = player_from_stored(them, "");
    auto f = encode(m);
    tell(h, to->key(), f);
    if (auto* n = h->deps().notifications)
        n->notify(to, "challenge",
                  {{"from", by.value("name", "")},
                   {"game", m.invite.game},
                   {"code", m.invite.code},
                   {"path", "#/invite/" + m.invite.code}});
    auto j = json::parse(*f);
    return json_response(201, {{"challenge", j["d"]}});
}

// Makes the challenge once the challenged account is known and may be asked.
void create(const std::shared_ptr<hub>& h, api_context& ctx, const storage::player& who,
            std::string target, client_msg m, api_reply reply) {
    auto* tokens = ctx.token_store;
    auto keep = std::make_shared<api_context>(ctx);  // the answer comes later, elsewhere
    auto found = [h, keep, tokens, who, m = std::move(m),
                  reply](core::result<std::optional<storage::account_login>> r) mutable {
        if (!r) {
            spdlog::error("api challenge: {}", r.reason());
            return reply(error_response(500, "internal", "the account could not be looked up"));
        }
        if (!r.value()) return reply(error_response(404, "unknown_user", "no such account"));
        const auto them = r.value()->who;
        if (them.id == who.id) return reply(error_response(400, "own_challenge", "that is you"));
        // A block either way: the same words whoever blocked (docs/safety.md, "Blocks").
        if (h->deps().blocks->apart(who.id, them.id))
            return reply(error_response(403, "blocked", "you cannot challenge this player"));
        auto by = player_from_stored(who, "")->public_json();
        if (auto* c = std::get_if<seek_create_msg>(&m.body))
            c->challenged = player_from_stored(them, "")->key();
        auto make = [h, keep, who, them, by, m = std::move(m), reply]() mutable {
            auto ok = [h, them, by](const json& d) { return announce(h, them, by, d); };
            send_as(h, *keep, who, std::move(m), "invite.created", std::move(ok), std::move(reply));
        };
        if (!who.bot || them.bot) return make();
        // People choose to meet bots: a bot asks only those who said yes.
        tokens->bot_challenges(
            them.id, [make = std::move(make), reply](core::result<bool> yes) mutable {
                if (!yes) {
                    spdlog::error("api challenge: {}", yes.reason());
                    return reply(error_response(500, "internal", "the account could not be read"));
                }
                if (!yes.value())
                    return reply(error_response(403, "not_accepting_bots",
                                                "this player takes no bot challenges"));
                make();
            });
    };
    ctx.store->find_login(std::move(target), std::move(found));
}

}  // namespace

void challenge_routes(const std::shared_ptr<hub>& h, api_context& ctx, const storage::player& who,
                      const std::vector<std::string>& seg, const api_request& req,
                      api_reply reply) {
    if (seg.size() == 2) {
        auto m = challenge_message(req);
        if (auto* r = std::get_if<api_response>(&m)) return reply(std::move(*r));
        if (seg[1].size() > 64)
            return reply(error_response(404, "unknown_user", "no such account"));
        if (!ctx.accounts)  // shutting down
            return reply(error_response(503, "shutting_down", "the server is stopping"));
        auto keep = std::make_shared<api_context>(ctx);
        return ctx.accounts->spend_challenge(
            who.id, seg[1],
            [h, keep, who, target = seg[1], m = std::get<client_msg>(std::move(m)),
             reply = std::move(reply)](std::int64_t wait) mutable {
                if (wait > 0)
                    return reply(error_response(429, "too_many_challenges",
                                                "too many challenges; try again in " +
                                                    std::to_string((wait + 999) / 1000) + " s"));
                create(h, *keep, who, std::move(target), std::move(m), std::move(reply));
            });
    }
    if (seg.size() != 3) return reply(error_response(404, "not_found", "no such challenge route"));
    const std::string& code = seg[1];
    std::variant<client_msg, api_response> m =
        error_response(404, "not_found", "a challenge is accepted, declined or cancelled");
    if (seg[2] == "accept") m = as_message("invite.accept", {{"code", code}});
    if (seg[2] == "cancel") m = as_message("invite.cancel", {{"code", code}});
    if (seg[2] == "decline") {
        auto reason = decline_reason(req);
        if (!reason) return reply(error_response(400, "bad_request", "send {\"reason\": key}"));
        m = as_message("invite.decline", {{"code", code}, {"reason", *reason}});
    }
    if (auto* r = std::get_if<api_response>(&m)) return reply(std::move(*r));
    // The lobby tells the other side (a cancel the account it was for, a
    // decline its maker), on every node.
    send_as(h, ctx, who, std::get<client_msg>(std::move(m)), "", ok_answer, std::move(reply));
}

}  // namespace kibitz::server::api
