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
source "$root/bench/lib/load_server.sh"
load_server_begin kibitz-bot-load
port=$((20000 + RANDOM % 9000))

for mode in ${BOT_MODES:-bot ws}; do
    port=$((port + 1))
    rm -f "$tmp"/k.db*
    # 15 games per bot account.
    load_server_start "$port" --token-rate 1000000 --max-games 20
    game_flag=()
    [[ -n ${BOT_GAME:-} ]] && game_flag=(--game "$BOT_GAME")
    node "$root/bench/bot_load/bot_bench.mjs" --port "$port" --server-pid "$pid" --mode "$mode" \
        --games "${BOT_GAMES:-500}" --streams "${BOT_STREAMS:-1000}" --seconds "${BOT_SECONDS:-30}" \
        --think-ms "${BOT_THINK_MS:-1000}" "${game_flag[@]}" || { tail -20 "$tmp/server.log"; exit 1; }
    load_server_stop
done
