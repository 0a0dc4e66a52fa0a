# Type stubs for sudoku_cli: the documented API (see __init__.py's docstrings).
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str
STATUS_WORDS: tuple[str, ...]

#: A batch: one string per board (any form the CLI reads, a label after a
#: one-line board kept in records as "label"), or an (N, 81) or (N, 9, 9)
#: integer array of cells, 0 for empty. solve, count and validate also read
#: boards of other sizes and f-puzzles data (strings), and (N, S*S) or
#: (N, S, S) arrays with size=S.
Boards = Union[Sequence[str], npt.NDArray[Any]]
Errors = str  # "raise" (default) or "record"
#: box=: boxes of (rows, columns), as the CLI's --box RxC; variant=: the
#: rules of the CLI's --variant ("x", "windoku", "disjoint", "anti-knight",
#: "anti-king", "non-consecutive"), a name, names or "x,anti-knight";
#: regions=: jigsaw layouts as the CLI's --regions (size*size symbols, one a
#: cell, naming its region), one for every board or one a board;
#: symbols=: a size's symbols in order for strings, as the CLI's --symbols
#: ("0123456789ABCDEF"; the size is their count unless size= says).
Box = Tuple[int, int]

class Solved(NamedTuple):
    # (N, 81) uint8; (N, S*S) uint8 when every board is S x S; an (N,)
    # object array of each board's own uint8 cells when sizes differ.
    solutions: npt.NDArray[Any]
    statuses: npt.NDArray[np.str_]
    errors: Dict[int, str]

class Counted(NamedTuple):
    solutions: npt.NDArray[np.uint32]
    limit_reached: npt.NDArray[np.bool_]
    statuses: npt.NDArray[np.str_]
    errors: Dict[int, str]

class Validated(NamedTuple):
    statuses: npt.NDArray[np.str_]
    # The CLI's JSON conflicts; boards of other sizes or with rules add
    # "rule" and "text".
    conflicts: List[List[Dict[str, Any]]]
    errors: Dict[int, str]

class Rated(NamedTuple):
    er: npt.NDArray[np.float32]
    ep: npt.NDArray[np.float32]
    ed: npt.NDArray[np.float32]
    statuses: npt.NDArray[np.str_]
    hardest: List[Optional[str]]
    errors: Dict[int, str]

def solve(
    boards: Boards,
    unique: bool = False,
    *,
    size: Optional[int] = None,
    box: Optional[Box] = None,
    variant: Union[str, Sequence[str], None] = None,
    regions: Union[str, Sequence[str], None] = None,
    symbols: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: Errors = "raise",
) -> Solved: ...
def count(
    boards: Boards,
    limit: int = 1000,
    *,
    size: Optional[int] = None,
    box: Optional[Box] = None,
    variant: Union[str, Sequence[str], None] = None,
    regions: Union[str, Sequence[str], None] = None,
    symbols: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: Errors = "raise",
) -> Counted: ...
def validate(
    boards: Boards,
    complete: bool = False,
    unique: bool = False,
    *,
    size: Optional[int] = None,
    box: Optional[Box] = None,
    variant: Union[str, Sequence[str], None] = None,
    regions: Union[str, Sequence[str], None] = None,
    symbols: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: Errors = "raise",
) -> Validated: ...
# rate, explain, hint, canon, transform and to_array: classic 9x9 boards
# only (any other is refused: ValueError, or an error record).
def rate(boards: Boards, *, jobs: Optional[int] = None, errors: Errors = "raise") -> Rated: ...
def explain(
    boards: Boards, *, jobs: Optional[int] = None, errors: Errors = "raise"
) -> List[Dict[str, Any]]: ...
def hint(
    boards: Boards,
    candidates: bool = False,
    level: str = "step",
    *,
    jobs: Optional[int] = None,
    errors: Errors = "raise",
) -> List[Dict[str, Any]]: ...
def canon(
    boards: Boards,
    pattern_first: bool = False,
    *,
    jobs: Optional[int] = None,
    errors: Errors = "raise",
) -> List[Dict[str, Any]]: ...
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
    errors: Errors = "raise",
) -> List[Dict[str, Any]]: ...
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
) -> List[Dict[str, Any]]: ...
def to_array(boards: Sequence[str], *, errors: Errors = "raise") -> npt.NDArray[np.uint8]: ...
# cells: (N, 81) or (N, 9, 9); with size=S, (N, S*S) or (N, S, S); with
# symbols=, values written in them (S their count) as solve reads them back.
def to_strings(cells: npt.NDArray[Any], *, size: Optional[int] = None, symbols: Optional[str] = None) -> List[str]: ...
