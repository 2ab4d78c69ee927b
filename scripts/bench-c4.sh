#!/usr/bin/env bash
# Compares Christophe Steininger's c4 solver and `duel connect solve` on the same positions,
# in one run: c4's test sets of one board (columns from 0, `--zero-based`) and the empty
# board, strong scores, neither with an opening book. One line per file with both CPU times
# (user + system), wall times, positions per second and the ratio duel / c4 (below 1 is
# faster). c4 is built from its public source in a folder outside the repository (never
# committed here), with a small driver that reads `MOVES SCORE` lines, solves each with one
# solver (its table kept, as duel keeps its own) and counts the correct scores.
#
# Usage: scripts/bench-c4.sh [LINES] [DUEL_ARGS...]
#   LINES      the first LINES positions of each file (default: all 1,000)
#   DUEL_ARGS  more arguments of `duel connect solve`
# Environment:
#   C4_REPO    what `git clone` takes for c4 (default https://github.com/ChristopheSteininger/c4)
#   C4_COMMIT  the commit to build (default 80baa5315c90fcc4f1491e7fa66cf6db29462581)
#   WORK       the build folder (default /tmp/duel-bench-c4), reused when it holds the build
#   BOARD      WxH (default 7x6; c4 has test sets of 7x6, 9x5 and 10x6)
#   FILES      the test sets (default: all of tst/data/BOARD)
#   MEMORY     both tables: 64M (default) or 1G, c4's table sized to the same bytes; 10x6
#              needs 1G (c4's build asserts its entries hold the key of a 70-bit board)
#   THREADS    search threads of both (default 1)
#   EMPTY      1 (default) also solves the empty board (about 35 s for c4 and 110 s for
#              duel on 7x6 with 1G, one thread); 0 skips it
#   DUEL       the duel binary (default ${CARGO_TARGET_DIR:-target}/release/duel)
set -euo pipefail
lines=${1:-1000}
shift $(( $# >= 1 ? 1 : 0 ))
repo=${C4_REPO:-https://github.com/ChristopheSteininger/c4}
commit=${C4_COMMIT:-80baa5315c90fcc4f1491e7fa66cf6db29462581}
work=${WORK:-/tmp/duel-bench-c4}
board=${BOARD:-7x6}
memory=${MEMORY:-64M}
threads=${THREADS:-1}
empty=${EMPTY:-1}
duel=${DUEL:-${CARGO_TARGET_DIR:-target}/release/duel}
width=${board%x*}
height=${board#*x}
case $memory in # c4's table of about the same bytes: a prime number of 8-byte entries
  64M) entries=8388617 ;;
  1G) entries=134217757 ;;
  *) echo "MEMORY must be 64M or 1G" >&2; exit 2 ;;
esac
case $work in
  "$(git -C "$(dirname "$0")" rev-parse --show-toplevel 2>/dev/null)"*)
    echo "WORK must be outside the repository" >&2; exit 2 ;;
esac

# Build c4 once per commit, board, table and thread count.
src=$work/src
bin=$work/c4bench-$commit-$board-$memory-$threads
if [ ! -x "$bin" ]; then
  mkdir -p "$work"
  [ -d "$src/.git" ] || git clone --quiet "$repo" "$src"
  git -C "$src" checkout --quiet --force "$commit"
  settings=$src/src/solver/settings.h
  sed -i -E \
    -e "s/(BOARD_WIDTH = )[0-9]+/\1$width/" \
    -e "s/(BOARD_HEIGHT = )[0-9]+/\1$height/" \
    -e "s/(NUM_THREADS = )[0-9]+/\1$threads/" \
    -e "s/(NUM_TABLE_ENTRIES = )[0-9]+/\1$entries/" "$settings"
  cat >"$work/driver.cpp" <<'CPP'
