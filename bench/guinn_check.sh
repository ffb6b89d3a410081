#!/usr/bin/env bash
# Checks that the GuiNN driver (bench/guinn_build.sh) and our rules agree on
# the board before a match relies on it: over GAMES random games (RANDOM
# seeded with SEED), every position's legal moves, in our notation, must be
# the same set from `kibitz-cli moves` and from the driver's `moves`: square
# numbering, capture paths, crowning and the forced capture, all at once.
# Prints the first disagreement and fails, or the count of positions checked.
#   bench/guinn_check.sh KIBITZ_CLI GUINN [GAMES=20] [SEED=1]
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,8p' "$0" >&2; exit 1; }
cli=$1 guinn=$2 games=${3:-20} RANDOM=${4:-1}

coproc GN { "$guinn"; }
trap 'echo quit >&"${GN[1]}" 2>/dev/null || true' EXIT
ask() {  # LINE: one line to the driver; sets $reply to its answer
    echo "$*" >&"${GN[1]}"
    IFS= read -r reply <&"${GN[0]}" || { echo "GuiNN driver stopped" >&2; exit 1; }
}
ask isready
[[ $reply == "info string"*"database loaded"* ]] || { echo "driver: $reply" >&2; exit 1; }
read -r reply <&"${GN[0]}"

positions=0
for ((g = 0; g < games; g++)); do
    moves=()
    while [ ${#moves[@]} -lt 200 ]; do
        status=$("$cli" play checkers "${moves[@]}" | tail -1)
        pos=$("$cli" play checkers "${moves[@]}" | tail -2 | head -1)
        ours=$([ "$status" = ongoing ] && "$cli" moves checkers --position "$pos" | sort | tr '\n' ' ' || true)
        ask moves "${moves[@]}"
        theirs=$(echo "$reply" | tr ' ' '\n' | grep . | sort | tr '\n' ' ' || true)
        positions=$((positions + 1))
        if [ "$status" = ongoing ] && [ "$ours" != "$theirs" ]; then
            echo "differ after: ${moves[*]}" >&2
            echo "  position $pos" >&2
            echo "  ours:  $ours" >&2
            echo "  GuiNN: $theirs" >&2
            exit 1
        fi
        [ "$status" = ongoing ] || break
        read -r -a legal <<<"$ours"
        moves+=("${legal[RANDOM % ${#legal[@]}]}")
    done
done
echo "legal moves agree in $positions positions over $games random games"
