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
//! Before each removal the board has one solution, the grid, so the
//! question is only whether another appears; any other solution differs
//! from the grid on a cell of the emptied group (else it would solve the
//! board before the removal). A cheap argument settles most removals: if,
//! once a group is emptied, each of its
//! cells sees the eight other digits among the remaining givens of its
//! row, column and box (a naked single), every solution must put back the
//! digits that were there, so the solutions are the same as before; the
//! same holds for a hidden single (every other empty cell of one of its
//! units sees the digit). Early in a pass, with many givens left, that
//! settles most groups. A removal that empties a known unavoidable set
//! ([`Unavoidable`]) is refused at once. The solver is asked the rest, one
//! question per other digit a cell of the group could take: "is there any
//! solution with this digit here?" (`solve(board, 1)`). That skips the part
//! of the search that would find the known solution again, which counting
//! to two (`solve(board, 2)`) walks.

use crate::board::Board;
use crate::geometry::{box_of, column_of, houses_of, row_of, HOUSE_CELLS};
use crate::solver::solve;

use super::singles::{Fill, Singles, ALL};
use super::unavoidable::{Cells, Unavoidable};
use crate::random::Random;
use crate::symmetry::Groups;

/// Bit `d` (1-9) of a unit's mask: digit `d` is among its givens.
const fn bit(digit: u8) -> u16 {
    1 << digit
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

/// A board being dug: its cells, its givens as a set, each unit's digits
/// among its givens, and the grid's known unavoidable sets.
struct Digging {
    cells: [u8; 81],
    givens: Cells,
    count: u8,
    rows: [u16; 9],
    columns: [u16; 9],
    boxes: [u16; 9],
    unavoidable: Unavoidable,
}

impl Digging {
    fn new(grid: &[u8; 81]) -> Digging {
        debug_assert!(grid.iter().all(|&d| (1..=9).contains(&d)));
        Digging {
            cells: *grid,
            givens: (1 << 81) - 1,
            count: 81,
            rows: [ALL; 9],
            columns: [ALL; 9],
            boxes: [ALL; 9],
            unavoidable: Unavoidable::of(grid),
        }
    }

    /// Empties cell `i`.
    fn clear(&mut self, i: usize) {
        let digit = self.cells[i];
        self.cells[i] = 0;
        self.givens &= !(1 << i);
        // XOR drops the digit's bit: it was set, the unit held it once.
        self.rows[row_of(i)] ^= bit(digit);
        self.columns[column_of(i)] ^= bit(digit);
        self.boxes[box_of(i)] ^= bit(digit);
        self.count -= 1;
    }

    /// Puts `digit` back on the empty cell `i`.
    fn restore(&mut self, i: usize, digit: u8) {
        self.cells[i] = digit;
        self.givens |= 1 << i;
        self.rows[row_of(i)] |= bit(digit);
        self.columns[column_of(i)] |= bit(digit);
        self.boxes[box_of(i)] |= bit(digit);
        self.count += 1;
    }

    /// The digits among the givens of the units of cell `i`.
    fn seen(&self, i: usize) -> u16 {
        self.rows[row_of(i)] | self.columns[column_of(i)] | self.boxes[box_of(i)]
    }

    /// Whether the givens alone put `digit` on the empty cell `i`: it is a
    /// naked single (its units hold the eight other digits), or a hidden
    /// single (every other empty cell of one of its units sees `digit`).
    fn is_forced(&self, i: usize, digit: u8) -> bool {
        if self.seen(i).count_ones() == 8 {
            return true;
        }
        houses_of(i).into_iter().any(|unit| {
            HOUSE_CELLS[unit].iter().all(|&other| {
                let other = usize::from(other);
                other == i || self.cells[other] != 0 || self.seen(other) & bit(digit) != 0
            })
        })
    }

    /// Whether the givens put `digit` on the empty cell `i` as a full
    /// house (the last empty cell of a unit) or a hidden single in its box.
    fn is_box_single(&self, i: usize, digit: u8) -> bool {
        let only_empty = |unit: usize| {
            HOUSE_CELLS[unit]
                .iter()
                .all(|&other| usize::from(other) == i || self.cells[usize::from(other)] != 0)
        };
        let hidden_in_box = HOUSE_CELLS[houses_of(i)[2]].iter().all(|&other| {
            let other = usize::from(other);
            other == i || self.cells[other] != 0 || self.seen(other) & bit(digit) != 0
        });
        hidden_in_box || only_empty(houses_of(i)[0]) || only_empty(houses_of(i)[1])
    }

    /// Whether some solution puts, on one of the empty cells `group`, a
    /// digit other than `digits` (theirs in the known solution).
    fn has_other_solution(&mut self, group: &[u8], digits: &[u8]) -> bool {
        for (&cell, &digit) in group.iter().zip(digits) {
            let i = usize::from(cell);
            // The digits no unit of the cell holds, but its own.
            let mut others = ALL & !self.seen(i) & !bit(digit);
            while others != 0 {
                let other = others.trailing_zeros() as u8;
                others &= others - 1; // drop the lowest bit
                self.cells[i] = other;
                // `other` is in none of the cell's units: never refused.
                let found =
                    solve(&Board::from_checked(self.cells), 1).is_ok_and(|found| found.count > 0);
                self.cells[i] = 0;
                if found {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the solution stays unique with the cells of `group` empty
    /// (their digits in the known solution being `digits`).
    fn stays_unique(&mut self, group: &[u8], digits: &[u8]) -> bool {
        let forced = group
            .iter()
            .zip(digits)
            .all(|(&cell, &digit)| self.is_forced(usize::from(cell), digit));
        forced
            || (!self.unavoidable.any_missed(self.givens)
                && !self.has_other_solution(group, digits))
    }

    /// Whether `singles` fill the emptied cells `group` (their digits
    /// `digits`) again: then, the board before being solvable by them, the
    /// board still is.
    fn singles_fill(&self, group: &[u8], digits: &[u8], singles: Singles) -> bool {
        // Most removals, early on, are singles at once.
        let at_once = group.iter().zip(digits).all(|(&cell, &digit)| {
            let i = usize::from(cell);
            match singles {
                Singles::All => self.is_forced(i, digit),
                Singles::Boxes => self.is_box_single(i, digit),
            }
        });
        if at_once {
            return true;
        }
        Fill::new(self.cells, &self.rows, &self.columns, &self.boxes).fills(singles, group)
    }

    /// Tries to empty `group`: keeps it empty and returns true if the
    /// solution stays unique (with `steer`, if `steer`'s singles still
    /// solve the board, which makes it unique), else restores it.
    fn try_clear(&mut self, group: &[u8], steer: Option<Singles>) -> bool {
        let mut digits = [0u8; 4];
        for (k, &cell) in group.iter().enumerate() {
            digits[k] = self.cells[usize::from(cell)];
            self.clear(usize::from(cell));
        }
        let kept = match steer {
            Some(singles) => self.singles_fill(group, &digits[..group.len()], singles),
            None => self.stays_unique(group, &digits[..group.len()]),
        };
        if kept {
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
    /// Stop once the givens are at most this many (0: never stop early,
    /// try every group once).
    pub target: u8,
    /// Never go below this many givens: a group that would is skipped.
    pub floor: u8,
}

/// Digs `grid` once over `groups` in random order as `stop` says; returns
/// the puzzle's cells. With `steer`, a group is emptied only if those
/// singles still solve the board (the full grid, where digging starts,
/// they solve trivially), so the puzzle is unique and rates at most what
/// they do, though not minimal.
pub(crate) fn dig(
    grid: &[u8; 81],
    groups: &Groups,
    stop: Stop,
    steer: Option<Singles>,
    random: &mut Random,
) -> [u8; 81] {
    let mut order = [0u8; 81];
    let order = &mut order[..groups.count()];
    for (g, slot) in order.iter_mut().enumerate() {
        *slot = g as u8;
    }
    random.shuffle(order);
    let mut digging = Digging::new(grid);
    for &g in order.iter() {
        if digging.count <= stop.target {
            break;
        }
        let group = groups.cells(usize::from(g));
        if usize::from(digging.count) < usize::from(stop.floor) + group.len() {
            continue;
        }
        digging.try_clear(group, steer);
    }
    digging.cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::{Symmetry, SYMMETRIES};
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

    /// The module's claim that one pass is enough: after it, emptying any
    /// group of givens (what a second pass would try) leaves two solutions.
    #[test]
    fn a_full_pass_gives_a_unique_minimal_symmetric_puzzle() {
        let mut random = Random::new(11);
        for symmetry in SYMMETRIES {
            let groups = Groups::new(symmetry);
            for _ in 0..5 {
                let grid = full_grid(&mut random);
                let cells = dig(&grid, &groups, DIG_ALL, None, &mut random);
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
    fn every_shortcut_agrees_with_counting_to_two() {
        // On random digs, whatever the shortcuts decide, counting the
        // solutions to two decides the same.
        let mut random = Random::new(5);
        let groups = Groups::new(Symmetry::Rotate180);
        for _ in 0..40 {
            let grid = full_grid(&mut random);
            let mut digging = Digging::new(&grid);
            for g in 0..groups.count() {
                let group = groups.cells(g);
                let before = digging.cells;
                let kept = digging.try_clear(group, None);
                let mut emptied = before;
                for &cell in group {
                    emptied[usize::from(cell)] = 0;
                }
                let count = solve(&Board::from_checked(emptied), 2).unwrap().count;
                assert_eq!(kept, count == 1, "{}", Board::from_checked(emptied));
                assert_eq!(digging.cells, if kept { emptied } else { before });
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
            let cells = dig(&grid, &groups, stop, None, &mut random);
            let givens = cells.iter().filter(|&&c| c != 0).count();
            assert!((38..=40).contains(&givens), "{givens}");
            assert!(Symmetry::Rotate90.allows_givens(givens as u8));
        }
    }
}
