#!/usr/bin/env bash
# The kernel's ceiling for kibitz-server's move traffic (see main.cpp): builds
# kibitz-ceiling and, for each server variant, starts `kibitz-ceiling server` and
# runs `kibitz-ceiling clients` against it, printing the clients' report, the
# server's own session line and one RESULT line per run.
# Usage: bench/ceiling/run.sh [BUILD_DIR]
# Environment: KIBITZ_BUILD_DIR (default build-ceiling; the argument wins),
# CEILING_CLIENTS (1000), CEILING_SECONDS (10), CEILING_WARMUP (2),
# CEILING_WRITES ("3 2"), CEILING_RUNS (1 run of each variant),
# CEILING_THREADS (1: server loops, one port each), CEILING_NO_BUILD=1,
# CEILING_SERVER_CPUS / CEILING_CLIENTS_CPUS (taskset -c lists, e.g. 0 and 1: pinned).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-${KIBITZ_BUILD_DIR:-$root/build-ceiling}}
clients=${CEILING_CLIENTS:-1000}
seconds=${CEILING_SECONDS:-10}
warmup=${CEILING_WARMUP:-2}
variants=${CEILING_WRITES:-"3 2"}
runs=${CEILING_RUNS:-1}
threads=${CEILING_THREADS:-1}
server_pin=(); clients_pin=()
[[ -n ${CEILING_SERVER_CPUS:-} ]] && server_pin=(taskset -c "$CEILING_SERVER_CPUS")
[[ -n ${CEILING_CLIENTS_CPUS:-} ]] && clients_pin=(taskset -c "$CEILING_CLIENTS_CPUS")

if [[ ! -f $build/build.ninja ]]; then
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
if [[ -z ${CEILING_NO_BUILD:-} ]] &&
    ! cmake --build "$build" --target kibitz-ceiling -j2 >"${TMPDIR:-/tmp}/kibitz-ceiling-build.log" 2>&1; then
    tail -30 "${TMPDIR:-/tmp}/kibitz-ceiling-build.log"; echo "build failed"; exit 1
fi
bin=$build/bin/kibitz-ceiling
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "$(nproc) cores; $(uname -r); load average $(cut -d' ' -f1-3 /proc/loadavg)"

tmp=$(mktemp -d /tmp/kibitz-ceiling.XXXXXX)
server_pid=
stop_server() {
    if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid"
        wait "$server_pid" 2>/dev/null || true
    fi
    server_pid=
}
trap 'stop_server; rm -rf "$tmp"' EXIT

port=$((20000 + RANDOM % 20000))
results=()
for w in $variants; do
    for r in $(seq "$runs"); do
        port=$((port + threads))
        "${server_pin[@]}" "$bin" server --port "$port" --writes "$w" --threads "$threads" >"$tmp/server.log" 2>&1 &
        server_pid=$!
        for _ in $(seq 50); do grep -q listening "$tmp/server.log" && break; sleep 0.1; done
        grep -q listening "$tmp/server.log" || { cat "$tmp/server.log"; exit 1; }
        echo
        echo "== writes $w, server threads $threads, pinned ${CEILING_SERVER_CPUS:--}/${CEILING_CLIENTS_CPUS:--}, run $r (load average $(cut -d' ' -f1 /proc/loadavg)) =="
        "${clients_pin[@]}" "$bin" clients --port "$port" --ports "$threads" --clients "$clients" --seconds "$seconds" \
            --warmup "$warmup" --server-pid "$server_pid" --label "writes=$w threads=$threads pin=${CEILING_SERVER_CPUS:--}/${CEILING_CLIENTS_CPUS:--} run=$r" \
            | tee "$tmp/clients.out" || true
        sleep 0.2  # the server prints its session line once the last connection is gone
        stop_server
        grep "session" "$tmp/server.log" | sed 's/^/  /' || true
        results+=("$(grep '^RESULT' "$tmp/clients.out" || echo "RESULT writes=$w run=$r failed")")
    done
done
echo
echo "== summary =="
printf '%s\n' "${results[@]}"
