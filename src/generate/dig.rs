//! Making one puzzle: a random full grid, then emptying groups of cells
//! (a cell and its symmetric images) in random order while the solution
//! stays unique.
//!
//! One pass over the groups is enough for minimality: a group that could
//! not be emptied when it was tried can never be emptied later, because
//! emptying other cells only adds solutions. So a pass that tries every
//! group once ends at a puzzle where emptying any group of givens leaves
//! two or more solutions.
//!
//! Uniqueness is checked by the solver (`solve(board, 2)`), except where a
//! cheaper argument proves it: if, once a group is emptied, each of its
//! cells sees the eight other digits among the remaining givens of its
//! row, column and box (a naked single), every solution must put back the
//! digits that were there, so the solutions are the same as before. Early
//! in a pass, with many givens left, that settles most groups.

use crate::board::Board;
use crate::solver::solve;

use super::random::Random;
use super::symmetry::Groups;

/// Bit `d` (1-9) of a unit's mask: digit `d` is among its givens.
const fn bit(digit: u8) -> u16 {
    1 << digit
}

/// Every digit's bit, 1-9.
const ALL: u16 = 0b11_1111_1110;

/// The box (0-8) of cell `i`.
const fn box_of(i: usize) -> usize {
    i / 27 * 3 + i % 9 / 3
}

/// A random full grid: boxes 1, 5 and 9 (which share no row, column or
/// box) filled with random permutations, the rest completed by the solver,
/// then rows shuffled within bands, bands among themselves, the same for
/// columns and stacks, and the grid transposed or not, all at random.
pub(crate) fn full_grid(random: &mut Random) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for top_left in [0, 30, 60] {
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        random.shuffle(&mut digits);
        for (k, digit) in digits.into_iter().enumerate() {
            cells[top_left + k / 3 * 9 + k % 3] = digit;
        }
    }
    // Three independent boxes never conflict and always complete, so the
    // solver has a solution to give; the fallback is never taken.
    let solved = solve(&Board::from_checked(cells), 1)
        .ok()
        .and_then(|found| found.first)
        .map_or(cells, |board| *board.cells());
    let rows = band_order(random);
    let columns = band_order(random);
    let transpose = random.below(2) == 1;
    let mut grid = [0u8; 81];
    for (i, cell) in grid.iter_mut().enumerate() {
        let (r, c) = if transpose {
            (i % 9, i / 9)
        } else {
            (i / 9, i % 9)
        };
        *cell = solved[usize::from(rows[r]) * 9 + usize::from(columns[c])];
    }
    grid
}

/// A random order of the nine rows (or columns) that keeps bands whole:
/// bands shuffled, and rows within each band.
fn band_order(random: &mut Random) -> [u8; 9] {
    let mut bands = [0u8, 3, 6];
    random.shuffle(&mut bands);
    let mut order = [0u8; 9];
    for (b, start) in bands.into_iter().enumerate() {
        let mut within = [0u8, 1, 2];
        random.shuffle(&mut within);
        for (k, offset) in within.into_iter().enumerate() {
            order[b * 3 + k] = start + offset;
        }
    }
    order
}

/// A board being dug: its cells, and each unit's digits among its givens.
struct Digging {
    cells: [u8; 81],
    rows: [u16; 9],
    columns: [u16; 9],
    boxes: [u16; 9],
    givens: u8,
}

impl Digging {
    fn new(grid: &[u8; 81]) -> Digging {
        let digging = Digging {
            cells: *grid,
            rows: [ALL; 9],
            columns: [ALL; 9],
            boxes: [ALL; 9],
            givens: 81,
        };
        debug_assert!(grid.iter().all(|&d| (1..=9).contains(&d)));
        digging
    }

    /// Empties cell `i`.
    fn clear(&mut self, i: usize) {
        let digit = self.cells[i];
        self.cells[i] = 0;
        // XOR drops the digit's bit: it was set, the unit held it once.
        self.rows[i / 9] ^= bit(digit);
        self.columns[i % 9] ^= bit(digit);
        self.boxes[box_of(i)] ^= bit(digit);
        self.givens -= 1;
    }

    /// Puts `digit` back on the empty cell `i`.
    fn restore(&mut self, i: usize, digit: u8) {
        self.cells[i] = digit;
        self.rows[i / 9] |= bit(digit);
        self.columns[i % 9] |= bit(digit);
        self.boxes[box_of(i)] |= bit(digit);
        self.givens += 1;
    }

    /// Whether the empty cell `i` sees eight different digits among the
    /// givens of its units, so that only one digit can go there.
    fn is_naked_single(&self, i: usize) -> bool {
        let seen = self.rows[i / 9] | self.columns[i % 9] | self.boxes[box_of(i)];
        seen.count_ones() == 8
    }

    /// Whether the board has exactly one solution.
    fn is_unique(&self) -> bool {
        solve(&Board::from_checked(self.cells), 2).is_ok_and(|found| found.count == 1)
    }

