// One test per rule and end condition, for both Oware and Ouril.
#include <map>

#include "oware_test_util.hpp"

using namespace kibitz::core;
using namespace kibitz::core::oware;
using namespace kibitz::core::oware::test;

TEST_CASE("reference figure: e then D") {
    for (variant v : both) {
        CAPTURE(name(v));
        auto g = v == variant::oware ? new_oware() : new_ouril();
        play(*g, "e D");
        // S:5,5,4,4,0,5,5,5,5,0,5,5:0,0
        //       F  E  D  C  B  A
        //   N   5  5  0  5  5  5
        //   S   5  5  4  4  0  5
        //       a  b  c  d  e  f
        CHECK(g->position_text() == "S:5,5,4,4,0,5,5,5,5,0,5,5:0,0");
        CHECK(legal(*g) == "a b c d f");
    }
}

TEST_CASE("sowing: one seed per pit counter-clockwise, origin emptied") {
    for (variant v : both) {
        CAPTURE(name(v));
        auto g = v == variant::oware ? new_oware() : new_ouril();
        play(*g, "f");  // f's 4 seeds go to A B C D
        CHECK(g->position_text() == "N:4,4,4,4,4,0,5,5,5,5,4,4:0,0");
        CHECK(g->to_move() == 1);
        play(*g, "F");  // North's F sows round to South's a b c d
        CHECK(g->position_text() == "S:5,5,5,5,4,0,5,5,5,5,4,0:0,0");
    }
}

TEST_CASE("lap of 12 or more seeds skips the origin pit") {
    for (variant v : both) {
        CAPTURE(name(v));
        // S:12,0,0,0,0,0,4,4,4,4,4,4:6,6
        //       F  E  D  C  B  A
        //   N   4  4  4  4  4  4    store N 6
        //   S  12  0  0  0  0  0    store S 6
        //       a  b  c  d  e  f
        auto g = load(v, "S:12,0,0,0,0,0,4,4,4,4,4,4:6,6");
        play(*g, "a");  // 11 pits get one, the 12th seed skips a and lands in b
        CHECK(g->position_text() == "N:0,2,1,1,1,1,5,5,5,5,5,5:6,6");

        // S:17,0,0,0,0,0,1,0,0,0,0,0:15,15
        //       F  E  D  C  B  A
        //   N   0  0  0  0  0  1    store N 15
        //   S  17  0  0  0  0  0    store S 15
        //       a  b  c  d  e  f
        // A lap of 11 then b c d e f A: the last seed makes A 3, captured.
        g = load(v, "S:17,0,0,0,0,0,1,0,0,0,0,0:15,15");
        play(*g, "a");
        CHECK(g->position_text() == "N:0,2,2,2,2,2,0,1,1,1,1,1:18,15");
    }
}

