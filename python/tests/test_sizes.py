"""Boards of every size and f-puzzles data: ``solve``, ``count`` and
``validate`` answer them as the CLI does (strings, and ``(N, S*S)`` or
``(N, S, S)`` arrays with ``size=``), checked here against rules, counts
and grids the tests work out themselves; the other functions refuse them."""

from __future__ import annotations

import itertools
import json
import re
from functools import lru_cache
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np
import pytest

import sudoku_cli
from conftest import PUZZLE

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
#: The usual boxes, rows x columns, of the sizes the tests use.
BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4)}

#: A 4x4 grid, and a puzzle with one solution (``unique`` below) made of it.
FOUR = "1234341221434321"
FOUR_PUZZLE = "1..4.........32."


# --- the tests' own rules ----------------------------------------------------


def houses(size: int, box: Tuple[int, int]) -> List[List[int]]:
    """Every row, column and box of a ``size`` board, as cell indices."""
    rows, columns = box
    units = [[r * size + c for c in range(size)] for r in range(size)]
    units += [[r * size + c for r in range(size)] for c in range(size)]
    for top in range(0, size, rows):
        for left in range(0, size, columns):
            units.append([(top + r) * size + left + c for r in range(rows) for c in range(columns)])
    return units


def check_solution(puzzle: Sequence[int], solution: Sequence[int], size: int, box: Optional[Tuple[int, int]] = None):
    """``solution`` fills every house with 1..size once and keeps the givens."""
    solution = [int(v) for v in solution]
    assert len(solution) == size * size
    for unit in houses(size, box or BOXES[size]):
        assert sorted(solution[c] for c in unit) == list(range(1, size + 1)), unit
    assert all(g == 0 or g == s for g, s in zip(puzzle, solution)), "a given changed"


def cells_of(board: str) -> List[int]:
    """A one-line board's cells, 0 for empty."""
    return [0 if ch == "." else SYMBOLS.index(ch.upper()) + 1 for ch in board]


def line_of(cells: Sequence[int]) -> str:
    """Cells as the CLI writes them on one line."""
    return "".join("." if v == 0 else SYMBOLS[v - 1] for v in cells)


@lru_cache(maxsize=None)
def all_fours() -> Tuple[Tuple[int, ...], ...]:
    """Every 4x4 sudoku grid (288 of them), by plain backtracking."""
    units = houses(4, (2, 2))
    seen = [[u for u in units if cell in u] for cell in range(16)]
    grid = [0] * 16
    found = []

    def fill(cell: int):
        if cell == 16:
            found.append(tuple(grid))
            return
        for value in range(1, 5):
            if all(grid[c] != value for unit in seen[cell] for c in unit):
                grid[cell] = value
                fill(cell + 1)
                grid[cell] = 0

    fill(0)
    return tuple(found)


Rule = Callable[[Tuple[int, ...]], bool]


def brute_solutions(board: str, rules: Sequence[Rule] = ()) -> List[Tuple[int, ...]]:
    """The 4x4 grids that keep ``board``'s givens and obey ``rules``."""
    givens = cells_of(board)
    keep = lambda grid: all(g in (0, v) for g, v in zip(givens, grid))  # noqa: E731
    return [grid for grid in all_fours() if keep(grid) and all(rule(grid) for rule in rules)]


def test_the_tests_rules_know_4x4_sudoku():
    assert len(all_fours()) == 288
    assert brute_solutions(FOUR_PUZZLE) == [tuple(cells_of(FOUR))]


