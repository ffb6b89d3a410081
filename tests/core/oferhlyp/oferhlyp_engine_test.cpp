// Oferhlýp tactics the engine must find, and losing moves it must avoid. The
// positions were composed by a generator over random placements and kept only
// where an exhaustive search over every legal turn (no evaluation: king kills
// only, or for a won token a 4-ply material minimax) shows the named move as
// the only one that does what its `why` says: the only king kill, the only
// forced kill within 3 plies, the only move not losing the king within 3
// plies, or a token better than any other move.
#include "support/engine_cases.hpp"

#include "kibitz/core/game.hpp"

namespace engine = kibitz::core::engine;

TEST_CASE("oferhlyp: king kills through attack chains") {
    engine_test::check_cases("oferhlyp", {
        {"1l2LL1/l3d2/2+d3l/2D1d1l/7/5L1/6+L light", "F7xD5(1>0)xKB5(1>0)",
         "removes the half E6, lands beside the half king on C5 and jumps it: the only kill"},
        {"7/3+d3/6D/3d3/1D4+L/1d1L3/d1L4 light", "C1xA3(1>0)xC3(2>1)xE5(1>0)xKC7(1>0)",
         "four attacks: removes B2, halves B3, removes D4, then jumps the half king on D6"},
        {"l6/4D2/2+l3l/4d2/l2L3/4D+dL/LD5 light", "D3xF1(2>1)xKF3(1>0)",
         "halves E2 to land on F1, from where the half king on F2 can be jumped"},
        {"1+D4D/1d2d1D/L3L2/3D3/L1L4/2+l2D1/l4d1 dark", "D4xB2(2>1)xKD2(1>0)",
         "halves C3 to land on B2, then jumps the half king on C2"},
        {"5+d1/1d3D1/2Ll1+l1/3l1L1/7/d4L1/4d2 dark", "E1xG3(2>1)xE5(2>1)xKG5(1>0)",
         "a half-strength token halves F2 and F4, then jumps the half king on F5"},
    }, 200000);
}

TEST_CASE("oferhlyp: forced king kills in three plies") {
    engine_test::check_cases("oferhlyp", {
        {"2dD3/4L2/1L1D3/1+D+L4/5dD/7/1L5 light", "KC4xKA4(2>1)",
         "the light king halves the dark king on B4; no reply saves it"},
        {"5L1/2l1D2/1L+D4/7/3d3/2l4/D1+L1dLD dark", "D3xB1(1>0)xKD1(2>1)",
         "removes the half C2 and halves the king on C1, which is finished next turn"},
        {"5L1/l4L1/5+D+L/7/3l3/6D/3l1l1 light", "F6xKF4(2>1)",
         "halves the king on F5; whatever Dark does, it is jumped next turn"},
        {"6D/5d1/l5d/2+D1+l1L/7/D1D1L2/7 dark", "C2-D3",
         "a quiet step beside the half king on E4 that it cannot escape: the only forced kill"},
    }, 200000);
}

TEST_CASE("oferhlyp: attacks that win a token") {
    engine_test::check_cases("oferhlyp", {
        {"5D1/7/3d1D1/3l3/7/1d1D3/4+d1+L dark", "D5xD3(1>0)",
         "removes the half D4: a token up, nothing else comes close"},
        {"4+L2/7/ll5/3+Dl1L/D4d1/1D1D3/1D3l1 dark", "F3xD5(1>0)",
         "removes the half E4 that stood beside the dark king"},
        {"6l/2D4/2l+LL2/D6/7/1L1L3/5+D1 dark", "C6xC4(1>0)xKE6(2>1)xE4(2>1)",
         "removes the half C5, then halves the king on D5 and E5 in one chain"},
        {"2L1D2/1D+D4/1Ll4/7/1l4L/2+L4/7 dark", "B6xB4(2>1)xB2(1>0)xKD2(2>1)",
         "halves B5, removes the half B3, halves the king on C2"},
    }, 200000);
}

TEST_CASE("oferhlyp: the one move that does not lose") {
    engine_test::check_cases("oferhlyp", {
        {"4+L2/4L2/4+d2/3LD2/7/5L1/4l2 dark", "KE5-F4",
         "the half king on E5 steps to F4; every other turn lets Light kill it within 3 plies"},
        {"5L1/1D3l1/1Dd1l2/2D4/2+l1L2/7/1+D5 light", "KC3-D2",
         "the half king on C3 steps to D2; every other turn lets Dark kill it within 3 plies"},
        {"1d4d/3L3/7/2+l2+dl/5d1/7/1dL3d dark", "KF4-E4",
         "the half king on F4 steps to E4; every other turn lets Light kill it within 3 plies"},
        {"5D1/6d/3L3/7/Dl1+d+L1l/6D/ld3Dl dark", "KD3-C4",
         "the half king on D3, beside the light king, steps to C4: the only safe turn"},
        {"5l1/7/d1D4/6l/1LL4/2L4/3+d+L2 dark", "KD1-C1",
         "the half king on D1, beside the light king, steps to C1: the only safe turn"},
    }, 200000);
}

TEST_CASE("oferhlyp: a forced king kill is played by the shortest route") {
    // Dark also wins by force in 3 plies with D3-D4 or A4-B4, and in 5 with
    // others; the chain kills now.
    const auto* info = kibitz::core::find_game("oferhlyp");
    auto g = info->from_position("l1+dd3/3l3/2+l4/d6/L2D3/7/1D5 dark");
    REQUIRE(g.ok());
    engine::limits l;
    l.nodes = 200000;
    auto r = engine::think(*g.value(), l);
    REQUIRE(r.ok());
    CHECK(r.value().text == "D7xD5(1>0)xKB5(1>0)");
    CHECK(engine::plies_to_end(r.value().score) == 1);

    // A win in three plies is announced as exactly that, not as a longer one.
    auto g3 = info->from_position("5L1/l4L1/5+D+L/7/3l3/6D/3l1l1 light");
    REQUIRE(g3.ok());
    auto r3 = engine::think(*g3.value(), l);
    REQUIRE(r3.ok());
    CHECK(r3.value().text == "F6xKF4(2>1)");
    CHECK(engine::plies_to_end(r3.value().score) == 3);
}