TEST_CASE("captures: single, multiple, stop at other counts and at own row") {
    for (variant v : both) {
        CAPTURE(name(v));
        // S:4,4,4,4,4,2,3,2,4,4,4,4:3,2
        //       F  E  D  C  B  A
        //   N   4  4  4  4  2  3    store N 2
        //   S   4  4  4  4  4  2    store S 3
        //       a  b  c  d  e  f
        // f: A becomes 4, B 3: B is taken, A (4) stops the capture.
        auto g = load(v, "S:4,4,4,4,4,2,3,2,4,4,4,4:3,2");
        CHECK(g->view().moves[5].affected == std::vector<std::string>{"B"});
        play(*g, "f");
        CHECK(g->position_text() == "N:4,4,4,4,4,0,4,0,4,4,4,4:6,2");

        // S:4,4,4,4,4,3,1,2,1,4,4,4:5,4
        //       F  E  D  C  B  A
        //   N   4  4  4  1  2  1    store N 4
        //   S   4  4  4  4  4  3    store S 5
        //       a  b  c  d  e  f
        // f: A 2, B 3, C 2: C then B then A captured (7).
        g = load(v, "S:4,4,4,4,4,3,1,2,1,4,4,4:5,4");
        CHECK(g->view().moves[5].affected == std::vector<std::string>{"A", "B", "C"});
        play(*g, "f");
        CHECK(g->position_text() == "N:4,4,4,4,4,0,0,0,0,4,4,4:12,4");

        // S:4,4,4,4,2,1,1,4,4,4,4,4:4,4
        //       F  E  D  C  B  A
        //   N   4  4  4  4  4  1    store N 4
        //   S   4  4  4  4  2  1    store S 4
        //       a  b  c  d  e  f
        // e: f 2, A 2: A captured; f holds 2 but is South's own pit: stop.
        g = load(v, "S:4,4,4,4,2,1,1,4,4,4,4,4:4,4");
        play(*g, "e");
        CHECK(g->position_text() == "N:4,4,4,4,0,2,0,4,4,4,4,4:6,4");

        // N:1,1,4,4,4,4,4,4,4,4,4,2:4,4
        //       F  E  D  C  B  A
        //   N   2  4  4  4  4  4    store N 4
        //   S   1  1  4  4  4  4    store S 4
        //       a  b  c  d  e  f
        // North F: a 2, b 2: b then a captured; before a comes F, North's own.
        g = load(v, "N:1,1,4,4,4,4,4,4,4,4,4,2:4,4");
        play(*g, "F");
        CHECK(g->position_text() == "S:0,0,4,4,4,4,4,4,4,4,4,0:4,8");
        // The last seed on one's own row captures nothing: a (4) ends in e.
        g = load(v, "S:4,4,4,4,2,1,1,4,4,4,4,4:4,4");
        play(*g, "a");
        CHECK(g->position_text() == "N:0,5,5,5,3,1,1,4,4,4,4,4:4,4");
    }
}

// S:4,4,4,4,4,2,1,2,0,0,0,0:12,11
//       F  E  D  C  B  A
//   N   0  0  0  0  2  1    store N 11
//   S   4  4  4  4  4  2    store S 12
//       a  b  c  d  e  f
// f makes A 2 and B 3 and would take North's whole row; so would d (e f A B).
TEST_CASE("grand slam: forbidden in Oware") {
    auto g = load(variant::oware, "S:4,4,4,4,4,2,1,2,0,0,0,0:12,11");
    CHECK(legal(*g) == "a b c e");
    auto r = g->parse_move("f");
    REQUIRE_FALSE(r.ok());
    CHECK(r.reason().find("grand slam") != std::string::npos);
    CHECK(g->position_text() == "S:4,4,4,4,4,2,1,2,0,0,0,0:12,11");
}

TEST_CASE("grand slam: allowed in Ouril, the mover takes an extra turn") {
    auto g = load(variant::ouril, "S:4,4,4,4,4,2,1,2,0,0,0,0:12,11");
    CHECK(legal(*g) == "a b c d e f");
    CHECK(g->view().moves[5].affected == std::vector<std::string>{"A", "B"});
    play(*g, "f");
    // S:4,4,4,4,4,0,0,0,0,0,0,0:17,11:G
    //       F  E  D  C  B  A
    //   N   0  0  0  0  0  0    store N 11
    //   S   4  4  4  4  4  0    store S 17
    //       a  b  c  d  e  f      South again (extra turn)
    CHECK(g->position_text() == "S:4,4,4,4,4,0,0,0,0,0,0,0:17,11:G");
    CHECK(g->to_move() == 0);
    CHECK_FALSE(g->current_status().over());
    // The extra turn must leave a seed on North's row: a and b cannot.
    CHECK(legal(*g) == "c d e");
    auto r = g->parse_move("a");
    REQUIRE_FALSE(r.ok());
    CHECK(r.reason().find("extra turn") != std::string::npos);
    play(*g, "c");
    CHECK(g->position_text() == "N:4,4,0,5,5,1,1,0,0,0,0,0:17,11");
    CHECK(g->to_move() == 1);
}

