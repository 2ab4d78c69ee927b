#!/usr/bin/env bash
# Compares the CPU time (user + system) of Pascal Pons's c4solver and `duel connect solve
# --file` on the same positions of each benchmark file, in one run: one line per file with
# both times and their ratio (duel / Pons; below 1 is faster). Downloads nothing.
#
# Usage: scripts/bench-pons.sh PONS_C4SOLVER [LINES] [DUEL_ARGS...]
#   PONS_C4SOLVER  the c4solver binary built from github.com/PascalPons/connect4 (make)
#   LINES          the first LINES positions of each file (default: all 1,000)
#   DUEL_ARGS      more arguments of `duel connect solve`, e.g. --threads 2 --memory 1G
# Environment: DUEL (default target/release/duel), DATA (default ../shared/data/connect4),
# FILES (default: the six Test_L*_R* files).
set -euo pipefail
pons=${1:?usage: scripts/bench-pons.sh PONS_C4SOLVER [LINES] [DUEL_ARGS...]}
lines=${2:-1000}
shift $(( $# >= 2 ? 2 : 1 ))
duel=${DUEL:-${CARGO_TARGET_DIR:-target}/release/duel}
data=${DATA:-$(dirname "$0")/../../shared/data/connect4}
files=${FILES:-"Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cpu() { # seconds of user + system time of the command "$@"
  /usr/bin/time -f '%U %S' -o "$tmp/time" "$@" >"$tmp/out"
  awk '{ printf "%.3f", $1 + $2 }' "$tmp/time"
}
printf '%-12s %6s %10s %10s %7s\n' file lines pons_s duel_s ratio
for f in $files; do
  head -n "$lines" "$data/$f" >"$tmp/positions"
  cut -d ' ' -f 1 "$tmp/positions" >"$tmp/moves"
  p=$(cpu sh -c "\"$pons\" <\"$tmp/moves\" 2>/dev/null")
  d=$(cpu "$duel" --quiet connect solve --file "$tmp/positions" "$@")
  grep -q ' 0 incorrect' "$tmp/out" || { echo "duel disagrees on $f:"; cat "$tmp/out"; exit 1; }
  printf '%-12s %6s %10s %10s %7.3f\n' "$f" "$(wc -l <"$tmp/positions")" "$p" "$d" \
    "$(awk -v a="$d" -v b="$p" 'BEGIN { print (b > 0 ? a / b : 0) }')"
done
