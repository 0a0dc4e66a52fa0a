"""Requests too big for memory raise before anything is made, and Ctrl-C
stops a long call at once."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time

import pytest

import sudoku_cli
from conftest import PUZZLE

#: The hardest of puzzles/hard.txt: about a tenth of a second to a second
#: each to rate.
HARD = [
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
]


class Endless:
    """A batch that says it holds 10^12 boards (the same one, over and
    over), as a list repeating one string could: a few bytes a board in
    Python, hundreds once copied out and answered."""

    def __len__(self) -> int:
        return 10**12

    def __iter__(self):
        while True:
            yield PUZZLE


# --- sizes --------------------------------------------------------------------


def test_the_audits_oversize_transform_raises_and_the_interpreter_lives_on():
    # In a process of its own, so that an abort shows as its exit status.
    script = (
        "import sudoku_cli\n"
        f"P = {PUZZLE!r}\n"
        "try:\n"
        "    sudoku_cli.transform([P], random=True, seed=1, n=4 * 10**9)\n"
        "except MemoryError as error:\n"
        "    print('MemoryError:', error)\n"
        "print(len(sudoku_cli.transform([P], random=True, seed=1, n=3)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("MemoryError: transform: 4,000,000,000 look-alikes would take about ")
    assert lines[1] == "3"


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: sudoku_cli.transform([PUZZLE], random=True, seed=1, n=4 * 10**9), MemoryError, "4,000,000,000 look-alikes"),
        (lambda: sudoku_cli.transform([PUZZLE] * 1000, random=True, n=2**32 - 1), MemoryError, "4,294,967,295,000 look-alikes"),
        (lambda: sudoku_cli.transform([PUZZLE], random=True, n=2**32), ValueError, "n must be .* 4294967295, not 4294967296"),
        (lambda: sudoku_cli.generate(10**12), MemoryError, "1,000,000,000,000 puzzles"),
        (lambda: sudoku_cli.generate(2**64), ValueError, "n must be"),
        (lambda: sudoku_cli.generate(-1), ValueError, "n must be"),
        (lambda: sudoku_cli.count([PUZZLE], limit=2**32), ValueError, "limit must be .* 4294967295, not 4294967296"),
        (lambda: sudoku_cli.solve(Endless()), MemoryError, "solve: 1,000,000,000,000 boards"),
        (lambda: sudoku_cli.count(Endless()), MemoryError, "count: 1,000,000,000,000 boards"),
        (lambda: sudoku_cli.validate(Endless()), MemoryError, "validate: 1,000,000,000,000 boards"),
        (lambda: sudoku_cli.rate(Endless()), MemoryError, "rate: 1,000,000,000,000 boards"),
        (lambda: sudoku_cli.explain(Endless()), MemoryError, "explain: 1,000,000,000,000 boards"),
        (lambda: sudoku_cli.hint(Endless()), MemoryError, "hint: 1,000,000,000,000 boards"),
        (lambda: sudoku_cli.canon(Endless()), MemoryError, "canon: 1,000,000,000,000 boards"),
        (lambda: sudoku_cli.transform(Endless(), rotate=90), MemoryError, "transform: 1,000,000,000,000 boards"),
        (lambda: sudoku_cli.transform(Endless(), random=True), MemoryError, "transform: 1,000,000,000,000 boards"),
        (lambda: sudoku_cli.to_array(Endless()), MemoryError, "to_array: 1,000,000,000,000 boards"),
    ],
    ids=[
        "transform n=4e9",
        "transform 1000 boards n=2^32-1",
        "transform n=2^32",
        "generate 1e12",
        "generate 2^64",
        "generate -1",
        "count limit=2^32",
        *(f"{name} 1e12 boards" for name in ["solve", "count", "validate", "rate", "explain", "hint", "canon"]),
        "transform 1e12 boards",
        "transform random 1e12 boards",
        "to_array 1e12 boards",
    ],
)
def test_a_request_too_big_raises_before_it_starts(call, error, message):
    started = time.perf_counter()
    with pytest.raises(error, match=message) as raised:
        call()
    assert time.perf_counter() - started < 5
    if error is MemoryError:
        assert "more than" in str(raised.value) and "of memory" in str(raised.value)
    # And the next call is answered as ever.
    assert sudoku_cli.count([PUZZLE], limit=2).statuses.tolist() == ["solved"]


def test_requests_that_fit_are_answered_as_before():
    assert len(sudoku_cli.transform([PUZZLE] * 3, random=True, seed=5, n=1000)) == 3000
    assert sudoku_cli.count([PUZZLE], limit=2**32 - 1).solutions.tolist() == [1]
    assert sudoku_cli.count(["." * 81], limit=5).solutions.tolist() == [5]
    assert sudoku_cli.generate(0) == []


# --- Ctrl-C -------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, call, stops_at_once",
    [
        # Counting the empty board to 4 billion would take many minutes.
        ("count", lambda: sudoku_cli.count(["." * 81], limit=4 * 10**9), True),
        ("count, 2 jobs", lambda: sudoku_cli.count(["." * 81] * 4, limit=4 * 10**9, jobs=2), True),
        # A million puzzles: minutes.
        ("generate", lambda: sudoku_cli.generate(10**6, seed=1), True),
        # 120 of the hardest puzzles: many seconds on one thread. Last: the
        # board being rated finishes in the background (the logic ladder
        # cannot be stopped half way), which the checks above would see.
        ("rate", lambda: sudoku_cli.rate(HARD * 40, jobs=1), False),
        ("rate, 2 jobs", lambda: sudoku_cli.rate(HARD * 80, jobs=2), False),
    ],
    ids=["count", "count, 2 jobs", "generate", "rate", "rate, 2 jobs"],
)
def test_ctrl_c_interrupts_a_long_call(name, call, stops_at_once):
    timer = threading.Timer(0.5, signal.raise_signal, (signal.SIGINT,))
    started = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    elapsed = time.perf_counter() - started
    # At the tick after the signal (50 ms), however long the call.
    assert 0.45 < elapsed < 3, f"{name}: {elapsed:.2f} s"
    if stops_at_once:
        # And the work stopped with it: hardly any CPU is spent after.
        before = time.process_time()
        time.sleep(0.5)
        assert time.process_time() - before < 0.2, name
    # The package answers the next call as ever.
    assert sudoku_cli.count([PUZZLE], limit=2).statuses.tolist() == ["solved"]
