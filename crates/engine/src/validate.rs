//! The validator: which digits repeat in which rows, columns and boxes.

use std::fmt;

use crate::board::{Board, Cell};

/// A kind of unit: nine cells that must hold each digit at most once (a
/// house of the board's [geometry](crate::geometry)).
pub use crate::geometry::HouseKind as Unit;

/// One digit repeated in one unit, with every cell that holds it there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The kind of unit.
    pub unit: Unit,
    /// The unit's number, 1-9.
    pub index: u8,
    /// The repeated digit, 1-9.
    pub digit: u8,
    /// The cells holding the digit in this unit, in reading order (two or
    /// more).
    pub cells: Vec<Cell>,
}

impl Conflict {
    /// The conflict as a player of pencil marks reads it: a digit that is
    /// the only candidate of several cells of a unit, e.g.
    /// `5 is the only candidate of 2 cells in row 1 (r1c1, r1c4)`. (In a
    /// position of marks nobody need have written the digit down.)
    ///
    /// ```
    /// use sudoku_engine::{conflicts, Board};
    ///
    /// let board: Board = format!("5..5{}", ".".repeat(77)).parse().unwrap();
    /// let found = conflicts(&board);
    /// assert_eq!(
    ///     found[0].in_marks().to_string(),
    ///     "5 is the only candidate of 2 cells in row 1 (r1c1, r1c4)"
    /// );
    /// ```
    pub fn in_marks(&self) -> impl fmt::Display + '_ {
        InMarks(self)
    }

    /// Writes ` in UNIT N (CELLS)`.
    fn write_place(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, " in {} {} (", self.unit.name(), self.index)?;
        for (i, cell) in self.cells.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{cell}")?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for Conflict {
    /// Writes e.g. `5 twice in row 1 (r1c1, r1c4)` or
    /// `7 3 times in column 2 (r1c2, r5c2, r9c2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.digit)?;
        match self.cells.len() {
            2 => f.write_str("twice")?,
            n => write!(f, "{n} times")?,
        }
        self.write_place(f)
    }
}

/// A conflict worded for pencil marks ([`Conflict::in_marks`]).
struct InMarks<'a>(&'a Conflict);

impl fmt::Display for InMarks<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let conflict = self.0;
        let cells = conflict.cells.len();
        write!(
            f,
            "{} is the only candidate of {cells} cells",
            conflict.digit
        )?;
        conflict.write_place(f)
    }
}

/// Every conflict on `board`: rows first, then columns, then boxes, each by
/// unit number then digit. Empty when the board breaks no rule; it
/// allocates only for a board that does.
///
/// ```
/// use sudoku_engine::{conflicts, Board};
///
/// let mut cells = [0; 81];
/// cells[0] = 5;
/// cells[3] = 5;
/// let found = conflicts(&Board::new(cells).unwrap());
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].to_string(), "5 twice in row 1 (r1c1, r1c4)");
/// ```
pub fn conflicts(board: &Board) -> Vec<Conflict> {
    let mut found = Vec::new();
    if is_consistent(board) {
        return found;
    }
    for unit in [Unit::Row, Unit::Column, Unit::Box] {
        for index in 0..9 {
            unit_conflicts(board, unit, index, &mut found);
        }
    }
    found
}

fn unit_conflicts(board: &Board, unit: Unit, index: usize, found: &mut Vec<Conflict>) {
    let cells: [Cell; 9] = std::array::from_fn(|position| Cell(unit.cell(index, position) as u8));
    for digit in 1..=9 {
        let mut holding: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|cell| board.cell(usize::from(cell.0)) == digit)
            .collect();
        if holding.len() > 1 {
            holding.sort_unstable();
            found.push(Conflict {
                unit,
                index: index as u8 + 1,
                digit,
                cells: holding,
            });
        }
    }
}

/// Whether no digit repeats in any row, column or box; empty cells are
/// allowed. Does not allocate.
///
/// One pass in reading order without a branch per cell (where the cells
/// are empty follows no pattern a branch predictor learns): each row's,
/// column's and box's digits so far as bits, and every bit met again.
pub fn is_consistent(board: &Board) -> bool {
    let cells = board.cells();
    let (mut columns, mut boxes) = ([0u16; 9], [0u16; 3]);
    let mut repeated = 0u16;
    for (row, digits) in cells.chunks_exact(9).enumerate() {
        if row % 3 == 0 {
            boxes = [0; 3];
        }
        let mut seen = 0u16;
        for (column, &digit) in digits.iter().enumerate() {
            // Bit `digit`: an empty cell sets bit 0, which never counts.
            let bit = 1u16 << digit;
            repeated |= (seen | columns[column] | boxes[column / 3]) & bit;
            seen |= bit;
            columns[column] |= bit;
            boxes[column / 3] |= bit;
        }
    }
    repeated & !1 == 0
}

