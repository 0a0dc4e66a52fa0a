#!/usr/bin/env bash
# Rate a file of puzzles with Apache Spark in local mode on this machine's
# cores, writing Parquet with er/ep/ed (python/spark/rate.py). Installs what
# it needs: a virtual environment in target/spark-venv with this package,
# pyspark, pandas and pyarrow from PyPI, and Java 17 with apt-get when no
# `java` is on PATH. Then, with --test, runs python/tests/test_spark.py.
#
#   scripts/spark-rate.sh INPUT OUTPUT [rate.py options, e.g. --first 81]
#   scripts/spark-rate.sh --test
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

venv=target/spark-venv
if ! command -v java >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq openjdk-17-jre-headless >/dev/null
fi
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --upgrade pip
fi
"$venv/bin/pip" install --quiet "./python[spark,test]"

if [ "${1:-}" = "--test" ]; then
    cargo build --release --quiet
    cd python/tests
    SUDOKU_BIN="$PWD/../../target/release/sudoku" exec "../../$venv/bin/python" -m pytest -q test_spark.py
fi
[ $# -ge 2 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
exec "$venv/bin/python" python/spark/rate.py "$@"
