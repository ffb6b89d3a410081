#!/usr/bin/env bash
# Does play against the computer slow the humans down? The 1,000-client load run
# (bench/run_load.sh) twice on fresh servers: without, then with 50 games against
# the computer (level 8, untimed: two seconds a move, think time not capped; the server's
# default engine pool: --engine-threads 1 at a lower priority). Prints both
# RESULT lines; compare opp_p99_ms (move -> opponent, human games only).
# Environment as for run_load.sh; LOAD_REPEAT (1): how many such pairs.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp /tmp/kibitz-load-computer.XXXXXX)
trap 'rm -f "$out"' EXIT
for i in $(seq "${LOAD_REPEAT:-1}"); do
    LOAD_SIZES=${LOAD_SIZES:-1000} LOAD_COMPUTER_GAMES=${LOAD_COMPUTER_GAMES:-"0 50"} LOAD_IDLE=0 \
        "$root/bench/run_load.sh" | tee -a "$out"
    export LOAD_NO_BUILD=1  # the binaries cannot change between pairs
done
echo
echo "== summary (human games only; computer_* = the games against the computer) =="
grep '^RESULT' "$out" | tr ' ' '\n' |
    awk -F= '/^RESULT/ {if (line) print line; line = ""; next}
             $1 ~ /^(clients|computer_games|moves_per_s|opp_p50_ms|opp_p99_ms|server_cpu_pct|computer_moves_ours|computer_moves_theirs|computer_games_completed|errors)$/ {line = line " " $0}
             END {if (line) print line}'
