# One match's summary line: W/D/L, score and Elo with a 95% interval (the
# Wilson-style interval `kibitz-cli match` prints too). The match scripts
# call it with the counts and whose side the score is:
#   awk -v who=A -v w=WINS -v d=DRAWS -v l=LOSSES -f bench/match_score.awk
function elo(p) { return -400 * log(1 / p - 1) / log(10) }
function clamp(x, n) { return x < 0.5 / n ? 0.5 / n : x > 1 - 0.5 / n ? 1 - 0.5 / n : x }
BEGIN {
    n = w + d + l; if (n == 0) exit
    p = (w + d / 2) / n; z = 1.96
    var = (w * (1 - p) ^ 2 + d * (0.5 - p) ^ 2 + l * p ^ 2) / n
    den = 1 + z * z / n; c = (p + z * z / (2 * n)) / den
    half = z * sqrt(var / n + z * z / (4 * n * n)) / den
    printf "%s: %d/%d/%d (W/D/L) score %.1f%% Elo %+.0f \302\261%.0f\n", who, w, d, l, 100 * p,
        elo(clamp(p, n)), (elo(clamp(c + half, n)) - elo(clamp(c - half, n))) / 2
}
