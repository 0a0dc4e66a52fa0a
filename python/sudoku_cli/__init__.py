"""sudoku-cli's engine from Python: the `sudoku` command's answers over batches.

Every function takes a batch of boards: a list of strings, each one board in
any form the `sudoku` command reads (81-character lines, 9-line grids, boxed
grids, LeetCode's array forms, 729-cell pencilmark lines), or a NumPy integer
array of shape ``(N, 81)`` or ``(N, 9, 9)`` (0 for an empty cell; the two read
alike, and results come as ``(N, 81)`` either way). It releases the GIL, works
on ``jobs`` threads (default: every CPU), and answers in input order.

``solve``, ``count`` and ``validate`` also answer boards of every size from
4x4 to 25x25 and f-puzzles data (links, payloads, one-line JSON), as ``sudoku
solve`` and ``sudoku validate`` do: strings of any of those forms, or arrays
of shape ``(N, size * size)`` or ``(N, size, size)`` with ``size=`` (and
``box=(rows, columns)`` for other boxes than the size's usual ones), and
take ``variant=`` as the CLI's ``--variant`` (``"x"``, ``"windoku"``,
``"disjoint"``, ``"anti-knight"``, ``"anti-king"``, ``"non-consecutive"``:
a name, names, or ``"x,anti-knight"``) for rules every board gets, and
``regions=`` as its ``--regions`` (jigsaw: a layout of size² symbols, one a
cell, naming its region; one string for every board, or a sequence of
them, one a board), and ``symbols=`` as its ``--symbols`` (a size's symbols
in order, ``"0123456789ABCDEF"``: strings are read in them, the size being
their count unless ``size=`` says; arrays are numbers and unaffected). The
other functions take classic 9x9 boards only, and refuse any other as the CLI
does (``rate: classic 9x9 boards only; this is a 6x6 board``).

Numbers and fixed-size results are NumPy arrays; statuses are arrays of the
CLI's status words; explanations and hints are lists of dicts holding the
very objects ``sudoku explain --format json`` and ``sudoku hint --format json``
print, a board being named ``boards[I]`` (its index) where the CLI names a
file, and ``line`` counting lines within its string. A one-line board may
carry a label after it (``PUZZLE 7.2``, ``PUZZLE,SOLUTION``), which the
record keeps as ``label``; ``solve``, ``count``, ``validate`` and ``rate``,
which answer in arrays, drop it.

A malformed board raises ``ValueError`` naming its index, line and column, as
the CLI's stderr names a file::

    boards[2]:1:7: unexpected character 'x'

With ``errors="record"`` it is answered with status ``error`` instead (the
message in the result's ``errors``, by index), and the batch goes on.

A call whose answer could not fit in this machine's memory (say a billion
look-alikes) raises ``MemoryError`` naming its size before it starts. Ctrl-C
interrupts any call within a tenth of a second (``KeyboardInterrupt``), and
its work stops: a search (``solve``, ``count``) at once, a batch between
boards (a board being rated finishes in the background).

>>> import sudoku_cli
>>> puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
>>> result = sudoku_cli.solve([puzzle, "55" + "." * 79])
>>> result.statuses.tolist()
['solved', 'invalid']
>>> sudoku_cli.to_strings(result.solutions[:1])
['534678912672195348198342567859761423426853791713924856961537284287419635345286179']
"""

from __future__ import annotations

import json
import operator
import warnings
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from . import _native

__version__: str = _native.__version__

__all__ = [
    "solve",
    "count",
    "validate",
    "rate",
    "explain",
    "hint",
    "canon",
    "transform",
    "generate",
    "to_array",
    "to_strings",
    "Solved",
    "Counted",
    "Validated",
    "Rated",
    "STATUS_WORDS",
]

#: Every status word a result may hold, as the CLI prints them.
STATUS_WORDS: tuple = tuple(_native.STATUS_WORDS)
_WORDS = np.array(STATUS_WORDS)

Boards = Union[Sequence[str], np.ndarray]


