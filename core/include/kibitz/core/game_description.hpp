#pragma once
// What a game is to people and to the programs around the rules: its name, a
// one-line summary, its sides and their colours, the board shape a client
// draws, how a record is exported and how an agreed end is called. Plain data
// (no JSON, no I/O): the server turns it into the catalogue clients read, so
// nothing outside a game's own folder has to name a game.
#include <array>
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

struct game_description {
    std::string_view name;              // for people: "Oferhlýp"
    std::string_view summary;           // one line for the lobby
    std::array<side_info, 2> sides;     // seat 0 (the first mover) first
    std::string_view layout;            // the board shape a client draws; never a game id
    export_dialect dialect = export_dialect::text;
    std::string_view extension;         // of an exported file, without the dot: "pdn"
    std::string_view agreed_end;        // what ending by agreement is called: "draw"
    std::string_view notation_hint;     // an example move for the move box: "11-15"
};

}  // namespace kibitz::core
