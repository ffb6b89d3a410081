// Checkers move rules (docs/rules/checkers.md, "Moving" and "Capturing"), one position each.
// Diagrams: standard orientation (White's side at the bottom), numbers are
// empty playable squares, b/w = black/white man, B/W = black/white king.
#include "checkers_test_util.hpp"

using namespace checkers_test;

TEST_CASE("a man moves one square diagonally forward only") {
    // B:W30:B14   (Black to move)
    //    .  1  .  2  .  3  .  4
    //    5  .  6  .  7  .  8  .
    //    .  9  . 10  . 11  . 12
    //   13  .  b  . 15  . 16  .
    //    . 17  . 18  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  . 27  . 28
    //   29  .  w  . 31  . 32  .
    auto g = load("B:W30:B14");
    CHECK(moves_of(*g) == strings{"14-17", "14-18"});  // never back to 9 or 10
    CHECK(!g->parse_move("14-9").ok());
    CHECK(!g->parse_move("14-10").ok());

    // W:W14:B3   (White to move: forward is up the diagram)
    //    .  1  .  2  .  b  .  4
    //    5  .  6  .  7  .  8  .
    //    .  9  . 10  . 11  . 12
    //   13  .  w  . 15  . 16  .
    //    . 17  . 18  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  . 27  . 28
    //   29  . 30  . 31  . 32  .
    auto w = load("W:W14:B3");
    CHECK(moves_of(*w) == strings{"14-9", "14-10"});
}

TEST_CASE("a king moves one square in all four directions and does not fly") {
    // B:W30:BK14   (Black to move)
    //    .  1  .  2  .  3  .  4
    //    5  .  6  .  7  .  8  .
    //    .  9  . 10  . 11  . 12
    //   13  .  B  . 15  . 16  .
    //    . 17  . 18  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  . 27  . 28
    //   29  .  w  . 31  . 32  .
    auto g = load("B:W30:BK14");
    CHECK(moves_of(*g) == strings{"14-9", "14-10", "14-17", "14-18"});
    play(*g, "14-9");  // backwards for a black piece
    CHECK(g->position_text() == "W:W30:BK9");
    // The long diagonal 14-23-32 is empty, but a king takes one step only.
    auto k = load("B:W30:BK14");
    CHECK(!k->parse_move("14-23").ok());
}

TEST_CASE("capturing is mandatory") {
    // B:W18,30:B1,14   (Black to move)
    //    .  b  .  2  .  3  .  4
    //    5  .  6  .  7  .  8  .
    //    .  9  . 10  . 11  . 12
    //   13  .  b  . 15  . 16  .
    //    . 17  .  w  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  . 27  . 28
    //   29  .  w  . 31  . 32  .
    auto g = load("B:W18,30:B1,14");
    CHECK(moves_of(*g) == strings{"14x23"});
    auto r = g->parse_move("1-5");
    REQUIRE(!r.ok());
    CHECK(r.reason().find("mandatory") != std::string::npos);
    CHECK(!g->parse_move("14-17").ok());
    play(*g, "14x23");
    CHECK(g->position_text() == "W:W30:B1,23");
}

TEST_CASE("a multi-jump must continue while the piece can jump") {
    // B:W9,18:B5   (Black to move)
    //    .  1  .  2  .  3  .  4
    //    b  .  6  .  7  .  8  .
    //    .  w  . 10  . 11  . 12
    //   13  . 14  . 15  . 16  .
    //    . 17  .  w  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  . 27  . 28
    //   29  . 30  . 31  . 32  .
    auto g = load("B:W9,18:B5");
    CHECK(moves_of(*g) == strings{"5x14x23"});
    CHECK(!g->parse_move("5x14").ok());  // stopping after one jump is not a move
    play(*g, "5x23");                    // AxB naming the only capture
    CHECK(g->position_text() == "W:W:B23");
}

