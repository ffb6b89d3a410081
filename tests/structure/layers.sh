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
#   relation blocks between accounts (the list every check reads, the service)
#   report   reports about players, with their evidence
#   protocol the wire: client/server messages, the JSON codec, the catalogue
#   engine   the engine pool (computer moves off the I/O threads)
#   play     the play layer, one layer per folder of it (folders nest: a file's
#            layer is its folder, server/play/room/x.cpp is in play/room):
#     play           the hub (the play layer's services) and the seams (peers,
#                    players, the desks and remote_* interfaces, the recorder)
#     play/live      the live lists and TV
#     play/room      the room and its pieces (clock, offers, premoves, journal)
#     play/directory which room is where
#     play/lobby     seeks, invites, quick pairing
#     play/session   a connection's handler, guests, peers, sessions
#   tournament arenas and Swiss events:
#     tournament/rules the pure rules (pairing, scoring, tie-breaks): domain/ only
#     tournament       the service that runs them over play
#   puzzle   the puzzle service
#   notify   the notifications service
#   cluster  nodes over Redis: leases, takeovers, rooms across nodes
#   api      the HTTP JSON API
#   net      listener, HTTP and WebSocket sessions
#   app      the composition root: server/*.cpp, config
# One cycle remains, the hub's (server/play/CMakeLists.txt): it holds the
# directory, the guests, the peers and the sessions, and makes the lobby and
# the reviewer, all of which are handed the hub. Its includes are the only
# upward ones allowed, each listed here (file, then the header it includes);
# issue 42 item 1 (no service locator) breaks the cycle and empties the list.
# Usage: layers.sh <repository root>
set -eu
server=$1/server
order="bot_bridge domain observe store push rating auth relation report protocol engine
       play play/live play/room play/directory play/lobby play/session
       tournament/rules tournament puzzle notify cluster api net app"
cycle="play/hub.hpp:play/directory/room_directory.hpp
       play/hub.hpp:play/session/guest_desk.hpp
       play/hub.hpp:play/session/player_peers.hpp
       play/hub.hpp:play/session/session_registry.hpp
       play/hub.cpp:play/lobby/lobby.hpp
       play/hub.cpp:play/room/review.hpp"

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
        */*) own=${file%/*} ;;
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
            */*) layer=${inc%/*} ;;
            *) [ -f "$server/$inc" ] && layer=app || continue ;;
        esac
        r=$(rank "$layer")
        if [ "$r" -lt 0 ]; then
            # A header of a server folder in no layer would slip through: refuse it.
            [ -d "$server/$layer" ] || [ -d "$server/${inc%%/*}" ] || continue  # not a server folder
            echo "$file includes $inc: folder '$layer' is in no layer" >&2
            status=1
            continue
        fi
        if [ "$r" -gt "$own_rank" ]; then
            case " $(echo $cycle) " in
                *" $file:$inc "*) continue ;;  # the hub's cycle, listed above
            esac
            echo "$file ($own) includes $inc ($layer, a layer above)" >&2
            status=1
        fi
    done
done
exit $status
