"""Apache Spark helpers: rate a DataFrame of puzzles with sudoku_cli.

Each Spark task rates its partition's Arrow batches with one call of
:func:`sudoku_cli.rate` (``jobs=1``: Spark already runs one task per core),
so the work splits as the DataFrame does: on a cluster, across every
executor core. Needs ``pyspark``, ``pandas`` and ``pyarrow`` (the ``spark``
extra); this module imports none of them until it is used.

>>> from sudoku_cli.spark import rate_frame            # doctest: +SKIP
>>> rated = rate_frame(spark.read.text("puzzles.txt"), "value")  # doctest: +SKIP
>>> rated.write.parquet("rated.parquet")              # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any, Iterator, Optional

#: The rated DataFrame's columns.
SCHEMA = "puzzle string, status string, er float, ep float, ed float, hardest string"


def rate_batches(frames: Iterator[Any]) -> Iterator[Any]:
    """``mapInPandas``' function: each pandas batch of puzzles, rated."""
    import pandas as pd

    import sudoku_cli

    for frame in frames:
        boards = frame["puzzle"].tolist()
        rated = sudoku_cli.rate(boards, jobs=1, errors="record")
        yield pd.DataFrame(
            {
                "puzzle": boards,
                "status": rated.statuses,
                "er": rated.er,
                "ep": rated.ep,
                "ed": rated.ed,
                "hardest": rated.hardest,
            }
        )


def rate_frame(frame: Any, column: str = "puzzle") -> Any:
    """``frame``'s string ``column`` of boards, rated: the columns of SCHEMA
    (malformed boards have status ``error``, unrated ones null ratings)."""
    return frame.select(frame[column].alias("puzzle")).mapInPandas(rate_batches, SCHEMA)


def read_puzzles(spark: Any, path: str, column: Optional[str] = None, first: int = 0) -> Any:
    """Boards as a DataFrame column ``puzzle``: from a CSV file with a header
    (its first column, or ``column``), else from a text file of one board per
    line (blank lines and ``#`` comments skipped; with ``first``, only each
    line's first characters, to drop what follows the board, such as the
    rating on each line of the Sudoku Exchange bank)."""
    from pyspark.sql import functions as F

    if path.endswith(".csv"):
        frame = spark.read.csv(path, header=True)
        return frame.select(F.col(column or frame.columns[0]).alias("puzzle"))
    lines = spark.read.text(path)
    line = F.trim("value")
    kept = lines.where((line != "") & ~line.startswith("#"))
    return kept.select((F.substring(line, 1, first) if first else line).alias("puzzle"))
