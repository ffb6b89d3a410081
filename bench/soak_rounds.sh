#!/usr/bin/env bash
# Sustained load on ONE server (issue 47, item 0): kibitz-load with
# SOAK_CLIENTS players in SOAK_ROUNDS back-to-back rounds of SOAK_ROUND_SECONDS
# each, against the same server and database the whole time (each round a new
# generator: new guests, new games; games end by resignation at ply
# SOAK_RESIGN_AT so tens of thousands finish and rematches follow). After each
# round one line: moves/s, ack and opponent p99, games finished in the round
# and in all, the rooms the server holds (kibitz_rooms_in_memory: a round's
# games still in play when its generator leaves stay until their clocks run
# out, an hour at kibitz-load's 3600+0), the server's RSS and anonymous memory (/proc/PID/status), SQLite's
# own memory (kibitz_sqlite_memory_bytes when the server exports it), the
# database and WAL sizes, the server's CPU per move, and the store's error lines
# the server logged during the round (not stored / paused / no game / locked /
# any other "error"), with the first such line printed under the round.
#
# Usage: bench/soak_rounds.sh [BUILD_DIR]   (default build; nothing is built)
# Environment: SOAK_CLIENTS (1000), SOAK_ROUNDS (30), SOAK_ROUND_SECONDS (60:
# 30 one-minute rounds = the 30-minute soak), SOAK_RESIGN_AT (20),
# SOAK_DB (a postgresql:// URL to soak PostgreSQL; default a fresh SQLite file),
# SOAK_SERVER_BIN, SOAK_LOAD_BIN, SOAK_SERVER_FLAGS (more server flags).
# Example (what BENCHMARKS.md records): SOAK_ROUNDS=6 SOAK_ROUND_SECONDS=40 bench/soak_rounds.sh
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
clients=${SOAK_CLIENTS:-1000}
rounds=${SOAK_ROUNDS:-30}
secs=${SOAK_ROUND_SECONDS:-60}
resign_at=${SOAK_RESIGN_AT:-20}
server_bin=${SOAK_SERVER_BIN:-$build/bin/kibitz-server}
load_bin=${SOAK_LOAD_BIN:-$build/bin/kibitz-load}
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

tmp=$(mktemp -d /tmp/kibitz-soak-rounds.XXXXXX)
db=${SOAK_DB:-$tmp/k.db}
pid=
stop() {
    if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; fi
    pid=
}
trap 'stop; rm -rf "$tmp"' EXIT
port=$((20000 + RANDOM % 20000))
kv() { tr ' ' '\n' <"$1" | awk -F= -v k="$2" '$1 == k {print $2}' | tail -1; }
status_kib() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$pid/status"; }

echo "soak_rounds: $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); server $server_bin;" \
     "$clients clients, $rounds rounds of ${secs} s, resign at ply $resign_at; db $db"
# shellcheck disable=SC2086
"$server_bin" --address 127.0.0.1 --port "$port" --db "$db" --log-level warn \
    --max-conns-per-address 0 --guests-per-address 0 --rate 100000 --burst 100000 \
    --registrations-per-hour 100000 ${SOAK_SERVER_FLAGS:-} >"$tmp/server.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null || { cat "$tmp/server.log"; echo "soak_rounds: the server did not start"; exit 1; }

total_games=0 total_errors=0
log_seen=0
for r in $(seq "$rounds"); do
    load_avg=$(cut -d' ' -f1 /proc/loadavg)
    "$load_bin" --port "$port" --server-pid "$pid" --clients "$clients" --seconds "$secs" --warmup 2 \
        --resign-at "$resign_at" | grep '^RESULT' >"$tmp/load.out" || true
    kill -0 "$pid" 2>/dev/null || { tail -20 "$tmp/server.log"; echo "soak_rounds: the server died"; exit 1; }
    metrics=$(curl -s "http://127.0.0.1:$port/metrics" || true)
    sqlite_mem=$(awk '$1 == "kibitz_sqlite_memory_bytes" {printf "%.0f", $2 / 1048576}' <<<"$metrics")
    rooms=$(awk '$1 == "kibitz_rooms_in_memory" {printf "%.0f", $2}' <<<"$metrics")
    rss=$(status_kib VmRSS); anon=$(status_kib RssAnon)
    dbk=$(du -k "$db" 2>/dev/null | cut -f1 || echo 0); walk=$(du -k "$db-wal" 2>/dev/null | cut -f1 || echo 0)
    # The server's log lines of this round only.
    lines=$(wc -l <"$tmp/server.log")
    tail -n "+$((log_seen + 1))" "$tmp/server.log" | head -n "$((lines - log_seen))" >"$tmp/round.log"
    log_seen=$lines
    count() { grep -c -- "$1" "$tmp/round.log" || true; }
    not_stored=$(count "not stored"); paused=$(count "play paused"); no_game=$(count "no game")
    locked=$(count "database is locked"); errors=$(grep -ci "error\|fail" "$tmp/round.log" || true)
    games=$(kv "$tmp/load.out" games_completed); moves=$(kv "$tmp/load.out" moves_acked)
    cpu=$(kv "$tmp/load.out" server_cpu_s)
    total_games=$((total_games + ${games:-0}))
    bad=$(grep -ci "error\|fail\|not stored\|paused\|no game\|locked" "$tmp/round.log" || true)
    total_errors=$((total_errors + bad))
    us=$(awk -v c="$cpu" -v m="$moves" 'BEGIN { if (m > 0) printf "%.0f", c * 1e6 / m; else print "n/a" }')
    echo "round=$r load=$load_avg moves_per_s=$(kv "$tmp/load.out" moves_per_s)" \
         "ack_p99_ms=$(kv "$tmp/load.out" ack_p99_ms) opp_p99_ms=$(kv "$tmp/load.out" opp_p99_ms)" \
         "server_us_per_move=$us games=$games games_total=$total_games rooms=${rooms:-n/a} rss_mib=$((rss / 1024))" \
         "anon_mib=$((anon / 1024)) sqlite_mib=${sqlite_mem:-n/a} db_mib=$((dbk / 1024)) wal_mib=$((walk / 1024))" \
         "client_errors=$(kv "$tmp/load.out" errors) log_not_stored=$not_stored log_paused=$paused" \
         "log_no_game=$no_game log_locked=$locked log_error_lines=$errors"
    first=$(grep -i -m1 "error\|fail\|not stored\|paused\|no game\|locked" "$tmp/round.log" || true)
    [[ -z $first ]] || echo "  first: ${first:0:300}"
done
echo "soak_rounds: $rounds rounds, $total_games games finished, $total_errors store/error log lines"
