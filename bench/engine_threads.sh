#!/bin/sh
# Lazy SMP's gain: the wall time to reach a fixed depth with 1 and with N
# threads, on the ten positions of bench/engine_fixed.sh (start and
# middlegame per game), each run R times; then the median of each. The
# search is no longer deterministic with N > 1 (the helpers' entries land in
# the table at moments that vary), hence the repeats. Meaningful only with N
# cores idle: on a loaded machine the helpers take time from the first thread.
#   bench/engine_threads.sh [KIBITZ_CLI] [N] [R]
set -eu
cli=${1:-build/bin/kibitz-cli}
threads=${2:-2}
repeats=${3:-3}
echo "cores $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg), threads 1 and $threads, $repeats runs each"
ms_to_depth() {  # game depth position threads: the last line's time
    "$cli" bestmove "$1" --position "$3" --depth "$2" --threads "$4" |
        awk '$1 == "info" && $2 == "depth" { for (i = 3; i < NF; i++) if ($i == "time") t = $(i + 1) } END { print t }'
}
median() { tr ' ' '\n' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
run() {  # game depth position
    one="" many=""
    i=0
    while [ $i -lt "$repeats" ]; do
        one="$one $(ms_to_depth "$1" "$2" "$3" 1)"
        many="$many $(ms_to_depth "$1" "$2" "$3" "$threads")"
        i=$((i + 1))
    done
    a=$(echo $one | median)
    b=$(echo $many | median)
    awk -v g="$1" -v d="$2" -v a="$a" -v b="$b" -v n="$threads" -v p="$3" 'BEGIN {
        printf "%-9s depth %2d  1 thread %6d ms  %d threads %6d ms  speed-up %.2f  %.40s\n",
               g, d, a, n, b, (b > 0 ? a / b : 0), p }'
}
run checkers 18 "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
run checkers 18 "B:W15,18,19,21,24,25,29,30,31,32:B1,2,3,4,5,8,9,11,12,13"
run oferhlyp 8 "DDD+DDDD/DDDDDDD/7/7/7/LLLLLLL/LLL+LLLL dark"
run oferhlyp 8 "D1D+DDDD/D1DDD2/2DD1D1/L1D4/L1L2L1/L1L1L1L/L1L+LLLL dark C6-B5 C2-B3 B6-C5 F2-F3 G6-F5 D2-C3 F6-E5 B3-A4 B5-C4 B2-C2 B7-C6 A2-A3 E5-D5 B1-A2"
run opprimo 12 "y Y:a2,b1,b3,c2,d1,d3,e2,f1,f3,g2,Kd1-d3-e2 R:a12,b11,b13,c12,d11,d13,e12,f11,f13,g12,Kc12-d11-d13"
run opprimo 12 "y Y:a4,b1,b3,c2,d1,d3,e2,e6,g2,g6,Kd1-d3-e2 R:a12,b11,b13,c12,d11,d13,e8,f9,f13,g12,Kc12-d11-d13"
run oware 20 "S:4,4,4,4,4,4,4,4,4,4,4,4:0,0"
run oware 20 "S:1,4,3,12,8,0,0,0,0,8,8,2:0,2"
run ouril 20 "S:4,4,4,4,4,4,4,4,4,4,4,4:0,0"
run ouril 28 "S:3,1,3,13,5,12,2,1,1,1,0,1:2,3"
