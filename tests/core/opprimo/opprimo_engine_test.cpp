// Opprimo tactics the engine must find, and losing moves it must avoid. The
// positions are composed from the rules. Each was checked by playing every
// legal move and searching the reply to depth 8 or 10: the named move is the
// only one that traps at once, or the only one that wins by force, or the
// best by the margin given; in the second table every other move lets the
// opponent trap the King on the next move, while the named one does not lose
// by force within that depth.
#include "support/engine_cases.hpp"

#include "kibitz/core/game.hpp"

TEST_CASE("opprimo: traps, conversions and promotions") {
    engine_test::check_cases("opprimo", {
        {"y Y:d11,Nd13,e10,Kd1-d3-e2 R:Nd1,d3,e4,a12,Kd11-d13-e12", "e10-e12",
         "the step onto e12 takes the third corner; anything else but the King's step lets "
         "e4-e2 trap Yellow"},
        {"y Y:b11,d11,Nd13,Kd1-d3-e2 R:Nd1,d3,e4,g12,Kc12-d11-d13", "b11-c12",
         "the step onto c12 traps the King in c12-d11-d13; b11-b13=N promotes but loses"},
        {"y Y:c10,c12,Nd13,Kd1-d3-e2 R:Nd1,d3,e4,d11,Kc12-d11-d13", "c10xe12",
         "converting d11 completes the trap; every other move loses"},
        {"y Y:b11,d11,Kd1-d3-e2 R:Nd1,d3,e4,c12,Kc12-d11-d13", "b11xd13=N",
         "a promoting conversion: c12 changes sides and the Knight lands on d13, the trap"},
        {"r Y:a2,Kd1-d3-e2 R:Nd1,d3,e4,Kc12-d11-d13", "e4-e2",
         "Red traps at once; d1-e2 and d3-e2 would empty a corner they need"},
        {"r Y:d3,c10,d11,Nd13,Kd1-d3-e2 R:Nd1,e2,e4,Kc12-d11-d13", "e4xc2",
         "the jump over d3 turns it red: d1, d3 and e2 are Red's, the trap; every other "
         "move lets c10-c12 trap Red"},
        {"y Y:c12,d11,e12,Kd1-d3-e2 R:b5,Kd11-d13-e12", "c12-d13=N",
         "promotion on d13 is the only move that traps now (d11-d13 or e12-d13 empty a corner)"},
        {"y Y:d1,c4,a2,Kd1-d3-e2 R:d13,d5,Nb5,g12,Kc12-d11-d13", "c4xa6",
         "converting the Knight on b5: about 40 better than converting the Soldier on d5"},
        {"y Y:d1,Nd7,a2,Kd1-d3-e2 R:d13,d5,g12,Kc12-d11-d13", "d7xd3",
         "a Knight converts backwards: d5 becomes Yellow's; about 290 better than any step"},
        {"r Y:d1,a2,d9,Nf9,Kd1-d3-e2 R:d13,e10,g12,Kc12-d11-d13", "e10xg8",
         "Red converts the Knight on f9 rather than the Soldier on d9 (about 40 better)"},
    }, 200000);
}

TEST_CASE("opprimo: the one move that does not lose") {
    engine_test::check_cases("opprimo", {
        {"y Y:f1,f3,a6,Kd1-d3-e2 R:Nd1,c2,e2,d5,a12,Kc12-d11-d13", "f1xd3",
         "d5-d3 threatens the trap and the King's step walks into it; converting e2 and "
         "landing on d3 holds both corners"},
        {"r Y:c12,d9,e12,Nd13,g2,Kd1-d3-e2 R:b11,b13,g8,Kc12-d11-d13", "b13xd11",
         "the same for Red: converting c12 and landing on d11"},
        {"y Y:b1,b3,c2,a6,Kd1-d3-e2 R:Nd1,d3,e4,a12,Kc12-d11-d13", "K:d1-d3-e2>c2-d1-d3",
         "e4-e2 threatens the trap; only the King's step escapes, into a triangle whose own "
         "corner c2 cannot be converted (b1 and b3 are occupied)"},
        {"r Y:c10,d11,Nd13,g2,Kd1-d3-e2 R:e12,f11,f13,g8,Kc12-d11-d13",
         "K:c12-d11-d13>d11-d13-e12", "the same for Red: c10-c12 threatens; the King steps away"},
    }, 200000);
}

TEST_CASE("opprimo: a forced win is played by the shortest route") {
    namespace engine = kibitz::core::engine;
    // c12-d13=N traps at once; every other move still wins, but later.
    auto g = kibitz::core::find_game("opprimo")->from_position(
        "y Y:c12,d11,e12,Kd1-d3-e2 R:b5,Kd11-d13-e12");
    REQUIRE(g.ok());
    engine::limits l;
    l.nodes = 100000;
    auto r = engine::think(*g.value(), l);
    REQUIRE(r.ok());
    CHECK(r.value().text == "c12-d13=N");
    CHECK(engine::plies_to_end(r.value().score) == 1);
    // Three plies, by one route only: the Knight takes e12 (the King cannot step into
    // c12-d11-d13, all Yellow's), any reply, then c12-d13=N. Every other first move
    // needs five plies or more (checked move by move at depth 8).
    auto g3 = kibitz::core::find_game("opprimo")->from_position(
        "y Y:c12,d11,Nd13,f7,Kd1-d3-e2 R:a4,Kd11-d13-e12");
    REQUIRE(g3.ok());
    auto r3 = engine::think(*g3.value(), l);
    REQUIRE(r3.ok());
    CHECK(r3.value().text == "d13-e12");
    CHECK(engine::plies_to_end(r3.value().score) == 3);
}