// Reads lines "MOVES SCORE" (columns from 0) on stdin, or solves the empty board with the
// argument "empty"; prints "positions correct" after strongly solving each.
#include <iostream>
#include <string>
#include "solver/position.h"
#include "solver/solver.h"
int main(int argc, char **argv) {
    Solver solver{};
    if (argc > 1 && std::string(argv[1]) == "empty") {
        Position pos{};
        std::cout << "score " << solver.solve_strong(pos) << std::endl;
        return 0;
    }
    long positions = 0, correct = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        auto space = line.find(' ');
        if (line.empty() || space == std::string::npos) continue;
        Position pos{};
        for (size_t i = 0; i < space; i++) pos.move(line[i] - '0');
        int expected = std::stoi(line.substr(space + 1));
        positions++;
        correct += solver.solve_strong(pos) == expected;
    }
    std::cout << positions << " " << correct << std::endl;
    return 0;
}
CPP
  echo "building c4 $commit for $board, $memory, $threads thread(s) in $work ..." >&2
  g++ -std=c++20 -O3 -flto=auto -DNDEBUG -pthread -I"$src/src" \
    "$src"/src/solver/*.cpp "$src"/src/solver/*/*.cpp "$work/driver.cpp" -o "$bin"
fi
files=${FILES:-$(git -C "$src" ls-tree --name-only "$commit" "tst/data/$board/" | sed -e 's|.*/||' -e 's/[.]txt$//')}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { # runs "$@" with stdin $tmp/in; sets cpu and wall (seconds)
  /usr/bin/time -f '%U %S %e' -o "$tmp/time" "$@" <"$tmp/in" >"$tmp/out"
  cpu=$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/time")
  wall=$(awk '{ printf "%.3f", $3 }' "$tmp/time")
}
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.1f", (s > 0 ? n / s : 0) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }
game=connect:$board:4
printf '%-14s %6s %9s %9s %9s %9s %10s %10s %7s\n' file lines c4_cpu c4_wall duel_cpu \
  duel_wall c4_pos/s duel_pos/s ratio
for f in $files; do
  git -C "$src" show "$commit:tst/data/$board/$f.txt" >"$tmp/all"
  head -n "$lines" "$tmp/all" >"$tmp/positions"
  n=$(wc -l <"$tmp/positions")
  cp "$tmp/positions" "$tmp/in"
  run "$bin"
  read -r c4n c4ok <"$tmp/out"
  [ "$c4n" = "$c4ok" ] || { echo "c4 disagrees with its own file $f: $c4ok of $c4n" >&2; exit 1; }
  c4cpu=$cpu c4wall=$wall
  : >"$tmp/in"
  run "$duel" --quiet connect solve --file "$tmp/positions" --game "$game" --zero-based \
    --no-book --memory "$memory" --threads "$threads" "$@"
  grep -q ' 0 incorrect' "$tmp/out" || { echo "duel disagrees on $f:"; cat "$tmp/out"; exit 1; }
  printf '%-14s %6s %9s %9s %9s %9s %10s %10s %7s\n' "$f" "$n" "$c4cpu" "$c4wall" "$cpu" \
    "$wall" "$(rate "$n" "$c4cpu")" "$(rate "$n" "$cpu")" "$(ratio "$cpu" "$c4cpu")"
done
if [ "$empty" = 1 ]; then
  : >"$tmp/in"
  run "$bin" empty
  c4score=$(awk '{ print $2 }' "$tmp/out") c4cpu=$cpu c4wall=$wall
  run "$duel" --quiet connect solve "" --game "$game" --no-book --memory "$memory" \
    --threads "$threads" --json "$@"
  dscore=$(grep -o '"score": *-\?[0-9]*' "$tmp/out" | grep -o -- '-\?[0-9]*$')
  [ "$c4score" = "$dscore" ] || { echo "empty board: c4 $c4score, duel $dscore" >&2; exit 1; }
  printf '%-14s %6s %9s %9s %9s %9s %10s %10s %7s\n' "empty($dscore)" 1 "$c4cpu" "$c4wall" \
    "$cpu" "$wall" "$(rate 1 "$c4cpu")" "$(rate 1 "$cpu")" "$(ratio "$cpu" "$c4cpu")"
fi
