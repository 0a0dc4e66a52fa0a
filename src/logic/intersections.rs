//! Intersections: pointing and claiming, and their direct forms that only
//! count when they leave a hidden single.

use super::grid::{cells_of, Cells, Grid, HouseKind, HOUSE_MASKS};
use super::step::{Difficulty, Pattern, Step, Technique};

/// Sudoku Explainer's scan order: a box's digit in a column, in a row, then
/// a column's digit in a box, a row's digit in a box.
const ORDER: [(HouseKind, HouseKind); 4] = [
    (HouseKind::Box, HouseKind::Column),
    (HouseKind::Box, HouseKind::Row),
    (HouseKind::Column, HouseKind::Box),
    (HouseKind::Row, HouseKind::Box),
];

/// The first pointing or claiming that removes a candidate.
pub fn locking(grid: &Grid) -> Option<Step> {
    scan(grid, |grid, digit, from, to| {
        let removed = grid.digit_cells(digit) & HOUSE_MASKS[to] & !HOUSE_MASKS[from];
        (removed != 0).then(|| {
            let pointing = HouseKind::of(from) == HouseKind::Box;
            Step {
                technique: if pointing {
                    Technique::Pointing
                } else {
                    Technique::Claiming
                },
                difficulty: Difficulty(if pointing { 26 } else { 28 }),
                pattern: locked(digit, from, to),
                placed: None,
                eliminated: cells_of(removed).map(|c| (c as u8, digit)).collect(),
            }
        })
    })
}

/// The first pointing or claiming whose removals leave a hidden single in
/// another house of the first kind; the step places that single.
pub fn direct_locking(grid: &Grid) -> Option<Step> {
    scan(grid, |grid, digit, from, to| {
        let kind = HouseKind::of(from);
        let candidates = grid.digit_cells(digit);
        (kind.first()..kind.first() + 9)
            .filter(|&other| other != from && HOUSE_MASKS[other] & HOUSE_MASKS[to] != 0)
            .find_map(|other| {
                let places: Cells = candidates & HOUSE_MASKS[other];
                let left = places & !HOUSE_MASKS[to];
                (places.count_ones() > 1 && left.count_ones() == 1).then(|| {
                    let pointing = kind == HouseKind::Box;
                    Step {
                        technique: if pointing {
                            Technique::DirectPointing
                        } else {
                            Technique::DirectClaiming
                        },
                        difficulty: Difficulty(if pointing { 17 } else { 19 }),
                        pattern: locked(digit, from, to),
                        placed: Some((left.trailing_zeros() as u8, digit)),
                        eliminated: Vec::new(),
                    }
                })
            })
    })
}

fn locked(digit: u8, from: usize, to: usize) -> Pattern {
    Pattern::Locked {
        digit,
        from: from as u8,
        to: to as u8,
    }
}

/// Calls `found` for each digit confined to the intersection of two
/// crossing houses, in Sudoku Explainer's order, until it returns a step.
fn scan(
    grid: &Grid,
    mut found: impl FnMut(&Grid, u8, usize, usize) -> Option<Step>,
) -> Option<Step> {
    for (kind1, kind2) in ORDER {
        for digit in 1..=9u8 {
            let candidates = grid.digit_cells(digit);
            for from in kind1.first()..kind1.first() + 9 {
                let places = candidates & HOUSE_MASKS[from];
                if places.count_ones() < 2 {
                    continue;
                }
                for to in kind2.first()..kind2.first() + 9 {
                    if HOUSE_MASKS[from] & HOUSE_MASKS[to] == 0 || places & !HOUSE_MASKS[to] != 0 {
                        continue;
                    }
                    if let Some(step) = found(grid, digit, from, to) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}
