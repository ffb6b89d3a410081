#!/usr/bin/env bash
# Kibitz's level 8 against Aalina (built by bench/aalina_build.sh) in Oware,
# at a fixed time per move. Games go in pairs over the 36 two-ply openings
# (South's pit, then North's; pair k takes opening k mod 36 in order): both
# games of a pair start from the same opening, Kibitz plays South in one and
# North in the other. Kibitz moves with `kibitz-cli engine oware --level 8`,
# one process for the match (bench/lib/kibitz_engine.sh: ENDGAME_DIR,
# KIBITZ_TABLE, KIBITZ_SPEND, KIBITZ_BOOK, PER_MOVE); Aalina runs as one UCI process with
# its book and endgame tables, pondering off. Our rules referee every move
# (`kibitz-cli play` / `moves`): Aalina plays Abapa, where a grand slam is
# legal and captures nothing, while our Oware forbids it; if Aalina ever picks
# a move our rules refuse, the game stops and is reported as "rules differ"
# (not scored). Aalina ends a game at the first repetition, ours at the third,
# both by each side taking its own row: the harness ends the game there the
# same way. Prints one line per game (result, plies, each side's mean depth),
# then Kibitz's W/D/L, score and Elo with a 95% interval.
#   bench/oware_vs_aalina.sh KIBITZ_CLI AALINA [PAIRS=10] [MS=300] [MAX_PLIES=400]
# With ENDGAME_DIR set, Kibitz probes the endgame table there (--endgame-dir;
# build it first with `kibitz-cli endgame oware --out DIR/oware.egdb`, about
# a minute, or the engine builds it when it starts).
# FIRST_OPENING=K starts at opening K (0..35) instead of the first.
# AALINA is the runner aalina_build.sh printed. Depths are not comparable
# one to one (Aalina reports odd depths of its own iterative deepening).
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,23p' "$0" >&2; exit 1; }
cli=$1 aalina=$2 pairs=${3:-10} ms=${4:-300} max_plies=${5:-400}
first=${FIRST_OPENING:-0}
# shellcheck source=bench/lib/kibitz_engine.sh
. "$(dirname "$0")/lib/kibitz_engine.sh"
kibitz_engine_start "$cli" oware

coproc AAL { "$aalina" 2>/dev/null; }
say() { echo "$*" >&"${AAL[1]}"; }
read_until() {  # PREFIX: read Aalina's lines until one starts with PREFIX; sets $line
    while IFS= read -r line <&"${AAL[0]}"; do [[ $line == "$1"* ]] && return 0; done
    echo "Aalina stopped" >&2; exit 1
}
say uci; read_until uciok
say "setoption name Ponder value false"
say isready; read_until readyok

# Aalina names South's pits A-F and North's a-f; ours are the other way round.
to_aalina() { echo "$1" | tr 'a-fA-F' 'A-Fa-f'; }
openings=()
for s in a b c d e f; do for n in A B C D E F; do openings+=("$s $n"); done; done

wins=0 draws=0 losses=0 unscored=0
# shellcheck source=bench/match_tally.sh
. "$(dirname "$0")/match_tally.sh"
for ((i = 0; i < 2 * pairs; i++)); do
    read -r -a moves <<<"${openings[(first + i / 2) % 36]}"
    k_seat=$((i % 2))  # 0: Kibitz plays South
    say ucinewgame; say isready; read_until readyok
    kibitz_engine_newgame
    k_depth=0 k_n=0 a_depth=0 a_n=0 note=""
    while [ ${#moves[@]} -lt "$max_plies" ]; do
        played=$("$cli" play oware "${moves[@]}")
        status=$(echo "$played" | tail -1) pos=$(echo "$played" | tail -2 | head -1)
        [ "$status" = ongoing ] || break
        if [ $((${#moves[@]} % 2)) -eq "$k_seat" ]; then
            out=$(kibitz_engine_move "$ms" "${moves[@]}")
            d=$(echo "$out" | sed -n 's/^info depth \([0-9]*\).*/\1/p' | tail -1)
            [ -n "$d" ] && { k_depth=$((k_depth + d)); k_n=$((k_n + 1)); }
            move=$(echo "$out" | tail -1); move=${move#bestmove }
        else
            # Aalina reads the move list as one word: "AbC", not "A b C".
            say "position startpos moves $(IFS=; to_aalina "${moves[*]}")"
            say "go movetime $ms"
            d=""
            while IFS= read -r line <&"${AAL[0]}"; do
                [[ $line == "info depth "* ]] && d=$(echo "$line" | cut -d' ' -f3)
                [[ $line == bestmove* ]] && break
            done
            [ -n "$d" ] && { a_depth=$((a_depth + d)); a_n=$((a_n + 1)); }
            move=$(to_aalina "$(echo "$line" | cut -d' ' -f2)")
            if [ "$move" = 0000 ]; then
                # Aalina ends a game at the first repeated position (Abapa);
                # our rules at the third, both the same way: each side takes
                # the seeds on its own row and the higher store wins.
                status=$(echo "$pos" | awk -F'[:,]' '{
                    s = $14; n = $15; for (i = 2; i <= 7; i++) s += $i; for (i = 8; i <= 13; i++) n += $i
                    print (s > n ? "south wins" : n > s ? "north wins" : "draw") " (repetition, rows taken: " s "-" n ")" }')
                break
            fi
            if ! "$cli" moves oware --position "$pos" | grep -qx "$move"; then
                note="rules differ: Aalina played $move"; break
            fi
        fi
        moves+=("$move")
    done
    seat=South; [ $k_seat -eq 1 ] && seat=North
    tally "$seat" "$status" "$note"
    printf 'game %d (opening %s): Kibitz plays %s: %s (%s) in %d plies; mean depth Kibitz %s, Aalina %s\n' \
        $((i + 1)) "${openings[(first + i / 2) % 36]}" "$seat" "$result" "$status" ${#moves[@]} \
        "$([ $k_n -gt 0 ] && echo $((k_depth / k_n)) || echo -)" "$([ $a_n -gt 0 ] && echo $((a_depth / a_n)) || echo -)"
done
say quit
kibitz_engine_quit

echo "unscored (rules differ): $unscored"
awk -v who=Kibitz -v w=$wins -v d=$draws -v l=$losses -f "$(dirname "$0")/match_score.awk"
