// Engine speed: nodes per second and the depth reached within a time budget,
// from the start and from a middlegame (reached by 14 plies of depth-4 play
// with a fixed seed), per game; and how far past the budget the search
// returned. Prints figures; asserts nothing.
//   bench_engine [MS] [GAME]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "kibitz/core/engine.hpp"
#include "kibitz/core/registry.hpp"

namespace core = kibitz::core;
namespace engine = kibitz::core::engine;

namespace {

std::unique_ptr<core::game> middlegame(const core::game_info& info) {
    auto g = info.new_game();
    engine::workspace ws(4);
    for (int ply = 0; ply < 14 && !g->current_status().over(); ++ply) {
        engine::limits l;
        l.depth = 4;
        l.level = 6;  // a little variety, still deterministic for the seed
        l.seed = 1000 + ply;
        g->play(engine::think(*g, l, {}, ws).value().move);
    }
    return g;
}

void measure(const char* what, const core::game& g, std::int64_t ms) {
    if (g.current_status().over()) {
        std::printf("  %-10s (the game ended before the middlegame)\n", what);
        return;
    }
    engine::workspace ws(64);
    engine::limits l;
    l.movetime_ms = ms;
    const auto t0 = std::chrono::steady_clock::now();
    auto r = engine::think(g, l, {}, ws);
    const double wall = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    const auto& rep = r.value();
    std::printf("  %-10s depth %2d  nodes %10llu  %9.0f nodes/s  wall %6.1f ms (budget %lld)  best %s  score %d\n",
                what, rep.depth, static_cast<unsigned long long>(rep.nodes),
                wall > 0 ? rep.nodes / (wall / 1000.0) : 0.0, wall, static_cast<long long>(ms),
                rep.text.c_str(), rep.score);
    std::printf("  %-10s position %s\n", "", g.position_text().c_str());
}

}  // namespace

int main(int argc, char** argv) {
    const std::int64_t ms = argc > 1 ? std::atoll(argv[1]) : 1000;
    const std::string_view only = argc > 2 ? argv[2] : "";
    for (const auto& info : core::all_games()) {
        if ((!only.empty() && info.id != only) || !info.think) continue;
        std::printf("%s\n", std::string(info.id).c_str());
        measure("start", *info.new_game(), ms);
        measure("middlegame", *middlegame(info), ms);
    }
}
