#!/usr/bin/env bash
# Slow boards spread over the workers from the first one: `sudoku rate` on
# 4 and 20 copies of one forum-hardest puzzle at -j1 and -j2, wall time and
# CPU use by /usr/bin/time (two busy cores show as about 200%).
#
#   scripts/slow-boards.sh [PUZZLE]     (needs ../shared unless PUZZLE given)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

puzzle=${1:-$(grep -v '^#' ../shared/puzzles/puzzles6_forum_hardest_1106 | sed -n 3p | cut -c1-81)}
cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "| copies | -j | wall s | CPU |"
echo "|---:|---:|---:|---:|"
for copies in 4 20; do
    for _ in $(seq "$copies"); do echo "$puzzle"; done > "$work/input"
    for jobs in 1 2; do
        /usr/bin/time -f "%e %P" -o "$work/time" target/release/sudoku rate -j"$jobs" "$work/input" > /dev/null
        read -r wall cpu < "$work/time"
        echo "| $copies | $jobs | $wall | $cpu |"
    done
done
