#pragma once
// Checkers as people and clients see it (names, colours, board shape, export).
#include "kibitz/core/game_description.hpp"

namespace kibitz::core::checkers {

inline constexpr std::array<piece_kind, 2> piece_kinds = {{{"man", "man"}, {"king", "king"}}};

inline constexpr game_description description = {
    .name = "Checkers",
    .summary = "English draughts: men move forward, captures are compulsory, kings are crowned "
               "on the far row.",
    .sides = {{{"black", "#2b2b2b"}, {"white", "#f6f1e4"}}},
    .layout = "dark_squares8",
    .dialect = export_dialect::pdn,
    .extension = "pdn",
    .agreed_end = "draw",
    .notation_hint = "11-15",
    .piece_kinds = piece_kinds,
};

}  // namespace kibitz::core::checkers
