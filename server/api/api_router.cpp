#include "api/api_router.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <memory>

#include <spdlog/spdlog.h>

#include "api/api_internal.hpp"
#include "domain/utf8.hpp"
#include "protocol/catalogue.hpp"
#include "protocol/percent_decode.hpp"
#include "protocol/server_msg.hpp"

namespace kibitz::server::api {

api_response ok_answer(const json&) { return json_response(200, {{"ok", true}}); }

api_response json_response(int status, const json& j) {
    api_response r;
    r.status = status;
    // Invalid UTF-8 from a stored name is replaced rather than thrown on.
    r.body = dump_json(j);
    return r;
}

api_response error_response(int status, std::string_view code, std::string_view message) {
    return json_response(status, {{"error", code}, {"message", message}});
}

api_response bad_request(std::string_view code, std::string_view message) {
    return error_response(400, code, message);
}

bool is_api_target(std::string_view target) {
    auto path = target.substr(0, target.find_first_of("?#"));
    return path == "/api" || path.starts_with("/api/");
}

std::optional<std::string_view> query_param(std::string_view query, std::string_view key) {
    while (!query.empty()) {
        auto amp = query.find('&');
        auto part = query.substr(0, amp);
        auto eq = part.find('=');
        if (part.substr(0, eq) == key) return eq == std::string_view::npos ? "" : part.substr(eq + 1);
        if (amp == std::string_view::npos) break;
        query.remove_prefix(amp + 1);
    }
    return std::nullopt;
}

std::optional<int> limit_param(std::string_view query, std::string_view key, int fallback, int max) {
    auto v = query_param(query, key);
    if (!v) return fallback;
    if (v->empty() || v->size() > 9) return std::nullopt;
    int n = 0;
    auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), n);
    if (ec != std::errc() || end != v->data() + v->size()) return std::nullopt;
    return std::clamp(n, 1, max);
}

bool is_json_type(std::string_view type) {
    auto media = type.substr(0, type.find(';'));
    while (!media.empty() && media.back() == ' ') media.remove_suffix(1);
    if (media.size() != 16) return false;
    for (std::size_t i = 0; i < media.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(media[i])) != "application/json"[i]) return false;
    return true;
}

std::variant<json, api_response> json_object_body(const api_request& req) {
    if (!is_json_type(req.content_type))
        return error_response(415, "unsupported_media_type",
                              "send the body as Content-Type: application/json");
    json body = json::parse(req.body, nullptr, false);
    if (body.is_discarded() || !body.is_object())
        return error_response(400, "bad_json", "the body is not a JSON object");
    return body;
}

namespace {

// Splits "/api/a/b" into {"a", "b"}; empty segments (a doubled slash) are kept
// so that "/api//players" does not quietly match "/api/players".
std::vector<std::string_view> segments(std::string_view path) {
    std::vector<std::string_view> out;
    path.remove_prefix(std::min<std::size_t>(path.size(), 5));  // "/api/"
    while (true) {
        auto slash = path.find('/');
        out.push_back(path.substr(0, slash));
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash + 1);
    }
    return out;
}

api_response method_not_allowed(std::string_view allow) {
    auto r = error_response(405, "method_not_allowed", std::string("use ") + std::string(allow));
    r.headers.emplace_back("Allow", std::string(allow));
    return r;
}

