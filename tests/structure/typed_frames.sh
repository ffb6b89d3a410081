#!/bin/sh
# Fails when a server -> client message is built outside the codec: every
# message is a type (server/protocol/out_*.hpp) and only the codec writes the
# envelope, so no `make_frame(` outside server/protocol/, and no envelope
# written by hand ("t":"...) in the play layer and the services beside it that
# came out of it (puzzle/, notify/).
# Usage: typed_frames.sh <repository root>
set -eu
root=$1
status=0
if grep -rn --include='*.cpp' --include='*.hpp' 'make_frame(' "$root/server" |
        grep -v "^$root/server/protocol/"; then
    echo "^ make_frame outside the codec: send a typed message (server/protocol/out_*.hpp)" >&2
    status=1
fi
if grep -rn --include='*.cpp' --include='*.hpp' -e '"t":"' -e '\\"t\\":\\"' "$root/server/play" \
        "$root/server/puzzle" "$root/server/notify"; then
    echo "^ an envelope written by hand in the play layer: encode a typed message" >&2
    status=1
fi
exit $status
