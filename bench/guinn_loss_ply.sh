#!/usr/bin/env bash
# Where were the games Kibitz lost to GuiNN decided? For each game a
# bench/checkers_vs_guinn.sh log reports as a loss, replays its moves (kept by
# that run's PDN_DIR) through GuiNN at MS a position (hash cleared each time)
# and prints the first ply from which the winner stays at least a man ahead
# (GuiNN's score >= 100, turned to the winner's view) to the end of the game.
#   bench/guinn_loss_ply.sh GUINN MATCH_LOG PDN_DIR [MS=100]
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,7p' "$0" >&2; exit 1; }
guinn=$1 log=$2 dir=$3 ms=${4:-100}

coproc GN { "$guinn"; }
say() { echo "$*" >&"${GN[1]}"; }
read_until() {  # PREFIX: read GuiNN's lines until one starts with PREFIX; sets $line
    while IFS= read -r line <&"${GN[0]}"; do [[ $line == "$1"* ]] && return 0; done
    echo "GuiNN stopped" >&2; exit 1
}
say isready; read_until readyok

while read -r _ n rest; do
    winner=$(echo "$rest" | grep -o '(\(white\|black\) wins' | cut -c2- | cut -d' ' -f1)
    read -r -a moves <"$dir/game$n.txt"
    from=-1
    for ((p = 3; p < ${#moves[@]}; p++)); do
        say newgame; say go "$ms" "${moves[@]:0:p}"
        read_until info; score=$(echo "$line" | cut -d' ' -f5); read_until bestmove
        to_move=black; [ $((p % 2)) -eq 1 ] && to_move=white
        [ "$to_move" = "$winner" ] || score=$((-score))
        if [ "$score" -ge 100 ]; then [ "$from" -ge 0 ] || from=$p; else from=-1; fi
    done
    echo "game $n: $winner won in ${#moves[@]} plies, a man or more ahead from ply $from on"
done < <(grep '^game .*: loss' "$log")
say quit
