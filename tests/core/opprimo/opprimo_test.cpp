// Opprimo rules tests. Boards are drawn with rank 13 at the top; legend:
// y = yellow Soldier, Y = yellow Knight, r = red Soldier, R = red Knight, . = empty.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "opprimo/opprimo.hpp"

using namespace kibitz::core;
namespace op = kibitz::core::opprimo;

namespace {

std::unique_ptr<game> load(const std::string& text) {
    auto g = op::from_position(text);
    REQUIRE_MESSAGE(g.ok(), text << ": " << (g.ok() ? "" : g.reason()));
    return std::move(g).value();
}

std::set<std::string> moves_of(const game& g) {
    std::set<std::string> out;
    for (std::size_t i = 0; i < g.move_count(); ++i) out.insert(g.move_text(i));
    return out;
}

void play(game& g, const std::string& text) {
    auto r = g.try_move(text);
    REQUIRE_MESSAGE(r.ok(), text << ": " << (r.ok() ? "" : r.reason()));
}

const std::string start_text =
    "y Y:a2,b1,b3,c2,d1,d3,e2,f1,f3,g2,Kd1-d3-e2 R:a12,b11,b13,c12,d11,d13,e12,f11,f13,g12,"
    "Kc12-d11-d13";

}  // namespace

TEST_CASE("geometry: 45 points, 110 lines, 66 triangles, castles, promotion points") {
    CHECK(op::points.size() == 45);
    int edges = 0;
    for (int a = 0; a < op::point_count; ++a)
        for (int b = a + 1; b < op::point_count; ++b) edges += op::adjacent(a, b) ? 1 : 0;
    CHECK(edges == 110);
    CHECK(op::triangle_corners.size() == 66);
    std::set<std::string> names;
    for (int t = 0; t < op::triangle_count; ++t) names.insert(op::triangle_name(t));
    CHECK(names.size() == 66);
    CHECK(names.count("d1-d3-e2") == 1);
    CHECK(names.count("d9-d11-e10") == 1);
    CHECK(names.count("a2-a4-b3") == 1);
    CHECK(names.count("c2-d1-e2") == 0);  // c2 and e2 are not joined: no horizontal lines
    // Each inner line is the side of two triangles, each border line of one:
    // 66 * 3 = 2 * 88 + 22, so 88 adjacent pairs.
    int pairs = 0;
    for (int t = 0; t < op::triangle_count; ++t)
        for (int u : op::triangle_adjacent[t]) pairs += u >= 0 ? 1 : 0;
    CHECK(pairs == 2 * 88);
    CHECK(op::triangle_name(op::castle_triangles[0][0]) == "c2-d1-d3");
    CHECK(op::triangle_name(op::castle_triangles[0][1]) == "d1-d3-e2");
    CHECK(op::triangle_name(op::castle_triangles[1][0]) == "c12-d11-d13");
    CHECK(op::triangle_name(op::castle_triangles[1][1]) == "d11-d13-e12");
    // The two triangles of each Castle share a side.
    for (int s = 0; s < 2; ++s) {
        const auto& adj = op::triangle_adjacent[op::castle_triangles[s][0]];
        CHECK(std::count(adj.begin(), adj.end(), op::castle_triangles[s][1]) == 1);
    }
    CHECK(op::promotion_mask[0] == (op::bit(op::parse_point("b13")) | op::bit(op::parse_point("d13")) |
                                    op::bit(op::parse_point("f13"))));
    CHECK(op::promotion_mask[1] == (op::bit(op::parse_point("b1")) | op::bit(op::parse_point("d1")) |
                                    op::bit(op::parse_point("f1"))));
    CHECK(op::parse_triangle("e2-d3-d1") == op::parse_triangle("d1-d3-e2"));
    CHECK(op::parse_triangle("d1-d3-d5") == op::no_index);
}

