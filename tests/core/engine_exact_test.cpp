// The shared search against the truth on a game small enough to solve whole:
// tic-tac-toe, every position reachable from the empty board. Plain minimax
// (no pruning, no table, no ordering) gives each position's exact value, with
// the distance to a forced end as the search counts it; the search, deep
// enough, must find the same value, and a best move of that value. With a
// margin wider than any score, every root move's score must be exact too.
// The adapter also exercises the contract: engine::search_adapter holds for
// it and fails for a type missing one member.
#include <doctest/doctest.h>

#include <array>
#include <bit>
#include <map>
#include <string>
#include <vector>

#include "engine/search.hpp"
#include "kibitz/core/splitmix64.hpp"
#include "reduced.hpp"

namespace core = kibitz::core;
namespace engine = kibitz::core::engine;

namespace {

// Nine squares, bit i = square i (row-major); X moves first.
struct board {
    std::uint16_t x = 0, o = 0;
};

constexpr std::array<std::uint16_t, 8> lines = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

bool has_line(std::uint16_t b) {
    for (auto l : lines)
        if ((b & l) == l) return true;
    return false;
}

int to_move(const board& b) { return std::popcount(b.x) == std::popcount(b.o) ? 0 : 1; }

struct tic_tac_toe {
    using position = board;
    using move = std::uint8_t;  // the square
    static constexpr bool forced_noisy = false;
    static constexpr int history_size = 9;

    std::uint64_t hash(const position& p) const {
        return core::splitmix64_mix(std::uint64_t(p.x) | std::uint64_t(p.o) << 9);
    }
    int side(const position& p) const { return to_move(p); }
    // The side that just moved made a line: the side to move has lost.
    engine::outcome terminal(const position& p) const {
        return has_line(to_move(p) == 0 ? p.o : p.x) ? engine::outcome::loss
                                                     : engine::outcome::none;
    }
    void generate(const position& p, std::vector<move>& out) const {
        out.clear();
        for (std::uint8_t sq = 0; sq < 9; ++sq)
            if (!((p.x | p.o) >> sq & 1)) out.push_back(sq);
    }
    engine::outcome no_moves(const position&) const { return engine::outcome::draw; }  // full
    engine::outcome repetition(const position&) const { return engine::outcome::draw; }
    int quiet_limit() const { return 0; }
    position play(const position& p, const move& m) const {
        position c = p;
        (to_move(p) == 0 ? c.x : c.o) |= std::uint16_t(1u << m);
        return c;
    }
    bool irreversible(const position&, const move&) const { return true; }  // boards only fill
    int evaluate(const position&) const { return 0; }
    // Completing a line is noisy, so quiescence has something to search.
    bool noisy(const position& p, const move& m) const {
        return has_line(to_move(p) == 0 ? play(p, m).x : play(p, m).o);
    }
    int order(const position&, const move&) const { return 1; }
    std::uint32_t key(const move& m) const { return 0x100u | m; }
    int history_slot(const position&, const move& m) const { return m; }
    std::string text(const position&, const move& m) const { return std::to_string(m); }
};

static_assert(engine::search_adapter<tic_tac_toe>);

// The contract is checked: an adapter without evaluate() is no adapter.
struct no_evaluation : tic_tac_toe {
    int evaluate(const position&) = delete;
};
static_assert(!engine::search_adapter<no_evaluation>);

// One more ply from the root: a forced end is one ply further away.
int one_ply_up(int child_score) {
    const int s = -child_score;
    if (s > engine::decided_score) return s - 1;
    if (s < -engine::decided_score) return s + 1;
    return s;
}

// Exact negamax value of every position from p on, for the side to move, in
// the search's units (a win in n plies: win_score - n), into `value`.
int solve(const tic_tac_toe& a, const board& p, std::map<std::uint32_t, int>& value) {
    const std::uint32_t code = p.x | std::uint32_t(p.o) << 9;
    if (auto it = value.find(code); it != value.end()) return it->second;
    int best;
    if (a.terminal(p) == engine::outcome::loss) {
        best = -engine::win_score;
    } else {
        std::vector<std::uint8_t> moves;
        a.generate(p, moves);
        if (moves.empty()) {
            best = 0;
        } else {
            best = -engine::win_score - 1;
            for (auto m : moves) best = std::max(best, one_ply_up(solve(a, a.play(p, m), value)));
        }
    }
    value[code] = best;
    return best;
}

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
        CHECK(one_ply_up(value.at(a.play(p, moves[best_only.index]).x |
                                  std::uint32_t(a.play(p, moves[best_only.index]).o) << 9)) ==
              exact);
        // A margin wider than any score: every move's score is exact.
        const auto every = search(a, p, 4 * engine::win_score);
        REQUIRE(every.scores.size() == moves.size());
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const board c = a.play(p, moves[i]);
            CHECK(every.scores[i] == one_ply_up(value.at(c.x | std::uint32_t(c.o) << 9)));
        }
        ++checked;
        if (engine::is_decided(exact)) ++decided;
    }
    // 4,520 positions still in play, most of them already won or lost.
    CHECK(checked * step >= 4500);
    CHECK(decided * 2 > checked);
}