void route(api_request& req, api_context& ctx, api_reply& reply) {
    std::string_view target = req.target;
    // Raw bytes past ASCII in a path (Beast lets them through) reach names
    // and JSON: text that is not UTF-8 goes no further (review F10).
    if (!valid_utf8(target))
        return reply(error_response(400, "bad_request", "the request's path is not UTF-8"));
    auto qpos = target.find('?');
    std::string_view path = target.substr(0, std::min(qpos, target.find('#')));
    std::string_view query = qpos == std::string_view::npos ? "" : target.substr(qpos + 1);
    auto seg = segments(path);
    if (path == "/api" || path == "/api/") seg.clear();
    if (seg.empty()) return reply(error_response(404, "not_found", "no such API endpoint"));
    if (is_token_route(seg)) return token_routes(req, seg, ctx, std::move(reply));
    if (is_bot_play_route(seg)) return bot_play_routes(req, seg, ctx, std::move(reply));
    if (is_push_route(seg)) return push_routes(req, seg, ctx, std::move(reply));
    if (is_puzzle_route(seg)) return puzzle_routes(req, seg, ctx, std::move(reply));
    if (is_relation_route(seg)) return relation_routes(req, seg, ctx, std::move(reply));
    bool get = req.method == "GET" || req.method == "HEAD";
    bool post = req.method == "POST";

    const bool compose = seg.size() == 2 && seg[0] == "position" && seg[1] == "compose";
    if (compose || (seg.size() == 1 && (seg[0] == "register" || seg[0] == "login" ||
                                        seg[0] == "logout" || seg[0] == "position"))) {
        if (!post) return reply(method_not_allowed("POST"));
        auto parsed = json_object_body(req);
        if (auto* refused = std::get_if<api_response>(&parsed)) return reply(std::move(*refused));
        const json& body = std::get<json>(parsed);
        if (compose) return reply(post_compose(body));
        if (seg[0] == "position") return reply(post_position(body));
        if (!ctx.store || !ctx.accounts)
            return reply(error_response(503, "no_database", "accounts need the database, which this server runs without"));
        if (seg[0] == "register") return post_register(req, body, ctx, std::move(reply));
        if (seg[0] == "login") return post_login(req, body, ctx, std::move(reply));
        return post_logout(req, body, ctx, std::move(reply));
    }

    if (seg[0] == "learn" && seg.size() == 2 && seg[1] == "progress") {
        if (!get && !post) return reply(method_not_allowed("GET, HEAD, POST"));
        json body = json::object();
        if (post) {
            auto parsed = json_object_body(req);
            if (auto* refused = std::get_if<api_response>(&parsed))
                return reply(std::move(*refused));
            body = std::move(std::get<json>(parsed));
        }
        if (!ctx.store || !ctx.accounts)
            return reply(error_response(503, "no_database", "progress needs the database, which this server runs without"));
        return learn_progress(req, body, ctx, std::move(reply));
    }

    if (seg[0] == "tournaments" && seg.size() == 1) {
        if (!get && !post) return reply(method_not_allowed("GET, HEAD, POST"));
        if (!ctx.tournament_store || !ctx.tournaments || !ctx.accounts)
            return reply(
                error_response(503, "no_database",
                               "tournaments need the database, which this server runs without"));
        if (get) return get_tournaments(ctx, std::move(reply));
        auto parsed = json_object_body(req);
        if (auto* refused = std::get_if<api_response>(&parsed)) return reply(std::move(*refused));
        return post_tournament(req, std::get<json>(parsed), ctx, std::move(reply));
    }
    if (seg[0] == "tournament" && (seg.size() == 2 || (seg.size() == 3 && seg[2] == "games"))) {
        if (!get) return reply(method_not_allowed("GET, HEAD"));
        if (!ctx.tournament_store)
            return reply(
                error_response(503, "no_database",
                               "tournaments need the database, which this server runs without"));
        auto id = percent_decode(seg[1]);
        if (!id || id->empty() || id->size() > 64)
            return reply(error_response(400, "bad_id", "bad tournament id in the path"));
        return get_tournament(std::move(*id), seg.size() == 3, ctx, std::move(reply));
    }

    if (seg[0] == "games" && seg.size() == 2 && seg[1] == "your-turn") {
        if (!get) return reply(method_not_allowed("GET, HEAD"));
        if (!ctx.store || !ctx.accounts)
            return reply(error_response(503, "no_database",
                                        "games need the database, which this server runs without"));
        return get_your_turn(req, ctx, std::move(reply));
    }
    const bool player_puzzles = seg[0] == "players" && seg.size() == 3 && seg[2] == "puzzles";
    bool known = (seg[0] == "players" && seg.size() == 2) || player_puzzles ||
                 (seg[0] == "leaderboard" && seg.size() == 2) ||
                 (seg[0] == "games" && seg.size() >= 1 && seg.size() <= 3);
    if (!known) return reply(error_response(404, "not_found", "no such API endpoint"));
    if (!get) return reply(method_not_allowed("GET, HEAD"));
    // The game catalogue: the core's own list, no database needed. With
    // ?recent=N the same path lists recent games, as it did before.
    if (seg[0] == "games" && seg.size() == 1 && !query_param(query, "recent"))
        return reply(json_response(200, {{"games", catalogue_json()}}));
    if (!ctx.store)
        return reply(error_response(503, "no_database", "history needs the database, which this server runs without"));

    if (seg[0] == "players") {
        auto name = percent_decode(seg[1]);
        if (!name || name->empty()) return reply(error_response(400, "bad_name", "bad player name in the path"));
        if (player_puzzles) return get_player_puzzles(std::move(*name), ctx, std::move(reply));
        return get_player(std::move(*name), query, ctx, std::move(reply));
    }
    if (seg[0] == "leaderboard") {
        auto game = percent_decode(seg[1]);
        auto limit = limit_param(query, "limit", 50, 100);
        if (!limit) return reply(error_response(400, "bad_limit", "limit is a whole number"));
        if (!game) return reply(error_response(400, "bad_game", "bad game id in the path"));
        return get_leaderboard(std::move(*game), *limit, ctx, std::move(reply));
    }
    // games: /api/games?recent=N, /api/games/recent, /api/games/<id>, /api/games/<id>/export
    if (seg.size() == 1 || (seg.size() == 2 && seg[1] == "recent")) {
        auto limit = limit_param(query, seg.size() == 1 ? "recent" : "limit", 20, 100);
        if (!limit) return reply(error_response(400, "bad_limit", "the count is a whole number"));
        return get_recent(*limit, ctx, std::move(reply));
    }
    if (seg.size() == 3 && seg[2] != "export" && seg[2] != "analysis")
        return reply(error_response(404, "not_found", "no such API endpoint"));
    auto id = percent_decode(seg[1]);
    if (!id) return reply(error_response(400, "bad_game_id", "bad game id in the path"));
    if (seg.size() == 3 && seg[2] == "analysis") return get_analysis(std::move(*id), ctx, std::move(reply));
    return get_game(std::move(*id), seg.size() == 3, ctx, std::move(reply));
}

}  // namespace

void handle_api(api_request req, api_context& ctx, api_reply reply) {
    // Exactly one reply even if a route throws (JSON type errors, bad_alloc):
    // a throw before the route handed `reply` on answers 500 here.
    auto done = std::make_shared<std::atomic<bool>>(false);
    api_reply once = [done, reply = std::move(reply)](api_response r) {
        if (!done->exchange(true)) reply(std::move(r));
    };
    try {
        api_reply handed = once;  // routes move theirs on; `once` stays callable here
        route(req, ctx, handed);
    } catch (const std::exception& e) {
        spdlog::error("api {}: {}", req.target.substr(0, 200), e.what());
        once(error_response(500, "internal", "internal error"));
    }
}

}  // namespace kibitz::server::api
