// Swiss events over real sockets (tournament/swiss_service.hpp): created over
// the HTTP API by an account, joined by WebSocket clients, paired round by
// round, games played to their end (wins, draws, a forfeit), and the
// standings with their tie-breaks checked against the games played (scored
// again here with tourcore's swiss_standings); a kill -9 mid-event.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <thread>

#include "tournament/rules/tie_breaks.hpp"
#include "tournament_play.hpp"

using namespace kibitz;
using namespace kibitz::test;
namespace tour = kibitz::server::tournament;

namespace {

json swiss_body(int rounds) {
    return {{"name", "Test Swiss"}, {"kind", "swiss"}, {"game", "checkers"}, {"tc", tc(60, 0)},
            {"rounds", rounds},     {"interval_s", 0}, {"starts_in_s", 60}};
}

// The boards of round `round`, from the first tournament.state that has them.
json boards_of(ws_client& probe, int round) {
    auto st = probe.expect(
        "tournament.state",
        [&](const json& m) {
            return m["d"]["tournament"]["round"] == round && !m["d"]["boards"].empty();
        },
        10000ms);
    REQUIRE(st.is_object());
    return st["d"]["boards"];
}

// Ends a board whose first moves were played by `how`: 0 seat 1 resigns, 1 a
// draw, 2 seat 0 resigns; returns the game as the pairing reads it.
tour::swiss_game end_board(int round, const std::string& room, entrant& s0, entrant& s1, int how) {
    auto in_room = [&](const json& m) { return m["d"]["room"] == room; };
    tour::swiss_game g{round, s0.id, s1.id, tour::swiss_result::first_won};
    if (how == 1) {
        s0.ws->send(room_msg("draw.offer", room));
        s1.ws->expect("offer", in_room);
        s1.ws->send(room_msg("draw.accept", room));
        g.result = tour::swiss_result::draw;
    } else {
        (how == 0 ? s1 : s0).ws->send(room_msg("resign", room));
        if (how == 2) g.result = tour::swiss_result::second_won;
    }
    s0.ws->expect("end", in_room);
    s1.ws->expect("end", in_room);
    return g;
}

tour::swiss_game play_board(int round, const std::string& room, entrant& s0, entrant& s1, int how) {
    play_moves(room, s0, s1, 4);
    return end_board(round, room, s0, s1, how);
}

// Sides of the games played over the board, per player, in round order.
std::map<std::string, std::vector<int>> sides_of(const std::vector<tour::swiss_game>& games) {
    std::map<std::string, std::vector<int>> out;
    for (const auto& g : games) {
        const bool played = g.result == tour::swiss_result::first_won ||
                            g.result == tour::swiss_result::draw ||
                            g.result == tour::swiss_result::second_won;
        if (!played) continue;
        out[g.first].push_back(0);
        out[g.second].push_back(1);
    }
    return out;
}

// The API's standings against the games played: score and both tie-breaks.
void check_standings(const json& standings, const std::vector<tour::swiss_game>& games,
                     const std::vector<std::string>& ids) {
    std::vector<tour::swiss_entrant> field;
    for (const auto& id : ids) field.push_back({id, 1500});
    std::map<std::string, tour::swiss_standing> want;
    for (const auto& s : tour::swiss_standings(field, games)) want[s.id] = s;
    REQUIRE(standings.size() == ids.size());
    int last_rank = 0;
    for (const auto& row : standings) {
        INFO(row.dump());
        const auto& w = want.at(row["player"]["id"]);
        CHECK(row["score"] == w.score);
        CHECK(row["buchholz"] == w.buchholz);
        CHECK(row["sonneborn_berger"].get<double>() == doctest::Approx(w.sonneborn_berger));
        CHECK(row["rank"].get<int>() >= last_rank);
        last_rank = row["rank"];
    }
}

}  // namespace