class Solved(NamedTuple):
    """What :func:`solve` answers."""

    #: ``(N, 81)`` ``uint8``: each solution, givens kept; zeros where none
    #: (``solutions.reshape(-1, 9, 9)`` is a view of them as grids).
    #: ``(N, S * S)`` when every board is S x S (``size=S``, or strings all
    #: of that size); when the boards' sizes differ, an ``(N,)`` object
    #: array of each board's own ``(S * S,)`` ``uint8`` cells (empty for a
    #: malformed board).
    solutions: np.ndarray
    #: ``(N,)`` status words: solved, invalid, unsolvable, multiple, error.
    statuses: np.ndarray
    #: The malformed boards' messages by index (``errors="record"`` only).
    errors: Dict[int, str]


class Counted(NamedTuple):
    """What :func:`count` answers."""

    #: ``(N,)`` ``uint32``: solutions found, at most the limit.
    solutions: np.ndarray
    #: ``(N,)`` ``bool``: counting stopped at the limit (there may be more).
    limit_reached: np.ndarray
    #: ``(N,)`` status words, found by counting to 2 at least: solved (one),
    #: multiple, unsolvable, invalid, error.
    statuses: np.ndarray
    errors: Dict[int, str]


class Validated(NamedTuple):
    """What :func:`validate` answers."""

    #: ``(N,)`` status words: valid, invalid, incomplete, unsolvable,
    #: multiple, error.
    statuses: np.ndarray
    #: For each board its conflicts, as the CLI's JSON lists them (``[]``
    #: when none): ``{"unit": "row", "index": 1, "digit": 5,
    #: "cells": ["r1c1", "r1c2"]}``; a board of another size or with rules
    #: also gets ``rule`` (``row``, ``box``, ``killer cage``, ...) and
    #: ``text``, and ``unit``, ``index`` and ``digit`` only where they apply.
    conflicts: List[List[Dict[str, Any]]]
    errors: Dict[int, str]


class Rated(NamedTuple):
    """What :func:`rate` answers. Unrated boards have NaN ratings."""

    #: ``(N,)`` ``float32``: ER, the hardest step's difficulty.
    er: np.ndarray
    #: ``(N,)`` ``float32``: EP, the hardest step up to the first placement.
    ep: np.ndarray
    #: ``(N,)`` ``float32``: ED, the first step's difficulty.
    ed: np.ndarray
    #: ``(N,)`` status words: rated, invalid, unsolvable, multiple, error.
    statuses: np.ndarray
    #: The technique that gave ER, as ``explain`` names it (None if none).
    hardest: List[Optional[str]]
    errors: Dict[int, str]


def _cell_shapes(size: int = 9) -> str:
    """The shapes an array of cells may have, as messages name them."""
    return f"(N, {size * size}) or (N, {size}, {size})"


def _cell_shape(shape: tuple, size: int = 9) -> bool:
    """Whether ``shape`` is a batch of cells: ``(N, 81)``, or ``(N, 9, 9)``
    (the same cells, row after row, so the same bytes in C order); for
    another ``size``, ``(N, size * size)`` or ``(N, size, size)``."""
    return (len(shape) == 2 and shape[1] == size * size) or (len(shape) == 3 and shape[1:] == (size, size))


def _bad_cell_shape(what: str, shape: tuple, size: int = 9) -> ValueError:
    single = shape in ((size * size,), (size, size))
    hint = "; a single board is a batch of one: pass board[None]" if single else ""
    return ValueError(f"{what} must have shape {_cell_shapes(size)}, got {shape}{hint}")


def _size(size: Optional[int]) -> Optional[int]:
    """``size=``: None, or a whole number from 4 to 25."""
    return None if size is None else _whole("size", size, 4, 25)


def _variant(variant: Union[str, Sequence[str], None]) -> Optional[List[str]]:
    """``variant=``: None, a name or names ``--variant`` takes (``"x"``,
    ``("x", "anti-knight")`` or ``"x,anti-knight"``), as a list."""
    if variant is None:
        return None
    if isinstance(variant, str):
        return [name.strip() for name in variant.split(",") if name.strip()]
    names = list(variant)
    if not all(isinstance(name, str) for name in names):
        raise TypeError(f"variant must be a name or names (strings), not {variant!r}")
    return names


