//! Rates a file of puzzles (one per line, `#` comments skipped; default
//! `../shared/puzzles/puzzles6_forum_hardest_1106`) and prints the ER
//! distribution, how many got stuck (20.0), the median and the slowest
//! puzzle.
//!
//! `cargo run --release --example hardest -- [FILE]`

use std::collections::BTreeMap;
use std::time::Instant;

use sudoku_cli::logic::rate;
use sudoku_cli::Board;

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/puzzles/puzzles6_forum_hardest_1106".into());
    let text = std::fs::read_to_string(&path).expect("readable puzzle file");
    let mut by_er: BTreeMap<String, usize> = BTreeMap::new();
    let (mut slowest, mut slowest_puzzle) = (0.0, String::new());
    let mut times = Vec::new();
    let started = Instant::now();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let Some(puzzle) = line.split_whitespace().next() else {
            continue;
        };
        let Ok(board) = puzzle.parse::<Board>() else {
            continue;
        };
        let one = Instant::now();
        let rating = rate(&board);
        let seconds = one.elapsed().as_secs_f64();
        times.push(seconds);
        if seconds > slowest {
            (slowest, slowest_puzzle) = (seconds, format!("{puzzle} {rating}"));
        }
        *by_er.entry(rating.er.to_string()).or_default() += 1;
    }
    let total: usize = by_er.values().sum();
    for (er, n) in &by_er {
        println!("{er:>5} {n:>5}");
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    println!(
        "{total} puzzles in {:.1} s; median {median:.3} s; slowest {slowest:.2} s: {slowest_puzzle}",
        started.elapsed().as_secs_f64()
    );
}
