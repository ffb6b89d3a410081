// The full re-check of a shipped puzzle set: every solver move of every line
// the only winning one at the given depth (the mining's verify depth, in
// docs/puzzles.md), every move legal in sequence. CI runs the quick check
// (tests/core/puzzle_set_test.cpp); this one takes minutes.
//   bench_puzzles FILE.jsonl DEPTH
// Prints each failure and a summary; exit status 1 if any puzzle fails.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/puzzle_miner.hpp"
#include "kibitz/core/registry.hpp"
#include "puzzle_file.hpp"

int main(int argc, char** argv) {
    namespace core = kibitz::core;
    if (argc != 3) {
        std::fprintf(stderr, "usage: bench_puzzles FILE.jsonl DEPTH\n");
        return 2;
    }
    const int depth = std::atoi(argv[2]);
    const auto t0 = std::chrono::steady_clock::now();
    const auto set = kibitz::test::read_puzzle_file(argv[1]);
    int failed = 0;
    for (const auto& s : set) {
        const core::game_info* info = core::find_game(s.game);
        const std::string why =
            info ? core::engine::check_puzzle(*info, s.p, depth, true) : "unknown game " + s.game;
        if (!why.empty()) {
            ++failed;
            std::printf("%s: %s\n", s.id.c_str(), why.c_str());
        }
    }
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    std::printf("%zu puzzles, %d failed, depth %d, %lld ms\n", set.size(), failed, depth,
                static_cast<long long>(ms));
    return failed ? 1 : 0;
}
