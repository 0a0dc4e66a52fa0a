"""Every function's results equal the CLI's JSON records on the same boards."""

from __future__ import annotations

import doctest
import threading
import time

import numpy as np
import pytest

import sudoku_cli
from conftest import MIXED, PUZZLE

#: The bank puzzles rated and explained against the CLI (all of them are
#: solved, counted and validated): every 7th, about 280, spans the bank.
RATE_STEP = 7


def test_docstring_examples():
    failed, attempted = doctest.testmod(sudoku_cli)
    assert attempted > 20
    assert failed == 0


# --- solve ------------------------------------------------------------------


def check_solve(cli, boards, unique):
    args = ["solve", "--unique"] if unique else ["solve"]
    expected = cli.json(args, boards)
    got = sudoku_cli.solve(boards, unique=unique, errors="record")
    assert len(expected) == len(boards)
    assert got.statuses.tolist() == [r["status"] for r in expected]
    solutions = sudoku_cli.to_strings(got.solutions)
    for record, solution in zip(expected, solutions):
        assert solution == record.get("solution", "." * 81)
    assert got.errors.keys() == {i for i, r in enumerate(expected) if r["status"] == "error"}


@pytest.mark.parametrize("unique", [False, True])
def test_solve_equals_the_cli_on_mixed_boards(cli, unique):
    check_solve(cli, MIXED, unique)


@pytest.mark.parametrize("unique", [False, True])
def test_solve_equals_the_cli_on_the_bank(cli, bank, unique):
    check_solve(cli, bank, unique)


def test_solve_reads_arrays_as_it_reads_strings(bank):
    from_strings = sudoku_cli.solve(bank, unique=True)
    cells = sudoku_cli.to_array(bank)
    assert cells.shape == (len(bank), 81) and cells.dtype == np.uint8
    assert sudoku_cli.to_strings(cells) == bank
    from_cells = sudoku_cli.solve(cells, unique=True)
    assert np.array_equal(from_strings.solutions, from_cells.solutions)
    assert np.array_equal(from_strings.statuses, from_cells.statuses)
    # Any integer dtype, and a NumPy array of strings, read the same.
    assert np.array_equal(sudoku_cli.solve(cells.astype(np.int64)).solutions, from_cells.solutions)
    assert np.array_equal(sudoku_cli.solve(np.array(bank)).solutions, from_cells.solutions)
    # Each solution keeps the givens and fills every cell.
    given = cells > 0
    assert np.array_equal(from_cells.solutions[given], cells[given])
    assert (from_cells.solutions > 0).all()


# --- count ------------------------------------------------------------------


@pytest.mark.parametrize("limit", [1, 2, 1000])
def test_count_equals_the_cli(cli, limit):
    boards = MIXED + ["." * 81, PUZZLE[:40] + "." * 41]
    expected = cli.json(["solve", "--count", "--limit", str(limit)], boards)
    got = sudoku_cli.count(boards, limit=limit, errors="record")
    assert got.statuses.tolist() == [r["status"] for r in expected]
    assert got.solutions.tolist() == [r.get("solutions", 0) for r in expected]
    assert got.limit_reached.tolist() == [r.get("limit_reached", False) for r in expected]
    assert got.solutions.dtype == np.uint32


def test_count_on_the_bank(cli, bank):
    expected = cli.json(["solve", "--count", "--limit", "2"], bank)
    got = sudoku_cli.count(bank, limit=2)
    assert got.solutions.tolist() == [r["solutions"] for r in expected]
    assert got.statuses.tolist() == [r["status"] for r in expected]


def test_count_refuses_a_zero_limit():
    with pytest.raises(ValueError, match="limit"):
        sudoku_cli.count([PUZZLE], limit=0)


# --- validate ---------------------------------------------------------------


@pytest.mark.parametrize("complete", [False, True])
@pytest.mark.parametrize("unique", [False, True])
def test_validate_equals_the_cli(cli, complete, unique):
    args = ["validate"] + ["--complete"] * complete + ["--unique"] * unique
    boards = MIXED + ["5...5" + "." * 76, "55" + "." * 7 + "5" + "." * 71]
    expected = cli.json(args, boards)
    got = sudoku_cli.validate(boards, complete=complete, unique=unique, errors="record")
    assert got.statuses.tolist() == [r["status"] for r in expected]
    assert got.conflicts == [r.get("conflicts", []) for r in expected]
    assert any(got.conflicts), "some board has conflicts"


def test_validate_on_the_bank(cli, bank):
    expected = cli.json(["validate", "--unique"], bank)
    got = sudoku_cli.validate(bank, unique=True)
    assert got.statuses.tolist() == [r["status"] for r in expected]


