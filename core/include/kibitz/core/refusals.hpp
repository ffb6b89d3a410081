#pragma once
// Helpers for game::refusals: which of the mover's cells start no legal move,
// and grouping the reasons a game gives for them. Header-only (the games link
// only the core's headers); the work is one pass over the view's moves and
// pieces, done only when a mover is sent a position.
#include <algorithm>
#include <string>
#include <vector>

#include "kibitz/core/board_view.hpp"

namespace kibitz::core {

// The cells of `v` holding a piece of the side to move, in the view's order.
inline std::vector<std::string> own_piece_cells(const board_view& v) {
    std::vector<std::string> out;
    for (const auto& p : v.pieces)
        if (p.owner == v.to_move) out.push_back(p.at);
    return out;
}

// The cells where a legal move of `v` starts, in the order of the moves.
inline std::vector<std::string> move_starts(const board_view& v) {
    std::vector<std::string> out;
    for (const auto& m : v.moves)
        if (!m.path.empty() && std::find(out.begin(), out.end(), m.path.front()) == out.end())
            out.push_back(m.path.front());
    return out;
}

// The piece on `cell`, or null.
inline const piece* piece_at(const board_view& v, const std::string& cell) {
    for (const auto& p : v.pieces)
        if (p.at == cell) return &p;
    return nullptr;
}

// `reason(cell)` for each candidate cell that starts no legal move, grouped
// by the reason's text in order of first appearance; an empty reason leaves
// the cell out. Nothing once the game is over (no move to explain).
template <class Reason>
std::vector<refusal> group_refusals(const board_view& v, const std::vector<std::string>& candidates,
                                    Reason reason) {
    std::vector<refusal> out;
    if (v.moves.empty()) return out;
    const auto starts = move_starts(v);
    for (const auto& cell : candidates) {
        if (std::find(starts.begin(), starts.end(), cell) != starts.end()) continue;
        std::string why = reason(cell);
        if (why.empty()) continue;
        auto it = std::find_if(out.begin(), out.end(), [&](const refusal& r) { return r.reason == why; });
        if (it == out.end()) out.push_back({std::move(why), {cell}});
        else it->cells.push_back(cell);
    }
    return out;
}

// "22", "22 or 26", "22, 26 or 30": the cells a reason names.
inline std::string either_of(const std::vector<std::string>& cells) {
    std::string out;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i) out += i + 1 == cells.size() ? " or " : ", ";
        out += cells[i];
    }
    return out;
}

}  // namespace kibitz::core
