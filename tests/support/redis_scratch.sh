#!/bin/sh
# A scratch Redis for the cluster tests: a free loopback port, persistence
# off (no RDB snapshots, no AOF), its files in a temporary directory,
# stopped and deleted after.
#
#   redis_scratch.sh start <state-dir>   prints the URL, writes it to <state-dir>/url
#   redis_scratch.sh restart <state-dir> stops it and starts it again on the
#                                        same port, empty (as a crashed Redis
#                                        without persistence comes back)
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

# A port free right now: asked of the kernel through python3 or node (the
# browser tests' runtime, always installed), whichever is there.
free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null ||
        node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})' 2>/dev/null ||
        echo $((20000 + $$ % 20000))
}

# Starts redis-server on port $1 in directory $2 and waits until it answers.
run_server() {
    "$server" --bind 127.0.0.1 --port "$1" --save '' --appendonly no --dir "$2" \
        --daemonize yes --pidfile "$2/redis.pid" --logfile "$2/redis.log"
    i=0
    until redis-cli -p "$1" ping >/dev/null 2>&1; do
        i=$((i + 1))
        [ $i -lt 100 ] || { cat "$2/redis.log" >&2; exit 1; }
        sleep 0.1
    done
}

case $cmd in
restart)
    dir=$(cat "$state/dir")
    url=$(cat "$state/url")
    port=${url##*:}
    redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
    i=0
    while redis-cli -p "$port" ping >/dev/null 2>&1 && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    run_server "$port" "$dir"
    ;;
start)
    mkdir -p "$state"
    stop
    dir=$(mktemp -d /tmp/kibitz-redis-XXXXXX)
    echo "$dir" >"$state/dir"
    trap 'stop' EXIT
    port=$(free_port)
    run_server "$port" "$dir"
    url="redis://127.0.0.1:$port"
    echo "$url" >"$state/url"
    trap - EXIT
    echo "$url"
    ;;
stop) stop ;;
*) echo "usage: redis_scratch.sh start|restart|stop <state-dir>" >&2; exit 2 ;;
esac
