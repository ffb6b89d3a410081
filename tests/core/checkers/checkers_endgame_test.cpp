// The checkers endgame tables (checkers_endgame.hpp): the index, known
// results, and every value against the rules themselves (legal_moves/apply,
// not the builder's move templates): each position's value follows from its
// children's, and a plain exhaustive search finds every short result.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cstdint>

#include "checkers/checkers_endgame.hpp"
#include "checkers_test_util.hpp"
#include "kibitz/core/splitmix64.hpp"

namespace {

namespace ck = kibitz::core::checkers;
using checkers_test::fen_position;

// Three pieces build in well under a second.
const ck::endgame_build& small_table() {
    static const ck::endgame_build b = ck::build_endgame(3);
    return b;
}

ck::endgame_code probe(const ck::position& p) {
    const ck::endgame_table t(small_table().values);
    const auto v = t.value(p);
    REQUIRE(v.has_value());
    return *v;
}

// Mate-like scores: 1000 - plies for a win, its negation for a loss, 0 unknown.
constexpr int won = 1000;

int exhaustive(const ck::position& p, int depth, int ply, int alpha, int beta) {
    if (!p.pieces(p.side)) return -(won - ply);
    const std::vector<ck::move> moves = ck::legal_moves(p);
    if (moves.empty()) return -(won - ply);
    if (depth == 0) return 0;
    int best = -won - 1;
    for (const ck::move& m : moves) {
        best = std::max(best, -exhaustive(ck::apply(p, m), depth - 1, ply + 1, -beta, -alpha));
        alpha = std::max(alpha, best);
        if (alpha >= beta) break;
    }
    return best;
}

int as_score(ck::endgame_code c) {
    return ck::is_win(c) ? won - ck::plies_of(c) : ck::is_loss(c) ? -(won - ck::plies_of(c)) : 0;
}

// The value the children's table values give p, by the rules' own move list.
ck::endgame_code from_children(const ck::position& p) {
    const std::vector<ck::move> moves = ck::legal_moves(p);
    if (moves.empty()) return ck::decided_in(0);
    int best = -won - 1;
    for (const ck::move& m : moves) best = std::max(best, -as_score(probe(ck::apply(p, m))));
    // Scores one ply further on: a child lost in d makes a win in d + 1.
    if (best > 0) return ck::decided_in(won - best + 1);
    if (best < 0) return ck::decided_in(won + best + 1);
    return 0;
}

}  // namespace

TEST_CASE("checkers endgame: sizes name their piece counts, each table a prefix of the next") {
    CHECK(ck::endgame_size(2) < ck::endgame_size(3));
    CHECK(ck::endgame_size(3) < ck::endgame_size(4));
    for (int n = 2; n <= ck::endgame_max_pieces; ++n)
        CHECK(ck::endgame_pieces_of(ck::endgame_size(n)) == n);
    CHECK_FALSE(ck::endgame_pieces_of(ck::endgame_size(3) + 1));
    CHECK(ck::endgame_table(std::vector<std::int8_t>(5)).pieces() == -1);
}

TEST_CASE("checkers endgame: the index and the position it names round-trip") {
    kibitz::core::splitmix64 rng{7};
    int filled = 0;
    for (int i = 0; i < 20000; ++i) {
        const std::uint64_t index = rng.below(ck::endgame_size(5));
        const auto p = ck::endgame_position(index);
        if (!p) continue;
        ++filled;
        CHECK(p->side == ck::black);
        CHECK(std::popcount(p->occupied()) <= 5);
        CHECK(ck::endgame_index(*p) == index);
    }
    CHECK(filled > 15000);  // men of both sides on one square are rare slots
    // Every 3-piece slot, both ways.
    for (std::uint64_t i = 0; i < ck::endgame_size(3); ++i)
        if (const auto p = ck::endgame_position(i)) REQUIRE(ck::endgame_index(*p) == i);
}

TEST_CASE("checkers endgame: known results") {
    // One king against one king, far apart: neither can force anything.
    CHECK(probe(fen_position("B:WK32:BK1")) == 0);
    CHECK(probe(fen_position("W:WK32:BK1")) == 0);
    // Two kings against one in the open board win, whoever moves.
    CHECK(ck::is_win(probe(fen_position("B:WK14:BK1,K32"))));
    CHECK(ck::is_loss(probe(fen_position("W:WK14:BK1,K32"))));
    // A capture that takes the last piece wins in one ply.
    CHECK(probe(fen_position("B:WK18:BK14")) == ck::decided_in(1));
    // A lone man with no move (blocked by the edge and a king) loses now.
    CHECK(probe(fen_position("B:WK32,K27:B28")) == ck::decided_in(0));
}

TEST_CASE("checkers endgame: men that run to the king row") {
    // Two men against a king win, and only by getting a man crowned: the
    // table's line (the shortest win against the longest defence) does so and
    // ends the game in exactly the plies the table says.
    ck::position p = fen_position("B:WK4:B21,22");
    const ck::endgame_code c = probe(p);
    REQUIRE(ck::is_win(c));
    int plies = 0;
    bool crowned = false;
    for (std::vector<ck::move> moves = ck::legal_moves(p); !moves.empty() && p.pieces(p.side);
         moves = ck::legal_moves(p), ++plies) {
        const auto better = [](const ck::position& a, const ck::position& b) {
            return -as_score(probe(a)) < -as_score(probe(b));
        };
        ck::position best = ck::apply(p, moves[0]);
        for (const ck::move& m : moves)
            if (better(best, ck::apply(p, m))) best = ck::apply(p, m);
        p = best;
        crowned = crowned || p.kings[ck::black];
    }
    CHECK(plies == ck::plies_of(c));
    CHECK(p.side == ck::white);
    CHECK(crowned);
}

TEST_CASE("checkers endgame: every 3-piece value follows from its children by the rules") {
    // Both sides to move: a White-to-move position is probed through its
    // mirror, but its children come from White's own moves here.
    std::uint64_t checked = 0;
    for (std::uint64_t i = 0; i < ck::endgame_size(3); ++i) {
        const auto p = ck::endgame_position(i);
        if (!p) continue;
        INFO(ck::fen(*p));
        REQUIRE(probe(*p) == from_children(*p));
        const ck::position w = ck::mirrored(*p);
        REQUIRE(w.side == ck::white);
        REQUIRE(probe(w) == probe(*p));
        REQUIRE(from_children(w) == probe(*p));
        ++checked;
    }
    CHECK(checked > 100000);
}

TEST_CASE("checkers endgame: a plain search finds every short result the table names") {
    // A win in d plies is found by a search of depth d and not of depth d - 1;
    // a loss in d likewise; a draw or a longer result shows nothing at depth 5.
    kibitz::core::splitmix64 rng{11};
    const int depth = 5;
    int decided = 0;
    for (int i = 0; i < 400; ++i) {
        const auto p = ck::endgame_position(rng.below(ck::endgame_size(3)));
        if (!p) continue;
        const ck::position q = rng.below(2) ? ck::mirrored(*p) : *p;
        const ck::endgame_code c = probe(q);
        const int d = ck::plies_of(c);
        const int found = exhaustive(q, depth, 0, -won - 1, won + 1);
        if (c != 0 && d <= depth) {
            ++decided;
            CHECK(found == as_score(c));
            if (d > 0) CHECK(exhaustive(q, d - 1, 0, -won - 1, won + 1) == 0);
        } else {
            CHECK(found == 0);
        }
    }
    CHECK(decided > 20);
}
