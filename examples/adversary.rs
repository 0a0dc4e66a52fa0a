//! Searches for boards that are slow for this solver: a hill climb from the
//! given boards that adds, removes and changes givens, and also relabels,
//! transposes and permutes bands, stacks, rows and columns, to raise the
//! search's effort at a limit (guesses plus lookahead probes: a
//! deterministic stand-in for time), keeping consistent givens. Prints each
//! new best board of a climb as it is found, then the best of each start
//! with its effort, count and time. How `puzzles/adversarial.txt`'s "worst
//! case" boards were found.
//!
//! ```sh
//! cargo run --release --example adversary -- [--limit N] [--steps N] [--seed N] [--minutes M] FILE...
//! ```
//!
//! With `--minutes M` the climbs start over from the files (with new seeds)
//! until M minutes have passed.

mod common;

use std::io::Write;
use std::time::{Duration, Instant};

use common::{Rng, Symmetry};
use sudoku_cli::{is_consistent, solve, solve_with_effort, Board, Boards};

fn main() {
    let mut limit = 1000;
    let mut steps = 20_000;
    let mut seed = 1u64;
    let mut minutes = 0;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> u64 {
            args.next()
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{name} wants a number"))
        };
        match arg.as_str() {
            "--limit" => limit = number("--limit") as u32,
            "--steps" => steps = number("--steps"),
            "--seed" => seed = number("--seed"),
            "--minutes" => minutes = number("--minutes"),
            _ => files.push(arg),
        }
    }
    let deadline = Instant::now() + Duration::from_secs(60 * minutes);
    let mut starts = Vec::new();
    for file in &files {
        let text = std::fs::read(file).expect("readable file");
        for entry in Boards::new(&text[..], file.as_str()).flatten() {
            starts.push((format!("{file}:{}", entry.line), entry.board));
        }
    }
    let mut round = 0;
    loop {
        let mut rng = Rng::new(seed + round);
        for (name, start) in &starts {
            let (board, cost) = climb(*start, limit, steps, &mut rng, name);
            report(
                &format!("best from {name} (round {round})"),
                &board,
                cost,
                limit,
            );
        }
        round += 1;
        if Instant::now() >= deadline {
            break;
        }
    }
}

/// Prints a board with its effort, count and time (best of 20 runs).
fn report(what: &str, board: &Board, cost: u64, limit: u32) {
    let count = solve(board, limit).map_or(0, |s| s.count);
    let mut best = Duration::MAX;
    for _ in 0..20 {
        let started = Instant::now();
        std::hint::black_box(solve(std::hint::black_box(board), limit).ok());
        best = best.min(started.elapsed());
    }
    println!(
        "{what}: cost {cost}, count {count}, {:.0} us, {} givens: {board}",
        best.as_secs_f64() * 1e6,
        board.givens()
    );
    let _ = std::io::stdout().flush();
}

/// The search's effort at `limit`: guesses plus lookahead probes (each a
/// placement propagated on a copy, much like a guess).
fn cost(board: &Board, limit: u32) -> u64 {
    solve_with_effort(board, limit).map_or(0, |(_, effort)| effort.guesses + effort.probes)
}

/// One random change: a given removed or set (two times in three), or a
/// rearrangement that keeps the count (a random symmetry, two digits
/// swapped, or a transposition).
fn mutate(board: &Board, rng: &mut Rng) -> Board {
    let mut cells = *board.cells();
    let symmetry = match rng.below(8) {
        0 | 1 => {
            cells[rng.below(81) as usize] = 0;
            None
        }
        2..=4 => {
            cells[rng.below(81) as usize] = rng.below(9) as u8 + 1;
            None
        }
        5 => Some(Symmetry::random(rng)),
        6 => {
            let mut swap = Symmetry::IDENTITY;
            swap.digits
                .swap(rng.below(9) as usize, rng.below(9) as usize);
            Some(swap)
        }
        _ => Some(Symmetry {
            transpose: true,
            ..Symmetry::IDENTITY
        }),
    };
    let board = Board::new(cells).expect("digits 0-9");
    symmetry.map_or(board, |symmetry| symmetry.apply(&board))
}

/// Hill climbing with sideways moves; prints each new best.
fn climb(start: Board, limit: u32, steps: u64, rng: &mut Rng, name: &str) -> (Board, u64) {
    let mut best = (start, cost(&start, limit));
    let mut current = best;
    for _ in 0..steps {
        let next = mutate(&current.0, rng);
        if !is_consistent(&next) {
            continue;
        }
        let score = cost(&next, limit);
        if score >= current.1 {
            current = (next, score);
            if score > best.1 + best.1 / 10 {
                best = current;
                report(&format!("  climbing from {name}"), &best.0, best.1, limit);
            } else if score > best.1 {
                best = current;
            }
        }
    }
    best
}
