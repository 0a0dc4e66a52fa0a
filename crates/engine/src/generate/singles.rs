//! Whether a person solves a board with singles alone, the test that
//! steers the digging of easy and medium puzzles.
//!
//! Singles are sound whatever the board, so a board they fill completely
//! has exactly one solution: digging that keeps a board solvable by
//! singles needs no solver. And Sudoku Explainer's ladder tries the
//! singles (and the "direct" techniques that place a digit, all below
//! 2.5) before anything harder; once a board is solvable by singles, any
//! position the ladder reaches still has a single (its candidates are a
//! subset of those along the singles' path), so its ER is at most 2.3
//! (naked single). With full houses and hidden singles in boxes only, the
//! ladder's first rung (full houses, then hidden singles in boxes, before
//! rows and columns) always finds one of those, so the ER is at most 1.2.

use crate::geometry::{box_of, column_of, houses_of, row_of, HOUSE_CELLS};

/// Every digit's bit, 1-9.
pub(super) const ALL: u16 = 0b11_1111_1110;

/// Which singles a person may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Singles {
    /// Full houses (the last empty cell of a row, column or box) and hidden
    /// singles in boxes: ER at most 1.2, the easy bucket.
    Boxes,
    /// Hidden singles in any unit and naked singles: ER at most 2.3.
    All,
}

/// A board being filled by singles: its cells and the digits each empty
/// cell may still take (bit `d` for digit `d`; none on a filled cell).
#[derive(Clone, Copy)]
pub(crate) struct Fill {
    cells: [u8; 81],
    candidates: [u16; 81],
}

impl Fill {
    /// The board `cells`, whose rows, columns and boxes hold the digits
    /// `rows`, `columns` and `boxes` (bit `d` for digit `d`).
    pub fn new(cells: [u8; 81], rows: &[u16; 9], columns: &[u16; 9], boxes: &[u16; 9]) -> Fill {
        let mut candidates = [0u16; 81];
        for (i, slot) in candidates.iter_mut().enumerate() {
            if cells[i] == 0 {
                *slot = ALL & !(rows[row_of(i)] | columns[column_of(i)] | boxes[box_of(i)]);
            }
        }
        Fill { cells, candidates }
    }

    /// Puts `digit` on cell `i` and takes it from the candidates of the
    /// cells of its row, column and box.
    fn place(&mut self, i: usize, digit: u8) {
        self.cells[i] = digit;
        self.candidates[i] = 0;
        for unit in houses_of(i) {
            for &peer in &HOUSE_CELLS[unit] {
                self.candidates[usize::from(peer)] &= !(1 << digit);
            }
        }
    }

    /// Places every naked single once; whether any was found.
    fn naked_singles(&mut self) -> bool {
        let mut found = false;
        for i in 0..81 {
            let candidates = self.candidates[i];
            // One bit set: nonzero, and clearing the lowest leaves none.
            if candidates != 0 && candidates & (candidates - 1) == 0 {
                self.place(i, candidates.trailing_zeros() as u8);
                found = true;
            }
        }
        found
    }

    /// Places the hidden singles of unit `u` (0-26: rows, columns, boxes),
    /// or with `full_house_only` only its last empty cell; whether any was
    /// found.
    fn hidden_singles(&mut self, u: usize, full_house_only: bool) -> bool {
        let unit = &HOUSE_CELLS[u];
        let (mut once, mut twice, mut empty) = (0u16, 0u16, 0);
        for &cell in unit {
            let candidates = self.candidates[usize::from(cell)];
            // A digit seen before goes to `twice`, else to `once`.
            twice |= once & candidates;
            once |= candidates;
            empty += usize::from(self.cells[usize::from(cell)] == 0);
        }
        if empty == 0 || (full_house_only && empty > 1) {
            return false;
        }
        let mut hidden = once & !twice;
        let found = hidden != 0;
        while hidden != 0 {
            let digit = hidden.trailing_zeros() as u8;
            hidden &= hidden - 1; // drop the lowest bit
            if let Some(&cell) = unit
                .iter()
                .find(|&&cell| self.candidates[usize::from(cell)] & (1 << digit) != 0)
            {
                self.place(usize::from(cell), digit);
            }
        }
        found
    }