# --- rate, explain, hint ------------------------------------------------------


def check_rate(cli, boards):
    expected = cli.json(["rate"], boards)
    got = sudoku_cli.rate(boards, errors="record")
    assert got.statuses.tolist() == [r["status"] for r in expected]
    assert got.hardest == [r.get("hardest") for r in expected]
    for name in ("er", "ep", "ed"):
        numbers = getattr(got, name)
        assert numbers.dtype == np.float32
        want = [r.get(name) for r in expected]
        have = [None if np.isnan(x) else round(float(x), 1) for x in numbers]
        assert have == want, name


def test_rate_equals_the_cli_on_mixed_boards(cli):
    check_rate(cli, MIXED)


def test_rate_equals_the_cli_on_the_bank(cli, bank):
    check_rate(cli, bank[::RATE_STEP])


def test_explain_equals_the_cli(cli, bank):
    boards = MIXED + bank[::RATE_STEP * 4]
    expected = cli.json(["explain"], boards)
    got = sudoku_cli.explain(boards, errors="record")
    assert got == expected
    assert sum(len(r.get("steps", [])) for r in got) > 1000


@pytest.mark.parametrize("candidates", [False, True])
def test_hint_equals_the_cli(cli, bank, candidates):
    # Positions in progress: the bank's puzzles with some of their solution.
    solved = sudoku_cli.solve(bank[:60]).solutions.copy()
    puzzles = sudoku_cli.to_array(bank[:60])
    rng = np.random.default_rng(18)
    keep = rng.random(solved.shape) < 0.3
    positions = sudoku_cli.to_strings(np.where(keep, solved, puzzles))
    boards = MIXED + positions
    args = ["hint"] + ["--candidates"] * candidates
    expected = cli.json(args, boards)
    got = sudoku_cli.hint(boards, candidates=candidates, errors="record")
    assert got == expected
    assert sum(r["status"] == "hint" for r in got) > 50


@pytest.mark.parametrize("level", ["technique", "pattern", "step"])
def test_hint_levels_equal_the_cli(cli, bank, level):
    boards = MIXED + bank[:40]
    expected = cli.json(["hint", "--level", level], boards)
    assert sudoku_cli.hint(boards, level=level, errors="record") == expected
    with pytest.raises(ValueError):
        sudoku_cli.hint(bank[:1], level="everything")


# --- canon and transform ----------------------------------------------------


@pytest.mark.parametrize("pattern_first", [False, True])
def test_canon_equals_the_cli(cli, bank, pattern_first):
    boards = MIXED + bank[:200]
    args = ["canon"] + ["--pattern-first"] * pattern_first
    expected = cli.json(args, boards)
    assert sudoku_cli.canon(boards, pattern_first=pattern_first, errors="record") == expected


def test_transform_equals_the_cli_and_keeps_the_canonical_form(cli, bank):
    boards = bank[:100]
    for args, keywords in [
        (["--rotate", "90"], {"rotate": 90}),
        (["--mirror", "--transpose"], {"mirror": True, "transpose": True}),
        (["--flip", "--relabel", "987654321"], {"flip": True, "relabel": "987654321"}),
    ]:
        expected = cli.json(["transform"] + args, boards)
        got = sudoku_cli.transform(boards, **keywords)
        assert got == expected
        turned = [record["transformed"] for record in got]
        assert [r["canonical"] for r in sudoku_cli.canon(turned)] == [
            r["canonical"] for r in sudoku_cli.canon(boards)
        ]
    with pytest.raises(ValueError):
        sudoku_cli.transform(boards, rotate=45)


@pytest.mark.parametrize("jobs", [1, 3])
def test_random_look_alikes_equal_the_cli(cli, bank, jobs):
    # Bad boards among good ones: the draws of the good ones are numbered
    # as the CLI numbers them, skipping the bad.
    boards = MIXED + bank[:60]
    expected = cli.json(["transform", "--random", "--seed", "7", "-n", "3"], boards)
    got = sudoku_cli.transform(boards, random=True, seed=7, n=3, jobs=jobs, errors="record")
    assert got == expected
    # Three records a good board, in a row; one a bad board.
    bad = sum(1 for r in got if r["status"] == "error")
    assert bad > 0 and len(got) == 3 * (len(boards) - bad) + bad
    good = [r for r in got if r["status"] == "transformed"]
    assert all(len({r["source"] for r in good[k : k + 3]}) == 1 for k in range(0, len(good), 3))
    # Look-alikes share the board's canonical form, and each seed replays
    # its own record alone.
    first = good[:9]
    assert [r["canonical"] for r in sudoku_cli.canon([r["transformed"] for r in first])] == [
        r["canonical"] for r in sudoku_cli.canon([r["puzzle"] for r in first])
    ]
    for record in first:
        again = sudoku_cli.transform([record["puzzle"]], random=True, seed=record["seed"])
        assert again[0]["transformed"] == record["transformed"]


