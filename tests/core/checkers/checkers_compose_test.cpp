// Checkers from the position editor: what is refused, and why.
#include "support/compose_util.hpp"

using namespace compose_test;

TEST_CASE("checkers: a composed board becomes its FEN") {
    CHECK(accepted("checkers", board(1, {{"11", 0, "man"}, {"22", 1, "king"}})) == "W:WK22:B11");
}

TEST_CASE("checkers: impossible boards are refused with the reason") {
    CHECK(refused("checkers", board(0, {{"30", 0, "man"}, {"22", 1, "man"}})) ==
          "a man on its crowning row (it would be a king)");
    std::vector<piece> many;
    for (int sq = 1; sq <= 13; ++sq) many.push_back({std::to_string(sq), 0, "king"});
    many.push_back({"30", 1, "king"});
    CHECK(refused("checkers", board(0, many)) == "more than 12 pieces for one side");
    CHECK(refused("checkers", board(0, {{"11", 0, "man"}}))
              .starts_with("the side not to move has no pieces"));
    CHECK(refused("checkers", board(0, {{"11", 2, "man"}, {"22", 1, "man"}})) ==
          "the piece on 11 belongs to no side");
}
