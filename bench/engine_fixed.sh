#!/bin/sh
# The engine's fixed work: fixed-depth searches of ten fixed positions
# (bench_engine's start and middlegame per game). Everything printed is
# independent of time and load (depth, score, nodes and line per iteration,
# then the best move), so two builds of an unchanged search print the same
# bytes: `cmp` the outputs to show a refactoring changed nothing. The user
# CPU seconds of the whole run go to stderr: nodes per CPU second, steadier
# on a loaded machine than nodes per wall second.
#   bench/engine_fixed.sh [KIBITZ_CLI] > out.txt
set -eu
cli=${1:-build/bin/kibitz-cli}
run() {  # game depth position
    echo "== $1 depth $2 $3"
    "$cli" bestmove "$1" --position "$3" --depth "$2" | sed -E 's/ nps [0-9]+ time [0-9]+//'
}
run checkers 14 "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
run checkers 14 "B:W15,18,19,21,24,25,29,30,31,32:B1,2,3,4,5,8,9,11,12,13"
run oferhlyp 6 "DDD+DDDD/DDDDDDD/7/7/7/LLLLLLL/LLL+LLLL dark"
run oferhlyp 6 "D1D+DDDD/D1DDD2/2DD1D1/L1D4/L1L2L1/L1L1L1L/L1L+LLLL dark C6-B5 C2-B3 B6-C5 F2-F3 G6-F5 D2-C3 F6-E5 B3-A4 B5-C4 B2-C2 B7-C6 A2-A3 E5-D5 B1-A2"
run opprimo 11 "y Y:a2,b1,b3,c2,d1,d3,e2,f1,f3,g2,Kd1-d3-e2 R:a12,b11,b13,c12,d11,d13,e12,f11,f13,g12,Kc12-d11-d13"
run opprimo 10 "y Y:a4,b1,b3,c2,d1,d3,e2,e6,g2,g6,Kd1-d3-e2 R:a12,b11,b13,c12,d11,d13,e8,f9,f13,g12,Kc12-d11-d13"
run oware 16 "S:4,4,4,4,4,4,4,4,4,4,4,4:0,0"
run oware 16 "S:1,4,3,12,8,0,0,0,0,8,8,2:0,2"
run ouril 16 "S:4,4,4,4,4,4,4,4,4,4,4,4:0,0"
run ouril 16 "S:3,1,3,13,5,12,2,1,1,1,0,1:2,3"
# Children's CPU (utime + stime of waited-for children, fields 16 and 17).
awk -v hz="$(getconf CLK_TCK)" '{printf "user+system CPU of the searches: %.2f s\n", ($16 + $17) / hz}' /proc/$$/stat >&2
