#!/usr/bin/env bash
# A digest of everything `rate` and `explain` print on fixed samples, to
# prove a speed change alters no rating, no step and no chain: SHA-256 of
# `sudoku rate` (every ER/EP/ED) and of `sudoku explain` (every step line,
# and under chain steps every branch line) on
#   bank   the 1,991 puzzles of ../shared/puzzles/se_bank_sample.txt
#   forum  puzzles 1-25 and 76-100 of ../shared/puzzles/puzzles6_forum_hardest_1106
#   all    all 375 of that file (with --all only: about 3 minutes on two cores;
#          its rows were recorded with the build before the speed work of
#          the second 2026-12-01 session, 71e8307; the explain rows again
#          since explain wraps its lines at 100 columns: joining each line
#          indented 2 mod 4 back onto the one before gives the old output,
#          byte for byte, on all three sets)
# Output never depends on -j, so the runs use every CPU.
#
#   scripts/digest.sh            # prints "set command lines sha256" rows
#   scripts/digest.sh --check    # and compares them with scripts/digests.txt
#   scripts/digest.sh --all      # adds the whole forum set
#   SUDOKU=path/to/sudoku scripts/digest.sh   # digests another build
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

check=false
all=false
for arg in "$@"; do
    case "$arg" in
        --check) check=true ;;
        --all) all=true ;;
        *) echo "digest: unknown argument $arg" >&2; exit 2 ;;
    esac
done

bank=../shared/puzzles/se_bank_sample.txt
forum=../shared/puzzles/puzzles6_forum_hardest_1106
for file in "$bank" "$forum"; do
    [ -f "$file" ] || { echo "digest: $file is missing" >&2; exit 1; }
done
if [ -z "${SUDOKU:-}" ]; then
    cargo build --release --quiet
    SUDOKU=target/release/sudoku
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cut -c1-81 "$bank" > "$work/bank"
grep -v '^#' "$forum" | cut -c1-81 > "$work/all"
sed -n '1,25p;76,100p' "$work/all" > "$work/forum"
sets="bank forum"
$all && sets="$sets all"

for set in $sets; do
    for command in rate explain; do
        "$SUDOKU" "$command" "$work/$set" > "$work/out"
        printf '%s %s %s %s\n' "$set" "$command" "$(wc -l < "$work/out")" \
            "$(sha256sum < "$work/out" | cut -d' ' -f1)"
    done
done | tee "$work/digests"

if $check; then
    # Compare the rows computed with the recorded ones of the same sets.
    if grep -F -f <(cut -d' ' -f1,2 "$work/digests") scripts/digests.txt |
        diff - "$work/digests"; then
        echo "digest: identical to scripts/digests.txt"
    else
        echo "digest: DIFFERS from scripts/digests.txt" >&2
        exit 1
    fi
fi
