#pragma once
// A rules-free description of a position: everything a client needs to draw the
// board and offer the legal moves, and nothing it would need to know the rules.
// Locations are plain strings ("11", "E4", "d3", "d1-d3-e2", "a"), the same names
// the game's notation uses, so a client can match moves to what it drew.
#include <string>
#include <vector>

namespace kibitz::core {

struct cell {
    std::string id;                 // location name, as in the notation
    std::string kind;               // "square", "point", "triangle", "pit", "store"
    double x = 0, y = 0;            // centre in board units, from the first mover's side
    std::vector<std::string> corners;  // triangles only: the ids of the three points
    std::vector<std::string> tags;     // e.g. "castle-yellow", "promote-red", "dark"
};

struct piece {
    std::string at;     // cell id
    int owner = 0;      // seat index (0 = the side that moves first); -1 for neutral seeds
    std::string kind;   // "man", "king", "soldier", "knight", "seeds"
    int hit_points = 0; // Oferhlyp: 2 full, 1 half; 0 elsewhere
    int count = 0;      // Oware: seeds in the pit or store; 0 elsewhere
};

struct move_view {
    std::string text;                // the move's notation (what the client sends back)
    std::vector<std::string> path;   // from, then every landing location
    std::vector<std::string> affected;  // cells whose pieces are hit, taken or converted
};

// Why no legal move starts at these cells: the one-line answer to a click on
// one of them ("A capture is compulsory: 22 must jump", "That pit is empty").
struct refusal {
    std::string reason;
    std::vector<std::string> cells;
};

struct board_view {
    std::string layout;       // the board shape: game_description::layout
    int width = 0, height = 0;  // extent of the cell coordinates, in board units
    std::vector<cell> cells;
    std::vector<piece> pieces;
    int to_move = 0;          // seat index; meaningless when the game is over
    std::vector<move_view> moves;  // legal moves (empty when the game is over)
    // Filled only where a mover is sent the position (game::refusals): the
    // mover's cells that start no legal move, grouped by reason.
    std::vector<refusal> refusals;
};

}  // namespace kibitz::core