TEST_CASE("start: 14 legal moves, exactly the listed ones") {
    auto g = op::new_game();
    CHECK(g->id() == "opprimo");
    CHECK(g->to_move() == 0);
    CHECK(g->position_text() == start_text);
    CHECK(moves_of(*g) == std::set<std::string>{"a2-a4", "b3-a4", "b3-b5", "b3-c4", "c2-c4",
                                               "d3-c4", "d3-d5", "d3-e4", "e2-e4", "f3-e4",
                                               "f3-f5", "f3-g4", "g2-g4", "K:d1-d3-e2>c2-d1-d3"});
    CHECK(g->move_count() == 14);
    // The dense order: pieces by point (file, then rank), directions n, ne, se, s, sw, nw,
    // then the King.
    std::vector<std::string> order;
    for (std::size_t i = 0; i < g->move_count(); ++i) order.push_back(g->move_text(i));
    CHECK(order == std::vector<std::string>{"a2-a4", "b3-b5", "b3-c4", "b3-a4", "c2-c4", "d3-d5",
                                            "d3-e4", "d3-c4", "e2-e4", "f3-f5", "f3-g4", "f3-e4",
                                            "g2-g4", "K:d1-d3-e2>c2-d1-d3"});
    CHECK_FALSE(g->current_status().over());
    CHECK(g->agreed_end() == status{status_kind::draw, -1, "agreement"});
}

TEST_CASE("perft from the start (self-computed, cross-checked by an independent script)") {
    auto g = op::new_game();
    CHECK(g->perft(0) == 1);
    CHECK(g->perft(1) == 14);
    CHECK(g->perft(2) == 196);
    CHECK(g->perft(3) == 3038);
    CHECK(g->perft(4) == 47089);
    CHECK(g->perft(5) == 783553);
}

TEST_CASE("perft from a tactical middle game") {
    // 13     .     .     .
    // 12  .     .     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     Y     .
    //  8  .     .     r     r
    //  7     r     R     r
    //  6  .     r     y     .
    //  5     .     y     y
    //  4  .     y     .     .
    //  3     .     .     .
    //  2  .     R     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto g = load("y Y:c4,d5,e6,Nd9,f5,Kd1-d3-e2 R:Nc2,b7,c6,Nd7,f7,e8,g8,Kc12-d11-d13");
    CHECK(g->perft(1) == 11);
    CHECK(g->perft(2) == 178);
    CHECK(g->perft(3) == 2122);
    CHECK(g->perft(4) == 36631);
    CHECK(g->perft(5) == 471436);

    // 13     .     .     .
    // 12  .     r     r     .
    // 11     .     r     Y
    // 10  .     r     y     .
    //  9     y     y     .
    //  8  .     y     .     .
    //  7     .     r     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     r     .
    //  3     R     .     .
    //  2  .     Y     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow c2-d1-d3, Red d11-d13-e12; Red to move.
    auto h = load("r Y:c8,b9,d9,Nf11,e10,Nc2,Kc2-d1-d3 R:d7,c10,c12,d11,e12,Nb3,e4,Kd11-d13-e12");
    CHECK(h->perft(1) == 20);
    CHECK(h->perft(2) == 294);
    CHECK(h->perft(3) == 5628);
    CHECK(h->perft(4) == 81547);
    CHECK(h->perft(5) == 1532487);
}

TEST_CASE("soldier: steps forward only, straight or diagonal") {
    // 13     .     .     .
    // 12  .     .     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     y     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     .     .
    //  3     .     .     .
    //  2  .     .     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto y = load("y Y:d7,Kd1-d3-e2 R:Kc12-d11-d13");
    CHECK(moves_of(*y) == std::set<std::string>{"d7-d9", "d7-e8", "d7-c8", "K:d1-d3-e2>c2-d1-d3"});
    CHECK_FALSE(y->parse_move("d7-d5").ok());
    CHECK_FALSE(y->parse_move("d7-c6").ok());

    // Red's forward is down the board.
    // 13     .     .     .
    // 12  .     .     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     r     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     .     .
    //  3     .     .     .
    //  2  .     .     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Red to move.
    auto r = load("r Y:Kd1-d3-e2 R:d7,Kc12-d11-d13");
    CHECK(moves_of(*r) ==
          std::set<std::string>{"d7-d5", "d7-e6", "d7-c6", "K:c12-d11-d13>d11-d13-e12"});
}

TEST_CASE("knight: steps in all six directions") {
    // 13     .     .     .
    // 12  .     .     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     Y     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     .     .
    //  3     .     .     .
    //  2  .     .     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto g = load("y Y:Nd7,Kd1-d3-e2 R:Kc12-d11-d13");
    CHECK(moves_of(*g) == std::set<std::string>{"d7-d9", "d7-e8", "d7-e6", "d7-d5", "d7-c6",
                                               "d7-c8", "K:d1-d3-e2>c2-d1-d3"});
    play(*g, "d7-d5");
    CHECK(g->position_text() == "r Y:Nd5,Kd1-d3-e2 R:Kc12-d11-d13");
}

