// The bot API across the nodes of a cluster (docs/cluster.md, "Bots across
// nodes"; schema/bot_api.md): a bot's requests may land on any node. Its
// event stream on one node hears a challenge made on another, accepts it
// through a third, streams and plays a game hosted on the lobby's leader,
// and follows the room when its owner is killed with SIGKILL.
#include <sstream>

#include "cluster_game.hpp"
#include "line_stream.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;

namespace {

// Flags for every node: the test's own accounts and requests are never limited.
const std::vector<std::string> open_limits = {"--registrations-per-hour", "1000", "--token-rate",
                                              "100000"};

std::string session_of(std::uint16_t port, const std::string& name) {
    auto r = http_post(port, "/api/register", {{"username", name}, {"password", "correct horse"}});
    REQUIRE(r.status == 200);
    return json::parse(r.body)["token"];
}

// A bot account `name` made on `port`: its token (bot:play, challenge:write).
std::string bot_token(std::uint16_t port, const std::string& name) {
    auto session = session_of(port, name);
    auto r = http_post(
        port, "/api/token",
        {{"description", "t"}, {"scopes", json::array({"bot:play", "challenge:write"})}}, session);
    REQUIRE(r.status == 201);
    std::string token = json::parse(r.body)["token"];
    REQUIRE(http_post(port, "/api/bot/account/upgrade", json::object(), token).status == 200);
    return token;
}

// A person's token to challenge with and hear its answers (challenge:write).
std::string person_token(std::uint16_t port, const std::string& session) {
    auto r =
        http_post(port, "/api/token",
                  {{"description", "t"}, {"scopes", json::array({"challenge:write"})}}, session);
    REQUIRE(r.status == 201);
    return json::parse(r.body)["token"];
}

// A gauge of the node's /metrics; -1 when it has none.
long long gauge(std::uint16_t port, const std::string& name) {
    auto r = http_get(port, "/metrics");
    std::istringstream in(r.body);
    for (std::string line; std::getline(in, line);)
        if (line.starts_with(name + " ")) return std::stoll(line.substr(name.size() + 1));
    return -1;
}

// How many subscribers Redis has on `channel` (a dead node's: none, once
// Redis has seen its connection close).
long long subscribers(cluster_env& env, const std::string& channel) {
    redisContext* c = env.redis_connect();
    auto* r = static_cast<redisReply*>(redisCommand(c, "PUBSUB NUMSUB %s", channel.c_str()));
    long long n = -1;
    if (r && r->type == REDIS_REPLY_ARRAY && r->elements == 2) n = r->element[1]->integer;
    if (r) freeReplyObject(r);
    redisFree(c);
    return n;
}

// The game's state once it has `plies` moves (a gameFull's or a
// gameState's), or null after 10 s.
json state_with(line_stream& s, std::size_t plies) {
    for (int i = 0; i < 50; ++i) {
        auto l = s.next_line(std::chrono::seconds(10));
        if (!l) return nullptr;
        auto j = json::parse(*l, nullptr, false);
        if (!j.is_object()) continue;
        json st = j.value("type", "") == "gameFull" ? j["state"] : j;
        if (st.value("type", "") == "gameState" &&
            (st["moves"].size() >= plies || st["status"]["state"] != "playing"))
            return st;
    }
    return nullptr;
}

}  // namespace