TEST_CASE("extra turn: if no move leaves a seed, each takes their own row") {
    // S:2,1,0,0,0,2,1,2,0,0,0,0:19,21
    //       F  E  D  C  B  A
    //   N   0  0  0  0  2  1    store N 21
    //   S   2  1  0  0  0  2    store S 19
    //       a  b  c  d  e  f
    auto o = load(variant::oware, "S:2,1,0,0,0,2,1,2,0,0,0,0:19,21");
    CHECK(legal(*o) == "a b");  // f is a grand slam; no single-seed rule
    auto g = load(variant::ouril, "S:2,1,0,0,0,2,1,2,0,0,0,0:19,21");
    CHECK(legal(*g) == "a f");  // b: single seed while a and f hold 2
    play(*g, "f");
    // S:2,1,0,0,0,0,0,0,0,0,0,0:24,21:G — a and b cannot reach North.
    CHECK(g->position_text() == "S:2,1,0,0,0,0,0,0,0,0,0,0:24,21:G");
    CHECK(g->move_count() == 0);
    // South 24 + 3 on its row = 27, North 21.
    CHECK(g->current_status() == status{status_kind::win, 0, "no move after grand slam"});
}

TEST_CASE("extra turn: a second grand slam is illegal even if it reaches 25") {
    // S:22,0,0,0,0,0,0,0,0,0,0,0:14,12
    //       F  E  D  C  B  A
    //   N   0  0  0  0  0  0    store N 12
    //   S  22  0  0  0  0  0    store S 14
    //       a  b  c  d  e  f
    // a: two laps put 2 in every pit and end in F: all of North's row (12) taken.
    auto g = load(variant::ouril, "S:22,0,0,0,0,0,0,0,0,0,0,0:14,12:G");
    CHECK(g->move_count() == 0);
    CHECK(g->current_status() == status{status_kind::win, 0, "no move after grand slam"});
    // On an ordinary Ouril turn the same feeding grand slam is legal and wins.
    g = load(variant::ouril, "S:22,0,0,0,0,0,0,0,0,0,0,0:14,12");
    CHECK(legal(*g) == "a");
    play(*g, "a");
    CHECK(g->position_text() == "S:0,2,2,2,2,2,0,0,0,0,0,0:26,12:G");
    CHECK(g->current_status() == status{status_kind::win, 0, "25 seeds captured"});
    // In Oware it is a grand slam, so illegal: no legal move, stores only (14-12).
    g = load(variant::oware, "S:22,0,0,0,0,0,0,0,0,0,0,0:14,12");
    CHECK(g->move_count() == 0);
    CHECK(g->current_status() == status{status_kind::win, 0, "no legal move"});
}

TEST_CASE("Ouril: a grand slam reaching 25 wins at once, no extra turn") {
    // S:4,4,4,4,4,2,1,2,0,0,0,0:20,3
    //       F  E  D  C  B  A
    //   N   0  0  0  0  2  1    store N 3
    //   S   4  4  4  4  4  2    store S 20
    //       a  b  c  d  e  f
    auto g = load(variant::ouril, "S:4,4,4,4,4,2,1,2,0,0,0,0:20,3");
    play(*g, "f");
    CHECK(g->current_status() == status{status_kind::win, 0, "25 seeds captured"});
    CHECK(g->move_count() == 0);
    // Oware: f is forbidden here.
    CHECK_FALSE(load(variant::oware, "S:4,4,4,4,4,2,1,2,0,0,0,0:20,3")->parse_move("f").ok());
}

TEST_CASE("25 seeds win at once") {
    for (variant v : both) {
        CAPTURE(name(v));
        // S:2,2,2,2,2,2,1,2,4,0,0,0:20,9
        //       F  E  D  C  B  A
        //   N   0  0  0  4  2  1    store N 9
        //   S   2  2  2  2  2  2    store S 20
        //       a  b  c  d  e  f
        // f: A 2, B 3 taken (C keeps 4, not a grand slam): 25.
        auto g = load(v, "S:2,2,2,2,2,2,1,2,4,0,0,0:20,9");
        play(*g, "f");
        CHECK(g->position_text() == "N:2,2,2,2,2,0,0,0,4,0,0,0:25,9");
        CHECK(g->current_status() == status{status_kind::win, 0, "25 seeds captured"});
        CHECK(g->move_count() == 0);
        CHECK(g->perft(1) == 0);
    }
}

