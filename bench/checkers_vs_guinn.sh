#!/usr/bin/env bash
# Kibitz's level 8 against GuiNN Checkers 2.06 (built by bench/guinn_build.sh)
# at a fixed time per move, over the ACF 3-move ballots
# (bench/checkers_ballots.txt). Games go in pairs: both games of a pair start
# from the same ballot, Kibitz plays Black in one and White in the other.
# PAIRS ballots are taken evenly spread over the 156 of the deck (the first,
# then every 156/PAIRS-th), or the ACF numbers listed in BALLOTS="1 46 ...".
# Kibitz moves with `kibitz-cli engine checkers --level 8`, one process for
# the match (bench/lib/kibitz_engine.sh: ENDGAME_DIR, KIBITZ_TABLE,
# KIBITZ_SPEND, KIBITZ_BOOK, PER_MOVE); GuiNN
# runs as one process (networks, 4-piece bitbase, its hash table kept between
# the moves of a game and cleared between games, no book), with the fixed time
# per move CheckerBoard gives it (it keeps MS on average; a move may run
# over; GUINN_EXACT=1 makes MS its hard limit, as ours is). Our rules
# referee every move (`kibitz-cli play` / `moves`) and end the game: no move left, third repetition, 40 moves each without a capture
# or a man moved; MAX_PLIES ends it as a draw. Prints one line per game
# (result, plies, each side's mean depth and mean time a move), then Kibitz's
# W/D/L, score and Elo with a 95% interval.
#   bench/checkers_vs_guinn.sh KIBITZ_CLI GUINN [PAIRS=10] [MS=300] [MAX_PLIES=400]
# PDN_DIR=DIR keeps each game's moves in DIR/gameN.txt. GUINN is the runner
# guinn_build.sh printed. Check the two agree on the
# rules first: bench/guinn_check.sh KIBITZ_CLI GUINN.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,21p' "$0" >&2; exit 1; }
cli=$1 guinn=$2 pairs=${3:-10} ms=${4:-300} max_plies=${5:-400}
here=$(cd "$(dirname "$0")" && pwd)

mapfile -t deck < <(grep -v '^#' "$here/checkers_ballots.txt")
ballots=()
if [ -n "${BALLOTS:-}" ]; then
    for n in $BALLOTS; do
        line=$(printf '%s\n' "${deck[@]}" | grep "^$n: ") || { echo "no ballot ACF $n (barred or unknown)" >&2; exit 1; }
        ballots+=("$line")
    done
    pairs=${#ballots[@]}
else
    for ((k = 0; k < pairs; k++)); do ballots+=("${deck[(k * ${#deck[@]} / pairs) % ${#deck[@]}]}"); done
fi

coproc GN { "$guinn"; }
say() { echo "$*" >&"${GN[1]}"; }
read_until() {  # PREFIX: read GuiNN's lines until one starts with PREFIX; sets $line
    while IFS= read -r line <&"${GN[0]}"; do [[ $line == "$1"* ]] && return 0; done
    echo "GuiNN stopped" >&2; exit 1
}
say isready; read_until "info string"; echo "$line" | cut -d' ' -f3-; read_until readyok

# shellcheck source=bench/lib/kibitz_engine.sh
. "$here/lib/kibitz_engine.sh"
kibitz_engine_start "$cli" checkers
now_ms() { echo $(($(date +%s%N) / 1000000)); }

wins=0 draws=0 losses=0 unscored=0
# shellcheck source=bench/match_tally.sh
. "$(dirname "$0")/match_tally.sh"
for ((i = 0; i < 2 * pairs; i++)); do
    ballot=${ballots[i / 2]}
    read -r -a moves <<<"${ballot#*: }"
    k_seat=$((i % 2))  # 0: Kibitz plays Black, who moves first
    say newgame
    kibitz_engine_newgame
    k_depth=0 k_time=0 k_n=0 g_depth=0 g_time=0 g_n=0 note=""
    while [ ${#moves[@]} -lt "$max_plies" ]; do
        played=$("$cli" play checkers "${moves[@]}")
        status=$(echo "$played" | tail -1) pos=$(echo "$played" | tail -2 | head -1)
        [ "$status" = ongoing ] || break
        start=$(now_ms)
        if [ $((${#moves[@]} % 2)) -eq "$k_seat" ]; then
            out=$(kibitz_engine_move "$ms" "${moves[@]}")
            spent=$(($(now_ms) - start))
            d=$(echo "$out" | sed -n 's/^info depth \([0-9]*\).*/\1/p' | tail -1)
            # A book move (KIBITZ_BOOK=on) was not searched: no depth or time to count.
            [[ $out == *"info book "* ]] ||
                { k_time=$((k_time + spent)) k_depth=$((k_depth + ${d:-0})) k_n=$((k_n + 1)); }
            move=$(echo "$out" | tail -1); move=${move#bestmove }
        else
            say go "$ms" ${GUINN_EXACT:+exact} "${moves[@]}"
            read_until info; d=$(echo "$line" | cut -d' ' -f3)
            read_until bestmove; move=${line#bestmove }
            g_time=$((g_time + $(now_ms) - start))
            g_depth=$((g_depth + ${d:-0})) g_n=$((g_n + 1))
            if ! "$cli" moves checkers --position "$pos" | grep -qx -- "$move"; then
                note="rules differ: GuiNN played $move"; break
            fi
        fi
        moves+=("$move")
    done
    [ ${#moves[@]} -ge "$max_plies" ] && status="draw (ply limit $max_plies)"
    seat=Black; [ $k_seat -eq 1 ] && seat=White
    tally "$seat" "$status" "$note"
    mean() { [ "$2" -gt 0 ] && echo $(($1 / $2)) || echo -; }
    printf 'game %d (ACF %s): Kibitz plays %s: %s (%s) in %d plies; mean depth Kibitz %s, GuiNN %s; mean ms a move Kibitz %s, GuiNN %s\n' \
        $((i + 1)) "$ballot" "$seat" "$result" "$status" ${#moves[@]} "$(mean $k_depth $k_n)" \
        "$(mean $g_depth $g_n)" "$(mean $k_time $k_n)" "$(mean $g_time $g_n)"
    if [ -n "${PDN_DIR:-}" ]; then mkdir -p "$PDN_DIR" && echo "${moves[*]}" >"$PDN_DIR/game$((i + 1)).txt"; fi
done
say quit
kibitz_engine_quit

echo "unscored (rules differ): $unscored"
awk -v who=Kibitz -v w=$wins -v d=$draws -v l=$losses -f "$here/match_score.awk"