def _regions(regions: Union[str, Sequence[str], None], batch: Any, size: Optional[int]) -> Optional[List[str]]:
    """``regions=``: None, one layout for every board, or a sequence of
    layouts, one a board of ``batch`` (as :func:`_batch` made it) in order
    (as ``--regions`` and a file of its lines)."""
    if regions is None:
        return None
    if isinstance(regions, str):
        return [regions]
    layouts = list(regions)
    if not all(isinstance(layout, str) for layout in layouts):
        raise TypeError(f"regions must be a layout or layouts (strings), not {regions!r}")
    # An array's batch is its cells' bytes: size * size a board.
    boards = len(batch) // (size or 9) ** 2 if isinstance(batch, bytes) else len(batch)
    if len(layouts) != boards:
        raise ValueError(f"regions gives {len(layouts)} layout{'' if len(layouts) == 1 else 's'} for {boards} boards (one a board, or one string for all)")
    return layouts


def _reading(batch: Any, size: Optional[int], box: Any, variant: Any, regions: Any, symbols: Any) -> Dict[str, Any]:
    """The keyword arguments ``solve``, ``count`` and ``validate`` pass the
    engine for ``size=``, ``box=``, ``variant=``, ``regions=`` and
    ``symbols=``, checked (the symbols themselves by the engine, whose
    message names the problem)."""
    if symbols is not None and not isinstance(symbols, str):
        raise TypeError(f"symbols must be a string (a size's symbols in order), not {symbols!r}")
    return {
        "size": size,
        "boxes": _box(box),
        "variant": _variant(variant),
        "regions": _regions(regions, batch, size),
        "symbols": symbols,
    }


def _box(box: Optional[Tuple[int, int]]) -> Optional[Tuple[int, int]]:
    """``box=``: None, or (rows, columns), each a whole number from 1 to 25."""
    if box is None:
        return None
    try:
        rows, columns = (operator.index(n) for n in box)
    except (TypeError, ValueError):
        rows = columns = 0
    if not (1 <= rows <= 25 and 1 <= columns <= 25):
        raise ValueError(f"box must be (rows, columns), each a whole number from 1 to 25, not {box!r}")
    return rows, columns


def _batch(boards: Boards, size: Optional[int] = None) -> Any:
    """The batch as the engine takes it: a list of strings, or bytes of
    ``N * 81`` cells (an ``(N, 9, 9)`` array's bytes in C order are its
    ``(N, 81)`` reshape's: no reshape is made, and a non-contiguous array
    is copied once, as ``tobytes`` copies any array); with ``size``, bytes
    of ``N * size * size`` cells from ``(N, size * size)`` or ``(N, size,
    size)`` arrays."""
    if isinstance(boards, (str, bytes)):
        raise TypeError("pass a list of boards (one string each), not a single string")
    if isinstance(boards, np.ndarray):
        if boards.dtype.kind in "USO":
            if boards.ndim != 1:
                raise ValueError(f"an array of strings must be 1-D, not of shape {boards.shape}")
            return boards.tolist()
        side = 9 if size is None else size
        if not _cell_shape(boards.shape, side):
            raise _bad_cell_shape("an array of cells", boards.shape, side)
        if boards.dtype.kind not in "ui" and boards.dtype != np.bool_:
            raise ValueError(f"cells must be integers 0-{side}, not {boards.dtype}")
        if boards.dtype != np.uint8:
            bad = np.argwhere((boards < 0) | (boards > side))
            if len(bad):
                index = int(bad[0][0])
                # The cell's place on its board, from 0, whichever the shape.
                cell = int(np.ravel_multi_index(tuple(bad[0][1:]), boards.shape[1:]))
                raise ValueError(
                    f"boards[{index}]:1: cell {cell + 1} (r{cell // side + 1}c{cell % side + 1}) "
                    f"holds {boards[tuple(bad[0])]}: cells are 0 (empty) to {side}"
                )
        # C order whatever the array's layout: the cells row after row.
        return boards.astype(np.uint8, copy=False).tobytes()
    return boards


def _jobs(jobs: Optional[int]) -> Optional[int]:
    if jobs is not None and (not isinstance(jobs, int) or jobs < 1):
        raise ValueError(f"jobs must be a whole number of threads, at least 1, not {jobs!r}")
    return jobs


#: The largest count and the most look-alikes of each board: the CLI's
#: ``--limit`` and ``-n`` are 32-bit.
_MOST = 2**32 - 1


def _whole(name: str, value: Any, least: int, most: int, what: str = "") -> int:
    """``value`` as an int from ``least`` to ``most``, else ``ValueError``
    naming it (an int out of range would be an ``OverflowError`` below)."""
    try:
        number = operator.index(value)
    except TypeError:
        number = least - 1
    if not least <= number <= most:
        raise ValueError(f"{name} must be a whole number{what} from {least} to {most}, not {value!r}")
    return number


