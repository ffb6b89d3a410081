#pragma once
// What a game is to people and to the programs around the rules: its name, a
// one-line summary, its sides and their colours, the board shape a client
// draws, how a record is exported and how an agreed end is called. Plain data
// (no JSON, no I/O): the server turns it into the catalogue clients read, so
// nothing outside a game's own folder has to name a game.
#include <array>
#include <span>
#include <string_view>

namespace kibitz::core {

// How a finished game is written to a file.
enum class export_dialect {
    pdn,   // Portable Draughts Notation (GameType 21): White's score first in [Result]
    text,  // the game's own notation under PGN-like header lines, seat 0's score first
};

struct side_info {
    std::string_view name;    // the colour on the wire and in CSS classes: "black"
    std::string_view colour;  // a CSS colour for the side's marker: "#2b2b2b"
};

// A kind of piece the position editor can place: the board view's `kind`.
struct piece_kind {
    std::string_view kind;      // as in board_view's piece: "man", "seeds"
    std::string_view name;      // for people: "man", "seeds"
    int max_hit_points = 0;     // > 0: each piece has 1..max hit points (Oferhlýp)
    int max_count = 0;          // > 0: a heap of 0..max on a cell, owned by the cell's side
};

struct game_description {
    std::string_view name;              // for people: "Oferhlýp"
    std::string_view summary;           // one line for the lobby
    std::array<side_info, 2> sides;     // seat 0 (the first mover) first
    std::string_view layout;            // the board shape a client draws; never a game id
    export_dialect dialect = export_dialect::text;
    std::string_view extension;         // of an exported file, without the dot: "pdn"
    std::string_view agreed_end;        // what ending by agreement is called: "draw"
    std::string_view notation_hint;     // an example move for the move box: "11-15"
    std::span<const piece_kind> piece_kinds;  // what the position editor can place
};

}  // namespace kibitz::core
