#!/usr/bin/env bash
# The README's pictures, remade from one fixed puzzle with headless Chromium:
#   docs/walkthrough.png  the top of `sudoku explain --format html` from the
#                         puzzle's first step that is not a single
#   docs/hint-color.png   `sudoku hint --format grid --color always` as a
#                         terminal shows it (the ANSI colours as HTML)
#   docs/chain.png        a chain step's links: the hint page of the first
#                         position, hints chained from a second fixed puzzle
#                         (`sudoku generate --seed 5 --rating 6.6..7.3`),
#                         whose hint is a cycle or forcing chain
#
#   scripts/screenshots.sh        # needs chromium (apt-get install chromium)
#   SUDOKU=target/debug/sudoku scripts/screenshots.sh   # with a binary at hand
#
# The puzzle is `sudoku generate --seed 16 --rating 4.2..4.2`. Its first 15
# steps place digits (singles, a direct hidden pair), so the page starts
# from the board with those digits filled in (each taken from `hint
# --format json`); from there the picture shows pointing, pairs, an X-wing
# and an XY-wing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

puzzle='....49...2..56....379..8.....16..35.....13..8.....4...92....8.7.........68..9.1..'
singles=15
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "screenshots: chromium is not installed" >&2; exit 1; }
sudoku=${SUDOKU:-}
if [ -z "$sudoku" ]; then
    cargo build --release --quiet
    sudoku=target/release/sudoku
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p docs

shoot() { # PAGE PNG WIDTH HEIGHT
    "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --hide-scrollbars --force-device-scale-factor=1 \
        --user-data-dir="$work/profile" --screenshot="$2" --window-size="$3,$4" \
        "file://$1" 2>/dev/null
    echo "wrote $2"
}

position=$puzzle
for _ in $(seq "$singles"); do
    # "placed": [["r3c8", 4]] -> row 3, column 8, digit 4.
    placed=$(echo "$position" | "$sudoku" hint --format json |
        sed -n 's/.*"placed":\[\["r\([1-9]\)c\([1-9]\)",\([1-9]\)\]\].*/\1 \2 \3/p')
    [ -n "$placed" ] || { echo "screenshots: step without a placement" >&2; exit 1; }
    read -r row column digit <<<"$placed"
    at=$(((row - 1) * 9 + column - 1))
    position=${position:0:at}$digit${position:at+1}
done
echo "$position" | "$sudoku" explain --format html >"$work/walkthrough.html"
shoot "$work/walkthrough.html" docs/walkthrough.png 1520 1660

# The terminal hint: SGR codes become nested spans, closed at each reset.
echo "$position" | "$sudoku" hint --format grid --color always >"$work/hint.ansi"
{
    echo '<!DOCTYPE html><html><head><meta charset="utf-8"/><style>'
    echo 'body{margin:0;background:#1e1e1e}pre{margin:0;padding:14px 18px;color:#d4d4d4;'
    echo 'font:15px/1.35 "DejaVu Sans Mono",monospace}.b{font-weight:bold;color:#fff}'
    echo '.s{background:#fff5d6;color:#000}.p{font-weight:bold;color:#2f6fdf}'
    echo '.e{text-decoration:line-through;color:#f44747}.g{font-weight:bold;color:#3fbf5f}'
    echo '</style></head><body><pre>'
    perl -pe '
        BEGIN { %class = ("1" => "b", "48;5;230" => "s", "1;34" => "p", "9;31" => "e", "1;32" => "g") }
        s/&/&amp;/g; s/</&lt;/g; s/>/&gt;/g;
        s/\e\[48;5;230m\e\[30m/\e[48;5;230m/g;
        s{\e\[([0-9;]*)m}{
            if ($1 eq "0") { my $c = "</span>" x $open; $open = 0; $c }
            else { $open++; "<span class=\"$class{$1}\">" }
        }ge;
    ' "$work/hint.ansi"
    echo '</pre></body></html>'
} >"$work/hint.html"
shoot "$work/hint.html" docs/hint-color.png 560 330

# A chain: hints chained through --format candidates until one is a chain.
chained='.....51.73.......9......84..26.........9.....1.....428.574.6....1.8.....8...3965.'
for _ in $(seq 81); do
    case $(echo "$chained" | "$sudoku" hint --candidates) in
    *Cycle* | *"Forcing Chain"*) break ;;
    esac
    chained=$(echo "$chained" | "$sudoku" hint --candidates --format candidates)
done
echo "$chained" | "$sudoku" hint --candidates --format html >"$work/chain.html"
shoot "$work/chain.html" docs/chain.png 540 700
