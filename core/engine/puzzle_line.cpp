// The puzzle miner's tests of one position: the only winning move, the forced
// line that follows it, the line's facts for the game's themes, and the
// re-check of a shipped puzzle.
#include <algorithm>

#include "engine/puzzle_line.hpp"
#include "kibitz/core/game.hpp"

namespace kibitz::core::engine {

namespace {

// The search that judges puzzles (puzzle_rules::search).
auto judge(const game_info& info) { return info.puzzles.search ? info.puzzles.search : info.think; }

// The full-strength score of g for its side to move at `depth`, a lone legal
// move included.
int score_of(const game_info& info, const game& g, int depth, workspace& ws) {
    limits l;
    l.depth = depth;
    return judge(info)(g, l, 0, {}, ws).score;
}

int kings_of(const board_view& v, int seat) {
    return static_cast<int>(std::count_if(v.pieces.begin(), v.pieces.end(), [&](const piece& p) {
        return p.owner == seat && p.kind == "king";
    }));
}

}  // namespace

only_move only_winning_move(const game_info& info, const game& g, int depth, workspace& ws) {
    const puzzle_rules& r = info.puzzles;
    const std::size_t n = g.move_count();
    if (n == 0 || !info.think) return {};
    if (n == 1) {
        const int s = score_of(info, g, depth, ws);
        return {s >= r.win, 0, s};
    }
    limits l;
    l.depth = depth;
    // Most positions have no winning move at all: an ordinary search (with
    // its narrow windows) says so at a fraction of the cost of scoring every move.
    if (judge(info)(g, l, 0, {}, ws).score < r.win) return {};
    // With a margin the search scores exactly every move within it of the
    // best and bounds the rest at or below best - margin: one search tells
    // whether a second move comes near the best.
    const search_result sr = judge(info)(g, l, r.gap, {}, ws);
    const int best = sr.scores[sr.index];
    if (best < r.win) return {};
    for (std::size_t i = 0; i < sr.scores.size(); ++i)
        if (i != sr.index && sr.scores[i] > best - r.gap) return {};
    return {true, sr.index, best};
}

result<line_found> follow_line(const game_info& info, const game& start, const line_settings& s,
                               workspace& ws) {
    auto g = start.clone();
    const int solver = g->to_move();
    line_found out;
    for (;;) {
        if (g->to_move() == solver) {
            const only_move om = only_winning_move(info, *g, s.depth, ws);
            if (!om.found) break;  // no longer a single way on: the line ends before this
            out.moves.push_back(g->move_text(om.move));
            g->play(om.move);
            out.solver_moves++;
            if (g->current_status().over() || static_cast<int>(out.moves.size()) >= s.max_line)
                break;
            continue;
        }
        limits l;
        l.depth = s.depth;
        auto reply = think(*g, l, {}, ws);
        if (!reply) break;
        out.moves.push_back(reply.value().text);
        g->play(reply.value().move);
        if (g->current_status().over()) break;
    }
    if (out.solver_moves == 0) return error{"no only winning move"};
    // A line ends on the solver's move: drop the replies after the last one.
    auto end = start.clone();
    std::size_t keep = 0;
    for (std::size_t i = 0; i < out.moves.size(); ++i) {
        const bool by_solver = end->to_move() == solver;
        end->try_move(out.moves[i]);
        if (by_solver) keep = i + 1;
    }
    out.moves.resize(keep);
    out.solver_moves = 0;
    end = start.clone();
    for (const auto& m : out.moves) {
        out.solver_moves += end->to_move() == solver;
        end->try_move(m);
    }
    return out;
}

puzzle_facts facts_of(const game& start, const std::vector<std::string>& line) {
    puzzle_facts f;
    auto g = start.clone();
    f.solver = g->to_move();
    for (const auto& text : line) {
        const board_view before = g->view();
        puzzle_ply p;
        p.move = text;
        const int mover = g->to_move();
        p.by_solver = mover == f.solver;
        for (const auto& mv : before.moves)
            if (mv.text == text) p.affected = static_cast<int>(mv.affected.size());
        if (p.by_solver)
            for (const auto& r : g->refusals(before)) p.refusals.push_back(r.reason);
        if (!g->try_move(text)) break;
        p.kings_gained = kings_of(g->view(), mover) - kings_of(before, mover);
        p.moves_again = !g->current_status().over() && g->to_move() == mover;
        f.plies.push_back(std::move(p));
    }
    f.end = g->current_status();
    const board_view v = g->view();
    for (const auto& pc : v.pieces) {
        if (pc.owner == f.solver || pc.owner < 0) continue;
        auto c = std::find_if(v.cells.begin(), v.cells.end(),
                              [&](const cell& x) { return x.id == pc.at; });
        if (c != v.cells.end() && c->kind == "pit") f.opponent_pit_seeds_end += pc.count;
    }
    return f;
}

std::string check_puzzle(const game_info& info, const puzzle& p, int depth, bool whole_line) {
    auto loaded = info.from_position(p.position);
    if (!loaded) return "the position does not load: " + loaded.reason();
    auto g = std::move(loaded).value();
    const int solver = g->to_move();
    workspace ws(puzzle_table_mib);
    for (std::size_t i = 0; i < p.moves.size(); ++i) {
        if (g->current_status().over()) return "move " + std::to_string(i + 1) + " after the end";
        const bool by_solver = g->to_move() == solver;
        if (by_solver && (i == 0 || whole_line)) {
            const only_move om = only_winning_move(info, *g, depth, ws);
            if (!om.found) return "move " + std::to_string(i + 1) + " is not the only winning move";
            if (g->move_text(om.move) != p.moves[i])
                return "move " + std::to_string(i + 1) + ": the only winning move is " +
                       g->move_text(om.move);
        }
        if (auto r = g->try_move(p.moves[i]); !r)
            return "move " + std::to_string(i + 1) + " '" + p.moves[i] + "': " + r.reason();
    }
    if (p.moves.empty()) return "no moves";
    return {};
}

}  // namespace kibitz::core::engine
