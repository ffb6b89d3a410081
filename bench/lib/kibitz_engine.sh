# Our engine as a match harness's player (sourced by bench/checkers_vs_guinn.sh
# and bench/oware_vs_aalina.sh): one `kibitz-cli engine GAME --level 8`
# process for the whole match, as the server's engine thread (its table kept
# between the moves of a game, cleared between games; the endgame table read
# once), on two FIFOs, since bash keeps one coprocess at a time and the
# harness's is the other engine. Settings (environment):
#   ENDGAME_DIR=DIR    --endgame-dir DIR (the game's table, built there if missing)
#   KIBITZ_TABLE=fresh clear the table before each move (default keep)
#   KIBITZ_SPEND=P     --spend P: start no new iteration past P% of the movetime
#                      (default the engine's, 50; 100 spends the whole movetime)
#   KIBITZ_BOOK=on     --book on: the opening book's moves (core/books/) at once
#   PER_MOVE=1         one `kibitz-cli bestmove` process a move instead
# kibitz_engine_start CLI GAME, then kibitz_engine_move MS MOVE... (prints
# the engine's lines up to its bestmove), kibitz_engine_newgame,
# kibitz_engine_quit.
kibitz_engine_start() {
    k_cli=$1 k_game=$2
    [ -n "${PER_MOVE:-}" ] && return 0
    k_fifos=$(mktemp -d)
    mkfifo "$k_fifos/in" "$k_fifos/out"
    "$k_cli" engine "$k_game" --level 8 --table "${KIBITZ_TABLE:-keep}" \
        ${KIBITZ_SPEND:+--spend "$KIBITZ_SPEND"} ${KIBITZ_BOOK:+--book "$KIBITZ_BOOK"} \
        ${ENDGAME_DIR:+--endgame-dir "$ENDGAME_DIR"} <"$k_fifos/in" >"$k_fifos/out" &
    k_pid=$!
    exec {k_in}>"$k_fifos/in" {k_out}<"$k_fifos/out"
    trap 'kill "$k_pid" 2>/dev/null; rm -rf "$k_fifos"' EXIT
}

kibitz_engine_move() {
    if [ -n "${PER_MOVE:-}" ]; then
        "$k_cli" bestmove "$k_game" "${@:2}" --movetime "$1" --level 8 \
            ${KIBITZ_BOOK:+--book "$KIBITZ_BOOK"} ${ENDGAME_DIR:+--endgame-dir "$ENDGAME_DIR"}
        return
    fi
    echo "go $*" >&"$k_in"
    local l
    while IFS= read -r l <&"$k_out"; do
        echo "$l"
        [[ $l == bestmove* ]] && return 0
        [[ $l == error* ]] && { echo "Kibitz: $l" >&2; exit 1; }
    done
    echo "Kibitz's engine stopped" >&2
    exit 1
}

kibitz_engine_newgame() { [ -n "${PER_MOVE:-}" ] || echo newgame >&"$k_in"; }
kibitz_engine_quit() { [ -n "${PER_MOVE:-}" ] || echo quit >&"$k_in"; }
