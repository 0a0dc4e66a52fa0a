#!/usr/bin/env python3
"""Makes the random board sets of the variant benchmark with the `sudoku`
binary itself (scripts/variant-bench.sh calls it):

    variant_sets.py BINARY OUTDIR [SEED]

For each set: a random solution grid (the digits 1..N each given once at
random cells of an empty board (jigsaw: the empty board), solved by `sudoku solve`, its digits then
relabelled at random; on plain boxed boards also rows shuffled within
bands, bands, columns within stacks and stacks), then its cells blanked in
a random order, a blank kept while `sudoku solve --count --limit 2` still
says 1: minimal puzzles (no given can go), except where a set names a
floor (`keep`): then blanking stops at that many givens. All puzzles of a
set are checked together, one `sudoku` call per step; a check over 5 s
counts as "not unique" (the given stays) and is listed in OUTDIR/slow.txt.

Sets written to OUTDIR (one board a line, N*N symbols, `.` blank):
  size-N.txt    plain N x N boards, N in 4 6 8 10 12 16 25
  x-9.txt       9x9 boards for `--variant x`
  regions-9.txt 9x9 jigsaw boards, their layouts in regions-9.layouts
                (one a line, for `--regions FILE`)
"""

import os
import random
import subprocess
import sys

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4),
         16: (4, 4), 25: (5, 5)}


def run(binary, args, boards, layouts=None, timeout=None):
    """One `sudoku solve` call over `boards`; with `timeout`, a call that
    runs over is retried board by board, a board over 5 s answering
    `timeout` (its blank is then not kept)."""
    if timeout is not None:
        try:
            return run_once(binary, args, boards, layouts, timeout)
        except subprocess.TimeoutExpired:
            out = []
            for k, b in enumerate(boards):
                try:
                    out += run_once(binary, args, [b], [layouts[k]] if layouts else None, 5)
                except subprocess.TimeoutExpired:
                    SLOW.append((b, layouts[k] if layouts else "", args))
                    out.append("timeout")
            return out
    return run_once(binary, args, boards, layouts, None)


SLOW = []  # boards a check gave up on: worth a look


def run_once(binary, args, boards, layouts, timeout):
    extra = []
    path = None
    if layouts:
        path = os.path.join(OUT, ".layouts.tmp")
        with open(path, "w") as f:
            f.write("\n".join(layouts) + "\n")
        extra = ["--regions", path]
    p = subprocess.run([binary, "solve", "-j2", *args, *extra],
                       input=("\n".join(boards) + "\n").encode(),
                       capture_output=True, timeout=timeout)
    out = p.stdout.decode().split("\n")[: len(boards)]
    if len(out) != len(boards):
        raise SystemExit(f"sudoku answered {len(out)} of {len(boards)}: {p.stderr.decode()[:300]}")
    return out


