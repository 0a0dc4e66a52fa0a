//! The canonical form of a 729-cell position (pencil marks): the least
//! 729-character string over every geometric map and relabelling.
//!
//! For a fixed geometric map the least relabelling is forced greedily:
//! digits form an ordered partition (classes of digits not yet told apart,
//! in label order); each cell, in reading order, splits every class into
//! the digits it lacks (lower labels, written `.`) and those it holds.
//! The search runs over both orientations and all 1296 column orders; for
//! each, rows are placed one at a time, branching only on the rows that
//! tie for the least next row and cutting any branch whose row reads
//! greater than the best form's (a few milliseconds a position, where
//! trying all 2 x 1296 x 1296 maps took most of a second).

use std::cmp::Ordering;

use crate::candidates::Candidates;
use crate::transform::Transform;

use super::{Canonical, ORDERS};

/// The nine-line orders the band structure allows: 1296 of them.
pub(super) fn line_orders() -> Vec<[u8; 9]> {
    let mut orders = Vec::with_capacity(1296);
    let perms = ORDERS[3];
    for bands in perms {
        for a in perms {
            for b in perms {
                for c in perms {
                    let mut lines = [0u8; 9];
                    for (at, within) in [a, b, c].iter().enumerate() {
                        for k in 0..3 {
                            lines[at * 3 + k] = (bands[at] * 3 + within[k]) as u8;
                        }
                    }
                    orders.push(lines);
                }
            }
        }
    }
    orders
}

/// An ordered partition of the nine digits: `classes[..len]`, each a mask
/// (bit d - 1 for digit d), in label order.
#[derive(Clone, Copy)]
struct Partition {
    classes: [u16; 9],
    len: usize,
}

impl Partition {
    const START: Partition = Partition {
        classes: [0x1FF, 0, 0, 0, 0, 0, 0, 0, 0],
        len: 1,
    };

    /// Splits every class by `mask` (lacking first) and returns the cell's
    /// labels as a number whose top bit (of nine) is label 1, so that
    /// numbers compare as the 9-character groups do.
    fn refine(&mut self, mask: u16) -> u16 {
        let mut next = [0u16; 9];
        let mut len = 0;
        let mut label = 0u32;
        let mut group = 0u16;
        for &class in &self.classes[..self.len] {
            let (lacking, holding) = (class & !mask, class & mask);
            label += lacking.count_ones();
            if lacking != 0 {
                next[len] = lacking;
                len += 1;
            }
            for _ in 0..holding.count_ones() {
                // Label `label + 1` is bit 8 - label.
                group |= 1 << (8 - label);
                label += 1;
            }
            if holding != 0 {
                next[len] = holding;
                len += 1;
            }
        }
        self.classes = next;
        self.len = len;
        group
    }
}

/// The least form over the geometric maps, found row by row: for a fixed
/// column order, each output row is the least any row the band structure
/// allows next can give, so only rows that tie for least are branched on,
/// and a row that reads greater than the best form's cuts the branch.
struct Search {
    /// The best form so far, a row per number (nine 9-bit groups, the
    /// first in the top bits, so numbers compare as the rows' text does).
    best: [u128; 9],
    /// How many maps give `best`.
    count: u64,
    /// Of the maps giving `best`, the first in the order of an exhaustive
    /// loop (transposition, row order, column order), so the transform
    /// does not depend on the order of the search.
    best_key: (bool, u32, u32),
    best_map: (bool, [u8; 9], [u8; 9], Partition),
    /// The map being searched: its transposition and column order.
    transpose: bool,
    cols: [u8; 9],
    cols_index: u32,
    /// The input's masks, transposed and with columns in `cols` order.
    grid: [[u16; 9]; 9],
}

impl Default for Search {
    fn default() -> Search {
        Search {
            best: [u128::MAX; 9],
            count: 0,
            best_key: (true, u32::MAX, u32::MAX),
            best_map: (false, [0; 9], [0; 9], Partition::START),
            transpose: false,
            cols: [0; 9],
            cols_index: 0,
            grid: [[0; 9]; 9],
        }
    }
}

impl Search {
    /// Places output row `at` (rows `..at` are `chosen`), given the
    /// partition the rows before it leave.
    fn descend(&mut self, at: usize, partition: Partition, chosen: &mut [u8; 9]) {
        if at == 9 {
            self.leaf(chosen, partition);
            return;
        }
        let mut ties = [(0u8, Partition::START); 9];
        let mut tied = 0;
        let mut least = u128::MAX;
        for row in Self::next_rows(at, chosen) {
            let mut after = partition;
            let value = self.grid[usize::from(row)]
                .iter()
                .fold(0u128, |value, &mask| {
                    value << 9 | u128::from(after.refine(mask))
                });
            if value < least {
                least = value;
                tied = 0;
            }
            if value == least {
                ties[tied] = (row, after);
                tied += 1;
            }
        }
        match least.cmp(&self.best[at]) {
            Ordering::Greater => return,
            Ordering::Less => {
                self.best[at] = least;
                self.best[at + 1..].fill(u128::MAX);
                self.count = 0;
                self.best_key = (true, u32::MAX, u32::MAX);
            }
            Ordering::Equal => {}
        }
        for &(row, after) in &ties[..tied] {
            chosen[at] = row;
            self.descend(at + 1, after, chosen);
        }
    }

