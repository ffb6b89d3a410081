#pragma once
// Oferhlýp as people and clients see it (names, colours, board shape, export).
#include "kibitz/core/game_description.hpp"

namespace kibitz::core::oferhlyp {

// Every token has two hit points at full strength, one at half.
inline constexpr std::array<piece_kind, 2> piece_kinds = {{{"man", "token", 2}, {"king", "king", 2}}};

inline constexpr game_description description = {
    .name = "Oferhlýp",
    .summary = "Every token has two hit points and jumps are attacks: remove the enemy king.",
    .sides = {{{"dark", "#2b2b2b"}, {"light", "#f6f1e4"}}},
    .layout = "squares7",
    .dialect = export_dialect::text,
    .extension = "txt",
    .agreed_end = "draw",
    .notation_hint = "E1-E2",
    .piece_kinds = piece_kinds,
};

}  // namespace kibitz::core::oferhlyp
