#!/usr/bin/env bash
# Sizes and variants, whole command, side by side in one run: `sudoku solve
# --unique -j1` against pencilmark's `solve` (PyPI 1.0.0rc1) and an OR-tools
# CP-SAT model (scripts/variant_peers.py), total CPU on the puzzles both
# solve. The numbers of docs/performance.md, "Sizes and variants".
#
# usage: scripts/variant-bench.sh [RUNS] [SET...]
#   RUNS     whole-command runs of `sudoku` per set (default 3; the median is
#            reported), alternated with the peers' passes
#   SET      public size-4 size-6 size-8 size-10 size-12 size-16 size-25 x-9
#            regions-9 (default: all)
# environment:
#   PYTHON   a Python with pencilmark, ortools and lzstring (default
#            /tmp/venv-bench/bin/python; make it with
#            python3 -m venv /tmp/venv-bench &&
#            /tmp/venv-bench/bin/pip install --pre pencilmark ortools lzstring numpy)
#   WORK     where sets and results go (default /tmp/variant-bench); the
#            random sets are made once (scripts/variant_sets.py) and reused
#   TIMEOUT  seconds a puzzle may take, each solver (default 30)
#   CARGO_TARGET_DIR, CARGO_FLAGS (e.g. --offline) as for cargo
#
# Per puzzle, each peer runs in a Python process of its own and is timed with
# time.process_time() from reading the link to the proved answer (imports
# not counted); `sudoku` is timed per puzzle too (one process a puzzle:
# statuses, solutions, medians), then as a whole command over the file of
# the puzzles both solved (user + system CPU from the kernel's rusage).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
shift || true
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(public size-4 size-6 size-8 size-10 size-12 size-16 size-25 x-9 regions-9)
py=${PYTHON:-/tmp/venv-bench/bin/python}
work=${WORK:-/tmp/variant-bench}
timeout=${TIMEOUT:-30}
target=${CARGO_TARGET_DIR:-target}
mkdir -p "$work"

"$py" -c 'import pencilmark, ortools, lzstring' || {
  echo "PYTHON=$py lacks pencilmark, ortools or lzstring (see the usage above)" >&2; exit 1; }
# shellcheck disable=SC2086
cargo build --release --quiet ${CARGO_FLAGS:-}
bin=$target/release/sudoku

# The public f-puzzles sample: its links, kept outside the project.
public=../shared/puzzles/variants/fpuzzles_public.jsonl
if [ -f "$public" ]; then
  python3 -c 'import json,sys
for l in open(sys.argv[1]): print(json.loads(l)["url"])' "$public" >"$work/public.txt"
fi
# Random sets of every size, X and jigsaw: made once with this build.
[ -d "$work/sets" ] || python3 scripts/variant_sets.py "$bin" "$work/sets"

echo "# host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores$(grep -q avx512f /proc/cpuinfo && echo ', AVX-512'); $(date -u +%Y-%m-%d)"
echo "# sudoku $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet 2>/dev/null || echo '+changes'); pencilmark $("$py" -c 'import pencilmark; print(pencilmark.__version__)'); ortools $("$py" -c 'import ortools; print(ortools.__version__)')"
echo
echo "| set | boards | solved: sudoku / pencilmark / CP-SAT | peer | both solve | sudoku -j1 (ms) | peer (ms) | ratio | median per puzzle: sudoku / peer (ms) |"
echo "|---|---:|---|---|---:|---:|---:|---:|---|"

for set in "${sets[@]}"; do
  opts=()
  case $set in
    public) file=$work/public.txt ;;
    x-9) file=$work/sets/x-9.txt; opts=(--variant x) ;;
    regions-9) file=$work/sets/regions-9.txt; opts=(--regions "$work/sets/regions-9.layouts") ;;
    *) file=$work/sets/$set.txt ;;
  esac
  [ -f "$file" ] || { echo "no $file: $set skipped" >&2; continue; }
  res=$work/$set
  # Per puzzle: statuses, solutions and CPU of the three.
  "$py" scripts/variant_peers.py "${opts[@]}" --peers sudoku,pencilmark,cpsat \
    --sudoku "$bin" --timeout "$timeout" --out "$res.peers.jsonl" "$file" 2>"$res.peers.txt"
  # The puzzles sudoku and each peer both solved, to one file each (with
  # their jigsaw layouts); solutions that differ are reported.
  "$py" - "$file" "$res" "${opts[@]}" <<'EOF'