def jigsaw(n, rng, swaps):
    """Random connected regions: the boxes, then cells swapped between
    neighbouring regions wherever both stay connected."""
    br, bc = BOXES[n]
    reg = [(i // n // br) * (n // bc) + (i % n) // bc for i in range(n * n)]

    def nbrs(i):
        r, c = divmod(i, n)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < n and 0 <= cc < n:
                yield rr * n + cc

    def connected(g):
        cells = [i for i in range(n * n) if reg[i] == g]
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            i = todo.pop()
            for j in nbrs(i):
                if reg[j] == g and j not in seen:
                    seen.add(j)
                    todo.append(j)
        return len(seen) == len(cells)

    done = 0
    while done < swaps:
        a = rng.randrange(n * n)
        b = rng.choice(list(nbrs(a)))
        if reg[a] == reg[b]:
            continue
        ga, gb = reg[a], reg[b]
        # a joins gb; some cell c of gb next to ga joins ga.
        cands = [c for c in range(n * n) if reg[c] == gb and c != b
                 and any(reg[j] == ga and j != a for j in nbrs(c))]
        if not cands:
            continue
        c = rng.choice(cands)
        reg[a], reg[c] = gb, ga
        if connected(ga) and connected(gb):
            done += 1
        else:
            reg[a], reg[c] = ga, gb
    return "".join(SYMBOLS[g] for g in reg)


def shuffle_boxed(grid, n, rng):
    br, bc = BOXES[n]
    rows = [b * br + r for b in rng.sample(range(n // br), n // br) for r in rng.sample(range(br), br)]
    cols = [b * bc + c for b in rng.sample(range(n // bc), n // bc) for c in rng.sample(range(bc), bc)]
    return "".join(grid[r * n + c] for r in rows for c in cols)


def make_set(binary, n, count, rng, variant=None, regions=False, keep=0):
    args = ["--variant", variant] if variant else []
    layouts = [jigsaw(n, rng, 4 * n * n) for _ in range(count)] if regions else None
    # Solution grids.
    sols = [None] * count
    while None in sols:
        todo = [k for k in range(count) if sols[k] is None]
        seeds = []
        for k in todo:
            cells = ["."] * (n * n)
            # Jigsaw boards start empty (their random layouts vary the
            # grids): with random seeds some take the solver minutes.
            for d, i in enumerate(rng.sample(range(n * n), 0 if regions else n)):
                cells[i] = SYMBOLS[d]
            seeds.append("".join(cells))
        out = run(binary, args, seeds, [layouts[k] for k in todo] if layouts else None,
                  timeout=30)
        for k, line in zip(todo, out):
            if len(line) != n * n and layouts:
                # No grid found soon (some random layouts have none): a new layout.
                layouts[k] = jigsaw(n, rng, 4 * n * n)
            if len(line) == n * n:
                perm = rng.sample(SYMBOLS[:n], n)
                grid = "".join(perm[SYMBOLS.index(ch)] for ch in line)
                if not variant and not regions:
                    grid = shuffle_boxed(grid, n, rng)
                sols[k] = grid
    # Blank cells while the puzzle stays unique.
    boards = [list(s) for s in sols]
    orders = [rng.sample(range(n * n), n * n) for _ in range(count)]
    for step in range(n * n):
        live = [k for k in range(count) if n * n - boards[k].count(".") > keep]
        if not live:
            break
        trial = []
        for k in live:
            b = boards[k][:]
            b[orders[k][step]] = "."
            trial.append("".join(b))
        out = run(binary, ["--count", "--limit", "2", *args], trial,
                  [layouts[k] for k in live] if layouts else None, timeout=30)
        for k, count_line in zip(live, out):
            if count_line.strip() == "1":
                boards[k][orders[k][step]] = "."
    return ["".join(b) for b in boards], layouts


def main():
    global OUT
    binary, OUT = sys.argv[1], sys.argv[2]
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 42
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random(seed)
    plan = [("size-4", 4, 30, {}), ("size-6", 6, 30, {}), ("size-8", 8, 30, {}),
            ("size-10", 10, 20, {}), ("size-12", 12, 20, {}), ("size-16", 16, 20, {}),
            ("size-25", 25, 10, {"keep": int(os.environ.get("KEEP25", "0"))}),
            ("x-9", 9, 40, {"variant": "x"}), ("regions-9", 9, 40, {"regions": True})]
    only = os.environ.get("SETS")
    for name, n, count, opts in plan:
        if only and name not in only.split(","):
            continue
        boards, layouts = make_set(binary, n, count, rng, **opts)
        with open(os.path.join(OUT, name + ".txt"), "w") as f:
            f.write("\n".join(boards) + "\n")
        if layouts:
            with open(os.path.join(OUT, name + ".layouts"), "w") as f:
                f.write("\n".join(layouts) + "\n")
        givens = [n * n - b.count(".") for b in boards]
        print(f"{name}: {count} boards, givens {min(givens)}-{max(givens)} "
              f"(mean {sum(givens) / len(givens):.1f} of {n * n})", file=sys.stderr)
    if SLOW:
        with open(os.path.join(OUT, "slow.txt"), "w") as f:
            for b, layout, args in SLOW:
                f.write(f"{b} {layout} {' '.join(args)}\n")
        print(f"{len(SLOW)} checks over 5 s, kept as givens: {OUT}/slow.txt", file=sys.stderr)
    tmp = os.path.join(OUT, ".layouts.tmp")
    if os.path.exists(tmp):
        os.remove(tmp)


if __name__ == "__main__":
    main()
