#!/bin/sh
# Fails when the cluster reads or writes a JSON field by name outside
# server/cluster/bus_messages.cpp and bus_messages_encode.cpp: every bus
# message is a type (bus_messages.hpp), decoded and encoded there only, so a
# change of shape is made in one place and no handler depends on a key it
# spelled itself.
# Usage: bus_fields.sh <repository root>
set -eu
root=$1
if grep -nE -e '\[ *"[^"]*" *\]' -e '\.(at|value|contains|count|find|erase|emplace)\( *"' \
        "$root"/server/cluster/*.cpp "$root"/server/cluster/*.hpp |
        grep -v -e "^$root/server/cluster/bus_messages.cpp:" \
            -e "^$root/server/cluster/bus_messages_encode.cpp:"; then
    echo "^ a JSON field by name in the cluster: add it to a message of server/cluster/bus_messages.hpp" >&2
    exit 1
fi