import json, sys
file, res = sys.argv[1], sys.argv[2]
lines = [l.strip() for l in open(file) if l.strip() and not l.startswith("#")]
layouts = None
if "--regions" in sys.argv:
    layouts = [l.strip() for l in open(sys.argv[sys.argv.index("--regions") + 1]) if l.strip()]
R = {}
for l in open(res + ".peers.jsonl"):
    r = json.loads(l)
    R.setdefault(r["index"], {})[r["peer"]] = r
for peer in ("pencilmark", "cpsat"):
    both = [k for k in sorted(R) if R[k]["sudoku"]["status"] == "solved" and R[k][peer]["status"] == "solved"]
    for k in both:
        if R[k]["sudoku"].get("solution") != R[k][peer].get("solution"):
            print(f"{res}: board {k + 1}: sudoku and {peer} differ", file=sys.stderr)
    with open(f"{res}.both-{peer}.txt", "w") as f:
        f.writelines(lines[k] + "\n" for k in both)
    if layouts:
        with open(f"{res}.both-{peer}.layouts", "w") as f:
            f.writelines(layouts[k] + "\n" for k in both)
EOF
  # Whole command, RUNS times, alternated between the two subsets.
  : >"$res.times"
  for r in $(seq "$runs"); do
    for peer in pencilmark cpsat; do
      sub=$res.both-$peer.txt
      [ -s "$sub" ] || continue
      o=("${opts[@]}")
      [ "$set" = regions-9 ] && o=(--regions "$res.both-$peer.layouts")
      # User + system CPU of the whole process, to the microsecond
      # (/usr/bin/time rounds to 10 ms).
      "$py" -c 'import resource, subprocess, sys
subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(sys.argv[1], r.ru_utime, r.ru_stime)' "$peer" \
        "$bin" solve --unique -j1 "${o[@]}" "$sub" >>"$res.times"
    done
  done
  "$py" - "$set" "$res" <<'EOF'
import json, statistics, sys
set_, res = sys.argv[1], sys.argv[2]
R = {}
for l in open(res + ".peers.jsonl"):
    r = json.loads(l)
    R.setdefault(r["index"], {})[r["peer"]] = r
times = {}
for l in open(res + ".times"):
    p, u, s = l.split()
    times.setdefault(p, []).append(float(u) + float(s))
solved = {p: sum(1 for k in R if R[k][p]["status"] == "solved") for p in ("sudoku", "pencilmark", "cpsat")}
for peer, name in (("pencilmark", "pencilmark"), ("cpsat", "CP-SAT")):
    both = [k for k in R if R[k]["sudoku"]["status"] == "solved" and R[k][peer]["status"] == "solved"]
    if not both or peer not in times:
        print(f"| {set_} | {len(R)} | {solved['sudoku']} / {solved['pencilmark']} / {solved['cpsat']} | {name} | 0 | | | | |")
        continue
    ours = statistics.median(times[peer]) * 1000
    theirs = sum(R[k][peer]["cpu"] for k in both) * 1000
    mo = statistics.median(R[k]["sudoku"]["cpu"] for k in both) * 1000
    mp = statistics.median(R[k][peer]["cpu"] for k in both) * 1000
    ratio = theirs / ours if ours > 0 else float("inf")
    print(f"| {set_} | {len(R)} | {solved['sudoku']} / {solved['pencilmark']} / {solved['cpsat']} | {name} | "
          f"{len(both)} | {ours:,.0f} | {theirs:,.0f} | **{ratio:,.1f}** | {mo:.1f} / {mp:.1f} |")
EOF
done
