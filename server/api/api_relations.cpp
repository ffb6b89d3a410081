// Blocks and reports (issue 43; schema/protocol.md "Blocks and reports",
// docs/safety.md): POST /api/rel/block/{name}, POST /api/rel/unblock/{name},
// GET /api/rel/blocks and POST /api/report, each with a logged-in account's
// session. Nothing here tells anyone who blocked or reported them.
#include "api/api_internal.hpp"
#include "auth/username.hpp"
#include "relation/blocks.hpp"
#include "report/reports.hpp"

namespace kibitz::server::api {

namespace {

api_response no_relations() {
    return error_response(503, "no_database",
                          "blocks and reports need the database, which this server runs without");
}

api_response method_not_allowed(const char* allow) {
    auto r = error_response(405, "method_not_allowed", std::string("use ") + allow);
    r.headers.emplace_back("Allow", allow);
    return r;
}

api_response change_refused(const relation::block_change& c) {
    if (c.error == "too_many_changes") {
        auto seconds = std::to_string((c.wait_ms + 999) / 1000);
        auto r =
            error_response(429, c.error, "too many block changes; try again in " + seconds + " s");
        r.headers.emplace_back("Retry-After", seconds);
        return r;
    }
    if (c.error == "unknown_user") return error_response(404, c.error, "no such account");
    if (c.error == "own_block") return error_response(400, c.error, "you cannot block yourself");
    if (c.error == "too_many_blocks")
        return error_response(400, c.error,
                              "you block as many players as you may: unblock one first");
    return error_response(500, "internal", "the block could not be changed");
}

void change_block(bool block, std::string name, api_context& ctx, const api_request& req,
                  api_reply reply) {
    // A name no account can have is no account (usernames are checked at sign-up).
    if (!auth::validate_username(name))
        return reply(error_response(404, "unknown_user", "no such account"));
    auto* blocks = ctx.blocks;
    with_session_account(req, ctx,
                         {[blocks, block, name = std::move(name)](
                              storage::player who, auth::scope_set, api_reply reply) mutable {
                              auto answer = [reply, block](relation::block_change c) {
                                  if (!c.error.empty()) return reply(change_refused(c));
                                  json j = {{"blocked", block}};
                                  if (!c.who.name.empty()) j["name"] = c.who.name;
                                  reply(json_response(200, j));
                              };
                              if (block) blocks->block(who.id, std::move(name), std::move(answer));
                              else blocks->unblock(who.id, std::move(name), std::move(answer));
                          },
                          std::move(reply)});
}

void list_blocks(api_context& ctx, const api_request& req, api_reply reply) {
    auto* blocks = ctx.blocks;
    with_session_account(
        req, ctx,
        {[blocks](storage::player who, auth::scope_set, api_reply reply) {
             blocks->list(who.id, answer<std::vector<storage::player>>(
                                      reply, "blocks", [](const std::vector<storage::player>& ps) {
                                          json names = json::array();
                                          for (const auto& p : ps) names.push_back(p.name);
                                          return json_response(200, {{"blocks", names}});
                                      }));
         },
         std::move(reply)});
}

std::string text_at(const json& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

void post_report(api_context& ctx, const api_request& req, api_reply reply) {
    auto parsed = json_object_body(req);
    if (auto* r = std::get_if<api_response>(&parsed)) return reply(std::move(*r));
    const auto& body = std::get<json>(parsed);
    report::report_request r{0, text_at(body, "player"), text_at(body, "reason"),
                             text_at(body, "text"), text_at(body, "game")};
    if (body.contains("text") && !body["text"].is_string() && !body["text"].is_null())
        return reply(bad_request("bad_text", "text is a string of at most 500 characters"));
    auto* reports = ctx.reports;
    with_session_account(
        req, ctx,
        {[reports, r = std::move(r)](storage::player who, auth::scope_set,
                                     api_reply reply) mutable {
             r.reporter = who.id;
             reports->file(std::move(r), [reply](report::report_result res) {
                 if (res.error.empty())
                     return reply(json_response(res.stored ? 201 : 200, {{"ok", true}}));
                 if (res.error == "bad_reason")
                     return reply(bad_request(res.error, "reason is cheat, chat, stall or other"));
                 if (res.error == "bad_text")
                     return reply(
                         bad_request(res.error, "text is a string of at most 500 characters"));
                 if (res.error == "unknown_user")
                     return reply(error_response(404, res.error, "no such player"));
                 if (res.error == "own_report")
                     return reply(bad_request(res.error, "you cannot report yourself"));
                 if (res.error == "too_many_reports")
                     return reply(error_response(429, res.error,
                                                 "you have sent as many reports as you may today"));
                 reply(error_response(500, "internal", "the report could not be kept"));
             });
         },
         std::move(reply)});
}

}  // namespace

bool is_relation_route(const std::vector<std::string_view>& seg) {
    return (seg.size() == 1 && seg[0] == "report") || (seg.size() >= 2 && seg[0] == "rel");
}

void relation_routes(const api_request& req, const std::vector<std::string_view>& seg,
                     api_context& ctx, api_reply reply) {
    const bool post = req.method == "POST";
    const bool get = req.method == "GET" || req.method == "HEAD";
    if (seg[0] == "report") {
        if (!post) return reply(method_not_allowed("POST"));
        if (!ctx.reports) return reply(no_relations());
        return post_report(ctx, req, std::move(reply));
    }
    if (seg.size() == 2 && seg[1] == "blocks") {
        if (!get) return reply(method_not_allowed("GET, HEAD"));
        if (!ctx.blocks) return reply(no_relations());
        return list_blocks(ctx, req, std::move(reply));
    }
    if (seg.size() == 3 && (seg[1] == "block" || seg[1] == "unblock")) {
        if (!post) return reply(method_not_allowed("POST"));
        if (!ctx.blocks) return reply(no_relations());
        return change_block(seg[1] == "block", std::string(seg[2]), ctx, req, std::move(reply));
    }
    reply(error_response(404, "not_found", "no such API endpoint"));
}

}  // namespace kibitz::server::api
