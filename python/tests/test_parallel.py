"""GNU parallel's recipe (README, "Runs that outgrow one machine") prints
byte for byte what one `sudoku` process prints."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import MIXED, ROOT

#: Small blocks, so that a few thousand boards make dozens of jobs and
#: every block boundary falls somewhere new.
BLOCK = "16k"


@pytest.fixture(scope="module")
def parallel() -> str:
    found = shutil.which("parallel")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("GNU parallel is missing (.ci/run installs it)")
        pytest.skip("GNU parallel is not installed (apt-get install parallel)")
    return found


def write_boards(sudoku, path, generate_args, extra):
    """4,000 generated puzzles with, every 500 of them, comment lines, blank
    lines, `extra` and one-line boards of every status, malformed ones
    included."""
    made = subprocess.run(
        [str(sudoku), "generate", "-n", "4000", "--seed", "18", *generate_args],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    lines = [b for b in MIXED if "\n" not in b]
    body = []
    for i, puzzle in enumerate(made):
        body.append(puzzle)
        if i % 500 == 0:
            body += ["# a comment", "", *lines, *extra]
    path.write_text("\n".join(body) + "\n")
    return path


@pytest.fixture(scope="module")
def big_file(sudoku, tmp_path_factory) -> Path:
    """Puzzles as `generate` makes them, and the bundled hardest ones."""
    hard = (ROOT / "puzzles" / "hard.txt").read_text().splitlines()
    return write_boards(sudoku, tmp_path_factory.mktemp("parallel") / "big.txt", [], hard)


@pytest.fixture(scope="module")
def medium_file(sudoku, tmp_path_factory) -> Path:
    """Puzzles of the medium bucket: rating thousands of them takes a
    fraction of a second, not the minutes the hardest would."""
    path = tmp_path_factory.mktemp("parallel") / "medium.txt"
    return write_boards(sudoku, path, ["--difficulty", "medium"], [])


def one_process(sudoku, args, path):
    return subprocess.run([str(sudoku), *args, "-j", "1", str(path)], capture_output=True, check=False)


def recipe(parallel, sudoku, args, path):
    """The README's recipe, on this machine's cores only (`-S :`)."""
    command = [
        parallel, "--pipepart", "-a", str(path), "--block", BLOCK, "--keep-order",
        "-S", ":", "-j", "2", str(sudoku), *args, "-j", "1",
    ]
    return subprocess.run(command, capture_output=True, check=False)


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--unique"],
        ["solve", "--count", "--limit", "5"],
        ["validate", "--unique"],
        ["solve", "--format", "candidates"],
        ["rate"],
    ],
)
def test_parallel_prints_what_one_process_prints(parallel, sudoku, big_file, medium_file, args):
    path = medium_file if args == ["rate"] else big_file
    one = one_process(sudoku, args, path)
    split = recipe(parallel, sudoku, args, path)
    assert one.stdout.count(b"\n") > 4000
    assert split.stdout == one.stdout
    # Each block's errors cite lines within the block: the same messages,
    # not the same line numbers; the same count of them.
    assert split.stderr.count(b"\n") == one.stderr.count(b"\n") > 0
    # parallel's status counts the jobs that exited non-zero.
    assert (one.returncode == 0) == (split.returncode == 0)


def test_the_blocks_really_split(parallel, sudoku, big_file):
    """Many jobs ran: each prints its own `--stats` line."""
    split = recipe(parallel, sudoku, ["solve", "--stats", "-q"], big_file)
    jobs = split.stderr.count(b"boards")
    assert jobs >= 10, split.stderr[:300]
