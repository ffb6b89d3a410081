// Web Push's routes (docs/push.md, schema/protocol.md "Web Push"): the key a
// browser subscribes with, and an account's subscriptions, checked before
// they are kept (push/endpoint.hpp) and capped per account.
#include <spdlog/spdlog.h>

#include "api/api_internal.hpp"
#include "push/endpoint_vet.hpp"
#include "store/notification_store.hpp"

namespace kibitz::server::api {

namespace {
api_response unavailable() {
    return error_response(503, "no_push",
                          "Web Push needs the database, which this server runs without");
}
api_response internal(const std::string& why) {
    spdlog::error("api push: {}", why);
    return error_response(500, "internal", "the subscription could not be read or saved");
}

std::string string_at(const json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

void keep(push::checked_subscription sub, storage::player who, const push_api& push,
          wall_clock clock, api_reply reply);

void subscribe(const json& body, storage::player who, const push_api& push, wall_clock clock,
               api_reply reply) {
    const json keys =
        body.contains("keys") && body["keys"].is_object() ? body["keys"] : json::object();
    auto checked = push::check_subscription(string_at(body, "endpoint"), string_at(keys, "p256dh"),
                                            string_at(keys, "auth"), push.rules);
    if (auto* e = std::get_if<push::subscription_error>(&checked))
        return reply(error_response(400, e->code, e->message));
    auto sub = std::get<push::checked_subscription>(std::move(checked));
    auto url = push::parse_endpoint(sub.endpoint);
    if (push.rules.allows_private(url->host)) return keep(std::move(sub), who, push, clock, reply);
    // Where the name resolves now: a clear refusal for a private address. A
    // lookup that fails proves nothing either way (the service may be down):
    // the sender checks again before every connection.
    push::resolve_reachable(
        push.lookups, *url, false, std::chrono::seconds(3),
        [sub = std::move(sub), who, push, clock,
         reply = std::move(reply)](push::reachable r) mutable {
            auto* no = std::get_if<push::refused_address>(&r);
            if (no && !no->lookup_failed)
                return reply(error_response(400, "bad_endpoint",
                                            "endpoint must be on a push service's public address"));
            keep(std::move(sub), who, push, clock, std::move(reply));
        });
}

void keep(push::checked_subscription sub, storage::player who, const push_api& push,
          wall_clock clock, api_reply reply) {
    auto* store = push.store;
    const int cap = push.max_per_account;
    store->push_subscriptions_of(
        who.id, [store, cap, who = who.id, sub = std::move(sub), now = clock.now_ms(),
                 reply = std::move(reply)](
                    core::result<std::vector<storage::push_subscription>> r) mutable {
            if (!r) return reply(internal(r.reason()));
            bool again = false;
            for (const auto& s : r.value()) again = again || s.endpoint == sub.endpoint;
            // The same browser subscribing again replaces its row: no new place taken.
            if (!again && static_cast<int>(r.value().size()) >= cap)
                return reply(
                    error_response(409, "too_many_subscriptions",
                                   "an account has at most " + std::to_string(cap) +
                                       " push subscriptions: unsubscribe a browser first"));
            store->add_push_subscription(
                {0, who, sub.endpoint, sub.p256dh, sub.auth, now},
                [reply = std::move(reply)](core::result<storage::push_subscription> s) {
                    if (!s) return reply(internal(s.reason()));
                    reply(json_response(201, {{"subscribed", true}, {"id", s.value().id}}));
                });
        });
}

void unsubscribe(const json& body, storage::player who, const push_api& push, api_reply reply) {
    auto endpoint = string_at(body, "endpoint");
    if (endpoint.empty() || endpoint.size() > push.rules.max_endpoint)
        return reply(error_response(400, "bad_endpoint", "send the subscription's endpoint"));
    auto* store = push.store;
    // Only one's own: the store removes by endpoint, so the list is asked first.
    store->push_subscriptions_of(
        who.id, [store, endpoint, reply = std::move(reply)](
                    core::result<std::vector<storage::push_subscription>> r) mutable {
            if (!r) return reply(internal(r.reason()));
            bool mine = false;
            for (const auto& s : r.value()) mine = mine || s.endpoint == endpoint;
            if (!mine)
                return reply(error_response(404, "no_such_subscription",
                                            "you have no push subscription with that endpoint"));
            store->remove_push_subscription(endpoint,
                                            [reply = std::move(reply)](core::result<bool> g) {
                                                if (!g) return reply(internal(g.reason()));
                                                reply(json_response(200, {{"unsubscribed", true}}));
                                            });
        });
}
}  // namespace

bool is_push_route(const std::vector<std::string_view>& seg) {
    return seg.size() == 2 && seg[0] == "push";
}

void push_routes(const api_request& req, const std::vector<std::string_view>& seg, api_context& ctx,
                 api_reply reply) {
    const bool key = seg[1] == "key";
    if (!key && seg[1] != "subscribe" && seg[1] != "unsubscribe")
        return reply(error_response(404, "not_found", "no such API endpoint"));
    if (key && req.method != "GET" && req.method != "HEAD") {
        auto r = error_response(405, "method_not_allowed", "use GET, HEAD");
        r.headers.emplace_back("Allow", "GET, HEAD");
        return reply(std::move(r));
    }
    if (!key && req.method != "POST") {
        auto r = error_response(405, "method_not_allowed", "use POST");
        r.headers.emplace_back("Allow", "POST");
        return reply(std::move(r));
    }
    if (!ctx.push.store || ctx.push.public_key.empty() || !ctx.store || !ctx.accounts)
        return reply(unavailable());
    if (key) return reply(json_response(200, {{"key", ctx.push.public_key}}));
    auto parsed = json_object_body(req);
    if (auto* refused = std::get_if<api_response>(&parsed)) return reply(std::move(*refused));
    with_session_account(
        req, ctx,
        {[push = ctx.push, clock = ctx.clock, body = std::move(std::get<json>(parsed)),
          sub = seg[1] == "subscribe"](storage::player who, auth::scope_set, api_reply reply) {
             if (sub) return subscribe(body, std::move(who), push, clock, std::move(reply));
             unsubscribe(body, std::move(who), push, std::move(reply));
         },
         std::move(reply)});
}

}  // namespace kibitz::server::api
