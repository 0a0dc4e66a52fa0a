//! Properties of the logic engine on random proper puzzles: every step of
//! `explain` is true (a placement agrees with the unique solution, an
//! elimination never removes the solution's digit), the steps in order
//! solve the board unless the ladder is stuck, and `rate` equals what the
//! steps give (ER the hardest step, ED the first, EP the hardest up to the
//! first placement).

use proptest::prelude::*;
use sudoku_cli::logic::{explain, rate, Difficulty};
use sudoku_cli::{solve, Board};

/// LeetCode 37's answer: a valid grid that random symmetries turn into
/// others.
const FULL: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A random valid grid: FULL relabelled, possibly transposed, with rows
/// permuted within bands and bands permuted.
fn grid_from(labels: &[u8], transpose: bool, rows: &[usize]) -> [u8; 81] {
    let full: Vec<u8> = FULL.bytes().map(|b| b - b'0').collect();
    let mut cells = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = (rows[r], c);
            let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
            cells[r * 9 + c] = labels[usize::from(full[sr * 9 + sc] - 1)];
        }
    }
    cells
}

/// Digs every cell in `order`, keeping the puzzle proper: a minimal proper
/// puzzle with `solution` as its answer.
fn dig(solution: [u8; 81], order: &[usize]) -> Board {
    let mut cells = solution;
    for &cell in order {
        let kept = cells[cell];
        cells[cell] = 0;
        let board = Board::new(cells).unwrap();
        if solve(&board, 2).unwrap().count != 1 {
            cells[cell] = kept;
        }
    }
    Board::new(cells).unwrap()
}

fn row_order() -> impl Strategy<Value = Vec<usize>> {
    (
        Just(vec![0usize, 1, 2]).prop_shuffle(),
        Just(vec![0usize, 1, 2]).prop_shuffle(),
        Just(vec![0usize, 1, 2]).prop_shuffle(),
        Just(vec![0usize, 1, 2]).prop_shuffle(),
    )
        .prop_map(|(bands, a, b, c)| {
            let within = [a, b, c];
            (0..9)
                .map(|r| bands[r / 3] * 3 + within[r / 3][r % 3])
                .collect()
        })
}

fn cases() -> u32 {
    if cfg!(debug_assertions) {
        20
    } else {
        300
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn explain_steps_are_sound_and_rate_matches(
        labels in Just((1..=9u8).collect::<Vec<u8>>()).prop_shuffle(),
        transpose in any::<bool>(),
        rows in row_order(),
        order in Just((0..81usize).collect::<Vec<usize>>()).prop_shuffle(),
    ) {
        let solution = grid_from(&labels, transpose, &rows);
        let puzzle = dig(solution, &order);
        let explained = explain(&puzzle);
        let mut hardest = Difficulty::default();
        let mut before_placement = None;
        for step in &explained.steps {
            if let Some((cell, digit)) = step.placed {
                prop_assert_eq!(solution[usize::from(cell)], digit, "{}", step);
            }
            for &(cell, digit) in &step.eliminated {
                prop_assert_ne!(solution[usize::from(cell)], digit, "{}", step);
            }
            prop_assert!(!(step.placed.is_none() && step.eliminated.is_empty()), "{}", step);
            hardest = hardest.max(step.difficulty);
            if before_placement.is_none() && step.placed.is_some() {
                before_placement = Some(hardest);
            }
        }
        let rating = rate(&puzzle);
        prop_assert_eq!(rating, explained.rating);
        if rating.er != Difficulty::BEYOND {
            prop_assert_eq!(explained.end.cells(), &solution);
            prop_assert_eq!(rating.er, hardest);
            prop_assert_eq!(Some(rating.ed), explained.steps.first().map(|s| s.difficulty));
            prop_assert_eq!(Some(rating.ep), before_placement);
        }
    }
}
