//! Wings: a pivot cell and pincer cells among its peers whose candidates
//! force a shared digit into one of them (XY-wing, XYZ-wing).

use super::grid::{cells_of, Cells, Grid, PEERS};
use super::step::{Difficulty, Pattern, Step, Technique};

/// The first XY-wing (or, with `xyz`, XYZ-wing) that removes a candidate,
/// in Sudoku Explainer's order: pivots in reading order, then the first
/// pincer, then the second, each among the pivot's peers in reading order.
pub fn xy_wing(grid: &Grid, xyz: bool) -> Option<Step> {
    let pivot_size = if xyz { 3 } else { 2 };
    let bivalue = (0..81)
        .filter(|&c| grid.candidates(c).count_ones() == 2)
        .fold(0 as Cells, |set, c| set | 1 << c);
    for pivot in 0..81 {
        let xy = grid.candidates(pivot);
        if xy.count_ones() != pivot_size {
            continue;
        }
        let pincers = PEERS[pivot] & bivalue;
        for xz_cell in cells_of(pincers) {
            let xz = grid.candidates(xz_cell);
            if (xy & !xz).count_ones() != 1 {
                continue;
            }
            for yz_cell in cells_of(pincers) {
                let yz = grid.candidates(yz_cell);
                let common = xy & xz & yz;
                if (xy | xz | yz).count_ones() != 3 || common.count_ones() != u32::from(xyz) {
                    continue;
                }
                let z = xz & yz;
                let digit = z.trailing_zeros() as u8 + 1;
                let mut victims = PEERS[xz_cell] & PEERS[yz_cell] & !(1u128 << pivot);
                if xyz {
                    victims &= PEERS[pivot];
                }
                let removed = victims & grid.digit_cells(digit);
                if removed == 0 {
                    continue;
                }
                return Some(Step {
                    technique: if xyz {
                        Technique::XyzWing
                    } else {
                        Technique::XyWing
                    },
                    difficulty: Difficulty(if xyz { 44 } else { 42 }),
                    pattern: Pattern::Wing {
                        pivot: pivot as u8,
                        pincers: vec![xz_cell as u8, yz_cell as u8],
                    },
                    placed: None,
                    eliminated: cells_of(removed).map(|c| (c as u8, digit)).collect(),
                });
            }
        }
    }
    None
}