TEST_CASE("conversion by a soldier: forward only, the jumped piece changes sides") {
    // 13     .     .     .
    // 12  .     .     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     r     .
    //  6  .     .     r     .
    //  5     .     y     .
    //  4  .     r     .     .
    //  3     .     .     .
    //  2  .     .     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto g = load("y Y:d5,Kd1-d3-e2 R:c4,d7,e6,Kc12-d11-d13");
    // Not d5xb3 over c4: a Soldier never converts backwards.
    CHECK(moves_of(*g) ==
          std::set<std::string>{"d5xd9", "d5xf7", "d5-c6", "K:d1-d3-e2>c2-d1-d3"});
    auto v = g->view();
    auto it = std::find_if(v.moves.begin(), v.moves.end(),
                           [](const move_view& m) { return m.text == "d5xd9"; });
    REQUIRE(it != v.moves.end());
    CHECK(it->path == std::vector<std::string>{"d5", "d9"});
    CHECK(it->affected == std::vector<std::string>{"d7"});
    play(*g, "d5xd9");
    CHECK(g->position_text() == "r Y:d7,d9,Kd1-d3-e2 R:c4,e6,Kc12-d11-d13");
}

TEST_CASE("conversion by a knight: backwards too, a jumped knight becomes a soldier") {
    // 13     .     .     .
    // 12  .     .     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     Y     .
    //  6  .     .     .     .
    //  5     .     R     .
    //  4  .     .     .     .
    //  3     .     .     .
    //  2  .     .     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto g = load("y Y:Nd7,Kd1-d3-e2 R:Nd5,Kc12-d11-d13");
    CHECK(moves_of(*g).count("d7xd3") == 1);
    play(*g, "d7xd3");
    CHECK(g->position_text() == "r Y:Nd3,d5,Kd1-d3-e2 R:Kc12-d11-d13");
    auto v = g->view();
    auto d5 = std::find_if(v.pieces.begin(), v.pieces.end(),
                           [](const piece& p) { return p.at == "d5"; });
    REQUIRE(d5 != v.pieces.end());
    CHECK(d5->owner == 0);
    CHECK(d5->kind == "soldier");
}

TEST_CASE("conversion: one piece per turn, no chain, no jumping two pieces") {
    // 13     .     .     .
    // 12  .     .     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     r     .
    //  8  .     .     .     .
    //  7     .     .     .
    //  6  .     .     .     .
    //  5     .     r     .
    //  4  .     .     .     .
    //  3     .     y     .
    //  2  .     .     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto g = load("y Y:d3,Kd1-d3-e2 R:d5,d9,Kc12-d11-d13");
    CHECK(moves_of(*g).count("d3xd11") == 0);
    play(*g, "d3xd7");
    // d7 could now convert d9, but the turn has passed to Red.
    CHECK(g->to_move() == 1);
    CHECK(g->position_text() == "r Y:d5,d7,Kd1-d3-e2 R:d9,Kc12-d11-d13");

    // 13     .     .     .
    // 12  .     .     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     r     .
    //  6  .     .     .     .
    //  5     .     r     .
    //  4  .     .     .     .
    //  3     .     y     .
    //  2  .     .     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto two = load("y Y:d3,Kd1-d3-e2 R:d5,d7,Kc12-d11-d13");
    CHECK(moves_of(*two) == std::set<std::string>{"d3-c4", "d3-e4", "K:d1-d3-e2>c2-d1-d3"});
}

TEST_CASE("promotion on a step; =N may be left out of the input") {
    // 13     .     .     .
    // 12  .     y     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     .     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     .     .
    //  3     .     .     .
    //  2  .     .     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red d11-d13-e12; Yellow to move.
    auto g = load("y Y:c12,Kd1-d3-e2 R:Kd11-d13-e12");
    CHECK(moves_of(*g) ==
          std::set<std::string>{"c12-d13=N", "c12-b13=N", "K:d1-d3-e2>c2-d1-d3"});
    auto full = g->parse_move("c12-d13=N");
    auto bare = g->parse_move("c12-d13");
    REQUIRE(full.ok());
    REQUIRE(bare.ok());
    CHECK(full.value() == bare.value());
    play(*g, "c12-d13");
    CHECK(g->position_text() == "r Y:Nd13,Kd1-d3-e2 R:Kd11-d13-e12");

    // Red promotes on Yellow's back points.
    // 13     .     .     .
    // 12  .     .     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     .     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     .     .
    //  3     .     .     .
    //  2  .     r     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Red to move.
    auto r = load("r Y:Kd1-d3-e2 R:c2,Kc12-d11-d13");
    CHECK(moves_of(*r) ==
          std::set<std::string>{"c2-b1=N", "c2-d1=N", "K:c12-d11-d13>d11-d13-e12"});
    play(*r, "c2-b1=N");
    CHECK(r->position_text() == "y Y:Kd1-d3-e2 R:Nb1,Kc12-d11-d13");
}

