// The shared search against the truth on a game small enough to solve whole:
// tic-tac-toe, every position reachable from the empty board. Plain minimax
// (no pruning, no table, no ordering) gives each position's exact value, with
// the distance to a forced end as the search counts it; the search, deep
// enough, must find the same value, and a best move of that value. With a
// margin wider than any score, every root move's score must be exact too.
// The adapter also exercises the contract: engine::search_adapter holds for
// it and fails for a type missing one member.
#include <doctest/doctest.h>

#include <map>
#include <vector>

#include "reduced.hpp"
#include "tic_tac_toe.hpp"

namespace engine = kibitz::core::engine;

using namespace kibitz::test::ttt;

namespace {

// The contract is checked: an adapter without evaluate() is no adapter.
struct no_evaluation : tic_tac_toe {
    int evaluate(const position&) = delete;
};
static_assert(!engine::search_adapter<no_evaluation>);

engine::search_result search(const tic_tac_toe& a, const board& p, int margin) {
    engine::root_input<tic_tac_toe> in;
    in.pos = p;
    a.generate(p, in.moves);
    engine::workspace ws(1);
    engine::limits l;
    l.depth = 40;  // past the nine plies left, however the late moves are reduced
    return engine::search_root(a, in, l, margin, {}, ws);
}

}  // namespace

TEST_CASE("the search solves every tic-tac-toe position exactly, as plain minimax does") {
    const tic_tac_toe a;
    std::map<std::uint32_t, int> value;
    CHECK(solve(a, board{}, value) == 0);  // a draw with best play
    // Every fourth position in the sanitizer builds: the same check, fewer times.
    const int step = kibitz::test::full_or_reduced(1, 4);
    int checked = 0, decided = 0, n = 0;
    for (const auto& [code, exact] : value) {
        const board p{std::uint16_t(code & 0777), std::uint16_t(code >> 9)};
        std::vector<std::uint8_t> moves;
        a.generate(p, moves);
        if (a.terminal(p) != engine::outcome::none || moves.empty() || n++ % step) continue;
        INFO("x " << p.x << " o " << p.o);
        const auto best_only = search(a, p, 0);
        CHECK(best_only.score == exact);
        REQUIRE(best_only.index < moves.size());
        CHECK(one_ply_up(value.at(code_of(a.play(p, moves[best_only.index])))) == exact);
        // A margin wider than any score: every move's score is exact.
        const auto every = search(a, p, 4 * engine::win_score);
        REQUIRE(every.scores.size() == moves.size());
        for (std::size_t i = 0; i < moves.size(); ++i) {
            CHECK(every.scores[i] == one_ply_up(value.at(code_of(a.play(p, moves[i])))));
        }
        ++checked;
        if (engine::is_decided(exact)) ++decided;
    }
    // 4,520 positions still in play, most of them already won or lost.
    CHECK(checked * step >= 4500);
    CHECK(decided * 2 > checked);
}
