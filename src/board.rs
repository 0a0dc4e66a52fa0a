//! The board: 81 cells in reading order, and the names of its cells.

use std::fmt;
use std::str::FromStr;

use crate::reader::{Boards, ReadError};

/// A 9x9 sudoku board: 81 cells in reading order (row by row), each `0` for
/// an empty cell or a digit `1..=9`.
///
/// ```
/// use sudoku_cli::Board;
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

    /// Whether `solution` is full, obeys every rule and keeps every given of
    /// this board.
    pub fn is_solved_by(&self, solution: &Board) -> bool {
        let keeps_givens = self
            .cells
            .iter()
            .zip(solution.cells.iter())
            .all(|(&given, &filled)| given == 0 || given == filled);
        keeps_givens && solution.is_full() && crate::validate::is_consistent(solution)
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

/// Why a string did not parse as exactly one board.
#[derive(Debug, thiserror::Error)]
pub enum ParseBoardError {
    /// The text is malformed.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The text holds no board.
    #[error("no board found")]
    Empty,
    /// The text holds more than one board.
    #[error("more than one board found")]
    Several,
}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Parses exactly one board, in any input shape the reader accepts.
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let mut boards = Boards::new(s.as_bytes(), "<string>");
        let first = boards.next().ok_or(ParseBoardError::Empty)??;
        match boards.next() {
            None => Ok(first.board),
            Some(_) => Err(ParseBoardError::Several),
        }
    }
}

/// One of the 81 cells, by index in reading order (0-80).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub u8);

impl Cell {
    /// The row, 0-8.
    pub fn row(self) -> usize {
        usize::from(self.0) / 9
    }

    /// The column, 0-8.
    pub fn column(self) -> usize {
        usize::from(self.0) % 9
    }

    /// The 3x3 box, 0-8, left to right then top to bottom.
    pub fn box_index(self) -> usize {
        self.row() / 3 * 3 + self.column() / 3
    }
}

impl fmt::Display for Cell {
    /// Writes the cell in rNcM notation, rows and columns counted from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.column() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn parses_and_prints_a_line() {
        let board: Board = LEETCODE.parse().unwrap();
        assert_eq!(board.to_string(), LEETCODE);
        assert_eq!(board.givens(), 30);
        assert!(!board.is_full());
    }

    #[test]
    fn new_rejects_out_of_range_cells() {
        let mut cells = [0; 81];
        assert!(Board::new(cells).is_some());
        cells[80] = 10;
        assert!(Board::new(cells).is_none());
    }

    #[test]
    fn from_str_wants_exactly_one_board() {
        assert!(matches!("".parse::<Board>(), Err(ParseBoardError::Empty)));
        let two = format!("{LEETCODE}\n{LEETCODE}\n");
        assert!(matches!(
            two.parse::<Board>(),
            Err(ParseBoardError::Several)
        ));
        assert!(matches!(
            "x".repeat(81).parse::<Board>(),
            Err(ParseBoardError::Read(_))
        ));
    }

    #[test]
    fn cells_know_their_units() {
        let cell = Cell(40);
        assert_eq!((cell.row(), cell.column(), cell.box_index()), (4, 4, 4));
        assert_eq!(Cell(80).box_index(), 8);
        assert_eq!(Cell(6).box_index(), 2);
        assert_eq!(Cell(27).box_index(), 3);
        assert_eq!(Cell(0).to_string(), "r1c1");
        assert_eq!(Cell(80).to_string(), "r9c9");
        assert_eq!(Cell(12).to_string(), "r2c4");
    }

    #[test]
    fn solved_by_checks_givens_and_rules() {
        let puzzle: Board = LEETCODE.parse().unwrap();
        let solution: Board =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        assert!(puzzle.is_solved_by(&solution));
        // A full valid grid that changes a given is not a solution.
        let mut cells = *solution.cells();
        cells.swap(0, 1);
        assert!(!puzzle.is_solved_by(&Board::new(cells).unwrap()));
        // The puzzle itself is not full.
        assert!(!puzzle.is_solved_by(&puzzle));
    }
}
