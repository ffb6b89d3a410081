// think(): one entry point for every game. It finds the game's own search in
// the registry (or, when asked, the position in the game's opening book),
// narrows the budget to the level, and at the lower levels picks among the
// near-best moves (or, now and then, any move) so games vary and a beginner
// can win.
#include <algorithm>
#include <optional>

#include "kibitz/core/engine.hpp"
#include "kibitz/core/game.hpp"
#include "kibitz/core/opening_book.hpp"
#include "kibitz/core/registry.hpp"
#include "kibitz/core/splitmix64.hpp"

namespace kibitz::core::engine {

namespace {

// The level's randomness: the same seed picks the same moves on every platform.
using random_source = splitmix64;

// The one mapping of levels for every game. Levels 1-4 see only a few plies
// and often take a weaker move; 5-7 search a capped number of nodes with a
// shrinking margin; 8 is the whole budget, best move only.
constexpr level_params levels[max_level] = {
    {1, 0, 400, 350},
    {2, 0, 250, 180},
    {3, 0, 150, 80},
    {4, 0, 90, 30},
    {6, 20000, 50, 0},
    {8, 100000, 25, 0},
    {12, 500000, 8, 0},
    {0, 0, 0, 0},
};

std::size_t choose(const search_result& r, const level_params& lp, std::size_t legal,
                   random_source& rng) {
    if (lp.random_permille && static_cast<int>(rng.below(1000)) < lp.random_permille)
        return rng.below(legal);
    if (lp.margin == 0 || r.scores.size() != legal) return r.index;
    // Among the moves within the margin, nearer the best is likelier.
    const int best = r.scores[r.index];
    std::uint64_t total = 0;
    for (int s : r.scores)
        if (s >= best - lp.margin) total += static_cast<std::uint64_t>(lp.margin - (best - s) + 1);
    std::uint64_t x = rng.below(total);
    for (std::size_t i = 0; i < legal; ++i) {
        const int s = r.scores[i];
        if (s < best - lp.margin) continue;
        const auto w = static_cast<std::uint64_t>(lp.margin - (best - s) + 1);
        if (x < w) return i;
        x -= w;
    }
    return r.index;
}

// The book's moves for g's position as a search's result (a move not in the
// book scores as a loss), or nothing when the position is not in the book.
std::optional<search_result> from_book(const game& g) {
    const opening_book* book = book_of(g.id());
    if (!book) return std::nullopt;
    const auto moves = book->find(g.position_text());
    search_result r;
    r.scores.assign(g.move_count(), -win_score);
    bool found = false;
    for (const book_move& m : moves) {
        const auto index = g.parse_move(m.move);
        if (!index || r.scores[index.value()] != -win_score) continue;
        r.scores[index.value()] = m.score;
        if (!found || m.score > r.score) {
            r.index = index.value();
            r.score = m.score;
            r.depth = m.depth;
            found = true;
        }
    }
    if (!found) return std::nullopt;
    r.pv = {g.move_text(r.index)};
    return r;
}

}  // namespace

level_params level_settings(int level) {
    return levels[std::clamp(level, min_level, max_level) - 1];
}

result<report> think(const game& g, const limits& l, const info_sink& sink, workspace& ws) {
    if (g.current_status().over()) return error{"the game is over"};
    const std::size_t legal = g.move_count();
    if (legal == 1 && !l.score_forced_move) return report{0, g.move_text(0), 0, 0, 0, 0, {g.move_text(0)}};
    const game_info* info = find_game(g.id());
    if (!info || !info->think) return error{"no engine for this game"};

    const level_params lp = level_settings(l.level);
    limits narrowed = l;
    if (lp.max_depth) narrowed.depth = l.depth ? std::min(l.depth, lp.max_depth) : lp.max_depth;
    if (lp.max_nodes) narrowed.nodes = l.nodes ? std::min(l.nodes, lp.max_nodes) : lp.max_nodes;
    // The table's verdict on the root goes with every line, for the analysis board.
    std::optional<int> lead;
    if (!l.endgame.empty() && info->endgame.final_lead)
        lead = info->endgame.final_lead(g, l.endgame);
    info_sink lines = sink;
    if (lead && sink)
        lines = [&sink, lead](const engine::info& i) {
            engine::info with = i;
            with.endgame_lead = lead;
            sink(with);
        };
    const bool book_fits = l.book && lp.margin <= book_margin;
    std::optional<search_result> booked = book_fits ? from_book(g) : std::nullopt;
    search_result r = booked ? std::move(*booked) : info->think(g, narrowed, lp.margin, lines, ws);

    random_source rng{l.seed};
    const std::size_t pick = choose(r, lp, legal, rng);
    report out;
    out.move = pick;
    out.text = g.move_text(pick);
    // A move picked at random may hold only a bound; report the search's score then.
    out.score = pick < r.scores.size() && r.scores[pick] > -win_score ? r.scores[pick] : r.score;
    out.depth = r.depth;
    out.nodes = r.nodes;
    out.time_ms = r.time_ms;
    out.endgame_lead = lead;
    out.from_book = booked.has_value();
    if (pick == r.index)
        out.pv = std::move(r.pv);
    else
        out.pv = {out.text};
    return out;
}

result<report> think(const game& g, const limits& l, const info_sink& sink) {
    workspace ws;
    return think(g, l, sink, ws);
}

}  // namespace kibitz::core::engine
