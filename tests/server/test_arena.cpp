// Arenas over real sockets (tournament/arena_service.hpp): created over the
// HTTP API by an account, joined by WebSocket clients, paired in waves, games
// played to their end, standings checked against the games (scored again here
// with tourcore's arena_scoring), and the end of the event.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "child_server.hpp"
#include "domain/wall_clock.hpp"
#include "helpers.hpp"
#include "store_helpers.hpp"
#include "tournament/arena_scoring.hpp"
#include "tournament_play.hpp"

using namespace kibitz;
using namespace kibitz::test;
namespace tour = kibitz::server::tournament;

namespace {

struct game_seen {
    std::string room;
    std::array<std::string, 2> seats;  // player ids
    int winner = -1;                   // -1: a draw
    int plies = 0;
};

// Plays the game in `room` between seat 0 and seat 1 to its end: `plies`
// moves, then seat 1 resigns (seat 0 wins), or with `draw` they agree a draw.
game_seen play_out(const std::string& room, entrant& s0, entrant& s1, int plies, bool draw) {
    game_seen g;
    g.room = room;
    g.seats = {s0.id, s1.id};
    auto in_room = [&](const json& m) { return m["d"]["room"] == room; };
    g.plies = play_moves(room, s0, s1, plies);
    if (draw) {
        s0.ws->send(room_msg("draw.offer", room));
        s1.ws->expect("offer", in_room);
        s1.ws->send(room_msg("draw.accept", room));
    } else {
        s1.ws->send(room_msg("resign", room));
        g.winner = 0;
    }
    s0.ws->expect("end", in_room);
    s1.ws->expect("end", in_room);
    return g;
}

// The pairings of one wave, as the clients were shown them: room -> the
// entrants at seat 0 and seat 1.
std::map<std::string, std::array<entrant*, 2>> wave_of(std::vector<entrant>& es) {
    std::map<std::string, std::array<entrant*, 2>> out;
    for (auto& e : es) {
        auto f = e.ws->expect(
            "game.found", [&](const json& m) { return m["d"]["via"] == "tournament"; }, 5000ms);
        REQUIRE(f.is_object());
        out[f["d"]["room"]][f["d"]["seat"].get<int>()] = &e;
    }
    return out;
}

// Each player's sheet from the games played, scored as the arena must.
std::map<std::string, int> scores_of(const std::vector<game_seen>& games) {
    std::map<std::string, std::vector<tour::arena_game>> sheets;
    for (const auto& g : games)
        for (int s = 0; s < 2; ++s) {
            tour::arena_game ag;
            ag.result = g.winner < 0    ? tour::outcome::draw
                        : g.winner == s ? tour::outcome::win
                                        : tour::outcome::loss;
            ag.plies = g.plies;
            sheets[g.seats[s]].push_back(ag);
        }
    std::map<std::string, int> out;
    for (const auto& [who, sheet] : sheets)
        out[who] = tour::score_arena_sheet(sheet, tour::arena_rules{20, 14}).total;
    return out;
}

}  // namespace

