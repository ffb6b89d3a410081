// Oferhlýp puzzles: margins and themes (kibitz/core/puzzle.hpp).
#include "oferhlyp/oferhlyp_puzzles.hpp"

namespace kibitz::core::oferhlyp {

namespace {}  // namespace

std::vector<std::string> puzzle_themes(const puzzle_facts& f) {
    std::vector<std::string> out;
    // The line ends with the enemy king off the board.
    if (f.end.kind == status_kind::win && f.end.winner == f.solver &&
        f.end.reason == "king captured")
        out.emplace_back("king hunt");
    for (const auto& p : f.plies)
        if (p.by_solver && p.affected >= 2) {
            out.emplace_back("chain attack");
            break;
        }
    return out;
}

}  // namespace kibitz::core::oferhlyp
