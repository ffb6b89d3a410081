// Opprimo puzzles: margins and themes (kibitz/core/puzzle.hpp).
#include "opprimo/opprimo_puzzles.hpp"

namespace kibitz::core::opprimo {

namespace {}  // namespace

std::vector<std::string> puzzle_themes(const puzzle_facts& f) {
    std::vector<std::string> out;
    if (f.end.kind == status_kind::win && f.end.winner == f.solver &&
        f.end.reason == "king trapped")
        out.emplace_back("trapping the King");
    // Two or more enemy pieces converted by one move, or one after another
    // in the solver's moves.
    int converting_moves = 0;
    bool chain = false;
    for (const auto& p : f.plies) {
        if (!p.by_solver) continue;
        converting_moves += p.affected > 0;
        chain = chain || p.affected >= 2;
    }
    if (chain || converting_moves >= 2) out.emplace_back("conversion chain");
    return out;
}

}  // namespace kibitz::core::opprimo