    /// Tries to empty `group`: keeps it empty and returns true if the
    /// solution stays unique, else restores it.
    fn try_clear(&mut self, group: &[u8]) -> bool {
        let mut digits = [0u8; 4];
        for (k, &cell) in group.iter().enumerate() {
            digits[k] = self.cells[usize::from(cell)];
            self.clear(usize::from(cell));
        }
        let forced = group
            .iter()
            .all(|&cell| self.is_naked_single(usize::from(cell)));
        if forced || self.is_unique() {
            return true;
        }
        for (k, &cell) in group.iter().enumerate() {
            self.restore(usize::from(cell), digits[k]);
        }
        false
    }
}

/// Where the digging of one attempt stops.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stop {
    /// Stop once the givens are at most this many (81: never stop early,
    /// dig every group once).
    pub target: u8,
    /// Never go below this many givens: a group that would is skipped.
    pub floor: u8,
}

/// Digs `grid` once over `groups` in random order as `stop` says; returns
/// the puzzle's cells.
pub(crate) fn dig(grid: &[u8; 81], groups: &Groups, stop: Stop, random: &mut Random) -> [u8; 81] {
    let mut order = [0u8; 81];
    let order = &mut order[..groups.count()];
    for (g, slot) in order.iter_mut().enumerate() {
        *slot = g as u8;
    }
    random.shuffle(order);
    let mut digging = Digging::new(grid);
    for &g in order.iter() {
        if digging.givens <= stop.target {
            break;
        }
        let group = groups.cells(usize::from(g));
        if usize::from(digging.givens) < usize::from(stop.floor) + group.len() {
            continue;
        }
        digging.try_clear(group);
    }
    digging.cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::symmetry::{Symmetry, SYMMETRIES};
    use crate::validate::is_consistent;

    const DIG_ALL: Stop = Stop {
        target: 0,
        floor: 0,
    };

    #[test]
    fn full_grids_are_valid_and_vary() {
        let mut random = Random::new(3);
        let first = full_grid(&mut random);
        for _ in 0..200 {
            let grid = full_grid(&mut random);
            let board = Board::from_checked(grid);
            assert!(board.is_full() && is_consistent(&board), "{board}");
            assert_ne!(grid, first);
        }
    }

    #[test]
    fn a_full_pass_gives_a_unique_minimal_symmetric_puzzle() {
        let mut random = Random::new(11);
        for symmetry in SYMMETRIES {
            let groups = Groups::new(symmetry);
            for _ in 0..5 {
                let grid = full_grid(&mut random);
                let cells = dig(&grid, &groups, DIG_ALL, &mut random);
                let puzzle = Board::from_checked(cells);
                let found = solve(&puzzle, 2).unwrap();
                assert_eq!(found.count, 1, "{puzzle}");
                assert_eq!(found.first, Some(Board::from_checked(grid)));
                for i in 0..81 {
                    let j = symmetry.image(i);
                    assert_eq!(cells[i] == 0, cells[j] == 0, "{symmetry} {puzzle}");
                }
                for g in 0..groups.count() {
                    let group = groups.cells(g);
                    if cells[usize::from(group[0])] == 0 {
                        continue;
                    }
                    let mut less = cells;
                    for &cell in group {
                        less[usize::from(cell)] = 0;
                    }
                    let count = solve(&Board::from_checked(less), 2).unwrap().count;
                    assert_eq!(count, 2, "{symmetry}: group {group:?} of {puzzle}");
                }
            }
        }
    }

    #[test]
    fn the_naked_single_shortcut_agrees_with_the_solver() {
        // Whenever the shortcut says "unique", the solver must agree.
        let mut random = Random::new(5);
        let groups = Groups::new(Symmetry::None);
        for _ in 0..50 {
            let grid = full_grid(&mut random);
            let mut digging = Digging::new(&grid);
            let mut order: Vec<usize> = (0..81).collect();
            random.shuffle(&mut order);
            for g in order {
                let group = groups.cells(g);
                let cell = usize::from(group[0]);
                let digit = digging.cells[cell];
                digging.clear(cell);
                if digging.is_naked_single(cell) {
                    assert!(digging.is_unique());
                } else if !digging.is_unique() {
                    digging.restore(cell, digit);
                }
            }
        }
    }

    #[test]
    fn stops_at_the_target_and_never_below_the_floor() {
        let mut random = Random::new(9);
        let groups = Groups::new(Symmetry::Rotate90);
        for _ in 0..20 {
            let grid = full_grid(&mut random);
            let stop = Stop {
                target: 40,
                floor: 38,
            };
            let cells = dig(&grid, &groups, stop, &mut random);
            let givens = cells.iter().filter(|&&c| c != 0).count();
            assert!((38..=40).contains(&givens), "{givens}");
            assert!(Symmetry::Rotate90.allows_givens(givens as u8));
        }
    }
}
