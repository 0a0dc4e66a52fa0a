//! The turbot fish family, XY/XYZ-wings, 3 strong links and (V)WXYZ-wings
//! on the Sudoku Exchange bank sample (`../shared/puzzles`, skipped when
//! absent): every step the ladder takes is sound, and every puzzle whose
//! published rating is 4.0-4.4 (the bands these techniques finish) gets
//! exactly Sudoku Explainer's ER/EP/ED.
//!
//! Run alone with `cargo test --release --test logic_wings`.

use std::path::PathBuf;

use sudoku_cli::logic::explain;
use sudoku_cli::{solve, Board};

/// The bank sample's lines `PUZZLE ER/EP/ED`, when the shared folder is there.
fn bank() -> Option<Vec<(Board, String)>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/puzzles/se_bank_sample.serate.txt");
    let text = std::fs::read_to_string(path).ok()?;
    Some(
        text.lines()
            .filter_map(|line| {
                let mut fields = line.split_whitespace();
                Some((fields.next()?.parse().ok()?, fields.next()?.to_string()))
            })
            .collect(),
    )
}

#[test]
fn every_step_on_the_bank_is_sound() {
    let Some(bank) = bank() else {
        eprintln!("note: ../shared/puzzles/ is absent; skipping");
        return;
    };
    for (board, _) in &bank {
        let solution = solve(board, 2).unwrap().first.unwrap();
        let digits = solution.cells();
        for step in explain(board).steps {
            for &(cell, digit) in &step.eliminated {
                assert_ne!(digits[usize::from(cell)], digit, "{board}: {step}");
            }
            if let Some((cell, digit)) = step.placed {
                assert_eq!(digits[usize::from(cell)], digit, "{board}: {step}");
            }
        }
    }
}

#[test]
fn bands_4_0_to_4_4_are_exact() {
    let Some(bank) = bank() else {
        eprintln!("note: ../shared/puzzles/ is absent; skipping");
        return;
    };
    let mut checked = 0;
    for (board, expected) in &bank {
        let er = expected.split('/').next().unwrap();
        if !["4.0", "4.1", "4.2", "4.3", "4.4"].contains(&er) {
            continue;
        }
        assert_eq!(&explain(board).rating.to_string(), expected, "{board}");
        checked += 1;
    }
    assert_eq!(checked, 200);
}
