#!/usr/bin/env bash
# Where a move's CPU goes: kibitz-server under kibitz-load with N players,
# sampled with `perf record -g` (cpu-clock: this VM has no hardware counters)
# over the measured window, then the samples put in buckets and turned into
# µs of server CPU per move (the window's server CPU / moves in the window).
#   kernel buckets: inclusive time under each system call's entry point
#     (sendmsg, recvfrom, epoll_wait, io_uring_enter, futex, pwrite64, ...);
#     "kernel, other" is the kernel's self time not under any of them
#     (interrupts, softirqs outside a syscall, page faults, scheduling);
#   user buckets: self time by symbol (SQLite, jemalloc, nlohmann, Asio,
#     framing, room/lobby/hub, rules, locking, libc).
# Also counts system calls and context switches per move (perf stat).
# Usage: bench/move_profile.sh [BUILD_DIR]   (nothing is built)
# Environment: PROFILE_CLIENTS (1000), LOAD_SECONDS (10), LOAD_SERVER_BIN,
# LOAD_GEN_BIN, PROFILE_KEEP (a directory: keep perf.data and the reports there),
# PROFILE_SERVER_ARGS (extra server flags), PROFILE_REPORT_ONLY (a kept directory:
# only the report again).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
clients=${PROFILE_CLIENTS:-1000}
seconds=${LOAD_SECONDS:-10}
server_bin=${LOAD_SERVER_BIN:-$build/bin/kibitz-server}
load_bin=${LOAD_GEN_BIN:-$build/bin/kibitz-load}
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

