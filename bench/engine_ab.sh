#!/usr/bin/env bash
# Plays two kibitz-cli binaries against each other (e.g. two evaluations):
# each move is a `kibitz-cli bestmove GAME MOVES... --nodes N` call to the
# binary whose turn it is, on the game's move history. Games go in pairs: both
# open with the same OPENING random plies (chosen from SEED), A plays first in
# one and second in the other. A fixed node budget makes the result
# independent of machine load. Prints one line per game, then A's W/D/L and an
# Elo estimate with a 95% error bar (the same formula as `kibitz-cli match`).
# MOVETIME=MS gives each move MS milliseconds instead of NODES (for a change
# that costs speed: a node budget would not charge it). POSITION=TEXT starts
# every game (and its random opening plies) from that position instead of the
# game's start, e.g. an endgame. ENDGAME_A=DIR / ENDGAME_B=DIR give that
# side's bestmove calls `--endgame-dir DIR` (the game's endgame table).
#   bench/engine_ab.sh GAME CLI_A CLI_B [GAMES=40] [NODES=20000] [SEED=1] [OPENING=4] [MAX_PLIES=400]
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,14p' "$0" >&2; exit 1; }
game=$1 a=$2 b=$3 games=${4:-40} nodes=${5:-20000} seed=${6:-1} opening=${7:-4} max_plies=${8:-400}
budget=(--nodes "$nodes")
[ -n "${MOVETIME:-}" ] && budget=(--movetime "$MOVETIME")
from=()
[ -n "${POSITION:-}" ] && from=(--position "$POSITION")
table_a=() table_b=()
[ -n "${ENDGAME_A:-}" ] && table_a=(--endgame-dir "$ENDGAME_A")
[ -n "${ENDGAME_B:-}" ] && table_b=(--endgame-dir "$ENDGAME_B")

# Seat names in turn order, from a one-ply match ("A (...) plays south: ...").
mapfile -t seats < <("$a" match "$game" "${from[@]}" --a depth=1 --b depth=1 --games 2 --max-plies 1 |
    sed -n 's/^game [0-9]*: A ([^)]*) plays \([^:]*\):.*/\1/p')

# Whose turn: by the ply's parity, except in Ouril, where a grand slam gives
# the same side another turn: there the position's first letter (S or N)
# against the starting one's.
first_side=$("$a" play "$game" "${from[@]}" | head -1 | cut -c1)
seat_to_move() {
    if [ "$game" = ouril ]; then
        [ "$("$a" play "$game" "${from[@]}" "${moves[@]}" | head -1 | cut -c1)" = "$first_side" ] && echo 0 || echo 1
    else
        echo $((${#moves[@]} % 2))
    fi
}

wins=0 draws=0 losses=0
for ((i = 0; i < games; i++)); do
    # Both games of a pair open the same way: RANDOM is reseeded per pair.
    RANDOM=$((seed * 1000 + i / 2))
    moves=()
    for ((k = 0; k < opening; k++)); do
        # `moves` lists a position's moves, not a move list's: play them first.
        here=$("$a" play "$game" "${from[@]}" "${moves[@]}" | head -1)
        mapfile -t legal < <("$a" moves "$game" --position "$here" 2>/dev/null || true)
        [ ${#legal[@]} -gt 0 ] || break
        moves+=("${legal[RANDOM % ${#legal[@]}]}")
    done
    a_seat=$((i % 2))
    while [ ${#moves[@]} -lt "$max_plies" ]; do
        ply=${#moves[@]}
        cli=$b table=("${table_b[@]}")
        [ "$(seat_to_move)" -eq "$a_seat" ] && cli=$a table=("${table_a[@]}")
        # bestmove fails (exit 2) once the game is over.
        if ! line=$("$cli" bestmove "$game" "${from[@]}" "${moves[@]}" "${budget[@]}" "${table[@]}" --seed $((i * 1000 + ply)) 2>/dev/null |
            tail -1); then
            break
        fi
        moves+=("${line#bestmove }")
    done
    status=$("$a" play "$game" "${from[@]}" "${moves[@]}" | tail -1)
    case "$status" in
        "${seats[a_seat]} wins"*) result=win; wins=$((wins + 1)) ;;
        *" wins"*) result=loss; losses=$((losses + 1)) ;;
        *) result=draw; draws=$((draws + 1)) ;;  # draws, and the move limit
    esac
    echo "game $((i + 1)): A plays ${seats[a_seat]}: $result ($status) in ${#moves[@]} plies"
done

awk -v who=A -v w=$wins -v d=$draws -v l=$losses -f "$(dirname "$0")/match_score.awk"
