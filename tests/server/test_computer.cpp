// Games against the computer over real sockets: a whole game for every game
// id with an engine, the computer's seat in the room, draw offers, rematch,
// abort and resign, the caps, and a 1+0 game the computer must not lose on
// time. The test mirrors each game with the rules core to check every move
// the computer makes and to choose the person's moves.
// KIBITZ_TEST_REDUCED=1 (the sanitizer builds): the whole games and the 1+0
// game are cut short (the person resigns), the rest is as it is.
#include <algorithm>
#include <random>
#include <thread>

#include "helpers.hpp"
#include "kibitz/core/opening_book.hpp"
#include "kibitz/core/registry.hpp"
#include "play/room/review.hpp"
#include "reduced.hpp"
#include "temp_dir.hpp"

using namespace kibitz::test;
namespace core = kibitz::core;

namespace {

struct computer_table {
    std::string room;
    int seat = -1;  // the person's seat
    json state;
};

json computer_msg(const std::string& game, int level, json time, const std::string& color,
                  int ack) {
    return {{"t", "computer.play"},
            {"d", {{"game", game}, {"level", level}, {"tc", time}, {"color", color}, {"ack", ack}}}};
}

computer_table start_computer_game(ws_client& a, const std::string& game, int level, json time,
                                   const std::string& color = "random") {
    a.send(computer_msg(game, level, time, color, 1));
    a.expect("ack", [](const json& j) { return j["d"]["ack"] == 1; });
    computer_table t;
    auto found = a.expect("game.found");
    REQUIRE(!found.is_null());
    CHECK(found["d"]["via"] == "computer");
    t.room = found["d"]["room"];
    t.seat = found["d"]["seat"];
    t.state = a.expect("room.state");
    const auto& them = t.state["d"]["players"][1 - t.seat];
    CHECK(them["computer"] == level);
    CHECK(them["name"] == "Computer · level " + std::to_string(level));
    CHECK(them["connected"] == true);
    CHECK(t.state["d"]["rated"] == false);
    return t;
}

// Win if possible, else capture, else a seeded random move.
std::string choose(const core::game& g, std::mt19937& rng) {
    std::vector<std::string> captures, all;
    for (std::size_t i = 0; i < g.move_count(); ++i) {
        auto probe = g.clone();
        probe->play(i);
        auto st = probe->current_status();
        if (st.kind == core::status_kind::win && st.winner == g.to_move()) return g.move_text(i);
        all.push_back(g.move_text(i));
    }
    return all[rng() % all.size()];
}

// Plays until the game ends or `max_plies`; the person moves through `a`,
// the computer's moves arrive as events and must be legal in the mirror.
// Returns the plies played.
// `watched_from`: the plies the watcher's room.state already held.
int play_out(ws_client& a, ws_client* watcher, const computer_table& t, core::game& mirror,
             int max_plies, std::mt19937& rng, int watched_from = 0) {
    int ply = static_cast<int>(t.state["d"]["moves"].size()), ack = 100;
    while (!mirror.current_status().over() && ply < max_plies) {
        const bool mine = mirror.to_move() == t.seat;
        if (mine) {
            std::string mv = choose(mirror, rng);
            a.send(move_msg(t.room, mv, ++ack));
            int my_ack = ack;
            REQUIRE(!a.expect("ack", [&](const json& j) { return j["d"]["ack"] == my_ack; })
                         .is_null());
        }
        auto pred = [&](const json& j) { return j["d"]["ply"] == ply + 1; };
        auto ev = a.expect("move", pred, 10000ms);
        REQUIRE_MESSAGE(!ev.is_null(), "no move at ply " << ply + 1);
        CHECK(ev["d"]["seat"] == (mine ? t.seat : 1 - t.seat));
        REQUIRE_MESSAGE(mirror.try_move(ev["d"]["move"].get<std::string>()).ok(),
                        "the server played " << ev["d"]["move"] << " at ply " << ply + 1);
        if (watcher && ply >= watched_from) CHECK(!watcher->expect("move", pred, 10000ms).is_null());
        ++ply;
    }
    return ply;
}

}  // namespace

