# Sourced by the match scripts (oware_vs_aalina.sh, checkers_vs_guinn.sh):
# one game's result for Kibitz from the referee's status line, counted in
# wins, draws, losses or unscored (the caller sets them to 0 first).
# tally SEAT STATUS NOTE: SEAT is Kibitz's side as the status names it
# ("south wins", "white wins"); a NOTE leaves the game unscored. Sets $result.
tally() {
    local seat_lc note=$3
    seat_lc=$(echo "$1" | tr 'A-Z' 'a-z')
    if [ -n "$note" ]; then
        result="unscored ($note)"; unscored=$((unscored + 1))
        return
    fi
    case "$2" in
        "$seat_lc wins"*) result=win; wins=$((wins + 1)) ;;
        *" wins"*) result=loss; losses=$((losses + 1)) ;;
        *) result=draw; draws=$((draws + 1)) ;;  # draws, and the ply limit
    esac
}
