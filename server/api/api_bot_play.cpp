// The bot and board APIs (schema/bot_api.md, issue 26): a program with a
// personal API token plays its account's games over HTTP. Streams are feeds
// (bot_feeds.hpp) the HTTP layer keeps open; actions are the WebSocket's own
// client messages, checked by the same codec, sent to the same rooms and
// lobby, and answered through a one-shot peer (answer_peer.hpp). The routes
// run on the token check's thread (the store's); everything they call posts.
#include <spdlog/spdlog.h>

#include "api/bot_feeds.hpp"
#include "api/bot_play_internal.hpp"
#include "auth/api_tokens.hpp"
#include "play/hub.hpp"
#include "play/lobby/lobby.hpp"
#include "play/lobby/lobby_dispatch.hpp"
#include "play/room/room.hpp"
#include "play/stored_player.hpp"
#include "protocol/codec.hpp"
#include "protocol/percent_decode.hpp"
#include "store/store.hpp"

namespace kibitz::server::api {

namespace {

using seg_list = std::vector<std::string_view>;

api_response refused(int status, std::string_view code, std::string_view message) {
    return error_response(status, code, message);
}

// `/bot/...` is a bot account's and needs bot:play; `/board/...` a person's
// own games with board:play. Empty: who may go on.
std::optional<api_response> kind_refusal(bool bot_route, const storage::player& who) {
    if (bot_route && !who.bot)
        return refused(403, "not_a_bot", "this is a bot's route: upgrade the account first");
    if (!bot_route && who.bot)
        return refused(403, "bot_account", "a bot plays through /api/bot/, not /api/board/");
    return std::nullopt;
}

}  // namespace

std::variant<client_msg, api_response> as_message(std::string_view t, json d) {
    d["ack"] = 1;  // the answer to wait for (answer_peer)
    json frame = {{"t", t}, {"d", std::move(d)}};
    auto decoded = decode_client(frame.dump());
    if (auto* bad = std::get_if<decode_failure>(&decoded))
        return refused(400, bad->error.code, bad->error.message);
    return std::get<client_msg>(std::move(decoded));
}

void send_as(const std::shared_ptr<hub>& h, api_context& ctx, const storage::player& who,
             client_msg m, std::string answer, answer_peer::make_ok ok, api_reply reply) {
    auto p = player_from_stored(who, "");
    auto conn = ctx.next_conn->fetch_add(1);
    auto* c = std::get_if<room_cmd_msg>(&m.body);
    if (c && h->rooms().elsewhere().spans_nodes()) {
        // A room elsewhere keeps this one-shot connection as a proxy (its
        // answer comes back through it): let it go once answered.
        reply = [h, conn, room = c->room, reply = std::move(reply)](api_response r) {
            reply(std::move(r));
            h->rooms().elsewhere().leave(room, conn, true);
        };
    } else if (auto* lobby = h->deps().cluster_lobby; !c && lobby) {
        // The node keeps a record of the connection for the lobby's leader
        // (what it waits on there): let it go once answered, likewise.
        reply = [lobby, p, conn, reply = std::move(reply)](api_response r) {
            reply(std::move(r));
            lobby->lobby_answered(p, conn);
        };
    }
    auto self = answer_peer::make(h->rooms().executor(), conn, std::move(answer), std::move(ok),
                                  std::move(reply));
    peer_ref ref = self;
    if (c) {
        // In memory, or a correspondence game loaded for it first.
        auto open = [p, ref, conn, cmd = *c, ack = m.ack, type = m.type,
                     self](const std::shared_ptr<room>& r) {
            if (r) return r->command(p, ref, conn, cmd, ack, type);
            self->send(error_frame({"unavailable", "the game could not be loaded"}, type, ack));
        };
        if (h->rooms().open(c->room, std::move(open))) return;
        // On another node of a cluster, which applies it and answers (a
        // single node answers unknown_room at once).
        return h->rooms().elsewhere().command(p, ref, conn, *c, m.ack, m.type);
    }
    if (auto* c = h->deps().cluster_lobby) return c->lobby_message(p, ref, conn, m);
    dispatch_lobby(*h, p, ref, conn, m);
}

namespace {

// POST /api/{bot|board}/game/{id}/{action}[/{arg}]: the WebSocket's room command.
std::variant<client_msg, api_response> game_action(const seg_list& seg, const api_request& req) {
    std::string room(seg[2]);
    auto action = seg[3];
    auto arg = seg.size() == 5 ? percent_decode(seg[4]) : std::optional<std::string>("");
    if (!arg) return refused(400, "bad_request", "the path is not valid percent-encoding");
    auto yes_no = [&](std::string_view yes, std::string_view no) -> std::string_view {
        return *arg == "yes" ? yes : *arg == "no" ? no : "";
    };
    std::string_view type;
    json d = {{"room", room}};
    if (action == "move" && seg.size() == 5) {
        type = "move";
        d["move"] = *arg;
    } else if ((action == "abort" || action == "resign") && seg.size() == 4) {
        type = action;
    } else if (action == "draw" && seg.size() == 5) {
        type = yes_no("draw.offer", "draw.decline");  // yes to an open offer accepts it
    } else if (action == "takeback" && seg.size() == 5) {
        type = yes_no("takeback.offer", "takeback.decline");
    } else if (action == "chat" && seg.size() == 4) {
        auto parsed = json_object_body(req);
        if (auto* r = std::get_if<api_response>(&parsed)) return std::move(*r);
        const auto& body = std::get<json>(parsed);
        if (!body.contains("text")) return refused(400, "bad_request", "send {\"text\": ...}");
        type = "chat";
        d["text"] = body["text"];
    }
    if (type.empty()) return refused(404, "not_found", "no such game action");
    return as_message(type, std::move(d));
}

}  // namespace

bool is_bot_play_route(const seg_list& seg) {
    if (seg.size() == 2 && seg[0] == "stream" && seg[1] == "event") return true;
    if (seg.size() >= 2 && seg[0] == "challenge") return true;
    return seg.size() >= 4 && (seg[0] == "bot" || seg[0] == "board") && seg[1] == "game";
}

void bot_play_routes(const api_request& req, const seg_list& seg, api_context& ctx,
                     api_reply reply) {
    auto h = ctx.play.lock();
    if (!ctx.tokens || !h || !ctx.next_conn || !ctx.streams)
        return reply(refused(503, "no_database", "the bot API needs the server's database"));
    const bool get = req.method == "GET", post = req.method == "POST";
    const bool stream = seg[0] == "stream" || (seg.size() == 4 && seg[2] == "stream");
    if (stream != get || (!stream && !post)) {
        auto r = refused(405, "method_not_allowed", stream ? "use GET" : "use POST");
        r.headers.emplace_back("Allow", stream ? "GET" : "POST");
        return reply(std::move(r));
    }
    const bool bot_route = seg[0] == "bot";
    std::optional<auth::api_scope> need;
    if (seg[0] == "challenge" && seg.size() == 2) need = auth::api_scope::challenge_write;
    else if (seg[0] != "stream" && seg[0] != "challenge")
        need = bot_route ? auth::api_scope::bot_play : auth::api_scope::board_play;

    // What the rest needs, as it is now: the answer comes on the store's
    // thread, perhaps after a shutdown has emptied `ctx` (app's destructor).
    auto now = std::make_shared<api_context>(ctx);
    auto then = [now, h, req, seg = std::vector<std::string>(seg.begin(), seg.end()), bot_route](
                    storage::player who, auth::scope_set scopes, api_reply reply) {
        api_context& ctx = *now;
        seg_list s(seg.begin(), seg.end());
        // The event stream and a challenge's answers: any token that plays or challenges.
        if (!scopes.has(auth::api_scope::bot_play) && !scopes.has(auth::api_scope::board_play) &&
            !scopes.has(auth::api_scope::challenge_write))
            return reply(refused(403, "missing_scope",
                                 "this needs bot:play, board:play or challenge:write"));
        if (s[0] == "stream") {
            auto slot = ctx.streams->take(who.id, req.address);
            if (!slot) return reply(refused(429, "too_many_streams", "too many open streams"));
            api_response r;
            r.content_type = "application/x-ndjson";
            r.feed = make_event_feed(h, player_from_stored(who, ""), std::move(slot));
            return reply(std::move(r));
        }
        if (s[0] != "challenge")
            if (auto no = kind_refusal(bot_route, who)) return reply(std::move(*no));
        if (s.size() == 4 && s[2] == "stream") {
            std::string room(s[3]);
            auto p = player_from_stored(who, "");
            auto mine = h->rooms().rooms_of(p->key());  // here and on other nodes
            const bool here = h->rooms().open(room, [](const std::shared_ptr<class room>&) {});
            if (std::find(mine.begin(), mine.end(), room) == mine.end() ||
                (!here && !h->rooms().elsewhere().spans_nodes()))
                return reply(refused(404, "unknown_room", "no game of yours in play here"));
            auto slot = ctx.streams->take(who.id, req.address);
            if (!slot) return reply(refused(429, "too_many_streams", "too many open streams"));
            api_response r;
            r.content_type = "application/x-ndjson";
            r.feed = make_game_feed(h, std::move(p), std::move(room), std::move(slot));
            return reply(std::move(r));
        }
        if (s[0] == "challenge") return challenge_routes(h, ctx, who, seg, req, std::move(reply));
        auto m = game_action(s, req);
        if (auto* r = std::get_if<api_response>(&m)) return reply(std::move(*r));
        auto& msg = std::get<client_msg>(m);
        send_as(h, ctx, who, std::move(msg), "", ok_answer, std::move(reply));
    };
    // A person on the web page challenges (a bot, from its profile) with the
    // page's session, as the WebSocket's invites are made: no token needed.
    const auto token = bearer(req.authorization);
    if (seg[0] == "challenge" && !token.empty() && !auth::api_tokens::is_api_token(token)) {
        auto as_page = [now, h, req, seg = std::vector<std::string>(seg.begin(), seg.end())](
                           storage::player who, auth::scope_set, api_reply reply) {
            challenge_routes(h, *now, who, seg, req, std::move(reply));
        };
        return with_session_player(req, ctx, {std::move(as_page), std::move(reply)});
    }
    with_token_scope(req, ctx, need, {std::move(then), std::move(reply)});
}

}  // namespace kibitz::server::api
