//! Singles: full houses, hidden singles and naked singles.

use super::grid::{Grid, HouseKind, HOUSE_CELLS};
use super::step::{Difficulty, Pattern, Step, Technique};
use crate::logic::grid::count;
use crate::logic::proof::Chains;

/// The house kinds in the order Sudoku Explainer scans them for singles and
/// sets: boxes, then columns, then rows.
pub(super) const BOX_COLUMN_ROW: [HouseKind; 3] =
    [HouseKind::Box, HouseKind::Column, HouseKind::Row];

/// The first full house, else the first hidden single, scanning boxes,
/// columns, then rows, each house by digit.
pub fn hidden_single(grid: &Grid) -> Option<Step> {
    for alone in [true, false] {
        for kind in BOX_COLUMN_ROW {
            for house in kind.first()..kind.first() + 9 {
                if (grid.empty_in(house) == 1) != alone {
                    continue;
                }
                if let Some(step) = single_in(grid, house, kind, alone) {
                    return Some(step);
                }
            }
        }
    }
    None
}

fn single_in(grid: &Grid, house: usize, kind: HouseKind, alone: bool) -> Option<Step> {
    let singles = grid.single_places(house);
    (singles != 0).then(|| {
        let digit = singles.trailing_zeros() as u8 + 1;
        let places = grid.places(house, digit);
        {
            let cell = HOUSE_CELLS[house][places.trailing_zeros() as usize];
            let (technique, tenths) = match (alone, kind) {
                (true, _) => (Technique::FullHouse, 10),
                (false, HouseKind::Box) => (Technique::HiddenSingleBox, 12),
                (false, HouseKind::Row) => (Technique::HiddenSingleRow, 15),
                (false, HouseKind::Column) => (Technique::HiddenSingleColumn, 15),
            };
            Step {
                technique,
                difficulty: Difficulty(tenths),
                pattern: Pattern::House { house: house as u8 },
                placed: Some((cell, digit)),
                eliminated: Vec::new(),
                chains: Chains::NONE,
            }
        }
    })
}

/// The first cell, in reading order, with one candidate left.
pub fn naked_single(grid: &Grid) -> Option<Step> {
    (0..81).find_map(|cell| {
        let candidates = grid.candidates(cell);
        (count(candidates) == 1).then(|| Step {
            technique: Technique::NakedSingle,
            difficulty: Difficulty(23),
            pattern: Pattern::Cell,
            placed: Some((cell as u8, candidates.trailing_zeros() as u8 + 1)),
            eliminated: Vec::new(),
            chains: Chains::NONE,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        Grid::new(&text.parse().unwrap())
    }

    #[test]
    fn a_full_house_comes_before_a_hidden_single() {
        // Row 1 lacks only r1c9 (9); box 1 has hidden singles too.
        let g = grid(
            "12345678.........................................................................",
        );
        let step = hidden_single(&g).unwrap();
        assert_eq!(step.to_string(), "1.0  Full house in row 1: r1c9=9");
    }

    #[test]
    fn hidden_single_in_a_box_first() {
        // LeetCode 37's board.
        let g = grid(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let step = hidden_single(&g).unwrap();
        assert_eq!(step.technique, Technique::HiddenSingleBox);
        let text = step.to_string();
        assert!(text.starts_with("1.2  Hidden single in box "), "{text}");
    }

    #[test]
    fn naked_single_in_reading_order() {
        // r1c9 sees 1-8 in its row: only 9 is left.
        let g = grid(
            "12345678.........................................................................",
        );
        assert_eq!(
            naked_single(&g).unwrap().to_string(),
            "2.3  Naked single: r1c9=9"
        );
    }
}
