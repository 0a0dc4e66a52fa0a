//! Generator throughput, in puzzles per second on one thread: the library's
//! [`generate`] alone (no printing), for the recipes the README's table
//! compares with the crates.io `sudoku` crate:
//!
//! - `minimal`: no symmetry, every given needed (the default);
//! - `rotate180_minimal`: the newspaper pattern, every symmetric pair needed;
//! - `givens_30_35`: no symmetry, digging stopped in 30..35 givens.
//!
//! One iteration makes 100 puzzles from seeds 0-99 (fixed, so every run
//! times the same work). Run with `cargo bench --bench generate`; the
//! whole-process comparison with the peer is `scripts/compare-generate.sh`.

// Only the criterion settings are used here.
#[allow(dead_code)]
mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sudoku_cli::generate::{generate, Recipe, Symmetry};

/// Puzzles per iteration.
const PUZZLES: u64 = 100;

fn recipes() -> [(&'static str, Recipe); 3] {
    let recipe = |symmetry, minimal, givens: Option<&str>| {
        Recipe::new(symmetry, minimal, givens.map(|g| g.parse().unwrap())).unwrap()
    };
    [
        ("minimal", recipe(Symmetry::None, true, None)),
        ("rotate180_minimal", recipe(Symmetry::Rotate180, true, None)),
        (
            "givens_30_35",
            recipe(Symmetry::None, false, Some("30..35")),
        ),
    ]
}

fn generator(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(PUZZLES));
    for (name, recipe) in recipes() {
        group.bench_function(name, |b| {
            b.iter(|| {
                for seed in 0..PUZZLES {
                    black_box(generate(&recipe, seed, |_| true, || false));
                }
            });
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = generator
}
criterion_main!(benches);
