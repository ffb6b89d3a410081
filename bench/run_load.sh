#!/usr/bin/env bash
# Load benchmark of kibitz-server (not part of the test run; a few minutes).
# Builds kibitz-server and kibitz-load if needed, then for each N starts a fresh
# server on 127.0.0.1 with a temporary database and runs the generator:
#   play: N = 20, 200, 1000, 2000 clients (N/2 games of checkers, 3600+0 clocks,
#         random legal moves, rematch on game end), LOAD_SECONDS measured each;
#   idle: 10,000 connections that say hello and stay idle (RSS per connection).
# The server's per-connection rate limit is RAISED for play runs
# (--rate 100000 --burst 100000 instead of 20/s, burst 40): one player here sends
# far more than a person can. Everything else is the server's default.
# Environment: KIBITZ_BUILD_DIR (default build-load), LOAD_SECONDS (15),
# LOAD_SIZES ("20 200 1000 2000"), LOAD_IDLE (10000), LOAD_GEN_THREADS (1),
# LOAD_SERVER_THREADS (server default: one per core), LOAD_SPECTATORS (0),
# LOAD_SERVER_BIN (another server binary), LOAD_GEN_BIN (another kibitz-load),
# LOAD_NO_BUILD=1 (use what is built), LOAD_IDLE=0 (no idle run),
# LOAD_PERF=1 (also count the server's instructions per move with perf stat),
# LOAD_COMPUTER_GAMES ("0"): each size runs once per value C in this list, with
# C more connections each playing the computer (level 8, same clocks, think
# time not capped; see bench/run_load_computer.sh).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${KIBITZ_BUILD_DIR:-$root/build-load}
seconds=${LOAD_SECONDS:-15}
sizes=${LOAD_SIZES:-"20 200 1000 2000"}
idle=${LOAD_IDLE:-10000}
gen_threads=${LOAD_GEN_THREADS:-1}
spectators=${LOAD_SPECTATORS:-0}
computer_games=${LOAD_COMPUTER_GAMES:-0}
server_threads=()
[[ -n "${LOAD_SERVER_THREADS:-}" ]] && server_threads=(--threads "$LOAD_SERVER_THREADS")

if [[ ! -f $build/build.ninja ]]; then
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
if [[ -n ${LOAD_NO_BUILD:-} ]]; then :
elif ! cmake --build "$build" --target kibitz-server kibitz-load -j2 >"${TMPDIR:-/tmp}/kibitz-load-build.log" 2>&1; then
    tail -30 "${TMPDIR:-/tmp}/kibitz-load-build.log"; echo "build failed"; exit 1
fi
server_bin=${LOAD_SERVER_BIN:-$build/bin/kibitz-server}  # e.g. a saved binary to compare
load_bin=${LOAD_GEN_BIN:-$build/bin/kibitz-load}

# 10,000 connections need 10,000 descriptors on each side (one process each).
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "ulimit -n $(ulimit -n); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"

tmp=$(mktemp -d /tmp/kibitz-load.XXXXXX)
server_pid=
stop_server() {
    if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid"
        for _ in $(seq 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$server_pid" 2>/dev/null && kill -KILL "$server_pid"
        wait "$server_pid" 2>/dev/null || true
    fi
    server_pid=
}
trap 'stop_server; rm -rf "$tmp"' EXIT

port=$((20000 + RANDOM % 20000))
start_server() {  # extra flags...
    port=$((port + 1))
    rm -f "$tmp"/kibitz.db*
    # Every client comes from 127.0.0.1: no per-address caps here.
    "$server_bin" --address 127.0.0.1 --port "$port" --db "$tmp/kibitz.db" --log-level warn \
        --max-conns-per-address 0 --guests-per-address 0 \
        "${server_threads[@]}" "$@" >"$tmp/server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 100); do
        curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "server did not start:"; cat "$tmp/server.log"; exit 1
}
metric() { curl -s "http://127.0.0.1:$port/metrics" | awk -v m="$1" '$1 == m {print $2}'; }

for n in $sizes; do
for c in $computer_games; do
    echo
    echo "== play: $n clients, $spectators spectators/game, $c games against the computer, ${seconds} s (load average $(cut -d' ' -f1 /proc/loadavg)) =="
    start_server --rate 100000 --burst 100000
    perf_pid=
    if [[ -n ${LOAD_PERF:-} ]] && command -v perf >/dev/null; then
        # Instructions retired by the server per move: unlike CPU time, this
        # hardly depends on what else the machine is doing.
        perf stat -e instructions,cycles -x, -o "$tmp/perf.txt" -p "$server_pid" &
        perf_pid=$!
    fi
    "$load_bin" --port "$port" --server-pid "$server_pid" --clients "$n" --spectators "$spectators" \
        --computer-games "$c" --seconds "$seconds" --warmup 2 --threads "$gen_threads" | tee "$tmp/load.out" || true
    served=$(metric kibitz_moves_total)
    if [[ -n $perf_pid ]]; then
        kill -INT "$perf_pid" 2>/dev/null || true
        wait "$perf_pid" 2>/dev/null || true
        awk -F, -v moves="${served:-0}" '$3 == "instructions" || $3 ~ /^instructions/ {i = $1}
            $3 ~ /^cycles/ {c = $1}
            END { if (moves > 0 && i > 0) printf "server per move (whole run, %d moves): %.0f instructions, %.0f cycles\n", moves, i / moves, c / moves }' \
            "$tmp/perf.txt"
    fi
    stop_server
    # Every accepted move must be in the database once the server has stopped.
    stored=$(sqlite3 "$tmp/kibitz.db" "SELECT COUNT(*) FROM moves" 2>/dev/null || echo "n/a")
    echo "persisted: server accepted ${served:-?} moves in total, database holds $stored"
    grep -i -E "error|warn" "$tmp/server.log" | sort | uniq -c | sort -rn | head -5 || true
done
done
[[ $idle == 0 ]] && exit 0

echo
echo "== idle: $idle connections (load average $(cut -d' ' -f1 /proc/loadavg)) =="
start_server
"$load_bin" --mode idle --port "$port" --server-pid "$server_pid" --idle "$idle" --seconds 5 \
    --threads "$gen_threads" | tee "$tmp/load.out"
stop_server
