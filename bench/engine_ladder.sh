#!/usr/bin/env bash
# The level ladder: each level against the next, GAMES games per pair per game
# id, with Elo estimates; then what time buys at full strength. Every level
# plays as the server plays it untimed (the level's caps, MOVETIME ms a move
# for what the caps leave to time). Prints figures; asserts nothing.
#   bench/engine_ladder.sh [GAMES] [MOVETIME] [GAME...]
# Environment: KIBITZ_BUILD_DIR (default build), LADDER_TIME_GAMES (default 20),
# LADDER_MAX_PLIES (default 300: a game that long is scored a draw; Oferhlýp
# engines a few hit points apart can shuffle for hundreds of plies).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="${KIBITZ_BUILD_DIR:-$root/build}/bin/kibitz-cli"
games="${1:-40}"
movetime="${2:-100}"
shift $(( $# > 2 ? 2 : $# ))
ids=("$@")
[ ${#ids[@]} -gt 0 ] || ids=(checkers oferhlyp opprimo oware ouril)

max_plies="${LADDER_MAX_PLIES:-300}"
echo "# ladder: $games games a pair, ${movetime} ms a move, draw at $max_plies plies, $(nproc) cores, $(date -u +%F)"
for id in "${ids[@]}"; do
    for lower in 1 2 3 4 5 6 7; do
        upper=$((lower + 1))
        line=$("$cli" match "$id" --a "level=$upper,movetime=$movetime" --b "level=$lower,movetime=$movetime" \
            --games "$games" --seed "$lower" --max-plies "$max_plies" | tail -1)
        echo "$id level $upper vs $lower: $line"
    done
done
time_games="${LADDER_TIME_GAMES:-20}"
for id in "${ids[@]}"; do
    line=$("$cli" match "$id" --a "level=8,movetime=1000" --b "level=8,movetime=100" --games "$time_games" --seed 99 --max-plies "$max_plies" | tail -1)
    echo "$id level 8 at 1 s vs level 8 at 100 ms: $line"
done
