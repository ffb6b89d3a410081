// Opprimo from the position editor: what is refused, and why.
#include "support/compose_util.hpp"

using namespace compose_test;

namespace {
const piece yellow_king{"d1-d3-e2", 0, "king"}, red_king{"c12-d11-d13", 1, "king"};
}

TEST_CASE("opprimo: a composed board becomes its text") {
    CHECK(accepted("opprimo", board(1, {{"c4", 0, "soldier"},
                                        {"d13", 0, "knight"},
                                        yellow_king,
                                        {"e8", 1, "soldier"},
                                        red_king})) == "r Y:c4,Nd13,Kd1-d3-e2 R:e8,Kc12-d11-d13");
}

TEST_CASE("opprimo: impossible boards are refused with the reason") {
    CHECK(refused("opprimo", board(0, {yellow_king, {"c4", 1, "soldier"}})) == "Red has no King");
    CHECK(refused("opprimo", board(0, {yellow_king, red_king, {"c4", 0, "king"}})) ==
          "a King stands in a triangle, not on the point c4");
    CHECK(refused("opprimo", board(0, {yellow_king, red_king, {"d11-d13-e12", 1, "king"}})) ==
          "Red has two Kings");
    CHECK(refused("opprimo", board(0, {{"d11-d13-e12", 0, "king"}, red_king}))
              .starts_with("King outside its Castle"));
    CHECK(refused("opprimo", board(0, {yellow_king, red_king, {"d13", 0, "soldier"}})) ==
          "a Soldier on d13 would have been promoted");
}
