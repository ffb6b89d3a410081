#!/usr/bin/env bash
# What a move costs in a cluster (BENCHMARKS.md, "Cluster"), on a machine
# whose cores are shared: CPU per move, not throughput. Starts a scratch Redis
# and PostgreSQL (tests/support/redis_scratch.sh, pg_scratch.sh), then:
#   sqlite:  one node on SQLite, kibitz-load with N players, each moving only
#            once its previous move is acknowledged (--await-ack 1: the run goes
#            at the store's pace, so the moves counted are the moves committed);
#   pg:      one node on PostgreSQL, the same load;
#   cluster: three nodes on that PostgreSQL and the Redis (--cluster), one
#            kibitz-load per node with N/3 players each (kibitz-load takes one
#            port; the lobby is the cluster's, so a game is hosted by the
#            lobby's leader and most of its moves are relayed over Redis);
#   cluster-spectators: the same with S spectators per game (CLUSTER_SPECTATORS,
#            1) connected to the next node (kibitz-load --spectator-port): each
#            move is then relayed over Redis to the spectators' node.
# For each: server CPU per move (utime+stime from /proc/<pid>/stat, before and
# after the kibitz-load run, over the moves the nodes counted in /metrics),
# PostgreSQL's CPU per move (postmaster, its backends and reaped children),
# and for the cluster Redis's commands, bytes in and out, and CPU per move
# (INFO before and after), and the same over an idle stretch (the leases).
# Then the failover time: test_cluster's SIGKILL case (lease 1500 ms), from the
# kill to the room's state back on another node, after which the next move is
# played at once; and its dead-owner case: from the kill to the first
# acknowledged move of a player sending one every 100 ms through the
# surviving node, with how many were refused (room_moving) and unanswered.
# Usage: bench/cluster_bench.sh [BUILD_DIR]   (default build; nothing is built)
# Environment: LOAD_CLIENTS (198), LOAD_SECONDS (15), CLUSTER_SERVER_BIN,
# CLUSTER_LOAD_BIN, CLUSTER_TEST_BIN (test_cluster; empty: no failover run),
# CLUSTER_IDLE_SECONDS (5).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
clients=${LOAD_CLIENTS:-198}
seconds=${LOAD_SECONDS:-15}
idle_seconds=${CLUSTER_IDLE_SECONDS:-5}
server_bin=${CLUSTER_SERVER_BIN:-$build/bin/kibitz-server}
load_bin=${CLUSTER_LOAD_BIN:-$build/bin/kibitz-load}
test_bin=${CLUSTER_TEST_BIN-$build/bin/test_cluster}
spectators=${CLUSTER_SPECTATORS:-1}
spectate=
hz=$(getconf CLK_TCK)
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); server $server_bin"

tmp=$(mktemp -d /tmp/kibitz-cluster-bench.XXXXXX)
chmod 755 "$tmp"
pids=()
stop_nodes() {
    for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
    pids=()
}
cleanup() {
    stop_nodes
    sh "$root/tests/support/redis_scratch.sh" stop "$tmp/redis" >/dev/null 2>&1 || true
    sh "$root/tests/support/pg_scratch.sh" stop "$tmp/pg" >/dev/null 2>&1 || true
    rm -rf "$tmp"
}
trap cleanup EXIT

