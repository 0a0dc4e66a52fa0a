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

use super::dig::{box_of, ALL, UNITS};

/// Which singles a person may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Singles {
    /// Full houses (the last empty cell of a row, column or box) and hidden
    /// singles in boxes: ER at most 1.2, the easy bucket.
    Boxes,
    /// Hidden singles in any unit and naked singles: ER at most 2.3.
    All,
}

/// A board being filled by singles: its cells and the digits each unit
/// holds (bit `d` for digit `d`).
#[derive(Clone, Copy)]
pub(crate) struct Fill {
    pub cells: [u8; 81],
    pub rows: [u16; 9],
    pub columns: [u16; 9],
    pub boxes: [u16; 9],
}

impl Fill {
    fn place(&mut self, i: usize, digit: u8) {
        self.cells[i] = digit;
        self.rows[i / 9] |= 1 << digit;
        self.columns[i % 9] |= 1 << digit;
        self.boxes[box_of(i)] |= 1 << digit;
    }

    /// The digits cell `i` may still take.
    fn candidates(&self, i: usize) -> u16 {
        ALL & !(self.rows[i / 9] | self.columns[i % 9] | self.boxes[box_of(i)])
    }

    /// Places every naked single once; whether any was found.
    fn naked_singles(&mut self) -> bool {
        let mut found = false;
        for i in 0..81 {
            if self.cells[i] != 0 {
                continue;
            }
            let candidates = self.candidates(i);
            if candidates.count_ones() == 1 {
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
        let unit = &UNITS[u];
        let (mut once, mut twice, mut empty) = (0u16, 0u16, 0);
        for &cell in unit {
            let i = usize::from(cell);
            if self.cells[i] == 0 {
                let candidates = self.candidates(i);
                // A digit seen before goes to `twice`, else to `once`.
                twice |= once & candidates;
                once |= candidates;
                empty += 1;
            }
        }
        if empty == 0 || (full_house_only && empty > 1) {
            return false;
        }
        let mut hidden = once & !twice;
        let found = hidden != 0;
        while hidden != 0 {
            let digit = hidden.trailing_zeros() as u8;
            hidden &= hidden - 1; // drop the lowest bit
            for &cell in unit {
                let i = usize::from(cell);
                if self.cells[i] == 0 && self.candidates(i) & (1 << digit) != 0 {
                    self.place(i, digit);
                    break;
                }
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

    /// Whether `singles` fill every cell of `cells` (a set of cells, bit
    /// `i` for cell `i`) on this board.
    ///
    /// When the board with those cells filled is known to be solvable by
    /// the same singles, this says whether the board itself is: placing
    /// more digits never takes a single away.
    pub fn fills(mut self, singles: Singles, cells: u128) -> bool {
        loop {
            if (0..81).all(|i| cells & (1 << i) == 0 || self.cells[i] != 0) {
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
    use crate::logic::rate;

    fn fill(puzzle: &str) -> Fill {
        let board: Board = puzzle.parse().unwrap();
        let mut fill = Fill {
            cells: [0; 81],
            rows: [0; 9],
            columns: [0; 9],
            boxes: [0; 9],
        };
        for (i, &digit) in board.cells().iter().enumerate() {
            if digit != 0 {
                fill.place(i, digit);
            }
        }
        fill
    }

    const EVERY_CELL: u128 = (1 << 81) - 1;

    #[test]
    fn singles_agree_with_the_ladder() {
        // ER 1.2 (boxes), 1.5 (a row's hidden single) and 2.3-free, 4.0.
        let box_only =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        assert_eq!(rate(&box_only.parse().unwrap()).er.0, 12);
        assert!(fill(box_only).fills(Singles::Boxes, EVERY_CELL));
        assert!(fill(box_only).fills(Singles::All, EVERY_CELL));
        let harder =
            ".965.74.....94...15....1..94.5....92.6.....8.81....3.66..7....37...34.....48.621.";
        assert_eq!(rate(&harder.parse().unwrap()).er.0, 40);
        assert!(!fill(harder).fills(Singles::Boxes, EVERY_CELL));
        assert!(!fill(harder).fills(Singles::All, EVERY_CELL));
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
        assert!(fill(&one_gap).fills(Singles::Boxes, EVERY_CELL));
        // A whole empty row: each cell is the last of its column.
        let row = format!("{}{}", ".".repeat(9), &solved[9..]);
        assert!(fill(&row).fills(Singles::Boxes, EVERY_CELL));
    }

    #[test]
    fn it_stops_once_the_cells_asked_are_filled() {
        let harder =
            ".965.74.....94...15....1..94.5....92.6.....8.81....3.66..7....37...34.....48.621.";
        // No cell asked: filled at once, though the board is not solvable.
        assert!(fill(harder).fills(Singles::All, 0));
    }
}
