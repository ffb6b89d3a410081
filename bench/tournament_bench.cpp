// Times the tournaments' pure pairing (server/tournament): one Swiss round of
// N players, in round 1 and after five played rounds (random results, so the
// score groups, side histories and past opponents are realistic), and one
// arena wave of N waiting players with last opponents. Prints the median of
// REPEAT runs for each, wall time and CPU time (on a loaded machine the CPU
// time is the steadier figure). Usage: bench_tournament [REPEAT]   (default 7)
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "tournament/rules/arena_pairing.hpp"
#include "tournament/rules/swiss_pairing.hpp"

using namespace kibitz::server::tournament;
using steady = std::chrono::steady_clock;

namespace {

double cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

struct timing {
    double wall_ms, cpu_ms;
};

template <class F>
timing median(int repeat, F run) {
    std::vector<double> wall, cpu;
    for (int i = 0; i < repeat; ++i) {
        const auto t0 = steady::now();
        const double c0 = cpu_ms();
        run();
        cpu.push_back(cpu_ms() - c0);
        wall.push_back(std::chrono::duration<double, std::milli>(steady::now() - t0).count());
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    return {wall[wall.size() / 2], cpu[cpu.size() / 2]};
}

std::vector<swiss_entrant> field(int n, std::mt19937_64& rng) {
    std::vector<swiss_entrant> f;
    for (int i = 0; i < n; ++i) f.push_back({"p" + std::to_string(i), 1000 + int(rng() % 1500)});
    return f;
}

// `rounds` played rounds of random results.
std::vector<swiss_game> played(const std::vector<swiss_entrant>& f, int rounds,
                               std::mt19937_64& rng) {
    std::vector<swiss_game> history;
    for (int r = 1; r <= rounds; ++r) {
        auto pairing = pair_swiss_round(f, history);
        if (!pairing) break;
        for (const auto& p : pairing->pairs) {
            const auto roll = rng() % 10;
            history.push_back({r, p.first, p.second,
                               roll < 4   ? swiss_result::first_won
                               : roll < 7 ? swiss_result::second_won
                                          : swiss_result::draw});
        }
        if (!pairing->bye.empty()) history.push_back({r, pairing->bye, "", swiss_result::bye});
    }
    return history;
}

void swiss(int n, int repeat) {
    std::mt19937_64 rng{std::uint64_t(n)};
    const auto f = field(n, rng);
    const auto later = played(f, 5, rng);
    const timing first = median(repeat, [&] { (void)pair_swiss_round(f, {}); });
    const timing sixth = median(repeat, [&] { (void)pair_swiss_round(f, later); });
    std::printf("swiss %5d players: round 1 %7.2f ms (cpu %7.2f), round 6 %7.2f ms (cpu %7.2f)\n",
                n, first.wall_ms, first.cpu_ms, sixth.wall_ms, sixth.cpu_ms);
}

void arena(int n, int repeat) {
    std::mt19937_64 rng{std::uint64_t(n) + 1};
    std::vector<arena_waiting> w(static_cast<std::size_t>(n), arena_waiting{});
    for (int i = 0; i < n; ++i) {
        w[i].id = "p" + std::to_string(i);
        w[i].rank = 1 + int(rng() % std::uint64_t(n));
        w[i].rating = 1000 + int(rng() % 1500);
        w[i].waited_ms = std::int64_t(rng() % 10000);
        w[i].side_balance = int(rng() % 3) - 1;
    }
    for (int i = 0; i + 1 < n; i += 2) {  // everyone's last game was against a neighbour
        w[i].last_opponent = w[i + 1].id;
        w[i + 1].last_opponent = w[i].id;
    }
    const timing wave = median(repeat, [&] { (void)pair_arena_wave(w, rng()); });
    std::printf("arena %5d waiting: one wave %7.2f ms (cpu %7.2f)\n", n, wave.wall_ms, wave.cpu_ms);
}

}  // namespace

int main(int argc, char** argv) {
    const int repeat = argc > 1 ? std::max(1, std::atoi(argv[1])) : 7;
    swiss(200, repeat);
    swiss(1000, repeat);
    arena(1000, repeat);
}