    /// The input rows that may come at output row `at`: any row of a band
    /// not used yet at a band's start, else the current band's unused rows.
    fn next_rows(at: usize, chosen: &[u8; 9]) -> impl Iterator<Item = u8> + '_ {
        let band_start = at.is_multiple_of(3);
        let band = if band_start { 0 } else { chosen[at - 1] / 3 };
        (0..9u8).filter(move |&row| {
            let unused = !chosen[..at].contains(&row);
            if band_start {
                unused && chosen[..at].iter().all(|&c| c / 3 != row / 3)
            } else {
                unused && row / 3 == band
            }
        })
    }

    /// A complete map that gives the best form.
    fn leaf(&mut self, rows: &[u8; 9], partition: Partition) {
        self.count += 1;
        let key = (self.transpose, order_index(rows), self.cols_index);
        if key < self.best_key {
            self.best_key = key;
            self.best_map = (self.transpose, *rows, self.cols, partition);
        }
    }
}

/// The place of a line order in [`line_orders`]' list.
fn order_index(lines: &[u8; 9]) -> u32 {
    // The rank of a permutation of 0..3 in lexicographic order, from its
    // first two entries.
    let rank = |a: u8, b: u8| u32::from(a) * 2 + u32::from(if b > a { b - 1 } else { b });
    let bands = rank(lines[0] / 3, lines[3] / 3);
    (0..3).fold(bands, |index, band| {
        index * 6 + rank(lines[band * 3] % 3, lines[band * 3 + 1] % 3)
    })
}

/// The canonical marks of `marks`, with the map onto them and the number
/// of automorphisms (relabellings of digits never told apart included).
pub fn canonical_marks(marks: &Candidates) -> (Canonical, Candidates) {
    let orders = line_orders();
    let mut search = Search::default();
    for transpose in [false, true] {
        search.transpose = transpose;
        for (index, cols) in orders.iter().enumerate() {
            search.cols_index = index as u32;
            search.cols = *cols;
            for (r, row) in search.grid.iter_mut().enumerate() {
                for (c, mask) in row.iter_mut().enumerate() {
                    let (r, c) = (r, usize::from(cols[c]));
                    *mask = marks.of(if transpose { c * 9 + r } else { r * 9 + c });
                }
            }
            search.descend(0, Partition::START, &mut [0; 9]);
        }
    }
    let (transpose, rows, cols, partition) = search.best_map;
    finish(marks, (transpose, rows, cols, partition), search.count)
}

/// The canonical answer from a best geometric map, the partition of the
/// digits it leaves and how many geometric maps give the same form.
fn finish(
    marks: &Candidates,
    (transpose, rows, cols, partition): (bool, [u8; 9], [u8; 9], Partition),
    count: u64,
) -> (Canonical, Candidates) {
    let mut digits = [0u8; 9];
    let mut label = 1;
    let mut relabellings = 1u64;
    for &class in &partition.classes[..partition.len] {
        let size = class.count_ones() as u64;
        relabellings *= (1..=size).product::<u64>();
        for (d, digit) in digits.iter_mut().enumerate() {
            if class >> d & 1 != 0 {
                *digit = label;
                label += 1;
            }
        }
    }
    let transform = Transform {
        transpose,
        rows,
        cols,
        digits,
    };
    let form = transform.apply_marks(marks);
    let canonical = Canonical {
        form: form.board(),
        transform,
        automorphisms: count * relabellings,
    };
    (canonical, form)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::generate::puzzle_seed;

    /// The slow reference: every geometric map, cut at the first cell
    /// that reads greater than the best; the first best map in loop order.
    fn exhaustive(marks: &Candidates) -> (Canonical, Candidates) {
        let orders = line_orders();
        let mut best = [u16::MAX; 81];
        let mut best_map = (false, [0u8; 9], [0u8; 9], Partition::START);
        let mut count = 0u64;
        for transpose in [false, true] {
            for rows in &orders {
                for cols in &orders {
                    let mut partition = Partition::START;
                    let mut verdict = Ordering::Equal;
                    let mut form = [0u16; 81];
                    for i in 0..81 {
                        let (r, c) = (usize::from(rows[i / 9]), usize::from(cols[i % 9]));
                        let cell = if transpose { c * 9 + r } else { r * 9 + c };
                        form[i] = partition.refine(marks.of(cell));
                        if verdict == Ordering::Equal {
                            verdict = form[i].cmp(&best[i]);
                            if verdict == Ordering::Greater {
                                break;
                            }
                        }
                    }
                    match verdict {
                        Ordering::Less => {
                            best = form;
                            best_map = (transpose, *rows, *cols, partition);
                            count = 1;
                        }
                        Ordering::Equal => count += 1,
                        Ordering::Greater => {}
                    }
                }
            }
        }
        finish(marks, best_map, count)
    }

    fn position(puzzle: &str, extra: u64) -> Candidates {
        let board: Board = puzzle.parse().unwrap();
        let mut masks = *Candidates::from_board(&board).masks();
        // A few cells keep marks their peers rule out, so positions are not
        // just a board's basic marks.
        let mut state = extra;
        for _ in 0..(extra % 7) {
            state = puzzle_seed(state, 1);
            let cell = (state % 81) as usize;
            masks[cell] |= 1 << (state / 81 % 9);
        }
        Candidates::new(masks).unwrap()
    }

    #[test]
    fn order_index_is_the_place_in_line_orders() {
        for (index, lines) in line_orders().iter().enumerate() {
            assert_eq!(order_index(lines) as usize, index);
        }
    }

    #[test]
    fn search_agrees_with_every_map_tried() {
        let positions = [
            position(
                "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
                3,
            ),
            position(
                "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
                12,
            ),
            position(
                "123456789456789123789123456231564897564897231897231564312645978645978312978312645",
                0,
            ),
            position(&".".repeat(81), 0),
            position(&format!("1{}", ".".repeat(80)), 5),
        ];
        for marks in &positions {
            assert_eq!(canonical_marks(marks), exhaustive(marks), "{marks}");
        }
    }
}