def test_random_look_alikes_keep_puzzle_and_solution_pairs(bank):
    # The README's recipe: the same seed on the solutions (same order)
    # draws the same maps, so each look-alike solves its look-alike puzzle.
    puzzles = bank[:30]
    solutions = ["".join(map(str, row)) for row in sudoku_cli.solve(puzzles).solutions]
    looks = sudoku_cli.transform(puzzles, random=True, seed=1, n=4)
    solved = sudoku_cli.transform(solutions, random=True, seed=1, n=4)
    assert [r["transform"] for r in looks] == [r["transform"] for r in solved]
    found = sudoku_cli.solve([r["transformed"] for r in looks]).solutions
    assert ["".join(map(str, row)) for row in found] == [r["transformed"] for r in solved]


def test_random_look_alikes_refuse_named_maps_and_bad_counts(bank):
    with pytest.raises(ValueError):
        sudoku_cli.transform(bank[:1], rotate=90, random=True)
    with pytest.raises(ValueError):
        sudoku_cli.transform(bank[:1], random=True, n=0)
    with pytest.raises(ValueError):
        sudoku_cli.transform(bank[:1], random=True, seed=-1)
    with pytest.raises(ValueError):
        sudoku_cli.transform(bank[:1], seed=3)
    # Without a seed one is drawn, and shown in every record.
    drawn = sudoku_cli.transform(bank[:2], random=True, n=2)
    assert len(drawn) == 4 and all(isinstance(r["seed"], int) for r in drawn)


# --- generate ---------------------------------------------------------------


@pytest.mark.parametrize(
    "options, args",
    [
        ({}, []),
        ({"symmetry": "rotate180", "minimal": True}, ["--symmetry", "rotate180", "--minimal"]),
        ({"givens": "28..32"}, ["--givens", "28..32"]),
        ({"givens": 30}, ["--givens", "30"]),
        ({"rating": "2.5..4.9"}, ["--rating", "2.5..4.9"]),
        ({"difficulty": "easy", "symmetry": "mirror"}, ["--difficulty", "easy", "--symmetry", "mirror"]),
    ],
)
def test_generate_equals_the_cli(sudoku, options, args):
    import json
    import subprocess

    done = subprocess.run(
        [str(sudoku), "generate", "-n", "6", "--seed", "1234", "--format", "json", *args],
        capture_output=True,
        text=True,
        check=True,
    )
    expected = [json.loads(line) for line in done.stdout.splitlines()]
    assert sudoku_cli.generate(6, seed=1234, **options) == expected
    assert sudoku_cli.generate(6, seed=1234, jobs=1, **options) == expected
    assert len({r["puzzle"] for r in expected}) == 6


def test_generate_draws_a_seed_that_replays():
    first = sudoku_cli.generate(1)[0]
    again = sudoku_cli.generate(1, seed=first["seed"])[0]
    assert again["puzzle"] == first["puzzle"]


@pytest.mark.parametrize(
    "options, message",
    [
        ({"givens": 16}, "impossible request"),
        ({"rating": "0.5"}, "impossible request"),
        ({"rating": "1.1"}, "impossible request"),
        ({"rating": "1.0"}, "impossible request: a puzzle rated 1.0"),
        ({"rating": "2.5..", "difficulty": "hard"}, "together"),
        ({"difficulty": "brutal"}, "unknown difficulty"),
        ({"symmetry": "spiral"}, "spiral"),
    ],
)
def test_generate_refuses_impossible_requests(options, message):
    with pytest.raises(ValueError, match=message):
        sudoku_cli.generate(1, seed=1, **options)


def test_generate_warns_at_its_timeout():
    with pytest.warns(RuntimeWarning, match="asked for 3 puzzles, found"):
        made = sudoku_cli.generate(3, seed=1, rating="9.0..", timeout=0.01)
    assert len(made) < 3


# --- errors -----------------------------------------------------------------


def test_malformed_boards_raise_as_the_cli_reports_them(cli):
    expected = cli.stderr(["solve"], MIXED)
    assert len(expected) >= 3
    for line in expected:
        index = int(line[len("boards[") : line.index("]")])
        with pytest.raises(ValueError) as raised:
            sudoku_cli.solve([PUZZLE] * index + [MIXED[index]])
        assert str(raised.value) == line
    # The error names the first bad board, and a column when it has one.
    with pytest.raises(ValueError, match=r"^boards\[4\]:1:12: unexpected character 'x'$"):
        sudoku_cli.rate(MIXED)


