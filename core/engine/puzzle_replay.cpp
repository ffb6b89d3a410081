#include "engine/puzzle_replay.hpp"

#include <map>

#include "kibitz/core/game.hpp"
#include "kibitz/core/splitmix64.hpp"

namespace kibitz::core::engine {

namespace {
// Self-play levels: 1-5, so that one side or both blunder now and then (a
// puzzle is the refutation of a blunder) while the games stay games.
constexpr int lowest_level = 1, highest_level = 5;
}  // namespace

void self_play(const game_info& info, std::uint64_t seed, int games, int max_plies, workspace& ws,
               const self_play_visitor& visit) {
    splitmix64 rng{seed};
    for (int i = 0; i < games; ++i) {
        auto g = info.new_game();
        int level[2];
        for (int& l : level)
            l = lowest_level + static_cast<int>(rng.below(highest_level - lowest_level + 1));
        std::string before, last_move;
        for (int ply = 0; ply < max_plies && !g->current_status().over(); ++ply) {
            if (!visit({*g, ply, before, last_move})) return;
            limits l;
            l.level = level[g->to_move()];
            l.seed = rng.next();
            auto r = think(*g, l, {}, ws);
            if (!r) break;
            before = g->position_text();
            last_move = r.value().text;
            g->play(r.value().move);
        }
    }
}

std::vector<last_move_found> find_last_moves(const game_info& info, const replay_settings& s,
                                             const std::vector<mined_position>& wanted,
                                             replay_stats& stats) {
    std::vector<last_move_found> out(wanted.size());
    std::map<std::string, std::size_t> missing;  // position -> index into wanted
    for (std::size_t i = 0; i < wanted.size(); ++i) missing.emplace(wanted[i].position, i);
    if (missing.empty()) return out;
    std::size_t next_in_order = 0;  // the first not found yet, in the miner's order
    int skip_until = 0;
    workspace ws(8);
    self_play(info, s.seed, s.games, s.max_plies, ws, [&](const self_play_step& step) {
        if (step.ply == 0) {
            ++stats.games;
            skip_until = 0;
        }
        // The miner's own filters: the opening, the positions along a kept
        // line, a game over, a lone legal move.
        if (step.ply < skip_until || step.ply < s.opening_plies || step.g.move_count() < 2)
            return true;
        // The miner keeps the position as loaded from its text.
        auto loaded = info.from_position(step.g.position_text());
        if (!loaded) return true;
        auto it = missing.find(loaded.value()->position_text());
        if (it == missing.end()) return true;
        const std::size_t i = it->second;
        out[i] = {true, step.before, step.last_move};
        if (i != next_in_order) ++stats.out_of_order;
        while (next_in_order < out.size() && out[next_in_order].found) ++next_in_order;
        skip_until = step.ply + wanted[i].line_plies + 1;
        missing.erase(it);
        return !missing.empty();
    });
    return out;
}

}  // namespace kibitz::core::engine
