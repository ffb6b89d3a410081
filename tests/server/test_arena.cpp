// Arenas over real sockets (tournament/arena_service.hpp): created over the
// HTTP API by an account, joined by WebSocket clients, paired in waves, games
// played to their end, standings checked against the games (scored again here
// with tourcore's arena_scoring), and the end of the event.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "helpers.hpp"
#include "store_helpers.hpp"
#include "tournament/rules/arena_scoring.hpp"
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
    event_ground ground;
    const auto& org = ground.org;
    auto& wall = ground.wall;
    test_server srv(event_server(ground));

    ws_client probe(srv.port());
    probe.hello();
    const std::string game = "checkers";
    json body = {{"name", "Test arena"},
                 {"game", game},
                 {"tc", tc(60, 0)},
                 {"minutes", 10},
                 {"starts_in_s", 0}};
    const std::string id = create_event(srv.port(), body, org.token)["id"];

    // A private event: a code of six characters at least, and never listed (review F8).
    json club = body;
    club["name"] = "Club night";
    club["code"] = "1234";
    CHECK(http_post(srv.port(), "/api/tournaments", club, org.token).status == 400);
    club["code"] = "club42-night";
    const std::string club_id = create_event(srv.port(), club, org.token)["id"];
    const auto listed = http_get(srv.port(), "/api/tournaments").body;
    CHECK(listed.find(id) != std::string::npos);
    CHECK(listed.find(club_id) == std::string::npos);
    CHECK(http_get(srv.port(), "/api/tournament/" + club_id).status == 200);  // by its link
    // Wrong codes: five, then every try is refused for ten minutes, the
    // right code too; someone else still enters with it.
    {
        ws_client guesser(srv.port()), member(srv.port());
        guesser.hello();
        member.hello();
        auto try_code = [&](ws_client& c, const std::string& code) {
            auto m = tmsg("tournament.join", club_id);
            m["d"]["code"] = code;
            m["d"]["ack"] = 5;
            c.send(m);
        };
        for (int i = 0; i < 5; ++i) {
            try_code(guesser, "guess-" + std::to_string(i));
            CHECK(guesser.expect("error")["d"]["code"] == "wrong_code");
        }
        try_code(guesser, "club42-night");
        CHECK(guesser.expect("error")["d"]["code"] == "too_many_tries");
        try_code(member, "club42-night");
        CHECK(member.expect("ack", [](const json& a) { return a["d"]["ack"] == 5; }).is_object());
    }

    // Bad requests: a 0-minute arena, a guest's token, no token.
    body["minutes"] = 0;
    CHECK(http_post(srv.port(), "/api/tournaments", body, org.token).status == 400);
    body["minutes"] = 10;
    CHECK(http_post(srv.port(), "/api/tournaments", body).status == 401);

    auto es = join_field(srv.port(), id, 4);
    // Joining twice is refused with a reason.
    CHECK(join_refusal(es[0], id) == "already_joined");
    CHECK(join_refusal(es[0], "nope") == "unknown_tournament");
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
    CHECK(games_listed(srv.port(), id) == 8);
    // Joining a finished arena is refused.
    CHECK(join_refusal(es[0], id) == "unknown_tournament");
}

