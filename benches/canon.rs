//! Canonical forms on their own: `minlex` and `pattern_first` over the
//! 17-clue catalogue and the forum's hardest 1905 (`../shared/puzzles`),
//! and `minlex` over the full grids of the 17-clue puzzles (solved before
//! timing); throughput in boards/s, one thread. Without the shared sets,
//! the boards of `puzzles/hard.txt` stand in. Pencilmark positions
//! (`canonical_marks`): the full one (every candidate everywhere: every
//! map an automorphism), 300 random ones made from the first set (its
//! boards' candidates with random digits removed, solved grids' single
//! digits with a few added, nearly full ones, random masks) and the
//! first 100 solved grids' single digits alone. Whole-process timings against
//! the `sudoku` crate's `canonicalized()` are `scripts/compare-canon.sh`.
//!
//! Run with `cargo bench --bench canon`.

mod common;

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_cli::canon::{canonical_marks, Canonicalizer, Order};
use sudoku_cli::generate::puzzle_seed;
use sudoku_cli::{solve, Board, Boards, Candidates};

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
    marks(&mut group, &sets[0].1, &grids);
    group.finish();
}

/// A puzzle's candidates: a given its digit, an empty cell every digit
/// its row, column and box lack.
fn basic_marks(puzzle: &Board) -> [u16; 81] {
    let cells = puzzle.cells();
    std::array::from_fn(|cell| match cells[cell] {
        0 => {
            let (r, c) = (cell / 9, cell % 9);
            let seen = (0..81)
                .filter(|&other| {
                    let (r2, c2) = (other / 9, other % 9);
                    r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3)
                })
                .fold(0, |seen, other| match cells[other] {
                    0 => seen,
                    digit => seen | 1 << (digit - 1),
                });
            Candidates::ALL & !seen
        }
        digit => 1 << (digit - 1),
    })
}

/// Random pencilmark positions, seeded: of every kind in turn.
fn random_marks(puzzles: &[Board], grids: &[Board], count: u64) -> Vec<Candidates> {
    let mut state = 1;
    let mut next = move |below: u64| {
        state = puzzle_seed(state, 1);
        (state % below) as usize
    };
    let mut positions = Vec::new();
    for k in 0..count {
        let masks = match k % 4 {
            0 if !puzzles.is_empty() => {
                let puzzle = &puzzles[next(puzzles.len() as u64)];
                let mut masks = basic_marks(puzzle);
                for _ in 0..next(60) {
                    let cell = next(81);
                    let bit = 1 << next(9);
                    if masks[cell] & !bit != 0 {
                        masks[cell] &= !bit;
                    }
                }
                masks
            }
            1 if !grids.is_empty() => {
                let grid = &grids[next(grids.len() as u64)];
                let mut masks = *Candidates::from_board(grid).masks();
                for _ in 0..next(12) {
                    masks[next(81)] |= 1 << next(9);
                }
                masks
            }
            2 => {
                let mut masks = [Candidates::ALL; 81];
                for _ in 0..1 + next(9) {
                    masks[next(81)] &= !(1 << next(9));
                }
                masks
            }
            _ => std::array::from_fn(|_| 1 + next(511) as u16),
        };
        positions.push(Candidates::new(masks).expect("nine-bit masks"));
    }
    positions
}

/// `canonical_marks` on pencilmark positions.
fn marks(group: &mut criterion::BenchmarkGroup<'_, WallTime>, puzzles: &[Board], grids: &[Board]) {
    let full = [Candidates::new([Candidates::ALL; 81]).expect("nine-bit masks")];
    let random = random_marks(puzzles, grids, 300);
    let singles: Vec<Candidates> = grids.iter().take(100).map(Candidates::from_board).collect();
    for (name, positions) in [
        ("full", &full[..]),
        ("random_300", &random[..]),
        ("grids", &singles[..]),
    ] {
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("marks/{name}"), |b| {
            b.iter(|| {
                for marks in positions {
                    black_box(canonical_marks(black_box(marks)));
                }
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = bench
}
criterion_main!(benches);
