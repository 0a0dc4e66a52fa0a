//! How much the solver's effort depends on how a board is written: solves
//! `--copies` random rearrangements of each board (and the board itself)
//! and prints the fewest, median and most guesses, the ratio of the most to
//! the median, and the slowest copy's time (best of three runs). Issue 10's experiment: 3,001
//! relabellings and transpositions of `puzzles/adversarial.txt` line 58
//! spread from 2,053 to 77,285 guesses; the target is a ratio under 4.
//!
//! ```sh
//! cargo run --release --example relabel -- puzzles/adversarial.txt:58
//! cargo run --release --example relabel -- --all --copies 1000 FILE   # band, stack, row and column orders too
//! ```
//!
//! `--all` draws from every symmetry (bands, stacks, rows and columns
//! within them as well); `--limit N` is the solution limit (default 2,
//! proving uniqueness); `--seed N` picks the copies. `FILE:LINE` takes the
//! one board starting at that line.

mod common;

use std::time::{Duration, Instant};

use common::{Rng, Symmetry};
use sudoku_cli::{solve, solve_with_effort, Board, Boards};

fn main() {
    let (mut copies, mut limit, mut seed, mut all) = (3000u64, 2u32, 1u64, false);
    let mut targets = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> u64 {
            args.next()
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{name} wants a number"))
        };
        match arg.as_str() {
            "--copies" => copies = number("--copies"),
            "--limit" => limit = number("--limit") as u32,
            "--seed" => seed = number("--seed"),
            "--all" => all = true,
            _ => targets.push(arg),
        }
    }
    for target in targets {
        let (file, line) = match target.rsplit_once(':') {
            Some((file, line)) if line.parse::<u64>().is_ok() => (file, line.parse::<u64>().ok()),
            _ => (target.as_str(), None),
        };
        let text = std::fs::read(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        for entry in Boards::new(&text[..], file).flatten() {
            if line.is_none_or(|line| line == entry.line) {
                let mut rng = Rng::new(seed);
                let what = if all { "symmetries" } else { "relabellings" };
                let spread = spread(&entry.board, limit, copies, &mut rng, all);
                println!("{file}:{}: {copies} {what} + itself: {spread}", entry.line);
            }
        }
    }
}

/// The effort over the copies of one board.
struct Spread {
    guesses: Vec<u64>,
    slowest: Duration,
}

fn spread(board: &Board, limit: u32, copies: u64, rng: &mut Rng, all: bool) -> Spread {
    let mut guesses = Vec::new();
    let mut slowest = Duration::ZERO;
    for copy in 0..=copies {
        let symmetry = match (copy, all) {
            (0, _) => Symmetry::IDENTITY,
            (_, true) => Symmetry::random(rng),
            (_, false) => Symmetry::relabel(rng),
        };
        let board = symmetry.apply(board);
        let Ok((_, effort)) = solve_with_effort(&board, limit) else {
            return Spread {
                guesses: Vec::new(),
                slowest,
            };
        };
        guesses.push(effort.guesses);
        // Best of three: a busy machine can make any one run look slow.
        let mut time = Duration::MAX;
        for _ in 0..3 {
            let started = Instant::now();
            std::hint::black_box(solve(std::hint::black_box(&board), limit).ok());
            time = time.min(started.elapsed());
        }
        slowest = slowest.max(time);
    }
    guesses.sort_unstable();
    Spread { guesses, slowest }
}

impl std::fmt::Display for Spread {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let Some(&most) = self.guesses.last() else {
            return write!(f, "invalid givens");
        };
        let median = self.guesses[self.guesses.len() / 2];
        write!(
            f,
            "guesses {} / median {median} / {most}, max/median {:.2}, slowest {:.2} ms",
            self.guesses[0],
            most as f64 / median.max(1) as f64,
            self.slowest.as_secs_f64() * 1e3
        )
    }
}
