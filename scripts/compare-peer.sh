#!/usr/bin/env bash
# Whole-process timings of `sudoku` against the crates.io `sudoku` crate
# (../shared/peer-bench), measured side by side in one run with hyperfine,
# and the numbers for the README's Performance section.
#
# usage: scripts/compare-peer.sh [RUNS]      (needs hyperfine and ../shared)
#        BASELINE=path/to/old/sudoku scripts/compare-peer.sh [RUNS]
# With BASELINE, that build is timed in the same run (-j1) and the last
# column gives its time over this build's (above 1: this build is faster).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-10}
shared=../shared
sets=(
  kaggle_first20k.csv
  puzzles2_17_clue
  puzzles7_serg_benchmark
  puzzles3_magictour_top1465
  puzzles5_forum_hardest_1905_11+
  puzzles6_forum_hardest_1106
)
[ -d "$shared/puzzles" ] || { echo "no $shared/puzzles: nothing to compare" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine is needed (apt-get install hyperfine)" >&2; exit 1; }

cargo build --release --quiet
cargo build --release --quiet --manifest-path "$shared/peer-bench/Cargo.toml" \
  --target-dir target/peer-bench
ours=target/release/sudoku
peer=target/peer-bench/release/peer-bench
work=target/compare
mkdir -p "$work"

# Kaggle's CSV holds `puzzle,solution` rows under a header, with 0 for
# blanks; the peer reads it as is, `sudoku` gets the puzzle column.
tail -n +2 "$shared/puzzles/kaggle_first20k.csv" | cut -d, -f1 >"$work/kaggle_first20k.txt"

baseline=${BASELINE:-}
if [ -n "$baseline" ]; then
  echo "| set | boards | sudoku -j1 (ms) | peer-bench (ms) | ratio (peer/ours) | sudoku -j2 (ms) | -j2 speed-up | baseline -j1 (ms) | baseline/ours |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
else
  echo "| set | boards | sudoku -j1 (ms) | peer-bench (ms) | ratio (peer/ours) | sudoku -j2 (ms) | -j2 speed-up |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
fi
for set in "${sets[@]}"; do
  peer_input="$shared/puzzles/$set"
  ours_input=$peer_input
  [ "$set" = kaggle_first20k.csv ] && ours_input="$work/kaggle_first20k.txt"
  boards=$("$ours" solve -q --stats "$ours_input" 2>&1 | sed -n 's/.*stats: \([0-9]*\) boards.*/\1/p')
  hyperfine -N -i --warmup 2 --runs "$runs" --output=null \
    --export-json "$work/$set.json" \
    "$ours solve --unique -j1 --format line $ours_input" \
    "$peer --unique $peer_input" \
    "$ours solve --unique -j2 --format line $ours_input" \
    ${baseline:+"$baseline solve --unique -j1 --format line $ours_input"} >/dev/null 2>&1
  python3 - "$work/$set.json" "$set" "$boards" <<'EOF'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
one, peer, two = (r["median"] * 1000 for r in results[:3])
row = f"| {sys.argv[2]} | {sys.argv[3]} | {one:.1f} | {peer:.1f} | {peer / one:.2f} | {two:.1f} | {one / two:.2f} |"
if len(results) > 3:
    base = results[3]["median"] * 1000
    row += f" {base:.1f} | {base / one:.3f} |"
print(row)
EOF
done

echo
echo "Peak RSS, solve --unique -j1 and -j2 over puzzles2_17_clue:"
for jobs in 1 2; do
  /usr/bin/time -f "  -j$jobs: %M KiB" "$ours" solve --unique -j$jobs --format line \
    "$shared/puzzles/puzzles2_17_clue" >/dev/null
done