TEST_CASE("any capture sequence may be chosen: no rule to take the most") {
    // B:W9,16,18:B5,11   (Black to move: 5 can take two, 11 one)
    //    .  1  .  2  .  3  .  4
    //    b  .  6  .  7  .  8  .
    //    .  w  . 10  .  b  . 12
    //   13  . 14  . 15  .  w  .
    //    . 17  .  w  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  . 27  . 28
    //   29  . 30  . 31  . 32  .
    auto g = load("B:W9,16,18:B5,11");
    CHECK(moves_of(*g) == strings{"5x14x23", "11x20"});
    play(*g, "11x20");
    CHECK(g->position_text() == "W:W9,18:B5,20");

    // B:W10,18,27:BK14   (one king, two sequences of different lengths)
    //    .  1  .  2  .  3  .  4
    //    5  .  6  .  7  .  8  .
    //    .  9  .  w  . 11  . 12
    //   13  .  B  . 15  . 16  .
    //    . 17  .  w  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  .  w  . 28
    //   29  . 30  . 31  . 32  .
    auto k = load("B:W10,18,27:BK14");
    CHECK(moves_of(*k) == strings{"14x7", "14x23x32"});
    play(*k, "14x7");
    CHECK(k->position_text() == "W:W18,27:BK7");
}

TEST_CASE("a man crowned by a jump stops, even if a king could jump on") {
    // B:W26,27:B22   (Black to move: 22x31 crowns; a king on 31 could take 27)
    //    .  1  .  2  .  3  .  4
    //    5  .  6  .  7  .  8  .
    //    .  9  . 10  . 11  . 12
    //   13  . 14  . 15  . 16  .
    //    . 17  . 18  . 19  . 20
    //   21  .  b  . 23  . 24  .
    //    . 25  .  w  .  w  . 28
    //   29  . 30  . 31  . 32  .
    auto g = load("B:W26,27:B22");
    CHECK(moves_of(*g) == strings{"22x31"});
    play(*g, "22x31");
    CHECK(g->position_text() == "W:W27:BK31");
    // White to move now; Black's new king captures only on a later turn.
    CHECK(moves_of(*g) == strings{"27-23", "27-24"});

    // B:W5:B27   (a man crowned by a simple move)
    //    .  1  .  2  .  3  .  4
    //    w  .  6  .  7  .  8  .
    //    .  9  . 10  . 11  . 12
    //   13  . 14  . 15  . 16  .
    //    . 17  . 18  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  .  b  . 28
    //   29  . 30  . 31  . 32  .
    auto s = load("B:W5:B27");
    play(*s, "27-32");
    CHECK(s->position_text() == "W:W5:BK32");
}

TEST_CASE("no piece is jumped twice") {
    // B:W15:BK10   (Black to move: after 10x19 the king may not jump 15 back)
    //    .  1  .  2  .  3  .  4
    //    5  .  6  .  7  .  8  .
    //    .  9  .  B  . 11  . 12
    //   13  . 14  .  w  . 16  .
    //    . 17  . 18  . 19  . 20
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  . 27  . 28
    //   29  . 30  . 31  . 32  .
    auto g = load("B:W15:BK10");
    CHECK(moves_of(*g) == strings{"10x19"});
    CHECK(!g->parse_move("10x19x10").ok());
}