TEST_CASE("promotion on a conversion; the King may enter a partly enemy-cornered triangle") {
    // 13     .     .     .
    // 12  .     .     .     .
    // 11     .     r     .
    // 10  .     .     .     .
    //  9     .     y     .
    //  8  .     .     .     .
    //  7     .     .     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     .     .
    //  3     .     .     .
    //  2  .     .     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red d11-d13-e12; Yellow to move.
    auto g = load("y Y:d9,Kd1-d3-e2 R:d11,Kd11-d13-e12");
    CHECK(moves_of(*g).count("d9xd13=N") == 1);
    CHECK(g->parse_move("d9xd13").ok());
    CHECK_FALSE(g->parse_move("d9-d11").ok());
    play(*g, "d9xd13");
    CHECK(g->position_text() == "r Y:d11,Nd13,Kd1-d3-e2 R:Kd11-d13-e12");
    CHECK_FALSE(g->current_status().over());
    // c12-d11-d13 has two yellow corners and one empty: the King may go there.
    CHECK(moves_of(*g) == std::set<std::string>{"K:d11-d13-e12>c12-d11-d13"});
}

TEST_CASE("king: steps side by side inside its own Castle only") {
    auto g = op::new_game();
    // d1-d3-e2 also touches d3-e2-e4, outside the Castle.
    play(*g, "K:d1-d3-e2>c2-d1-d3");
    CHECK(moves_of(*g).count("K:c12-d11-d13>d11-d13-e12") == 1);
    play(*g, "K:c12-d11-d13>d11-d13-e12");
    auto back = moves_of(*g);
    CHECK(back.count("K:c2-d1-d3>d1-d3-e2") == 1);
    CHECK(std::count_if(back.begin(), back.end(),
                        [](const std::string& m) { return m[0] == 'K'; }) == 1);
    CHECK_FALSE(g->parse_move("K:c2-d1-d3>b1-b3-c2").ok());
    // A King cannot be placed outside its Castle either.
    CHECK_FALSE(op::from_position("y Y:Kd3-e2-e4 R:Kc12-d11-d13").ok());
    CHECK_FALSE(op::from_position("y Y:Kc12-d11-d13 R:Kd1-d3-e2").ok());
}

TEST_CASE("king: cannot enter a triangle whose three corners hold enemy pieces") {
    // 13     .     .     .
    // 12  .     .     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     .     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     y     .
    //  3     .     r     .
    //  2  .     r     .     .
    //  1     .     R     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto g = load("y Y:e4,Kd1-d3-e2 R:c2,Nd1,d3,Kc12-d11-d13");
    CHECK(moves_of(*g) == std::set<std::string>{"e4-e6", "e4-f5", "e4-d5"});
    // With c2 empty, two enemy corners do not stop it.
    // 13     .     .     .
    // 12  .     .     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     .     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     y     .
    //  3     .     r     .
    //  2  .     .     .     .
    //  1     .     R     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto h = load("y Y:e4,Kd1-d3-e2 R:Nd1,d3,Kc12-d11-d13");
    CHECK(moves_of(*h).count("K:d1-d3-e2>c2-d1-d3") == 1);
}

TEST_CASE("trap by a step wins at once") {
    // 13     .     Y     .
    // 12  .     y     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     y     .
    //  8  .     .     .     .
    //  7     .     .     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     .     .
    //  3     .     .     .
    //  2  .     .     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto g = load("y Y:d9,c12,Nd13,Kd1-d3-e2 R:Kc12-d11-d13");
    play(*g, "d9-d11");
    CHECK(g->current_status() == status{status_kind::win, 0, "king trapped"});
    CHECK(g->move_count() == 0);
    CHECK(g->view().moves.empty());
    CHECK_FALSE(g->parse_move("K:c12-d11-d13>d11-d13-e12").ok());
    CHECK(g->perft(2) == 0);
    // The finished position loads as finished.
    auto again = load(g->position_text());
    CHECK(again->current_status() == status{status_kind::win, 0, "king trapped"});
}

