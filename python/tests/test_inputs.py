"""Arrays of 9x9 grids read as arrays of 81-cell rows, shapes refused with
the shapes taken, and labels after a board kept in the records."""

from __future__ import annotations

import re

import numpy as np
import pytest

import sudoku_cli
from conftest import MIXED, PUZZLE

SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


@pytest.fixture(scope="module")
def rows(bank):
    """``(N, 81)`` cells of every status: bank puzzles (solved, rated), an
    empty board (multiple), a broken rule (invalid), an unsolvable one, a
    full grid; int64 as data sets load them."""
    extra = ["." * 81, "55" + "." * 79, "12345678" + "." * 72 + "9", SOLUTION]
    return sudoku_cli.to_array(bank[:150] + extra).astype(np.int64)


def same(a, b):
    """Two results (named tuples or lists of records) hold the same."""
    if isinstance(a, tuple):
        return all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray):
        return a.shape == b.shape and a.dtype == b.dtype and np.array_equal(a, b, equal_nan=a.dtype.kind == "f")
    return a == b


CALLS = {
    "solve": lambda boards: sudoku_cli.solve(boards, unique=True),
    "count": lambda boards: sudoku_cli.count(boards, limit=10),
    "validate": lambda boards: sudoku_cli.validate(boards, complete=True),
    "rate": lambda boards: sudoku_cli.rate(boards[::5]),
    "explain": lambda boards: sudoku_cli.explain(boards[::10]),
    "hint": lambda boards: sudoku_cli.hint(boards[::5]),
    "canon": lambda boards: sudoku_cli.canon(boards),
    "transform": lambda boards: sudoku_cli.transform(boards, rotate=90),
    "random look-alikes": lambda boards: sudoku_cli.transform(boards, random=True, seed=3, n=2),
}


# --- (N, 9, 9) ------------------------------------------------------------------


@pytest.mark.parametrize("name", CALLS)
def test_grids_answer_as_rows(rows, name):
    call = CALLS[name]
    grids = rows.reshape(-1, 9, 9)
    expected = call(rows)
    assert same(call(grids), expected)
    assert same(call(grids.astype(np.uint8)), expected)
    # And as the boards' strings.
    assert same(call(np.array(sudoku_cli.to_strings(rows))), expected)


def test_grids_are_the_rows_bytes(rows):
    # A C-contiguous (N, 9, 9) array is handed over as the same bytes as
    # its (N, 81) reshape, with no reshape made.
    cells = rows.astype(np.uint8)
    assert sudoku_cli._batch(cells.reshape(-1, 9, 9)) == cells.tobytes()
    assert sudoku_cli.solve(rows.reshape(-1, 9, 9)).solutions.shape == (len(rows), 81)
    assert sudoku_cli.to_strings(rows.reshape(-1, 9, 9)) == sudoku_cli.to_strings(rows)
    assert sudoku_cli.solve(np.zeros((0, 9, 9), dtype=np.uint8)).solutions.shape == (0, 81)


def test_a_cell_out_of_range_is_named_alike_in_grids():
    grids = np.zeros((3, 9, 9), dtype=np.int16)
    grids[2, 4, 4] = 12
    message = r"^boards\[2\]:1: cell 41 \(r5c5\) holds 12: cells are 0 \(empty\) to 9$"
    with pytest.raises(ValueError, match=message):
        sudoku_cli.solve(grids)
    with pytest.raises(ValueError, match=message):
        sudoku_cli.solve(grids.reshape(3, 81))
    # Recorded as the engine reads it (a uint8 array is handed over as is).
    got = sudoku_cli.count(grids.astype(np.uint8), errors="record")
    assert got.statuses.tolist() == ["multiple", "multiple", "error"]
    assert got.errors[2].startswith("boards[2]:1: cell 41 (r5c5)")


def test_non_contiguous_arrays_read_as_they_look(rows):
    grids = rows.reshape(-1, 9, 9)
    strings = sudoku_cli.to_strings(rows)
    # Each grid transposed (a view with strides, no copy): the boards that
    # transform(transpose=True) prints.
    turned = grids.transpose(0, 2, 1)
    assert not turned.flags.c_contiguous
    want = [r["transformed"] for r in sudoku_cli.transform(strings, transpose=True)]
    assert sudoku_cli.to_strings(turned) == want
    assert same(sudoku_cli.solve(turned), sudoku_cli.solve(want))
    assert same(sudoku_cli.canon(turned), sudoku_cli.canon(np.ascontiguousarray(turned)))
    # Every other board, every other cell of a wider array, Fortran order.
    assert same(sudoku_cli.solve(grids[::2]), sudoku_cli.solve(rows[::2].copy()))
    wide = np.zeros((len(rows), 9, 18), dtype=np.uint8)
    wide[:, :, ::2] = grids
    assert same(sudoku_cli.validate(wide[:, :, ::2]), sudoku_cli.validate(rows))
    assert same(sudoku_cli.count(np.asfortranarray(grids)), sudoku_cli.count(rows))
    assert same(sudoku_cli.rate(np.asfortranarray(rows[:20])), sudoku_cli.rate(rows[:20]))
    # The input is left as it was.
    assert np.array_equal(grids, rows.reshape(-1, 9, 9))


TAKES = re.escape("must have shape (N, 81) or (N, 9, 9), got ")


