//! Searches for boards that are slow for this solver: a hill climb from the
//! given boards that adds, removes and changes givens to raise the number of
//! guesses the search makes at a limit (a deterministic stand-in for time),
//! keeping consistent givens. Prints the best board found from each start
//! with its guesses, count and time. How `puzzles/adversarial.txt`'s
//! "worst case" boards were found.
//!
//! ```sh
//! cargo run --release --example adversary -- [--limit N] [--steps N] [--seed N] FILE...
//! ```

use std::time::Instant;

use sudoku_cli::{is_consistent, solve, solve_counting_guesses, Board, Boards};

fn main() {
    let mut limit = 1000;
    let mut steps = 20_000;
    let mut seed = 1u64;
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
            _ => files.push(arg),
        }
    }
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for file in files {
        let text = std::fs::read(&file).expect("readable file");
        for item in Boards::new(&text[..], file.as_str()) {
            let Ok(entry) = item else { continue };
            let (board, guesses) = climb(entry.board, limit, steps, &mut rng);
            let count = solve(&board, limit).map_or(0, |s| s.count);
            let started = Instant::now();
            let runs = 20;
            for _ in 0..runs {
                std::hint::black_box(solve(std::hint::black_box(&board), limit).ok());
            }
            let micros = started.elapsed().as_secs_f64() * 1e6 / f64::from(runs);
            println!(
                "{file}:{}: {guesses} guesses, count {count}, {micros:.0} us, {} givens: {board}",
                entry.line,
                board.givens()
            );
        }
    }
}

fn guesses(board: &Board, limit: u32) -> u64 {
    solve_counting_guesses(board, limit).map_or(0, |(_, g)| g)
}

/// Hill climbing with occasional sideways moves.
fn climb(start: Board, limit: u32, steps: u64, rng: &mut Rng) -> (Board, u64) {
    let mut best = (start, guesses(&start, limit));
    let mut current = best;
    for _ in 0..steps {
        let mut cells = *current.0.cells();
        let at = rng.below(81) as usize;
        match rng.below(3) {
            0 => cells[at] = 0,
            _ => cells[at] = rng.below(9) as u8 + 1,
        }
        let Some(next) = Board::new(cells) else {
            continue;
        };
        if !is_consistent(&next) {
            continue;
        }
        let score = guesses(&next, limit);
        if score >= current.1 {
            current = (next, score);
            if score > best.1 {
                best = current;
            }
        }
    }
    best
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}
