// The engine with a checkers endgame table (limits::endgame): in the tree a
// position the table covers is a forced end at the table's distance; a root it
// covers plays the table's best move at once; the puzzles' search never probes.
#include <doctest/doctest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

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

namespace {

// A game that went on from g by king moves alone (no capture, no end) until
// the side to move's table result, a win or a loss, is further away than the
// 40-move count has plies left; found depth first, trying moves in turn.
std::unique_ptr<core::game> past_the_count(const core::game& g, int quiet, int& distance) {
    const auto code =
        ck::endgame_table(three_pieces()).value(checkers_test::fen_position(g.position_text()));
    REQUIRE(code);
    distance = ck::plies_of(*code);
    if (quiet >= 40 && *code != 0 && distance > ck::quiet_ply_limit - quiet) return g.clone();
    if (quiet + 1 >= ck::quiet_ply_limit) return nullptr;
    for (std::size_t k = 0; k < g.move_count(); ++k) {
        const std::size_t i = (k + std::size_t(quiet)) % g.move_count();
        if (g.move_text(i).find('x') != std::string::npos) continue;
        auto next = g.clone();
        next->play(i);
        if (next->current_status().over()) continue;
        if (auto found = past_the_count(*next, quiet + 1, distance)) return found;
    }
    return nullptr;
}

}  // namespace

TEST_CASE(
    "checkers endgame search: a win the 40-move count would cut short is not taken from the "
    "table") {
    int distance = 0;
    auto g = past_the_count(*checkers_test::load("B:WK14:BK1,K32"), 0, distance);
    REQUIRE(g);
    INFO("table distance " << distance << ", " << g->position_text());
    const engine::report late = think(*g, 2, three_pieces());
    CHECK_FALSE(late.endgame_lead);
    CHECK_FALSE(engine::is_decided(late.score));
    // The same position with the count at zero is the table's forced end.
    auto fresh = checkers_test::load(g->position_text());
    const engine::report early = think(*fresh, 2, three_pieces());
    REQUIRE(early.endgame_lead);
    CHECK(std::abs(engine::plies_to_end(early.score)) == distance);
}
