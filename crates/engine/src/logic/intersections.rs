//! Intersections: pointing and claiming, and their direct forms that only
//! count when they leave a hidden single.
//!
//! A box and a line meet in three cells. Where a digit's places in one of
//! them all lie in the meeting, the digit leaves the rest of the other.
//! Work is on 9-bit position masks: in a box, its rows are the position
//! groups `0b111 << 3k` and its columns `0b1001001 << k`; in a line, the
//! boxes it crosses are the groups `0b111 << 3k`.

use super::grid::{bits, Digits, Grid, HouseKind, HOUSE_CELLS};
use super::step::{Difficulty, Pattern, Step, Technique};
use crate::logic::grid::count;
use crate::logic::proof::Chains;

/// Sudoku Explainer's scan order: a box's digit in a column, in a row, then
/// a column's digit in a box, a row's digit in a box.
const ORDER: [(HouseKind, HouseKind); 4] = [
    (HouseKind::Box, HouseKind::Column),
    (HouseKind::Box, HouseKind::Row),
    (HouseKind::Column, HouseKind::Box),
    (HouseKind::Row, HouseKind::Box),
];

/// Positions of a box in its `k`-th row (0-2) of cells.
const BOX_ROW: [u16; 3] = [0b000_000_111, 0b000_111_000, 0b111_000_000];
/// Positions of a box in its `k`-th column (0-2) of cells.
const BOX_COLUMN: [u16; 3] = [0b001_001_001, 0b010_010_010, 0b100_100_100];
/// Positions of a line in the `k`-th box (0-2) it crosses.
const LINE_BOX: [u16; 3] = BOX_ROW;

/// A digit of house `from` confined to its meeting with house `to`.
#[derive(Clone, Copy)]
struct Lock {
    digit: u8,
    from: usize,
    to: usize,
}

/// The first pointing or claiming that removes a candidate, among the
/// digits of `digits` (bits 0-8; the ladder leaves out digits unchanged
/// since this search last found nothing).
pub fn locking(grid: &Grid, digits: Digits) -> Option<Step> {
    scan(grid, digits, |lock| {
        let places = grid.places(lock.to, lock.digit) & !meeting(lock.to, lock.from);
        (places != 0).then(|| {
            let pointing = HouseKind::of(lock.from) == HouseKind::Box;
            let eliminated = super::grid::bits(places)
                .map(|p| (HOUSE_CELLS[lock.to][p], lock.digit))
                .collect();
            Step {
                technique: if pointing {
                    Technique::Pointing
                } else {
                    Technique::Claiming
                },
                difficulty: Difficulty(if pointing { 26 } else { 28 }),
                pattern: pattern(lock),
                placed: None,
                eliminated: super::subsets::sorted(eliminated),
                chains: Chains::NONE,
            }
        })
    })
}

/// The first pointing or claiming whose removals leave a hidden single in
/// another house of the first kind; the step places that single. Only the
/// digits of `digits` are searched, as for [`locking`].
pub fn direct_locking(grid: &Grid, digits: Digits) -> Option<Step> {
    scan(grid, digits, |lock| {
        let kind = HouseKind::of(lock.from);
        crossing(lock.to, kind)
            .into_iter()
            .filter(|&other| other != lock.from)
            .find_map(|other| {
                let places = grid.places(other, lock.digit);
                let left = places & !meeting(other, lock.to);
                (count(places) > 1 && count(left) == 1).then(|| {
                    let pointing = kind == HouseKind::Box;
                    Step {
                        technique: if pointing {
                            Technique::DirectPointing
                        } else {
                            Technique::DirectClaiming
                        },
                        difficulty: Difficulty(if pointing { 17 } else { 19 }),
                        pattern: pattern(lock),
                        placed: Some((
                            HOUSE_CELLS[other][left.trailing_zeros() as usize],
                            lock.digit,
                        )),
                        eliminated: Vec::new(),
                        chains: Chains::NONE,
                    }
                })
            })
    })
}