TEST_CASE("arena: kill -9 mid-event loses no result; the standings and games resume") {
    event_ground ground;
    const auto &db = ground.db, &web = ground.web;
    const auto& org = ground.org;

    std::string id;
    std::vector<std::string> tokens;
    std::map<std::string, std::array<std::string, 2>> in_play;  // room -> seat ids
    std::vector<game_seen> games;
    json before;
    {
        tournament_process srv(db, web);
        json body = {{"name", "Restart arena"},
                     {"game", "checkers"},
                     {"tc", tc(60, 0)},
                     {"minutes", 30},
                     {"starts_in_s", 0}};
        id = create_event(srv.port, body, org.token)["id"];
        auto es = join_field(srv.port, id, 4);
        for (auto& e : es) tokens.push_back(e.ws->token);
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
    tournament_process srv(db, web);
    CHECK(standings(srv.port, id) == before);  // identical after the restart
    // The players come back; the games in play resume in their rooms and are
    // played out; each result counts once.
    auto es = rejoin_field(srv.port, id, tokens);
    const auto seat_of = by_id(es);
    for (auto& [room, seats] : in_play) {
        for (const auto& who : seats)
            seat_of.at(who)->ws->send({{"t", "room.join"}, {"d", {{"room", room}}}});
        games.push_back(play_out(room, *seat_of.at(seats[0]), *seat_of.at(seats[1]), 2, false));
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

TEST_CASE("arena: the standings name the top game, the leader's game in play") {
    event_ground ground;
    test_server srv(event_server(ground));
    json body = {{"name", "Top arena"},
                 {"game", "checkers"},
                 {"tc", tc(60, 0)},
                 {"minutes", 10},
                 {"starts_in_s", 0}};
    const std::string id = create_event(srv.port(), body, ground.org.token)["id"];
    auto es = join_field(srv.port(), id, 4);
    ws_client follower(srv.port());
    follower.hello();
    follower.send(tmsg("tournament.sub", id));
    follower.expect("tournament.state");
    auto first = wave_of(es);
    REQUIRE(first.size() == 2);
    const auto& [room_a, seats_a] = *first.begin();
    const auto& room_b = std::next(first.begin())->first;
    // Game A ends (its seat 0 leads with 2); A's two players, the only ones
    // waiting, meet again in the next wave while B is still played.
    play_out(room_a, *seats_a[0], *seats_a[1], 2, false);
    std::string room_c;
    for (auto* e : seats_a) {
        auto f = e->ws->expect(
            "game.found", [](const json& m) { return m["d"]["via"] == "tournament"; }, 5000ms);
        REQUIRE(f.is_object());
        room_c = f["d"]["room"];
    }
    CHECK(room_c != room_a);
    // The followers are told: the top game is the leader's, not B.
    auto st = follower.expect(
        "tournament.state", [&](const json& m) { return m["d"]["top_room"] == room_c; }, 5000ms);
    REQUIRE(st.is_object());
    CHECK(st["d"]["standings"][0]["player"]["id"] == seats_a[0]->id);
    CHECK(st["d"]["standings"][0]["room"] == room_c);
    CHECK(st["d"]["top_room"] != room_b);
}

TEST_CASE("arena: players who left the event's page (on their game's) are paired again and again") {
    event_ground ground;
    test_server srv(event_server(ground));
    const json body = {{"name", "Game page arena"},
                       {"game", "checkers"},
                       {"tc", tc(60, 0)},
                       {"minutes", 10},
                       {"starts_in_s", 0}};
    const std::string id = create_event(srv.port(), body, ground.org.token)["id"];
    auto es = join_field(srv.port(), id, 2);
    // Both leave the event's page (as the page does when the pairing takes
    // them to their game) and stay connected: still in the event.
    for (auto& e : es) {
        auto m = tmsg("tournament.unsub", id);
        m["d"]["ack"] = 7;
        e.ws->send(m);
        e.ws->expect("ack", [](const json& a) { return a["d"]["ack"] == 7; });
    }
    for (int game = 0; game < 3; ++game) {
        auto pairs = wave_of(es);
        REQUIRE(pairs.size() == 1);
        auto& [room, seats] = *pairs.begin();
        play_out(room, *seats[0], *seats[1], 4, false);
    }
    // Three games each, in the standings. The last result reaches the event
    // after the players are told the game is over, so the test waits for it.
    const auto three_each = [&] {
        for (const auto& row : standings(srv.port(), id)) {
            const std::string sheet = row["sheet"];
            if (std::count(sheet.begin(), sheet.end(), ' ') != 2) return false;
        }
        return true;
    };
    CHECK(eventually(three_each, 5000ms, 50ms));
}

TEST_CASE(
    "arena: a player whose page is closed is paused after a minute, told, and back with Join") {
    event_ground ground;
    test_server srv(event_server(ground));
    const json body = {{"name", "Closed page arena"},
                       {"game", "checkers"},
                       {"tc", tc(60, 0)},
                       {"minutes", 30},
                       {"starts_in_s", 0}};
    const std::string id = create_event(srv.port(), body, ground.org.token)["id"];
    auto org = std::make_unique<ws_client>(srv.port());
    org->hello(ground.org.token);
    auto join = tmsg("tournament.join", id);
    join["d"]["ack"] = 3;
    org->send(join);
    org->expect("ack", [](const json& a) { return a["d"]["ack"] == 3; });
    org.reset();  // the site closed, alone in the event: never paired
    auto state_of_org = [&] {
        for (const auto& row : standings(srv.port(), id))
            if (row["player"]["name"] == "organizer")
                return std::string(row["paused"] == true ? "paused" : "waiting");
        return std::string("absent");
    };
    auto notices = [&] {
        return db_scalar(ground.db,
                         "SELECT COUNT(*) FROM notifications WHERE kind = 'tournament_paused' "
                         "AND player_id = " +
                             std::to_string(ground.org.row));
    };
    // Time passes a second at each look while the server ticks: paused
    // after a minute with no connection, not before.
    int waited_s = 0;
    REQUIRE(eventually(
        [&] {
            ground.wall.advance(std::chrono::seconds(1));
            ++waited_s;
            return state_of_org() == "paused";
        },
        20000ms, 30ms));
    CHECK(waited_s >= 60);
    CHECK(waited_s <= 80);
    CHECK(eventually([&] { return notices() == 1; }, 5000ms, 40ms));
    // Told once; back with Join, then paired again with another player.
    ground.wall.advance(std::chrono::seconds(120));
    org = std::make_unique<ws_client>(srv.port());
    org->hello(ground.org.token);
    org->send(join);
    org->expect("ack", [](const json& a) { return a["d"]["ack"] == 3; });
    CHECK(eventually([&] { return state_of_org() == "waiting"; }, 2000ms, 40ms));
    CHECK(notices() == 1);
    ws_client other(srv.port());
    other.hello();
    other.send(join);
    other.expect("ack", [](const json& a) { return a["d"]["ack"] == 3; });
    CHECK(org->expect("game.found", {}, 5000ms).is_object());
}
