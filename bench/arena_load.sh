#!/usr/bin/env bash
# An arena under load (issue 24): a fresh kibitz-server and database, one
# arena created through the HTTP API by an account, and ARENA_PLAYERS guests
# from kibitz-load (--mode arena) who join it, play each game it pairs them
# into with random legal moves (resigning at ARENA_RESIGN_AT plies so games
# end quickly) and wait for the next wave. Prints kibitz-load's report (server
# CPU, RSS, standings frames received) and, from the server's /metrics over
# the measured time (tournament/arena_figures.hpp): waves, the time to pair
# one (the pairing alone, and with its games started), results, the
# standings frames built and sent. Asserts nothing. Run it niced on a shared
# machine and say what the load was: the clients share the machine.
# Usage: bench/arena_load.sh [BUILD_DIR]   (default build; nothing is built)
# Environment: ARENA_PLAYERS (100), ARENA_SECONDS (60, measured),
# ARENA_GAME (oware), ARENA_RESIGN_AT (20), ARENA_TC (60+0),
# ARENA_PAIR_DELAY_MS (3000, the server's default), ARENA_THREADS (1).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
server_bin=${LOAD_SERVER_BIN:-$build/bin/kibitz-server}
players=${ARENA_PLAYERS:-100}
seconds=${ARENA_SECONDS:-60}
game=${ARENA_GAME:-oware}
tc=${ARENA_TC:-60+0}
source "$root/bench/lib/load_server.sh"
load_server_begin kibitz-arena-load
port=$((20000 + RANDOM % 9000))
url=http://127.0.0.1:$port
load_server_start "$port" --tournament-pair-delay-ms "${ARENA_PAIR_DELAY_MS:-3000}"

token=$(curl -sf -X POST "$url/api/register" -H 'Content-Type: application/json' \
    -d '{"username":"arenabench","password":"arena bench password"}' |
    sed -n 's/.*"token": *"\([^"]*\)".*/\1/p')
# It starts once every client has joined (kibitz-load's warm-up covers it)
# and lasts well past the measured time.
lead=$((5 + players / 100))
minutes=$(((seconds + lead + 119) / 60))
initial=${tc%+*}
increment=${tc#*+}
created=$(curl -sf -X POST "$url/api/tournaments" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' \
    -d "{\"name\":\"Bench arena\",\"game\":\"$game\",\"tc\":{\"initial_s\":$initial,\"increment_s\":$increment},\"minutes\":$minutes,\"starts_in_s\":$lead,\"rated\":false}")
id=$(grep -o '"id": *"t[A-Za-z0-9]*"' <<<"$created" | head -1 | sed 's/.*"\(t[A-Za-z0-9]*\)"/\1/')
[[ -n $id ]] || { echo "no arena made: $created"; tail -5 "$tmp/server.log"; exit 1; }
echo "arena $id: $game $tc, $minutes min, starts in $lead s; $players players, ${ARENA_PAIR_DELAY_MS:-3000} ms rest"

figures() { curl -sf "$url/metrics" | awk '$1 ~ /^kibitz_arena_/ {sub("kibitz_arena_", "", $1); print $1 "=" $2}'; }
# Measured from the first games on: the warm-up covers the connections, the
# joins and the start.
"$build/bin/kibitz-load" --mode arena --tournament "$id" --port "$port" --server-pid "$pid" \
    --clients "$players" --game "$game" --tc "$tc" --resign-at "${ARENA_RESIGN_AT:-20}" \
    --threads "${ARENA_THREADS:-1}" --warmup $((lead + 3)) --seconds "$seconds" >"$tmp/load.out" &
load=$!
sleep $((lead + 3))
before=$(figures)
wait "$load" || { cat "$tmp/load.out"; tail -20 "$tmp/server.log"; exit 1; }
after=$(figures)
cat "$tmp/load.out"
# The /metrics figures over (about) the measured time.
awk -v before="$before" -v after="$after" 'BEGIN {
    n = split(before, b, "\n"); for (i = 1; i <= n; i++) { split(b[i], kv, "="); B[kv[1]] = kv[2] }
    n = split(after, a, "\n"); for (i = 1; i <= n; i++) { split(a[i], kv, "="); A[kv[1]] = kv[2] }
    for (k in A) D[k] = A[k] - B[k]
    w = D["waves"] > 0 ? D["waves"] : 1; r = D["results"] > 0 ? D["results"] : 1
    s = D["standings_built"] > 0 ? D["standings_built"] : 1
    printf "  server: %d waves (%d games started, %.1f a wave): pairing %.3f ms a wave, with the games started %.2f ms (longest since start %.2f ms)\n",
        D["waves"], D["pairs"], D["pairs"] / w, D["pairing_ns"] / w / 1e6, D["wave_ns"] / w / 1e6, A["wave_max_ns"] / 1e6
    printf "  server: %d results; %d standings frames built (%.3f ms each), %d sent (%.1f MB, %.1f KB a frame; %.1f KB and %.2f frames per result)\n",
        D["results"], D["standings_built"], D["standings_ns"] / s / 1e6, D["standings_sent"], D["standings_bytes"] / 1e6,
        D["standings_sent"] ? D["standings_bytes"] / D["standings_sent"] / 1e3 : 0, D["standings_bytes"] / r / 1e3, D["standings_sent"] / r
    printf "RESULT arena waves=%d pairs=%d pairing_ms=%.3f wave_ms=%.3f results=%d standings_built=%d standings_build_ms=%.3f standings_sent=%d standings_bytes=%d\n",
        D["waves"], D["pairs"], D["pairing_ns"] / w / 1e6, D["wave_ns"] / w / 1e6, D["results"], D["standings_built"],
        D["standings_ns"] / s / 1e6, D["standings_sent"], D["standings_bytes"]
}'
