#!/usr/bin/env python3
"""Plain N x N boards against clause-learning solvers, one board at a time,
side by side in one run: `sudoku solve --unique -j1` (one process a board,
its CPU from the kernel's rusage, process start included), the OR-tools
CP-SAT model of scripts/variant_peers.py, and SAT solvers from python-sat
(CaDiCaL, Glucose, MiniSat) on the board's CNF. It answers one question:
how hard a board is for the tools that learn from their dead ends, next to
how hard it is for `sudoku`'s search, which does not.

    sat_peers.py [--sudoku BINARY] [--solvers cadical153,glucose4,minisat22]
                 BOARDS

BOARDS holds plain boards of N*N symbols, one a line (1-9 then A-P; `.`
`0` `_` empty), with the usual boxes of their size. Each tool is asked what
`sudoku solve --unique` is asked: the solution, and proof that it is the
only one. A SAT solver solves, then solves again with a clause that some
open cell differs, which must be unsatisfiable; its time is those two
calls, not the encoding (one variable per cell and digit; each cell one
digit, each house each digit once, as pairwise clauses) or the loading of
the clauses, which here are Python's and would dwarf the solving. The
CP-SAT time is variant_peers.py's: reading the board, building the model
and both solves.

Needs a Python with ortools, lzstring and python-sat (PYTHON of
scripts/variant-bench.sh, plus `pip install python-sat`).

Output: a Markdown table, one row a board (ms of CPU), then the totals.
"""

import argparse
import itertools
import resource
import subprocess
import sys
import time

from variant_peers import SYMBOLS, box_regions, cpsat_solve, make_board, parse_plain


def sudoku_ms(binary, line):
    """CPU of one `sudoku solve --unique -j1` process on the board."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([binary, "solve", "--unique", "-j1"], input=(line + "\n").encode(),
                       capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return 1000 * cpu, p.stdout.decode().split()[0]


def cnf(n, givens, regions):
    """The board's clauses (variable (cell * n + digit) + 1) and its givens
    as unit assumptions."""
    var = lambda cell, d: cell * n + d + 1  # noqa: E731
    houses = [[r * n + c for c in range(n)] for r in range(n)]
    houses += [[r * n + c for r in range(n)] for c in range(n)]
    by_region = {}
    for cell, g in enumerate(regions):
        by_region.setdefault(g, []).append(cell)
    houses += list(by_region.values())
    clauses = []
    for cell in range(n * n):
        clauses.append([var(cell, d) for d in range(n)])
        clauses += [[-var(cell, a), -var(cell, b)] for a, b in itertools.combinations(range(n), 2)]
    for h in houses:
        for d in range(n):
            clauses.append([var(cell, d) for cell in h])
            clauses += [[-var(a, d), -var(b, d)] for a, b in itertools.combinations(h, 2)]
    units = [var(cell, g - 1) for cell, g in enumerate(givens) if g]
    return clauses, units


def sat_ms(name, clauses, units):
    """CPU of solving and of proving the solution the only one, and the
    solution as symbols."""
    from pysat.solvers import Solver
    with Solver(name=name, bootstrap_with=clauses) as s:
        t = time.process_time()
        if not s.solve(assumptions=units):
            return 1000 * (time.process_time() - t), "unsolvable"
        model = [x for x in s.get_model() if x > 0]
        given = set(units)
        s.add_clause([-x for x in model if x not in given])
        unique = not s.solve(assumptions=units)
        ms = 1000 * (time.process_time() - t)
    n = round(len(model) ** 0.5)
    solution = "".join(SYMBOLS[(x - 1) % n] for x in sorted(model))
    return ms, solution if unique else "multiple"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sudoku", default="target/release/sudoku")
    ap.add_argument("--solvers", default="cadical153,glucose4,minisat22")
    ap.add_argument("--timeout", type=float, default=60, help="CP-SAT's, seconds")
    ap.add_argument("boards")
    args = ap.parse_args()
    solvers = [s for s in args.solvers.split(",") if s]
    from ortools.sat.python import cp_model  # noqa: F401  (imported before timing)

    names = ["sudoku", "CP-SAT"] + solvers
    print("| board | givens | " + " | ".join(f"{x} (ms)" for x in names) + " | CP-SAT / sudoku |")
    print("|---:|---:|" + "---:|" * (len(names) + 1))
    totals = [0.0] * len(names)
    lines = [l.strip() for l in open(args.boards) if l.strip() and not l.startswith("#")]
    for k, line in enumerate(lines):
        n, givens = parse_plain(line)
        regions = box_regions(n)
        ours, answer = sudoku_ms(args.sudoku, line)
        t = time.process_time()
        status, sol = cpsat_solve(make_board(("plain", (n, givens, None, []))), args.timeout)
        times = [ours, 1000 * (time.process_time() - t)]
        expected = "".join(SYMBOLS[d - 1] for d in sol) if sol else None
        if status != "solved" or expected != answer:
            print(f"board {k + 1}: CP-SAT {status}, sudoku {answer[:20]}...", file=sys.stderr)
        clauses, units = cnf(n, givens, regions)
        for name in solvers:
            ms, solution = sat_ms(name, clauses, units)
            if solution != answer:
                print(f"board {k + 1}: {name} answered {solution[:20]}...", file=sys.stderr)
            times.append(ms)
        totals = [a + b for a, b in zip(totals, times)]
        cells = " | ".join(f"{x:,.1f}" for x in times)
        print(f"| {k + 1} | {sum(1 for g in givens if g)} | {cells} | {times[1] / times[0]:,.0f}x |",
              flush=True)
    cells = " | ".join(f"**{x:,.0f}**" for x in totals)
    print(f"| all | | {cells} | **{totals[1] / totals[0]:,.1f}x** |")


if __name__ == "__main__":
    main()