TEST_CASE("arena: players are paired in waves, results scored, standings match the games") {
    temp_dir dir;
    const auto db = dir.file("arena.db");
    auto org = register_account(db, "organizer", "long enough password");
    server::manual_clock wall;
    test_server srv([&](server::server_config& c) {
        with_db(db)(c);
        c.clock = wall.clock();
        c.tournament_tick = 20ms;
        c.tournament_pair_delay = 0ms;
    });

    ws_client probe(srv.port());
    probe.hello();
    const std::string game = "checkers";
    json body = {{"name", "Test arena"},
                 {"game", game},
                 {"tc", tc(60, 0)},
                 {"minutes", 10},
                 {"starts_in_s", 0}};
    auto made = http_post(srv.port(), "/api/tournaments", body, org.token);
    REQUIRE(made.status == 201);
    const std::string id = json::parse(made.body)["tournament"]["id"];

    // Bad requests: a 0-minute arena, a guest's token, no token.
    body["minutes"] = 0;
    CHECK(http_post(srv.port(), "/api/tournaments", body, org.token).status == 400);
    body["minutes"] = 10;
    CHECK(http_post(srv.port(), "/api/tournaments", body).status == 401);

    std::vector<entrant> es(4);
    for (auto& e : es) {
        e.ws = std::make_unique<ws_client>(srv.port());
        e.id = e.ws->hello()["user"]["id"];
        auto j = tmsg("tournament.join", id);
        j["d"]["ack"] = 1;
        e.ws->send(j);
        auto user = e.ws->expect("identity");  // stored first: an entry names a stored player
        e.id = user["d"]["user"]["id"];
        e.ws->expect("ack");
    }
    // Joining twice is refused with a reason.
    es[0].ws->send(tmsg("tournament.join", id));
    CHECK(es[0].ws->expect("error")["d"]["code"] == "already_joined");
    es[0].ws->send(tmsg("tournament.join", "nope"));
    CHECK(es[0].ws->expect("error")["d"]["code"] == "unknown_tournament");
    probe.send(tmsg("tournament.withdraw", id));
    CHECK(probe.expect("error")["d"]["code"] == "not_joined");

    // Three waves; in each, the games are played out (one draw, too short
    // to score, in the second wave); every player is free again at once.
    std::vector<game_seen> games;
    for (int wave = 0; wave < 3; ++wave) {
        auto pairs = wave_of(es);
        REQUIRE(pairs.size() == 2);
        bool first = true;
        for (auto& [room, seats] : pairs) {
            REQUIRE(seats[0]);
            REQUIRE(seats[1]);
            games.push_back(play_out(room, *seats[0], *seats[1], 4, wave == 1 && first));
            first = false;
        }
    }
    // The fourth wave is under way; the standings now count the three waves.
    auto last = wave_of(es);
    const auto expected = scores_of(games);
    auto standings = http_get(srv.port(), "/api/tournament/" + id);
    REQUIRE(standings.status == 200);
    auto st = json::parse(standings.body);
    CHECK(st["tournament"]["status"] == "started");
    REQUIRE(st["standings"].size() == 4);
    for (const auto& row : st["standings"]) {
        INFO(row.dump());
        CHECK(row["score"] == expected.at(row["player"]["id"]));
        const std::string sheet = row["sheet"];
        CHECK(std::count(sheet.begin(), sheet.end(), ' ') == 2);  // three games
    }
    // The arena's time is up: the games in play still count, none starts,
    // and once they are over every subscriber hears tournament.finished.
    wall.advance(std::chrono::minutes(11));
    for (auto& [room, seats] : last)
        games.push_back(play_out(room, *seats[0], *seats[1], 2, false));
    for (auto& e : es) {
        auto fin = e.ws->expect("tournament.finished", {}, 5000ms);
        CHECK(fin["d"]["podium"].size() == 3);
    }
    CHECK_FALSE(es[0].ws->sees("game.found", 200ms));
    const auto final_scores = scores_of(games);
    st = json::parse(http_get(srv.port(), "/api/tournament/" + id).body);
    CHECK(st["tournament"]["status"] == "finished");
    for (const auto& row : st["standings"])
        CHECK(row["score"] == final_scores.at(row["player"]["id"]));
    auto list = json::parse(http_get(srv.port(), "/api/tournaments").body);
    REQUIRE(list["finished"].size() == 1);
    CHECK(list["finished"][0]["id"] == id);
    // Its games, one JSON object per line.
    auto lines = http_get(srv.port(), "/api/tournament/" + id + "/games").body;
    CHECK(std::count(lines.begin(), lines.end(), '\n') == 8);
    // Joining a finished arena is refused.
    es[0].ws->send(tmsg("tournament.join", id));
    CHECK(es[0].ws->expect("error")["d"]["code"] == "unknown_tournament");
}