TEST_CASE("computer: a whole game against the computer in every game with an engine") {
    test_server srv(quick_computer);
    for (const auto& info : core::all_games()) {
        const std::string id(info.id);
        CAPTURE(id);
        ws_client a(srv.port()), watcher(srv.port());
        a.hello();
        watcher.hello();
        if (!info.think) {
            a.send(computer_msg(id, 3, untimed(), "random", 1));
            CHECK(a.expect("error")["d"]["code"] == "not_available");
            continue;
        }
        auto t = start_computer_game(a, id, 3, untimed());
        watcher.send({{"t", "room.join"}, {"d", {{"room", t.room}}}});
        const int seen = static_cast<int>(watcher.expect("room.state")["d"]["moves"].size());
        auto mirror = info.new_game();
        std::mt19937 rng(7);
        const int plies = play_out(a, &watcher, t, *mirror, full_or_reduced(400, 30), rng, seen);
        if (!mirror->current_status().over()) a.send(room_msg("resign", t.room));
        auto end = watcher.expect("end", {}, 10000ms);
        REQUIRE(!end.is_null());
        CHECK(a.expect("end")["d"]["status"] == end["d"]["status"]);
        if (mirror->current_status().over())
            CHECK(end["d"]["status"]["reason"] == mirror->current_status().reason);
        MESSAGE(id << ": " << plies << " plies, " << end["d"]["status"].dump());
    }
}

TEST_CASE("computer: moves first when the person takes the second colour") {
    test_server srv(quick_computer);
    ws_client a(srv.port());
    a.hello();
    const auto* info = core::find_game("checkers");
    auto t = start_computer_game(a, "checkers", 5, untimed(), std::string(info->about.sides[1].name));
    CHECK(t.seat == 1);
    auto ev = a.expect("move", [](const json& j) { return j["d"]["ply"] == 1; }, 5000ms);
    REQUIRE(!ev.is_null());
    CHECK(ev["d"]["seat"] == 0);
}

TEST_CASE("computer: at full strength it answers from the opening book") {
    test_server srv(quick_computer);
    // Positions where a 20 ms search and the book disagree: after 9-13 the
    // search plays 21-17 or 22-17 at every depth from 1 to 10, the book 24-20;
    // after a, A at every depth from 3 to 16, the book F (the shipped books
    // of 2026-12-07).
    for (const auto& [id, first] : {std::pair{"checkers", "9-13"}, std::pair{"oware", "a"}}) {
        CAPTURE(id);
        const auto* info = core::find_game(id);
        const auto* book = core::engine::book_of(id);
        REQUIRE(book);
        ws_client a(srv.port());
        a.hello();
        auto t = start_computer_game(a, id, 8, untimed(), std::string(info->about.sides[0].name));
        REQUIRE(t.seat == 0);
        auto mirror = info->new_game();
        REQUIRE(mirror->try_move(first).ok());
        const auto moves = book->find(mirror->position_text());
        REQUIRE(!moves.empty());
        a.send(move_msg(t.room, first, 2));
        auto ev = a.expect(
            "move", [](const json& j) { return j["d"]["ply"] == 2; }, 5000ms);
        REQUIRE(!ev.is_null());
        CHECK(ev["d"]["move"] == moves[0].move);
        a.send(room_msg("resign", t.room));
        CHECK(!a.expect("end").is_null());
    }
}

