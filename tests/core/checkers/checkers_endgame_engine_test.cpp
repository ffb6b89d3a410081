// The engine with a checkers endgame table (limits::endgame): in the tree a
// position the table covers is a forced end at the table's distance; a root it
// covers plays the table's best move at once; the puzzles' search never probes.
#include <doctest/doctest.h>

#include "checkers/checkers_endgame.hpp"
#include "checkers_test_util.hpp"
#include "kibitz/core/engine.hpp"

namespace {

namespace core = kibitz::core;
namespace ck = kibitz::core::checkers;
namespace engine = kibitz::core::engine;

const std::vector<std::int8_t>& three_pieces() {
    static const std::vector<std::int8_t> v = ck::build_endgame(3).values;
    return v;
}

engine::report think(const core::game& g, int depth, std::span<const std::int8_t> table) {
    engine::limits l;
    l.depth = depth;
    l.endgame = table;
    l.score_forced_move = true;  // a forced capture is searched all the same
    auto r = engine::think(g, l);
    REQUIRE(r.ok());
    return r.value();
}

}  // namespace

TEST_CASE("checkers endgame search: a capture into a won 3-piece ending is a forced win") {
    // 2 kings against 2: 9x18 leaves two kings against one, which the table
    // knows as a win; without it a shallow search sees only material.
    auto g = checkers_test::load("B:WK14,K1:BK9,K32");
    const engine::report with = think(*g, 3, three_pieces());
    CHECK(with.text == "9x18");
    CHECK(engine::plies_to_end(with.score) > 1);
    const engine::report without = think(*g, 3, {});
    CHECK(with.text == without.text);
    CHECK_FALSE(engine::is_decided(without.score));
}

TEST_CASE("checkers endgame search: a covered root plays the table's shortest win") {
    auto g = checkers_test::load("B:WK14:BK1,K32");
    const auto code =
        ck::endgame_table(three_pieces()).value(checkers_test::fen_position("B:WK14:BK1,K32"));
    REQUIRE(code);
    REQUIRE(ck::is_win(*code));
    const engine::report r = think(*g, 1, three_pieces());
    CHECK(engine::plies_to_end(r.score) == ck::plies_of(*code));
    CHECK(r.endgame_lead == 1);
    // The line follows the table to the end: the winner's last move ends it.
    CHECK(int(r.pv.size()) == ck::plies_of(*code));
    auto line = checkers_test::load("B:WK14:BK1,K32");
    for (const std::string& m : r.pv) checkers_test::play(*line, m);
    CHECK(line->current_status().over());
}

TEST_CASE("checkers endgame search: a drawn root keeps to drawing moves") {
    auto g = checkers_test::load("B:WK32:BK1");
    const engine::report r = think(*g, 4, three_pieces());
    CHECK(r.score == 0);
    CHECK(r.endgame_lead == 0);
}
