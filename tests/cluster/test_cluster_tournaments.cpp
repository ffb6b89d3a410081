// Tournaments across the nodes of a cluster (docs/cluster.md, "Tournaments"):
// the node that leads the lobby runs them; players on two other nodes join
// an arena and a Swiss event made on a third, play, and go on after the node
// running them is killed: the event finishes there with the standings every
// node gives alike, each result counted once, no game paired twice; and a
// leader paused past its lease writes nothing when it wakes (the store's fence).
#include "cluster_nodes.hpp"

using namespace kibitz::test;
using namespace kibitz::test::cluster;

namespace {

const std::vector<std::string> fast_events = {"--tournament-tick-ms",       "50",
                                              "--tournament-pair-delay-ms", "0",
                                              "--registrations-per-hour",   "100000"};

json tsend(const std::string& type, const std::string& id, int ack) {
    return {{"t", type}, {"d", {{"id", id}, {"ack", ack}}}};
}

// Sends `type` for event `id` until acknowledged: while the node that runs
// the events changes, a message may be answered "moving" or find no event yet.
void until_acked(ws_client& c, const std::string& type, const std::string& id) {
    static int ack = 1000;
    const int mine = ++ack;
    std::string last;  // the last refusal, for the failure's message
    INFO(type << " " << id << ": " << last);
    REQUIRE(eventually(
        [&] {
            c.send(tsend(type, id, mine));
            for (int i = 0; i < 20; ++i) {
                if (c.sees("ack", 100ms)) return true;
                if (c.sees("error", 0ms)) {
                    last = c.expect("error").dump();
                    return false;
                }
            }
            return false;
        },
        20000ms, 300ms));
    c.expect("ack");
}

struct seat_of {
    std::string room;
    ws_client* seat[2] = {};
};
// The next tournament game of `a` and `b` (each is sent game.found).
seat_of next_game(ws_client& a, ws_client& b) {
    seat_of g;
    for (auto* c : {&a, &b}) {
        auto f = c->expect(
            "game.found", [](const json& m) { return m["d"]["via"] == "tournament"; }, 20000ms);
        REQUIRE(f.is_object());
        g.room = f["d"]["room"];
        g.seat[f["d"]["seat"].get<int>()] = c;
    }
    REQUIRE((g.seat[0] && g.seat[1]));
    return g;
}

// Both seats move once (a resignation needs it; each move acknowledged, so stored).
void both_move(const seat_of& g) {
    for (int ply = 1; ply <= 2; ++ply) {
        auto& mover = *g.seat[ply - 1];
        auto state = join_when_owned(mover, g.room, 5000ms);
        REQUIRE(state.is_object());
        play_ply(mover, g.room, state["d"]["board"], ply, {g.seat[2 - ply]});
    }
}

// `c` resigns `room` (joining it again while it changes nodes).
void resign(ws_client& c, const std::string& room) {
    static int ack = 5000;
    std::string last;  // the last refusal, for the failure's message
    INFO("resign " << room << ": " << last);
    REQUIRE(eventually(
        [&] {
            join_when_owned(c, room, 10000ms);
            c.clear();
            c.send({{"t", "resign"}, {"d", {{"room", room}, {"ack", ++ack}}}});
            if (c.sees("end", 3000ms)) return true;
            if (c.sees("error", 0ms)) last = c.expect("error").dump();
            return false;
        },
        20000ms, 300ms));
}

// The event as node `port` gives it.
json event_at(std::uint16_t port, const std::string& id) {
    auto r = http_get(port, "/api/tournament/" + id);
    REQUIRE(r.status == 200);
    return json::parse(r.body);
}

}  // namespace

