#!/usr/bin/env bash
# CPU per move of kibitz-server beside the kernel's share (bench/ceiling) in the
# same run, so that a noisy machine moves both figures alike: for each size N,
# a fresh server and database, kibitz-load with N players for LOAD_SECONDS
# (server CPU and instructions per move, perf stat when present), then the
# do-nothing kibitz-ceiling with the same N (3 writes a move, as the server
# does). Prints one line per size: server µs per move, ceiling µs per move,
# their ratio, and server instructions per move.
# Usage: bench/move_cost.sh [BUILD_DIR]   (default build; nothing is built)
# Environment: LOAD_SIZES ("20 200 1000"), LOAD_SECONDS (10), LOAD_SERVER_BIN,
# MOVE_COST_REPEAT (1: runs per size, alternating server and ceiling).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
sizes=${LOAD_SIZES:-"20 200 1000"}
seconds=${LOAD_SECONDS:-10}
repeat=${MOVE_COST_REPEAT:-1}
server_bin=${LOAD_SERVER_BIN:-$build/bin/kibitz-server}
load_bin=${LOAD_GEN_BIN:-$build/bin/kibitz-load}
ceiling_bin=${CEILING_BIN:-$build/bin/kibitz-ceiling}
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); server $server_bin"

tmp=$(mktemp -d /tmp/kibitz-move-cost.XXXXXX)
pid=
stop() {
    if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; fi
    pid=
}
trap 'stop; rm -rf "$tmp"' EXIT
port=$((20000 + RANDOM % 20000))
kv() { tr ' ' '\n' <"$1" | awk -F= -v k="$2" '$1 == k {print $2}' | tail -1; }

for n in $sizes; do
for r in $(seq "$repeat"); do
    port=$((port + 1))
    rm -f "$tmp"/k.db*
    "$server_bin" --address 127.0.0.1 --port "$port" --db "$tmp/k.db" --log-level warn \
        --max-conns-per-address 0 --guests-per-address 0 --rate 100000 --burst 100000 >"$tmp/server.log" 2>&1 &
    pid=$!
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
    perf_pid=
    if command -v perf >/dev/null; then
        perf stat -e instructions -x, -o "$tmp/perf.txt" -p "$pid" &
        perf_pid=$!
    fi
    load_avg=$(cut -d' ' -f1 /proc/loadavg)
    "$load_bin" --port "$port" --server-pid "$pid" --clients "$n" --seconds "$seconds" --warmup 2 \
        | grep '^RESULT' >"$tmp/load.out" || true
    moves_total=$(curl -s "http://127.0.0.1:$port/metrics" | awk '$1 == "kibitz_moves_total" {print $2}')
    ins=""
    if [[ -n $perf_pid ]]; then
        kill -INT "$perf_pid" 2>/dev/null || true
        wait "$perf_pid" 2>/dev/null || true
        ins=$(awk -F, -v m="${moves_total:-0}" '$3 ~ /^instructions/ && m > 0 && $1 + 0 > 0 {printf "%.0f", $1 / m}' "$tmp/perf.txt")
    fi
    stop
    cpu=$(kv "$tmp/load.out" server_cpu_s); moves=$(kv "$tmp/load.out" moves_acked)
    mps=$(kv "$tmp/load.out" moves_per_s); p99=$(kv "$tmp/load.out" opp_p99_ms)
    server_us=$(awk -v c="$cpu" -v m="$moves" 'BEGIN { if (m > 0) printf "%.1f", c * 1e6 / m; else print "n/a" }')

    port=$((port + 1))
    "$ceiling_bin" server --port "$port" --writes 3 >"$tmp/ceiling.log" 2>&1 &
    pid=$!
    for _ in $(seq 50); do grep -qs listening "$tmp/ceiling.log" && break; sleep 0.1; done
    "$ceiling_bin" clients --port "$port" --clients "$n" --seconds "$seconds" --warmup 2 --server-pid "$pid" \
        --label "move-cost" | grep '^RESULT' >"$tmp/ceiling.out" || true
    stop
    ceiling_us=$(kv "$tmp/ceiling.out" server_us_per_move)
    ratio=$(awk -v s="$server_us" -v c="$ceiling_us" 'BEGIN { if (c > 0 && s + 0 > 0) printf "%.2f", s / c; else print "n/a" }')
    echo "clients=$n run=$r load=$load_avg moves_per_s=$mps opp_p99_ms=$p99 server_us_per_move=$server_us" \
         "ceiling_us_per_move=$ceiling_us ratio=$ratio server_instructions_per_move=${ins:-n/a}"
done
done
