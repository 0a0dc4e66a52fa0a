# The Rust extension behind sudoku_cli: buffers in, buffers out. Use the
# functions of sudoku_cli itself; these are its implementation.
from typing import Any, List, Optional, Tuple

STATUS_WORDS: List[str]
__version__: str

_Errors = List[Tuple[int, str]]

_Box = Optional[Tuple[int, int]]

# Status codes, cells, cells per board (None when sizes differ: then each
# board's count as uint16 bytes), errors.
def solve(
    boards: Any, unique: bool = ..., jobs: Optional[int] = ..., record: bool = ..., size: Optional[int] = ..., boxes: _Box = ..., variant: Optional[List[str]] = ..., regions: Optional[List[str]] = ..., symbols: Optional[str] = ...
) -> Tuple[bytes, bytes, Optional[int], Optional[bytes], _Errors]: ...
def count(
    boards: Any, limit: int = ..., jobs: Optional[int] = ..., record: bool = ..., size: Optional[int] = ..., boxes: _Box = ..., variant: Optional[List[str]] = ..., regions: Optional[List[str]] = ..., symbols: Optional[str] = ...
) -> Tuple[bytes, bytes, bytes, _Errors]: ...
def validate(
    boards: Any,
    complete: bool = ...,
    unique: bool = ...,
    jobs: Optional[int] = ...,
    record: bool = ...,
    size: Optional[int] = ...,
    boxes: _Box = ...,
    variant: Optional[List[str]] = ...,
    regions: Optional[List[str]] = ...,
    symbols: Optional[str] = ...,
) -> Tuple[bytes, bytes, _Errors]: ...
def rate(boards: Any, jobs: Optional[int] = ..., record: bool = ...) -> Tuple[bytes, bytes, List[Optional[str]], _Errors]: ...
def explain(boards: Any, jobs: Optional[int] = ..., record: bool = ...) -> Tuple[bytes, bytes, _Errors]: ...
def hint(boards: Any, candidates: bool = ..., level: str = ..., jobs: Optional[int] = ..., record: bool = ...) -> Tuple[bytes, bytes, _Errors]: ...
def canon(boards: Any, pattern_first: bool = ..., jobs: Optional[int] = ..., record: bool = ...) -> Tuple[bytes, bytes, _Errors]: ...
def transform(
    boards: Any,
    rotate: Optional[int] = ...,
    mirror: bool = ...,
    flip: bool = ...,
    transpose: bool = ...,
    relabel: Optional[str] = ...,
    jobs: Optional[int] = ...,
    record: bool = ...,
) -> Tuple[bytes, bytes, _Errors]: ...
def transform_random(
    boards: Any,
    seed: Optional[int] = ...,
    copies: int = ...,
    jobs: Optional[int] = ...,
    record: bool = ...,
) -> Tuple[bytes, bytes, _Errors]: ...
# symbols=: how many symbols (ValueError if they cannot be --symbols).
def symbols_size(symbols: str) -> int: ...
def cells(boards: Any, jobs: Optional[int] = ..., record: bool = ...) -> Tuple[bytes, bytes, _Errors]: ...
def generate(
    n: int = ...,
    seed: Optional[int] = ...,
    symmetry: str = ...,
    minimal: bool = ...,
    givens: Optional[str] = ...,
    rating: Optional[str] = ...,
    difficulty: Optional[str] = ...,
    timeout: Optional[float] = ...,
    jobs: Optional[int] = ...,
) -> Tuple[bytes, int, int]: ...
