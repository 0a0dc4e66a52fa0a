#!/usr/bin/env python3
"""Peers for the variant benchmark (scripts/variant-bench.sh): solves a file
of boards with pencilmark's `solve` (PyPI, 1.0.0rc1) and with an OR-tools
CP-SAT model written here, one puzzle at a time, and measures each
puzzle's CPU time (time.process_time, every thread of the process).

    variant_peers.py [--variant x,anti-knight,...] [--regions FILE|LAYOUT]
                     [--peers pencilmark,cpsat,sudoku] [--timeout S] [--out FILE]
                     [--sudoku BINARY] BOARDS

The `sudoku` peer runs BINARY once a board (`solve --unique -j1 --format
json`), for each board's status, solution and CPU time (process start
included); the whole-command timings are scripts/variant-bench.sh's.

BOARDS holds one board a line: an f-puzzles or SudokuPad link, a bare
f-puzzles payload or one-line f-puzzles JSON; or a plain board of N*N
symbols (1-9 then A-P; `.` `0` `_` empty), with `--variant` and
`--regions` applying to every plain board as they do for `sudoku solve`.

Both peers are asked what `sudoku solve --unique` is asked: the solution,
and proof that it is the only one. pencilmark's `solve` does that itself
(it raises NotUnique / NoSolution); the CP-SAT model solves, then solves
again with "some cell differs" added and must find that infeasible.
Each puzzle's time covers reading the link (decoding, translating),
building the model and solving; interpreter start and imports are not
counted (they are reported once, as `startup`).

The CP-SAT model: one integer variable per cell, AllDifferent on rows,
columns and boxes (or regions), givens fixed; from f-puzzles data it also
models diagonals, anti-knight, anti-king, disjoint groups, extra regions,
non-consecutive, odd, even, thermometers and killer cages (AllDifferent
and the sum). A puzzle with any other rule key is `skipped` by CP-SAT.
One search worker: CP-SAT's CPU time per puzzle is lowest that way.

Output: one JSON line a puzzle and peer on --out (`index`, `peer`,
`status` solved|multiple|unsolvable|unsupported|skipped|timeout|error,
`cpu` seconds, `solution` as digits joined by commas), then a summary on
stdout: per peer, puzzles solved, total and median CPU.
"""

import argparse
import json
import multiprocessing as mp
import os
import statistics
import sys
import time

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"

# Keys of the f-puzzles JSON that carry no rule (the contract's list) and the
# cosmetic elements, which are not read.
NOT_RULES = {
    "size", "grid", "title", "author", "ruleset", "solution", "successMessage",
    "disabledlogic", "truecandidatesoptions", "highlightConflicts",
    "activeConstraints", "line", "circle", "rectangle", "text", "cage",
}
CPSAT_RULES = {
    "diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups",
    "extraregion", "nonconsecutive", "odd", "even", "thermometer",
    "killercage",
}
CELL_KEYS_OK = {
    "value", "given", "region", "c", "cArray", "candidates",
    "givenPencilMarks", "centerPencilMarks", "cornerPencilMarks",
    "highlight",
}


def usual_boxes(n):
    return {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4),
            15: (3, 5), 16: (4, 4), 20: (4, 5), 25: (5, 5)}.get(n)