def _record(errors: str) -> bool:
    if errors not in ("raise", "record"):
        raise ValueError(f'errors must be "raise" or "record", not {errors!r}')
    return errors == "record"


def _statuses(codes: bytes) -> np.ndarray:
    return _WORDS[np.frombuffer(codes, dtype=np.uint8)]


def _records(data: bytes) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in data.splitlines()]


def _solutions(cells: bytes, width: Optional[int], lengths: Optional[bytes]) -> np.ndarray:
    """The solutions' cells: ``(N, width)`` when every board has ``width``
    cells, else an ``(N,)`` object array of each board's cells (``lengths``
    says how many, ``uint16`` each)."""
    flat = np.frombuffer(cells, dtype=np.uint8)
    if width is not None:
        return flat.reshape(-1, width)
    counts = np.frombuffer(lengths, dtype=np.uint16).tolist()
    boards = np.empty(len(counts), dtype=object)
    start = 0
    for index, count in enumerate(counts):
        boards[index] = flat[start : start + count]
        start += count
    return boards


def solve(
    boards: Boards,
    unique: bool = False,
    *,
    size: Optional[int] = None,
    box: Optional[Tuple[int, int]] = None,
    variant: Union[str, Sequence[str], None] = None,
    regions: Union[str, Sequence[str], None] = None,
    symbols: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: str = "raise",
) -> Solved:
    """Solve each board, as ``sudoku solve`` (``--unique``: prove it the only one).

    >>> import numpy as np
    >>> cells = np.zeros((2, 81), dtype=np.uint8)          # two empty boards
    >>> cells[1, :2] = 5                                  # ... one breaks a rule
    >>> solved = solve(cells, unique=True)
    >>> solved.statuses.tolist(), int(solved.solutions.sum())
    (['multiple', 'invalid'], 0)
    >>> solve(cells[:1]).solutions[0, :9].tolist()
    [1, 2, 3, 4, 5, 6, 7, 8, 9]

    Boards of other sizes and f-puzzles data are solved as the CLI solves
    them: an array of ``(N, size * size)`` or ``(N, size, size)`` cells with
    ``size=`` (``box=(rows, columns)`` as ``--box``), or strings. Every
    board S x S gives ``(N, S * S)`` solutions; sizes that differ, an
    ``(N,)`` object array of each board's cells.

    >>> solve(np.zeros((1, 4, 4), dtype=np.uint8), size=4).solutions.tolist()
    [[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]]
    >>> mixed = solve(["1" + "." * 15, "." * 81])
    >>> [len(cells) for cells in mixed.solutions]
    [16, 81]
    >>> x = solve(["." * 81], variant="x").solutions[0]    # both diagonals hold 1-9
    >>> sorted(x[::10].tolist()) == sorted(x[8:73:8].tolist()) == list(range(1, 10))
    True
    >>> solve(["." * 16], regions="aaababbbcccdcddd").solutions[0].tolist()   # jigsaw
    [1, 2, 3, 4, 4, 3, 1, 2, 2, 1, 4, 3, 3, 4, 2, 1]

    ``symbols=`` reads strings as ``--symbols`` does: the N symbols name
    1 to N in order (``.`` and ``_`` stay empty, ``0`` too unless it is
    one of them), N is the size unless ``size=`` says, and a bad string
    raises ``ValueError``. Solutions are numbers whatever the symbols.

    >>> solve(["WX" + "." * 14], symbols="WXYZ").solutions[0, :4].tolist()
    [1, 2, 3, 4]
    """
    size = _size(size)
    batch = _batch(boards, size)
    codes, cells, width, lengths, bad = _native.solve(
        batch, unique, _jobs(jobs), _record(errors), **_reading(batch, size, box, variant, regions, symbols)
    )
    return Solved(_solutions(cells, width, lengths), _statuses(codes), dict(bad))


