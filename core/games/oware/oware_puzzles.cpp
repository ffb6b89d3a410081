// Oware and Ouril puzzles: margins and themes (kibitz/core/puzzle.hpp).
#include "oware/oware_puzzles.hpp"

namespace kibitz::core::oware {

namespace {

// The opponent's row is left this bare or emptier: it has (almost) nothing
// to sow, so it must take what the solver feeds it.
constexpr int starved_row = 2;

}  // namespace

std::vector<std::string> puzzle_themes(const puzzle_facts& f) {
    std::vector<std::string> out;
    bool chain = false, slam = false, extra = false;
    for (const auto& p : f.plies) {
        if (!p.by_solver) continue;
        chain = chain || p.affected >= 2;
        extra = extra || p.moves_again;
        // A pit the rules refuse because it would take every seed: the
        // solution finds the win without the grand slam.
        for (const auto& r : p.refusals) slam = slam || r.find("grand slam") != std::string::npos;
    }
    if (chain) out.emplace_back("capture chain");
    if (slam) out.emplace_back("grand-slam avoidance");
    const bool won_by_emptying = f.end.kind == status_kind::win && f.end.winner == f.solver &&
                                 f.end.reason == "no legal move";
    if (won_by_emptying || f.opponent_pit_seeds_end <= starved_row)
        out.emplace_back("starving the opponent");
    if (extra) out.emplace_back("the extra turn");
    return out;
}

}  // namespace kibitz::core::oware
