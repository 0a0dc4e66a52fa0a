#!/usr/bin/env bash
# Whole-process canonical forms, one thread: `sudoku canon` (minlex and
# --pattern-first) against the crates.io `sudoku` crate's canonicalized()
# (../shared/peer-bench --canon, which solves each puzzle and gives its
# grid's class, not the puzzle's minlex), all measured in one hyperfine run,
# on the 17-clue catalogue, the forum's hardest 1905 and the full grids of
# the 17-clue puzzles. Prints the README's table (medians).
#
# usage: scripts/compare-canon.sh [RUNS]     (needs hyperfine and ../shared)
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-10}
shared=../shared
[ -d "$shared/puzzles" ] || { echo "no $shared/puzzles: nothing to compare" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine is needed (apt-get install hyperfine)" >&2; exit 1; }

cargo build --release --quiet
cargo build --release --quiet --manifest-path "$shared/peer-bench/Cargo.toml" \
  --target-dir target/peer-bench
ours=target/release/sudoku
peer=target/peer-bench/release/peer-bench
work=target/compare-canon
mkdir -p "$work"

# Plain 81-character lines for both tools; the grids are the 17-clue
# puzzles' solutions.
grep -v '^#' "$shared/puzzles/puzzles2_17_clue" | cut -c1-81 >"$work/17_clue.txt"
cut -c1-81 "$shared/puzzles/puzzles5_forum_hardest_1905_11+" >"$work/hardest_1905.txt"
"$ours" solve -j2 "$work/17_clue.txt" >"$work/grids_17_clue.txt"

echo "| set | boards | canon (ms) | canon boards/s | --pattern-first (ms) | boards/s | sudoku crate canonicalized() (ms) | boards/s |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for set in 17_clue hardest_1905 grids_17_clue; do
  input="$work/$set.txt"
  boards=$(wc -l <"$input")
  hyperfine -N --warmup 2 --runs "$runs" --output=null \
    --export-json "$work/$set.json" \
    "$ours canon -j1 $input" \
    "$ours canon --pattern-first -j1 $input" \
    "$peer --canon $input" >/dev/null 2>&1
  python3 scripts/medians-row.py "$work/$set.json" "$set" "$boards"
done
