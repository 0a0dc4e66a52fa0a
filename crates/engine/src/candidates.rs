//! Pencil marks: the digits still possible in each cell of a position.
//!
//! A position read from a 729-cell line (Sukaku's format: 81 groups of 9,
//! position `d` of a group holding `d` when digit `d` is a candidate and an
//! empty mark when it is not) comes with its [`Candidates`]; the reader puts
//! them in [`Entry::candidates`](crate::Entry::candidates) beside the board
//! of its one-candidate cells.
//!
//! A command that works from the marks takes `entry.candidates.as_deref()`
//! (`None` for a plain board, whose marks are
//! [`Candidates::from_board`] or whatever the command derives from its
//! digits), searches within them with [`solve_marked`](crate::solve_marked)
//! or [`Request::answer_marked`](crate::Request::answer_marked), and passes
//! them on in `Record::Answered { candidates, .. }` so that JSON shows them.

use std::fmt;

use crate::board::Board;

/// The candidates of the 81 cells in reading order, each a 9-bit mask: bit
/// `d - 1` is set when digit `d` may still go in the cell.
///
/// A cell with one candidate is a given; a cell with none leaves the
/// position without a solution.
///
/// ```
/// use sudoku_engine::{Board, Candidates};
///
/// let mut masks = [Candidates::ALL; 81];
/// masks[0] = 0b1_0000; // r1c1 can only be 5
/// masks[1] = 0b110; // r1c2 is 2 or 3
/// let marks = Candidates::new(masks).unwrap();
/// assert_eq!(marks.board().cell(0), 5);
/// assert_eq!(marks.board().cell(1), 0);
/// assert!(marks.contains(1, 3) && !marks.contains(1, 4));
/// assert_eq!(&marks.to_string()[..18], concat!("....5....", ".23......"));
/// let back: Candidates = marks.to_string().parse().unwrap();
/// assert_eq!(back, marks);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Candidates {
    masks: [u16; 81],
}

impl Candidates {
    /// The mask of a cell where every digit is possible.
    pub const ALL: u16 = 0x1FF;

    /// Builds the candidates from 81 masks; `None` if a mask has a bit
    /// above the ninth.
    pub fn new(masks: [u16; 81]) -> Option<Candidates> {
        masks
            .iter()
            .all(|&mask| mask <= Candidates::ALL)
            .then_some(Candidates { masks })
    }

    /// Builds the candidates from masks the caller has already checked.
    pub(crate) fn from_checked(masks: [u16; 81]) -> Candidates {
        debug_assert!(masks.iter().all(|&mask| mask <= Candidates::ALL));
        Candidates { masks }
    }

    /// The marks of a plain board: a given is its one candidate, an empty
    /// cell has all nine (nothing is eliminated: that is the solver's job).
    pub fn from_board(board: &Board) -> Candidates {
        Candidates {
            masks: board.cells().map(|digit| match digit {
                0 => Candidates::ALL,
                // A digit 1-9 is bit `digit - 1`.
                digit => 1 << (digit - 1),
            }),
        }
    }

    /// The 81 masks in reading order.
    pub fn masks(&self) -> &[u16; 81] {
        &self.masks
    }

    /// The mask of cell `index` (0-80).
    ///
    /// # Panics
    /// If `index` is 81 or more.
    pub fn of(&self, index: usize) -> u16 {
        self.masks[index]
    }

    /// Whether `digit` (1-9) is a candidate of cell `index` (0-80).
    ///
    /// # Panics
    /// If `index` is 81 or more.
    pub fn contains(&self, index: usize, digit: u8) -> bool {
        (1..=9).contains(&digit) && self.masks[index] >> (digit - 1) & 1 != 0
    }

    /// The board of the position: a cell with exactly one candidate holds
    /// that digit, every other cell is empty.
    pub fn board(&self) -> Board {
        Board::from_checked(self.masks.map(|mask| {
            if mask.count_ones() == 1 {
                // The one set bit's index is the digit less one.
                mask.trailing_zeros() as u8 + 1
            } else {
                0
            }
        }))
    }

    /// The position as 729 ASCII bytes, Sukaku's form: cell by cell, byte
    /// `d` of a cell's nine is `d` for a candidate and `.` for none.
    pub fn to_line(&self) -> [u8; 729] {
        let mut line = [b'.'; 729];
        for (group, &mask) in line.chunks_exact_mut(9).zip(&self.masks) {
            for (at, byte) in group.iter_mut().enumerate() {
                if mask >> at & 1 != 0 {
                    *byte = b'1' + at as u8;
                }
            }
        }
        line
    }
}

impl fmt::Display for Candidates {
    /// Writes the 729-character form of [`Candidates::to_line`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.to_line();
        // to_line only produces ASCII digits and dots.
        f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Candidates({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn a_board_round_trips_through_its_marks() {
        let board: Board = PUZZLE.parse().unwrap();
        let marks = Candidates::from_board(&board);
        assert_eq!(marks.board(), board);
        assert_eq!(marks.of(0), 1 << 4);
        assert_eq!(marks.of(2), Candidates::ALL);
        let line = marks.to_string();
        assert_eq!(line.len(), 729);
        assert_eq!(&line[..18], concat!("....5....", "..3......"));
        assert_eq!(&line[18..27], "123456789");
        assert_eq!(line.parse::<Candidates>().unwrap(), marks);
        assert_eq!(PUZZLE.parse::<Candidates>().unwrap(), marks);
    }

    #[test]
    fn new_rejects_bits_above_nine_and_contains_checks_digits() {
        let mut masks = [0; 81];
        assert!(Candidates::new(masks).is_some());
        masks[80] = 0x200;
        assert!(Candidates::new(masks).is_none());
        let marks = Candidates::new([0b1_0000_0001; 81]).unwrap();
        assert!(marks.contains(5, 1) && marks.contains(5, 9));
        assert!(!marks.contains(5, 2) && !marks.contains(5, 0) && !marks.contains(5, 10));
    }

    #[test]
    fn cells_without_candidates_are_empty_on_the_board() {
        let marks = Candidates::new([0; 81]).unwrap();
        assert_eq!(marks.board(), Board::EMPTY);
        assert_eq!(marks.to_string(), ".".repeat(729));
    }
}