impl Board {
    /// Whether `solution` is full, obeys every rule and keeps every given of
    /// this board.
    pub fn is_solved_by(&self, solution: &Board) -> bool {
        let keeps_givens = self
            .cells()
            .iter()
            .zip(solution.cells().iter())
            .all(|(&given, &filled)| given == 0 || given == filled);
        keeps_givens && solution.is_full() && is_consistent(solution)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

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

    fn board_with(givens: &[(usize, u8)]) -> Board {
        let mut cells = [0; 81];
        for &(at, digit) in givens {
            cells[at] = digit;
        }
        Board::new(cells).unwrap()
    }

    fn describe(board: &Board) -> Vec<String> {
        conflicts(board).iter().map(ToString::to_string).collect()
    }

    /// Whether some digit repeats in a unit, the plain way: every pair of
    /// filled cells that share a row, column or box.
    fn repeats(board: &Board) -> bool {
        let cells = board.cells();
        (0..81).any(|a| {
            (a + 1..81).any(|b| {
                let (x, y) = (Cell(a as u8), Cell(b as u8));
                cells[a] != 0
                    && cells[a] == cells[b]
                    && (x.row() == y.row()
                        || x.column() == y.column()
                        || x.box_index() == y.box_index())
            })
        })
    }

    proptest::proptest! {
        /// Boards with a few to many givens, some repeating, some not:
        /// `is_consistent` says so exactly when the pairwise check does,
        /// and `conflicts` finds something exactly then.
        #[test]
        fn consistency_agrees_with_the_pairwise_check(
            givens in proptest::collection::vec((0usize..81, 1u8..=9), 0..40)
        ) {
            let board = board_with(&givens);
            let consistent = !repeats(&board);
            proptest::prop_assert_eq!(is_consistent(&board), consistent);
            proptest::prop_assert_eq!(conflicts(&board).is_empty(), consistent);
        }
    }

    #[test]
    fn an_empty_board_is_consistent() {
        assert!(is_consistent(&Board::EMPTY));
        assert!(conflicts(&Board::EMPTY).is_empty());
    }

    #[test]
    fn a_solved_board_is_consistent() {
        let solved: Board =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        assert!(is_consistent(&solved));
        assert!(conflicts(&solved).is_empty());
    }

    #[test]
    fn the_contract_example() {
        // r1c1 = 5, r1c4 = 5, r2c5 = 5.
        let board = board_with(&[(0, 5), (3, 5), (13, 5)]);
        assert!(!is_consistent(&board));
        assert_eq!(
            describe(&board),
            [
                "5 twice in row 1 (r1c1, r1c4)",
                "5 twice in box 2 (r1c4, r2c5)"
            ]
        );
    }

    #[test]
    fn a_digit_three_times_in_one_unit_is_one_conflict() {
        let board = board_with(&[(1, 7), (37, 7), (73, 7)]);
        assert_eq!(
            describe(&board),
            ["7 3 times in column 2 (r1c2, r5c2, r9c2)"]
        );
    }

    #[test]
    fn conflicts_come_rows_then_columns_then_boxes_by_index_and_digit() {
        // Row 9 repeats 2; row 1 repeats 4 and 3; column 9 repeats 6.
        let board = board_with(&[
            (72, 2),
            (80, 2),
            (0, 4),
            (1, 4),
            (5, 3),
            (6, 3),
            (17, 6),
            (26, 6),
        ]);
        assert_eq!(
            describe(&board),
            [
                "3 twice in row 1 (r1c6, r1c7)",
                "4 twice in row 1 (r1c1, r1c2)",
                "2 twice in row 9 (r9c1, r9c9)",
                "6 twice in column 9 (r2c9, r3c9)",
                "4 twice in box 1 (r1c1, r1c2)",
                "6 twice in box 3 (r2c9, r3c9)"
            ]
        );
    }

    #[test]
    fn box_cells_are_listed_in_reading_order() {
        // Box 5 with 9 at r6c4, r4c6 and r5c5: reading order is r4c6, r5c5, r6c4.
        let board = board_with(&[(48, 9), (32, 9), (40, 9)]);
        assert_eq!(describe(&board), ["9 3 times in box 5 (r4c6, r5c5, r6c4)"]);
    }

    #[test]
    fn unit_cells_cover_the_board() {
        for unit in [Unit::Row, Unit::Column, Unit::Box] {
            let mut seen = [false; 81];
            for index in 0..9 {
                for position in 0..9 {
                    let cell = Cell(unit.cell(index, position) as u8);
                    let of = match unit {
                        Unit::Row => cell.row(),
                        Unit::Column => cell.column(),
                        Unit::Box => cell.box_index(),
                    };
                    assert_eq!(of, index);
                    seen[usize::from(cell.0)] = true;
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
    }
}
