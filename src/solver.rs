//! The solver: counts a board's solutions up to a limit, keeping the first.
//!
//! Representation: for each row, column and box a `u16` of the digits it
//! already holds (bit `d` for digit `d`). A cell's candidates are the digits
//! in none of its three units. The search is recursive backtracking that
//! always branches on the empty cell with the fewest candidates.

use crate::board::{Board, Cell};

/// The result of a search: how many solutions were found (never more than
/// the limit) and the first of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solutions {
    /// Solutions found, at most the limit.
    pub count: u32,
    /// The first solution found, if any.
    pub first: Option<Board>,
}

/// The givens already break a rule (a digit twice in a row, column or box),
/// so the board has no solution and no search was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the givens repeat a digit in a row, column or box")]
pub struct InvalidGivens;

/// Counts the solutions of `board`, stopping at `limit` (at least 1), and
/// keeps the first one found.
///
/// Solving is `limit` 1, proving uniqueness is `limit` 2, and counting is any
/// larger limit.
///
/// ```
/// use sudoku_cli::{solve, Board};
///
/// let puzzle: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// let found = solve(&puzzle, 2).unwrap();
/// assert_eq!(found.count, 1);
/// assert!(puzzle.is_solved_by(&found.first.unwrap()));
/// ```
pub fn solve(board: &Board, limit: u32) -> Result<Solutions, InvalidGivens> {
    let mut search = Search::new(board)?;
    search.limit = limit.max(1);
    search.run();
    Ok(Solutions {
        count: search.count,
        first: search.first.map(Board::from_checked),
    })
}

/// All nine digit bits: bit `d` stands for digit `d`, so bits 1 to 9.
const ALL: u16 = 0b11_1111_1110;

struct Search {
    cells: [u8; 81],
    rows: [u16; 9],
    columns: [u16; 9],
    boxes: [u16; 9],
    /// The empty cells; the first `open` of them are still unfilled.
    empty: [u8; 81],
    open: usize,
    count: u32,
    limit: u32,
    first: Option<[u8; 81]>,
}

impl Search {
    fn new(board: &Board) -> Result<Search, InvalidGivens> {
        let mut search = Search {
            cells: *board.cells(),
            rows: [0; 9],
            columns: [0; 9],
            boxes: [0; 9],
            empty: [0; 81],
            open: 0,
            count: 0,
            limit: 1,
            first: None,
        };
        for index in 0..81u8 {
            let digit = search.cells[usize::from(index)];
            if digit == 0 {
                search.empty[search.open] = index;
                search.open += 1;
            } else if search.candidates(index) & (1 << digit) == 0 {
                return Err(InvalidGivens);
            } else {
                search.toggle(index, digit);
            }
        }
        Ok(search)
    }

    /// The digits cell `index` may still take.
    fn candidates(&self, index: u8) -> u16 {
        let cell = Cell(index);
        ALL & !(self.rows[cell.row()] | self.columns[cell.column()] | self.boxes[cell.box_index()])
    }

    /// Places or removes `digit` in the unit tables (XOR flips its bit).
    fn toggle(&mut self, index: u8, digit: u8) {
        let cell = Cell(index);
        let bit = 1 << digit;
        self.rows[cell.row()] ^= bit;
        self.columns[cell.column()] ^= bit;
        self.boxes[cell.box_index()] ^= bit;
    }

    /// Moves the open cell with the fewest candidates to the end of the open
    /// list and returns its candidates, or `None` when a cell has none.
    fn pick(&mut self) -> Option<u16> {
        let mut best = 0;
        let mut best_candidates = ALL;
        let mut best_len = u32::MAX;
        for slot in 0..self.open {
            let candidates = self.candidates(self.empty[slot]);
            let len = candidates.count_ones();
            if len < best_len {
                (best, best_candidates, best_len) = (slot, candidates, len);
                if len <= 1 {
                    break;
                }
            }
        }
        if best_len == 0 {
            return None;
        }
        self.empty.swap(best, self.open - 1);
        Some(best_candidates)
    }

