//! The canonical form of a 729-cell position (pencil marks): the least
//! 729-character string over every geometric map and relabelling.
//!
//! For a fixed geometric map the least relabelling is forced greedily:
//! digits form an ordered partition (classes of digits not yet told apart,
//! in label order); each cell, in reading order, splits every class into
//! the digits it lacks (lower labels, written `.`) and those it holds.
//! The search runs over all 2 x 1296 x 1296 geometric maps, cut at the
//! first cell that reads greater than the best: slow (about a tenth of a
//! second a position) but plain, and positions are rare input.

use std::cmp::Ordering;

use crate::candidates::Candidates;
use crate::transform::Transform;

use super::Canonical;

/// The nine-line orders the band structure allows: 1296 of them.
pub(super) fn line_orders() -> Vec<[u8; 9]> {
    const PERMS: [[u8; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut orders = Vec::with_capacity(1296);
    for bands in PERMS {
        for a in PERMS {
            for b in PERMS {
                for c in PERMS {
                    let mut lines = [0u8; 9];
                    for (at, within) in [a, b, c].iter().enumerate() {
                        for k in 0..3 {
                            lines[at * 3 + k] = bands[at] * 3 + within[k];
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

/// The canonical marks of `marks`, with the map onto them and the number
/// of automorphisms (relabellings of digits never told apart included).
pub fn canonical_marks(marks: &Candidates) -> (Canonical, Candidates) {
    let orders = line_orders();
    let mut best = [u16::MAX; 81];
    let mut best_map = (false, [0u8; 9], [0u8; 9], Partition::START);
    let mut count = 0u64;
    for transpose in [false, true] {
        let mask = |r: u8, c: u8| {
            let (r, c) = (usize::from(r), usize::from(c));
            if transpose {
                marks.of(c * 9 + r)
            } else {
                marks.of(r * 9 + c)
            }
        };
        for rows in &orders {
            for cols in &orders {
                let mut partition = Partition::START;
                let mut form = [0u16; 81];
                let mut verdict = Ordering::Equal;
                for i in 0..81 {
                    form[i] = partition.refine(mask(rows[i / 9], cols[i % 9]));
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
    let (transpose, rows, cols, partition) = best_map;
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
