"""The Spark recipe (python/spark/rate.py) in local mode: the Parquet it
writes holds what `sudoku_cli.rate` (and so the CLI) gives. Runs only where
pyspark and a Java runtime are installed (scripts/spark-rate.sh installs
them); CI skips it to stay short."""

from __future__ import annotations

import os
import shutil
import sys

import numpy as np
import pytest

import sudoku_cli
from conftest import MIXED

pytest.importorskip("pyspark")
pytest.importorskip("pyarrow")
if shutil.which("java") is None:
    pytest.skip("no Java runtime", allow_module_level=True)

from sudoku_cli import spark as spark_rate  # noqa: E402


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    # The workers run this interpreter, which has sudoku_cli installed.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    session = (
        SparkSession.builder.master("local[2]")
        .appName("sudoku-cli test")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    yield session
    session.stop()


def test_spark_rates_a_dataframe_into_parquet(spark, bank, tmp_path):
    # One-line boards of every form and status, malformed ones included.
    mixed = [b for b in MIXED if "\n" not in b]
    boards = bank[::5] + mixed
    text = tmp_path / "puzzles.txt"
    text.write_text("# a comment\n\n" + "".join(f"{line}\n" for line in boards))
    frame = spark_rate.read_puzzles(spark, str(text)).repartition(3)
    out = tmp_path / "rated.parquet"
    spark_rate.rate_frame(frame).write.parquet(str(out))

    rows = {r.puzzle: r for r in spark.read.parquet(str(out)).collect()}
    expected = sudoku_cli.rate(boards, errors="record")
    assert len(rows) == len(set(boards))
    for board, status, er, ep, ed, hardest in zip(
        boards, expected.statuses, expected.er, expected.ep, expected.ed, expected.hardest
    ):
        row = rows[board]
        assert row.status == status
        assert row.hardest == hardest
        for got, want in ((row.er, er), (row.ep, ep), (row.ed, ed)):
            assert (got is None or np.isnan(got)) if np.isnan(want) else got == pytest.approx(want)
    assert sum(r.status == "rated" for r in rows.values()) > 300
    assert sum(r.status == "error" for r in rows.values()) >= 2
    # Each row's id is the line its board is on (two lines of header).
    written = spark.read.parquet(str(out)).collect()
    assert sorted(r.id for r in written) == list(range(3, 3 + len(boards)))
    assert all(boards[r.id - 3] == r.puzzle for r in written)


def test_the_recipe_writes_rows_in_input_order(spark, bank, tmp_path):
    """rate.py sorts by id: the Parquet reads back in the file's order,
    however the partitions finished."""
    import subprocess

    boards = bank[:200]
    text = tmp_path / "puzzles.txt"
    text.write_text("".join(f"{line}\n" for line in boards))
    out = tmp_path / "ordered.parquet"
    recipe = os.path.join(os.path.dirname(__file__), "..", "spark", "rate.py")
    subprocess.run(
        [sys.executable, recipe, str(text), str(out), "--partitions", "4"],
        check=True,
        capture_output=True,
    )
    rows = spark.read.parquet(str(out)).collect()
    assert [r.id for r in rows] == list(range(1, len(boards) + 1))
    assert [r.puzzle for r in rows] == boards


def test_spark_reads_the_bank_as_printed(spark):
    """The bank prints a rating after each board: `first=81` drops it."""
    from conftest import BANK

    frame = spark_rate.read_puzzles(spark, str(BANK), first=81).limit(50)
    puzzles = [r.puzzle for r in frame.collect()]
    assert len(puzzles) == 50 and all(len(p) == 81 for p in puzzles)
    assert (sudoku_cli.validate(puzzles).statuses == "valid").all()
