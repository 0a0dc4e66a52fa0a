//! Compares `rate` with Sudoku Explainer's published ratings.
//!
//! `cargo run --release --example agreement -- [FILE]` reads lines
//! `PUZZLE ER/EP/ED` (default `../shared/puzzles/se_bank_sample.serate.txt`)
//! and prints, per published ER, how many puzzles agree on ER and on all
//! three numbers, then the first disagreements.

use std::collections::BTreeMap;
use std::time::Instant;

use sudoku_cli::logic::rate;
use sudoku_cli::Board;

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/puzzles/se_bank_sample.serate.txt".into());
    let text = std::fs::read_to_string(&path).expect("readable ratings file");
    let mut by_er: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut misses = Vec::new();
    let started = Instant::now();
    let mut total = 0;
    for line in text.lines() {
        let mut fields = line.split_whitespace();
        let (Some(puzzle), Some(expected)) = (fields.next(), fields.next()) else {
            continue;
        };
        let board: Board = puzzle.parse().expect("a puzzle");
        let got = rate(&board).to_string();
        let er = expected.split('/').next().unwrap_or("").to_string();
        let entry = by_er.entry(er.clone()).or_default();
        entry.0 += 1;
        total += 1;
        if got.split('/').next() == Some(er.as_str()) {
            entry.1 += 1;
        }
        if got == expected {
            entry.2 += 1;
        } else {
            misses.push(format!("{puzzle} expected {expected} got {got}"));
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let (mut er_ok, mut all_ok) = (0, 0);
    println!("ER     puzzles  ER-exact  all-exact");
    for (er, (n, e, a)) in &by_er {
        println!("{er:>5} {n:>8} {e:>9} {a:>10}");
        er_ok += e;
        all_ok += a;
    }
    println!("total {total}: ER exact {er_ok}, ER/EP/ED exact {all_ok}; {elapsed:.2} s");
    for miss in misses.iter().take(20) {
        println!("{miss}");
    }
}
