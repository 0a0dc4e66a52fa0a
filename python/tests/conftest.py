"""Shared fixtures: the `sudoku` binary to compare with, and the boards."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Dict, List

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The Sudoku Exchange bank sample, carried by the repository
#: (tests/data/SOURCES.md): `PUZZLE ER/EP/ED` lines.
BANK = ROOT / "tests" / "data" / "se_bank_sample.serate.txt"


def _binary() -> Path | None:
    """`SUDOKU_BIN`, else a built `target/{release,debug}/sudoku`, else PATH."""
    if os.environ.get("SUDOKU_BIN"):
        return Path(os.environ["SUDOKU_BIN"])
    for profile in ("release", "debug"):
        candidate = ROOT / "target" / profile / "sudoku"
        if candidate.exists():
            return candidate
    found = shutil.which("sudoku")
    return Path(found) if found else None


@pytest.fixture(scope="session")
def sudoku() -> Path:
    binary = _binary()
    if binary is None or not binary.exists():
        if os.environ.get("CI"):
            pytest.fail("no sudoku binary: set SUDOKU_BIN or build the root crate")
        pytest.skip("no sudoku binary to compare with (cargo build --release)")
    return binary


class Cli:
    """Runs the CLI on a batch written one board per file, so that file I
    stands for `boards[I]` and lines count as within the string."""

    def __init__(self, binary: Path, tmp: Path):
        self.binary = binary
        self.tmp = tmp

    def files(self, boards: List[str]) -> List[str]:
        paths = []
        for index, board in enumerate(boards):
            path = self.tmp / f"{index}.txt"
            path.write_text(board)
            paths.append(str(path))
        return paths

    def run(self, args: List[str], boards: List[str]) -> subprocess.CompletedProcess:
        """`sudoku ARGS FILES`; one file per board, or one file of lines
        when every board is one line (much faster on big batches)."""
        if all("\n" not in b for b in boards) and len(boards) > 50:
            path = self.tmp / "lines.txt"
            path.write_text("".join(b + "\n" for b in boards))
            paths = [str(path)]
        else:
            paths = self.files(boards)
        return subprocess.run(
            [str(self.binary), *args, *paths], capture_output=True, text=True, check=False
        )

    def json(self, args: List[str], boards: List[str]) -> List[Dict]:
        """The CLI's JSON records, renamed as the package names them."""
        done = self.run([*args, "--format", "json"], boards)
        assert done.returncode in (0, 1, 2), done.stderr
        records = [json.loads(line) for line in done.stdout.splitlines()]
        return [self.rename(record) for record in records]

    def rename(self, record: Dict) -> Dict:
        source = record["source"]
        if source.endswith("lines.txt"):
            record["source"] = f"boards[{record['line'] - 1}]"
            record["line"] = 1
        else:
            record["source"] = f"boards[{Path(source).stem}]"
        return record

    def stderr(self, args: List[str], boards: List[str]) -> List[str]:
        """The CLI's stderr lines, files renamed `boards[I]`, without the
        `sudoku: ` prefix."""
        done = self.run(args, boards)
        lines = []
        for line in done.stderr.splitlines():
            line = line.removeprefix("sudoku: ")
            path, rest = line.split(":", 1)
            lines.append(f"boards[{Path(path).stem}]:{rest}")
        return lines


@pytest.fixture
def cli(sudoku: Path, tmp_path: Path) -> Cli:
    return Cli(sudoku, tmp_path)


@pytest.fixture(scope="session")
def bank() -> List[str]:
    """The Sudoku Exchange bank sample's 1,991 puzzles (a missing file fails)."""
    puzzles = [line[:81] for line in BANK.read_text().splitlines() if line.strip()]
    assert len(puzzles) == 1991, f"{BANK}: {len(puzzles)} puzzles"
    return puzzles


PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

#: One board for each status and form: solved, unsolvable, multiple,
#: invalid, malformed (a typo, too few cells, a grid cut short), a grid, a
#: boxed grid, LeetCode's nested array, a pencilmark line, full, empty.
MIXED = [
    PUZZLE,
    "12345678" + "." * 72 + "9",
    PUZZLE[:25] + "." + PUZZLE[26:],
    "535" + PUZZLE[3:],
    PUZZLE[:11] + "x" + PUZZLE[12:],
    PUZZLE[:80],
    "\n".join(PUZZLE[i : i + 9] for i in range(0, 45, 9)) + "\n",
    "\n".join(PUZZLE[i : i + 9] for i in range(0, 81, 9)) + "\n",
    "# a comment\n"
    + "\n".join(
        " ".join(PUZZLE[i + j] for j in range(9)) + ("\n------+-------+------" if i in (18, 45) else "")
        for i in range(0, 81, 9)
    )
    + "\n",
    "[" + ",".join("[" + ",".join(f'"{c}"' for c in PUZZLE[i : i + 9]) + "]" for i in range(0, 81, 9)) + "]",
    "".join((str(int(c)) if j == int(c) - 1 else ".") if c != "." else "123456789"[j] for c in PUZZLE for j in range(9)),
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    "." * 81,
    "\n" * 3 + PUZZLE[:11] + "\t" + PUZZLE[11:] + "\n",
]
