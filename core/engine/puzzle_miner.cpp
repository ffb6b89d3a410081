#include "engine/puzzle_miner.hpp"

#include <algorithm>
#include <chrono>
#include <set>

#include "engine/puzzle_line.hpp"
#include "engine/puzzle_replay.hpp"
#include "kibitz/core/game.hpp"

namespace kibitz::core::engine {

namespace {

// The first rating: a puzzle the shallowest search already sees is easy, one
// that needs depth 8 is hard, and each further move to find adds to it.
int first_rating(int depth, int solver_moves) {
    return std::clamp(800 + 110 * depth + 90 * (solver_moves - 1), 600, 2600);
}

class miner {
public:
    miner(const game_info& info, const mine_settings& s, const puzzle_sink& sink)
        : info_(info), s_(s), sink_(sink) {}

    // A new game: its plies count from 0 again.
    void new_game() { skip_until_ = 0; }

    bool done() const { return s_.want > 0 && stats_.kept >= static_cast<std::uint64_t>(s_.want); }

    // Screens g's position (ply `ply` of its game, reached from `before` by
    // `last_move`) and keeps a puzzle from it.
    void look_at(const game& g, int ply, const std::string& before, const std::string& last_move) {
        // The positions along a kept line are that puzzle again, a move on.
        if (ply < skip_until_) return;
        if (ply < s_.opening_plies || g.current_status().over() || g.move_count() < 2) return;
        ++stats_.positions;
        // Analyse the position as it will be shipped: loaded from its text.
        auto loaded = info_.from_position(g.position_text());
        if (!loaded) return;
        const game& start = *loaded.value();
        const only_move screen = only_winning_move(info_, start, s_.find_depth, ws_);
        if (!screen.found) return;
        ++stats_.candidates;
        if (seen_.count(start.position_text())) {
            ++stats_.duplicates;
            return;
        }
        auto line = follow_line(info_, start, {s_.verify_depth, s_.max_line}, ws_);
        if (!line || line.value().moves.front() != start.move_text(screen.move)) return;
        seen_.insert(start.position_text());
        puzzle p;
        p.position = start.position_text();
        p.moves = line.value().moves;
        p.themes = info_.puzzles.themes ? info_.puzzles.themes(facts_of(start, p.moves))
                                        : std::vector<std::string>{};
        p.depth = shallowest(start, screen.move);
        p.rating = first_rating(p.depth, line.value().solver_moves);
        p.before = before;
        p.last_move = last_move;
        ++stats_.kept;
        skip_until_ = ply + static_cast<int>(p.moves.size()) + 1;
        sink_(p);
    }

    mine_stats& stats() { return stats_; }
    workspace& ws() { return ws_; }

private:
    // The shallowest depth at which `move` is already the only winning one.
    int shallowest(const game& start, std::size_t move) {
        for (int d = 1; d < s_.find_depth; ++d) {
            const only_move om = only_winning_move(info_, start, d, ws_);
            if (om.found && om.move == move) return d;
        }
        return s_.find_depth;
    }

    const game_info& info_;
    const mine_settings& s_;
    const puzzle_sink& sink_;
    workspace ws_{puzzle_table_mib};
    mine_stats stats_;
    std::set<std::string> seen_;
    int skip_until_ = 0;
};

}  // namespace

mine_stats mine_puzzles(const game_info& info, const mine_settings& s, const puzzle_sink& sink) {
    const auto t0 = std::chrono::steady_clock::now();
    miner m(info, s, sink);
    for (const auto& sg : s.stored) {
        std::unique_ptr<game> g;
        if (sg.start.empty()) {
            g = info.new_game();
        } else if (auto loaded = info.from_position(sg.start)) {
            g = std::move(loaded).value();
        } else {
            continue;
        }
        int ply = 0;
        m.new_game();
        std::string before, last_move;
        for (const auto& mv : sg.moves) {
            if (m.done()) break;
            m.look_at(*g, ply, before, last_move);
            auto index = g->parse_move(mv);
            if (!index) break;
            before = g->position_text();
            last_move = g->move_text(index.value());  // the full form, whatever was given
            g->play(index.value());
            ++ply;
        }
    }
    if (!m.done()) {
        self_play(info, s.seed, s.games, s.max_plies, m.ws(), [&](const self_play_step& step) {
            if (m.done()) return false;
            if (step.ply == 0) m.new_game();
            m.look_at(step.g, step.ply, step.before, step.last_move);
            return true;
        });
    }
    m.stats().time_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    return m.stats();
}

}  // namespace kibitz::core::engine
