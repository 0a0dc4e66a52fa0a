//! A position against the puzzle it came from (`--puzzle`): which entries
//! differ from the puzzle's solution, or why they cannot be judged.
//!
//! A player's position holds the puzzle's givens and the player's entries.
//! Without the puzzle the two look alike, and a wrong entry that breaks no
//! rule only makes the position `unsolvable`. With the puzzle, each entry
//! is compared with the puzzle's one solution; what is wrong is named, the
//! right digit never.

use super::Verdict;
use crate::board::Board;
use crate::solver::solve;
use crate::validate::conflicts;

/// What is wrong with a position against its puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// The puzzle has no unique solution, so no entry can be judged: the
    /// puzzle's verdict ([`Verdict::Invalid`], [`Verdict::Unsolvable`] or
    /// [`Verdict::Multiple`]).
    Puzzle(Verdict),
    /// The cells, in reading order, where the puzzle has a given that the
    /// position does not keep (another digit, or none): the position did
    /// not come from this puzzle, or a given was changed.
    GivensNotKept(Vec<u8>),
    /// The cells, in reading order, whose entry differs from the puzzle's
    /// solution (never empty).
    Wrong(Vec<u8>),
}

/// The mistakes of `position` against `puzzle`, the puzzle it came from:
/// `None` when the puzzle has one solution, the position keeps every given
/// and each of its entries agrees with that solution (an unfinished
/// position may have empty cells). The first that applies wins: the
/// puzzle without a unique solution, givens not kept, wrong entries.
///
/// ```
/// use sudoku_engine::answer::mistakes::{mistakes, Mistake};
/// use sudoku_engine::Board;
///
/// let puzzle: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// // r1c3 is 4 in the solution: 4 is right, 1 wrong (and breaks no rule).
/// let right: Board = "534.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let wrong: Board = "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// assert_eq!(mistakes(&puzzle, &right), None);
/// assert_eq!(mistakes(&puzzle, &wrong), Some(Mistake::Wrong(vec![2])));
/// ```
pub fn mistakes(puzzle: &Board, position: &Board) -> Option<Mistake> {
    let solution = match solve(puzzle, 2) {
        Err(_) => return Some(Mistake::Puzzle(Verdict::Invalid(conflicts(puzzle)))),
        Ok(found) => match (found.count, found.first) {
            (1, Some(solution)) => solution,
            (0, _) => return Some(Mistake::Puzzle(Verdict::Unsolvable)),
            _ => return Some(Mistake::Puzzle(Verdict::Multiple)),
        },
    };
    mistakes_with(puzzle, &solution, position)
}

/// [`mistakes`] for a puzzle whose one solution is known: the givens of
/// `puzzle` that `position` does not keep, else the entries of `position`
/// that differ from `solution`.
pub fn mistakes_with(puzzle: &Board, solution: &Board, position: &Board) -> Option<Mistake> {
    let cells = 0..81u8;
    let unkept: Vec<u8> = cells
        .clone()
        .filter(|&cell| {
            let given = puzzle.cell(usize::from(cell));
            given != 0 && position.cell(usize::from(cell)) != given
        })
        .collect();
    if !unkept.is_empty() {
        return Some(Mistake::GivensNotKept(unkept));
    }
    let wrong: Vec<u8> = cells
        .filter(|&cell| {
            let entry = position.cell(usize::from(cell));
            entry != 0 && entry != solution.cell(usize::from(cell))
        })
        .collect();
    (!wrong.is_empty()).then_some(Mistake::Wrong(wrong))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    /// `text` with cell `cell` set to `digit`.
    fn with(text: &str, cell: usize, digit: u8) -> Board {
        let mut cells = *board(text).cells();
        cells[cell] = digit;
        Board::new(cells).unwrap()
    }

    #[test]
    fn right_positions_have_no_mistakes() {
        let puzzle = board(PUZZLE);
        assert_eq!(mistakes(&puzzle, &puzzle), None, "nothing entered yet");
        assert_eq!(mistakes(&puzzle, &board(SOLVED)), None, "solved");
        // Any part of the solution entered.
        let half = with(PUZZLE, 2, 4);
        assert_eq!(mistakes(&puzzle, &with(&half.to_string(), 80, 9)), None);
    }

    #[test]
    fn every_wrong_entry_is_named_in_reading_order() {
        let puzzle = board(PUZZLE);
        // r9c1 (cell 72) is 3 in the solution; r1c3 (cell 2) is 4.
        let one = with(PUZZLE, 72, 1);
        assert_eq!(mistakes(&puzzle, &one), Some(Mistake::Wrong(vec![72])));
        let two = with(&with(SOLVED, 72, 1).to_string(), 2, 9);
        assert_eq!(mistakes(&puzzle, &two), Some(Mistake::Wrong(vec![2, 72])));
        // A wrong entry that breaks a rule is named all the same.
        let clash = with(PUZZLE, 2, 5);
        assert_eq!(mistakes(&puzzle, &clash), Some(Mistake::Wrong(vec![2])));
    }

    #[test]
    fn givens_not_kept_come_before_wrong_entries() {
        let puzzle = board(PUZZLE);
        // r1c1's given 5 changed, r1c2's erased, and a wrong entry at r1c3.
        let changed = with(
            &with(&with(PUZZLE, 0, 1).to_string(), 1, 0).to_string(),
            2,
            9,
        );
        assert_eq!(
            mistakes(&puzzle, &changed),
            Some(Mistake::GivensNotKept(vec![0, 1]))
        );
    }

    #[test]
    fn a_puzzle_without_one_solution_judges_nothing() {
        let empty = Board::EMPTY;
        assert_eq!(
            mistakes(&empty, &board(SOLVED)),
            Some(Mistake::Puzzle(Verdict::Multiple))
        );
        let unsolvable = board(&format!("12345678.{}9", ".".repeat(71)));
        assert_eq!(
            mistakes(&unsolvable, &unsolvable),
            Some(Mistake::Puzzle(Verdict::Unsolvable))
        );
        let invalid = board(&format!("55{}", ".".repeat(79)));
        let Some(Mistake::Puzzle(Verdict::Invalid(found))) = mistakes(&invalid, &invalid) else {
            panic!("an invalid puzzle");
        };
        assert_eq!(found.len(), 2, "row 1 and box 1");
    }
}
