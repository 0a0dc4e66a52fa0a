use super::*;

#[test]
fn length_difficulty_follows_the_thresholds() {
    let tenths = |size| (length_difficulty(size) * 10.0).round() as u32;
    assert_eq!(tenths(6), 0);
    assert_eq!(tenths(7), 1);
    assert_eq!(tenths(8), 1);
    assert_eq!(tenths(9), 2);
    assert_eq!(tenths(10), 2);
    assert_eq!(tenths(11), 3);
    assert_eq!(tenths(14), 3);
    assert_eq!(tenths(15), 4);
    assert_eq!(tenths(19), 5);
    assert_eq!(tenths(26), 5);
    assert_eq!(tenths(27), 6);
    assert_eq!(tenths(34), 6);
    assert_eq!(tenths(35), 7);
}

use crate::logic::explain;
use crate::Board;
use std::path::PathBuf;

/// Bank puzzles with their published rating, when `../shared` is there.
fn bank() -> Vec<(Board, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/puzzles/se_bank_sample.serate.txt");
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("note: ../shared/puzzles/ is absent; skipping the bank checks");
        return Vec::new();
    };
    text.lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let board = fields.next()?.parse().ok()?;
            Some((board, fields.next()?.to_string()))
        })
        .collect()
}

fn er(rating: &str) -> f64 {
    rating.split('/').next().unwrap().parse().unwrap()
}

/// Every step taken on `board` agrees with its solution.
fn assert_sound(board: &Board) {
    let solution = crate::solve(board, 1).unwrap().first.unwrap();
    let solution = solution.cells();
    for step in explain(board).steps {
        if let Some((cell, digit)) = step.placed {
            assert_eq!(solution[usize::from(cell)], digit, "{board}: {step}");
        }
        for &(cell, digit) in &step.eliminated {
            assert_ne!(solution[usize::from(cell)], digit, "{board}: {step}");
        }
    }
}

#[test]
fn chain_steps_on_bank_puzzles_are_sound() {
    let hard: Vec<_> = bank().into_iter().filter(|(_, r)| er(r) >= 6.5).collect();
    for (board, _) in hard.iter().step_by(12) {
        assert_sound(board);
    }
}
