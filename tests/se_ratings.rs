//! `rate` against Sudoku Explainer's own ratings, and the soundness of every
//! step the ladder takes on them. Reads `../shared/puzzles/
//! se_bank_sample.serate.txt` (1,991 Sudoku Exchange bank puzzles with the
//! `ER/EP/ED` that SE v1.15.10's `serate` prints) and skips when it is
//! absent.
//!
//! The ladder is being built rung by rung: the chain family (SE's rungs 25
//! and 27-32, 6.5 and up) is not built yet. So a puzzle SE rates below 6.5
//! must get SE's rating exactly, or 20.0 where a step is still missing; one
//! that needs chains may get anything (another rung may stand in for the
//! chain SE takes).

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
fn ratings_agree_with_sudoku_explainer_or_the_ladder_is_stuck() {
    let Some(bank) = bank() else {
        eprintln!("skipped: ../shared/puzzles/se_bank_sample.serate.txt is absent");
        return;
    };
    assert_eq!(bank.len(), 1991);
    let mut exact = 0;
    let mut wrong = Vec::new();
    for (board, expected) in &bank {
        let got = rate(board).to_string();
        let chains = expected.as_str() >= "6.5/";
        if &got == expected {
            exact += 1;
        } else if !chains && !got.starts_with("20.0/") {
            wrong.push(format!("{board} expected {expected} got {got}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong ratings:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    // Every puzzle SE rates 1.2-4.5 needs only rungs that are built.
    let easy = bank.iter().filter(|(_, r)| r.as_str() < "4.6/").count();
    assert!(exact >= easy, "{exact} exact, {easy} rated below 4.6 by SE");
    eprintln!("{exact} of {} ratings exact", bank.len());
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
