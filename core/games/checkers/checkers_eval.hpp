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
// The engine's weights (a man is 100) and why each term is there.
inline constexpr int trade_down = 24;  // ahead in material: the fewer pieces left, the better
inline constexpr weights engine_weights = [] {
    weights w{};
    w[men] = 100;
    w[kings] = 135;       // a king moves both ways but is no more than ~1.35 men
    w[back_guard] = 6;    // a man on its own back row keeps enemy men from crowning
    w[bridge] = 10;       // both bridge squares held: the classic back-rank guard
    w[center_core] = 6;   // men on 14, 15, 18, 19 control the board
    w[center_ring] = 3;   // men on 10, 11, 22, 23
    w[king_center] = 8;   // a king in the middle reaches everything
    w[king_edge] = -6;    // a king on a side edge covers half as much
    w[mobility] = 2;      // per available non-capturing step
    w[chase] = 3;         // ahead: per square between a king and the nearest enemy
    return w;
}();

// Black's point of view.
inline int weighted(const terms& t, const weights& w, int trade_down) {
    int v = t.trade * trade_down / trade_scale;
    for (int i = 0; i < term_count; ++i) v += w[i] * t.v[i];
    return v;
}

}  // namespace kibitz::core::checkers::eval