TEST_CASE("trap by a conversion: the converted piece counts") {
    // 13     .     Y     .
    // 12  .     y     .     .
    // 11     .     r     .
    // 10  .     y     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     .     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     .     .
    //  3     .     .     .
    //  2  .     .     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto g = load("y Y:c10,c12,Nd13,Kd1-d3-e2 R:d11,Kc12-d11-d13");
    play(*g, "c10xe12");
    CHECK(g->current_status() == status{status_kind::win, 0, "king trapped"});
}

TEST_CASE("trap wins even after repetitions") {
    // The position before the trap occurs twice; trapping from it wins, not draws.
    // (A trapped position itself can never occur twice: the game ends on it.)
    // 13     .     Y     .
    // 12  .     y     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     y     .
    //  8  .     .     .     .
    //  7     .     .     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     .     .
    //  3     .     .     .
    //  2  .     .     .     .
    //  1     .     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto g = load("y Y:d9,c12,Nd13,Kd1-d3-e2 R:Kc12-d11-d13");
    play(*g, "K:d1-d3-e2>c2-d1-d3");
    play(*g, "K:c12-d11-d13>d11-d13-e12");
    play(*g, "K:c2-d1-d3>d1-d3-e2");
    play(*g, "K:d11-d13-e12>c12-d11-d13");
    CHECK_FALSE(g->current_status().over());
    play(*g, "d9-d11");
    CHECK(g->current_status() == status{status_kind::win, 0, "king trapped"});
}

TEST_CASE("no legal move loses") {
    // Yellow's a12 is blocked (nothing beyond b13) and its King's only Castle
    // neighbour has three red corners.
    // 13     r     .     .
    // 12  y     .     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     .     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     .     .
    //  3     .     r     .
    //  2  .     r     .     .
    //  1     .     R     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto g = load("y Y:a12,Kd1-d3-e2 R:b13,c2,Nd1,d3,Kc12-d11-d13");
    CHECK(g->current_status() == status{status_kind::win, 1, "no legal move"});
    CHECK(g->move_count() == 0);

    // A trapped King of the side to move loads as a finished game.
    // 13     .     .     .
    // 12  .     .     .     .
    // 11     .     .     .
    // 10  .     .     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     .     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     .     .
    //  3     .     r     .
    //  2  .     .     r     .
    //  1     .     R     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto t = load("y Y:Kd1-d3-e2 R:Nd1,d3,e2,Kc12-d11-d13");
    CHECK(t->current_status() == status{status_kind::win, 1, "king trapped"});
    CHECK(t->move_count() == 0);

    // Red's a2 is blocked by b1 and its King by d11, d13, e12: after any Yellow
    // move Red cannot move.
    // 13     .     Y     .
    // 12  .     .     y     .
    // 11     .     y     .
    // 10  .     .     .     .
    //  9     .     .     .
    //  8  .     .     .     .
    //  7     .     .     .
    //  6  .     .     .     .
    //  5     .     .     .
    //  4  .     .     .     .
    //  3     .     .     .
    //  2  r     .     .     y
    //  1     y     .     .
    //     a  b  c  d  e  f  g
    // Kings: Yellow d1-d3-e2, Red c12-d11-d13; Yellow to move.
    auto h = load("y Y:b1,g2,d11,Nd13,e12,Kd1-d3-e2 R:a2,Kc12-d11-d13");
    CHECK_FALSE(h->current_status().over());
    play(*h, "g2-g4");
    CHECK(h->current_status() == status{status_kind::win, 0, "no legal move"});
}

TEST_CASE("threefold repetition over the whole game is a draw") {
    const char* shuffle[] = {"K:d1-d3-e2>c2-d1-d3", "K:c12-d11-d13>d11-d13-e12",
                             "K:c2-d1-d3>d1-d3-e2", "K:d11-d13-e12>c12-d11-d13"};
    auto g = op::new_game();
    for (int round = 0; round < 2; ++round)
        for (const char* m : shuffle) {
            CHECK_FALSE(g->current_status().over());
            play(*g, m);
        }
    // The start position has now occurred three times.
    CHECK(g->current_status() == status{status_kind::draw, -1, "threefold repetition"});
    CHECK(g->move_count() == 0);

    // A loaded position counts once: the same shuffle from the loaded start.
    auto h = load(start_text);
    for (int i = 0; i < 4; ++i) play(*h, shuffle[i]);
    for (int i = 0; i < 3; ++i) play(*h, shuffle[i]);
    CHECK_FALSE(h->current_status().over());
    play(*h, shuffle[3]);
    CHECK(h->current_status().kind == status_kind::draw);
}