def count(
    boards: Boards,
    limit: int = 1000,
    *,
    size: Optional[int] = None,
    box: Optional[Tuple[int, int]] = None,
    variant: Union[str, Sequence[str], None] = None,
    regions: Union[str, Sequence[str], None] = None,
    symbols: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: str = "raise",
) -> Counted:
    """Count each board's solutions up to ``limit``, as ``sudoku solve --count``.

    Boards of other sizes, f-puzzles data and ``symbols=`` as :func:`solve`
    takes them.

    >>> counted = count(["." * 81, "12345678." + "." * 71 + "9"], limit=10)
    >>> counted.solutions.tolist(), counted.limit_reached.tolist(), counted.statuses.tolist()
    ([10, 0], [True, False], ['multiple', 'unsolvable'])
    >>> count(["." * 16]).solutions.tolist()                # every 4x4 grid
    [288]
    """
    limit = _whole("limit", limit, 1, _MOST)
    size = _size(size)
    batch = _batch(boards, size)
    codes, numbers, reached, bad = _native.count(
        batch, limit, _jobs(jobs), _record(errors), **_reading(batch, size, box, variant, regions, symbols)
    )
    return Counted(
        np.frombuffer(numbers, dtype=np.uint32),
        np.frombuffer(reached, dtype=np.uint8).astype(bool),
        _statuses(codes),
        dict(bad),
    )


def validate(
    boards: Boards,
    complete: bool = False,
    unique: bool = False,
    *,
    size: Optional[int] = None,
    box: Optional[Tuple[int, int]] = None,
    variant: Union[str, Sequence[str], None] = None,
    regions: Union[str, Sequence[str], None] = None,
    symbols: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: str = "raise",
) -> Validated:
    """Check each board against the rules, as ``sudoku validate``.

    ``complete`` also requires every cell filled, ``unique`` exactly one
    solution; the first status that applies wins (invalid, incomplete,
    unsolvable, multiple). Boards of other sizes, f-puzzles data and
    ``symbols=`` as :func:`solve` takes them; their conflicts also name the
    ``rule`` and give the CLI's ``text`` (digits as numbers, whatever the
    symbols).

    >>> checked = validate(["5..5" + "." * 77, "." * 81])
    >>> checked.statuses.tolist()
    ['invalid', 'valid']
    >>> checked.conflicts[0]
    [{'unit': 'row', 'index': 1, 'digit': 5, 'cells': ['r1c1', 'r1c4']}]
    >>> validate(["1..1" + "." * 12]).conflicts[0][0]["text"]
    '1 twice in row 1 (r1c1, r1c4)'
    """
    size = _size(size)
    batch = _batch(boards, size)
    codes, data, bad = _native.validate(
        batch, complete, unique, _jobs(jobs), _record(errors), **_reading(batch, size, box, variant, regions, symbols)
    )
    conflicts: List[List[Dict[str, Any]]] = [[] for _ in range(len(codes))]
    for record in _records(data):  # the invalid boards' records only
        conflicts[int(record["source"][len("boards[") : -1])] = record["conflicts"]
    return Validated(_statuses(codes), conflicts, dict(bad))


def rate(boards: Boards, *, jobs: Optional[int] = None, errors: str = "raise") -> Rated:
    """Rate each proper puzzle on Sudoku Explainer's scale, as ``sudoku rate``.

    ER, EP and ED are ``float32`` (compare them rounded to one decimal, or
    times ten as integers); boards that are invalid, unsolvable or have
    several solutions are not rated (NaN).

    >>> rated = rate(["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"])
    >>> [round(float(x[0]), 1) for x in (rated.er, rated.ep, rated.ed)], rated.hardest
    ([1.2, 1.2, 1.2], ['Hidden single in box'])
    """
    codes, numbers, hardest, bad = _native.rate(_batch(boards), _jobs(jobs), _record(errors))
    triples = np.frombuffer(numbers, dtype=np.float32).reshape(-1, 3)
    er, ep, ed = (np.ascontiguousarray(triples[:, k]) for k in range(3))
    return Rated(er, ep, ed, _statuses(codes), list(hardest), dict(bad))


def explain(
    boards: Boards, *, jobs: Optional[int] = None, errors: str = "raise"
) -> List[Dict[str, Any]]:
    """Each board's solution step by step, as ``sudoku explain --format json``.

    Each record holds ``status``, ``er``/``ep``/``ed``, ``hardest``,
    ``solution`` and ``steps`` (each step's ``rating``, ``technique``,
    ``text``, ``placed`` and ``eliminated``).

    >>> record = explain(["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"])[0]
    >>> record["status"], record["er"], record["steps"][0]["text"]
    ('rated', 1.2, 'Hidden single in box 2: r1c6=8')
    >>> len(record["steps"]), record["solution"][:9]
    (51, '534678912')
    """
    _codes, data, _bad = _native.explain(_batch(boards), _jobs(jobs), _record(errors))
    return _records(data)