fn pattern(lock: Lock) -> Pattern {
    Pattern::Locked {
        digit: lock.digit,
        from: lock.from as u8,
        to: lock.to as u8,
    }
}

/// The positions of house `house` that lie in the crossing house `other`.
fn meeting(house: usize, other: usize) -> u16 {
    let j = other % 9;
    match (HouseKind::of(house), HouseKind::of(other)) {
        (HouseKind::Box, HouseKind::Row) => BOX_ROW[j % 3],
        (HouseKind::Box, HouseKind::Column) => BOX_COLUMN[j % 3],
        (HouseKind::Row, HouseKind::Box) => LINE_BOX[j % 3],
        (HouseKind::Column, HouseKind::Box) => LINE_BOX[j / 3],
        _ => {
            debug_assert!(
                false,
                "houses {house} and {other} do not cross as box and line"
            );
            0
        }
    }
}

/// The three houses of `kind` that cross house `house` (a box and a line).
fn crossing(house: usize, kind: HouseKind) -> [usize; 3] {
    let i = house % 9;
    let first = kind.first();
    match (HouseKind::of(house), kind) {
        // A row's boxes are in its band; a column's in its stack.
        (HouseKind::Row, _) => [
            first + i / 3 * 3,
            first + i / 3 * 3 + 1,
            first + i / 3 * 3 + 2,
        ],
        (HouseKind::Column, _) => [first + i / 3, first + i / 3 + 3, first + i / 3 + 6],
        // A box's rows and columns.
        (HouseKind::Box, HouseKind::Row) => [
            first + i / 3 * 3,
            first + i / 3 * 3 + 1,
            first + i / 3 * 3 + 2,
        ],
        (HouseKind::Box, _) => [
            first + i % 3 * 3,
            first + i % 3 * 3 + 1,
            first + i % 3 * 3 + 2,
        ],
    }
}

/// The crossing house of `kind` that holds every place in `places` of
/// house `from`, if one does (at most one can, for two places or more).
fn locking_house(from: usize, kind: HouseKind, places: u16) -> Option<usize> {
    let groups: &[u16; 3] = match (HouseKind::of(from), kind) {
        (HouseKind::Box, HouseKind::Row) => &BOX_ROW,
        (HouseKind::Box, _) => &BOX_COLUMN,
        _ => &LINE_BOX,
    };
    let k = groups.iter().position(|&group| places & !group == 0)?;
    Some(crossing(from, kind)[k])
}

/// Calls `found` for each digit confined to the meeting of two crossing
/// houses, in Sudoku Explainer's order, until it returns a step; digits
/// outside `digits` are skipped.
fn scan(grid: &Grid, digits: Digits, mut found: impl FnMut(Lock) -> Option<Step>) -> Option<Step> {
    for (kind1, kind2) in ORDER {
        for digit in bits(digits).map(|d| d as u8 + 1) {
            for from in kind1.first()..kind1.first() + 9 {
                let places = grid.places(from, digit);
                if count(places) < 2 {
                    continue;
                }
                if let Some(to) = locking_house(from, kind2, places) {
                    if let Some(step) = found(Lock { digit, from, to }) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::grid::{HOUSE_CELLS, HOUSE_MASKS};
    use super::*;

    #[test]
    fn meetings_and_crossings_agree_with_the_cell_tables() {
        for a in 0..27 {
            for b in 0..27 {
                let (ka, kb) = (HouseKind::of(a), HouseKind::of(b));
                if (ka == HouseKind::Box) == (kb == HouseKind::Box) {
                    continue;
                }
                let common = HOUSE_MASKS[a] & HOUSE_MASKS[b];
                let expected = (0..9)
                    .filter(|&p| common >> HOUSE_CELLS[a][p] & 1 == 1)
                    .fold(0u16, |m, p| m | 1 << p);
                assert_eq!(crossing(a, kb).contains(&b), common != 0, "houses {a} {b}");
                if common != 0 {
                    assert_eq!(meeting(a, b), expected, "houses {a} {b}");
                }
            }
        }
    }
}