TEST_CASE("swiss: 16 players through 5 rounds; pairings, byes, sides and tie-breaks") {
    event_ground ground;
    const auto& org = ground.org;
    auto& wall = ground.wall;
    test_server srv(event_server(ground, [](server::server_config& c) {
        c.play.first_move_limit = 3000ms;  // the forfeit below comes this soon
    }));

    // Absurd parameters are refused with a reason.
    for (int rounds : {0, 10000, -1}) {
        auto bad = http_post(srv.port(), "/api/tournaments", swiss_body(rounds), org.token);
        CHECK(bad.status == 400);
        CHECK(json::parse(bad.body)["error"] == "bad_tournament");
    }
    // Names are cleaned as chat is (review F12): blank once cleaned is refused.
    for (const std::string& name :
         std::vector<std::string>{"\u200b\u200b", "\u202e \u2066", std::string("\x1b\0", 2)}) {
        auto blank = swiss_body(5);
        blank["name"] = name;
        CHECK(http_post(srv.port(), "/api/tournaments", blank, org.token).status == 400);
    }
    auto no_rounds = swiss_body(5);
    no_rounds.erase("rounds");
    CHECK(http_post(srv.port(), "/api/tournaments", no_rounds, org.token).status == 400);
    auto spoofed = swiss_body(5);
    spoofed["name"] = "\u202e" + spoofed["name"].get<std::string>();
    const auto view = create_event(srv.port(), spoofed, org.token);
    const std::string id = view["id"];
    CHECK(view["name"] == swiss_body(5)["name"]);
    CHECK(view["kind"] == "swiss");
    CHECK(view["rounds"] == 5);

    ws_client probe(srv.port());  // follows without playing
    probe.hello();
    probe.send(tmsg("tournament.sub", id));
    probe.expect("tournament.state");

    auto es = join_field(srv.port(), id, 16);
    const auto seat_of = by_id(es);
    std::vector<std::string> ids;
    for (const auto& e : es) ids.push_back(e.id);
    CHECK(join_refusal(es[0], id) == "already_joined");
    // The last one leaves the page before the start: absent from round 1,
    // hence withdrawn; the other 15 play (a bye each round while odd).
    const std::string absent = es[15].id;
    es[15].ws.reset();
    std::set<std::string> active(ids.begin(), ids.end() - 1);
    wall.advance(std::chrono::seconds(61));

    std::vector<tour::swiss_game> games;
    std::string forfeiter;
    for (int round = 1; round <= 5; ++round) {
        const auto boards = boards_of(probe, round);
        std::set<std::string> paired;
        int byes = 0;
        // Every game's first moves at once (each seat has first_move_limit
        // for its first), then each is ended in turn.
        for (std::size_t i = 0; i < boards.size(); ++i) {
            const auto& b = boards[i];
            if (b["second"].is_null() || (round == 2 && i == 0)) continue;
            play_moves(b["room"], *seat_of.at(b["first"]["id"]), *seat_of.at(b["second"]["id"]), 2);
        }
        for (std::size_t i = 0; i < boards.size(); ++i) {
            const auto& b = boards[i];
            const std::string first = b["first"]["id"];
            CHECK(paired.insert(first).second);
            if (b["second"].is_null()) {
                CHECK(b["result"] == "bye");
                games.push_back({round, first, "", tour::swiss_result::bye});
                ++byes;
                continue;
            }
            const std::string second = b["second"]["id"];
            CHECK(paired.insert(second).second);
            const std::string room = b["room"];
            auto& s0 = *seat_of.at(first);
            auto& s1 = *seat_of.at(second);
            if (round == 2 && i == 0) {
                // Seat 0 never moves: the game is aborted, a forfeit; they
                // are withdrawn from the next rounds.
                s0.ws->expect(
                    "end", [&](const json& m) { return m["d"]["room"] == room; }, 5000ms);
                games.push_back({round, first, second, tour::swiss_result::first_forfeited});
                forfeiter = first;
                continue;
            }
            games.push_back(end_board(round, room, s0, s1, static_cast<int>(i % 3)));
        }
        // Everyone present is paired, once; a bye only when the field is odd.
        CHECK(paired == active);
        CHECK(byes == static_cast<int>(active.size() % 2));
        if (!forfeiter.empty()) active.erase(forfeiter);
    }
    auto fin = probe.expect("tournament.finished", {}, 10000ms);
    REQUIRE(fin.is_object());
    CHECK(fin["d"]["podium"].size() == 3);

    // Nobody met anyone twice, nobody had two byes, and the side rules held.
    std::set<std::pair<std::string, std::string>> met;
    std::map<std::string, int> byes;
    for (const auto& g : games) {
        if (g.second.empty()) {
            CHECK(++byes[g.first] == 1);
            continue;
        }
        CHECK(met.insert(std::minmax(g.first, g.second)).second);
    }
    for (const auto& [who, sides] : sides_of(games)) {
        int balance = 0;
        for (std::size_t i = 0; i < sides.size(); ++i) {
            balance += sides[i] == 0 ? 1 : -1;
            CHECK(std::abs(balance) <= 2);
            if (i >= 2) CHECK_FALSE((sides[i] == sides[i - 1] && sides[i] == sides[i - 2]));
        }
    }
    auto st = json::parse(http_get(srv.port(), "/api/tournament/" + id).body);
    CHECK(st["tournament"]["status"] == "finished");
    CHECK(st["tournament"]["round"] == 5);
    check_standings(st["standings"], games, ids);
    for (const auto& row : st["standings"])  // people, as they joined
        CHECK_FALSE(row["player"].contains("bot"));
    std::map<std::string, std::string> sheets;
    for (const auto& row : st["standings"]) {
        sheets[row["player"]["id"]] = row["sheet"];
        if (row["player"]["id"] == absent || row["player"]["id"] == forfeiter)
            CHECK(row["withdrawn"] == true);
    }
    // One token a round: a bye is "B", the forfeit "X" (and "F" its winner's).
    for (const auto& g : games) {
        const auto& sheet = sheets.at(g.first);
        REQUIRE(sheet.size() == 9);  // five tokens
        const char mine = sheet[2 * (g.round - 1)];
        if (g.result == tour::swiss_result::bye) CHECK(mine == 'B');
        if (g.result == tour::swiss_result::first_forfeited) {
            CHECK(mine == 'X');
            CHECK(sheets.at(g.second)[2 * (g.round - 1)] == 'F');
        }
    }
    CHECK(sheets.at(absent) == ". . . . .");
    // Its games (and byes), one JSON object per line.
    CHECK(games_listed(srv.port(), id) == static_cast<long>(games.size()));
    // A finished event takes nobody.
    CHECK(join_refusal(es[0], id) == "unknown_tournament");
}