def hint(
    boards: Boards,
    candidates: bool = False,
    level: str = "step",
    *,
    jobs: Optional[int] = None,
    errors: str = "raise",
) -> List[Dict[str, Any]]:
    """The next step a person should look for, as ``sudoku hint --format json``.

    With ``candidates``, start from the pencil marks of 729-cell boards. The
    step is under ``step`` (status ``hint``); ``level`` is ``"technique"``
    (its name and difficulty), ``"pattern"`` (also what it rests on) or
    ``"step"`` (the whole step, a chain with its branches), as ``--level``.

    >>> hint(["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"], level="technique")[0]["step"]
    {'rating': 1.2, 'technique': 'Hidden single in box'}
    """
    _codes, data, _bad = _native.hint(
        _batch(boards), candidates, level, _jobs(jobs), _record(errors)
    )
    return _records(data)


def canon(
    boards: Boards, pattern_first: bool = False, *, jobs: Optional[int] = None, errors: str = "raise"
) -> List[Dict[str, Any]]:
    """Each board's canonical form, as ``sudoku canon --format json``.

    Each record holds ``canonical`` (minlex, or with ``pattern_first`` the
    least pattern of givens first), ``transform`` (the map from the board
    onto it), ``automorphisms`` and ``symmetry``. Look-alikes share one form.

    >>> a = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> turned = transform([a], rotate=90)[0]["transformed"]
    >>> canon([a])[0]["canonical"] == canon([turned])[0]["canonical"]
    True
    """
    _codes, data, _bad = _native.canon(_batch(boards), pattern_first, _jobs(jobs), _record(errors))
    return _records(data)


def transform(
    boards: Boards,
    rotate: Optional[int] = None,
    mirror: bool = False,
    flip: bool = False,
    transpose: bool = False,
    relabel: Optional[str] = None,
    *,
    random: bool = False,
    seed: Optional[int] = None,
    n: int = 1,
    jobs: Optional[int] = None,
    errors: str = "raise",
) -> List[Dict[str, Any]]:
    """Each board turned (``rotate`` 90, 180 or 270, clockwise), mirrored,
    flipped, transposed and relabelled, in that order, as ``sudoku transform
    --format json``: ``transformed`` and the ``transform`` map.

    >>> transform(["1" + "." * 80], rotate=90)[0]["transformed"][:9]
    '........1'

    With ``random``, ``n`` look-alikes of each board instead (``sudoku
    transform --random --seed S -n N``), drawn uniformly from every map and
    relabelling: the same ``seed`` gives the same look-alikes as the CLI on
    the same boards, whatever ``jobs`` is. Each record carries its own
    ``seed`` (replayed alone with ``n=1``); without ``seed`` one is drawn.
    A board's ``n`` records come together, in input order.

    >>> looks = transform(["1" + "." * 80], random=True, seed=7, n=3)
    >>> len(looks), len({look["transformed"] for look in looks}) > 1
    (3, True)
    """
    if random:
        if rotate is not None or mirror or flip or transpose or relabel is not None:
            raise ValueError("random look-alikes take no named map (rotate, mirror, flip, transpose, relabel)")
        n = _whole("n", n, 1, _MOST, " of look-alikes")
        if seed is not None and (not isinstance(seed, int) or not 0 <= seed < 1 << 64):
            raise ValueError(f"seed must be a whole number from 0 to 2^64-1, not {seed!r}")
        _codes, data, _bad = _native.transform_random(_batch(boards), seed, n, _jobs(jobs), _record(errors))
        return _records(data)
    if seed is not None or n != 1:
        raise ValueError("seed and n go with random=True")
    _codes, data, _bad = _native.transform(
        _batch(boards), rotate, mirror, flip, transpose, relabel, _jobs(jobs), _record(errors)
    )
    return _records(data)