@pytest.mark.parametrize("shape", [(3, 9, 8), (3, 8, 9), (2, 80), (3, 81, 1), (1, 9, 9, 1), (4, 729), ()])
@pytest.mark.parametrize("name", ["solve", "count", "validate", "rate", "explain", "canon", "transform"])
def test_other_shapes_are_refused_naming_those_taken(shape, name):
    cells = np.zeros(shape, dtype=np.uint8)
    with pytest.raises(ValueError, match="^an array of cells " + TAKES + re.escape(f"{shape}") + "$"):
        getattr(sudoku_cli, name)(cells)


@pytest.mark.parametrize("shape", [(81,), (9, 9)])
def test_a_single_board_is_refused_with_the_way_to_pass_it(shape):
    board = sudoku_cli.to_array([PUZZLE])[0].reshape(shape)
    with pytest.raises(ValueError, match=TAKES + re.escape(f"{shape}; a single board is a batch of one")):
        sudoku_cli.solve(board)
    assert sudoku_cli.solve(board[None]).statuses.tolist() == ["solved"]
    assert sudoku_cli.to_strings(board[None]) == [PUZZLE]


def test_to_strings_names_the_shapes_it_takes():
    with pytest.raises(ValueError, match="^cells " + TAKES + re.escape("(2, 9)") + "$"):
        sudoku_cli.to_strings(np.zeros((2, 9), dtype=np.uint8))


# --- labels ---------------------------------------------------------------------

#: Labelled one-line boards, as cli-contract.md's "Labels after a board"
#: writes them, among unlabelled ones, with the label each record carries.
LABELLED = [
    (PUZZLE + " 7.2", "7.2"),
    (PUZZLE + ";10.3/1.2/1.2;champagne", "10.3/1.2/1.2;champagne"),
    (PUZZLE + "  # from the forum", "from the forum"),
    (PUZZLE + "," + SOLUTION, SOLUTION),  # a Kaggle CSV line
    (PUZZLE + "\t \n", None),
    (PUZZLE, None),
    ("\n".join(PUZZLE[i : i + 9] for i in range(0, 81, 9)), None),
    ("55" + PUZZLE[2:] + " broken", "broken"),
    ("." * 81 + " empty", "empty"),
    ("\n" + PUZZLE + " second line\n", "second line"),
]
BOARDS = [board for board, _ in LABELLED]
LABELS = [label for _, label in LABELLED]

RECORDS = {
    "explain": (["explain"], lambda boards: sudoku_cli.explain(boards, errors="record")),
    "hint": (["hint"], lambda boards: sudoku_cli.hint(boards, errors="record")),
    "canon": (["canon"], lambda boards: sudoku_cli.canon(boards, errors="record")),
    "transform": (
        ["transform", "--rotate", "90"],
        lambda boards: sudoku_cli.transform(boards, rotate=90, errors="record"),
    ),
}


@pytest.mark.parametrize("name", RECORDS)
def test_records_keep_labels_as_the_cli(cli, name):
    args, call = RECORDS[name]
    got = call(BOARDS)
    assert [r.get("label") for r in got] == LABELS
    assert got == cli.json(args, BOARDS)


def test_look_alikes_keep_their_boards_label(cli):
    got = sudoku_cli.transform(BOARDS, random=True, seed=5, n=3)
    assert [r.get("label") for r in got] == [label for label in LABELS for _ in range(3)]
    assert got == cli.json(["transform", "--random", "--seed", "5", "-n", "3"], BOARDS)


def test_array_answers_read_labelled_boards_as_their_boards():
    # solve, count, validate and rate answer in arrays: a label does not
    # change the answer, and is not kept.
    bare = [board.split(" ")[0].split(";")[0].split(",")[0] for board in BOARDS]
    for function in (sudoku_cli.solve, sudoku_cli.count, sudoku_cli.validate, sudoku_cli.rate):
        assert same(function(BOARDS), function(bare)), function.__name__
    assert np.array_equal(sudoku_cli.to_array(BOARDS), sudoku_cli.to_array(bare))


def test_a_malformed_labelled_board_is_recorded_as_the_cli(cli):
    boards = [PUZZLE[:11] + "x" + PUZZLE[12:] + " 7.2", PUZZLE + "5 7.2", PUZZLE + " 7.2"]
    got = sudoku_cli.explain(boards, errors="record")
    assert [r["status"] for r in got][:2] == ["error", "error"]
    assert got == cli.json(["explain"], boards)
    assert got[2]["label"] == "7.2"


def test_boards_of_other_sizes_are_answered_not_misread():
    # A 4x4 board and f-puzzles JSON are answered as the CLI answers them
    # (test_sizes.py has the rest), never as an empty 9x9 board; the
    # functions that take classic 9x9 boards only refuse them.
    for board in ["1234341221434321", '{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}']:
        got = sudoku_cli.solve([board])
        assert got.statuses.tolist() == ["solved"]
        assert got.solutions.shape == (1, 16)
        assert sudoku_cli.validate([board]).statuses.tolist() == ["valid"]
        with pytest.raises(ValueError, match="rate: classic 9x9 boards only; this is a"):
            sudoku_cli.rate([board])
        assert sudoku_cli.rate([board], errors="record").statuses.tolist() == ["error"]
