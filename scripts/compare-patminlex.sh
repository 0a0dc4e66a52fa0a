#!/usr/bin/env bash
# Whole-process pattern-first minlex, one thread: `sudoku canon
# --pattern-first` (and plain `canon`) beside Mladen Dobrichev's C++
# patminlex (github.com/dobrichev/sudoku-minlexing-tool, patminlex.cpp and
# patminlex.h as of commit 7e4bc60), built here from a checkout you give.
# Its own main() also prints every automorphism's map (some 24 MB for the
# 49,158 17-clue puzzles), so it is driven by a few lines of ours that print
# only each form, read from a file named on the command line (so hyperfine
# runs both without a shell). Checks that both give the same forms, then
# times them in one hyperfine run on the 17-clue catalogue and the forum's
# hardest 1905, and prints the medians. On full grids (where its pattern
# stage ties every map) the peer takes a fraction of a second a grid, so it
# is timed once on the first 50 grids of the 17-clue puzzles, against
# `canon` on all of them.
#
# usage: scripts/compare-patminlex.sh DIR [RUNS]
#   DIR holds patminlex.cpp and patminlex.h; needs g++, hyperfine and ../shared
set -euo pipefail
cd "$(dirname "$0")/.."

peer_src=${1:?usage: scripts/compare-patminlex.sh DIR [RUNS]}
runs=${2:-10}
shared=../shared
[ -f "$peer_src/patminlex.cpp" ] && [ -f "$peer_src/patminlex.h" ] ||
  { echo "no patminlex.cpp and patminlex.h in $peer_src" >&2; exit 1; }
[ -d "$shared/puzzles" ] || { echo "no $shared/puzzles: nothing to compare" >&2; exit 1; }
for tool in g++ hyperfine; do
  command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 1; }
done

work=target/compare-patminlex
mkdir -p "$work"
cat >"$work/forms.cpp" <<'EOF'
// The pattern-first minlex form of each line's first 81 characters of the
// file named first, one a line: the peer's routine and nothing else.
#include <cstdio>
#include "patminlex.h"
int main(int argc, char **argv) {
    FILE *in = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (!in) return 2;
    char line[2000], form[82];
    form[81] = 0;
    while (fgets(line, sizeof line, in)) {
        patminlex minlexed(line, form);
        puts(form);
    }
    return 0;
}
EOF
g++ -O3 -march=native -I"$peer_src" -o "$work/patminlex" "$work/forms.cpp" "$peer_src/patminlex.cpp"
cargo build --release --quiet
ours=target/release/sudoku
peer=$work/patminlex

grep -v '^#' "$shared/puzzles/puzzles2_17_clue" | cut -c1-81 >"$work/17_clue.txt"
cut -c1-81 "$shared/puzzles/puzzles5_forum_hardest_1905_11+" >"$work/hardest_1905.txt"

for set in 17_clue hardest_1905; do
  input="$work/$set.txt"
  if ! cmp -s <("$peer" "$input") <("$ours" canon --pattern-first -j1 "$input"); then
    echo "$set: the forms differ" >&2
    exit 1
  fi
done
echo "both give the same forms on every line of both sets"

echo "| set | boards | patminlex (ms) | boards/s | canon --pattern-first (ms) | boards/s | canon (ms) | boards/s |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for set in 17_clue hardest_1905; do
  input="$work/$set.txt"
  boards=$(wc -l <"$input")
  hyperfine -N --warmup 2 --runs "$runs" --output=null \
    --export-json "$work/$set.json" \
    "$peer $input" \
    "$ours canon --pattern-first -j1 $input" \
    "$ours canon -j1 $input" >/dev/null
  python3 scripts/medians-row.py "$work/$set.json" "$set" "$boards"
done

"$ours" solve -j2 "$work/17_clue.txt" >"$work/grids_17_clue.txt"
head -n 50 "$work/grids_17_clue.txt" >"$work/grids_50.txt"
cmp -s <("$peer" "$work/grids_50.txt") <("$ours" canon -j1 "$work/grids_50.txt") ||
  { echo "grids: the forms differ" >&2; exit 1; }
start=$(date +%s%N)
"$peer" "$work/grids_50.txt" >/dev/null
peer_ns=$(( $(date +%s%N) - start ))
hyperfine -N --warmup 2 --runs "$runs" --output=null --export-json "$work/grids.json" \
  "$ours canon -j1 $work/grids_17_clue.txt" >/dev/null
grids=$(wc -l <"$work/grids_17_clue.txt")
echo "patminlex on the first 50 grids: $((peer_ns / 1000000)) ms"
echo "| set | boards | canon (ms) | boards/s |"
echo "|---|---:|---:|---:|"
python3 scripts/medians-row.py "$work/grids.json" grids_17_clue "$grids"