TEST_CASE("swiss: kill -9 mid-round loses no result; the round resumes, the next is paired") {
    event_ground ground;
    const auto &db = ground.db, &web = ground.web;
    const auto& org = ground.org;

    std::string id;
    std::vector<std::string> tokens, ids;
    std::vector<tour::swiss_game> games;
    struct board_seen {
        std::string room, first, second;
    };
    std::vector<board_seen> in_play;  // round 2, when the server dies
    json before;
    {
        tournament_process srv(db, web);
        auto body = swiss_body(3);
        body["starts_in_s"] = 2;  // the real clock: time for four to join
        id = create_event(srv.port, body, org.token)["id"];
        auto es = join_field(srv.port, id, 4);
        const auto seat_of = by_id(es);
        for (auto& e : es) {
            tokens.push_back(e.ws->token);
            ids.push_back(e.id);
        }
        for (const auto& b : boards_of(*es[0].ws, 1))
            games.push_back(play_board(1, b["room"], *seat_of.at(b["first"]["id"]),
                                       *seat_of.at(b["second"]["id"]), 0));
        // Round 2's games are in play (two moves each, stored) when it dies.
        for (const auto& b : boards_of(*es[0].ws, 2)) {
            in_play.push_back({b["room"], b["first"]["id"], b["second"]["id"]});
            play_moves(b["room"], *seat_of.at(b["first"]["id"]), *seat_of.at(b["second"]["id"]), 2);
        }
        before = standings(srv.port, id);
        srv.kill9();
    }
    tournament_process srv(db, web);
    CHECK(standings(srv.port, id) == before);  // identical after the restart
    auto es = rejoin_field(srv.port, id, tokens);
    const auto seat_of = by_id(es);
    // The games in play resume in their rooms and end (draws); each counts once.
    for (const auto& b : in_play) {
        for (const auto& who : {b.first, b.second})
            seat_of.at(who)->ws->send({{"t", "room.join"}, {"d", {{"room", b.room}}}});
        games.push_back(play_board(2, b.room, *seat_of.at(b.first), *seat_of.at(b.second), 1));
    }
    // Round 3 is paired without a repeat, played, and the event ends.
    std::set<std::pair<std::string, std::string>> met;
    for (const auto& g : games) met.insert(std::minmax(g.first, g.second));
    for (const auto& b : boards_of(*es[0].ws, 3)) {
        const std::string a = b["first"]["id"], c = b["second"]["id"];
        CHECK(met.insert(std::minmax(a, c)).second);
        games.push_back(play_board(3, b["room"], *seat_of.at(a), *seat_of.at(c), 2));
    }
    es[0].ws->expect("tournament.finished", {}, 10000ms);
    check_standings(standings(srv.port, id), games, ids);
}