TEST_CASE(
    "cluster tournaments: an arena and a Swiss event go on when the node running them is killed") {
    cluster_env env("tourney");
    three_nodes nodes(env, "tour", fast_events);
    node_process* lead = nodes.lead;
    auto& x = *nodes.x;
    auto& y = *nodes.y;

    // Made on a node that does not run them.
    auto reg = http_post(x.port, "/api/register",
                         {{"username", "organizer"}, {"password", "long enough password"}});
    REQUIRE(reg.status == 200);
    const std::string token = json::parse(reg.body)["token"];
    auto make = [&](json body) {
        auto r = http_post(x.port, "/api/tournaments", body, token);
        REQUIRE(r.status == 201);
        return json::parse(r.body)["tournament"]["id"].get<std::string>();
    };
    const auto arena =
        make({{"name", "Cluster arena"}, {"game", "checkers"}, {"tc", tc(60, 0)}, {"minutes", 1}});
    const auto swiss = make({{"name", "Cluster Swiss"},
                             {"kind", "swiss"},
                             {"game", "checkers"},
                             {"tc", tc(60, 0)},
                             {"rounds", 1},  // two players meet once
                             {"interval_s", 0},
                             // Round 1 once both have joined (with fewer it would end at once).
                             {"starts_in_s", 6}});

    // One player of each event on each of the two nodes.
    ws_client a0(x.port), a1(y.port), s0(x.port), s1(y.port);
    std::map<ws_client*, std::string> names;  // a guest's id changes once stored, its name not
    for (auto* c : {&a0, &a1, &s0, &s1}) names[c] = c->hello()["user"]["name"];
    until_acked(a0, "tournament.join", arena);
    until_acked(a1, "tournament.join", arena);
    until_acked(s0, "tournament.join", swiss);
    until_acked(s1, "tournament.join", swiss);

    // The arena's first game: its first seat resigns. Then the arena's
    // second game and the Swiss round start on the node that runs them.
    std::map<ws_client*, int> arena_wins, swiss_wins;
    auto first = next_game(a0, a1);
    both_move(first);
    resign(*first.seat[0], first.room);
    ++arena_wins[first.seat[1]];
    auto second = next_game(a0, a1);
    auto round1 = next_game(s0, s1);
    both_move(second);  // stored, and resignable
    both_move(round1);

    // A line of the arena's chat, stored before the node dies.
    a0.send({{"t", "tournament.chat"}, {"d", {{"id", arena}, {"text", "good luck"}, {"ack", 61}}}});
    a0.expect(
        "ack", [](const json& m) { return m["d"]["ack"] == 61; }, 5000ms);
    REQUIRE(eventually(
        [&] {
            return env.admin->query("SELECT COUNT(*) FROM " + env.schema + ".tournament_chat")
                       .i64(0, 0) == 1;
        },
        5000ms, 50ms));

    lead->kill9();

    // Another node runs them: the arena's players pause (no third game) and
    // both second games are resigned by their second seat, in rooms taken over.
    until_acked(a0, "tournament.pause", arena);
    until_acked(a1, "tournament.pause", arena);
    resign(*second.seat[1], second.room);
    ++arena_wins[second.seat[0]];
    // The chat survives the change of node: a page opened now reads the line.
    CHECK(eventually(
        [&] {
            ws_client page(y.port);
            page.hello();
            page.send({{"t", "tournament.sub"}, {"d", {{"id", arena}}}});
            if (!page.sees("tournament.chat", 2000ms)) return false;
            auto said = page.expect("tournament.chat");
            return said["d"]["lines"].size() == 1 && said["d"]["lines"][0]["text"] == "good luck" &&
                   said["d"]["lines"][0]["from"] == names[&a0];
        },
        10000ms, 200ms));
    resign(*round1.seat[1], round1.room);
    ++swiss_wins[round1.seat[0]];

    // Both finish (the arena at its end, a minute after its start), alike on both nodes.
    for (const auto& id : {arena, swiss})
        REQUIRE(eventually(
            [&] {
                return event_at(x.port, id)["tournament"]["status"] == "finished" &&
                       event_at(y.port, id)["tournament"]["status"] == "finished";
            },
            90000ms, 500ms));
    auto score_of = [](const json& standings, const std::string& player) {
        for (const auto& s : standings)
            if (s["player"]["name"] == player) return s["score"].get<int>();
        FAIL("no standing for " << player);
        return -1;
    };
    for (const auto& [id, wins] : {std::pair{arena, &arena_wins}, std::pair{swiss, &swiss_wins}}) {
        const auto there = event_at(x.port, id);
        CHECK(there["standings"] == event_at(y.port, id)["standings"]);
        CAPTURE(there.dump());
        // An arena's win counts 2 (the second in a row too: the third would
        // count double); a Swiss win 1, in half points.
        for (auto& [c, n] : *wins) CHECK(score_of(there["standings"], names[c]) == 2 * n);
        // Each game paired once and its result stored once.
        auto pairings =
            env.admin->query("SELECT COUNT(*), COUNT(DISTINCT p.room), COUNT(p.result) FROM " +
                                 env.schema + ".tournament_pairings p JOIN " + env.schema +
                                 ".tournaments t ON t.id = p.tournament WHERE t.public_id = $1",
                             id);
        const int games = id == arena ? 2 : 1;
        CHECK(pairings.i64(0, 0) == games);
        CHECK(pairings.i64(0, 1) == games);
        CHECK(pairings.i64(0, 2) == games);
    }
}

