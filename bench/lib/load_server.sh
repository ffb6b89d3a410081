# Sourced by the load benches (arena_load.sh, bot_load.sh): a throwaway
# kibitz-server on a fresh database with no per-address caps, since every
# client is 127.0.0.1. Needs `server_bin`; sets `tmp` (removed on exit) and
# `pid` (the server, stopped on exit).

# $1: the temporary directory's name.
load_server_begin() {
    ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
    echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); server $server_bin"
    tmp=$(mktemp -d "/tmp/$1.XXXXXX")
    pid=
    trap 'load_server_stop; rm -rf "$tmp"' EXIT
}

load_server_stop() {
    if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; fi
    pid=
}

# $1: the port; the rest: more flags. Returns once /healthz answers (or after 10 s).
load_server_start() {
    local port=$1
    shift
    "$server_bin" --address 127.0.0.1 --port "$port" --db "$tmp/k.db" --log-level warn \
        --max-conns-per-address 0 --guests-per-address 0 --rate 100000 --burst 100000 \
        --registrations-per-hour 100000 "$@" >"$tmp/server.log" 2>&1 &
    pid=$!
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
}
