//! The logic engine's rating throughput per ER band, in puzzles per second.
//!
//! The bands are those of issue 7's speed table (Sudoku Explainer's own
//! rates in brackets, one thread): 1.2 (450/s), 2.5-3.8 (105/s), 4.0-5.9
//! (41/s), 6.0-7.9 (7.1/s) and 8.0-9.3 (1.9/s). Puzzles are those of
//! `../shared/puzzles/se_bank_sample.serate.txt` whose published ER lies in
//! the band; one iteration rates each of them once with [`rate`] (the
//! solver's check that the commands run first is not timed). Without the
//! shared file the bench falls back to `puzzles/hard.txt` as one group named
//! `hard-sample`.
//!
//! Run with `cargo bench --bench logic`.

mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_cli::logic::rate;
use sudoku_cli::Board;

const BANDS: [(&str, f64, f64); 5] = [
    ("er_1.2", 1.2, 1.2),
    ("er_2.5-3.8", 2.5, 3.8),
    ("er_4.0-5.9", 4.0, 5.9),
    ("er_6.0-7.9", 6.0, 7.9),
    ("er_8.0-9.3", 8.0, 9.3),
];

fn bank() -> Option<Vec<(Board, f64)>> {
    let path = common::crate_dir().join("../shared/puzzles/se_bank_sample.serate.txt");
    let text = std::fs::read_to_string(path).ok()?;
    let rated = text.lines().filter_map(|line| {
        let (puzzle, rating) = line.split_once(' ')?;
        let er = rating.split('/').next()?.parse().ok()?;
        Some((puzzle.parse().ok()?, er))
    });
    Some(rated.collect())
}

fn group(c: &mut Criterion, name: &str, boards: &[Board]) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("rate", |b| {
        b.iter(|| {
            for board in boards {
                black_box(rate(black_box(board)));
            }
        })
    });
    group.finish();
}

fn bands(c: &mut Criterion) {
    let Some(bank) = bank() else {
        let text = std::fs::read_to_string(common::crate_dir().join("puzzles/hard.txt")).unwrap();
        let boards: Vec<Board> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.trim().parse().ok())
            .collect();
        group(c, "hard-sample", &boards);
        return;
    };
    for (name, low, high) in BANDS {
        let boards: Vec<Board> = bank
            .iter()
            .filter(|(_, er)| (low..=high).contains(er))
            .map(|(board, _)| *board)
            .collect();
        group(c, name, &boards);
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = bands
}
criterion_main!(benches);