TEST_CASE("cluster tournaments: a leader paused past its lease writes nothing when it wakes") {
    cluster_env env("tourstop");
    three_nodes nodes(env, "stop", fast_events);
    node_process* lead = nodes.lead;
    auto& x = *nodes.x;
    auto& y = *nodes.y;
    // A stopped process ignores SIGTERM: whatever happens, it runs again.
    struct resumed {
        pid_t pid;
        ~resumed() { ::kill(pid, SIGCONT); }
    } resume_at_exit{lead->pid};

    auto reg = http_post(x.port, "/api/register",
                         {{"username", "organizer"}, {"password", "long enough password"}});
    REQUIRE(reg.status == 200);
    const std::string token = json::parse(reg.body)["token"];
    auto made = http_post(
        x.port, "/api/tournaments",
        {{"name", "Paused leader"}, {"game", "checkers"}, {"tc", tc(60, 0)}, {"minutes", 10}},
        token);
    REQUIRE(made.status == 201);
    const std::string arena = json::parse(made.body)["tournament"]["id"];

    // `w` is connected to the leader, in the event but paused (never
    // paired); a0 and a1, on the other nodes, play.
    ws_client w(lead->port), a0(x.port), a1(y.port);
    std::map<ws_client*, std::string> names;
    for (auto* c : {&w, &a0, &a1}) names[c] = c->hello()["user"]["name"];
    until_acked(w, "tournament.join", arena);
    until_acked(w, "tournament.pause", arena);
    until_acked(a0, "tournament.join", arena);
    until_acked(a1, "tournament.join", arena);
    auto results_stored = [&] {
        return env.admin
            ->query("SELECT COUNT(p.result) FROM " + env.schema + ".tournament_pairings p JOIN " +
                        env.schema + ".tournaments t ON t.id = p.tournament WHERE t.public_id = $1",
                    arena)
            .i64(0, 0);
    };
    auto first = next_game(a0, a1);
    both_move(first);
    resign(*first.seat[0], first.room);
    // Stored (else the new leader would wait for the end of a game whose room
    // stalled with its node). The second game follows at once, on the leader.
    REQUIRE(eventually([&] { return results_stored() == 1; }, 10000ms, 50ms));
    auto second = next_game(a0, a1);
    both_move(second);

    // The leader stalls; another node takes the lead.
    REQUIRE(::kill(lead->pid, SIGSTOP) == 0);
    std::string next_leader;
    REQUIRE(eventually(
        [&] {
            next_leader = env.lobby_leader();
            return !next_leader.empty() && next_leader != lead->name;
        },
        20000ms, 50ms));
    // w withdraws through the stalled node. The second game ends in its room
    // taken over; the new leader scores it and pairs a0 and a1 again.
    w.clear();
    w.send(tsend("tournament.withdraw", arena, 77));
    resign(*second.seat[0], second.room);
    REQUIRE(eventually([&] { return results_stored() == 2; }, 10000ms, 50ms));
    next_game(a0, a1);
    // The old leader wakes up while Redis holds every client back (CLIENT
    // PAUSE): it still believes it leads, and writes the withdrawal before it
    // can hear otherwise. 800 ms: less than what is left of the new leader's
    // lease (1,500 ms, renewed every 500).
    redisContext* rc = env.redis_connect();
    auto* paused = static_cast<redisReply*>(redisCommand(rc, "CLIENT PAUSE 800 ALL"));
    REQUIRE((paused && paused->type == REDIS_REPLY_STATUS));
    freeReplyObject(paused);
    redisFree(rc);
    REQUIRE(::kill(lead->pid, SIGCONT) == 0);

    // The store refuses it: the old leader answers with the store's reason.
    auto answer = w.expect("error", {}, 10000ms);
    REQUIRE(answer.is_object());
    CAPTURE(answer.dump());
    CHECK(answer["d"]["code"] == "unavailable");
    CHECK(answer["d"]["message"].get<std::string>().find("led by another node") !=
          std::string::npos);
    // What the store holds is what the node running the event shows.
    auto stored_withdrawn = [&] {
        return env.admin
            ->query("SELECT e.withdrawn FROM " + env.schema + ".tournament_entries e JOIN " +
                        env.schema + ".tournaments t ON t.id = e.tournament JOIN " + env.schema +
                        ".players p ON p.id = e.player WHERE t.public_id = $1 AND p.name = $2",
                    arena, names[&w])
            .flag(0, 0);
    };
    // The running node's own standings (its memory, as a page sees them).
    auto shown_state = [&](std::uint16_t port) {
        ws_client page(port);
        page.hello();
        page.send({{"t", "tournament.sub"}, {"d", {{"id", arena}}}});
        auto st = page.expect("tournament.state", {}, 3000ms);
        if (st.is_object())
            for (const auto& s : st["d"]["standings"])
                if (s["player"]["name"] == names[&w]) return s["state"].get<std::string>();
        return std::string("none");
    };
    std::string shown;
    CHECK(eventually([&] { return (shown = shown_state(y.port)) == "paused"; }, 5000ms, 100ms));
    CHECK(shown == "paused");
    CHECK_FALSE(stored_withdrawn());

    // Both results count once, as the standings on every node say.
    std::map<std::string, int> wins;
    ++wins[names[first.seat[1]]];
    ++wins[names[second.seat[1]]];
    for (auto* port : {&x.port, &y.port, &lead->port})
        REQUIRE(eventually(
            [&] {
                // The event is held for the loop: a member of a temporary would dangle.
                const json event = event_at(*port, arena);
                for (const auto& s : event["standings"]) {
                    const std::string who = s["player"]["name"];
                    if (who == names[&w]) continue;
                    if (s["score"].get<int>() != 2 * wins[who]) return false;
                }
                return true;
            },
            10000ms, 200ms));
}
