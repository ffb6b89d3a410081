#!/bin/sh
# A scratch Redis for the cluster tests: a free loopback port, persistence
# off (no RDB snapshots, no AOF), its files in a temporary directory,
# stopped and deleted after.
#
#   redis_scratch.sh start <state-dir>   prints the URL, writes it to <state-dir>/url
#   redis_scratch.sh stop <state-dir>    stops it; deletes its directory
#
# ctest runs `start` as a fixture setup and `stop` as its cleanup.
set -eu

cmd=${1:?usage: redis_scratch.sh start|stop <state-dir>}
state=${2:?usage: redis_scratch.sh start|stop <state-dir>}
server=$(command -v redis-server || true)
[ -n "$server" ] || { echo "redis_scratch: no redis-server (Debian: redis-server)" >&2; exit 1; }

stop() {
    [ -f "$state/dir" ] || return 0
    dir=$(cat "$state/dir")
    if [ -f "$dir/redis.pid" ]; then
        kill "$(cat "$dir/redis.pid")" 2>/dev/null || true
        i=0
        while [ -f "$dir/redis.pid" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    fi
    rm -rf "$dir" "$state/dir" "$state/url"
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null ||
        echo $((20000 + $$ % 20000))
}

case $cmd in
start)
    mkdir -p "$state"
    stop
    dir=$(mktemp -d /tmp/kibitz-redis-XXXXXX)
    echo "$dir" >"$state/dir"
    trap 'stop' EXIT
    port=$(free_port)
    "$server" --bind 127.0.0.1 --port "$port" --save '' --appendonly no --dir "$dir" \
        --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log"
    i=0
    until redis-cli -p "$port" ping >/dev/null 2>&1; do
        i=$((i + 1))
        [ $i -lt 100 ] || { cat "$dir/redis.log" >&2; exit 1; }
        sleep 0.1
    done
    url="redis://127.0.0.1:$port"
    echo "$url" >"$state/url"
    trap - EXIT
    echo "$url"
    ;;
stop) stop ;;
*) echo "usage: redis_scratch.sh start|stop <state-dir>" >&2; exit 2 ;;
esac