TEST_CASE("feeding obligation") {
    for (variant v : both) {
        CAPTURE(name(v));
        // S:4,0,0,3,2,0,0,0,0,0,0,0:20,19
        //       F  E  D  C  B  A
        //   N   0  0  0  0  0  0    store N 19
        //   S   4  0  0  3  2  0    store S 20
        //       a  b  c  d  e  f
        // Only d and e reach North's row.
        auto g = load(v, "S:4,0,0,3,2,0,0,0,0,0,0,0:20,19");
        CHECK(legal(*g) == "d e");
        auto r = g->parse_move("a");
        REQUIRE_FALSE(r.ok());
        CHECK(r.reason().find("must sow into it") != std::string::npos);
        // e feeds A (1 seed: no capture).
        play(*g, "e");
        CHECK(g->position_text() == "N:4,0,0,3,0,1,1,0,0,0,0,0:20,19");
        CHECK(legal(*g) == "A");
    }
}

TEST_CASE("a player may empty their own row; the opponent must then feed") {
    for (variant v : both) {
        CAPTURE(name(v));
        // N:4,4,4,4,4,4,0,0,0,0,0,1:10,13
        //       F  E  D  C  B  A
        //   N   1  0  0  0  0  0    store N 13
        //   S   4  4  4  4  4  4    store S 10
        //       a  b  c  d  e  f
        auto g = load(v, "N:4,4,4,4,4,4,0,0,0,0,0,1:10,13");
        play(*g, "F");  // North's last seed goes to a (5): no capture, row empty
        CHECK(g->position_text() == "S:5,4,4,4,4,4,0,0,0,0,0,0:10,13");
        CHECK_FALSE(g->current_status().over());
        CHECK(legal(*g) == "c d e f");  // a and b fall short of A
    }
}

TEST_CASE("no feed possible: game ends, board not scored") {
    for (variant v : both) {
        CAPTURE(name(v));
        // S:4,3,2,1,0,0,0,0,0,0,0,0:18,20
        //       F  E  D  C  B  A
        //   N   0  0  0  0  0  0    store N 20
        //   S   4  3  2  1  0  0    store S 18
        //       a  b  c  d  e  f
        // No move reaches A: the 10 seeds on the board are not scored: 18-20.
        auto g = load(v, "S:4,3,2,1,0,0,0,0,0,0,0,0:18,20");
        CHECK(g->move_count() == 0);
        CHECK(g->current_status() == status{status_kind::win, 1, "no legal move"});
        // By agreement South would take its row: 28-20.
        CHECK(g->agreed_end() == status{status_kind::win, 0, "agreement"});
        // Equal stores: a draw.
        CHECK(load(v, "S:4,3,2,1,0,0,0,0,0,0,0,0:19,19")->current_status() ==
              status{status_kind::draw, -1, "no legal move"});
    }
}

TEST_CASE("Ouril single seeds") {
    // S:1,4,4,4,4,4,4,4,4,4,4,4:2,1
    //       F  E  D  C  B  A
    //   N   4  4  4  4  4  4    store N 1
    //   S   1  4  4  4  4  4    store S 2
    //       a  b  c  d  e  f
    CHECK(legal(*load(variant::ouril, "S:1,4,4,4,4,4,4,4,4,4,4,4:2,1")) == "b c d e f");
    CHECK(legal(*load(variant::oware, "S:1,4,4,4,4,4,4,4,4,4,4,4:2,1")) == "a b c d e f");
    auto r = load(variant::ouril, "S:1,4,4,4,4,4,4,4,4,4,4,4:2,1")->parse_move("a");
    REQUIRE_FALSE(r.ok());
    CHECK(r.reason().find("single seed") != std::string::npos);
    // S:1,0,1,0,0,1,5,5,5,5,5,5:7,8 — only single seeds: all playable.
    //       F  E  D  C  B  A
    //   N   5  5  5  5  5  5    store N 8
    //   S   1  0  1  0  0  1    store S 7
    //       a  b  c  d  e  f
    CHECK(legal(*load(variant::ouril, "S:1,0,1,0,0,1,5,5,5,5,5,5:7,8")) == "a c f");
}

TEST_CASE("Ouril single seeds: feeding prevails") {
    // S:0,0,0,2,0,1,0,0,0,0,0,0:22,23
    //       F  E  D  C  B  A
    //   N   0  0  0  0  0  0    store N 23
    //   S   0  0  0  2  0  1    store S 22
    //       a  b  c  d  e  f
    // d (2) stops at f; only the single seed in f feeds North: it is legal.
    for (variant v : both) {
        CAPTURE(name(v));
        auto g = load(v, "S:0,0,0,2,0,1,0,0,0,0,0,0:22,23");
        CHECK(legal(*g) == "f");
        play(*g, "f");
        CHECK(g->position_text() == "N:0,0,0,2,0,0,1,0,0,0,0,0:22,23");
    }
    // The same in an Ouril extra turn.
    auto g = load(variant::ouril, "S:0,0,0,2,0,1,0,0,0,0,0,0:23,22:G");
    CHECK(legal(*g) == "f");
}