def sixteen(seed: int, keep: float = 0.55) -> Tuple[str, str]:
    """A 16x16 puzzle and the grid it was made of: a pattern grid with its
    digits, bands, stacks, rows and columns shuffled, about half its cells
    kept."""
    rng = np.random.default_rng(seed)
    base = np.array([[(4 * (r % 4) + r // 4 + c) % 16 for c in range(16)] for r in range(16)])
    rows = [4 * band + r for band in rng.permutation(4) for r in rng.permutation(4)]
    columns = [4 * stack + c for stack in rng.permutation(4) for c in rng.permutation(4)]
    grid = rng.permutation(16)[base[np.ix_(rows, columns)]] + 1
    puzzle = np.where(rng.random((16, 16)) < keep, grid, 0)
    return line_of(puzzle.ravel().tolist()), line_of(grid.ravel().tolist())


def test_the_tests_16x16_grids_are_grids():
    for seed in range(3):
        puzzle, grid = sixteen(seed)
        check_solution(cells_of(puzzle), cells_of(grid), 16)


# --- solve --------------------------------------------------------------------


def test_a_4x4_and_a_16x16_puzzle_are_solved():
    puzzles = [sixteen(seed)[0] for seed in range(3)]
    solved = sudoku_cli.solve(puzzles)
    assert solved.statuses.tolist() == ["solved"] * 3
    assert solved.solutions.shape == (3, 256) and solved.solutions.dtype == np.uint8
    for puzzle, solution in zip(puzzles, solved.solutions):
        check_solution(cells_of(puzzle), solution, 16)
    four = sudoku_cli.solve([FOUR_PUZZLE, "." * 16], unique=True)
    assert four.statuses.tolist() == ["solved", "multiple"]
    assert four.solutions.shape == (2, 16)
    check_solution(cells_of(FOUR_PUZZLE), four.solutions[0], 4)
    assert line_of(four.solutions[0]) == FOUR
    assert not four.solutions[1].any()


def test_arrays_of_rows_and_of_grids_agree_with_strings():
    for size, puzzles in [(16, [sixteen(seed)[0] for seed in range(4)]), (4, [FOUR_PUZZLE, "." * 16, "11" + "." * 14])]:
        rows = np.array([cells_of(p) for p in puzzles], dtype=np.uint8)
        grids = rows.reshape(-1, size, size)
        from_strings = sudoku_cli.solve(puzzles)
        for cells in (rows, grids, rows.astype(np.int64), np.asfortranarray(grids)):
            got = sudoku_cli.solve(cells, size=size)
            assert got.solutions.shape == (len(puzzles), size * size)
            assert np.array_equal(got.solutions, from_strings.solutions)
            assert got.statuses.tolist() == from_strings.statuses.tolist()
            assert sudoku_cli.count(cells, size=size, limit=3).solutions.tolist() == (
                sudoku_cli.count(puzzles, limit=3).solutions.tolist()
            )
            validated = sudoku_cli.validate(cells, size=size, unique=True)
            expected = sudoku_cli.validate(puzzles, unique=True)
            assert validated.statuses.tolist() == expected.statuses.tolist()
            assert validated.conflicts == expected.conflicts
        # The cells back as the CLI writes them.
        assert sudoku_cli.to_strings(grids, size=size) == puzzles


def test_a_16x16_grid_of_rows_needs_its_size():
    puzzle = sixteen(7)[0]
    grid = "\n".join(" ".join(puzzle[r * 16 : r * 16 + 16]) for r in range(16)) + "\n"
    # Without size= its 16-cell rows are 4x4 boards (with digits up to 16).
    with pytest.raises(ValueError, match=r"^boards\[0\]:1:"):
        sudoku_cli.solve([grid])
    solved = sudoku_cli.solve([grid], size=16)
    assert solved.statuses.tolist() == ["solved"]
    check_solution(cells_of(puzzle), solved.solutions[0], 16)
    assert np.array_equal(solved.solutions, sudoku_cli.solve([puzzle]).solutions)


def test_box_shapes_other_than_the_usual_ones():
    empty = np.zeros((1, 36), dtype=np.uint8)
    usual = sudoku_cli.solve(empty, size=6).solutions[0]
    tall = sudoku_cli.solve(empty, size=6, box=(3, 2)).solutions[0]
    check_solution([0] * 36, usual, 6, (2, 3))
    check_solution([0] * 36, tall, 6, (3, 2))
    # Strings take box= too; a shape that does not tile the board is named.
    assert np.array_equal(sudoku_cli.solve(["." * 36], box=(3, 2)).solutions[0], tall)
    with pytest.raises(ValueError, match=re.escape("boards[0]:1: boxes of 2x2 do not tile a 6x6 board")):
        sudoku_cli.solve(empty, size=6, box=(2, 2))
    with pytest.raises(ValueError, match="box must be"):
        sudoku_cli.solve(empty, size=6, box=(3, 0))


def test_sizes_that_differ_give_each_board_its_own_cells():
    six = "1" + "." * 35
    boards = [FOUR_PUZZLE, PUZZLE, six, "12x" + "." * 13, killer_four()]
    solved = sudoku_cli.solve(boards, errors="record")
    assert solved.statuses.tolist() == ["solved", "solved", "solved", "error", "solved"]
    assert solved.solutions.dtype == object and solved.solutions.shape == (5,)
    assert [len(cells) for cells in solved.solutions] == [16, 81, 36, 0, 16]
    assert all(cells.dtype == np.uint8 for cells in solved.solutions)
    check_solution(cells_of(FOUR_PUZZLE), solved.solutions[0], 4)
    check_solution(cells_of(PUZZLE), solved.solutions[1], 9)
    check_solution(cells_of(six), solved.solutions[2], 6)
    assert list(solved.errors) == [3]
    # A batch all of one size is a 2-D array, whatever the boards' forms.
    assert sudoku_cli.solve([FOUR_PUZZLE, killer_four()]).solutions.shape == (2, 16)


# --- count --------------------------------------------------------------------

#: 4x4 boards with 288, 72, 12, 6, 2, 1 and 0 solutions, and one invalid.
COUNTED = ["." * 16, "1" + "." * 15, "12....1.........", "12.......3......", "12........3....4", FOUR_PUZZLE, "12....3.........", "11" + "." * 14]


@pytest.mark.parametrize("limit", [1, 2, 5, 1000])
def test_count_on_4x4_equals_a_brute_force_count(limit):
    got = sudoku_cli.count(COUNTED, limit=limit)
    brute = [len(brute_solutions(board)) for board in COUNTED[:-1]] + [0]
    assert brute[:7] == [288, 72, 12, 6, 2, 1, 0]
    assert got.solutions.tolist() == [min(n, limit) for n in brute]
    assert got.limit_reached.tolist() == [n >= limit for n in brute[:-1]] + [False]
    words = {0: "unsolvable", 1: "solved"}
    assert got.statuses.tolist() == [words.get(n, "multiple") for n in brute[:-1]] + ["invalid"]


# --- validate -----------------------------------------------------------------


def test_validate_statuses_on_other_sizes():
    full = FOUR
    boards = ["1..1" + "." * 12, full, FOUR_PUZZLE, "." * 16, "12....3........."]
    assert len(brute_solutions(boards[4])) == 0
    assert sudoku_cli.validate(boards).statuses.tolist() == ["invalid", "valid", "valid", "valid", "valid"]
    complete = sudoku_cli.validate(boards, complete=True).statuses.tolist()
    assert complete == ["invalid", "valid", "incomplete", "incomplete", "incomplete"]
    unique = sudoku_cli.validate(boards, unique=True).statuses.tolist()
    assert unique == ["invalid", "valid", "valid", "multiple", "unsolvable"]
    checked = sudoku_cli.validate(boards)
    assert checked.conflicts[0] == [
        {"rule": "row", "unit": "row", "index": 1, "digit": 1, "cells": ["r1c1", "r1c4"], "text": "1 twice in row 1 (r1c1, r1c4)"}
    ]
    assert checked.conflicts[1:] == [[]] * 4
    # Cells are named up to the size: r16c16 on a 16x16 board.
    sixteen_bad = "." * 254 + "GG"
    conflict = sudoku_cli.validate([sixteen_bad]).conflicts[0][0]
    assert conflict["cells"] == ["r16c15", "r16c16"] and conflict["digit"] == 16


# --- f-puzzles ----------------------------------------------------------------


def fpuzzles(size: int, givens: Dict[Tuple[int, int], int], **rules) -> str:
    """f-puzzles JSON on one line: a ``size`` grid with ``givens`` (row,
    column from 1) and rule elements as the JSON names them."""
    grid = [[{"value": givens[(r, c)], "given": True} if (r, c) in givens else {} for c in range(1, size + 1)] for r in range(1, size + 1)]
    return json.dumps({"size": size, "title": "test", "grid": grid, **rules}, separators=(",", ":"))


def cell(name: str) -> int:
    """``R2C3`` as a cell index of a 4x4 board."""
    r, c = re.fullmatch(r"R(\d+)C(\d+)", name).groups()
    return (int(r) - 1) * 4 + int(c) - 1


CAGE = ["R1C1", "R1C2"]
THERMO = ["R2C4", "R3C4", "R4C4"]


def killer_four(**givens: int) -> str:
    """A 4x4 killer with a thermometer: a cage of sum 3 on r1c1 and r1c2,
    a thermometer rising from r2c4 down column 4."""
    placed = {(int(k[1]), int(k[3])): v for k, v in givens.items()}
    return fpuzzles(4, placed, killercage=[{"cells": CAGE, "value": "3"}], thermometer=[{"lines": [THERMO]}])


def killer_rules() -> List[Rule]:
    cage = [cell(name) for name in CAGE]
    thermo = [cell(name) for name in THERMO]
    return [
        lambda grid: sum(grid[c] for c in cage) == 3 and len({grid[c] for c in cage}) == len(cage),
        lambda grid: all(grid[a] < grid[b] for a, b in zip(thermo, thermo[1:])),
    ]


def test_an_fpuzzles_killer_with_a_thermometer():
    board = killer_four()
    brute = brute_solutions("." * 16, killer_rules())
    assert len(brute) > 1
    counted = sudoku_cli.count([board])
    assert counted.solutions.tolist() == [len(brute)]
    assert counted.statuses.tolist() == ["multiple"]
    solved = sudoku_cli.solve([board])
    assert solved.statuses.tolist() == ["solved"]
    assert tuple(solved.solutions[0].tolist()) in brute
    # Givens of one of those grids, added until it is the only one left:
    # then the puzzle is proper, and its solution is that grid.
    grid, givens = brute[0], {}
    while len(brute_solutions(line_of([givens.get(i, 0) for i in range(16)]), killer_rules())) > 1:
        cell_index = next(i for i in range(15, -1, -1) if i not in givens and len({b[i] for b in brute}) > 1)
        givens[cell_index] = grid[cell_index]
        brute = brute_solutions(line_of([givens.get(i, 0) for i in range(16)]), killer_rules())
    proper = killer_four(**{f"r{i // 4 + 1}c{i % 4 + 1}": v for i, v in givens.items()})
    assert sudoku_cli.validate([proper], unique=True).statuses.tolist() == ["valid"]
    assert sudoku_cli.solve([proper], unique=True).solutions[0].tolist() == list(grid)
    assert sudoku_cli.count([proper]).statuses.tolist() == ["solved"]


def test_fpuzzles_rules_are_checked_and_named():
    # r1c1 = 3 breaks the cage (its other cell would have to be 0).
    broken = killer_four(r1c1=3, r1c2=1)
    checked = sudoku_cli.validate([broken])
    assert checked.statuses.tolist() == ["invalid"]
    assert [c["rule"] for c in checked.conflicts[0]] == ["killer cage"]
    assert checked.conflicts[0][0]["cells"] == ["r1c1", "r1c2"]
    assert sudoku_cli.count([broken]).statuses.tolist() == ["invalid"]
    # A rule it cannot check is an error, never ignored.
    fog = fpuzzles(4, {}, fogofwar=[{"cells": ["R1C1"]}])
    with pytest.raises(ValueError, match=re.escape('boards[0]:1: unsupported f-puzzles rule "fogofwar"')):
        sudoku_cli.solve([fog])
    assert sudoku_cli.solve([fog], errors="record").statuses.tolist() == ["error"]


#: ``killer_four(r4c4=4)`` compressed as f-puzzles compresses its JSON
#: (lz-string's base64 form; made once with PyPI's ``lzstring``, kept here
#: so the test needs no package beyond NumPy and pytest).
KILLER_FOUR_PAYLOAD = (
    "N4IgzglgXgpiBcAWANCALhNAbO90zDRFQHMAnCAEwQG0bgBfZR5pxgXWXrZ9c+9aCOXFqLYgAbgEMsAV1woQJCBJgA7"
    "BGjLyG7TiADWELDjIBjKSVz0QZmCbC0QAJQCMAYVfEXHgEwh9aTlcEABmEF1UNAALGDIAWwB7eJg0ONpQLAg1AloaF1"
    "93RG9nUKKSxHK9XQYgA==="
)


def test_fpuzzles_links_and_payloads_read_as_their_json():
    text = killer_four(r4c4=4)
    assert json.loads(text)["grid"][3][3] == {"value": 4, "given": True}
    payload = KILLER_FOUR_PAYLOAD
    boards = [text, payload, "https://f-puzzles.com/?load=" + payload, "https://sudokupad.app/fpuzzles" + payload]
    counted = sudoku_cli.count(boards)
    assert counted.solutions.tolist() == [len(brute_solutions("." * 15 + "4", killer_rules()))] * 4
    solved = sudoku_cli.solve(boards)
    assert solved.statuses.tolist() == ["solved"] * 4
    assert (solved.solutions == solved.solutions[0]).all()


# --- as the CLI ---------------------------------------------------------------

#: Boards of other sizes and f-puzzles data of every status, and a
#: malformed one.
OTHERS = [
    FOUR_PUZZLE,
    "." * 16,
    "12....3.........",
    "1..1" + "." * 12,
    "." * 36,
    sixteen(1)[0],
    killer_four(),
    killer_four(r1c1=3, r1c2=1),
    "1234\n3412\n2143\n4321\n",
    "12x4" + "." * 12,
]


def cli_solutions(solutions: np.ndarray) -> List[str]:
    return [line_of(cells) if cells.any() else "" for cells in solutions]


@pytest.mark.parametrize("unique", [False, True])
def test_solve_equals_the_cli_on_other_sizes(cli, unique):
    expected = cli.json(["solve"] + ["--unique"] * unique, OTHERS)
    got = sudoku_cli.solve(OTHERS, unique=unique, errors="record")
    assert got.statuses.tolist() == [r["status"] for r in expected]
    assert cli_solutions(got.solutions) == [r.get("solution", "") for r in expected]
    assert {i: m.split(": ", 1)[1] for i, m in got.errors.items()} == {
        i: r["error"] for i, r in enumerate(expected) if r["status"] == "error"
    }


@pytest.mark.parametrize("limit", [1, 1000])
def test_count_equals_the_cli_on_other_sizes(cli, limit):
    expected = cli.json(["solve", "--count", "--limit", str(limit)], OTHERS)
    got = sudoku_cli.count(OTHERS, limit=limit, errors="record")
    assert got.statuses.tolist() == [r["status"] for r in expected]
    assert got.solutions.tolist() == [r.get("solutions", 0) for r in expected]
    assert got.limit_reached.tolist() == [r.get("limit_reached", False) for r in expected]


@pytest.mark.parametrize("complete", [False, True])
@pytest.mark.parametrize("unique", [False, True])
def test_validate_equals_the_cli_on_other_sizes(cli, complete, unique):
    args = ["validate"] + ["--complete"] * complete + ["--unique"] * unique
    expected = cli.json(args, OTHERS)
    got = sudoku_cli.validate(OTHERS, complete=complete, unique=unique, errors="record")
    assert got.statuses.tolist() == [r["status"] for r in expected]
    assert got.conflicts == [r.get("conflicts", []) for r in expected]


# --- classic 9x9 only ---------------------------------------------------------

SIX = "1....." + "." * 30


def test_rate_refuses_a_6x6_board():
    message = "boards[1]:1: rate: classic 9x9 boards only; this is a 6x6 board"
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        sudoku_cli.rate([PUZZLE, SIX])
    rated = sudoku_cli.rate([PUZZLE, SIX], errors="record")
    assert rated.statuses.tolist() == ["rated", "error"]
    assert rated.errors == {1: message}
    assert np.isnan(rated.er[1]) and rated.hardest[1] is None


@pytest.mark.parametrize(
    "name, call",
    [
        ("explain", lambda boards: sudoku_cli.explain(boards, errors="record")),
        ("hint", lambda boards: sudoku_cli.hint(boards, errors="record")),
        ("canon", lambda boards: sudoku_cli.canon(boards, errors="record")),
        ("transform", lambda boards: sudoku_cli.transform(boards, rotate=90, errors="record")),
    ],
)
def test_the_other_functions_refuse_other_boards_as_the_cli(cli, name, call):
    boards = [SIX, killer_four(), PUZZLE]
    got = call(boards)
    args = [name] + (["--rotate", "90"] if name == "transform" else [])
    assert got == cli.json(args, boards)
    assert [r["status"] for r in got[:2]] == ["error", "error"]
    assert got[0]["error"] == f"{name}: classic 9x9 boards only; this is a 6x6 board"
    assert got[1]["error"] == f"{name}: classic 9x9 boards only; this is an f-puzzles 4x4 board with rules (killer cage, thermometer)"


def test_to_array_and_random_look_alikes_refuse_other_boards():
    with pytest.raises(ValueError, match=re.escape("boards[0]:1: to_array: classic 9x9 boards only; this is a 4x4 board")):
        sudoku_cli.to_array([FOUR])
    with pytest.raises(ValueError, match=re.escape("boards[0]:1: transform: classic 9x9 boards only")):
        sudoku_cli.transform([FOUR], random=True, seed=1)


# --- arguments ----------------------------------------------------------------


def test_arrays_of_other_sizes_name_the_shapes_and_cells_they_take():
    with pytest.raises(ValueError, match=re.escape("must have shape (N, 16) or (N, 4, 4), got (2, 36)")):
        sudoku_cli.solve(np.zeros((2, 36), dtype=np.uint8), size=4)
    # Without size=, arrays are 9x9 as ever.
    with pytest.raises(ValueError, match=re.escape("must have shape (N, 81) or (N, 9, 9), got (2, 4, 4)")):
        sudoku_cli.solve(np.zeros((2, 4, 4), dtype=np.uint8))
    for dtype in (np.uint8, np.int32):
        cells = np.zeros((2, 4, 4), dtype=dtype)
        cells[1, 2, 3] = 5
        message = "boards[1]:1: cell 12 (r3c4) holds 5: cells are 0 (empty) to 4"
        with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
            sudoku_cli.validate(cells, size=4)
    for bad in (3, 26, "4", 4.0):
        with pytest.raises(ValueError, match="size must be a whole number"):
            sudoku_cli.count(["." * 16], size=bad)


# --- variant= as --variant ---------------------------------------------------

def diagonals_differ(grid: Tuple[int, ...]) -> bool:
    """Both diagonals of a 4x4 grid hold four different digits."""
    return len({grid[i * 5] for i in range(4)}) == 4 and len({grid[3 + i * 3] for i in range(4)}) == 4


def test_variant_x_counts_as_a_brute_force_of_4x4_grids():
    brute = brute_solutions("." * 16, [diagonals_differ])
    assert 0 < len(brute) < len(brute_solutions("." * 16))
    for variant in ["x", ["x"], ("x",), "x, x"]:
        counted = sudoku_cli.count(["." * 16], variant=variant)
        assert counted.solutions.tolist() == [len(brute)]
    solved = sudoku_cli.solve(np.zeros((1, 16), dtype=np.uint8), size=4, variant="x")
    assert tuple(solved.solutions[0].tolist()) in brute
    # A grid that breaks a diagonal is invalid under X only.
    broken = next(g for g in brute_solutions("." * 16) if not diagonals_differ(g))
    line = line_of(broken)
    assert sudoku_cli.validate([line], complete=True).statuses.tolist() == ["valid"]
    checked = sudoku_cli.validate([line], complete=True, variant="x")
    assert checked.statuses.tolist() == ["invalid"]
    assert {c["rule"] for c in checked.conflicts[0]} == {"diagonal"}


NINE_VARIANT = [
    ".6....9.....3.....2...8..4..1..2..8...2....1..........3...4..6.....5.8..9..2.....",
    "." * 81,
    "1" * 2 + "." * 79,
]


@pytest.mark.parametrize("variant", ["x", "anti-knight,non-consecutive", "windoku"])
def test_variant_equals_the_cli(cli, variant):
    expected = cli.json(["solve", "--unique", "--variant", variant], NINE_VARIANT)
    got = sudoku_cli.solve(NINE_VARIANT, unique=True, variant=variant, errors="record")
    assert got.statuses.tolist() == [r["status"] for r in expected]
    assert cli_solutions(got.solutions) == [r.get("solution", "") for r in expected]


def test_an_unknown_variant_is_named():
    with pytest.raises(ValueError, match='unknown variant "killer"'):
        sudoku_cli.solve(["." * 81], variant="killer")
    with pytest.raises(TypeError):
        sudoku_cli.count(["." * 81], variant=[1])


# --- regions= as --regions ---------------------------------------------------

#: A 4x4 jigsaw layout (regions named by their letters), and the usual boxes
#: written as one.
JIGSAW_FOUR = "aaababbbcccdcddd"
BOXES_FOUR = "aabbaabbccddccdd"


@lru_cache(maxsize=None)
def latin_fours() -> Tuple[Tuple[int, ...], ...]:
    """Every 4x4 Latin square (576 of them): rows and columns only."""
    rows = list(itertools.permutations(range(1, 5)))
    found = []
    for a in rows:
        for b in rows:
            for c in rows:
                for d in rows:
                    if all(len({a[i], b[i], c[i], d[i]}) == 4 for i in range(4)):
                        found.append(a + b + c + d)
    return tuple(found)


def jigsaw_fours(layout: str) -> List[Tuple[int, ...]]:
    """The 4x4 grids whose rows, columns and ``layout``'s regions hold 1-4."""
    regions = [[i for i, name in enumerate(layout) if name == region] for region in set(layout)]
    return [g for g in latin_fours() if all(len({g[c] for c in cells}) == 4 for cells in regions)]


def test_the_tests_jigsaws_know_4x4_sudoku():
    assert len(latin_fours()) == 576
    assert sorted(jigsaw_fours(BOXES_FOUR)) == sorted(all_fours())


def test_regions_count_as_a_brute_force_of_4x4_jigsaws():
    jigsaw = jigsaw_fours(JIGSAW_FOUR)
    assert 0 < len(jigsaw) != len(all_fours())
    assert sudoku_cli.count(["." * 16], regions=JIGSAW_FOUR).solutions.tolist() == [len(jigsaw)]
    # One layout a board, from strings or from an array.
    both = [JIGSAW_FOUR, BOXES_FOUR]
    assert sudoku_cli.count(["." * 16] * 2, regions=both).solutions.tolist() == [len(jigsaw), 288]
    cells = np.zeros((2, 4, 4), dtype=np.uint8)
    assert sudoku_cli.count(cells, size=4, regions=both).solutions.tolist() == [len(jigsaw), 288]
    solved = sudoku_cli.solve(["..3" + "." * 13], regions=JIGSAW_FOUR).solutions[0]
    assert tuple(solved.tolist()) in jigsaw and solved[2] == 3
    # A grid that keeps the boxes but not the regions is invalid under
    # regions only, and the conflict names a region.
    broken = next(g for g in all_fours() if g not in jigsaw)
    line = line_of(broken)
    assert sudoku_cli.validate([line], complete=True).statuses.tolist() == ["valid"]
    checked = sudoku_cli.validate([line], complete=True, regions=JIGSAW_FOUR)
    assert checked.statuses.tolist() == ["invalid"]
    assert {c["rule"] for c in checked.conflicts[0]} == {"region"}


def test_regions_equal_the_cli(cli):
    boards = ["." * 16, "1" + "." * 15, "12" + "." * 13 + "1"]
    layouts = [JIGSAW_FOUR, BOXES_FOUR, JIGSAW_FOUR]
    path = cli.tmp / "layouts.txt"
    path.write_text("".join(layout + "\n" for layout in layouts))
    expected = cli.json(["solve", "--regions", str(path)], boards)
    got = sudoku_cli.solve(boards, regions=layouts, errors="record")
    assert got.statuses.tolist() == [r["status"] for r in expected]
    assert cli_solutions(got.solutions) == [r.get("solution", "") for r in expected]
    counted = cli.json(["solve", "--count", "--regions", JIGSAW_FOUR], boards)
    got = sudoku_cli.count(boards, regions=JIGSAW_FOUR, errors="record")
    assert got.solutions.tolist() == [r["solutions"] for r in counted]


def test_regions_that_cannot_be_used_are_named():
    with pytest.raises(ValueError, match="^regions: a 4x4 region layout names more than 4 regions$"):
        sudoku_cli.count(["." * 16], regions="abcdeabbccddccdd")
    with pytest.raises(ValueError, match=r"^regions\[1\]: a region layout needs N x N symbols"):
        sudoku_cli.count(["." * 16] * 2, regions=[JIGSAW_FOUR, "aaab"])
    with pytest.raises(ValueError, match="^regions gives 1 layout for 2 boards"):
        sudoku_cli.count(["." * 16] * 2, regions=[JIGSAW_FOUR])
    with pytest.raises(TypeError):
        sudoku_cli.count(["." * 16], regions=[1])
    # Regions for another size than the board's: that board's error.
    with pytest.raises(ValueError, match=r"^boards\[1\]:1: the regions are for a 4x4 board, this one is 9x9$"):
        sudoku_cli.count(["." * 16, "." * 81], regions=JIGSAW_FOUR)


# --- symbols= as --symbols ---------------------------------------------------

#: 16 symbols in which ``0`` names 1 and ``F`` names 16.
HEX = "0123456789ABCDEF"


def in_symbols(board: str, symbols: str) -> str:
    """A one-line board of the default symbols rewritten in ``symbols``."""
    return "".join(ch if ch == "." else symbols[SYMBOLS.index(ch)] for ch in board)


def test_symbols_read_a_16x16_board_as_its_default_symbols_do():
    puzzles = [sixteen(seed)[0] for seed in range(3)]
    written = [in_symbols(p, HEX) for p in puzzles]
    # `0` is a given here (digit 1), not an empty cell; `_` stays empty.
    assert all("0" in board for board in written)
    written[1] = written[1].replace(".", "_")
    expected = sudoku_cli.solve(puzzles)
    solved = sudoku_cli.solve(written, symbols=HEX)
    assert solved.statuses.tolist() == ["solved"] * 3
    assert np.array_equal(solved.solutions, expected.solutions)
    for puzzle, solution in zip(puzzles, solved.solutions):
        check_solution(cells_of(puzzle), solution, 16)
    # Read without symbols=, the same strings are other boards (0 empty).
    assert not np.array_equal(sudoku_cli.solve(written, errors="record").solutions, expected.solutions)
    # count and validate read them alike.
    counted = sudoku_cli.count(written, limit=2, symbols=HEX)
    assert counted.solutions.tolist() == sudoku_cli.count(puzzles, limit=2).solutions.tolist()
    grid = sixteen(0)[1]
    assert sudoku_cli.count([in_symbols(grid, HEX)], symbols=HEX).solutions.tolist() == [1]
    broken = grid[:-1] + grid[-2]  # r16c16 repeats r16c15
    checked = sudoku_cli.validate([in_symbols(b, HEX) for b in (grid, broken)], complete=True, symbols=HEX)
    assert checked.statuses.tolist() == ["valid", "invalid"]
    assert checked.conflicts == sudoku_cli.validate([grid, broken], complete=True).conflicts


def test_symbols_set_the_size_unless_size_says():
    # A 16x16 grid written one row a line needs size=16 in default symbols;
    # 16 symbols say it, as --symbols does.
    puzzle = sixteen(7)[0]
    rows = in_symbols(puzzle, HEX)
    grid = "\n".join(" ".join(rows[r * 16 : r * 16 + 16]) for r in range(16)) + "\n"
    solved = sudoku_cli.solve([grid], symbols=HEX)
    assert solved.statuses.tolist() == ["solved"]
    assert np.array_equal(solved.solutions, sudoku_cli.solve([puzzle]).solutions)
    assert np.array_equal(sudoku_cli.solve([grid], symbols=HEX, size=16).solutions, solved.solutions)


def test_symbols_on_a_4x4_board():
    symbols = "WXYZ"
    board = in_symbols(FOUR_PUZZLE, symbols)
    assert board == "W..Z.........YX."
    solved = sudoku_cli.solve([board], unique=True, symbols=symbols)
    assert solved.statuses.tolist() == ["solved"]
    assert line_of(solved.solutions[0]) == FOUR
    assert sudoku_cli.count(["...." * 4, board], symbols=symbols).solutions.tolist() == [288, 1]
    assert sudoku_cli.validate(["WW" + "." * 14], symbols=symbols).conflicts[0][0]["cells"] == ["r1c1", "r1c2"]
    # A default digit is no symbol of the run: the board is malformed.
    with pytest.raises(ValueError, match=r"^boards\[0\]:1:"):
        sudoku_cli.solve(["1" + "." * 15], symbols=symbols)
    # Arrays are numbers: symbols= changes nothing for them.
    cells = np.array([cells_of(FOUR_PUZZLE)], dtype=np.uint8)
    assert np.array_equal(sudoku_cli.solve(cells, size=4, symbols=symbols).solutions, solved.solutions)
    # to_strings writes what solve reads back.
    assert sudoku_cli.to_strings(cells, symbols=symbols) == [board]
    assert sudoku_cli.to_strings(solved.solutions, size=4, symbols=symbols) == [in_symbols(FOUR, symbols)]
    with pytest.raises(ValueError, match=r"^symbols names 4 values; size=9 needs 9$"):
        sudoku_cli.to_strings(np.zeros((1, 81), dtype=np.uint8), size=9, symbols=symbols)


@pytest.mark.parametrize(
    "symbols, message",
    [
        ("ABA1", "symbols names 'A' twice"),
        ("AB", "symbols needs 4 to 25 symbols, found 2"),
        (SYMBOLS + "Z", "symbols needs 4 to 25 symbols, found 26"),
        ("AB|1", "symbols: '|' cannot be a symbol (layout, blank, '#' or not printable)"),
        ("AB.1", "symbols: '.' cannot be a symbol (layout, blank, '#' or not printable)"),
    ],
)
def test_bad_symbols_are_named(symbols, message):
    for call in (sudoku_cli.solve, sudoku_cli.count, sudoku_cli.validate):
        with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
            call(["." * 16], symbols=symbols)
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        sudoku_cli.to_strings(np.zeros((1, 16), dtype=np.uint8), symbols=symbols)


def test_symbols_must_be_a_string():
    with pytest.raises(TypeError, match="symbols must be a string"):
        sudoku_cli.solve(["." * 16], symbols=list("WXYZ"))


SYMBOL_BOARDS = [
    in_symbols(sixteen(2)[0], HEX),
    in_symbols(sixteen(3, keep=0.2)[0], HEX),
    "0" + "." * 255,
    "00" + "." * 254,
    "G" + "." * 255,
    "\n".join(" ".join(in_symbols(sixteen(4)[0], HEX)[r * 16 : r * 16 + 16]) for r in range(16)) + "\n",
]


def test_symbols_equal_the_cli(cli):
    for args, call in [
        (["solve"], lambda **kw: sudoku_cli.solve(SYMBOL_BOARDS, **kw)),
        (["solve", "--unique"], lambda **kw: sudoku_cli.solve(SYMBOL_BOARDS, unique=True, **kw)),
        (["solve", "--count", "--limit", "5"], lambda **kw: sudoku_cli.count(SYMBOL_BOARDS, limit=5, **kw)),
        (["validate"], lambda **kw: sudoku_cli.validate(SYMBOL_BOARDS, **kw)),
    ]:
        expected = cli.json(args + ["--symbols", HEX], SYMBOL_BOARDS)
        got = call(symbols=HEX, errors="record")
        assert got.statuses.tolist() == [r["status"] for r in expected]
        assert {i: m.split(": ", 1)[1] for i, m in got.errors.items()} == {
            i: r["error"] for i, r in enumerate(expected) if r["status"] == "error"
        }
        if args[0] == "solve" and "--count" not in args:
            # The CLI writes solutions in the run's symbols.
            solutions = [in_symbols(s, HEX) for s in cli_solutions(got.solutions)]
            assert solutions == [r.get("solution", "") for r in expected]
            assert sum(map(bool, solutions)) == (0 if "--unique" in args else 4)
        if args[0] == "validate":
            assert got.conflicts == [r.get("conflicts", []) for r in expected]
