//! Naked and hidden sets (pairs, triples, quads), and the direct hidden
//! pair and triple that only count when they leave a hidden single.

use super::grid::{bits, Cells, Grid, HOUSE_CELLS, HOUSE_MASKS};
use super::singles::BOX_COLUMN_ROW;
use super::step::{Difficulty, Pattern, Step, Technique};
use crate::logic::grid::count;
use crate::logic::proof::Chains;

/// Iterates the subsets of `within` with `size` members in increasing
/// numeric order, the order Sudoku Explainer tries tuples in.
pub(super) fn tuples(within: u16, size: u32) -> impl Iterator<Item = u16> {
    let mut subset: u16 = 0;
    std::iter::from_fn(move || loop {
        // The next subset of `within` in increasing order.
        subset = subset.wrapping_sub(within) & within;
        if subset == 0 {
            return None;
        }
        if count(subset) == size {
            return Some(subset);
        }
    })
}

/// The first naked set of `size` cells (2-4) that removes a candidate, in
/// the houses holding some of `changed` (a set lies in one house and
/// removes only there: with candidates only ever removed, a house none
/// of whose cells changed since the search last found nothing still has
/// none; the ladder passes the cells changed since).
pub fn naked_set(grid: &Grid, size: u32, changed: Cells) -> Option<Step> {
    let (technique, tenths) = match size {
        2 => (Technique::NakedPair, 30),
        3 => (Technique::NakedTriple, 36),
        _ => (Technique::NakedQuad, 50),
    };
    for kind in BOX_COLUMN_ROW {
        for house in kind.first()..kind.first() + 9 {
            if grid.empty_in(house) < 2 * size as usize || HOUSE_MASKS[house] & changed == 0 {
                continue;
            }
            let cells = &HOUSE_CELLS[house];
            let candidates = |p: usize| grid.candidates(usize::from(cells[p]));
            let eligible = (0..9)
                .filter(|&p| (2..=size).contains(&count(candidates(p))))
                .fold(0u16, |mask, p| mask | 1 << p);
            for tuple in tuples(eligible, size) {
                let digits = bits(tuple).fold(0, |all, p| all | candidates(p));
                if count(digits) != size {
                    continue;
                }
                let eliminated: Vec<(u8, u8)> = (0..9)
                    .filter(|&p| tuple >> p & 1 == 0)
                    .flat_map(|p| {
                        bits(candidates(p) & digits).map(move |d| (cells[p], d as u8 + 1))
                    })
                    .collect();
                if !eliminated.is_empty() {
                    return Some(Step {
                        technique,
                        difficulty: Difficulty(tenths),
                        pattern: subset(house, digits, tuple),
                        placed: None,
                        eliminated: sorted(eliminated),
                        chains: Chains::NONE,
                    });
                }
            }
        }
    }
    None
}

/// The first hidden set of `size` digits (2-4) that removes a candidate
/// or, when `direct`, that leaves a hidden single in its house (which the
/// step places), in the houses holding some of `changed` (as for
/// [`naked_set`]: all it reads is its house's).
pub fn hidden_set(grid: &Grid, size: u32, direct: bool, changed: Cells) -> Option<Step> {
    let (technique, tenths) = match (size, direct) {
        (2, true) => (Technique::DirectHiddenPair, 20),
        (_, true) => (Technique::DirectHiddenTriple, 25),
        (2, false) => (Technique::HiddenPair, 34),
        (3, false) => (Technique::HiddenTriple, 40),
        _ => (Technique::HiddenQuad, 54),
    };
    for kind in BOX_COLUMN_ROW {
        for house in kind.first()..kind.first() + 9 {
            let empty = grid.empty_in(house);
            if !(empty > 2 * size as usize || (direct && empty > size as usize))
                || HOUSE_MASKS[house] & changed == 0
            {
                continue;
            }
            let places = |d: usize| grid.places(house, d as u8 + 1);
            let eligible = (0..9)
                .filter(|&d| (2..=size).contains(&count(places(d))))
                .fold(0u16, |mask, d| mask | 1 << d);
            for digits in tuples(eligible, size) {
                let positions = bits(digits).fold(0, |all, d| all | places(d));
                if count(positions) != size {
                    continue;
                }
                let step = Step {
                    technique,
                    difficulty: Difficulty(tenths),
                    pattern: subset(house, digits, positions),
                    placed: None,
                    eliminated: Vec::new(),
                    chains: Chains::NONE,
                };
                if direct {
                    if let Some(placed) = single_left(grid, house, digits, positions) {
                        return Some(Step {
                            placed: Some(placed),
                            ..step
                        });
                    }
                    continue;
                }
                let eliminated: Vec<(u8, u8)> = bits(positions)
                    .map(|p| HOUSE_CELLS[house][p])
                    .flat_map(|c| {
                        bits(grid.candidates(usize::from(c)) & !digits)
                            .map(move |d| (c, d as u8 + 1))
                    })
                    .collect();
                if !eliminated.is_empty() {
                    return Some(Step {
                        eliminated: sorted(eliminated),
                        ..step
                    });
                }
            }
        }
    }
    None
}

/// The first digit outside a hidden set left with one place in the house
/// once the set's cells keep only the set's digits.
fn single_left(grid: &Grid, house: usize, digits: u16, positions: u16) -> Option<(u8, u8)> {
    (0..9).filter(|&d| digits >> d & 1 == 0).find_map(|d| {
        let places = grid.places(house, d as u8 + 1);
        let left = places & !positions;
        (count(places) > 1 && count(left) == 1).then(|| {
            (
                HOUSE_CELLS[house][left.trailing_zeros() as usize],
                d as u8 + 1,
            )
        })
    })
}

fn subset(house: usize, digits: u16, positions: u16) -> Pattern {
    Pattern::Subset {
        house: house as u8,
        digits,
        cells: {
            let mut cells: Vec<u8> = bits(positions).map(|p| HOUSE_CELLS[house][p]).collect();
            cells.sort_unstable();
            cells
        },
    }
}

/// Sorts eliminations into reading order, then by digit.
pub(super) fn sorted(mut eliminated: Vec<(u8, u8)>) -> Vec<(u8, u8)> {
    eliminated.sort_unstable();
    eliminated
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against the plain filter over every subset: the same tuples, in
    /// the same order, for every set of up to nine members and every size.
    #[test]
    fn tuples_are_every_subset_of_the_size_in_order() {
        for within in 0..=0x1ffu16 {
            for size in 0..=10 {
                let slow: Vec<u16> = (1..=within)
                    .filter(|&s| s & !within == 0 && s.count_ones() == size)
                    .collect();
                assert_eq!(
                    tuples(within, size).collect::<Vec<_>>(),
                    slow,
                    "{within:#b} {size}"
                );
            }
        }
    }

    #[test]
    fn tuples_come_in_increasing_order() {
        let all: Vec<u16> = tuples(0b11111, 3).collect();
        assert_eq!(
            all,
            [
                0b00111, 0b01011, 0b01101, 0b01110, 0b10011, 0b10101, 0b10110, 0b11001, 0b11010,
                0b11100
            ]
        );
        let some: Vec<u16> = tuples(0b10110, 2).collect();
        assert_eq!(some, [0b00110, 0b10010, 0b10100]);
    }
}
