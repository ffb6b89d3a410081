// book: makes a game's opening book (opening_book.hpp) from searches of every
// position the first plies can reach, and prints it; core/books/GAME.book is
// this command's output. Every position within --plies of the start that has
// a choice of move is searched for --movetime ms at full strength (from a
// logically empty table each), and the moves less than --margin below the
// best are kept with their scores: the lower levels vary among them,
// full strength plays the best.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <unordered_set>

#include "commands.hpp"
#include "kibitz/core/opening_book.hpp"

namespace kibitz::cli {

namespace {

namespace engine = core::engine;

struct book_settings {
    int plies = 0;
    std::int64_t movetime_ms = 0;
    int margin = 0;
    int threads = 1;
};

// Every position after 0..plies moves from the start, each once, in the order
// of their first appearance (ply by ply, moves in the game's order).
std::vector<std::unique_ptr<core::game>> reachable(const core::game& start, int plies) {
    std::vector<std::unique_ptr<core::game>> all;
    std::unordered_set<std::string> seen{start.position_text()};
    all.push_back(start.clone());
    std::size_t from = 0;
    for (int ply = 0; ply < plies; ++ply) {
        const std::size_t to = all.size();
        for (std::size_t i = from; i < to; ++i) {
            const std::size_t n = all[i]->move_count();
            for (std::size_t m = 0; m < n; ++m) {
                auto next = all[i]->clone();
                next->play(m);
                if (!next->current_status().over() && seen.insert(next->position_text()).second)
                    all.push_back(std::move(next));
            }
        }
        from = to;
    }
    return all;
}

// "POSITION<TAB>MOVE SCORE DEPTH..." for g, or nothing when the search keeps no move.
std::string book_line(const core::game_info& info, const core::game& g, const book_settings& s,
                      engine::workspace& ws) {
    engine::limits l;
    l.movetime_ms = s.movetime_ms;
    l.iteration_start_percent = 100;
    l.threads = s.threads;
    const engine::search_result r = info.think(g, l, s.margin, {}, ws);
    if (r.scores.size() != g.move_count()) return {};
    std::string line = g.position_text();
    // A move at best - margin or below holds only a bound (engine.hpp,
    // search_result::scores): the book keeps exact scores alone. The best is
    // the last completed iteration's (the search's own pick may come from an
    // unfinished one, scored there, not here).
    const int best = *std::max_element(r.scores.begin(), r.scores.end());
    for (std::size_t m = 0; m < r.scores.size(); ++m)
        if (r.scores[m] > best - s.margin)
            line += '\t' + g.move_text(m) + ' ' + std::to_string(r.scores[m]) + ' ' +
                    std::to_string(r.depth);
    return line;
}

}  // namespace

int run_book(const options& o, const core::game_info& info) {
    if (!info.think) return usage("no engine for " + std::string(info.id));
    if (!o.args.empty()) return usage("book takes no moves");
    long long plies = 0, movetime = 0, margin = engine::book_margin, threads = 1;
    std::string why;
    if (!number_flag(o, "plies", 0, 8, plies, why) ||
        !number_flag(o, "movetime", 1, 600'000, movetime, why) ||
        !number_flag(o, "margin", 0, 1000, margin, why) ||
        !number_flag(o, "threads", 1, engine::max_threads, threads, why))
        return usage(why);
    if (!o.has("plies") || !movetime) return usage("book needs --plies N and --movetime MS");
    const book_settings s{int(plies), movetime, int(margin), int(threads)};
    const auto positions = reachable(*info.new_game(), s.plies);
    const auto choices = std::count_if(positions.begin(), positions.end(),
                                       [](const auto& g) { return g->move_count() >= 2; });
    std::printf(
        "# Opening book of %s, made by: kibitz-cli book %s --plies %lld --movetime %lld"
        " --margin %lld --threads %lld\n# %zu positions reached, %td with a choice of move;"
        " POSITION<TAB>MOVE SCORE DEPTH... (core/include/kibitz/core/opening_book.hpp)\n",
        std::string(info.id).c_str(), std::string(info.id).c_str(), plies, movetime, margin,
        threads, positions.size(), choices);
    engine::workspace ws;
    const auto t0 = std::chrono::steady_clock::now();
    std::size_t done = 0;
    for (const auto& g : positions) {
        ++done;
        // A lone move is played at once without the book.
        if (g->move_count() < 2) continue;
        const std::string line = book_line(info, *g, s, ws);
        if (!line.empty()) std::printf("%s\n", line.c_str());
        std::fflush(stdout);
        const double secs =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::fprintf(stderr, "book %s: %zu of %zu positions, %.0f s\n",
                     std::string(info.id).c_str(), done, positions.size(), secs);
    }
    return 0;
}

}  // namespace kibitz::cli
