// The bot and board APIs over HTTP (issue 26, schema/bot_api.md): a bot on
// the streams and POSTs alone plays a WebSocket human, on real loopback
// sockets against a real SQLite file (api_fixture.hpp).
#include <doctest/doctest.h>

#include <fstream>
#include <set>

#include "api/line_feed.hpp"
#include "api_fixture.hpp"
#include "bot_cast.hpp"
#include "eventually.hpp"
#include "harness.hpp"
#include "kibitz/core/registry.hpp"
#include "line_stream.hpp"

using kibitz::test::eventually;
using kibitz::test::ws_client;

TEST_CASE("bot api: a bot on the HTTP streams alone plays a WebSocket human, every game id") {
    auto srv = fast_server();
    cast c(srv);
    line_stream events(srv.port, "/api/stream/event", c.bot_token);
    REQUIRE(events.status == 200);
    CHECK(events.chunked());
    CHECK(events.head().find("application/x-ndjson") != std::string::npos);

    for (const auto& info : kibitz::core::all_games()) {
        std::string game(info.id);
        INFO(game);
        auto [room, seat] = c.start(events, game);
        auto state = c.ada.expect("room.state");
        auto stream =
            std::make_unique<line_stream>(srv.port, "/api/bot/game/stream/" + room, c.bot_token);
        REQUIRE(stream->status == 200);
        auto full = stream->next("gameFull");
        REQUIRE(full.is_object());
        CHECK(full["seat"] == seat);
        CHECK(full["game"] == game);
        json now = full["state"];
        json board = state["d"]["board"];
        int ply = 0, ada_ack = 1;
        bool reconnected = false;
        while (now["status"]["state"] == "playing" && ply < 300) {
            if (now["legal"].empty()) {  // the move ended the game: its end follows
                now = stream->next("gameState");
                REQUIRE(now.is_object());
                continue;
            }
            if (now["turn"] == seat) {
                std::string mv = now["legal"][0];
                auto r =
                    post_as(srv, "/api/bot/game/" + room + "/move/" + encoded(mv), c.bot_token);
                REQUIRE(r.status == 200);
                auto ev = c.ada.expect("move");
                CHECK(ev["d"]["move"] == mv);
                board = ev["d"]["board"];
            } else {
                std::string mv = board["moves"][0]["text"];
                c.ada.send(
                    {{"t", "move"}, {"d", {{"room", room}, {"move", mv}, {"ack", ada_ack++}}}});
                board = c.ada.expect("move")["d"]["board"];
            }
            ++ply;
            if (ply == 4 && !reconnected) {  // the bot's network drops; it comes back
                reconnected = true;
                stream->drop();
                stream = std::make_unique<line_stream>(srv.port, "/api/bot/game/stream/" + room,
                                                       c.bot_token);
                auto again = stream->next("gameFull");
                REQUIRE(again.is_object());
                CHECK(again["state"]["moves"].size() == 4);
                now = again["state"];
                continue;
            }
            now = stream->next("gameState");
            REQUIRE(now.is_object());
            CHECK(now["moves"].size() == std::size_t(ply));
        }
        if (now["status"]["state"] == "playing") {  // a long game: the bot resigns it
            REQUIRE(post_as(srv, "/api/bot/game/" + room + "/resign", c.bot_token).status == 200);
            now = stream->next("gameState");
        }
        CHECK(now["status"]["state"] == "over");
        CHECK(eventually([&] { return stream->ended(); }));
        auto finished = events.next("gameFinish");
        REQUIRE(finished.is_object());
        CHECK(finished["game"]["id"] == room);
        c.ada.expect("end");
        c.ada.clear();
    }
}