tmp=$(mktemp -d /tmp/kibitz-move-profile.XXXXXX)
pid=
load_pid=
cleanup() {
    [[ -n $load_pid ]] && kill "$load_pid" 2>/dev/null || true
    if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; fi
    if [[ -n ${PROFILE_KEEP:-} ]]; then mkdir -p "$PROFILE_KEEP" && cp "$tmp"/* "$PROFILE_KEEP"/ 2>/dev/null || true; fi
    rm -rf "$tmp"
}
trap cleanup EXIT
if [[ -n ${PROFILE_REPORT_ONLY:-} ]]; then  # the buckets again, from a kept run
    cp "$PROFILE_REPORT_ONLY"/perf.data "$PROFILE_REPORT_ONLY"/us.txt "$tmp"/; us_per_move=$(cat "$tmp/us.txt")
else
port=$((20000 + RANDOM % 20000))
# shellcheck disable=SC2086
"$server_bin" --address 127.0.0.1 --port "$port" --db "$tmp/k.db" --log-level warn \
    --max-conns-per-address 0 --guests-per-address 0 --rate 100000 --burst 100000 \
    ${PROFILE_SERVER_ARGS:-} >"$tmp/server.log" 2>&1 &
pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
moves() { curl -s "http://127.0.0.1:$port/metrics" | awk '$1 == "kibitz_moves_total" {print $2}'; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }

echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg) at start; server $server_bin; $clients clients"
"$load_bin" --port "$port" --server-pid "$pid" --clients "$clients" --seconds $((seconds + 4)) --warmup 2 \
    >"$tmp/load.out" 2>&1 &
load_pid=$!
# Wait until every game is in play (moves flowing), then 2 s more.
for _ in $(seq 600); do [[ $(moves) -gt $((clients * 2)) ]] && break; sleep 0.1; done
sleep 2
m0=$(moves); t0=$(cpu_ticks)
perf stat -e task-clock,raw_syscalls:sys_enter,context-switches -x, -o "$tmp/stat.txt" -p "$pid" -- sleep "$seconds" &
stat_pid=$!
perf record -q -e cpu-clock -F 1999 -g -p "$pid" -o "$tmp/perf.data" -- sleep "$seconds" 2>/dev/null
wait "$stat_pid" || true
m1=$(moves); t1=$(cpu_ticks)
load_avg=$(cut -d' ' -f1-3 /proc/loadavg)
wait "$load_pid" || true
load_pid=
grep '^RESULT' "$tmp/load.out" || true

hz=$(getconf CLK_TCK)
n=$((m1 - m0))
us_per_move=$(awk -v t=$((t1 - t0)) -v hz="$hz" -v n="$n" 'BEGIN { printf "%.1f", t / hz * 1e6 / n }')
sys=$(awk -F, '$3 ~ /raw_syscalls/ {print $1}' "$tmp/stat.txt")
cs=$(awk -F, '$3 ~ /context-switches/ {print $1}' "$tmp/stat.txt")
echo "window: ${seconds}s, $n moves ($((n / seconds))/s), server CPU $(awk -v t=$((t1 - t0)) -v hz="$hz" -v s="$seconds" 'BEGIN { printf "%.0f%%", t / hz / s * 100 }') of a core," \
     "$us_per_move µs per move; system calls per move $(awk -v a="$sys" -v n="$n" 'BEGIN { printf "%.2f", a / n }')," \
     "context switches per move $(awk -v a="$cs" -v n="$n" 'BEGIN { printf "%.2f", a / n }'); load average $load_avg at end" \
     | tee "$tmp/window.txt"
echo "$us_per_move" >"$tmp/us.txt"

fi
perf report -i "$tmp/perf.data" --no-children --sort dso,sym -g none --stdio --percent-limit 0 2>/dev/null \
    | grep -E '^ +[0-9.]+%' >"$tmp/self.txt"
perf report -i "$tmp/perf.data" --children --sort sym -g none --stdio --percent-limit 0 2>/dev/null \
    | grep -E '^ +[0-9.]+%' >"$tmp/children.txt"
perf report -i "$tmp/perf.data" --no-children --sort pid -g none --stdio 2>/dev/null \
    | grep -E "^ +[0-9.]+%" >"$tmp/threads.txt" || true
echo "by thread (share of samples):"; sed 's/^/  /' "$tmp/threads.txt"

awk -v us="$us_per_move" -v kids="$tmp/children.txt" '
    BEGIN {
        # Kernel time under each system call entry (inclusive).
        n = split("sendmsg sendto write writev recvfrom recvmsg read readv epoll_wait epoll_pwait epoll_ctl io_uring_enter futex pwrite64 pread64 fdatasync fsync", calls, " ")
        while ((getline line < kids) > 0) {
            split(line, f, " "); pct = f[1]; sub(/%/, "", pct)
            sym = f[4]
            # The entry point that shows depends on inlining: take the largest.
            for (i = 1; i <= n; i++)
                if (sym == "__x64_sys_" calls[i] || sym == "__do_sys_" calls[i] || sym == "__sys_" calls[i])
                    if (pct + 0 > call[calls[i]] + 0) call[calls[i]] = pct
            if (sym == "do_syscall_64") syscalls = pct
        }
    }
    {
        pct = $1; sub(/%/, "", pct); dso = $2; kind = $3
        sym = ""; for (i = 4; i <= NF; i++) sym = sym " " $i
        if (kind == "[k]") { kernel += pct; next }
        b = "other user code"
        if (dso ~ /sqlite/ || sym ~ /sqlite3|kibitz::server::storage/) b = "store (SQLite and its thread)"
        else if (dso ~ /jemalloc/ || sym ~ /^ *(je_|malloc|free|operator new|operator delete|realloc|calloc|cfree)/) b = "allocation (jemalloc)"
        else if (sym ~ /pthread_mutex|__lll_lock|__lll_unlock|pthread_cond|futex|spin/) b = "locking (user side)"
        else if (sym ~ /nlohmann|codec|move_reader|skim/) b = "JSON (nlohmann, codec)"
        else if (sym ~ /ws_frame|ws_session|frame_|beast/) b = "WebSocket framing and session"
        else if (sym ~ /boost::asio/) b = "Asio (scheduler, strands, reactor)"
        else if (sym ~ /kibitz::server::.*interest/) b = "lobby: featured-game choice (interest)"
        else if (sym ~ /kibitz::server::(room|lobby|hub|client_handler|clock|store_recorder|matchmaker|server_msg|move_event|live)/) b = "room, lobby, hub (play layer)"
        else if (sym ~ /kibitz::core|kibitz::games|checkers|board_view/) b = "rules (core)"
        else if (dso ~ /libc/ || sym ~ /mem(cpy|move|cmp|set)|str(len|cmp)/) b = "libc (memcpy, memcmp, ...)"
        else if (sym ~ /std::|_Rb_tree|__cxx/) b = "standard library (maps, strings)"
        user[b] += pct
    }
    END {
        printf "| where | share of server CPU | µs per move |\n|---|---|---|\n"
        ksum = 0
        for (c in call) if (call[c] > 0.05) {
            printf "| kernel: %s | %.1f%% | %.1f |\n", c, call[c], call[c] * us / 100; ksum += call[c]
        }
        other = kernel - ksum; if (other < 0) other = 0
        printf "| kernel, other (interrupts, scheduling, faults) | %.1f%% | %.1f |\n", other, other * us / 100
        for (b in user) printf "| %s | %.1f%% | %.1f |\n", b, user[b], user[b] * us / 100
        printf "| **total** (kernel %.1f%%) | 100%% | %.1f |\n", kernel, us
    }' "$tmp/self.txt"
echo "top symbols (self):"; head -25 "$tmp/self.txt" | cut -c1-160
