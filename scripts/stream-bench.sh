#!/usr/bin/env bash
# Flat memory and an output that starts at once, whatever the request's
# size: `transform --random -n N` for N up to 10^8 (seconds until the first
# line reaches `head -1`, and peak RSS of a whole run of 10^6 into
# /dev/null), and `canon` on 3,000 pencilmark lines and on the
# all-candidates line (seconds, peak RSS). GNU time measures; inputs are
# made by `sudoku` itself from a fixed seed.
#
#   scripts/stream-bench.sh            (uses target/release/sudoku)
#   SUDOKU=path/to/sudoku scripts/stream-bench.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [ -z "${SUDOKU:-}" ]; then
    cargo build --release --quiet
    SUDOKU=target/release/sudoku
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
full=534678912672195348198342567859761423426853791713924856961537284287419635345286179
echo "$full" > "$work/one.txt"

echo "| command | seconds | peak RSS (KiB) |"
echo "|---|---:|---:|"
for n in 1000000 100000000; do
    start=$(date +%s.%N)
    "$SUDOKU" transform --random --seed 1 -n "$n" "$work/one.txt" | head -1 > /dev/null
    end=$(date +%s.%N)
    echo "| transform --random -n $n \| head -1 | $(echo "$end - $start" | bc) | |"
done
/usr/bin/time -f "%e %M" -o "$work/time" \
    "$SUDOKU" transform --random --seed 1 -n 1000000 -j2 "$work/one.txt" > /dev/null
read -r seconds kib < "$work/time"
echo "| transform --random -n 1000000 -j2 > /dev/null | $seconds | $kib |"

# 3,000 pencilmark positions: 300 generated puzzles' candidates, each
# with ten random look-alikes, and the line where every digit is a
# candidate everywhere (every map an automorphism).
"$SUDOKU" generate -n 300 --seed 7 --format candidates > "$work/marks300.txt"
"$SUDOKU" transform --random --seed 7 -n 10 "$work/marks300.txt" > "$work/marks.txt"
printf '123456789%.0s' $(seq 81) > "$work/full.txt"
echo >> "$work/full.txt"
for input in marks full; do
    /usr/bin/time -f "%e %M" -o "$work/time" \
        "$SUDOKU" canon -j1 "$work/$input.txt" > /dev/null
    read -r seconds kib < "$work/time"
    echo "| canon -j1 ($(wc -l < "$work/$input.txt") $input lines) | $seconds | $kib |"
done
