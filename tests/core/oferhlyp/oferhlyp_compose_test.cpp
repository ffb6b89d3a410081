// Oferhlýp from the position editor: what is refused, and why.
#include "support/compose_util.hpp"

using namespace compose_test;

TEST_CASE("oferhlyp: a composed board with hit points becomes its text") {
    CHECK(accepted("oferhlyp",
                   board(1, {{"E7", 0, "king", 2}, {"A4", 0, "man", 1}, {"D1", 1, "king", 1}})) ==
          "4+D2/7/7/d6/7/7/3+l3 light");
}

TEST_CASE("oferhlyp: impossible boards are refused with the reason") {
    CHECK(refused("oferhlyp", board(0, {{"E7", 0, "man", 2}, {"D1", 1, "man", 2}})) ==
          "no king on the board");
    CHECK(refused("oferhlyp", board(0, {{"E7", 0, "king", 2}, {"D7", 0, "king", 2}})) ==
          "a side has more than one king");
    CHECK(refused("oferhlyp", board(0, {{"E7", 0, "king", 3}})) ==
          "the piece on E7 needs 1 to 2 hit points");
    CHECK(refused("oferhlyp", board(0, {{"E7", 0, "king", 0}})) ==
          "the piece on E7 needs 1 to 2 hit points");
    std::vector<piece> many{{"D4", 0, "king", 2}};
    for (char f = 'A'; f <= 'G'; ++f)
        for (char r : {'1', '2'}) many.push_back({std::string{f, r}, 0, "man", 2});
    CHECK(refused("oferhlyp", board(0, many)) == "a side has more than 14 tokens");
}