    fn run(&mut self) {
        if self.open == 0 {
            self.count += 1;
            self.first.get_or_insert(self.cells);
            return;
        }
        let Some(mut candidates) = self.pick() else {
            return;
        };
        self.open -= 1;
        let index = self.empty[self.open];
        while candidates != 0 && self.count < self.limit {
            // The lowest set bit is the smallest candidate digit.
            let digit = candidates.trailing_zeros() as u8;
            candidates &= candidates - 1;
            self.cells[usize::from(index)] = digit;
            self.toggle(index, digit);
            self.run();
            self.toggle(index, digit);
        }
        self.cells[usize::from(index)] = 0;
        self.open += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    /// An independent check: every unit holds 1-9 once and the givens stay.
    fn assert_solves(puzzle: &Board, solution: &Board) {
        let cells = solution.cells();
        let units = (0..9).flat_map(|i| {
            [
                (0..9).map(|j| i * 9 + j).collect::<Vec<_>>(),
                (0..9).map(|j| j * 9 + i).collect(),
                (0..9)
                    .map(|j| (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3)
                    .collect(),
            ]
        });
        for unit in units {
            let mut digits: Vec<u8> = unit.iter().map(|&c| cells[c]).collect();
            digits.sort_unstable();
            assert_eq!(digits, [1, 2, 3, 4, 5, 6, 7, 8, 9], "unit {unit:?}");
        }
        for (given, filled) in puzzle.cells().iter().zip(cells) {
            assert!(*given == 0 || given == filled);
        }
    }

    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn solves_the_leetcode_example_uniquely() {
        let puzzle = board(LEETCODE);
        let found = solve(&puzzle, 2).unwrap();
        assert_eq!(found.count, 1);
        let solution = found.first.unwrap();
        assert_solves(&puzzle, &solution);
        assert_eq!(
            solution.to_string(),
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        );
    }

    #[test]
    fn solves_a_hard_puzzle() {
        let puzzle = board(INKALA);
        let found = solve(&puzzle, 2).unwrap();
        assert_eq!(found.count, 1);
        assert_solves(&puzzle, &found.first.unwrap());
    }

    #[test]
    fn a_full_valid_board_is_its_own_solution() {
        let full = board(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        assert_eq!(
            solve(&full, 5).unwrap(),
            Solutions {
                count: 1,
                first: Some(full)
            }
        );
    }

    #[test]
    fn rejects_invalid_givens() {
        let mut cells = [0; 81];
        cells[0] = 5;
        cells[8] = 5;
        assert_eq!(solve(&Board::new(cells).unwrap(), 1), Err(InvalidGivens));
    }

    #[test]
    fn finds_no_solution_when_there_is_none() {
        // Consistent givens, but r1c9 can hold no digit: 1-8 are in its row
        // and 9 is in its column.
        let mut cells = [0; 81];
        cells[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        cells[80] = 9;
        let found = solve(&Board::new(cells).unwrap(), 2).unwrap();
        assert_eq!(
            found,
            Solutions {
                count: 0,
                first: None
            }
        );
    }

    #[test]
    fn counts_two_solutions_and_stops_at_the_limit() {
        // Blanking a deadly rectangle of a solved grid leaves two solutions.
        let solution = board(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        let mut cells = *solution.cells();
        let (r1, r2, c1, c2) = find_rectangle(&cells).expect("a deadly rectangle");
        for &(r, c) in &[(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
            cells[r * 9 + c] = 0;
        }
        let puzzle = Board::new(cells).unwrap();
        let found = solve(&puzzle, 10).unwrap();
        assert_eq!(found.count, 2);
        assert_solves(&puzzle, &found.first.unwrap());
        assert_eq!(solve(&puzzle, 1).unwrap().count, 1);
        assert_eq!(solve(&puzzle, 2).unwrap().count, 2);
    }

    /// Two rows in one band and two columns in two stacks whose corners read
    /// a,b / b,a: blanking them leaves exactly two solutions.
    fn find_rectangle(cells: &[u8; 81]) -> Option<(usize, usize, usize, usize)> {
        for r1 in 0..9 {
            for r2 in r1 + 1..r1 / 3 * 3 + 3 {
                for c1 in 0..9 {
                    for c2 in (c1 / 3 + 1) * 3..9 {
                        let (a, b) = (cells[r1 * 9 + c1], cells[r1 * 9 + c2]);
                        if cells[r2 * 9 + c1] == b && cells[r2 * 9 + c2] == a {
                            return Some((r1, r2, c1, c2));
                        }
                    }
                }
            }
        }
        None
    }

    #[test]
    fn an_empty_board_reaches_any_limit() {
        let found = solve(&Board::EMPTY, 1000).unwrap();
        assert_eq!(found.count, 1000);
        assert_solves(&Board::EMPTY, &found.first.unwrap());
    }

    #[test]
    fn limit_zero_counts_as_one() {
        assert_eq!(solve(&Board::EMPTY, 0).unwrap().count, 1);
    }
}