def test_recorded_errors_keep_the_batch_going(cli):
    got = sudoku_cli.solve(MIXED, errors="record")
    expected = {int(line[7 : line.index("]")]): line for line in cli.stderr(["solve"], MIXED)}
    assert got.errors == expected
    assert [s for i, s in enumerate(got.statuses) if i not in expected].count("error") == 0
    for function in (sudoku_cli.explain, sudoku_cli.hint):
        records = function(MIXED, errors="record")
        assert [i for i, r in enumerate(records) if r["status"] == "error"] == sorted(expected)


def test_what_the_reader_does_not_cite():
    boards = [PUZZLE, "", PUZZLE + "\n" + PUZZLE]
    with pytest.raises(ValueError, match=r"^boards\[1\]:1: no board"):
        sudoku_cli.solve(boards)
    got = sudoku_cli.solve(boards, errors="record")
    assert got.statuses.tolist() == ["solved", "error", "error"]
    assert got.errors[2].startswith("boards[2]:2: a second board")
    records = sudoku_cli.explain(boards, errors="record")
    assert records[1] == {"source": "boards[1]", "line": 1, "status": "error", "error": "no board in this string"}


def test_bad_arrays_and_arguments():
    cells = np.zeros((3, 81), dtype=np.uint8)
    cells[2, 40] = 12
    with pytest.raises(ValueError, match=r"^boards\[2\]:1: cell 41 \(r5c5\) holds 12"):
        sudoku_cli.solve(cells)
    got = sudoku_cli.solve(cells, errors="record")
    assert got.statuses.tolist() == ["solved", "solved", "error"]
    with pytest.raises(ValueError, match=r"boards\[1\]:1: cell 1 \(r1c1\) holds -1"):
        sudoku_cli.solve(np.array([[0] * 81, [-1] + [0] * 80]))
    with pytest.raises(ValueError, match=r"shape \(N, 81\)"):
        sudoku_cli.solve(np.zeros((2, 80), dtype=np.uint8))
    with pytest.raises(TypeError, match="not a single string"):
        sudoku_cli.solve(PUZZLE)
    with pytest.raises(TypeError, match=r"boards\[1\] is a int"):
        sudoku_cli.solve([PUZZLE, 7])
    with pytest.raises(ValueError, match="jobs must be"):
        sudoku_cli.rate([PUZZLE], jobs=0)
    with pytest.raises(ValueError, match="errors must be"):
        sudoku_cli.solve([PUZZLE], errors="ignore")
    assert sudoku_cli.solve([]).solutions.shape == (0, 81)
    assert sudoku_cli.rate(np.zeros((0, 81), dtype=np.uint8)).er.shape == (0,)


# --- threads and the GIL ------------------------------------------------------


def test_results_do_not_depend_on_jobs(bank):
    boards = bank[::RATE_STEP] + MIXED
    one = sudoku_cli.rate(boards, jobs=1, errors="record")
    for jobs in (2, 3, 8):
        many = sudoku_cli.rate(boards, jobs=jobs, errors="record")
        for name in ("er", "ep", "ed", "statuses"):
            assert np.array_equal(getattr(one, name), getattr(many, name), equal_nan=name != "statuses")
    solved = sudoku_cli.solve(bank, jobs=1)
    assert np.array_equal(solved.solutions, sudoku_cli.solve(bank, jobs=5).solutions)
    assert sudoku_cli.explain(boards[:40], jobs=1, errors="record") == sudoku_cli.explain(
        boards[:40], jobs=4, errors="record"
    )


HARD = [
    # The hardest of puzzles/hard.txt and the forum's lists rate in seconds.
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
]


def test_the_gil_is_released_during_a_long_rate():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        time.sleep(0.05)
        started = time.perf_counter()
        # Three times over: long enough to tell on a fast machine too.
        rated = sudoku_cli.rate(HARD * 3, jobs=1)
        ended = time.perf_counter()
    finally:
        stop.set()
        ticker.join()
    assert (rated.statuses == "rated").all()
    assert ended - started > 0.3, "the rating is long enough to tell"
    during = [t for t in ticks if started < t < ended]
    # Ticking every millisecond or so: at least 20 times a second, however
    # loaded the machine (held, the GIL would allow none, or one a board).
    assert len(during) > (ended - started) * 20
    # And no gap near the length of the call, nor of one board (about a
    # second each): the GIL is not held across boards. (A shared machine
    # can stall a thread for a fraction of a second, so not tighter.)
    gaps = np.diff([started, *during, ended])
    assert gaps.max() < min(0.5, (ended - started) / 4)
