"""Python `rate` and `solve` against the `sudoku` CLI on the same boards.

    python python/bench/speed.py SUDOKU_BIN [RUNS]

Boards: the first 10,000 puzzles of ../shared/puzzles/puzzles2_17_clue
(solve) and of kaggle_first20k.csv (rate). For each, RUNS rounds (default
7), each timing in turn: the CLI as a whole process (`sudoku CMD -j J FILE
> /dev/null`, CPU time of the child: user + sys) and the package's call
(`sudoku_cli.CMD(boards, jobs=J)` on the list of strings, CPU time of this
process over the call, threads included). CPU time, not wall time: the
machine is shared, and CPU time is what other load disturbs least. Prints
the medians and the package's overhead over the CLI.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import sudoku_cli

SHARED = Path(__file__).resolve().parents[3] / "shared" / "puzzles"
N = 10_000


def boards(name: str) -> list[str]:
    lines = (SHARED / name).read_text().splitlines()
    if name.endswith(".csv"):
        lines = [line.split(",")[0] for line in lines[1:]]
    return [line[:81] for line in lines if len(line) >= 81 and not line.startswith("#")][:N]


def cli_seconds(binary: str, args: list[str], path: str) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    subprocess.run([binary, *args, path], stdout=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall


def call_seconds(function, batch, jobs) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_SELF)
    wall = time.perf_counter()
    function(batch, jobs=jobs)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_SELF)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall


def main() -> None:
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    cases = [
        ("solve", "puzzles2_17_clue", sudoku_cli.solve),
        ("rate", "kaggle_first20k.csv", sudoku_cli.rate),
    ]
    print(f"| command | boards | jobs | CLI CPU s | Python CPU s | overhead | CLI wall s | Python wall s |")
    print("|---|---|---|---|---|---|---|---|")
    for command, name, function in cases:
        batch = boards(name)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as file:
            file.write("".join(b + "\n" for b in batch))
        for jobs in (1, 2):
            cli, py = [], []
            for _ in range(runs):
                cli.append(cli_seconds(binary, [command, "-j", str(jobs)], file.name))
                py.append(call_seconds(function, batch, jobs))
            c_cpu, p_cpu = (statistics.median(x[0] for x in v) for v in (cli, py))
            c_wall, p_wall = (statistics.median(x[1] for x in v) for v in (cli, py))
            print(
                f"| {command} | {len(batch):,} {name} | {jobs} | {c_cpu:.3f} | {p_cpu:.3f} | "
                f"{(p_cpu / c_cpu - 1) * 100:+.1f}% | {c_wall:.3f} | {p_wall:.3f} |"
            )
        os.unlink(file.name)


if __name__ == "__main__":
    main()