TEST_CASE("computer: abort before moving, resign after, rematch always accepted") {
    test_server srv(quick_computer);
    ws_client a(srv.port());
    a.hello();
    auto t = start_computer_game(a, "oware", 2, untimed(), "south");
    REQUIRE(t.seat == 0);
    a.send(room_msg("abort", t.room));
    CHECK(a.expect("end")["d"]["status"]["reason"] == "abort");

    // Rematch: colours swap, the computer accepts at once and moves first.
    a.send(room_msg("rematch.offer", t.room));
    auto re = a.expect("rematch");
    REQUIRE(!re.is_null());
    std::string next = re["d"]["next"];
    auto found = a.expect("game.found");
    CHECK(found["d"]["room"] == next);
    CHECK(found["d"]["seat"] == 1);
    a.expect("room.state");

    // The computer moves first; the person resigns once both sides have moved.
    computer_table t2{next, 1, {{"d", {{"moves", json::array()}}}}};
    auto mirror = core::find_game("oware")->new_game();
    std::mt19937 rng(5);
    CHECK(play_out(a, nullptr, t2, *mirror, 3, rng) == 3);
    a.send(room_msg("resign", next));
    auto end = a.expect("end", [&](const json& j) { return j["d"]["room"] == next; });
    CHECK(end["d"]["status"]["reason"] == "resign");
    CHECK(end["d"]["status"]["winner"] == 0);
}

TEST_CASE("computer: a draw offer is answered at once, and declined when it is winning") {
    test_server srv(quick_computer);
    ws_client a(srv.port());
    a.hello();
    auto t = start_computer_game(a, "checkers", 8, untimed(), "black");
    auto mirror = core::find_game("checkers")->new_game();
    // The person gives men away: each move leaves the computer a capture.
    // Checkers notation writes a capture with 'x', one per man taken.
    int ahead = 0, ply = 0, ack = 10;
    while (ahead < 3 && ply < 60 && !mirror->current_status().over()) {
        if (mirror->to_move() == t.seat) {
            std::string pick = mirror->move_text(0);
            for (std::size_t i = 0; i < mirror->move_count(); ++i) {
                auto probe = mirror->clone();
                probe->play(i);
                if (probe->move_count() && probe->move_text(0).find('x') != std::string::npos)
                    pick = mirror->move_text(i);
            }
            a.send(move_msg(t.room, pick, ++ack));
        }
        auto ev = a.expect("move", [&](const json& j) { return j["d"]["ply"] == ply + 1; }, 10000ms);
        REQUIRE(!ev.is_null());
        const std::string mv = ev["d"]["move"];
        const int taken = static_cast<int>(std::count(mv.begin(), mv.end(), 'x'));
        ahead += ev["d"]["seat"] == t.seat ? -taken : taken;
        REQUIRE(mirror->try_move(mv).ok());
        ++ply;
    }
    REQUIRE(ahead >= 3);
    REQUIRE(!mirror->current_status().over());
    a.send(room_msg("draw.offer", t.room));
    auto answer = a.expect("offer", [](const json& j) { return j["d"]["state"] != "open"; });
    REQUIRE(!answer.is_null());
    CHECK(answer["d"]["by"] == t.seat);
    CHECK(answer["d"]["state"] == "declined");
    CHECK(!a.sees("end", 200ms));
}

TEST_CASE("computer: two games per person and a cap in all, refused with clear errors") {
    test_server srv([](kibitz::server::server_config& c) {
        quick_computer(c);
        c.play.max_computer_games = 3;
    });
    ws_client a(srv.port()), b(srv.port()), c(srv.port());
    a.hello();
    b.hello();
    c.hello();
    start_computer_game(a, "oware", 1, untimed());
    start_computer_game(a, "ouril", 1, untimed());
    a.send(computer_msg("checkers", 1, untimed(), "random", 9));
    CHECK(a.expect("error")["d"]["code"] == "too_many_games");
    start_computer_game(b, "oware", 1, untimed());
    c.send(computer_msg("oware", 1, untimed(), "random", 9));
    CHECK(c.expect("error")["d"]["code"] == "server_busy");
    c.send(computer_msg("oware", 1, untimed(), "purple", 10));
    CHECK(c.expect("error")["d"]["code"] == "bad_message");
}

