#pragma once
// A position described as the position editor sees it: what stands where, and
// whose turn it is, in the words of the game's board view (board_view.hpp: the
// same cell ids, owners and piece kinds). Each game turns one into a game
// (game_info::compose) by writing its position text and loading that, so the
// rules that refuse a position live once, in the game's position parser.
//
// check_composition() does the checks every game shares (cells, one piece per
// cell, kinds, owners, hit points, counts), with reasons written for players.
#include <set>
#include <string>
#include <vector>

#include "kibitz/core/board_view.hpp"
#include "kibitz/core/game_description.hpp"

namespace kibitz::core {

struct composition {
    int to_move = 0;            // seat index
    std::vector<piece> pieces;  // at, owner, kind, hit_points (if the kind has them), count
};

inline const piece_kind* find_kind(const game_description& d, std::string_view kind) {
    for (const auto& k : d.piece_kinds)
        if (k.kind == kind) return &k;
    return nullptr;
}

// Empty when the composition passes; else the first thing wrong. `board` gives
// the cells (any view of the game: the cells never change).
inline std::string check_composition(const composition& c, const board_view& board,
                                     const game_description& d) {
    if (c.to_move != 0 && c.to_move != 1) return "the side to move is seat 0 or seat 1";
    std::set<std::string> cells, used;
    for (const auto& x : board.cells) cells.insert(x.id);
    for (const auto& p : c.pieces) {
        if (!cells.count(p.at)) return "there is no cell '" + p.at + "' on this board";
        if (!used.insert(p.at).second) return "two pieces on " + p.at;
        const piece_kind* k = find_kind(d, p.kind);
        if (!k) return "there is no piece '" + p.kind + "' in " + std::string(d.name);
        if (!k->max_count && p.owner != 0 && p.owner != 1)
            return "the piece on " + p.at + " belongs to no side";
        if (k->max_hit_points && (p.hit_points < 1 || p.hit_points > k->max_hit_points))
            return "the piece on " + p.at + " needs 1 to " + std::to_string(k->max_hit_points) +
                   " hit points";
        if (k->max_count && (p.count < 0 || p.count > k->max_count))
            return p.at + " can hold 0 to " + std::to_string(k->max_count) + " " +
                   std::string(k->name);
    }
    return {};
}

// The pieces on each cell, for games that write their text cell by cell.
inline const piece* piece_at(const composition& c, std::string_view at) {
    for (const auto& p : c.pieces)
        if (p.at == at) return &p;
    return nullptr;
}

}  // namespace kibitz::core
