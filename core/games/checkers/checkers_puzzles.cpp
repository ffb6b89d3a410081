// Checkers puzzles: margins and themes (kibitz/core/puzzle.hpp).
#include "checkers/checkers_puzzles.hpp"

namespace kibitz::core::checkers {

namespace {

// A solver's capture of more men than the opponent's capture just before it,
// which answered a solver's move: the sacrifice that opens a bigger jump.
bool gives_one_takes_more(const puzzle_facts& f) {
    for (std::size_t i = 2; i < f.plies.size(); ++i) {
        const auto &give = f.plies[i - 2], &take = f.plies[i - 1], &back = f.plies[i];
        if (give.by_solver && !take.by_solver && back.by_solver && take.affected >= 1 &&
            back.affected > take.affected)
            return true;
    }
    return false;
}

}  // namespace

std::vector<std::string> puzzle_themes(const puzzle_facts& f) {
    std::vector<std::string> out;
    bool multi = false, crown = false;
    for (const auto& p : f.plies) {
        if (!p.by_solver) continue;
        multi = multi || p.affected >= 2;
        crown = crown || p.kings_gained > 0;
    }
    if (multi) out.emplace_back("multi-jump");
    if (gives_one_takes_more(f)) out.emplace_back("give one take two");
    if (crown) out.emplace_back("breakthrough to crown");
    return out;
}

}  // namespace kibitz::core::checkers
