#!/usr/bin/env bash
# Rating speed per ER band: CPU time of `sudoku rate -j1` (the whole process)
# on the Sudoku Exchange bank puzzles of each band of issue 7's table, each
# band repeated to at least 20,000 puzzles (2,000 from 4.0 up), next to Sudoku Explainer's own
# rates on this machine kind. Needs ../shared/puzzles/se_bank_sample.serate.txt.
#
#   scripts/rate-bands.sh            # prints a Markdown table
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bank=../shared/puzzles/se_bank_sample.serate.txt
[ -f "$bank" ] || { echo "rate-bands: $bank is missing" >&2; exit 1; }
cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "| ER band | puzzles rated | CPU s | puzzles/s (CPU) | SE (puzzles/s) | ratio |"
echo "|---|---:|---:|---:|---:|---:|"
while read -r name low high se want; do
    awk -v lo="$low" -v hi="$high" '{ split($2, r, "/"); if (r[1] + 0 >= lo && r[1] + 0 <= hi) print $1 }' \
        "$bank" > "$work/band"
    n=$(wc -l < "$work/band")
    : > "$work/input"
    while [ "$(wc -l < "$work/input")" -lt "$want" ]; do cat "$work/band" >> "$work/input"; done
    total=$(wc -l < "$work/input")
    /usr/bin/time -f "%U %S" -o "$work/time" target/release/sudoku rate -j1 "$work/input" > /dev/null
    cpu=$(awk '{ print $1 + $2 }' "$work/time")
    awk -v name="$name" -v total="$total" -v cpu="$cpu" -v se="$se" -v n="$n" \
        'BEGIN { rate = total / (cpu > 0 ? cpu : 0.001);
                 printf "| %s | %d (%d distinct) | %.2f | %.0f | %s | %.0fx |\n", name, total, n, cpu, rate, se, rate / se }'
done <<'BANDS'
1.2 1.2 1.2 450 20000
2.5-3.8 2.5 3.8 105 20000
4.0-5.9 4.0 5.9 41 2000
6.0-7.9 6.0 7.9 7.1 2000
8.0-9.3 8.0 9.3 1.9 2000
BANDS