TEST_CASE("clone and equals") {
    auto g = op::new_game();
    play(*g, "c2-c4");
    auto c = g->clone();
    CHECK(c->equals(*g));
    play(*c, "a12-a10");
    CHECK_FALSE(c->equals(*g));
    // Same position, different history (start counted twice): not equal.
    auto h = op::new_game();
    for (const char* m : {"K:d1-d3-e2>c2-d1-d3", "K:c12-d11-d13>d11-d13-e12",
                          "K:c2-d1-d3>d1-d3-e2", "K:d11-d13-e12>c12-d11-d13"})
        play(*h, m);
    auto fresh = op::new_game();
    CHECK(h->position_text() == fresh->position_text());
    CHECK_FALSE(h->equals(*fresh));
}

TEST_CASE("position text round trip") {
    const char* texts[] = {
        "y Y:a2,b1,b3,c2,d1,d3,e2,f1,f3,g2,Kd1-d3-e2 R:a12,b11,b13,c12,d11,d13,e12,f11,f13,g12,"
        "Kc12-d11-d13",
        "r Y:c4,d5,Nd9,e6,f5,Kc2-d1-d3 R:b7,Nc2,c6,Nd7,e8,f7,g8,Kd11-d13-e12",
        "y Y:Kd1-d3-e2 R:Kc12-d11-d13",
        "r Y:Nb13,Nd13,Nf13,Kd1-d3-e2 R:Nb1,Nd1,Nf1,Kc12-d11-d13",
    };
    for (const char* t : texts) {
        auto g = load(t);
        CHECK(g->position_text() == t);
        auto again = load(g->position_text());
        CHECK(again->equals(*g));
    }
    // Any item order and corner order read; the output is canonical.
    auto g = load("  r Y:Ke2-d1-d3,Nd9,c4 R:Kd13-d11-c12,f7,Nc2  ");
    CHECK(g->position_text() == "r Y:c4,Nd9,Kd1-d3-e2 R:Nc2,f7,Kc12-d11-d13");
    // Played positions round-trip too.
    auto p = op::new_game();
    std::mt19937 rng(7);
    for (int i = 0; i < 200 && !p->current_status().over(); ++i) {
        p->play(rng() % p->move_count());
        auto q = load(p->position_text());
        CHECK(q->position_text() == p->position_text());
    }
}

