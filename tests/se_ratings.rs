//! `rate` against Sudoku Explainer's own ratings, and the soundness of every
//! step the ladder takes on them. Reads `../shared/puzzles/
//! se_bank_sample.serate.txt` (1,991 Sudoku Exchange bank puzzles with the
//! `ER/EP/ED` that SE v1.15.10's `serate` prints) and skips when it is
//! absent.
//!
//! Every rung of the ladder is built, chains included: no bank puzzle may
//! get stuck, and at least 1,987 of the 1,991 must get SE's ER/EP/ED exactly
//! (the figure when the chains were merged; the misses are printed).

use std::path::PathBuf;

use sudoku_cli::logic::{explain, rate};
use sudoku_cli::{solve, Board};

fn bank() -> Option<Vec<(Board, String)>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/puzzles/se_bank_sample.serate.txt");
    let text = std::fs::read_to_string(path).ok()?;
    Some(
        text.lines()
            .filter_map(|line| {
                let (puzzle, rating) = line.split_once(' ')?;
                Some((
                    puzzle.parse().expect("a bank puzzle"),
                    rating.trim().to_string(),
                ))
            })
            .collect(),
    )
}

#[test]
fn ratings_agree_with_sudoku_explainer() {
    let Some(bank) = bank() else {
        eprintln!("skipped: ../shared/puzzles/se_bank_sample.serate.txt is absent");
        return;
    };
    assert_eq!(bank.len(), 1991);
    let mut exact = 0;
    let mut wrong = Vec::new();
    for (board, expected) in &bank {
        let got = rate(board).to_string();
        assert!(!got.starts_with("20.0/"), "{board} stuck (SE: {expected})");
        if &got == expected {
            exact += 1;
        } else {
            wrong.push(format!("{board} expected {expected} got {got}"));
        }
    }
    eprintln!(
        "{exact} of {} ratings exact; misses:\n{}",
        bank.len(),
        wrong.join("\n")
    );
    assert!(exact >= 1987, "{exact} exact:\n{}", wrong.join("\n"));
}

#[test]
fn every_step_on_the_bank_is_sound() {
    let Some(bank) = bank() else {
        eprintln!("skipped: ../shared/puzzles/se_bank_sample.serate.txt is absent");
        return;
    };
    for (board, _) in &bank {
        let solution = solve(board, 2).unwrap().first.unwrap();
        let explained = explain(board);
        assert_eq!(explained.rating, rate(board), "{board}");
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
