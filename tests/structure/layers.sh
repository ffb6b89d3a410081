#!/bin/sh
# Fails when a file in server/ includes a header of a layer above its own.
# The layers, lowest first (README.md, "What is where"); each is one library
# linking only downward, and a file may include its own layer and those below:
#   bot_bridge kibitz-bot, its own program over the HTTP bot API alone: lowest,
#            so it includes no header of the server
#   domain   plain domain types (time control)
#   observe  metrics
#   store    persistence only: it decides no platform rule
#   push     Web Push: message encryption, VAPID, subscription checks, the sender
#   rating   Glicko-2 and the rules on rated play, applied through the store
#   auth     guests, accounts, session tokens
#   protocol the wire: client/server messages, the JSON codec, the catalogue
#   engine   the engine pool (computer moves off the I/O threads)
#   play     rooms, lobby, matchmaking, clocks
#   tournament arenas and Swiss events: pure rules (pairing, scoring, tie-breaks)
#            and the service that runs them over play
#   cluster  nodes over Redis: leases, takeovers, rooms across nodes
#   api      the HTTP JSON API
#   net      listener, HTTP and WebSocket sessions
#   app      the composition root: server/*.cpp, config
# Usage: layers.sh <repository root>
set -eu
server=$1/server
order="bot_bridge domain observe store push rating auth protocol engine play tournament cluster api net app"

rank() {
    i=0
    for l in $order; do
        [ "$l" = "$1" ] && { echo $i; return; }
        i=$((i + 1))
    done
    echo -1
}

status=0
for file in $(cd "$server" && find . -name '*.hpp' -o -name '*.cpp' | sed 's|^\./||' | sort); do
    case $file in
        */*) own=${file%%/*} ;;
        *) own=app ;;
    esac
    own_rank=$(rank "$own")
    if [ "$own_rank" -lt 0 ]; then
        echo "$file: folder '$own' is in no layer: add it to the order in $0" >&2
        status=1
        continue
    fi
    # Quoted includes only: "layer/file.hpp", or a top-level "file.hpp" (the app).
    for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' \
                     "$server/$file"); do
        case $inc in
            kibitz/*) continue ;;  # the rules core, below every server layer
            */*) layer=${inc%%/*} ;;
            *) [ -f "$server/$inc" ] && layer=app || continue ;;
        esac
        r=$(rank "$layer")
        [ "$r" -lt 0 ] && continue  # not a server folder (e.g. a test's own header)
        if [ "$r" -gt "$own_rank" ]; then
            echo "$file ($own) includes $inc ($layer, a layer above)" >&2
            status=1
        fi
    done
done
exit $status
