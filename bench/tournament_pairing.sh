#!/usr/bin/env bash
# The tournaments' pairing cost (bench/tournament_bench.cpp): a Swiss round of
# 200 and 1,000 players (round 1, and round 6 after five random rounds) and an
# arena wave of 1,000 waiting players; medians of REPEAT runs. Prints the
# machine's load first, since the figures move with it.
# Usage: bench/tournament_pairing.sh [BUILD_DIR] [REPEAT]   (default build, 7;
# builds bench_tournament if it is missing)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
repeat=${2:-7}
bin=$build/bin/bench_tournament
[[ -x $bin ]] || cmake --build "$build" --target bench_tournament >/dev/null
echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$bin" "$repeat"
