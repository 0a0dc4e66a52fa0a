"""Rate a file of puzzles with Apache Spark and write Parquet with the columns
id, puzzle, status, er, ep, ed, hardest, in input order (id: the board's line
in INPUT; sudoku_cli.spark does the work).

    python python/spark/rate.py INPUT OUTPUT [--column NAME] [--master local[2]]

INPUT is a text file of one-line boards (blank lines and `#` comments
skipped; --first 81 keeps each line's first 81 characters, dropping what
follows the board) or a CSV file with a header (its first column, or
--column NAME).
scripts/spark-rate.sh installs what it needs and runs it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from sudoku_cli.spark import rate_frame, read_puzzles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--column", help="the CSV column holding the boards")
    parser.add_argument("--first", type=int, default=0, help="keep each line's first N characters")
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--partitions", type=int, default=0, help="repartition first (0: as read)")
    args = parser.parse_args()

    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    # Local workers run this interpreter, which has sudoku_cli installed
    # (on a cluster, install the wheel on every executor).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    started = time.perf_counter()
    spark = (
        SparkSession.builder.master(args.master)
        .appName("sudoku-cli rate")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "2048")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    ready = time.perf_counter()
    puzzles = read_puzzles(spark, args.input, args.column, args.first)
    if args.partitions:
        puzzles = puzzles.repartition(args.partitions)
    # Rows in input order: Spark writes partitions as they finish, so the
    # order is restored by the line each board came from.
    rate_frame(puzzles).orderBy("id").write.mode("overwrite").parquet(args.output)
    written = time.perf_counter()

    result = spark.read.parquet(args.output)
    rows = result.count()
    print(f"rated {rows} puzzles into {args.output}")
    result.groupBy("status").count().orderBy("status").show()
    result.where("status = 'rated'").select(
        F.round(F.avg("er"), 2).alias("mean_er"), F.max("er").alias("max_er")
    ).show()
    seconds = written - ready
    print(
        f"spark session {ready - started:.1f} s; read, rate and write {seconds:.1f} s "
        f"({rows / seconds:,.2f} puzzles/s, master {args.master})"
    )
    spark.stop()


if __name__ == "__main__":
    main()
