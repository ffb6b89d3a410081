#!/usr/bin/env bash
# Many concurrent WebSockets on one server (issue 16: 100,000 with 500 games in
# play among them). Loopback only: idle connections come from several source
# addresses (127.0.0.2 ...; each gives ~28,000 ephemeral ports), spread over
# as many kibitz-load processes as the descriptor limit needs; then 1,000
# players (500 games) play for LOAD_SECONDS while the idle ones are held, and
# the server's RSS per connection and the move latency are printed.
# Usage: bench/run_many_connections.sh [BUILD_DIR]   (nothing is built)
# Environment: CONNS (100000 idle), PLAYERS (1000), LOAD_SECONDS (15),
# LOAD_SERVER_BIN, LOAD_GEN_BIN.
# Both sides need one descriptor per connection: the script raises the soft
# limit to the hard one (raise the hard limit first: `ulimit -Hn`, limits.conf
# or systemd's LimitNOFILE); the server takes what it is given (see its log).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
conns=${CONNS:-100000}
players=${PLAYERS:-1000}
seconds=${LOAD_SECONDS:-15}
server_bin=${LOAD_SERVER_BIN:-$build/bin/kibitz-server}
load_bin=${LOAD_GEN_BIN:-$build/bin/kibitz-load}

ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
limit=$(ulimit -n)
echo "descriptors: $limit per process (hard $(ulimit -Hn)); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
if (( conns + players + 200 > limit )); then
    echo "the server can hold at most ~$((limit - players - 200)) connections with this limit: asking for that many"
    conns=$((limit - players - 200))
fi
per_proc=$((limit - 200))
procs=$(( (conns + per_proc - 1) / per_proc ))
sources=$(( (conns + 25000 - 1) / 25000 ))

tmp=$(mktemp -d /tmp/kibitz-many.XXXXXX)
pids=()
server_pid=
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT

port=$((20000 + RANDOM % 20000))
"$server_bin" --address 127.0.0.1 --port "$port" --db "$tmp/k.db" --log-level warn \
    --max-conns-per-address 0 --guests-per-address 0 --rate 100000 --burst 100000 \
    --idle-timeout-ms 3600000 >"$tmp/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
rss() { awk '/^VmRSS/ {print $2}' "/proc/$server_pid/status"; }
rss0=$(rss)
echo "server RSS before: $rss0 KiB; $conns idle connections from $sources source address(es) in $procs process(es)"

# The idle connections, held for the whole run (each process holds its share).
hold=$((seconds + 600))
left=$conns
for i in $(seq "$procs"); do
    n=$(( left < per_proc ? left : per_proc ))
    left=$((left - n))
    "$load_bin" --mode idle --port "$port" --server-pid "$server_pid" --idle "$n" --seconds "$hold" \
        --source-addresses "$sources" --connect-parallel 500 >"$tmp/idle.$i.out" 2>&1 &
    pids+=($!)
done
# Wait until all are welcomed (the server counts its open connections).
start=$(date +%s)
while :; do
    open=$(curl -s "http://127.0.0.1:$port/metrics" | awk '$1 == "kibitz_connections" {print $2}')
    [[ ${open:-0} -ge $conns ]] && break
    (( $(date +%s) - start > 600 )) && { echo "only ${open:-0} connections after 600 s"; break; }
    sleep 1
done
sleep 12  # freed memory goes back (jemalloc's decay), the handshakes' included
rss1=$(rss)
echo "held: ${open:-0} connections after $(( $(date +%s) - start )) s; server RSS $rss1 KiB =" \
     "$(awk -v a="$rss0" -v b="$rss1" -v n="${open:-1}" 'BEGIN { printf "%.2f", (b - a) / n }') KiB per connection"

# Games in play among them.
"$load_bin" --port "$port" --server-pid "$server_pid" --clients "$players" --seconds "$seconds" --warmup 2 |
    grep -E "moves acked|move ->|server CPU|errors|^RESULT"
echo "server RSS with the games: $(rss) KiB; load average $(cut -d' ' -f1-3 /proc/loadavg)"
