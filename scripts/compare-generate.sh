#!/usr/bin/env bash
# Whole-process generation rates of `sudoku generate` against the crates.io
# `sudoku` crate's generator (../shared/peer-bench --generate), measured
# side by side in one hyperfine run, and the numbers for the README's
# Generate section.
#
# usage: scripts/compare-generate.sh [PUZZLES] [RUNS]   (needs hyperfine and ../shared)
set -euo pipefail
cd "$(dirname "$0")/.."

n=${1:-20000}
runs=${2:-5}
shared=../shared
[ -d "$shared/peer-bench" ] || { echo "no $shared/peer-bench: nothing to compare" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine is needed (apt-get install hyperfine)" >&2; exit 1; }

cargo build --release --quiet
cargo build --release --quiet --manifest-path "$shared/peer-bench/Cargo.toml" \
  --target-dir target/peer-bench
ours=target/release/sudoku
peer=target/peer-bench/release/peer-bench
work=target/compare
mkdir -p "$work"

# Both quiet (no printing), both seeded, one thread unless said.
hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/generate.json" \
  "$ours generate -n $n -j1 --seed 1 -q --minimal" \
  "$peer --generate $n --symmetry none --seed 1 --quiet" \
  "$ours generate -n $n -j1 --seed 1 -q --minimal --symmetry rotate180" \
  "$peer --generate $n --symmetry half --seed 1 --quiet" \
  "$ours generate -n $n -j2 --seed 1 -q --minimal" >/dev/null 2>&1

python3 - "$work/generate.json" "$n" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
n = int(sys.argv[2])
wall = [r["median"] for r in results]
# CPU seconds (user + system, mean of the runs): steadier than wall time
# on a machine shared with other work.
cpu = [r["user"] + r["system"] for r in results]
rate = lambda seconds: f"{n / seconds:,.0f}"
rows = [
    ("strictly minimal, no symmetry (`--minimal`)", 0, 1),
    ("180° (`--symmetry rotate180 --minimal`; the crate's are not minimal)", 2, 3),
]
print(f"{n:,} puzzles per command, whole process, one thread:")
print()
print("| what | `sudoku generate` (puzzles/s) | crates.io `sudoku` (puzzles/s) | ratio (wall) | ratio (CPU) |")
print("|---|---:|---:|---:|---:|")
for name, ours, peer in rows:
    print(f"| {name} | {rate(wall[ours])} | {rate(wall[peer])} | **{wall[peer] / wall[ours]:.2f}** | {cpu[peer] / cpu[ours]:.2f} |")
print()
print(f"`--minimal -j2`: {rate(wall[4])} puzzles/s, **{wall[0] / wall[4]:.2f}x** `-j1` (wall time).")
PY
