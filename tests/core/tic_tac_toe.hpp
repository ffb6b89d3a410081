#pragma once
// Tic-tac-toe as a search adapter, and plain minimax over it: a game small
// enough to solve whole, for the tests of the shared search
// (engine_exact_test.cpp, engine_threads_test.cpp).
#include <array>
#include <bit>
#include <map>
#include <string>
#include <vector>

#include "engine/search.hpp"
#include "kibitz/core/splitmix64.hpp"

namespace kibitz::test::ttt {

namespace core = kibitz::core;
namespace engine = kibitz::core::engine;

// Nine squares, bit i = square i (row-major); X moves first.
struct board {
    std::uint16_t x = 0, o = 0;
};

inline constexpr std::array<std::uint16_t, 8> lines = {0007, 0070, 0700, 0111,
                                                       0222, 0444, 0421, 0124};

inline bool has_line(std::uint16_t b) {
    for (auto l : lines)
        if ((b & l) == l) return true;
    return false;
}

inline int to_move(const board& b) { return std::popcount(b.x) == std::popcount(b.o) ? 0 : 1; }

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

// One more ply from the root: a forced end is one ply further away.
inline int one_ply_up(int child_score) {
    const int s = -child_score;
    if (s > engine::decided_score) return s - 1;
    if (s < -engine::decided_score) return s + 1;
    return s;
}

// Exact negamax value of every position from p on, for the side to move, in
// the search's units (a win in n plies: win_score - n), into `value`.
inline int solve(const tic_tac_toe& a, const board& p, std::map<std::uint32_t, int>& value) {
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

// The key of a board in solve()'s map.
inline std::uint32_t code_of(const board& p) { return p.x | std::uint32_t(p.o) << 9; }

}  // namespace kibitz::test::ttt
