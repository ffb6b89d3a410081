#pragma once
// The checkers evaluation as named terms apart from their weights, so that the
// tuner (bench/checkers_tune.cpp) fits exactly the terms the engine adds up.
// Every term is Black's count less White's; evaluate() (checkers_engine.hpp)
// is their weighted sum seen from the side to move. Internal to the core.
#include <array>

#include "checkers/checkers.hpp"

namespace kibitz::core::checkers::eval {

enum term : int {
    men,           // men on the board
    kings,         // kings on the board
    back_guard,    // men on their own back row, while the opponent has no king
    bridge,        // both bridge squares (1 and 3, 30 and 32) held, same condition
    center_core,   // men on 14, 15, 18, 19
    center_ring,   // men on 10, 11, 22, 23
    king_center,   // kings on those eight squares
    king_edge,     // kings on a side edge
    mobility,      // free steps
    chase,         // ahead: minus the distance from each king to the nearest enemy
    runaway,       // men with no enemy piece in the cone before them to the king row
    tempo,         // rows the men have advanced
    tempo_late,    // the same, times the pieces taken off (24 - pieces) / 24
    trapped_king,  // kings with no free step
    term_count
};

struct terms {
    std::array<int, term_count> v{};
    // Trading down when ahead: material (100 a man, 135 a king) times the
    // pieces taken off (24 - pieces on the board); weighted by trade_down / 384.
    int trade = 0;
};

terms terms_of(const position& p);

using weights = std::array<int, term_count>;
inline constexpr int trade_scale = 384;
// The engine's weights (a man is 100), fitted by bench/checkers_tune.cpp to
// 121,229 quiet positions of 1,100 self-play games (BENCHMARKS.md, "Checkers:
// the evaluation fitted"). Signs as fitted: a man on its back row and the
// bridge hold off crowning; men that cannot be stopped will crown; advancing
// is a weakness early (it runs out of waiting moves) and a strength late.
inline constexpr int trade_down = 20;  // ahead in material: the fewer pieces left, the better
inline constexpr weights engine_weights = [] {
    weights w{};
    w[men] = 100;
    w[kings] = 154;
    w[back_guard] = 21;
    w[bridge] = 34;
    w[center_core] = -6;
    w[center_ring] = -2;
    w[king_center] = -2;
    w[king_edge] = -20;
    w[mobility] = 7;
    w[chase] = 4;
    w[runaway] = 62;
    w[tempo] = -7;
    w[tempo_late] = 15;
    w[trapped_king] = 20;
    return w;
}();

// The weights the shipped puzzles (schema/puzzles/checkers.jsonl) were mined
// and verified with, kept so that they stay verified whatever the engine's
// weights become (checkers_puzzles.hpp).
inline constexpr int puzzle_trade_down = 24;
inline constexpr weights puzzle_weights = [] {
    weights w{};
    w[men] = 100;
    w[kings] = 135;
    w[back_guard] = 6;
    w[bridge] = 10;
    w[center_core] = 6;
    w[center_ring] = 3;
    w[king_center] = 8;
    w[king_edge] = -6;
    w[mobility] = 2;
    w[chase] = 3;
    return w;
}();

// Black's point of view.
inline int weighted(const terms& t, const weights& w, int trade_down) {
    int v = t.trade * trade_down / trade_scale;
    for (int i = 0; i < term_count; ++i) v += w[i] * t.v[i];
    return v;
}

}  // namespace kibitz::core::checkers::eval