TEST_CASE("computer: at 1+0 the computer never loses on time") {
    // The real think times and delays, at a priority a busy machine cannot starve.
    test_server srv([](kibitz::server::server_config& c) { c.engine_nice = 0; });
    ws_client a(srv.port());
    a.hello();
    auto t = start_computer_game(a, "checkers", 8, tc(60, 0), "black");
    auto mirror = core::find_game("checkers")->new_game();
    std::mt19937 rng(11);
    play_out(a, nullptr, t, *mirror, full_or_reduced(400, 12), rng);
    if (!mirror->current_status().over()) a.send(room_msg("resign", t.room));
    auto end = a.expect("end", {}, 10000ms);
    REQUIRE(!end.is_null());
    MESSAGE("1+0: " << end["d"]["status"].dump() << " clocks " << end["d"]["clocks"].dump());
    CHECK(end["d"]["status"]["reason"] != "flag");
}

TEST_CASE("analysis: the engine's lines for a position, one search per connection, errors") {
    test_server srv([](kibitz::server::server_config& c) { c.engine_nice = 0; });
    ws_client a(srv.port());
    a.hello();
    a.send({{"t", "analysis.start"},
            {"d", {{"game", "checkers"}, {"moves", {"11-15", "23-19"}}, {"id", 7}, {"ack", 1}}}});
    CHECK(!a.expect("ack").is_null());
    auto info = a.expect("analysis.info", {}, 5000ms);
    REQUIRE(!info.is_null());
    CHECK(info["d"]["id"] == 7);
    CHECK(info["d"]["depth"].get<int>() >= 1);
    REQUIRE(!info["d"]["pv"].empty());
    // The first move of the line is legal after those moves.
    auto g = core::find_game("checkers")->new_game();
    REQUIRE(g->try_move("11-15").ok());
    REQUIRE(g->try_move("23-19").ok());
    CHECK(g->parse_move(info["d"]["pv"][0].get<std::string>()).ok());
    // A new request cancels the running one: its done says stopped. Each
    // wait below is the behaviour under test: one request per 250 ms is taken,
    // so a request is sent once that gap has passed (and the last one before).
    std::this_thread::sleep_for(300ms);  // past the 250 ms gap
    a.send({{"t", "analysis.start"}, {"d", {{"game", "oware"}, {"id", 8}}}});
    auto first_done = a.expect("analysis.done", [](const json& j) { return j["d"]["id"] == 7; });
    CHECK(first_done["d"].contains("stopped"));
    a.send({{"t", "analysis.stop"}});
    auto second = a.expect("analysis.done", [](const json& j) { return j["d"]["id"] == 8; }, 10000ms);
    REQUIRE(!second.is_null());

    std::this_thread::sleep_for(300ms);  // past the 250 ms gap
    a.send({{"t", "analysis.start"}, {"d", {{"game", "checkers"}, {"position", "nonsense"}, {"id", 9}}}});
    CHECK(a.expect("error")["d"]["code"] == "bad_position");
    std::this_thread::sleep_for(300ms);  // past the 250 ms gap
    a.send({{"t", "analysis.start"}, {"d", {{"game", "checkers"}, {"moves", {"11-14"}}, {"id", 9}}}});
    CHECK(a.expect("error")["d"]["code"] == "illegal");
    a.send({{"t", "analysis.start"}, {"d", {{"game", "checkers"}, {"id", 10}}}});
    CHECK(a.expect("error")["d"]["code"] == "rate_limited");
}

TEST_CASE("analysis: a position with one legal move is evaluated too") {
    test_server srv([](kibitz::server::server_config& c) { c.engine_nice = 0; });
    ws_client a(srv.port());
    a.hello();
    // White's only move is the capture 18x11: the analysis board still wants its value.
    a.send({{"t", "analysis.start"},
            {"d", {{"game", "checkers"}, {"position", "W:W18,21,22,23:BK3,9,10,14,15"}, {"id", 3}}}});
    auto info = a.expect("analysis.info", {}, 5000ms);
    REQUIRE(!info.is_null());
    CHECK(info["d"]["depth"].get<int>() >= 1);
    CHECK(info["d"]["pv"][0] == "18x11");
    a.send({{"t", "analysis.stop"}});
    CHECK(!a.expect("analysis.done", {}, 10000ms).is_null());
}

