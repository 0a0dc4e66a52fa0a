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

#: The rated DataFrame's columns: ``id`` keeps each board's place (its line
#: in the file for :func:`read_puzzles`), so the rows can be put back in
#: input order (``orderBy("id")``) or joined to the input.
SCHEMA = "id long, puzzle string, status string, er float, ep float, ed float, hardest string"


def rate_batches(frames: Iterator[Any]) -> Iterator[Any]:
    """``mapInPandas``' function: each pandas batch of puzzles, rated."""
    import pandas as pd

    import sudoku_cli

    for frame in frames:
        boards = frame["puzzle"].tolist()
        rated = sudoku_cli.rate(boards, jobs=1, errors="record")
        yield pd.DataFrame(
            {
                "id": frame["id"],
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
    (malformed boards have status ``error``, unrated ones null ratings).
    ``id`` is ``frame``'s own ``id`` column when it has one (the line numbers
    :func:`read_puzzles` gives), else an id increasing in ``frame``'s order
    (Spark's ``monotonically_increasing_id``: not consecutive)."""
    from pyspark.sql import functions as F

    ids = frame["id"] if "id" in frame.columns else F.monotonically_increasing_id()
    boards = frame.select(ids.cast("long").alias("id"), frame[column].alias("puzzle"))
    return boards.mapInPandas(rate_batches, SCHEMA)


def read_puzzles(spark: Any, path: str, column: Optional[str] = None, first: int = 0) -> Any:
    """Boards as a DataFrame of ``id`` (the 1-based line each board is on,
    so that results join back to the file and sort into its order) and
    ``puzzle``: from a CSV file with a header (its first column, or
    ``column``; a row's line counts the header), else from a text file of
    one board per line (blank lines and ``#`` comments skipped; with
    ``first``, only each line's first characters; a label after a board,
    such as the rating on each line of the Sudoku Exchange bank, is read as
    a label and kept out of the board anyway)."""
    from pyspark.sql import functions as F

    if path.endswith(".csv"):
        frame = spark.read.csv(path, header=True)
        name = column or frame.columns[0]
        # Row i (from 0) of the data is on line i + 2, under the header.
        numbered = frame.select(name).rdd.zipWithIndex().map(lambda r: (r[1] + 2, r[0][0]))
        return numbered.toDF("id long, puzzle string")
    numbered = spark.read.text(path).rdd.zipWithIndex().map(lambda r: (r[1] + 1, r[0][0]))
    lines = numbered.toDF("id long, value string")
    line = F.trim("value")
    kept = lines.where((line != "") & ~line.startswith("#"))
    board = F.substring(line, 1, first) if first else line
    return kept.select("id", board.alias("puzzle"))