TEST_CASE("cluster bots: challenged, accepted and played across three nodes, through a kill -9") {
    cluster_env env("bots");
    three_nodes nodes(env, "bots", open_limits);
    // B leads the lobby, so the games it starts live there; A and C do not.
    node_process *b = nodes.lead, *a = nodes.x, *c = nodes.y;

    const auto token = bot_token(a->port, "botty");
    const auto ada_session = session_of(b->port, "ada");
    line_stream events(a->port, "/api/stream/event", token);
    REQUIRE(events.status == 200);
    auto ada = std::make_unique<ws_client>(b->port);
    ada->hello(ada_session);

    // Made on B, heard on A, accepted through C.
    auto made = http_post(b->port, "/api/challenge/botty",
                          {{"game", "checkers"}, {"tc", nullptr}, {"rated", false}}, ada_session);
    REQUIRE(made.status == 201);
    auto ch = events.next("challenge", std::chrono::seconds(10));
    REQUIRE(ch.is_object());
    CHECK(ch["challenge"]["by"]["name"] == "ada");
    std::string id = ch["challenge"]["id"];
    REQUIRE(http_post(c->port, "/api/challenge/" + id + "/accept", json::object(), token).status ==
            200);
    auto started = events.next("gameStart", std::chrono::seconds(10));
    REQUIRE(started.is_object());
    const std::string room = started["game"]["id"];
    const int seat = started["game"]["seat"];
    REQUIRE(!ada->expect("game.found", {}, 5000ms).is_null());
    json board = ada->expect("room.state", {}, 5000ms)["d"]["board"];
    CHECK(env.lease_holder(room) == b->name);

    auto game = std::make_unique<line_stream>(a->port, "/api/bot/game/stream/" + room, token);
    REQUIRE(game->status == 200);
    auto full = game->next("gameFull", std::chrono::seconds(10));
    REQUIRE(full.is_object());
    CHECK(full["seat"] == seat);
    json now = full["state"];

    std::size_t ply = 0;
    int bot_moves = 0, ada_ack = 1;
    bool killed = false;
    while (now["status"]["state"] == "playing" && ply < 40) {
        if (now["turn"] == seat) {
            // Posted to A and C in turn; the room is on B (or, once B is
            // killed, wherever it was taken over).
            auto* via = bot_moves++ % 2 ? c : a;
            const std::string move =
                "/api/bot/game/" + room + "/move/" + now["legal"][0].get<std::string>();
            if (!killed && ply >= 6) {
                killed = true;
                const auto owner = "kibitz:node:" + env.redis_get("kibitz:room:" + room);
                b->kill9();
                REQUIRE(eventually([&] { return subscribers(env, owner) == 0; }, 5000ms, 10ms));
                auto r = http_post(via->port, move, json::object(), token);
                CHECK(r.status == 503);  // the owner is gone: nothing played, retry
                CHECK(json::parse(r.body, nullptr, false).value("error", "") == "room_moving");
                CHECK(r.retry_after == "1");
                // Taken over within about a lease and a half: 404 in the gap
                // between the lease running out and the takeover.
                CHECK(eventually(
                    [&] { return http_post(via->port, move, json::object(), token).status == 200; },
                    10000ms, 100ms));
                // The stream resumes with gameFull on its own, every move in
                // (the bot's too, if the room was back before the stream).
                auto again = game->next("gameFull", std::chrono::seconds(10));
                REQUIRE(again.is_object());
                CHECK(again["state"]["moves"].size() >= ply);
                now = again["state"]["moves"].size() > ply ? again["state"]
                                                           : state_with(*game, ply + 1);
                ada = std::make_unique<ws_client>(c->port);
                ada->hello(ada_session);
                auto st = join_when_owned(*ada, room, 10000ms);
                REQUIRE(!st.is_null());
                CHECK(st["d"]["moves"].size() == ply + 1);  // the bot's move acknowledged: in
                board = st["d"]["board"];
                ++ply;
                REQUIRE(now.is_object());
                REQUIRE(now["moves"].size() == ply);
                continue;
            } else {
                auto r = http_post(via->port, move, json::object(), token);
                REQUIRE_MESSAGE(r.status == 200, r.body);
                board = ada->expect("move", {}, 5000ms)["d"]["board"];
            }
        } else {
            ada->send({{"t", "move"},
                       {"d", {{"room", room}, {"move", first_move(board)}, {"ack", ada_ack}}}});
            REQUIRE(!answer(*ada, "ack", ada_ack++, 5000ms).is_null());
            board = ada->expect("move", {}, 5000ms)["d"]["board"];
        }
        now = state_with(*game, ++ply);
        REQUIRE(now.is_object());
        REQUIRE(now["moves"].size() == ply);
    }
    CHECK(killed);
    if (now["status"]["state"] == "playing")  // a long game: the bot resigns it, through C
        CHECK(
            http_post(c->port, "/api/bot/game/" + room + "/resign", json::object(), token).status ==
            200);
    auto finish = events.next("gameFinish", std::chrono::seconds(10));
    REQUIRE(finish.is_object());
    CHECK(finish["game"]["id"] == room);
    CHECK(env.stored_moves(room) == std::int64_t(ply));  // no acknowledged move lost
}

TEST_CASE("cluster bots: a challenge cancelled or declined on one node is heard on another") {
    cluster_env env("botch");
    three_nodes nodes(env, "botch", open_limits);
    node_process *b = nodes.lead, *a = nodes.x, *c = nodes.y;
    const auto bot = bot_token(a->port, "botty");
    const auto ada = person_token(b->port, session_of(b->port, "ada"));
    const json casual{{"game", "checkers"}, {"tc", nullptr}, {"rated", false}};
    auto challenge = [&](node_process& via) -> std::string {
        auto made = http_post(via.port, "/api/challenge/botty", casual, ada);
        REQUIRE(made.status == 201);
        return json::parse(made.body)["challenge"]["id"];
    };
    auto answer = [&](node_process& via, const std::string& id, const std::string& what,
                      const std::string& token, json body = json::object()) {
        return http_post(via.port, "/api/challenge/" + id + "/" + what, body, token).status;
    };

    {
        // No connection record is left by the challenges' one-shot connections: each node's records
        // of connections (its own and, at the leader, others'): the probe's alone, before and
        // after.
        auto records = [&] {
            return std::vector{gauge(nodes.n1.port, "kibitz_cluster_connection_records"),
                               gauge(nodes.n2.port, "kibitz_cluster_connection_records"),
                               gauge(nodes.n3.port, "kibitz_cluster_connection_records")};
        };
        const auto before = records();
        for (auto n : before) REQUIRE(n >= 0);
        // Made on A and cancelled through C; made on C and declined through
        // A; made on A and accepted through C (the game starts on B).
        CHECK(answer(*c, challenge(*a), "cancel", ada) == 200);
        CHECK(answer(*a, challenge(*c), "decline", bot) == 200);
        CHECK(answer(*c, challenge(*a), "accept", bot) == 200);
        CHECK(eventually([&] { return records() == before; }, 5000ms, 20ms));
    }

    {  // Cancelled through another node: the challenged bot's stream hears it.
        line_stream events(a->port, "/api/stream/event", bot);
        REQUIRE(events.status == 200);
        const auto id = challenge(*b);
        REQUIRE(events.next("challenge", std::chrono::seconds(10)).is_object());
        REQUIRE(answer(*c, id, "cancel", ada) == 200);
        auto gone = events.next("challengeCanceled", std::chrono::seconds(10));
        REQUIRE(gone.is_object());
        CHECK(gone["challenge"]["id"] == id);
    }

    {  // Declined through another node: the challenger's stream on a third hears it.
        line_stream mine(c->port, "/api/stream/event", ada);
        REQUIRE(mine.status == 200);
        const auto id = challenge(*a);
        REQUIRE(answer(*b, id, "decline", bot, {{"reason", "tooFast"}}) == 200);
        auto no = mine.next("challengeDeclined", std::chrono::seconds(10));
        REQUIRE(no.is_object());
        CHECK(no["challenge"]["code"] == id);
        CHECK(no["challenge"]["reason"] == "tooFast");
    }
}