    /// One round of `singles` over the board; whether any was placed.
    fn round(&mut self, singles: Singles) -> bool {
        let mut found = false;
        for u in (18..27).chain(0..18) {
            let full_house_only = singles == Singles::Boxes && u < 18;
            found |= self.hidden_singles(u, full_house_only);
        }
        if singles == Singles::All {
            found |= self.naked_singles();
        }
        found
    }

    /// Whether `singles` fill every cell of `cells` on this board.
    ///
    /// When the board with those cells filled is known to be solvable by
    /// the same singles, this says whether the board itself is: placing
    /// more digits never takes a single away.
    pub fn fills(mut self, singles: Singles, cells: &[u8]) -> bool {
        loop {
            if cells.iter().all(|&i| self.cells[usize::from(i)] != 0) {
                return true;
            }
            if !self.round(singles) {
                return false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::generate::dig::{dig, full_grid, Stop};
    use crate::logic::rate;
    use crate::random::Random;
    use crate::symmetry::{Groups, Symmetry};

    fn fill(puzzle: &str) -> Fill {
        let board: Board = puzzle.parse().unwrap();
        let mut fill = Fill::new([0; 81], &[0; 9], &[0; 9], &[0; 9]);
        for (i, &digit) in board.cells().iter().enumerate() {
            if digit != 0 {
                fill.place(i, digit);
            }
        }
        fill
    }

    /// Every cell, 0-80.
    const EVERY_CELL: [u8; 81] = {
        let mut cells = [0u8; 81];
        let mut i = 0;
        while i < 81 {
            cells[i] = i as u8;
            i += 1;
        }
        cells
    };

    #[test]
    fn singles_agree_with_the_ladder() {
        // A puzzle of ER 1.2 (singles in boxes) and one of 4.0.
        let box_only =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        assert_eq!(rate(&box_only.parse().unwrap()).er.0, 12);
        assert!(fill(box_only).fills(Singles::Boxes, &EVERY_CELL));
        assert!(fill(box_only).fills(Singles::All, &EVERY_CELL));
        let harder =
            ".965.74.....94...15....1..94.5....92.6.....8.81....3.66..7....37...34.....48.621.";
        assert_eq!(rate(&harder.parse().unwrap()).er.0, 40);
        assert!(!fill(harder).fills(Singles::Boxes, &EVERY_CELL));
        assert!(!fill(harder).fills(Singles::All, &EVERY_CELL));
    }

    /// The module's claims, on minimal puzzles of every rating: singles in
    /// boxes solve exactly the puzzles of ER 1.2 or less, all singles
    /// solve every puzzle up to 1.5 and none above 2.3.
    #[test]
    fn singles_solve_what_the_ladder_rates_low() {
        let mut random = Random::new(17);
        let groups = Groups::new(Symmetry::None);
        let stop = Stop {
            target: 0,
            floor: 0,
        };
        for _ in 0..300 {
            let grid = full_grid(&mut random);
            let puzzle = dig(&grid, &groups, stop, None, &mut random);
            let er = rate(&Board::from_checked(puzzle)).er.0;
            let text = Board::from_checked(puzzle).to_string();
            assert_eq!(
                fill(&text).fills(Singles::Boxes, &EVERY_CELL),
                er <= 12,
                "{text}"
            );
            let by_singles = fill(&text).fills(Singles::All, &EVERY_CELL);
            assert!(!by_singles || er <= 23, "{text}");
            assert!(by_singles || er > 15, "{text}");
        }
    }

    #[test]
    fn full_houses_count_in_every_unit() {
        // A solved grid with row 1 emptied: full houses would fill it at
        // once, so both kinds fill it.
        let solved =
            "435982671219376458786451932571629843894135267362847195148593726923768514657214389";
        let mut cells: Vec<u8> = solved.bytes().collect();
        cells[3] = b'.';
        let one_gap = String::from_utf8(cells).unwrap();
        assert!(fill(&one_gap).fills(Singles::Boxes, &EVERY_CELL));
        // A whole empty row: each cell is the last of its column.
        let row = format!("{}{}", ".".repeat(9), &solved[9..]);
        assert!(fill(&row).fills(Singles::Boxes, &EVERY_CELL));
    }

    #[test]
    fn it_stops_once_the_cells_asked_are_filled() {
        let harder =
            ".965.74.....94...15....1..94.5....92.6.....8.81....3.66..7....37...34.....48.621.";
        // No cell asked: filled at once, though the board is not solvable.
        assert!(fill(harder).fills(Singles::All, &[]));
    }
}
