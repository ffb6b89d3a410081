// perft, moves, play, selfplay: the rules core from a shell.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <random>

#include "commands.hpp"

namespace kibitz::cli {

std::string clip(const std::string& reason) {
    constexpr std::size_t limit = 300;
    return reason.size() <= limit ? reason : reason.substr(0, limit) + "...";
}

std::unique_ptr<core::game> load_game(const options& o, const core::game_info& info,
                                      bool play_args) {
    std::unique_ptr<core::game> g;
    if (const std::string* text = o.get("position")) {
        auto loaded = info.from_position(*text);
        if (!loaded) {
            std::cerr << "position: " << clip(loaded.reason()) << '\n';
            return nullptr;
        }
        g = std::move(loaded).value();
    } else {
        g = info.new_game();
    }
    if (!play_args) return g;
    for (const auto& text : o.args) {
        if (g->current_status().over()) {
            std::cerr << "move '" << shown(text) << "': the game is over ("
                      << describe(g->current_status(), info) << ")\n";
            return nullptr;
        }
        auto played = g->try_move(text);
        if (!played) {
            std::cerr << "move '" << shown(text) << "': " << clip(played.reason()) << '\n';
            return nullptr;
        }
    }
    return g;
}

std::string describe(const core::status& s, const core::game_info& info) {
    switch (s.kind) {
        case core::status_kind::ongoing: return "ongoing";
        case core::status_kind::draw: return "draw (" + s.reason + ")";
        case core::status_kind::win:
            return std::string(info.about.sides[s.winner].name) + " wins (" + s.reason + ")";
    }
    return "?";
}

int run_perft(const options& o, const core::game& g) {
    if (o.args.size() != 1) return usage("perft takes one depth");
    auto depth = to_int(o.args[0]);
    if (!depth || *depth < 0 || *depth > 30) return usage("depth must be a number from 0 to 30");
    auto start = std::chrono::steady_clock::now();
    std::uint64_t leaves = g.perft(static_cast<int>(*depth));
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("time %.3f s, %.0f leaves/s\n", secs, secs > 0 ? leaves / secs : 0.0);
    std::printf("%llu\n", static_cast<unsigned long long>(leaves));
    return 0;
}

int run_moves(const options& o, const core::game& g) {
    if (!o.args.empty()) return usage("moves takes no moves");
    for (std::size_t i = 0; i < g.move_count(); ++i) std::cout << g.move_text(i) << '\n';
    return 0;
}

int run_play(const options& o, const core::game_info& info) {
    auto g = load_game(o, info, true);
    if (!g) return 2;
    std::cout << g->position_text() << '\n' << describe(g->current_status(), info) << '\n';
    return 0;
}

// Deterministic across standard libraries: std::uniform_int_distribution is not.
std::size_t pick(std::mt19937_64& rng, std::size_t n) { return rng() % n; }

int run_selfplay(const options& o, const core::game& start, const core::game_info& info) {
    if (!o.args.empty()) return usage("selfplay takes no moves");
    auto flag = [&](const char* name, const char* fallback) {
        const std::string* v = o.get(name);
        return to_int(v ? *v : fallback);
    };
    auto games = flag("games", "1"), seed = flag("seed", "1"), max_plies = flag("max-plies", "10000");
    if (!games || !seed || !max_plies || *games < 1 || *max_plies < 1)
        return usage("--games, --seed and --max-plies take numbers (games and plies from 1)");
    std::mt19937_64 rng(static_cast<std::uint64_t>(*seed));
    std::map<std::string, int> outcomes;
    long long total_plies = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (long long n = 0; n < *games; ++n) {
        auto g = start.clone();
        long long plies = 0;
        while (!g->current_status().over() && plies < *max_plies) {
            g->play(pick(rng, g->move_count()));
            ++plies;
        }
        total_plies += plies;
        auto st = g->current_status();
        ++outcomes[st.over() ? describe(st, info) : "unfinished after max plies"];
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (const auto& [what, count] : outcomes) std::cout << count << "  " << what << '\n';
    std::printf("games %lld, average length %.1f plies, %.0f moves/s\n", *games,
                double(total_plies) / double(*games), secs > 0 ? total_plies / secs : 0.0);
    return 0;
}

}  // namespace kibitz::cli