TEST_CASE("a king's loop: two paths, same ends, same pieces, two moves") {
    // W:WK3:B7,8,15,16,17,20,28   (White to move)
    //    .  1  .  2  .  W  .  4
    //    5  .  6  .  b  .  b  .
    //    .  9  . 10  . 11  . 12
    //   13  . 14  .  b  .  b  .
    //    .  b  . 18  . 19  .  b
    //   21  . 22  . 23  . 24  .
    //    . 25  . 26  . 27  .  b
    //   29  . 30  . 31  . 32  .
    auto g = load("W:WK3:B7,8,15,16,17,20,28");
    CHECK(moves_of(*g) == strings{"3x10x19x12x3", "3x12x19x10x3"});
    auto a = g->parse_move("3x10x19x12x3");
    auto b = g->parse_move("3x12x19x10x3");
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(a.value() != b.value());
    auto amb = g->parse_move("3x3");
    REQUIRE(!amb.ok());
    CHECK(amb.reason().find("3x10x19x12x3") != std::string::npos);
    CHECK(amb.reason().find("3x12x19x10x3") != std::string::npos);
    CHECK(!g->parse_move("3x10x19").ok());  // partial path

    auto v = g->view();
    REQUIRE(v.moves.size() == 2);
    CHECK(v.moves[0].path == strings{"3", "10", "19", "12", "3"});
    CHECK(v.moves[0].affected == strings{"7", "15", "16", "8"});
    CHECK(v.moves[1].affected == strings{"8", "16", "15", "7"});

    // Both end in the same position: the king back on 3, four men gone.
    auto g2 = g->clone();
    g->play(a.value());
    g2->play(b.value());
    CHECK(g->position_text() == "B:WK3:B17,20,28");
    CHECK(g->equals(*g2));
}

TEST_CASE("the board view: cells, pieces and moves for the client") {
    auto g = kibitz::core::checkers::new_game();
    auto v = g->view();
    CHECK(v.layout == "dark_squares8");
    CHECK(v.width == 8);
    CHECK(v.height == 8);
    REQUIRE(v.cells.size() == 32);
    // Square 1 is b8 (column 1, top row); 29 is a1 (column 0, bottom row).
    CHECK(v.cells[0].id == "1");
    CHECK(v.cells[0].x == 1);
    CHECK(v.cells[0].y == 0);
    CHECK(v.cells[28].id == "29");
    CHECK(v.cells[28].x == 0);
    CHECK(v.cells[28].y == 7);
    CHECK(v.cells[4].x == 0);  // square 5 is a7
    CHECK(v.cells[4].y == 1);
    CHECK(v.pieces.size() == 24);
    CHECK(v.pieces.front().at == "1");
    CHECK(v.pieces.front().owner == 0);
    CHECK(v.pieces.front().kind == "man");
    CHECK(v.pieces.back().at == "32");
    CHECK(v.pieces.back().owner == 1);
    CHECK(v.to_move == 0);
    REQUIRE(v.moves.size() == 7);
    CHECK(v.moves[0].text == "9-13");
    CHECK(v.moves[0].path == strings{"9", "13"});
    CHECK(v.moves[0].affected.empty());

    auto k = load("B:W30:BK14");
    auto kv = k->view();
    REQUIRE(kv.pieces.size() == 2);
    CHECK(kv.pieces[0].kind == "king");
    CHECK(kv.pieces[0].owner == 0);
    CHECK(kv.pieces[1].kind == "man");
    CHECK(kv.pieces[1].owner == 1);
}

// The reason a player is given for a click on a man that starts no move.
namespace {
std::string refusal_of(const core::game& g, const std::string& cell) {
    for (const auto& r : g.view_for_mover(false).refusals)
        for (const auto& c : r.cells)
            if (c == cell) return r.reason;
    return "";
}
}  // namespace

TEST_CASE("a man that must wait for a compulsory capture is told which man must jump") {
    // B:W18:B1,14: 14x23 is the only move; 1 could step, but a capture is compulsory.
    auto g = load("B:W18:B1,14");
    CHECK(refusal_of(*g, "1") == "A capture is compulsory: 14 must jump");
    CHECK(refusal_of(*g, "14").empty());  // it can move: nothing to explain
    CHECK(refusal_of(*g, "18").empty());  // not the mover's
    auto two = load("B:W18,19:B1,14,15");
    CHECK(refusal_of(*two, "1") == "A capture is compulsory: 14 or 15 must jump");
}

TEST_CASE("a man merely blocked gets no words from the rules: the client sees it has no move") {
    // B:W29,30:B1,25: 25 has no square ahead, and no capture is pending.
    auto g = load("B:W29,30:B1,25");
    CHECK(g->view_for_mover(false).refusals.empty());
}