TEST_CASE("review: marks and summary from the scores") {
    using kibitz::server::reviewer;
    std::vector<json> evals = {{{"ply", 0}, {"cp", 0}, {"best", "a"}},
                               {{"ply", 1}, {"cp", 10}, {"best", "b"}},
                               {{"ply", 2}, {"cp", 300}, {"best", "c"}},
                               {{"ply", 3}, {"cp", 240}}};
    auto j = reviewer::judge(evals, {"a", "x", "y"}, {0, 1, 0});
    REQUIRE(j["moves"].size() == 3);
    CHECK(!j["moves"][0].contains("mark"));        // the best move
    CHECK(j["moves"][1]["mark"] == "blunder");     // seat 1 let the score rise by 290
    CHECK(j["moves"][1]["better"] == "b");
    CHECK(j["moves"][2]["mark"] == "inaccuracy");  // seat 0 lost 60
    CHECK(j["summary"][1]["blunders"] == 1);
    CHECK(j["summary"][0]["inaccuracies"] == 1);
}

TEST_CASE("review: a finished game analysed once, with progress, stored and served") {
    kibitz::test::temp_dir dir;
    test_server srv([&](kibitz::server::server_config& c) {
        quick_computer(c);
        c.db = (dir.path / "kibitz.db").string();
        c.play.review_nodes = 3000;
    });
    ws_client a(srv.port());
    a.hello();
    auto t = start_computer_game(a, "oware", 3, untimed(), "south");
    auto mirror = core::find_game("oware")->new_game();
    std::mt19937 rng(2);
    const int plies = play_out(a, nullptr, t, *mirror, 6, rng);
    a.send(room_msg("resign", t.room));
    REQUIRE(!a.expect("end").is_null());

    // The end is written by the store's writer: ask until the review starts
    // (until the end is written the answer is not_finished).
    REQUIRE(eventually(
        [&] {
            a.clear();
            a.send({{"t", "review.request"}, {"d", {{"id", t.room}}}});
            return a.sees("review.progress", 2000ms);
        },
        60s));
    int progress = 0;
    while (a.sees("review.progress", 500ms)) {
        a.expect("review.progress");
        ++progress;
    }
    json done = a.expect("review.done", {}, 10000ms);
    REQUIRE(!done.is_null());
    CHECK(done["d"]["cached"] == false);
    // Every position was searched, the last too (the game ended by resignation,
    // not by a rule, so its last position still has moves).
    CHECK(progress == plies + 1);
    const auto& an = done["d"]["analysis"];
    CHECK(an["evals"].size() == static_cast<std::size_t>(plies + 1));
    CHECK(an["moves"].size() == static_cast<std::size_t>(plies));
    CHECK(an["summary"].size() == 2);

    auto api = http_get(srv.port(), "/api/games/" + t.room + "/analysis");
    CHECK(api.status == 200);
    CHECK(json::parse(api.body)["analysis"] == an);

    // Asked again: from the store at once, no search.
    a.clear();
    a.send({{"t", "review.request"}, {"d", {{"id", t.room}}}});
    auto again = a.expect("review.done", {}, 3000ms);
    CHECK(again["d"]["cached"] == true);
    CHECK(again["d"]["analysis"] == an);
    CHECK(!a.sees("review.progress", 200ms));

    a.send({{"t", "review.request"}, {"d", {{"id", "rNoSuchGame"}}}});
    CHECK(a.expect("error")["d"]["code"] == "unknown_game");
    CHECK(http_get(srv.port(), "/api/games/rNoSuchGame/analysis").status == 404);
}
