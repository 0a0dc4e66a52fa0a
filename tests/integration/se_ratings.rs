//! `rate` against Sudoku Explainer's own ratings, and the soundness of every
//! step the ladder takes on them. Reads `tests/data/
//! se_bank_sample.serate.txt` (1,991 Sudoku Exchange bank puzzles with the
//! `ER/EP/ED` that SE v1.15.10's `serate` prints); a missing file fails.
//!
//! Every rung of the ladder is built, chains included: no bank puzzle may
//! get stuck, and every one must get SE's ER/EP/ED exactly (the last miss,
//! `..4...95....8..6...` at 7.2 instead of 7.8, came from reading an
//! L-shaped box link of "3 strong links" both ways; see `strong_links.rs`).

use crate::common::data;

/// The bank puzzles known to disagree, with SE's rating: none.
const KNOWN_MISSES: [(&str, &str); 0] = [];

use sudoku_cli::logic::{explain, rate};
use sudoku_cli::{solve, Board};

/// The bank's 1,991 puzzles with SE's `ER/EP/ED`; panics if the file is
/// missing or a line is not `PUZZLE ER/EP/ED`.
fn bank() -> Vec<(Board, String)> {
    let path = data("se_bank_sample.serate.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let bank: Vec<_> = text
        .lines()
        .map(|line| {
            let (puzzle, rating) = line.split_once(' ').expect("PUZZLE ER/EP/ED");
            (
                puzzle.parse().expect("a bank puzzle"),
                rating.trim().to_string(),
            )
        })
        .collect();
    assert_eq!(bank.len(), 1991, "{}", path.display());
    bank
}

#[test]
fn ratings_agree_with_sudoku_explainer() {
    let bank = bank();
    assert_eq!(bank.len(), 1991);
    let mut exact = 0;
    let mut wrong = Vec::new();
    for (board, expected) in &bank {
        let got = rate(board).to_string();
        assert!(!got.starts_with("20.0/"), "{board} stuck (SE: {expected})");
        let known = KNOWN_MISSES.contains(&(board.to_string().as_str(), expected.as_str()));
        if &got == expected {
            exact += 1;
        } else if !known {
            wrong.push(format!("{board} expected {expected} got {got}"));
        }
    }
    eprintln!("{exact} of {} ratings exact", bank.len());
    assert!(
        wrong.is_empty(),
        "{} misses:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(exact + KNOWN_MISSES.len() >= bank.len());
}

#[test]
fn every_step_on_the_bank_is_sound() {
    let bank = bank();
    assert_eq!(bank.len(), 1991);
    for (i, (board, _)) in bank.iter().enumerate() {
        let solution = solve(board, 2).unwrap().first.unwrap();
        let explained = explain(board);
        // rate and explain share one run; a sample keeps the test short.
        if i % 16 == 0 {
            assert_eq!(explained.rating, rate(board), "{board}");
        }
        for step in &explained.steps {
            if let Some((cell, digit)) = step.placed {
                assert_eq!(solution.cell(usize::from(cell)), digit, "{board}: {step}");
            }
            for &(cell, digit) in &step.eliminated {
                assert_ne!(solution.cell(usize::from(cell)), digit, "{board}: {step}");
            }
        }
        if explained.rating.er.0 < 200 {
            assert_eq!(explained.end, solution, "{board}");
        }
    }
}
