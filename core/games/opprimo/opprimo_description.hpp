#pragma once
// Opprimo as people and clients see it (names, colours, board shape, export).
#include "kibitz/core/game_description.hpp"

namespace kibitz::core::opprimo {

// The King stands in a triangle of its Castle, Soldiers and Knights on points.
inline constexpr std::array<piece_kind, 3> piece_kinds = {
    {{"soldier", "Soldier"}, {"knight", "Knight"}, {"king", "King"}}};

inline constexpr game_description description = {
    .name = "Opprimo",
    .summary = "Soldiers convert enemy pieces by jumping them; trap the King in its Castle.",
    .sides = {{{"yellow", "#f2c230"}, {"red", "#d2402f"}}},
    .layout = "triangle_lattice",
    .dialect = export_dialect::text,
    .extension = "txt",
    .agreed_end = "draw",
    .notation_hint = "c2-c4",
    .piece_kinds = piece_kinds,
};

}  // namespace kibitz::core::opprimo
