#!/usr/bin/env bash
# Idle correspondence games at scale (issue 25): N stored correspondence
# games in progress (two plies each, seeded straight into the SQLite file in
# one transaction), then a fresh start of the server on that file. Prints the
# time to start (spawn to the first answered HTTP request), the RSS of the
# idle server after start, and the time to open one game and play a move
# (the board API's move on a game that is not in memory: load from the store,
# replay, move, durable), p50/p99 over OPENS random games.
# Usage: bench/correspondence_idle.sh [BUILD_DIR]   (default build; nothing is built)
# Environment: GAMES (100000), OPENS (200), SERVER_BIN (BUILD_DIR/bin/kibitz-server).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
games=${GAMES:-100000}
opens=${OPENS:-200}
server_bin=${SERVER_BIN:-$build/bin/kibitz-server}
command -v sqlite3 >/dev/null || { echo "needs the sqlite3 command"; exit 77; }
echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); server $server_bin"

tmp=$(mktemp -d /tmp/kibitz-corres-idle.XXXXXX)
pid=
stop() {
    if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; fi
    pid=
}
trap 'stop; rm -rf "$tmp"' EXIT
port=$((20000 + RANDOM % 10000))
url() { echo "http://127.0.0.1:$port$1"; }
now_ms() { date +%s%3N; }
start() {
    port=$((port + 1))
    local t0; t0=$(now_ms)
    "$server_bin" --address 127.0.0.1 --port "$port" --db "$tmp/k.db" --log-level warn \
        --rate 100000 --burst 100000 --token-rate 1000000 --max-conns-per-address 0 >>"$tmp/server.log" 2>&1 &
    pid=$!
    until curl -s -o /dev/null "$(url /)"; do
        kill -0 "$pid" 2>/dev/null || { cat "$tmp/server.log"; exit 1; }
        sleep 0.02
    done
    start_ms=$(($(now_ms) - t0))
}
post() {  # path, json body, bearer token (may be empty)
    curl -s -X POST -H 'Content-Type: application/json' ${3:+-H "Authorization: Bearer $3"} \
        -d "$2" "$(url "$1")"
}

# Two accounts (the migrations run on the first start); the first plays by the board API.
start
session=$(post /api/register '{"username":"benchone","password":"bench-password-1","guest_token":""}' | sed -E 's/.*"token":"([^"]+)".*/\1/')
post /api/register '{"username":"benchtwo","password":"bench-password-2","guest_token":""}' >/dev/null
token=$(post /api/token '{"description":"bench","scopes":["board:play"]}' "$session" | sed -E 's/.*"token":"([^"]+)".*/\1/')
stop
one=$(sqlite3 "$tmp/k.db" "SELECT p.id FROM players p JOIN accounts a ON a.id = p.account_id WHERE a.username = 'benchone'")
two=$(sqlite3 "$tmp/k.db" "SELECT p.id FROM players p JOIN accounts a ON a.id = p.account_id WHERE a.username = 'benchtwo'")

# N games of checkers at 3 days a move, public ids c1..cN, two plies played, seat 0 to move.
t0=$(now_ms)
far=$(( $(now_ms) + 3 * 86400000 ))
sqlite3 "$tmp/k.db" <<SQL
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $games)
INSERT INTO games (game_id, initial_ms, increment_ms, rated, private, seat0, seat1, status,
                   created_ms, public_id, days_per_move, deadline_ms)
SELECT 'checkers', 0, 0, 0, 0, $one, $two, 'playing', $t0, 'c' || i, 3, $far FROM n;
INSERT INTO moves (game, ply, seat, notation, clock0_ms, clock1_ms, at_ms)
SELECT id, 0, 0, '11-15', 0, 0, $t0 FROM games WHERE public_id LIKE 'c%';
INSERT INTO moves (game, ply, seat, notation, clock0_ms, clock1_ms, at_ms)
SELECT id, 1, 1, '23-19', 0, 0, $t0 FROM games WHERE public_id LIKE 'c%';
COMMIT;
SQL
echo "seeded $games correspondence games in $(($(now_ms) - t0)) ms ($(du -m "$tmp/k.db" | cut -f1) MB)"

start
rss_kb=$(awk '/VmRSS/ {print $2}' /proc/$pid/status)
echo "start: $start_ms ms; idle RSS: $((rss_kb / 1024)) MB"

# Open OPENS random games (each once) and play a move in each.
times=()
fails=0
codes=
for i in $(shuf -i 1-"$games" -n "$opens"); do
    out=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' -X POST \
        -H "Authorization: Bearer $token" "$(url "/api/board/game/c$i/move/9-13")")
    [[ ${out%% *} == 200 ]] || { fails=$((fails + 1)); codes+=" ${out%% *}"; }
    times+=("${out##* }")
done
printf '%s\n' "${times[@]}" | sort -g >"$tmp/times"
pct() { awk -v p="$1" '{a[NR] = $1} END {i = int(NR * p / 100 + 0.999); if (i < 1) i = 1; printf "%.1f", a[i] * 1000}' "$tmp/times"; }
rss_after=$(awk '/VmRSS/ {print $2}' /proc/$pid/status)
echo "open + move: p50 $(pct 50) ms, p99 $(pct 99) ms over $opens games ($fails failed:$codes); RSS after: $((rss_after / 1024)) MB"