TEST_CASE("bot api: an illegal move or one out of turn is a 400 with the reason; nothing changes") {
    auto srv = fast_server();
    cast c(srv);
    line_stream events(srv.port, "/api/stream/event", c.bot_token);
    auto [room, seat] = c.start(events, std::string(kibitz::core::all_games()[0].id));
    auto state = c.ada.expect("room.state");
    line_stream stream(srv.port, "/api/bot/game/stream/" + room, c.bot_token);
    auto full = stream.next("gameFull");
    REQUIRE(full.is_object());
    c.ada.clear();

    auto bad =
        post_as(srv, "/api/bot/game/" + room + "/move/" + encoded("not a move"), c.bot_token);
    CHECK(bad.status == 400);
    CHECK((bad.j()["error"] == "illegal" || bad.j()["error"] == "not_your_turn"));
    CHECK_FALSE(bad.j()["message"].get<std::string>().empty());
    if (full["state"]["turn"] != seat) {
        // The legal move of the other side is not the bot's to play either.
        std::string theirs = full["state"]["legal"][0];
        auto r = post_as(srv, "/api/bot/game/" + room + "/move/" + encoded(theirs), c.bot_token);
        CHECK(r.status == 400);
        CHECK(r.j()["error"] == "not_your_turn");
    }
    // Bytes that are not UTF-8, escaped or raw, are a bad request, never a 500
    // or a request left unanswered (security review F10).
    for (std::string not_text : {"%ff", "%c3%28", "%ed%a0%80", "\xff"}) {
        CAPTURE(not_text);
        auto r = post_as(srv, "/api/bot/game/" + room + "/move/" + not_text, c.bot_token);
        CHECK(r.status == 400);
    }
    CHECK_FALSE(c.ada.sees("move"));
    CHECK_FALSE(stream.next("gameState", std::chrono::milliseconds(300)).is_object());
    // A game that is not there, and an action that is not one.
    CHECK(post_as(srv, "/api/bot/game/nosuch/resign", c.bot_token).status == 404);
    CHECK(post_as(srv, "/api/bot/game/" + room + "/fly", c.bot_token).status == 404);
    CHECK(post_as(srv, "/api/bot/game/" + room + "/draw/maybe", c.bot_token).status == 404);
    // Chat reaches the human; the stream says it back as a chatLine.
    CHECK(post_as(srv, "/api/bot/game/" + room + "/chat", c.bot_token, json{{"text", "gl hf"}})
              .status == 200);
    CHECK(c.ada.expect("chat")["d"]["text"] == "gl hf");
    CHECK(stream.next("chatLine")["text"] == "gl hf");
    // Abort (before both have moved): the stream's last state, then its end.
    CHECK(post_as(srv, "/api/bot/game/" + room + "/abort", c.bot_token).status == 200);
    CHECK(stream.next("gameState")["status"]["state"] == "aborted");
    CHECK(eventually([&] { return stream.ended(); }));
}