// S:0,0,0,0,0,1,0,0,0,0,0,1:22,24
//       F  E  D  C  B  A
//   N   1  0  0  0  0  0    store N 24
//   S   0  0  0  0  0  1    store S 22
//       a  b  c  d  e  f
// The two seeds chase each other round the board in 12 moves, capturing nothing.
TEST_CASE("threefold repetition ends the game as by agreement") {
    const char* cycle = "f F a A b B c C d D e E";
    for (variant v : both) {
        CAPTURE(name(v));
        auto g = load(v, "S:0,0,0,0,0,1,0,0,0,0,0,1:22,24");
        play(*g, cycle);  // second occurrence (the loaded position counts once)
        CHECK(g->position_text() == "S:0,0,0,0,0,1,0,0,0,0,0,1:22,24");
        CHECK_FALSE(g->current_status().over());
        play(*g, "f F a A b B c C d D e");
        CHECK(g->move_count() == 1);
        CHECK(g->perft(1) == 1);
        CHECK(g->perft(2) == 0);  // the only move repeats for the third time
        play(*g, "E");
        // Each takes their row: South 22 + 1, North 24 + 1.
        CHECK(g->current_status() == status{status_kind::win, 1, "threefold repetition"});
        CHECK(g->move_count() == 0);
        CHECK(g->view().moves.empty());
    }
}

TEST_CASE("agreed_end: each player takes their own row") {
    for (variant v : both) {
        CAPTURE(name(v));
        auto g = v == variant::oware ? new_oware() : new_ouril();
        CHECK(g->agreed_end() == status{status_kind::draw, -1, "agreement"});  // 24-24
        // N:3,0,2,0,0,1,4,4,4,4,0,5:6,15
        //       F  E  D  C  B  A
        //   N   5  0  4  4  4  4    store N 15
        //   S   3  0  2  0  0  1    store S 6
        //       a  b  c  d  e  f
        // South 6 + 6 = 12, North 15 + 21 = 36.
        g = load(v, "N:3,0,2,0,0,1,4,4,4,4,0,5:6,15");
        CHECK(g->agreed_end() == status{status_kind::win, 1, "agreement"});
        CHECK_FALSE(g->current_status().over());
    }
}

TEST_CASE("a loaded position whose mover has no seeds ends at once (stores only)") {
    for (variant v : both) {
        CAPTURE(name(v));
        // N:4,4,4,4,4,4,0,0,0,0,0,0:10,14 — North has nothing to play.
        auto g = load(v, "N:4,4,4,4,4,4,0,0,0,0,0,0:10,14");
        CHECK(g->current_status() == status{status_kind::win, 1, "no legal move"});
    }
}

TEST_CASE("a click on a pit that cannot be sown says why") {
    for (variant v : both) {
        CAPTURE(name(v));
        auto g = load(v, "S:0,4,4,4,4,4,4,4,4,4,4,4:4,0");
        std::map<std::string, std::string> why;
        for (const auto& r : g->view_for_mover(false).refusals)
            for (const auto& c : r.cells) why[c] = r.reason;
        CHECK(why["a"] == "That pit is empty");
        CHECK(why.count("b") == 0);
        CHECK(why.count("C") == 0);  // North's: the client sees whose seeds they are
        CHECK(why.size() == 1);
    }
    // North's row empty: only a pit that reaches it may be sown.
    auto g = load(variant::oware, "S:1,0,0,0,0,2,0,0,0,0,0,0:23,22");
    std::map<std::string, std::string> why;
    for (const auto& r : g->view_for_mover(false).refusals)
        for (const auto& c : r.cells) why[c] = r.reason;
    CHECK(why["a"] == "North's row is empty: you must sow a pit that reaches it");
    CHECK(why.count("f") == 0);
}
