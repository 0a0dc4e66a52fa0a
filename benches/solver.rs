//! Solver throughput on the public benchmark sets, in boards per second.
//!
//! One criterion group per set of `../shared/puzzles/` (relative to the
//! crate; see its `SOURCES.md`), each measuring three functions over the same
//! boards:
//!
//! - `solve_first`: [`solve`] with limit 1 (stop at the first solution);
//! - `prove_unique`: limit 2 (what `sudoku solve --unique` does);
//! - `count_1000`: limit 1000 (what `--count` does; only the multi-solution
//!   `puzzles7_serg_benchmark` boards actually count past 2).
//!
//! One iteration solves every board of the subset once, so criterion's
//! throughput line reads in boards per second. Boards are parsed once, before
//! timing, with the library's [`Boards`] reader; the solver alone is timed.
//!
//! **Subsets.** To keep `cargo bench` to a few minutes, a set of more than
//! 2,000 boards is cut to 2,000 boards spread evenly through the file (board
//! `i * len / 2000` for `i` in `0..2000`), not the first 2,000: the sets are
//! not shuffled (the first 2,000 17-clue puzzles need fewer guesses than the
//! set as a whole). So `puzzles2_17_clue`, `puzzles5_forum_hardest_1905_11+`,
//! `puzzles7_serg_benchmark` and `kaggle_first20k.csv` use 2,000 boards each,
//! and `puzzles3_magictour_top1465` (1,465) and `puzzles6_forum_hardest_1106`
//! (375) are used whole. For `kaggle_first20k.csv`, a CSV of
//! `quizzes,solutions`, the first field of each data row is the puzzle.
//!
//! **Without the shared sets** (a fresh clone), each group falls back to a
//! small sample from `puzzles/` and is named `<set>-sample` so that its
//! figures are never compared with the real set's: the hard sets use
//! `puzzles/hard.txt`, the easy ones `puzzles/grid.txt`.
//!
//! Run with `cargo bench --bench solver` (one group: `cargo bench --bench
//! solver -- puzzles6`). The criterion settings below (10 samples, 1 s
//! warm-up, 3 s measurement) can be overridden on the command line, e.g.
//! `-- --measurement-time 10`.

mod common;

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_cli::{solve, Board, Boards};

/// Boards per set, at most.
const SUBSET: usize = 2_000;

/// A public set, and the sample that stands in for it when it is absent.
struct Set {
    /// The file name in `../shared/puzzles/`.
    name: &'static str,
    /// The stand-in in `puzzles/`.
    sample: &'static str,
    /// Whether the file is the Kaggle CSV (`quiz,solution` rows, a header).
    csv: bool,
}

const SETS: [Set; 6] = [
    Set {
        name: "puzzles2_17_clue",
        sample: "grid.txt",
        csv: false,
    },
    Set {
        name: "puzzles3_magictour_top1465",
        sample: "hard.txt",
        csv: false,
    },
    Set {
        name: "puzzles5_forum_hardest_1905_11+",
        sample: "hard.txt",
        csv: false,
    },
    Set {
        name: "puzzles6_forum_hardest_1106",
        sample: "hard.txt",
        csv: false,
    },
    Set {
        name: "puzzles7_serg_benchmark",
        sample: "grid.txt",
        csv: false,
    },
    Set {
        name: "kaggle_first20k.csv",
        sample: "grid.txt",
        csv: true,
    },
];

/// The three measurements of each group: name and solution limit.
const FUNCTIONS: [(&str, u32); 3] = [
    ("solve_first", 1),
    ("prove_unique", 2),
    ("count_1000", 1000),
];

/// Every board of `text`; panics on a malformed one (the sets have none).
fn parse(text: &str, source: &str) -> Vec<Board> {
    Boards::new(text.as_bytes(), source)
        .map(|item| match item {
            Ok(entry) => entry.board,
            Err(error) => panic!("{error}"),
        })
        .collect()
}

/// The puzzle column of the Kaggle CSV: the first field of each row after
/// the `quizzes,solutions` header, one puzzle per line.
fn kaggle_puzzles(csv: &str) -> String {
    let mut rows = csv.lines();
    let header = rows.next().unwrap_or_default();
    assert!(
        header.starts_with("quizzes"),
        "unexpected header {header:?}"
    );
    let mut puzzles = String::with_capacity(csv.len() / 2);
    for row in rows {
        puzzles.push_str(row.split(',').next().unwrap_or_default());
        puzzles.push('\n');
    }
    puzzles
}

/// At most `n` boards spread evenly through `boards`, in file order.
fn spread(boards: Vec<Board>, n: usize) -> Vec<Board> {
    let len = boards.len();
    if len <= n {
        return boards;
    }
    (0..n).map(|i| boards[i * len / n]).collect()
}

/// The group name and boards for `set`: the shared file's subset, or the
/// sample that stands in for it.
fn load(set: &Set) -> (String, Vec<Board>) {
    let shared = common::crate_dir().join("../shared/puzzles").join(set.name);
    let (group, path) = if shared.is_file() {
        (set.name.to_owned(), shared)
    } else {
        let sample = common::crate_dir().join("puzzles").join(set.sample);
        eprintln!(
            "note: {} is absent; benchmarking puzzles/{} as {}-sample",
            shared.display(),
            set.sample,
            set.name
        );
        (format!("{}-sample", set.name), sample)
    };
    let text = read(&path);
    let boards = if set.csv && group == set.name {
        parse(&kaggle_puzzles(&text), set.name)
    } else {
        parse(&text, set.name)
    };
    assert!(!boards.is_empty(), "{}: no boards", path.display());
    (group, spread(boards, SUBSET))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn solver(c: &mut Criterion) {
    for set in &SETS {
        let (name, boards) = load(set);
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(boards.len() as u64));
        for (function, limit) in FUNCTIONS {
            group.bench_function(function, |b| {
                b.iter(|| {
                    for board in &boards {
                        black_box(solve(black_box(board), limit).ok());
                    }
                });
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = solver
}
criterion_main!(benches);
