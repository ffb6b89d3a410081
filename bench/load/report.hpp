#pragma once
// The figures of one run, printed for people and as one `RESULT k=v ...` line
// for scripts (bench/run_load.sh).
#include <cstddef>
#include <utility>
#include <vector>

#include "options.hpp"
#include "proc_stats.hpp"
#include "run_stats.hpp"

namespace kibitz::bench {

struct report {
    const options* opt = nullptr;
    std::size_t connections = 0;
    std::size_t welcomed = 0;
    double connect_s = 0;
    double measured_s = 0;
    proc_sample server_before, server_start, server_end;
    double self_cpu_start = 0, self_cpu_end = 0;
    run_stats stats;
    long seated = 0;                                 // seated: games that reached their plies
    std::vector<std::pair<long, long>> rss_marks;    // --finish-games: (finished, RSS KiB)

    void print() const;
};

}  // namespace kibitz::bench
