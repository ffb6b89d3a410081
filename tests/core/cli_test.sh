#!/usr/bin/env bash
# kibitz-cli as a shell sees it: output formats and exit statuses.
#   cli_test.sh PATH-TO-KIBITZ-CLI
set -u
cli="$1"
failed=0
check() {  # check NAME EXPECTED-STATUS COMMAND... ; output in $out
    local name="$1" want="$2"
    shift 2
    out=$("$@" 2>&1)
    local got=$?
    if [ "$got" != "$want" ]; then
        echo "FAIL $name: exit $got, expected $want"; echo "$out" | head -5; failed=1
    fi
}
expect() {  # expect NAME REGEX: the last command's output matches
    if ! grep -Eq "$2" <<<"$out"; then echo "FAIL $1: no line matching /$2/"; echo "$out" | tail -3; failed=1; fi
}

check "bestmove by depth" 0 "$cli" bestmove checkers --depth 5
expect "info line" '^info depth 5 score -?[0-9#-]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ pv( [0-9x-]+)+$'
[ "$(tail -1 <<<"$out")" = "$(grep '^bestmove ' <<<"$out")" ] || { echo "FAIL bestmove is not the last line"; failed=1; }
expect "bestmove line" '^bestmove [0-9]+-[0-9]+$'
check "bestmove after moves" 0 "$cli" bestmove oware e D --nodes 5000 --level 3 --seed 4
expect "bestmove is a pit of South" '^bestmove [a-f]$'
check "bestmove by time" 0 "$cli" bestmove ouril --movetime 100
check "bestmove forced win" 0 "$cli" bestmove checkers --position 'W:WK4,K11,K13:BK19' --depth 20
expect "a forced win is scored as one" 'score #[0-9]+'
check "bestmove single move" 0 "$cli" bestmove checkers --position 'B:W14,30:B9' --depth 3
expect "the only move" '^bestmove 9x18$'
check "bestmove needs a budget" 1 "$cli" bestmove checkers
check "bestmove illegal move" 2 "$cli" bestmove checkers 12-20 --depth 2
check "bestmove game over" 2 "$cli" bestmove checkers --position 'B:W14:B9' 9x18 --depth 2
check "bestmove bad level" 1 "$cli" bestmove checkers --depth 2 --level 9
check "unknown option refused" 1 "$cli" play oware --foo a
expect "names the option" 'takes no option --foo'
long=$(head -c 100000 /dev/zero | tr '\0' '1')
check "long move echo is cut" 2 "$cli" play checkers "$long"
[ ${#out} -lt 1000 ] || { echo "FAIL long move echo: ${#out} bytes"; failed=1; }
check "long position echo is cut" 2 "$cli" play checkers --position "$long"
[ ${#out} -lt 1000 ] || { echo "FAIL long position echo: ${#out} bytes"; failed=1; }
check "match" 0 "$cli" match checkers --a depth=3 --b level=1,depth=3 --games 2
expect "match summary" '^score [0-9.]+–[0-9.]+ \([0-9]+/[0-9]+/[0-9]+\) Elo [-+][0-9]+ ±[0-9]+$'
check "match bad spec" 1 "$cli" match checkers --a level=0 --b depth=2
check "puzzles" 0 "$cli" puzzles checkers --games 2 --seed 1 --find-depth 4 --verify-depth 6 --want 1
expect "a puzzle line" '^\{"id":"checkers-1-1","game":"checkers","position":"[^"]+","last_move":"[0-9x-]+","before":"[^"]+","moves":\["[0-9x-]+"'
expect "the figures" '^checkers: [0-9]+ positions screened, [0-9]+ candidates, 0 duplicates, 1 puzzles'
check "puzzles verify deeper" 1 "$cli" puzzles checkers --find-depth 6 --verify-depth 6

session() { "$cli" engine "$@"; }
check "engine session" 0 session checkers < <(printf 'go 30\ngo 30 11-15 23-19\nnewgame\nbogus\ngo 30 11-15 11-15\ngo x\nquit\ngo 30\n')
[ "$(grep -c '^bestmove ' <<<"$out")" = 2 ] || { echo "FAIL engine session: two moves, then quit"; failed=1; }
expect "a move for the start" '^bestmove [0-9]+-[0-9]+$'
expect "an unknown command" "^error unknown command 'bogus'"
expect "an illegal move, named" '^error move 2 \(11-15\): '
expect "a bad time" '^error go needs a time in ms'
check "engine session bad table" 1 "$cli" engine checkers --table sometimes
check "match spec keeps the table" 0 "$cli" match checkers --a depth=3,keep=1 --b depth=3 --games 2

# The opening book (core/books/): the start is in every shipped book.
check "bestmove from the book" 0 "$cli" bestmove checkers --movetime 100 --book on
expect "a book line, not a search" '^info book score -?[0-9]+ depth [0-9]+ pv [0-9]+-[0-9]+$'
[ "$(grep -c '^info depth' <<<"$out")" = 0 ] || { echo "FAIL a book move was searched"; failed=1; }
check "bestmove searches with the book off" 0 "$cli" bestmove checkers --depth 3 --book off
expect "searched" '^info depth 3 '
check "bestmove bad book" 1 "$cli" bestmove checkers --depth 3 --book maybe
expect "names the values" 'book is on or off'
check "engine session with the book" 0 session oware --book on < <(printf 'go 20
quit
')
expect "a book move for the start" '^info book score .* pv [a-f]$'
check "match spec accepts the book" 0 "$cli" match oware --a depth=2,book=1 --b depth=2 --games 2 --opening-plies 0
check "book" 0 "$cli" book oware --plies 1 --movetime 5 --margin 1000
expect "the command in the header" '^# Opening book of oware, made by: kibitz-cli book oware --plies 1 '
[ "$(grep -Ec '^[SN]:' <<<"$out")" = 7 ] || { echo "FAIL book: the start and its six children"; failed=1; }
expect "every move kept at margin 1000" '^S:4,4,4,4,4,4,4,4,4,4,4,4:0,0	a -?[0-9]+ [0-9]+	b '
check "book needs plies" 1 "$cli" book oware --movetime 5
check "engine session spending its time" 0 session oware --spend 100 < <(printf 'go 20\nquit\n')
expect "a move at spend 100" '^bestmove [A-Fa-f]$'
check "engine session bad spend" 1 "$cli" engine oware --spend 0
expect "the spend range" 'spend'

egdir=$(mktemp -d)
trap 'rm -rf "$egdir"' EXIT
check "endgame table" 0 "$cli" endgame oware --seeds 6 --out "$egdir/oware.egdb"
expect "build figures" '^endgame oware: 6 units, 18564 positions, 18564 bytes, built in'
[ "$(stat -c %s "$egdir/oware.egdb")" = 18564 ] || { echo "FAIL endgame table size"; failed=1; }
check "bestmove with the table" 0 "$cli" bestmove oware --position 'S:0,0,0,0,1,2,1,1,1,0,0,0:20,22' \
    --depth 3 --endgame-dir "$egdir"
expect "the table's value" '^info endgame value 4 '
expect "the table's score: a win by two seeds" '^info depth 1 score 10200 .* pv f$'
check "endgame for a game without tables" 1 "$cli" endgame opprimo --out "$egdir/none"
check "checkers endgame table" 0 "$cli" endgame checkers --pieces 3 --out "$egdir/checkers.egdb"
expect "checkers build figures" '^endgame checkers: 3 units, 202280 positions, 202280 bytes, built in'
check "checkers bestmove with the table" 0 "$cli" bestmove checkers --position 'W:WK14:BK1,K32' \
    --depth 3 --endgame-dir "$egdir"
expect "the table's distance: White loses in 12 plies" '^info endgame value -12 '
expect "the table's line: lost in 12 plies" '^info depth 1 score #-12 .* pv 14-9 32-27 '

[ "$failed" = 0 ] && echo "all kibitz-cli checks passed"
exit "$failed"
