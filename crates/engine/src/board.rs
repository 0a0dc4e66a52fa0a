//! The board: 81 cells in reading order, and the names of its cells.

use std::fmt;

/// A 9x9 sudoku board: 81 cells in reading order (row by row), each `0` for
/// an empty cell or a digit `1..=9`.
///
/// ```
/// use sudoku_engine::Board;
///
/// let board: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// assert_eq!(board.cell(0), 5);
/// assert_eq!(board.cell(2), 0);
/// assert_eq!(board.givens(), 30);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; 81],
}

/// How a board was written in its input: on one line, or as a 9-line grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// One line of 81 cells.
    Line,
    /// Nine lines of nine cells.
    Grid,
}

impl Board {
    /// The board with every cell empty.
    pub const EMPTY: Board = Board { cells: [0; 81] };

    /// Builds a board from 81 cells, each `0` (empty) or `1..=9`; `None` if a
    /// cell is out of range.
    pub fn new(cells: [u8; 81]) -> Option<Board> {
        cells.iter().all(|&c| c <= 9).then_some(Board { cells })
    }

    /// Builds a board from cells the caller has already checked.
    pub(crate) fn from_checked(cells: [u8; 81]) -> Board {
        debug_assert!(cells.iter().all(|&c| c <= 9));
        Board { cells }
    }

    /// The cells in reading order: `0` for empty, else the digit.
    pub fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The value of cell `index` (0-80): `0` for empty, else the digit.
    ///
    /// # Panics
    /// If `index` is 81 or more.
    pub fn cell(&self, index: usize) -> u8 {
        self.cells[index]
    }

    /// The number of filled cells (givens).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&c| c != 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&c| c != 0)
    }

    /// The board as 81 ASCII bytes, `.` for an empty cell.
    pub fn to_line(&self) -> [u8; 81] {
        self.cells.map(|c| if c == 0 { b'.' } else { b'0' + c })
    }
}

impl fmt::Display for Board {
    /// Writes the board as one 81-character line, `.` for empty cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.to_line();
        // to_line only produces ASCII digits and dots.
        f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

pub use crate::geometry::Cell;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_rejects_out_of_range_cells() {
        let mut cells = [0; 81];
        assert!(Board::new(cells).is_some());
        cells[80] = 10;
        assert!(Board::new(cells).is_none());
    }
}