TEST_CASE("bot api: unknown, revoked and wrong-scope tokens are refused; bots and people apart") {
    auto srv = fast_server();
    cast c(srv);
    line_stream unknown(srv.port, "/api/stream/event",
                        "kbt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    CHECK(unknown.status == 401);
    line_stream none(srv.port, "/api/stream/event", "");
    CHECK(none.status == 401);
    CHECK(get(srv.port, "/api/stream/event").status == 401);
    auto reader = token_of(srv, c.ada_session, {"preference:read"});
    line_stream weak(srv.port, "/api/stream/event", reader);
    CHECK(weak.status == 403);
    CHECK(weak.refusal()["error"] == "missing_scope");
    CHECK(post_as(srv, "/api/bot/game/r1/resign", reader).j()["error"] == "missing_scope");
    CHECK(post_as(srv, "/api/challenge/botty", reader, json{{"game", "x"}}).status == 403);
    // A person's token on a bot's route, a bot's on a person's.
    CHECK(post_as(srv, "/api/board/game/r1/resign", c.bot_token).j()["error"] == "missing_scope");
    auto both = token_of(srv, c.ada_session, {"bot:play", "board:play"});
    CHECK(post_as(srv, "/api/bot/game/r1/resign", both).j()["error"] == "not_a_bot");
    // A bot challenges only those who take bot challenges (people do not yet).
    const json any_game = {{"game", std::string(kibitz::core::all_games()[0].id)}};
    auto r = post_as(srv, "/api/challenge/ada", c.bot_token, any_game);
    CHECK(r.status == 403);
    CHECK(r.j()["error"] == "not_accepting_bots");
    CHECK(post_as(srv, "/api/challenge/nobody", c.ada_token, any_game).status == 404);
    CHECK(post_as(srv, "/api/challenge/botty", c.ada_token, json{{"game", "x"}}).status == 400);

    // Revoked: the next request is refused.
    auto made = post(srv.port, "/api/token", {{"description", "t"}, {"scopes", {"bot:play"}}},
                     bearer(c.ada_session));
    std::string secret = made.j()["token"];
    auto id = made.j()["id"].get<std::int64_t>();
    CHECK(line_stream(srv.port, "/api/stream/event", secret).status == 200);
    REQUIRE(call(srv.port, http::verb::delete_, "/api/token/" + std::to_string(id), std::nullopt,
                 bearer(c.ada_session))
                .status == 200);
    CHECK(line_stream(srv.port, "/api/stream/event", secret).status == 401);
}

TEST_CASE("bot api: streams are capped per account and in total; a closed one frees its place") {
    auto srv = fast_server();
    cast c(srv);
    srv.app->context().api.streams->set_limits(2, 3);
    auto one = std::make_unique<line_stream>(srv.port, "/api/stream/event", c.bot_token);
    line_stream two(srv.port, "/api/stream/event", c.bot_token);
    CHECK(one->status == 200);
    CHECK(two.status == 200);
    line_stream three(srv.port, "/api/stream/event", c.bot_token);
    CHECK(three.status == 429);
    CHECK(three.refusal()["error"] == "too_many_streams");
    line_stream adas(srv.port, "/api/stream/event", c.ada_token);  // another account: room
    CHECK(adas.status == 200);
    line_stream fourth(srv.port, "/api/stream/event", c.ada_token);  // the total is reached
    CHECK(fourth.status == 429);
    one->drop();
    CHECK(eventually([&] { return srv.app->context().api.streams->open() == 2; }));
    CHECK(line_stream(srv.port, "/api/stream/event", c.bot_token).status == 200);
}

TEST_CASE("bot api: streams from one address have a share of the total (review F7)") {
    auto srv = fast_server();
    cast c(srv);
    srv.app->context().api.streams->set_limits(16, 100, 2);
    line_stream bots(srv.port, "/api/stream/event", c.bot_token);
    line_stream adas(srv.port, "/api/stream/event", c.ada_token);
    CHECK(bots.status == 200);
    CHECK(adas.status == 200);
    // Another account from the same address: that address's share is taken.
    line_stream more(srv.port, "/api/stream/event", c.ada_token);
    CHECK(more.status == 429);
    CHECK(more.refusal()["error"] == "too_many_streams");
}

TEST_CASE("bot api: a stream with nothing but keep-alives for long is ended (review F7)") {
    auto srv = fast_server();
    srv.app->context().stream_keepalive = std::chrono::milliseconds(50);
    srv.app->context().stream_idle = std::chrono::milliseconds(400);
    cast c(srv);
    line_stream events(srv.port, "/api/stream/event", c.bot_token);
    REQUIRE(events.status == 200);
    CHECK(eventually([&] { return events.ended(); }, std::chrono::milliseconds(5000)));
    CHECK(eventually([&] { return srv.app->context().api.streams->open() == 0; }));
}

TEST_CASE("bot api: an idle stream sends an empty keep-alive line") {
    auto srv = fast_server();
    srv.app->context().stream_keepalive = std::chrono::milliseconds(100);
    cast c(srv);
    line_stream events(srv.port, "/api/stream/event", c.bot_token);
    REQUIRE(events.status == 200);
    auto l = events.next_line(std::chrono::seconds(3), true);
    REQUIRE(l.has_value());
    CHECK(l->empty());
}

namespace {

// The JSON examples of schema/bot_api.md, in order.
std::vector<json> bot_api_examples() {
    std::ifstream in(std::string(KIBITZ_SOURCE_DIR) + "/schema/bot_api.md");
    REQUIRE(in.good());
    std::vector<json> out;
    std::string line, block;
    bool inside = false;
    while (std::getline(in, line)) {
        if (line.rfind("```json", 0) == 0) {
            inside = true;
            block.clear();
        } else if (inside && line.rfind("```", 0) == 0) {
            inside = false;
            auto j = json::parse(block, nullptr, false);
            CHECK_MESSAGE(!j.is_discarded(), "example is not JSON: " << block);
            if (!j.is_discarded()) out.push_back(j);
        } else if (inside) {
            block += line + "\n";
        }
    }
    return out;
}

// The keys of an object and of the objects in it, as "a", "a.b", ...
std::set<std::string> shape(const json& j, const std::string& at = "") {
    std::set<std::string> keys;
    if (!j.is_object()) return keys;
    for (auto& [k, v] : j.items()) {
        if (k == "players" || k == "status" || k == "clocks" || k == "by") {
            keys.insert(at + k);  // protocol.md's shapes, tested there
            continue;
        }
        keys.insert(at + k);
        for (auto& sub : shape(v, at + k + ".")) keys.insert(sub);
    }
    return keys;
}

}  // namespace

TEST_CASE("bot api: every example in schema/bot_api.md has the shape of what the server sends") {
    auto srv = fast_server();
    cast c(srv);
    std::map<std::string, json> seen;  // a line of each type, or a reply
    line_stream events(srv.port, "/api/stream/event", c.bot_token);
    auto made = post_as(srv, "/api/challenge/botty", c.ada_token,
                        json{{"game", std::string(kibitz::core::all_games()[0].id)}});
    REQUIRE(made.status == 201);
    seen["reply:challenge"] = made.j();
    seen["challenge"] = events.next("challenge");
    std::string id = seen["challenge"]["challenge"]["id"];
    REQUIRE(post_as(srv, "/api/challenge/" + id + "/accept", c.bot_token).status == 200);
    seen["gameStart"] = events.next("gameStart");
    std::string room = seen["gameStart"]["game"]["id"];
    auto playing =
        call(srv.port, http::verb::get, "/api/account/playing", std::nullopt, bearer(c.bot_token));
    REQUIRE(playing.status == 200);
    seen["reply:playing"] = playing.j();
    CHECK(playing.j()["nowPlaying"] == json::array({{{"gameId", room}}}));
    line_stream game(srv.port, "/api/bot/game/stream/" + room, c.bot_token);
    seen["gameFull"] = game.next("gameFull");
    auto legal = seen["gameFull"]["state"]["legal"];
    if (seen["gameFull"]["state"]["turn"] != seen["gameFull"]["seat"]) {
        c.ada.send({{"t", "move"}, {"d", {{"room", room}, {"move", legal[0]}, {"ack", 1}}}});
        legal = game.next("gameState")["legal"];
    }
    auto bad = post_as(srv, "/api/bot/game/" + room + "/move/zz", c.bot_token);
    seen["reply:error"] = bad.j();
    REQUIRE(
        post_as(srv, "/api/bot/game/" + room + "/move/" + encoded(legal[0]), c.bot_token).status ==
        200);
    seen["gameState"] = game.next("gameState");
    c.ada.send({{"t", "chat"}, {"d", {{"room", room}, {"text", "good luck"}}}});
    seen["chatLine"] = game.next("chatLine");
    c.ada.drop();
    seen["opponentGone"] = game.next("opponentGone");
    CHECK(seen["opponentGone"]["gone"] == true);
    ws_client back(srv.port);
    back.hello(c.ada_session);
    back.send({{"t", "room.join"}, {"d", {{"room", room}}}});
    auto returned = game.next("opponentGone");
    CHECK(returned["gone"] == false);
    if (post_as(srv, "/api/bot/game/" + room + "/abort", c.bot_token).status != 200)  // both moved
        REQUIRE(post_as(srv, "/api/bot/game/" + room + "/resign", c.bot_token).status == 200);
    seen["gameFinish"] = events.next("gameFinish");
    // A bot's challenge to another bot, declined.
    auto other = session_of(srv, "botto");
    auto other_token = token_of(srv, other, {"bot:play"});
    REQUIRE(post_as(srv, "/api/bot/account/upgrade", other_token).status == 200);
    auto to_bot = post_as(srv, "/api/challenge/botto", c.bot_token,
                          json{{"game", std::string(kibitz::core::all_games()[0].id)}});
    REQUIRE(to_bot.status == 201);
    std::string code = to_bot.j()["challenge"]["id"];
    REQUIRE(post_as(srv, "/api/challenge/" + code + "/decline", other_token).status == 200);
    seen["challengeDeclined"] = events.next("challengeDeclined");
    // A challenge to the bot, cancelled by its maker.
    auto to_cancel = post_as(srv, "/api/challenge/botty", c.ada_token,
                             json{{"game", std::string(kibitz::core::all_games()[0].id)}});
    REQUIRE(to_cancel.status == 201);
    std::string cancel_id = to_cancel.j()["challenge"]["id"];
    REQUIRE(post_as(srv, "/api/challenge/" + cancel_id + "/cancel", c.ada_token).status == 200);
    seen["challengeCanceled"] = events.next("challengeCanceled");

    int checked = 0;
    for (const auto& example : bot_api_examples()) {
        std::string kind = example.contains("type")         ? example["type"].get<std::string>()
                           : example.contains("challenge")  ? "reply:challenge"
                           : example.contains("error")      ? "reply:error"
                           : example.contains("nowPlaying") ? "reply:playing"
                                                            : "";
        INFO(example.dump());
        REQUIRE(seen.count(kind));
        auto real = seen[kind];
        REQUIRE(real.is_object());
        if (kind == "opponentGone" && example["gone"] == false) real = returned;
        CHECK(shape(example) == shape(real));
        ++checked;
    }
    CHECK(checked == 13);  // every example was checked
}

TEST_CASE("bot api: a challenge cancelled by its maker is withdrawn on the event stream") {
    auto srv = fast_server();
    cast c(srv);
    line_stream events(srv.port, "/api/stream/event", c.bot_token);
    auto made = post_as(srv, "/api/challenge/botty", c.ada_token,
                        json{{"game", std::string(kibitz::core::all_games()[0].id)}});
    REQUIRE(made.status == 201);
    std::string id = made.j()["challenge"]["id"];
    REQUIRE(events.next("challenge").is_object());
    // Only its maker cancels it.
    CHECK(post_as(srv, "/api/challenge/" + id + "/cancel", c.bot_token).status == 404);
    REQUIRE(post_as(srv, "/api/challenge/" + id + "/cancel", c.ada_token).status == 200);
    auto gone = events.next("challengeCanceled");
    REQUIRE(gone.is_object());
    CHECK(gone["challenge"]["id"] == id);
    CHECK(gone["challenge"]["by"]["name"] == "ada");
    CHECK(post_as(srv, "/api/challenge/" + id + "/accept", c.bot_token).status == 404);
}

TEST_CASE("bot api: a decline says why, in lichess's words; an unknown reason is refused") {
    auto srv = fast_server();
    cast c(srv);
    line_stream events(srv.port, "/api/stream/event", c.bot_token);
    const json any_game = {{"game", std::string(kibitz::core::all_games()[0].id)}};
    auto made = post_as(srv, "/api/challenge/botty", c.ada_token, any_game);
    REQUIRE(made.status == 201);
    std::string id = made.j()["challenge"]["id"];
    auto bad =
        post_as(srv, "/api/challenge/" + id + "/decline", c.bot_token, json{{"reason", "tooUgly"}});
    CHECK(bad.status == 400);
    CHECK_FALSE(c.ada.sees("invite.declined"));
    REQUIRE(
        post_as(srv, "/api/challenge/" + id + "/decline", c.bot_token, json{{"reason", "tooFast"}})
            .status == 200);
    auto told = c.ada.expect("invite.declined");
    CHECK(told["d"]["code"] == id);
    CHECK(told["d"]["reason"] == "tooFast");
    // A form body, as lichess's bots send it; and no reason at all is generic.
    auto other = session_of(srv, "botto");
    auto other_token = token_of(srv, other, {"bot:play"});
    REQUIRE(post_as(srv, "/api/bot/account/upgrade", other_token).status == 200);
    for (std::string how : {"form", "none"}) {
        auto to_bot = post_as(srv, "/api/challenge/botto", c.bot_token, any_game);
        REQUIRE(to_bot.status == 201);
        std::string code = to_bot.j()["challenge"]["id"];
        auto target = "/api/challenge/" + code + "/decline";
        auto r = how == "form" ? call(srv.port, http::verb::post, target,
                                      std::optional<std::string>("reason=noBot"),
                                      {{"Authorization", "Bearer " + other_token},
                                       {"Content-Type", "application/x-www-form-urlencoded"}})
                               : post_as(srv, target, other_token);
        REQUIRE(r.status == 200);
        auto declined = events.next("challengeDeclined");
        REQUIRE(declined.is_object());
        CHECK(declined["challenge"]["code"] == code);
        CHECK(declined["challenge"]["reason"] == (how == "form" ? "noBot" : "generic"));
    }
}

TEST_CASE("bot api: a person who takes bot challenges is challenged, and notified") {
    auto srv = fast_server();
    cast c(srv);
    const json any_game = {{"game", std::string(kibitz::core::all_games()[0].id)}};
    auto pref = [&](std::optional<bool> set) {
        return set ? post(srv.port, "/api/account/bot-challenges", {{"accept", *set}},
                          bearer(c.ada_session))
                   : call(srv.port, http::verb::get, "/api/account/bot-challenges", std::nullopt,
                          bearer(c.ada_session));
    };
    CHECK(pref(std::nullopt).j()["accept"] == false);  // off until said
    CHECK(post_as(srv, "/api/challenge/ada", c.bot_token, any_game).status == 403);
    // An API token does not set it: the person does, logged in.
    CHECK(post_as(srv, "/api/account/bot-challenges", c.ada_token, json{{"accept", true}}).status ==
          403);
    REQUIRE(pref(true).status == 200);
    CHECK(pref(std::nullopt).j()["accept"] == true);
    auto made = post_as(srv, "/api/challenge/ada", c.bot_token, any_game);
    REQUIRE(made.status == 201);
    std::string id = made.j()["challenge"]["id"];
    auto ch = c.ada.expect("challenge");
    CHECK(ch["d"]["id"] == id);
    CHECK(ch["d"]["by"]["name"] == "botty");
    auto note =
        c.ada.expect("notification", [&](const json& f) { return f["d"]["kind"] == "challenge"; });
    CHECK(note["d"]["data"]["from"] == "botty");
    CHECK(note["d"]["data"]["code"] == id);
    REQUIRE(pref(false).status == 200);
    CHECK(post_as(srv, "/api/challenge/ada", c.bot_token, any_game).status == 403);
}
