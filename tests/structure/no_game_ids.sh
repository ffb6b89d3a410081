#!/bin/sh
# Fails when a game id or a game's name is written anywhere in server/ or web/:
# the catalogue (core/src/registry.cpp and each game's *_description.hpp) is
# the one place that names games; everything else reads it. The ids come from
# kibitz-cli (the registry itself), the names from the descriptions.
# web/learn/ is excluded: it holds each game's lessons, content named after its
# game as docs/rules/<game>.md is, not code that lists games. So is web/i18n/:
# the message catalogues word each game's name and summary by its id
# (game_name.<id>, docs/i18n.md), as a language's players call it.
# Usage: no_game_ids.sh <repository root> <kibitz-cli>
set -eu
root=$1
cli=$2
# "games: checkers oferhlyp ..." is the last line of the CLI's usage text.
ids=$("$cli" 2>&1 | sed -n 's/^games: *//p' || true)
[ -n "$ids" ] || { echo "no game ids from $cli" >&2; exit 2; }
names=$(sed -n 's/^ *\.name = "\(.*\)",$/\1/p' "$root"/core/games/*/*_description.hpp)
[ -n "$names" ] || { echo "no game names in core/games/*/*_description.hpp" >&2; exit 2; }
status=0
for word in $ids $names; do
    # Whole words, any case, file names included: "oware.js" counts, "software" does not.
    hits=$(grep -rniw --exclude-dir=node_modules --exclude-dir=learn -- "$word" "$root/server" "$root/web" |
        grep -v "^$root/web/i18n/" || true)
    if [ -n "$hits" ]; then
        printf '%s\n' "$hits"
        echo "^ '$word' is a game: read it from the catalogue instead" >&2
        status=1
    fi
    if find "$root/server" "$root/web" -path "$root/web/learn" -prune -o -iname "*$word*" -print |
            grep .; then
        echo "^ a file named after the game '$word'" >&2
        status=1
    fi
done
exit $status
