//! Unavoidable sets of a full grid: sets of cells whose digits can be
//! rearranged into another valid grid. Every puzzle with a unique solution
//! keeps a given in each of them, so a removal that empties one is refused
//! without asking the solver.
//!
//! The sets found here are the commonest small ones. Take two rows of one
//! band, and the map sending the digit of the first row in each column to
//! the digit of the second row in that column. Along each cycle of that map
//! (its columns `C`), swapping the two rows' digits in `C` keeps every
//! column (same two digits), every box (a column's two cells share a box)
//! and both rows (the cycle's digits are the same set in each row) valid.
//! So the `2 |C|` cells are unavoidable: four for a deadly rectangle, six,
//! eight and so on. The same with two columns of one stack.

/// A set of cells: bit `i` is cell `i` (0-80).
pub(crate) type Cells = u128;

/// At most four cycles for each of the 18 pairs (a cycle has two columns
/// at least, as a column never repeats a digit).
const MOST: usize = 72;

/// The unavoidable sets of one grid found by the two-line swaps.
pub(crate) struct Unavoidable {
    sets: [Cells; MOST],
    count: usize,
}

impl Unavoidable {
    /// The two-row and two-column cycle sets of the full grid `grid`.
    pub(crate) fn of(grid: &[u8; 81]) -> Unavoidable {
        let mut found = Unavoidable {
            sets: [0; MOST],
            count: 0,
        };
        for transposed in [false, true] {
            // With `transposed`, "rows" are columns and "columns" rows.
            let at = |line: usize, k: usize| {
                if transposed {
                    k * 9 + line
                } else {
                    line * 9 + k
                }
            };
            for band in 0..3 {
                for (a, b) in [(0, 1), (0, 2), (1, 2)] {
                    let (first, second) = (band * 3 + a, band * 3 + b);
                    found.add_cycles(grid, |k| at(first, k), |k| at(second, k));
                }
            }
        }
        found
    }

    /// Adds the cycle sets of two lines of one band (or stack), `first(k)`
    /// and `second(k)` being their `k`-th cells.
    fn add_cycles(
        &mut self,
        grid: &[u8; 81],
        first: impl Fn(usize) -> usize,
        second: impl Fn(usize) -> usize,
    ) {
        // Where each digit sits on the first line.
        let mut place = [0usize; 10];
        for k in 0..9 {
            place[usize::from(grid[first(k)])] = k;
        }
        let mut done = [false; 9];
        for start in 0..9 {
            let mut set: Cells = 0;
            let mut k = start;
            while !done[k] {
                done[k] = true;
                set |= 1 << first(k) | 1 << second(k);
                // The next place: where the first line holds this digit of
                // the second.
                k = place[usize::from(grid[second(k)])];
            }
            if set != 0 && self.count < MOST {
                self.sets[self.count] = set;
                self.count += 1;
            }
        }
    }

    /// Whether some set has no cell in `givens`.
    pub(crate) fn any_missed(&self, givens: Cells) -> bool {
        self.sets[..self.count].iter().any(|&set| set & givens == 0)
    }

    /// The sets found.
    #[cfg(test)]
    pub(crate) fn sets(&self) -> &[Cells] {
        &self.sets[..self.count]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::solver::solve;

    /// LeetCode 37's answer.
    const GRID: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn grid() -> [u8; 81] {
        *GRID.parse::<Board>().unwrap().cells()
    }

    #[test]
    fn every_set_is_unavoidable() {
        // Emptying a set of the grid, and nothing else, leaves two
        // solutions or more: the grid and the swapped one.
        let found = Unavoidable::of(&grid());
        assert!(found.sets().len() >= 18, "at least one cycle per pair");
        for &set in found.sets() {
            let mut cells = grid();
            for (i, cell) in cells.iter_mut().enumerate() {
                if set >> i & 1 == 1 {
                    *cell = 0;
                }
            }
            let board = Board::new(cells).unwrap();
            assert!(set.count_ones() >= 4 && set.count_ones() % 2 == 0);
            assert_eq!(solve(&board, 2).unwrap().count, 2, "{board}");
            assert!(found.any_missed(!set));
        }
        assert!(!found.any_missed((1 << 81) - 1));
    }

    #[test]
    fn the_deadly_rectangle_is_found() {
        // r4c6, r4c9, r5c6, r5c9 hold 1/3 and 3/1 (tests/common's TWO).
        let rectangle: Cells = 1 << 32 | 1 << 35 | 1 << 41 | 1 << 44;
        assert!(Unavoidable::of(&grid()).sets().contains(&rectangle));
    }
}
