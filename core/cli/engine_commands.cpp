// bestmove and match: the engine from a shell.
#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "engine/match.hpp"
#include "kibitz/core/engine.hpp"

namespace kibitz::cli {

namespace {

namespace engine = core::engine;

// "35", or "#7" / "#-6" for a forced result in that many plies.
std::string score_text(int score) {
    if (engine::is_decided(score)) return "#" + std::to_string(engine::plies_to_end(score));
    return std::to_string(score);
}

}  // namespace

void print_info(const engine::info& i) {
    const long long nps = i.time_ms > 0 ? static_cast<long long>(i.nodes * 1000 / i.time_ms) : 0;
    std::printf("info depth %d score %s nodes %llu nps %lld time %lld pv", i.depth,
                score_text(i.score).c_str(), static_cast<unsigned long long>(i.nodes), nps,
                static_cast<long long>(i.time_ms));
    for (const auto& m : i.pv) std::printf(" %s", m.c_str());
    std::printf("\n");
    std::fflush(stdout);
}

// Reads an optional non-negative number flag into `out`; false (and a usage
// message) when it is there but not a number in [lo, hi].
bool number_flag(const options& o, const char* name, long long lo, long long hi, long long& out,
                 std::string& why) {
    const std::string* v = o.get(name);
    if (!v) return true;
    auto n = to_int(*v);
    if (!n || *n < lo || *n > hi) {
        why = std::string("--") + name + " takes a number from " + std::to_string(lo) + " to " +
              std::to_string(hi);
        return false;
    }
    out = *n;
    return true;
}

bool book_flag(const options& o, engine::limits& l, std::string& why) {
    const std::string* v = o.get("book");
    if (v && *v != "on" && *v != "off") {
        why = "--book is on or off";
        return false;
    }
    l.book = v && *v == "on";
    return true;
}

void print_answer(const engine::report& r) {
    if (r.from_book)
        std::printf("info book score %s depth %d pv %s\n", score_text(r.score).c_str(), r.depth,
                    r.text.c_str());
    else if (r.depth == 0)  // one legal move: answered without searching
        print_info({0, r.score, 0, 0, {r.text}});
    std::printf("bestmove %s\n", r.text.c_str());
}

int run_bestmove(const options& o, const core::game_info& info) {
    long long movetime = 0, depth = 0, nodes = 0, level = engine::max_level, seed = 1, threads = 1;
    std::string why;
    if (!number_flag(o, "threads", 1, engine::max_threads, threads, why) ||
        !number_flag(o, "movetime", 1, 86'400'000, movetime, why) ||
        !number_flag(o, "depth", 1, engine::max_ply, depth, why) ||
        !number_flag(o, "nodes", 1, 1'000'000'000'000, nodes, why) ||
        !number_flag(o, "level", engine::min_level, engine::max_level, level, why) ||
        !number_flag(o, "seed", 0, 1'000'000'000'000'000, seed, why))
        return usage(why);
    if (!movetime && !depth && !nodes) return usage("bestmove needs --movetime, --depth or --nodes");
    auto g = load_game(o, info, true);
    if (!g) return 2;
    std::vector<std::int8_t> table;
    if (!load_endgame(o, info, table)) return 2;
    if (!table.empty() && !g->current_status().over())
        if (const auto v = info.endgame.value(*g, table))
            std::printf("info endgame value %d (%s)\n", *v, info.endgame.value_meaning);
    engine::limits l;
    l.endgame = table;
    l.movetime_ms = movetime;
    l.depth = static_cast<int>(depth);
    l.nodes = static_cast<std::uint64_t>(nodes);
    l.level = static_cast<int>(level);
    l.seed = static_cast<std::uint64_t>(seed);
    l.threads = static_cast<int>(threads);
    if (!book_flag(o, l, why)) return usage(why);
    auto r = engine::think(*g, l, print_info);
    if (!r) {
        std::cerr << "bestmove: " << r.reason() << " (" << describe(g->current_status(), info)
                  << ")\n";
        return 2;
    }
    print_answer(r.value());
    return 0;
}

int run_match(const options& o, const core::game_info& info) {
    if (!o.args.empty()) return usage("match takes no moves");
    const std::string *a_text = o.get("a"), *b_text = o.get("b");
    if (!a_text || !b_text) return usage("match needs --a SPEC and --b SPEC");
    auto a = engine::parse_spec(*a_text), b = engine::parse_spec(*b_text);
    if (!a) return usage("--a: " + a.reason());
    if (!b) return usage("--b: " + b.reason());
    long long games = 2, movetime = 0, seed = 1, max_plies = 400, opening = 4;
    std::string why;
    if (!number_flag(o, "games", 1, 100000, games, why) ||
        !number_flag(o, "movetime", 1, 600'000, movetime, why) ||
        !number_flag(o, "seed", 0, 1'000'000'000'000'000, seed, why) ||
        !number_flag(o, "max-plies", 1, 100000, max_plies, why) ||
        !number_flag(o, "opening-plies", 0, 40, opening, why))
        return usage(why);
    // A spec without any budget thinks for --movetime (default 100 ms).
    for (auto* p : {&a.value(), &b.value()}) {
        auto& l = p->budget;
        if (!l.depth && !l.nodes && !l.movetime_ms) l.movetime_ms = movetime ? movetime : 100;
    }
    engine::match_settings s;
    s.games = static_cast<int>(games);
    s.seed = static_cast<std::uint64_t>(seed);
    s.max_plies = static_cast<int>(max_plies);
    s.opening_plies = static_cast<int>(opening);
    if (const std::string* pos = o.get("position")) {
        if (auto loaded = info.from_position(*pos); !loaded) {
            std::cerr << "position: " << clip(loaded.reason()) << '\n';
            return 2;
        }
        s.start_position = *pos;
    }
    const auto sum = engine::play_match(info, a.value(), b.value(), s, [&](int i, const engine::game_outcome& g) {
        const char* result = g.a_points == 1 ? "A wins" : g.a_points == 0 ? "B wins" : "draw";
        std::printf("game %d: A (%s) plays %s: %s (%s) in %d plies\n", i + 1,
                    a.value().label.c_str(), std::string(info.about.sides[g.a_seat].name).c_str(),
                    result, g.reason.c_str(), g.plies);
        // A game stopped by the ply limit: where it stood, to see why nobody won.
        if (!g.final_position.empty() && g.reason == "move limit")
            std::printf("  final position: %s\n", g.final_position.c_str());
        std::fflush(stdout);
    });
    const double pts = sum.points();
    std::printf("score %g\u2013%g (%d/%d/%d) Elo %+.0f \u00b1%.0f\n", pts, sum.games() - pts,
                sum.wins, sum.draws, sum.losses, sum.elo(), sum.elo_error());
    return 0;
}

}  // namespace kibitz::cli
