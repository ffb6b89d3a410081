#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "rating/glicko2.hpp"

using namespace kibitz::server::glicko2;

TEST_CASE("glicko2: Glickman's example (1500/200 vs 1400/30 W, 1550/100 L, 1700/300 L)") {
    rating player{1500, 200, 0.06};
    std::vector<outcome> period{{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}};
    auto r = update(player, period, 0.5);
    CHECK(std::abs(r.r - 1464.05) <= 0.02);
    CHECK(std::abs(r.rd - 151.52) <= 0.01);
    CHECK(std::abs(r.vol - 0.05999) <= 1e-5);
}

TEST_CASE("glicko2: one game between new players is symmetric and zero-sum in rating") {
    auto r = update_game({}, {}, 1.0);
    CHECK(r.a.r > 1500);
    CHECK(r.b.r < 1500);
    CHECK(std::abs((r.a.r - 1500) + (r.b.r - 1500)) < 1e-9);
    CHECK(r.a.rd < 350);
    CHECK(r.a.rd == doctest::Approx(r.b.rd));
    auto d = update_game({}, {}, 0.5);
    CHECK(d.a.r == doctest::Approx(1500));
    CHECK(d.b.r == doctest::Approx(1500));
}

TEST_CASE("glicko2: an empty period only widens RD, capped at 350") {
    auto r = update({1600, 100, 0.06}, {});
    CHECK(r.r == 1600);
    CHECK(r.rd > 100);
    CHECK(update({1600, 349.99, 0.06}, {}).rd == doctest::Approx(350));
}
