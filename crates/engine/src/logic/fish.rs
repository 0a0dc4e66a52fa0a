//! Basic fish: X-wing, swordfish and jellyfish.

use super::grid::{bits, cells_of, Digits, Grid, HouseKind, HOUSE_MASKS};
use super::step::{Difficulty, Pattern, Step, Technique};
use super::subsets::tuples;
use crate::logic::grid::count;
use crate::logic::proof::Chains;

/// The first fish of `size` base lines (2-4) that removes a candidate:
/// columns as base first, then rows; line tuples in Sudoku Explainer's
/// order, each tried for every digit of `digits` (bits 0-8; the ladder
/// leaves out digits unchanged since this search last found nothing).
pub fn fish(grid: &Grid, size: u32, digits: Digits) -> Option<Step> {
    let (technique, tenths) = match size {
        2 => (Technique::XWing, 32),
        3 => (Technique::Swordfish, 38),
        _ => (Technique::Jellyfish, 52),
    };
    for (base_kind, cover_kind) in [
        (HouseKind::Column, HouseKind::Row),
        (HouseKind::Row, HouseKind::Column),
    ] {
        // For each digit, the base lines where it has 2..=size places.
        let mut eligible = [0u16; 9];
        for digit in 1..=9u8 {
            if digits >> (digit - 1) & 1 == 0 || grid.placed_count(digit) + 2 * size as usize > 9 {
                continue;
            }
            for line in 0..9 {
                let count = count(grid.places(base_kind.first() + line, digit));
                if (2..=size).contains(&count) {
                    eligible[usize::from(digit - 1)] |= 1 << line;
                }
            }
        }
        // Sudoku Explainer tries line tuples in increasing order, each for
        // every digit: the first fish is the one with the smallest tuple,
        // then the smallest digit, so each digit's own first fish (among
        // tuples of its eligible lines) is enough.
        let mut first: Option<(u16, Step)> = None;
        for digit in bits(digits).map(|d| d as u8 + 1) {
            for lines in tuples(eligible[usize::from(digit - 1)], size) {
                if first.as_ref().is_some_and(|(best, _)| *best <= lines) {
                    break;
                }
                let covers = bits(lines).fold(0, |all, line| {
                    all | grid.places(base_kind.first() + line, digit)
                });
                if count(covers) != size {
                    continue;
                }
                let base_cells =
                    bits(lines).fold(0, |all, l| all | HOUSE_MASKS[base_kind.first() + l]);
                let cover_cells =
                    bits(covers).fold(0, |all, l| all | HOUSE_MASKS[cover_kind.first() + l]);
                let removed = grid.digit_cells(digit) & cover_cells & !base_cells;
                if removed != 0 {
                    let step = Step {
                        technique,
                        difficulty: Difficulty(tenths),
                        pattern: Pattern::Fish {
                            digit,
                            base: bits(lines).map(|l| (base_kind.first() + l) as u8).collect(),
                            cover: bits(covers)
                                .map(|l| (cover_kind.first() + l) as u8)
                                .collect(),
                        },
                        placed: None,
                        eliminated: cells_of(removed).map(|c| (c as u8, digit)).collect(),
                        chains: Chains::NONE,
                    };
                    first = Some((lines, step));
                    break;
                }
            }
        }
        if let Some((_, step)) = first {
            return Some(step);
        }
    }
    None
}