def box_regions(n):
    r, c = usual_boxes(n)
    return [(i // n // r) * (n // c) + (i % n) // c for i in range(n * n)]


def parse_layout(text, n):
    syms = [ch for ch in text if not ch.isspace() and ch not in "|+-=[]\"',"]
    if len(syms) != n * n:
        raise ValueError(f"regions layout of {len(syms)} cells for {n}x{n}")
    names = {}
    return [names.setdefault(ch, len(names)) for ch in syms]


def parse_plain(line):
    cells = [ch for ch in line if not ch.isspace() and ch not in "|+-=[]\"',"]
    n = int(round(len(cells) ** 0.5))
    if n * n != len(cells):
        raise ValueError(f"{len(cells)} cells is not a square board")
    givens = []
    for ch in cells:
        if ch in "._0":
            givens.append(0)
        else:
            givens.append(SYMBOLS.index(ch.upper()) + 1)
    return n, givens


def decode_fpuzzles(line):
    """A link, bare payload or JSON line -> the f-puzzles JSON dict."""
    import lzstring
    from urllib.parse import unquote
    s = line.strip()
    if s.startswith("{"):
        return json.loads(s)
    s = unquote(s)
    for marker in ("?load=", "fpuzzles", "fpuz"):
        k = s.find(marker)
        if k >= 0 and (marker != "fpuz" or "fpuzzles" not in s):
            s = s[k + len(marker):]
            break
    text = lzstring.LZString().decompressFromBase64(s.replace(" ", "+"))
    return json.loads(text)


def cell_index(name, n):
    # "R3C12"
    up = name.upper()
    r, c = up[1:].split("C")
    r, c = int(r), int(c)
    if not (1 <= r <= n and 1 <= c <= n):
        raise ValueError(f"cell {name} outside the grid")
    return (r - 1) * n + (c - 1)


class Board:
    """What the CP-SAT model reads: size, givens, regions and rules."""

    def __init__(self, n, givens, regions, rules=None, fp=None):
        self.n, self.givens, self.regions = n, givens, regions
        self.rules = rules or {}
        self.fp = fp  # the f-puzzles JSON, for pencilmark


def board_from_fpuzzles(fp):
    n = fp["size"]
    grid = fp["grid"]
    givens, regions = [], []
    default = box_regions(n) if usual_boxes(n) else None
    unsupported = []
    for r in range(n):
        for c in range(n):
            cell = grid[r][c]
            givens.append(cell["value"] if cell.get("given") and cell.get("value") else 0)
            if "region" in cell and cell["region"] is not None:
                regions.append(cell["region"])
            elif default is not None:
                regions.append(default[r * n + c])
            else:
                regions.append(None)
            for key in cell:
                if key not in CELL_KEYS_OK and cell[key] not in (None, False, [], ""):
                    unsupported.append("cell:" + key)
    if None in regions:
        unsupported.append("regions")
    rules = {}
    for key, val in fp.items():
        if key in NOT_RULES or val in (None, False, [], {}):
            continue
        if key not in CPSAT_RULES:
            unsupported.append(key)
        rules[key] = val
    b = Board(n, givens, regions, rules, fp)
    b.unsupported = sorted(set(unsupported))
    return b


def fpuzzles_from_plain(n, givens, regions, variants):
    """The f-puzzles JSON of a plain board with run-wide rules (pencilmark's input)."""
    default = box_regions(n) if usual_boxes(n) else None
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            i = r * n + c
            cell = {}
            if givens[i]:
                cell = {"value": givens[i], "given": True}
            if regions is not None and (default is None or regions[i] != default[i]):
                cell["region"] = regions[i]
            elif n > 16 and default is not None:
                # pencilmark knows no default boxes above 16x16: name them.
                cell["region"] = default[i]
            row.append(cell)
        grid.append(row)
    fp = {"size": n, "grid": grid}
    names = {"x": ["diagonal+", "diagonal-"], "anti-knight": ["antiknight"],
             "anti-king": ["antiking"], "disjoint": ["disjointgroups"],
             "non-consecutive": ["nonconsecutive"]}
    for v in variants:
        if v not in names:
            raise ValueError(f"variant {v} not modelled here")
        for key in names[v]:
            fp[key] = True
    return fp


def canonical_regions(regions):
    names = {}
    return [names.setdefault(r, len(names)) for r in regions]


def load_boards(path, variants, regions_arg):
    layouts = None
    if regions_arg:
        if os.path.exists(regions_arg):
            layouts = [l for l in open(regions_arg).read().splitlines() if l.strip()]
        else:
            layouts = [regions_arg]
    out, k = [], 0
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        RAW.append(line)
        if "://" in line or line.startswith("{") or len(line) > 700:
            out.append(("fp", line))
            continue
        n, givens = parse_plain(line)
        regions = None
        if layouts:
            regions = parse_layout(layouts[min(k, len(layouts) - 1)], n)
        k += 1
        out.append(("plain", (n, givens, regions, variants)))
    return out


RAW = []  # the boards' lines, as read


def read_layouts(regions_arg):
    if not regions_arg:
        return None
    if os.path.exists(regions_arg):
        return [l for l in open(regions_arg).read().splitlines() if l.strip()]
    return [regions_arg]


def make_board(item):
    kind, data = item
    if kind == "fp":
        return board_from_fpuzzles(decode_fpuzzles(data))
    n, givens, regions, variants = data
    fp = fpuzzles_from_plain(n, givens, regions, variants)
    b = board_from_fpuzzles(fp)
    return b


# --- the CP-SAT model --------------------------------------------------------

def cpsat_solve(b, timeout):
    from ortools.sat.python import cp_model
    if b.unsupported:
        return "skipped", None
    n, N = b.n, b.n * b.n
    m = cp_model.CpModel()
    x = [m.NewIntVar(b.givens[i] or 1, b.givens[i] or n, f"x{i}") for i in range(N)]
    houses = [[r * n + c for c in range(n)] for r in range(n)]
    houses += [[r * n + c for r in range(n)] for c in range(n)]
    regs = {}
    for i, g in enumerate(b.regions):
        regs.setdefault(g, []).append(i)
    houses += list(regs.values())
    R = b.rules
    if R.get("diagonal-"):
        houses.append([i * n + i for i in range(n)])
    if R.get("diagonal+"):
        houses.append([(n - 1 - i) * n + i for i in range(n)])
    if R.get("disjointgroups"):
        br, bc = usual_boxes(n)
        groups = {}
        for i in range(N):
            groups.setdefault(((i // n) % br, (i % n) % bc), []).append(i)
        houses += list(groups.values())
    for e in R.get("extraregion", []):
        houses.append([cell_index(c, n) for c in e["cells"]])
    for h in houses:
        m.AddAllDifferent([x[i] for i in h])

    def neighbours(moves):
        for i in range(N):
            r, c = divmod(i, n)
            for dr, dc in moves:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n and rr * n + cc > i:
                    yield i, rr * n + cc

    if R.get("antiknight"):
        for i, j in neighbours([(1, 2), (2, 1), (1, -2), (2, -1)]):
            m.Add(x[i] != x[j])
    if R.get("antiking"):
        for i, j in neighbours([(1, 1), (1, -1)]):
            m.Add(x[i] != x[j])
    if R.get("nonconsecutive"):
        for i, j in neighbours([(0, 1), (1, 0)]):
            d = m.NewIntVar(-n, n, "")
            m.Add(d == x[i] - x[j])
            m.AddForbiddenAssignments([d], [(-1,), (1,)])
    for e in R.get("odd", []):
        m.AddModuloEquality(1, x[cell_index(e["cell"], n)], 2)
    for e in R.get("even", []):
        m.AddModuloEquality(0, x[cell_index(e["cell"], n)], 2)
    for e in R.get("thermometer", []):
        for line in e["lines"]:
            cells = [cell_index(c, n) for c in line]
            for a, c in zip(cells, cells[1:]):
                m.Add(x[a] < x[c])
    for e in R.get("killercage", []):
        cells = [cell_index(c, n) for c in e["cells"]]
        m.AddAllDifferent([x[i] for i in cells])
        if e.get("value") not in (None, ""):
            m.Add(sum(x[i] for i in cells) == int(e["value"]))

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = timeout
    st = solver.Solve(m)
    if st == cp_model.INFEASIBLE:
        return "unsolvable", None
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "timeout", None
    sol = [solver.Value(v) for v in x]
    # Uniqueness: some cell differs from the solution found.
    diff = []
    for i in range(N):
        if b.givens[i]:
            continue
        d = m.NewBoolVar("")
        m.Add(x[i] != sol[i]).OnlyEnforceIf(d)
        diff.append(d)
    if not diff:
        return "solved", sol
    m.AddBoolOr(diff)
    st2 = solver.Solve(m)
    if st2 == cp_model.INFEASIBLE:
        return "solved", sol
    if st2 in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "multiple", sol
    return "timeout", sol


# --- pencilmark ----------------------------------------------------------------

def pencilmark_solve(item):
    import pencilmark
    from pencilmark import sources
    kind, data = item
    try:
        if kind == "fp":
            pj = sources.load(data, fetch=False)
        else:
            pj = sources.load(make_board(item).fp, fetch=False)
    except Exception as e:  # refused: a rule it cannot map, a size without boxes
        return "unsupported", None, f"{type(e).__name__}: {e}"[:200]
    try:
        sol = pencilmark.solve(pj)
    except pencilmark.NotUnique:
        return "multiple", None, ""
    except pencilmark.NoSolution:
        return "unsolvable", None, ""
    except Exception as e:
        return "error", None, f"{type(e).__name__}: {e}"[:200]
    return "solved", list(sol), ""


# --- sudoku itself, one process a puzzle (per-puzzle CPU and status) ------------

def sudoku_solve_each(binary, items, raw, variants, layouts, timeout, out):
    """Runs `sudoku solve --unique -j1 --format json` once per board: CPU
    from the children's rusage (process start included, about a millisecond)."""
    import resource
    import subprocess
    results = []
    k_plain = 0
    for k, (item, line) in enumerate(zip(items, raw)):
        args = [binary, "solve", "--unique", "-j1", "--format", "json"]
        if item[0] == "plain":
            if variants:
                args += ["--variant", ",".join(variants)]
            if layouts:
                args += ["--regions", layouts[min(k_plain, len(layouts) - 1)]]
            k_plain += 1
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            p = subprocess.run(args, input=(line + "\n").encode(), capture_output=True, timeout=timeout)
            rec = json.loads(p.stdout.decode().splitlines()[0])
            status = rec["status"]
            sol = [SYMBOLS.index(ch.upper()) + 1 for ch in rec.get("solution", "")]
            note = rec.get("error", "")
        except subprocess.TimeoutExpired:
            status, sol, note = "timeout", None, f"over {timeout} s"
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        rec = {"index": k, "peer": "sudoku", "status": status, "cpu": round(cpu, 6)}
        if sol:
            rec["solution"] = ",".join(map(str, sol))
        if note:
            rec["note"] = note[:200]
        out.write(json.dumps(rec) + "\n")
        out.flush()
        results.append(rec)
    return results, 0.0


# --- a worker process per peer, restarted after a timeout ------------------------

def worker(conn, peer, timeout):
    # Imports before the first puzzle: not counted in any puzzle's time.
    t = time.process_time()
    if peer == "pencilmark":
        import pencilmark  # noqa: F401
        from pencilmark import sources  # noqa: F401
        import pencilmark.cpsat_verify  # noqa: F401
    else:
        from ortools.sat.python import cp_model  # noqa: F401
    import lzstring  # noqa: F401
    conn.send(("startup", time.process_time() - t))
    while True:
        item = conn.recv()
        if item is None:
            return
        t = time.process_time()
        note = ""
        try:
            if peer == "pencilmark":
                status, sol, note = pencilmark_solve(item)
            else:
                status, sol = cpsat_solve(make_board(item), timeout)
        except Exception as e:
            status, sol, note = "error", None, f"{type(e).__name__}: {e}"[:200]
        conn.send((status, sol, note, time.process_time() - t))


def run_peer(peer, items, timeout, out):
    ctx = mp.get_context("fork")
    results, startup = [], None

    def start():
        a, b = ctx.Pipe()
        p = ctx.Process(target=worker, args=(b, peer, timeout), daemon=True)
        p.start()
        msg = a.recv()
        return p, a, msg[1]

    p, conn, startup = start()
    for k, item in enumerate(items):
        conn.send(item)
        if conn.poll(timeout + 5):
            status, sol, note, cpu = conn.recv()
        else:
            p.kill()
            p.join()
            status, sol, note, cpu = "timeout", None, f"over {timeout} s", float(timeout)
            p, conn, _ = start()
        rec = {"index": k, "peer": peer, "status": status, "cpu": round(cpu, 6)}
        if sol:
            rec["solution"] = ",".join(map(str, sol))
        if note:
            rec["note"] = note
        out.write(json.dumps(rec) + "\n")
        out.flush()
        results.append(rec)
    conn.send(None)
    p.join()
    return results, startup


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("boards")
    ap.add_argument("--variant", action="append", default=[])
    ap.add_argument("--regions")
    ap.add_argument("--peers", default="pencilmark,cpsat")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--out", default="-")
    ap.add_argument("--sudoku", default="target/release/sudoku",
                    help="the binary for the `sudoku` peer")
    a = ap.parse_args()
    variants = [v for arg in a.variant for v in arg.split(",") if v]
    items = load_boards(a.boards, variants, a.regions)
    out = sys.stdout if a.out == "-" else open(a.out, "w")
    for peer in a.peers.split(","):
        if peer == "sudoku":
            res, startup = sudoku_solve_each(a.sudoku, items, RAW, variants,
                                             read_layouts(a.regions), a.timeout, out)
        else:
            res, startup = run_peer(peer, items, a.timeout, out)
        cpu = [r["cpu"] for r in res]
        solved = [r["cpu"] for r in res if r["status"] == "solved"]
        counts = {}
        for r in res:
            counts[r["status"]] = counts.get(r["status"], 0) + 1
        print(f"# {peer}: {len(res)} boards, {counts}; startup {startup:.3f} s; "
              f"total CPU {sum(cpu):.3f} s (solved {sum(solved):.3f} s), "
              f"median {statistics.median(cpu) * 1000 if cpu else 0:.2f} ms "
              f"(solved {statistics.median(solved) * 1000 if solved else 0:.2f} ms)",
              file=sys.stderr)


if __name__ == "__main__":
    main()
