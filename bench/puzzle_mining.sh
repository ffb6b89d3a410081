#!/bin/sh
# Puzzle mining throughput (issue 27, docs/puzzles.md): per game, the miner
# (kibitz-cli puzzles) at the shipped set's depths on a fixed seed and a
# bounded number of self-play games, and what it yields. Prints one row per
# game: positions screened, candidates (passed the screen), puzzles kept,
# CPU and wall seconds, positions screened per CPU second, puzzles kept per
# 1,000 positions and per CPU minute. CPU time (user + system of the miner,
# /usr/bin/time) is the figure to compare on a shared machine: wall time grows
# with the load, CPU time hardly. Every count is deterministic for the seed,
# so two runs differ only in their times.
#   bench/puzzle_mining.sh [KIBITZ_CLI] [SEED] [GAMES_SCALE]
# GAMES_SCALE multiplies each game's number of games (default 1: about 5-10
# CPU seconds per game on one core).
set -eu
cli=${1:-build/bin/kibitz-cli}
seed=${2:-11}
scale=${3:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One game: game games find-depth verify-depth (the shipped depths, docs/puzzles.md).
run() {
    game=$1 games=$(($2 * scale)) find=$3 verify=$4
    start=$(date +%s.%N)
    /usr/bin/time -f '%U %S' -o "$tmp/time" "$cli" puzzles "$game" --games "$games" \
        --seed "$seed" --find-depth "$find" --verify-depth "$verify" >/dev/null 2>"$tmp/err"
    end=$(date +%s.%N)
    # "<game>: N positions screened, N candidates, N duplicates, N puzzles, N ms (...)"
    sed -E 's/^[a-z]+: ([0-9]+) positions screened, ([0-9]+) candidates, ([0-9]+) duplicates, ([0-9]+) puzzles.*/\1 \2 \4/' \
        "$tmp/err" >"$tmp/counts"
    read -r positions candidates kept <"$tmp/counts"
    awk -v g="$game" -v d="$find/$verify" -v n="$games" -v p="$positions" -v c="$candidates" \
        -v k="$kept" -v cpu="$(awk '{print $1 + $2}' "$tmp/time")" -v start="$start" -v end="$end" 'BEGIN {
        printf "| %s | %s | %d | %d | %d | %d | %.2f | %.1f | %.0f | %.1f | %.1f |\n", g, d, n, p, c, k,
            cpu, end - start, (cpu > 0 ? p / cpu : 0), (p > 0 ? 1000 * k / p : 0), (cpu > 0 ? 60 * k / cpu : 0)
    }'
}

echo "seed $seed, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo "| game | depths (find / verify) | games | positions screened | candidates | kept | CPU s | wall s | positions per CPU s | kept per 1,000 positions | kept per CPU minute |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
run checkers 10 8 10
run oware 10 10 12
run ouril 10 10 12
run oferhlyp 2 3 5
run opprimo 2 4 6
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
