// Perft benchmark: nodes per second of each game's own move generator, from
// the start position. Prints one line per game and depth; asserts nothing.
//   bench_perft [GAME [DEPTH]]
// With no arguments: every game through the `game` interface, then the raw paths.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "checkers/checkers.hpp"
#include "kibitz/core/registry.hpp"
#include "oware/oware_position.hpp"

namespace core = kibitz::core;

namespace {

struct bench_case {
    std::string_view game;
    int depth;
};

// Depths chosen so each game runs for about a second on this machine.
constexpr bench_case default_cases[] = {
    {"checkers", 11}, {"oferhlyp", 5}, {"opprimo", 6}, {"oware", 9}, {"ouril", 10},
};

template <class F>
void timed(const char* label, int depth, F&& count) {
    auto t0 = std::chrono::steady_clock::now();
    unsigned long long leaves = count();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%-20s perft(%2d) = %12llu leaves  %8.3f s  %14.0f leaves/s\n", label, depth, leaves,
                secs, leaves / secs);
}

// The raw generators without what the game wrapper adds: checkers without its
// transposition table, Oware without repetition tracking.
void run_raw_paths() {
    namespace ck = kibitz::core::checkers;
    namespace ow = kibitz::core::oware;
    timed("checkers (no table)", 11, [] { return ck::perft_no_table(ck::start_position(), 11); });
    auto start = ow::parse_position(ow::variant::oware, "S:4,4,4,4,4,4,4,4,4,4,4,4:0,0").value();
    timed("oware (no history)", 10, [&] { return ow::perft(ow::variant::oware, start, 10); });
    timed("ouril (no history)", 11, [&] { return ow::perft(ow::variant::ouril, start, 11); });
}

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
    std::printf("%-20s perft(%2d) = %12llu leaves  %8.3f s  %14.0f leaves/s\n", info->id.data(), depth,
                static_cast<unsigned long long>(leaves), secs, leaves / secs);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 2) {
        run(argv[1], argc >= 3 ? std::atoi(argv[2]) : 5);
        return 0;
    }
    for (const auto& c : default_cases) run(c.game, c.depth);
    run_raw_paths();
    return 0;
}