def generate(
    n: int = 1,
    seed: Optional[int] = None,
    *,
    symmetry: str = "none",
    minimal: bool = False,
    givens: Union[int, str, None] = None,
    rating: Union[float, str, None] = None,
    difficulty: Optional[str] = None,
    timeout: Optional[float] = None,
    jobs: Optional[int] = None,
) -> List[Dict[str, Any]]:
    """``n`` distinct puzzles, as ``sudoku generate --format json`` prints them.

    The options are the CLI's: ``symmetry`` (none, rotate180, rotate90,
    mirror, flip, diagonal, antidiagonal), ``minimal``, ``givens`` (``25`` or
    ``"22..26"``), ``rating`` (an ER range, ``"7.0.."`` or ``"2.5..4.9"``),
    ``difficulty`` (easy, medium, hard, diabolical), ``timeout`` in seconds.
    The same seed and options give the same puzzles whatever ``jobs`` is;
    without a seed one is drawn, and each record's ``seed`` replays it.
    An impossible request raises ``ValueError``; at the timeout the puzzles
    found so far are returned with a ``RuntimeWarning``.

    >>> made = generate(2, seed=7, symmetry="rotate180", givens="24..30")
    >>> [len(p["puzzle"]) for p in made], all(24 <= p["givens"] <= 30 for p in made)
    ([81, 81], True)
    >>> made == generate(2, seed=7, symmetry="rotate180", givens="24..30", jobs=1)
    True
    """
    n = _whole("n", n, 0, 2**64 - 1, " of puzzles")
    data, _seed, found = _native.generate(
        n,
        seed,
        symmetry,
        minimal,
        None if givens is None else str(givens),
        None if rating is None else str(rating),
        difficulty,
        timeout,
        _jobs(jobs),
    )
    if found < n:
        warnings.warn(
            f"generate: asked for {n} puzzles, found {found} within the {timeout} s timeout",
            RuntimeWarning,
            stacklevel=2,
        )
    return _records(data)


def to_array(boards: Sequence[str], *, errors: str = "raise") -> np.ndarray:
    """The boards' cells as a ``(N, 81)`` ``uint8`` array, 0 for empty.

    Reads each string as the CLI reads a board (so it raises on malformed
    ones, or leaves their row zero with ``errors="record"``).

    >>> to_array(["1" + "." * 80])[0, :3].tolist()
    [1, 0, 0]
    """
    _codes, cells, _bad = _native.cells(_batch(boards), None, _record(errors))
    return np.frombuffer(cells, dtype=np.uint8).reshape(-1, 81)


def to_strings(cells: np.ndarray, *, size: Optional[int] = None, symbols: Optional[str] = None) -> List[str]:
    """``(N, 81)`` or ``(N, 9, 9)`` cells as 81-character lines, ``.`` for empty.

    With ``size=S``, ``(N, S * S)`` or ``(N, S, S)`` cells as lines of
    ``S * S`` symbols, as the CLI writes them: ``1``-``9``, then ``A``-``P``
    for 10 to 25. With ``symbols=``, values 1 to S are written as those S
    symbols (S their count, which ``size=`` must equal if given), so that
    ``solve(..., symbols=)`` reads the lines back.

    >>> to_strings(np.array([[1] + [0] * 80], dtype=np.uint8))[0][:3]
    '1..'
    >>> grids = np.zeros((1, 9, 9), dtype=np.uint8)
    >>> grids[0, 1, 0] = 7                                # r2c1
    >>> to_strings(grids)[0][:12]
    '.........7..'
    >>> to_strings(np.array([[16, 10] + [0] * 254]), size=16)[0][:3]
    'GA.'
    >>> to_strings(np.array([[1, 16, 0] + [0] * 253]), symbols="0123456789ABCDEF")[0][:3]
    '0F.'
    """
    side = 9 if size is None else _whole("size", size, 4, 25)
    table = np.frombuffer(b".123456789ABCDEFGHIJKLMNOP"[: side + 1], dtype=np.uint8)
    if symbols is not None:
        if not isinstance(symbols, str):
            raise TypeError(f"symbols must be a string (a size's symbols in order), not {symbols!r}")
        count = _native.symbols_size(symbols)
        # Every value needs a symbol: fewer would write some as another's.
        if size is not None and count != side:
            raise ValueError(f"symbols names {count} values; size={side} needs {side}")
        side = count
        table = np.frombuffer(b"." + symbols.encode("ascii"), dtype=np.uint8)
    cells = np.asarray(cells)
    if not _cell_shape(cells.shape, side):
        raise _bad_cell_shape("cells", cells.shape, side)
    text = table[cells.astype(np.intp)].tobytes().decode("ascii")
    width = side * side
    return [text[i : i + width] for i in range(0, len(text), width)]
