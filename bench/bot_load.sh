#!/usr/bin/env bash
# The bot API under load (issue 26): for each mode, a fresh kibitz-server and
# database, then bench/bot_load/bot_bench.mjs: BOT_STREAMS idle event streams
# (RSS per stream) and, at the same time, BOT_GAMES games in play, bot games
# over the HTTP bot API (mode bot) and the same games between two WebSocket
# players (mode ws): moves, server CPU per move, and the latency of a move
# from its sending to the human's WebSocket, p50/p99. Prints figures (one
# RESULT line per mode), asserts nothing. Run it niced on a shared machine;
# the clients (Node) share the machine with the server: say what the load was.
# Usage: bench/bot_load.sh [BUILD_DIR]   (default build; nothing is built)
# Environment: BOT_MODES ("bot ws"), BOT_GAMES (500), BOT_STREAMS (1000),
# BOT_SECONDS (30), BOT_THINK_MS (1000), BOT_GAME (the catalogue's first).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
server_bin=${LOAD_SERVER_BIN:-$build/bin/kibitz-server}
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); server $server_bin"

tmp=$(mktemp -d /tmp/kibitz-bot-load.XXXXXX)
pid=
stop() {
    if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; fi
    pid=
}
trap 'stop; rm -rf "$tmp"' EXIT
port=$((20000 + RANDOM % 9000))

for mode in ${BOT_MODES:-bot ws}; do
    port=$((port + 1))
    rm -f "$tmp"/k.db*
    # No per-address caps (every client is 127.0.0.1); 15 games per bot account.
    "$server_bin" --address 127.0.0.1 --port "$port" --db "$tmp/k.db" --log-level warn \
        --max-conns-per-address 0 --guests-per-address 0 --rate 100000 --burst 100000 \
        --registrations-per-hour 100000 --token-rate 1000000 --max-games 20 >"$tmp/server.log" 2>&1 &
    pid=$!
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
    game_flag=()
    [[ -n ${BOT_GAME:-} ]] && game_flag=(--game "$BOT_GAME")
    node "$root/bench/bot_load/bot_bench.mjs" --port "$port" --server-pid "$pid" --mode "$mode" \
        --games "${BOT_GAMES:-500}" --streams "${BOT_STREAMS:-1000}" --seconds "${BOT_SECONDS:-30}" \
        --think-ms "${BOT_THINK_MS:-1000}" "${game_flag[@]}" || { tail -20 "$tmp/server.log"; exit 1; }
    stop
done
