// Checkers notation (docs/rules/checkers.md, "Notation"): PDN moves and PDN
// FEN, both ways, and the refusal of malformed text.
// Diagrams: standard orientation, b/w = black/white man, B/W = king.
#include <random>

#include "checkers_test_util.hpp"

using namespace checkers_test;

namespace {
const char* const start_fen = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
}

TEST_CASE("moves are written with their full path and read back") {
    auto g = ck::new_game();
    CHECK(moves_of(*g) == strings{"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"});
    CHECK(g->parse_move("11-15").value() == 4);
    CHECK(g->parse_move("  11-15 ").value() == 4);  // surrounding blanks are ignored

    // B:W9,18:B5   (Black to move; the only move is a double jump)
    //    .  1  .  2  .  3  .  4
    //    b  .  6  .  7  .  8  .
    //    .  w  . 10  . 11  . 12
    //   13  . 14  . 15  . 16  .
    //    . 17  .  w  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  . 27  . 28
    //   29  . 30  . 31  . 32  .
    auto c = load("B:W9,18:B5");
    CHECK(c->move_text(0) == "5x14x23");
    CHECK(c->parse_move("5x14x23").value() == 0);
    CHECK(c->parse_move("5X14X23").value() == 0);
    CHECK(c->parse_move("5x23").value() == 0);  // AxB, one capture from 5 to 23
    auto partial = c->parse_move("5x14");
    REQUIRE(!partial.ok());
    CHECK(partial.reason().find("5x14x23") != std::string::npos);  // the error says what is legal
    CHECK(!c->parse_move("5-14-23").ok());
    CHECK(!c->parse_move("5-23").ok());  // '-' never names a capture
}

TEST_CASE("every legal move's text parses back to it, over random games") {
    std::mt19937_64 rng(11);
    int checked = 0;
    for (int game = 0; game < 30; ++game) {
        auto g = ck::new_game();
        while (!g->current_status().over()) {
            for (std::size_t i = 0; i < g->move_count(); ++i) {
                auto r = g->parse_move(g->move_text(i));
                REQUIRE_MESSAGE(r.ok(), g->move_text(i) << ": " << r.reason());
                CHECK(r.value() == i);
                ++checked;
            }
            auto reloaded = ck::from_position(g->position_text());
            REQUIRE(reloaded.ok());
            CHECK(reloaded.value()->position_text() == g->position_text());
            g->play(rng() % g->move_count());
        }
    }
    CHECK(checked > 1000);
}

TEST_CASE("malformed or illegal move texts are refused with a reason") {
    auto g = ck::new_game();
    for (const char* bad : {"",
                            " ",
                            "11",
                            "11-",
                            "-15",
                            "11--15",
                            "11-15-19",
                            "11x15-19",
                            "33-34",
                            "0-4",
                            "11-17",
                            "011-15",
                            "11 - 15",
                            "a-b",
                            "11-15x",
                            "9x13",
                            "11-15;",
                            "1111-15",
                            "9-13-17",
                            "12-17",
                            "13-17",
                            "99999999999999999999",
                            "11\xff-15",
                            "x",
                            "-",
                            "K:",
                            "11-15\n12-16"}) {
        CAPTURE(std::string(bad));
        auto r = g->parse_move(bad);
        CHECK(!r.ok());
        if (!r.ok()) CHECK(!r.reason().empty());
    }
    CHECK(g->position_text() == start_fen);
}

TEST_CASE("PDN FEN: the start position, ranges, kings, and round trips") {
    auto g = ck::new_game();
    CHECK(g->position_text() == start_fen);
    CHECK(load("B:W21-32:B1-12")->position_text() == start_fen);
    CHECK(load("B:B1-12:W21-32")->position_text() == start_fen);  // either colour first
    CHECK(load(" B:W21-32:B1-12 \n")->position_text() == start_fen);

    for (const char* fen :
         {"W:WK3:B7,8,15,16,17,20,28", "B:W18,K22,23:BK1,5", "W:WK4:B9,11,15,K16,K22,K29", "W:W:B5",
          "W:W5:BK32", "B:WK1,K2,K3,K4:BK29,K30,K31,K32"}) {
        CAPTURE(fen);
        CHECK(load(fen)->position_text() == fen);
    }
    // Kings given as a range, and out of order on input: written sorted.
    CHECK(load("W:WK5-7,30:B10")->position_text() == "W:WK5,K6,K7,30:B10");
    CHECK(load("W:W30,25:B10,1")->position_text() == "W:W25,30:B1,10");
    CHECK(load("W:WK3:B7,8,15,16,17,20,28")->to_move() == 1);
}

TEST_CASE("malformed position texts are refused with a reason") {
    for (const char* bad : {
             "",                       // nothing
             "X:W21:B1",               // side to move
             "b:W21:B1",               // lower case
             "B",                      // no pieces sections
             "B:",                     //
             "B:W21",                  // one colour missing
             "B:W21:B1:W22",           // a third section
             "B:W21:W22",              // White twice
             "B:W33:B1",               // out of range
             "B:W0:B1",                //
             "B:W021:B1",              // leading zero
             "B:W21,21:B1",            // duplicate square
             "B:W21:B21",              // the same square for both
             "B:W21-25:B22",           // overlap through a range
             "B:W21,:B1",              // empty item
             "B:W,21:B1",              //
             "B:W21:B1,",              //
             "B:W21-:B1",              // open range
             "B:W25-21:B1",            // reversed range
             "B:W21:B1:",              // trailing ':'
             "B:W21:X1",               // unknown colour
             "B:WK:B1",                // king without a square
             "B:WKK21:B1",             //
             "B:W21 :B1",              // blank inside
             "B:W21;B1",               // wrong separator
             "B:W13-32:B1",            // more than 12 pieces
             "B:W21:B29",              // a black man on its crowning row
             "B:W4:B10",               // a white man on its crowning row
             "W:W21:B",                // the side not to move has no piece
             "B:W999999999999999:B1",  // huge number
             "B:W21:B1\xff",           // stray byte
             "B:W21:B1.",              // trailing dot
             "B:W21:B1 B:W22:B2",      // two positions
         }) {
        CAPTURE(std::string(bad));
        auto r = ck::from_position(bad);
        CHECK(!r.ok());
        if (!r.ok()) CHECK(!r.reason().empty());
    }
}

TEST_CASE("a loaded position starts a fresh history") {
    // Play four king moves out and back, then reload: the reloaded game has
    // the same board but its repetition count starts at one.
    auto g = load("B:WK32:BK1");
    for (const char* m : {"1-6", "32-27", "6-1", "27-32"}) play(*g, m);
    auto reloaded = load(g->position_text());
    CHECK(!reloaded->equals(*g));
    for (const char* m : {"1-6", "32-27", "6-1", "27-32"}) play(*reloaded, m);
    CHECK(!reloaded->current_status().over());  // second occurrence only
    for (const char* m : {"1-6", "32-27", "6-1", "27-32"}) play(*g, m);
    CHECK(g->current_status().kind == core::status_kind::draw);  // third
}
