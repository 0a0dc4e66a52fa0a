//! Canonical forms on their own: `minlex` and `pattern_first` over the
//! 17-clue catalogue and the forum's hardest 1905 (`../shared/puzzles`),
//! and `minlex` over the full grids of the 17-clue puzzles (solved before
//! timing); throughput in boards/s, one thread. Without the shared sets,
//! the boards of `puzzles/hard.txt` stand in. Whole-process timings against
//! the `sudoku` crate's `canonicalized()` are `scripts/compare-canon.sh`.
//!
//! Run with `cargo bench --bench canon`.

mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_cli::canon::{Canonicalizer, Order};
use sudoku_cli::{solve, Board, Boards};

/// The boards of one input, or `None` when it is absent.
fn boards(path: &str) -> Option<Vec<Board>> {
    let bytes = std::fs::read(common::crate_dir().join(path)).ok()?;
    let read = Boards::new(&bytes[..], path);
    Some(
        read.filter_map(Result::ok)
            .map(|entry| entry.board)
            .collect(),
    )
}

fn sets() -> Vec<(&'static str, Vec<Board>)> {
    let shared = [
        ("17_clue", "../shared/puzzles/puzzles2_17_clue"),
        (
            "hardest_1905",
            "../shared/puzzles/puzzles5_forum_hardest_1905_11+",
        ),
    ];
    let found: Vec<_> = shared
        .iter()
        .filter_map(|&(name, path)| boards(path).map(|b| (name, b)))
        .collect();
    if found.is_empty() {
        vec![("hard_txt", boards("puzzles/hard.txt").unwrap_or_default())]
    } else {
        found
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("canon");
    let mut scratch = Canonicalizer::new();
    let sets = sets();
    for (name, puzzles) in &sets {
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        for (label, order) in [
            ("minlex", Order::Minlex),
            ("pattern_first", Order::PatternFirst),
        ] {
            group.bench_function(format!("{label}/{name}"), |b| {
                b.iter(|| {
                    for board in puzzles {
                        black_box(scratch.canonical(black_box(board), order));
                    }
                })
            });
        }
    }
    let grids: Vec<Board> = sets[0]
        .1
        .iter()
        .filter_map(|p| solve(p, 1).ok().and_then(|found| found.first))
        .collect();
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.bench_function(format!("minlex/grids_of_{}", sets[0].0), |b| {
        b.iter(|| {
            for grid in &grids {
                black_box(scratch.canonical(black_box(grid), Order::Minlex));
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = bench
}
criterion_main!(benches);
