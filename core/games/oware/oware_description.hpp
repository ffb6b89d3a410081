#pragma once
// Oware and Ouril as people and clients see them (names, colours, board shape,
// export). Ending by agreement is not a draw here: each side takes the seeds of
// its own row and the larger store wins (game::agreed_end).
#include "kibitz/core/game_description.hpp"

namespace kibitz::core::oware {

// Seeds in a pit or a store: a count, owned by the row (or store) they lie in.
inline constexpr std::array<piece_kind, 1> piece_kinds = {{{"seeds", "seeds", 0, 48}}};

inline constexpr std::array<side_info, 2> sides = {{{"south", "#8a5a2b"}, {"north", "#d9b77c"}}};

inline constexpr game_description oware_description = {
    .name = "Oware",
    .summary = "The Ghanaian mancala: sow seeds around two rows of six pits, capture 25 of 48.",
    .sides = sides,
    .layout = "pits2x6",
    .dialect = export_dialect::text,
    .extension = "txt",
    .agreed_end = "end by agreement",
    .notation_hint = "c",
    .piece_kinds = piece_kinds,
};

inline constexpr game_description ouril_description = {
    .name = "Ouril",
    .summary = "Oware from Cabo Verde: single seeds wait their turn, a grand slam earns another.",
    .sides = sides,
    .layout = "pits2x6",
    .dialect = export_dialect::text,
    .extension = "txt",
    .agreed_end = "end by agreement",
    .notation_hint = "c",
    .piece_kinds = piece_kinds,
};

}  // namespace kibitz::core::oware