TEST_CASE("malformed position texts are errors, never crashes") {
    const char* bad[] = {
        "",
        "y",
        "y Y:Kd1-d3-e2",
        "x Y:Kd1-d3-e2 R:Kc12-d11-d13",
        "Y Y:Kd1-d3-e2 R:Kc12-d11-d13",
        "y R:Kc12-d11-d13 Y:Kd1-d3-e2",           // fields out of order
        "y Y:Kd1-d3-e2 R:Kc12-d11-d13 extra",
        "y Y:Kd1-d3-e2  R:Kc12-d11-d13",          // two spaces make an empty field
        "y Y:d5 R:Kc12-d11-d13",                  // no yellow King
        "y Y:Kd1-d3-e2,Kc2-d1-d3 R:Kc12-d11-d13", // two Kings
        "y Y:Kd1-d3-e4 R:Kc12-d11-d13",           // not a triangle
        "y Y:Kd1-d3 R:Kc12-d11-d13",
        "y Y:Kd1-d3-e2-f1 R:Kc12-d11-d13",
        "y Y:Kd1-d1-e2 R:Kc12-d11-d13",
        "y Y:a3,Kd1-d3-e2 R:Kc12-d11-d13",        // a3 is not a point
        "y Y:h2,Kd1-d3-e2 R:Kc12-d11-d13",
        "y Y:a0,Kd1-d3-e2 R:Kc12-d11-d13",
        "y Y:d01,Kd1-d3-e2 R:Kc12-d11-d13",
        "y Y:d15,Kd1-d3-e2 R:Kc12-d11-d13",
        "y Y:D5,Kd1-d3-e2 R:Kc12-d11-d13",
        "y Y:N,Kd1-d3-e2 R:Kc12-d11-d13",
        "y Y:K,Kd1-d3-e2 R:Kc12-d11-d13",
        "y Y:d5,,Kd1-d3-e2 R:Kc12-d11-d13",       // empty item
        "y Y:d5,Kd1-d3-e2, R:Kc12-d11-d13",
        "y Y:d5,Kd1-d3-e2 R:d5,Kc12-d11-d13",     // point used twice
        "y Y:d13,Kd1-d3-e2 R:Kc12-d11-d13",       // yellow Soldier on its promotion point
        "y Y:Kd1-d3-e2 R:b1,Kc12-d11-d13",        // red Soldier on its promotion point
        "r Y:Kd1-d3-e2 R:Nd1,d3,e2,Kc12-d11-d13",  // Yellow, not to move, already trapped
        "y Y:c12,d11,Nd13,Kd1-d3-e2 R:Kc12-d11-d13",  // Red, not to move, already trapped
        "y Y:Kd1-d3-e2 R:Kc12-d11-d13\x01",
    };
    for (const char* t : bad) {
        auto g = op::from_position(t);
        CHECK_MESSAGE(!g.ok(), "accepted: " << t);
        if (!g.ok()) CHECK_FALSE(g.reason().empty());
    }
    // Random bytes and random mutations of a valid text never crash.
    std::mt19937 rng(12345);
    const std::string alphabet = "yrYRNK:,- abcdefgh0123456789>x=\t";
    for (int i = 0; i < 20000; ++i) {
        std::string t = start_text;
        const int edits = 1 + static_cast<int>(rng() % 4);
        for (int e = 0; e < edits && !t.empty(); ++e) {
            const std::size_t at = rng() % t.size();
            switch (rng() % 3) {
            case 0: t[at] = alphabet[rng() % alphabet.size()]; break;
            case 1: t.erase(at, 1 + rng() % 3); break;
            default: t.insert(at, 1, static_cast<char>(rng() % 256)); break;
            }
        }
        auto g = op::from_position(t);
        if (g.ok()) CHECK(op::from_position(g.value()->position_text()).ok());
    }
}

TEST_CASE("malformed move texts are errors, never crashes") {
    auto g = op::new_game();
    const char* bad[] = {"", "c2", "c2-", "c2-c4=N", "c2-c4=Q", "c2xc4", "c2-c6", "c4-c6",
                         "K:", "K:d1-d3-e2", "K:d1-d3-e2>", "K:d1-d3-e2>d3-e2-e4",
                         "K:c12-d11-d13>d11-d13-e12", "C2-C4", " c2-c4", "a12-a10",
                         "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"};
    for (const char* t : bad) {
        auto r = g->parse_move(t);
        CHECK_MESSAGE(!r.ok(), "accepted: " << t);
    }
    CHECK(g->position_text() == start_text);
    CHECK_FALSE(g->try_move("c2-c6").ok());
    CHECK(g->position_text() == start_text);
    // Every listed move's text parses back to its own index.
    for (std::size_t i = 0; i < g->move_count(); ++i) {
        auto r = g->parse_move(g->move_text(i));
        REQUIRE(r.ok());
        CHECK(r.value() == i);
    }
    CHECK(g->move_text(999).empty());
}