redis_url=$(sh "$root/tests/support/redis_scratch.sh" start "$tmp/redis")
redis_port=${redis_url##*:}
pg_url=$(sh "$root/tests/support/pg_scratch.sh" start "$tmp/pg")
pg_dir=$(cat "$tmp/pg/dir")
echo "redis $redis_url (no persistence); postgresql $pg_url"

port=$((20000 + RANDOM % 20000))
ports=()
start_node() {  # extra flags...
    local pid
    for _ in 1 2 3 4 5; do  # a port taken meanwhile by another process: the next one
        port=$((port + 1))
        "$server_bin" --address 127.0.0.1 --port "$port" --log-level warn \
            --max-conns-per-address 0 --guests-per-address 0 --rate 100000 --burst 100000 \
            "$@" >"$tmp/node-$port.log" 2>&1 &
        pid=$!
        for _ in $(seq 100); do
            kill -0 "$pid" 2>/dev/null || break
            if curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then
                pids+=("$pid"); ports+=("$port"); return 0
            fi
            sleep 0.1
        done
        kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
    done
    echo "node did not start:"; cat "$tmp/node-$port.log"; exit 1
}
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
nodes_ticks() { local s=0; for p in "${pids[@]}"; do s=$((s + $(ticks "$p"))); done; echo "$s"; }
moves() {
    local s=0 m
    for p in "${ports[@]}"; do
        m=$(curl -s "http://127.0.0.1:$p/metrics" | awk '$1 == "kibitz_moves_total" {print $2}')
        s=$((s + ${m:-0}))
    done
    echo "$s"
}
# PostgreSQL: the postmaster's own time and its reaped children's, plus its
# live children's (the backends of the nodes' connection pools).
pg_ticks() {
    local pm s c
    pm=$(head -1 "$pg_dir/data/postmaster.pid")
    s=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$pm/stat")
    for c in $(pgrep -P "$pm"); do s=$((s + $(ticks "$c" 2>/dev/null || echo 0))); done
    echo "$s"
}
redis_info() {  # commands in_bytes out_bytes cpu_s
    redis-cli -p "$redis_port" INFO all | tr -d '\r' | awk -F: '
        $1 == "total_commands_processed" {c = $2} $1 == "total_net_input_bytes" {i = $2}
        $1 == "total_net_output_bytes" {o = $2} $1 == "used_cpu_sys" {s = $2} $1 == "used_cpu_user" {u = $2}
        END {printf "%d %d %d %.3f\n", c, i, o, s + u}'
}
per() { awk -v a="$1" -v b="$2" -v m="$3" -v k="${4:-1}" 'BEGIN {if (m > 0) printf "%.1f", (b - a) * k / m; else printf "-"}'; }
us_per_tick=$((1000000 / hz))

run_case() {  # name players-per-node
    local name=$1 n=$2 m0 m1 t0 t1 p0 p1 r0 r1 l
    m0=$(moves); t0=$(nodes_ticks); p0=$(pg_ticks); r0=$(redis_info)
    l=0
    for i in "${!ports[@]}"; do
        "$load_bin" --port "${ports[$i]}" --server-pid "${pids[$i]}" --clients "$n" --seconds "$seconds" \
            --warmup 2 --await-ack 1 --seed $((i + 1)) ${spectate:+--spectators "$spectate" --spectator-port "${ports[$(( (i + 1) % ${#ports[@]} ))]}"} >"$tmp/load-$name-$i.out" 2>&1 &
        lp[$i]=$!
    done
    for i in "${!ports[@]}"; do wait "${lp[$i]}" || l=1; done
    m1=$(moves); t1=$(nodes_ticks); p1=$(pg_ticks); r1=$(redis_info)
    [[ $l == 0 ]] || { echo "kibitz-load failed:"; cat "$tmp"/load-"$name"-*.out; }
    local mps errs
    mps=$(cat "$tmp"/load-"$name"-*.out | tr ' ' '\n' | awk -F= '$1 == "moves_per_s" {s += $2} END {printf "%.0f", s}')
    errs=$(cat "$tmp"/load-"$name"-*.out | tr ' ' '\n' | awk -F= '$1 == "errors" {s += $2} END {printf "%d", s}')
    echo "$name: ${#pids[@]} node(s), $((n * ${#pids[@]})) players, moves $((m1 - m0)) (measured window: $mps moves/s, errors $errs)"
    [[ $errs == 0 ]] || grep -h '^  errors:' "$tmp"/load-"$name"-*.out | sed 's/^ */  kibitz-load /'
    echo "  server CPU per move: $(per "$t0" "$t1" $((m1 - m0)) "$us_per_tick") µs (all nodes)"
    echo "  PostgreSQL CPU per move: $(per "$p0" "$p1" $((m1 - m0)) "$us_per_tick") µs"
    read -r c0 i0 o0 s0 <<<"$r0"; read -r c1 i1 o1 s1 <<<"$r1"
    if [[ $name == cluster* ]]; then
        echo "  Redis per move: $(per "$c0" "$c1" $((m1 - m0))) commands, $(per "$i0" "$i1" $((m1 - m0))) bytes in," \
             "$(per "$o0" "$o1" $((m1 - m0))) bytes out, $(per "$s0" "$s1" $((m1 - m0)) 1000000) µs CPU"
    fi
    echo "RESULT case=$name nodes=${#pids[@]} moves=$((m1 - m0)) cpu_us=$(per "$t0" "$t1" $((m1 - m0)) "$us_per_tick")" \
         "pg_us=$(per "$p0" "$p1" $((m1 - m0)) "$us_per_tick") redis_cmds=$(per "$c0" "$c1" $((m1 - m0)))" \
         "redis_in=$(per "$i0" "$i1" $((m1 - m0))) redis_out=$(per "$o0" "$o1" $((m1 - m0)))"
}

# (sqlite) and (pg): one node.
start_node --db "$tmp/k.db"
run_case sqlite "$clients"
stop_nodes; ports=()
start_node --db "$pg_url"
run_case pg "$clients"
stop_nodes; ports=()

# (cluster): three nodes, the players spread evenly (an even number per node).
per_node=$(( (clients / 3) / 2 * 2 ))
for i in 1 2 3; do start_node --db "$pg_url" --cluster "$redis_url" --node-id "bench-$i"; done
# Idle: first the takeover of the games (pg) left unfinished (the nodes add
# them to kibitz:rooms at start-up), then the steady upkeep of their leases.
read -r c0 i0 o0 s0 <<<"$(redis_info)"; sleep "$idle_seconds"; read -r c1 i1 o1 s1 <<<"$(redis_info)"
echo "cluster start-up ($idle_seconds s, 3 nodes taking over (pg)'s unfinished games): $(per "$c0" "$c1" "$idle_seconds") Redis commands/s," \
     "$(per "$i0" "$i1" "$idle_seconds") bytes/s in, $(per "$o0" "$o1" "$idle_seconds") bytes/s out"
sleep 5
read -r c0 i0 o0 s0 <<<"$(redis_info)"; sleep "$idle_seconds"; read -r c1 i1 o1 s1 <<<"$(redis_info)"
held=$(redis-cli -p "$redis_port" --scan --pattern 'kibitz:room:*' | wc -l)
echo "cluster idle ($idle_seconds s, 3 nodes holding $held room leases): $(per "$c0" "$c1" "$idle_seconds") Redis commands/s," \
     "$(per "$i0" "$i1" "$idle_seconds") bytes/s in, $(per "$o0" "$o1" "$idle_seconds") bytes/s out"
run_case cluster "$per_node"
# (cluster-spectators): the same, with S spectators per game on the next node,
# so that every move is relayed to them over Redis.
spectate=$spectators run_case cluster-spectators "$per_node"
stop_nodes; ports=()

# Failover: test_cluster's SIGKILL case on the same Redis and PostgreSQL.
if [[ -n $test_bin && -x $test_bin ]]; then
    echo "$redis_url" >"$tmp/redis.url"; echo "$pg_url" >"$tmp/pg.url"
    KIBITZ_REDIS_URL_FILE=$tmp/redis.url KIBITZ_PG_URL_FILE=$tmp/pg.url \
        "$test_bin" --no-intro=true -s -tc='*SIGKILL of the node that owns it*' 2>&1 |
        grep -o 'room back after [0-9]* ms' | sed 's/^/failover (lease 1500 ms, kill -9 to the room back; the next move follows): /' || true
    # As a client plays through it: a move every 100 ms through the surviving
    # node, joining again after each refusal (room_moving), until one is
    # acknowledged; every move must be answered.
    KIBITZ_REDIS_URL_FILE=$tmp/redis.url KIBITZ_PG_URL_FILE=$tmp/pg.url \
        "$test_bin" --no-intro=true -s -tc='*sent to a dead owner*' 2>&1 |
        grep -o 'failover: kill -9 to the first ack.*' | sed 's/^failover:/failover (lease 1500 ms, a move every 100 ms):/' || true
fi
