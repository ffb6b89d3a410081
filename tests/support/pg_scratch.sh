#!/bin/sh
# A scratch PostgreSQL server for the tests: a fresh cluster in a temporary
# directory, listening only on a Unix socket inside that directory (no TCP, so
# it can collide with no other server or test run), stopped and deleted after.
#
#   pg_scratch.sh start <state-dir>   initdb + pg_ctl start; prints the URL and
#                                     writes it to <state-dir>/url
#   pg_scratch.sh stop <state-dir>    pg_ctl stop; deletes the cluster
#
# initdb and the server refuse to run as root (CI runs as root), so as root
# they run as the `postgres` user, which then owns the temporary directory.
# ctest runs `start` as a fixture setup and `stop` as its cleanup, which ctest
# runs even when the tests in between fail.
set -eu

cmd=${1:?usage: pg_scratch.sh start|stop <state-dir>}
state=${2:?usage: pg_scratch.sh start|stop <state-dir>}
bin=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
[ -x "$bin/initdb" ] || { echo "pg_scratch: no PostgreSQL server found (install postgresql-15)" >&2; exit 1; }

if [ "$(id -u)" -eq 0 ]; then
    as_owner() { runuser -u postgres -- "$@"; }
    user=postgres
else
    as_owner() { "$@"; }
    user=$(id -un)
fi

stop() {
    [ -f "$state/dir" ] || return 0
    dir=$(cat "$state/dir")
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir" "$state/dir" "$state/url"
}

case $cmd in
start)
    mkdir -p "$state"
    stop  # a leftover from an interrupted run
    dir=$(mktemp -d /tmp/kibitz-pg-XXXXXX)
    echo "$dir" >"$state/dir"
    trap 'stop' EXIT  # a failed start leaves nothing running
    [ "$user" = postgres ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U "$user" --auth=trust -E UTF8 --locale=C.UTF-8 \
        >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    port=5432  # names the socket file only; the directory is ours alone
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses='' -k $dir -p $port -c shared_buffers=16MB -c max_connections=60" \
        start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bin/createdb" -h "$dir" -p "$port" -U "$user" kibitz
    url="postgresql:///kibitz?host=$dir&port=$port&user=$user"
    echo "$url" >"$state/url"
    trap - EXIT
    echo "$url"
    ;;
stop) stop ;;
*) echo "usage: pg_scratch.sh start|stop <state-dir>" >&2; exit 2 ;;
esac