TEST_CASE("view: points, triangles, tags, pieces and moves") {
    auto g = op::new_game();
    auto v = g->view();
    CHECK(v.layout == "triangle_lattice");
    CHECK(v.width == 6);
    CHECK(v.height == 12);
    int point_cells = 0, triangle_cells = 0;
    for (const auto& c : v.cells) {
        if (c.kind == "point") ++point_cells;
        if (c.kind == "triangle") {
            ++triangle_cells;
            CHECK(c.corners.size() == 3);
        }
    }
    CHECK(point_cells == 45);
    CHECK(triangle_cells == 66);
    auto cell_of = [&](const std::string& id) {
        auto it = std::find_if(v.cells.begin(), v.cells.end(),
                               [&](const cell& c) { return c.id == id; });
        REQUIRE(it != v.cells.end());
        return *it;
    };
    CHECK(cell_of("d13").tags == std::vector<std::string>{"promote-yellow"});
    CHECK(cell_of("b1").tags == std::vector<std::string>{"promote-red"});
    CHECK(cell_of("d13").y == 0);
    CHECK(cell_of("d1").y == 12);
    CHECK(cell_of("g2").x == 6);
    auto castle = cell_of("c12-d11-d13");
    CHECK(castle.tags == std::vector<std::string>{"castle-red"});
    CHECK(castle.corners == std::vector<std::string>{"c12", "d11", "d13"});
    CHECK(castle.x == doctest::Approx(8.0 / 3));
    CHECK(castle.y == doctest::Approx(1.0));  // y of c12, d11, d13: 1, 2, 0
    CHECK(cell_of("d1-d3-e2").tags == std::vector<std::string>{"castle-yellow"});
    CHECK(v.pieces.size() == 22);
    int kings = 0;
    for (const auto& p : v.pieces) {
        if (p.kind == "king") {
            ++kings;
            CHECK(p.at == (p.owner == 0 ? "d1-d3-e2" : "c12-d11-d13"));
        } else {
            CHECK(p.kind == "soldier");
        }
    }
    CHECK(kings == 2);
    REQUIRE(v.moves.size() == 14);
    for (std::size_t i = 0; i < v.moves.size(); ++i) CHECK(v.moves[i].text == g->move_text(i));
    auto k = std::find_if(v.moves.begin(), v.moves.end(),
                          [](const move_view& m) { return m.text[0] == 'K'; });
    REQUIRE(k != v.moves.end());
    CHECK(k->path == std::vector<std::string>{"d1-d3-e2", "c2-d1-d3"});
}

TEST_CASE("random games end properly and stay consistent") {
    std::mt19937 rng(99);
    int decided = 0;
    for (int n = 0; n < 300; ++n) {
        auto g = op::new_game();
        int plies = 0;
        while (!g->current_status().over() && plies < 1000) {
            REQUIRE(g->move_count() > 0);
            std::set<std::string> seen;
            for (std::size_t i = 0; i < g->move_count(); ++i) seen.insert(g->move_text(i));
            CHECK(seen.size() == g->move_count());  // no duplicates
            g->play(rng() % g->move_count());
            ++plies;
        }
        if (g->current_status().over()) {
            ++decided;
            CHECK(g->move_count() == 0);
            CHECK(g->view().moves.empty());
        }
    }
    CHECK(decided > 0);
}

TEST_SUITE("slow") {
    // Depth 6 cross-checked by an independent script; depth 7 self-computed.
    TEST_CASE("perft 6 and 7 from the start") {
        CHECK(op::new_game()->perft(6) == 13036534);
        CHECK(op::new_game()->perft(7) == 228258386);
    }
}

namespace {
// Whether the side's own Soldier or Knight stands on its middle back point
// (d1 for Yellow, d13 for Red), read from the position text.
bool anchored(const std::string& text, char side) {
    const std::string list_start = side == 'y' ? " Y:" : " R:";
    const std::string point = side == 'y' ? "d1" : "d13";
    const auto from = text.find(list_start) + list_start.size();
    const auto to = text.find(' ', from);
    std::string list = "," + text.substr(from, to - from) + ",";
    return list.find("," + point + ",") != std::string::npos ||
           list.find(",N" + point + ",") != std::string::npos;
}
}  // namespace

// A consequence of the board we read (docs/rules/opprimo.md, "The anchor"):
// the middle back point is a corner of both Castle triangles and no point
// lies beyond it on any line, so a piece there can never be converted, the
// King can never be trapped, and the King always has a step. The side that
// keeps its piece there cannot lose; the engine's anchor term and the draws
// in BENCHMARKS.md ("Engine strength") follow from it.
TEST_CASE("the anchor: a side whose own piece stays on its middle back point never loses") {
    std::mt19937 rng(7);
    int anchored_ends = 0, games_won = 0;
    for (int n = 0; n < 400; ++n) {
        auto g = op::new_game();
        int plies = 0;
        while (!g->current_status().over() && plies < 600) {
            const std::string before = g->position_text();
            const char mover = before[0], other = mover == 'y' ? 'r' : 'y';
            g->play(rng() % g->move_count());
            ++plies;
            // The mover's move never takes the other side's anchor away.
            if (anchored(before, other)) CHECK(anchored(g->position_text(), other));
        }
        const status st = g->current_status();
        if (st.kind != status_kind::win) continue;
        ++games_won;
        const char loser = st.winner == 0 ? 'r' : 'y';
        if (anchored(g->position_text(), loser)) ++anchored_ends;
    }
    CHECK(games_won > 0);
    CHECK(anchored_ends == 0);
}
