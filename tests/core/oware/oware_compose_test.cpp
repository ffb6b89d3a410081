// Oware and Ouril from the position editor: seeds must add up to 48.
#include "support/compose_util.hpp"

using namespace compose_test;

TEST_CASE("oware and ouril: composed seed counts become the text") {
    for (auto id : {"oware", "ouril"}) {
        CAPTURE(id);
        CHECK(accepted(id, board(1, {{"a", 0, "seeds", 0, 20},
                                     {"F", 1, "seeds", 0, 10},
                                     {"store-south", 0, "seeds", 0, 18}})) ==
              "N:20,0,0,0,0,0,0,0,0,0,0,10:18,0");
    }
}

TEST_CASE("oware and ouril: seeds that don't add up are refused with the reason") {
    for (auto id : {"oware", "ouril"}) {
        CAPTURE(id);
        CHECK(refused(id, board(0, {{"a", 0, "seeds", 0, 47}})) ==
              "pits and stores must hold 48 seeds in all, not 47");
        CHECK(refused(id, board(0, {{"a", 0, "seeds", 0, 49}})) == "a can hold 0 to 48 seeds");
    }
}