namespace {

// The server binary on `db`, ticking arenas fast (a real process: kill -9).
struct arena_process : child_server {
    arena_process(const std::string& db, const std::string& web) {
        port = free_port();
        spawn({KIBITZ_SERVER_BIN, "--address", "127.0.0.1", "--port", std::to_string(port), "--db",
               db, "--web-root", web, "--threads", "2", "--log-level", "warn",
               "--tournament-tick-ms", "20", "--tournament-pair-delay-ms", "0"},
              "the server");
    }
};

// Rank, player, score and sheet of every entry, as the API gives them.
json standings(std::uint16_t port, const std::string& id) {
    auto r = http_get(port, "/api/tournament/" + id);
    REQUIRE(r.status == 200);
    return json::parse(r.body)["standings"];
}

}  // namespace

TEST_CASE("arena: kill -9 mid-event loses no result; the standings and games resume") {
    temp_dir dir;
    const auto db = dir.file("arena.db");
    std::filesystem::create_directories(dir.path / "web");
    const auto web = (dir.path / "web").string();
    auto org = register_account(db, "organizer", "long enough password");

    std::string id;
    std::vector<std::string> tokens;
    std::map<std::string, std::array<std::string, 2>> in_play;  // room -> seat ids
    std::vector<game_seen> games;
    json before;
    {
        arena_process srv(db, web);
        json body = {{"name", "Restart arena"},
                     {"game", "checkers"},
                     {"tc", tc(60, 0)},
                     {"minutes", 30},
                     {"starts_in_s", 0}};
        auto made = http_post(srv.port, "/api/tournaments", body, org.token);
        REQUIRE(made.status == 201);
        id = json::parse(made.body)["tournament"]["id"];
        std::vector<entrant> es(4);
        for (auto& e : es) {
            e.ws = std::make_unique<ws_client>(srv.port);
            e.ws->hello();
            e.ws->send(tmsg("tournament.join", id));
            e.id = e.ws->expect("identity")["d"]["user"]["id"];
            tokens.push_back(e.ws->token);
        }
        for (auto& [room, seats] : wave_of(es))
            games.push_back(play_out(room, *seats[0], *seats[1], 4, false));
        // The second wave starts; its games are in play (two moves each,
        // stored) when the server dies.
        for (auto& [room, seats] : wave_of(es)) {
            in_play[room] = {seats[0]->id, seats[1]->id};
            play_moves(room, *seats[0], *seats[1], 2);
        }
        before = standings(srv.port, id);
        srv.kill9();
    }
    arena_process srv(db, web);
    CHECK(standings(srv.port, id) == before);  // identical after the restart
    // The players come back; the games in play resume in their rooms and are
    // played out; each result counts once.
    std::vector<entrant> es(4);
    std::map<std::string, entrant*> by_id;
    for (std::size_t i = 0; i < es.size(); ++i) {
        es[i].ws = std::make_unique<ws_client>(srv.port);
        es[i].id = es[i].ws->hello(tokens[i])["user"]["id"];
        es[i].ws->send(tmsg("tournament.sub", id));
        es[i].ws->expect("tournament.state");
        by_id[es[i].id] = &es[i];
    }
    for (auto& [room, seats] : in_play) {
        for (const auto& who : seats)
            by_id.at(who)->ws->send({{"t", "room.join"}, {"d", {{"room", room}}}});
        games.push_back(play_out(room, *by_id.at(seats[0]), *by_id.at(seats[1]), 2, false));
    }
    // A new wave pairs them again: by then both results are stored.
    wave_of(es);
    const auto expected = scores_of(games);
    const auto after = standings(srv.port, id);
    REQUIRE(after.size() == 4);
    for (const auto& row : after) {
        INFO(row.dump());
        CHECK(row["score"] == expected.at(row["player"]["id"]));
    }
}
