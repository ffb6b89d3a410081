// The next puzzle of a streak (puzzle_streak.hpp).
#include "puzzle/puzzle_streak.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace kibitz::server {

std::optional<std::size_t> pick_streak_puzzle(std::span<const puzzle_entry> puzzles,
                                              std::optional<double> last,
                                              const std::set<std::string>& used,
                                              std::uint64_t noise) {
    if (puzzles.empty()) return std::nullopt;
    double target = 0;
    if (last) {
        target = *last + streak_step;
    } else {
        target = puzzles[0].rating.r;
        for (const auto& p : puzzles) target = std::min(target, p.rating.r);
    }
    // Harder (or as hard) ones first; only when none is left, any unused one.
    for (const bool rising : {true, false}) {
        std::optional<double> nearest;
        for (const auto& p : puzzles) {
            if (used.count(p.id) || (rising && last && p.rating.r < *last)) continue;
            const double d = std::abs(p.rating.r - target);
            if (!nearest || d < *nearest) nearest = d;
        }
        if (!nearest) continue;
        std::vector<std::size_t> near;
        for (std::size_t i = 0; i < puzzles.size(); ++i) {
            const auto& p = puzzles[i];
            if (used.count(p.id) || (rising && last && p.rating.r < *last)) continue;
            if (std::abs(p.rating.r - target) <= *nearest + 25) near.push_back(i);
        }
        return near[noise % near.size()];
    }
    return std::nullopt;
}

}  // namespace kibitz::server
