// Perft benchmark: nodes per second of each game's own move generator, from
// the start position. Prints one line per game and depth; asserts nothing.
//   bench_perft [GAME [DEPTH]]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "kibitz/core/registry.hpp"

namespace core = kibitz::core;

namespace {

struct bench_case {
    std::string_view game;
    int depth;
};

// Depths chosen so each game runs for about a second on this machine.
constexpr bench_case default_cases[] = {
    {"checkers", 11}, {"oferhlyp", 4}, {"opprimo", 7}, {"oware", 9}, {"ouril", 9},
};

void run(std::string_view id, int depth) {
    const auto* info = core::find_game(id);
    if (!info) {
        std::fprintf(stderr, "unknown game %.*s\n", int(id.size()), id.data());
        std::exit(1);
    }
    auto g = info->new_game();
    auto t0 = std::chrono::steady_clock::now();
    auto leaves = g->perft(depth);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%-9s perft(%2d) = %12llu leaves  %8.3f s  %14.0f leaves/s\n", info->id.data(), depth,
                static_cast<unsigned long long>(leaves), secs, leaves / secs);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 2) {
        run(argv[1], argc >= 3 ? std::atoi(argv[2]) : 5);
        return 0;
    }
    for (const auto& c : default_cases) run(c.game, c.depth);
    return 0;
}