TEST_CASE("swiss: players off the event's page play every round; one with no connection is out") {
    event_ground ground;
    test_server srv(event_server(ground));
    const std::string id = create_event(srv.port(), swiss_body(2), ground.org.token)["id"];
    ws_client probe(srv.port());
    probe.hello();
    probe.send(tmsg("tournament.sub", id));
    probe.expect("tournament.state");

    auto es = join_field(srv.port(), id, 4);
    // Four leave the event's page and stay connected (a finished game's page,
    // the lobby): still in. The organizer joins too, then closes the site
    // before the start: withdrawn at round 1, and told so.
    entrant org;
    org.ws = std::make_unique<ws_client>(srv.port());
    org.id = org.ws->hello(ground.org.token)["user"]["id"];
    auto j = tmsg("tournament.join", id);
    j["d"]["ack"] = 1;
    org.ws->send(j);
    org.ws->expect("ack");
    es.push_back(std::move(org));
    for (int i = 0; i < 4; ++i) {
        auto m = tmsg("tournament.unsub", id);
        m["d"]["ack"] = 7;
        es[i].ws->send(m);
        es[i].ws->expect("ack", [](const json& a) { return a["d"]["ack"] == 7; });
    }
    const std::string gone = es[4].id;
    es[4].ws.reset();
    es.pop_back();
    const auto seat_of = by_id(es);
    ground.wall.advance(std::chrono::seconds(61));

    for (int round = 1; round <= 2; ++round) {
        const auto boards = boards_of(probe, round);
        REQUIRE(boards.size() == 2);  // all four, no bye
        for (const auto& b : boards)
            play_board(round, b["room"], *seat_of.at(b["first"]["id"]),
                       *seat_of.at(b["second"]["id"]), 0);
    }
    probe.expect("tournament.finished", {}, 10000ms);
    auto st = json::parse(http_get(srv.port(), "/api/tournament/" + id).body);
    CHECK(st["tournament"]["round"] == 2);
    for (const auto& row : st["standings"]) {
        INFO(row.dump());
        CHECK(row["withdrawn"] == (row["player"]["id"] == gone));
    }
    CHECK(db_scalar(ground.db,
                    "SELECT COUNT(*) FROM notifications WHERE kind = "
                    "'tournament_withdrawn' AND player_id = " +
                        std::to_string(ground.org.row)) == 1);
}
