//! The bivalue universal grave (BUG): when every empty cell but a few would
//! hold two candidates and every digit two places per house, that position
//! has two solutions, so one of the few cells' extra candidates is true.
//!
//! Sudoku Explainer finds the extra ("BUG") candidates house by house, then
//! offers the first of types 1, 2, 4, 3 that applies.

use super::grid::{
    bits, cells_of, houses_of, several_cells, Cells, Digits, Grid, CELL_HOUSE_SETS, HOUSE_CELLS,
    HOUSE_MASKS, PEERS,
};
use super::step::{Difficulty, LoopDetail, Pattern, Step, Technique};
use super::subsets::{sorted, tuples};
use crate::logic::grid::count;
use crate::logic::proof::Chains;

/// The BUG cells, their extra digits and the cells seeing them all.
struct Bug {
    /// The BUG cells in the order found.
    cells: Vec<u8>,
    /// Each cell's extra digits.
    extra: [Digits; 81],
    /// All extra digits.
    all: Digits,
    /// Cells seeing every BUG cell (BUG cells excluded).
    common: Cells,
}

/// The first BUG step, types 1, 2, 4 then 3.
pub fn bug(grid: &Grid) -> Option<Step> {
    if !may_be_bug(grid) {
        return None;
    }
    let bug = find(grid)?;
    if bug.cells.len() == 1 {
        return Some(type1(grid, &bug));
    }
    if count(bug.all) == 1 {
        return type2(grid, &bug)
            .or_else(|| (bug.cells.len() == 2).then(|| type4(grid, &bug)).flatten());
    }
    if bug.common != 0 {
        if bug.cells.len() == 2 {
            if let Some(step) = type4(grid, &bug) {
                return Some(step);
            }
        }
        return type3(grid, &bug);
    }
    None
}

/// Whether [`find`] may find a BUG, from the cells with three candidates
/// or more alone (most positions have many, seeing no cell in common).
/// A found BUG's cells are exactly those cells: only they get BUG digits,
/// and every empty cell must be left with two. With two cells or more,
/// `find` gives up once they have two BUG digits and no cell sees them
/// all; with one BUG digit, each cell holds it and two others.
fn may_be_bug(grid: &Grid) -> bool {
    // `least[k]`: the cells with more than `k` candidates.
    let least = grid.cells_with_more_than::<4>();
    let wide = least[2];
    if !several_cells(wide) {
        return true;
    }
    let mut common = !0;
    for cell in cells_of(wide) {
        common &= PEERS[cell];
        if common == 0 {
            break;
        }
    }
    if common & !wide != 0 {
        return true;
    }
    least[3] & wide == 0 && (1..=9).any(|digit| wide & !grid.digit_cells(digit) == 0)
}

/// The BUG pattern, if the position is one: houses in box, row, column
/// order, digits 1-9; a digit with neither 0 nor 2 places in a house must
/// have exactly one place in a cell of 3+ candidates (then a BUG digit of
/// that cell), or none at all (with two or more, another house decides).
///
/// Places and cell widths are counted with the BUG digits found so far
/// already taken out. The stored source counts them on the position as it
/// is; the bank's ratings say v1.15.10 does not (a BUG type 2 with three
/// cells on one digit, two of them in one box, row and column, is found
/// only this way; Sukaku Explainer's PR 48 fixed BUG 2/3 detection).
fn find(grid: &Grid) -> Option<Bug> {
    let mut bug = Bug {
        cells: Vec::new(),
        extra: [0; 81],
        all: 0,
        common: 0,
    };
    let mut in_bug: Cells = 0;
    // Per digit, the houses (a 27-bit set) of the cells where it was found
    // a BUG digit: most houses hold none, and then nothing need be taken
    // out of its places.
    let mut found: [u32; 9] = [0; 9];
    let mut started = false;
    for house in 0..27 {
        for digit in 1..=9u8 {
            // Places and widths as they stand with the BUG digits found so
            // far taken out.
            let left = |c: usize| grid.candidates(c) & !bug.extra[c];
            let mut places = grid.places(house, digit);
            if found[usize::from(digit - 1)] >> house & 1 != 0 {
                places &= !found_places(&bug, house, digit);
            }
            if count(places) == 0 || count(places) == 2 {
                continue;
            }
            let mut wide = bits(places)
                .map(|p| usize::from(HOUSE_CELLS[house][p]))
                .filter(|&c| count(left(c)) >= 3);
            // No such cell: a digit crowds bivalue cells, so no BUG.
            let cell = wide.next()?;
            if wide.next().is_some() {
                continue;
            }
            if in_bug >> cell & 1 == 0 {
                bug.cells.push(cell as u8);
                in_bug |= 1 << cell;
            }
            bug.extra[cell] |= 1 << (digit - 1);
            found[usize::from(digit - 1)] |= CELL_HOUSE_SETS[cell];
            bug.all |= 1 << (digit - 1);
            bug.common = if started {
                bug.common & PEERS[cell]
            } else {
                PEERS[cell]
            };
            started = true;
            bug.common &= !in_bug;
            if bug.cells.len() > 1 && count(bug.all) > 1 && bug.common == 0 {
                return None;
            }
        }
    }
    // Without the BUG digits, every empty cell is bivalue and every digit
    // has 0 or 2 places in each house.
    let left = |cell: usize| grid.candidates(cell) & !bug.extra[cell];
    if (0..81).any(|c| grid.value(c) == 0 && count(left(c)) != 2) {
        return None;
    }
    for house in 0..27 {
        for digit in 0..9 {
            let count = HOUSE_CELLS[house]
                .iter()
                .filter(|&&c| left(usize::from(c)) >> digit & 1 != 0)
                .count();
            if count != 0 && count != 2 {
                return None;
            }
        }
    }
    Some(bug)
}

/// The positions of `house` where `digit` was found to be a BUG digit.
fn found_places(bug: &Bug, house: usize, digit: u8) -> u16 {
    (0..9)
        .filter(|&p| bug.extra[usize::from(HOUSE_CELLS[house][p])] >> (digit - 1) & 1 != 0)
        .fold(0, |mask, p| mask | 1 << p)
}

fn step(
    technique: Technique,
    tenths: u16,
    bug: &Bug,
    detail: LoopDetail,
    eliminated: Vec<(u8, u8)>,
) -> Step {
    Step {
        technique,
        difficulty: Difficulty(tenths),
        pattern: Pattern::Bug {
            cells: bug.cells.clone(),
            digits: bug.all,
            detail,
        },
        placed: None,
        eliminated: sorted(eliminated),
        chains: Chains::NONE,
    }
}

/// Type 1: one BUG cell keeps only its BUG digits.
fn type1(grid: &Grid, bug: &Bug) -> Step {
    let cell = bug.cells[0];
    let removed = grid.candidates(usize::from(cell)) & !bug.all;
    let eliminated = bits(removed).map(|d| (cell, d as u8 + 1)).collect();
    step(Technique::BugType1, 56, bug, LoopDetail::None, eliminated)
}

/// Type 2: one BUG digit, removed from the cells seeing every BUG cell.
fn type2(grid: &Grid, bug: &Bug) -> Option<Step> {
    let digit = bug.all.trailing_zeros() as u8 + 1;
    let removed = bug.common & grid.digit_cells(digit);
    (removed != 0).then(|| {
        let eliminated = cells_of(removed).map(|c| (c as u8, digit)).collect();
        step(Technique::BugType2, 57, bug, LoopDetail::None, eliminated)
    })
}

/// Type 4: two BUG cells sharing a house and one non-BUG digit, which one
/// of them must hold: each keeps only its BUG digits and that digit.
fn type4(grid: &Grid, bug: &Bug) -> Option<Step> {
    let (c1, c2) = (usize::from(bug.cells[0]), usize::from(bug.cells[1]));
    let common = grid.candidates(c1) & grid.candidates(c2) & !bug.all;
    if count(common) != 1 {
        return None;
    }
    let house = shared_house(&bug.cells)?;
    let digit = common.trailing_zeros() as u8 + 1;
    let mut eliminated = Vec::new();
    for cell in [c1, c2] {
        let removed = grid.candidates(cell) & !bug.extra[cell] & !common;
        eliminated.extend(bits(removed).map(|d| (cell as u8, d as u8 + 1)));
    }
    let detail = LoopDetail::Locked {
        digit,
        house: house as u8,
    };
    Some(step(Technique::BugType4, 57, bug, detail, eliminated))
}

/// The first house (box, row, column) holding every BUG cell.
fn shared_house(cells: &[u8]) -> Option<usize> {
    let first = houses_of(usize::from(cells[0]));
    (0..3)
        .find(|&kind| {
            cells
                .iter()
                .all(|&c| houses_of(usize::from(c))[kind] == first[kind])
        })
        .map(|kind| first[kind])
}

/// The cells of `house` seeing every BUG cell, in the order Sudoku
/// Explainer lists the first BUG cell's peers: its box, then its row, then
/// its column, each in the house's order.
fn common_in(bug: &Bug, house: usize) -> Vec<u8> {
    let first = usize::from(bug.cells[0]);
    let mut listed: Cells = 0;
    let mut out = Vec::new();
    for peer_house in houses_of(first) {
        for &cell in &HOUSE_CELLS[peer_house] {
            let bit = 1u128 << cell;
            if listed & bit == 0 && bug.common & bit != 0 && HOUSE_MASKS[house] & bit != 0 {
                out.push(cell);
            }
            listed |= bit;
        }
    }
    out
}

/// Type 3: the BUG digits act as one cell that forms a naked set with
/// other cells of a house holding every BUG cell. Houses by kind (box, row,
/// column), then sets of 2 to 6 digits.
fn type3(grid: &Grid, bug: &Bug) -> Option<Step> {
    for kind in 0..3 {
        let house = houses_of(usize::from(bug.cells[0]))[kind];
        if !bug
            .cells
            .iter()
            .all(|&c| houses_of(usize::from(c))[kind] == house)
        {
            continue;
        }
        let region_cells = common_in(bug, house);
        let cells_count = region_cells.len() as u32;
        for degree in 2..=6u32 {
            if cells_count < degree {
                continue;
            }
            let all_members = (1u16 << cells_count) - 1; // a house holds at most 9 cells
            for members in tuples(all_members, degree - 1) {
                let chosen = bits(members).map(|i| usize::from(region_cells[i]));
                let mut union = 0;
                let mut narrow = false;
                for cell in chosen {
                    let candidates = grid.candidates(cell);
                    union |= candidates;
                    narrow |= count(candidates) <= 1;
                }
                if count(union) != degree || narrow || count(bug.all) <= 1 {
                    continue;
                }
                let digits = union | bug.all;
                if count(digits) != degree {
                    continue;
                }
                let eliminated: Vec<(u8, u8)> = region_cells
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| members >> i & 1 == 0)
                    .flat_map(|(_, &c)| {
                        bits(grid.candidates(usize::from(c)) & digits)
                            .map(move |d| (c, d as u8 + 1))
                    })
                    .collect();
                if eliminated.is_empty() {
                    continue;
                }
                let mut cells: Vec<u8> = bits(members).map(|i| region_cells[i]).collect();
                cells.sort_unstable();
                let detail = LoopDetail::Set {
                    hidden: false,
                    house: house as u8,
                    digits,
                    cells,
                };
                return Some(step(
                    Technique::BugType3,
                    57 + degree as u16 - 1,
                    bug,
                    detail,
                    eliminated,
                ));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::unique_loops::tests::position;

    /// The test on the cells with three candidates or more passes every
    /// position where a BUG is found: along the solving paths of bank
    /// puzzles, and on positions with candidates taken out at random.
    #[test]
    fn may_be_bug_passes_every_bug() {
        let (mut found, mut skipped) = (0, 0);
        crate::logic::testing::for_bank_positions(1, (2, 20), |grid, _| {
            let maybe = may_be_bug(grid);
            if find(grid).is_some() {
                assert!(maybe, "{grid:?}");
                found += 1;
            }
            skipped += usize::from(!maybe);
        });
        assert!(
            found > 100 && skipped > 10_000,
            "{found} found, {skipped} skipped"
        );
    }

    fn first_bug(values: &str, candidates: &str) -> String {
        bug(&position(values, candidates))
            .expect("a BUG")
            .to_string()
    }

    #[test]
    fn type_1_keeps_the_bug_digit() {
        assert_eq!(
            first_bug(
                "196527438..7948651548361729475683192.6317.58481.4..3766..71.843781234965..48.6217",
                "23 23 29 29 29 59 259 25 29 59 39 35 59",
            ),
            "5.6  BUG type 1 (r6c6 on 9): r6c6<>2, r6c6<>5"
        );
    }

    #[test]
    fn type_2_removes_the_bug_digit_from_cells_seeing_all() {
        assert_eq!(
            first_bug(
                "3......58758.9263...6853.9..83..54..421378965.75.4.38.8..6245.3.3.589.46564.3.829",
                "149 29 47 16 67 12 14 14 12 14 127 47 69 29 16 17 27 69 29 16 12 19 79 17 12 27 \
                 17 17 17",
            ),
            "5.7  BUG type 2 (r1c2, r3c7 on 1): r1c7<>1, r3c1<>1, r3c2<>1"
        );
    }

    #[test]
    fn type_3_adds_the_naked_set_size() {
        assert_eq!(
            first_bug(
                "5.....8499786423511348597267.34..29.81.92.47.2495..61.38.1.4.6269..851344.1....87",
                "26 26 37 137 17 56 16 18 58 56 36 35 37 78 38 57 79 59 27 27 25 23 369 36 59",
            ),
            "5.8  BUG type 3 (r1c5, r9c5 on 3, 7, naked set r6c5: 3, 7 in column 5): r7c5<>7"
        );
    }

    #[test]
    fn type_4_keeps_own_bug_digit_and_the_locked_one() {
        assert_eq!(
            first_bug(
                ".96.21.54.....6.12213.45....6245.1.....1..246174.625....7218..55216947386895..421",
                "78 378 38 47 45 58 379 38 39 89 68 67 79 89 39 78 37 39 35 58 78 79 38 89 39 34 \
                 34 69 69 37 37",
            ),
            "5.7  BUG type 4 (r1c4, r2c4 on 3, 8, 7 locked in box 2): r1c4<>3, r2c4<>9"
        );
    }

    #[test]
    fn bug_digits_found_earlier_are_out_of_later_counts() {
        // Box 5, row 6 and column 5 each hold 7 in two wide cells; column 5
        // finds r6c5 once r2c5's 7 (found in box 2) is out of the count.
        assert_eq!(
            first_bug(
                "5.1.8.3642.34.68.186413..9264...81.3.385.124..1.3...8.1298..637387629415456713928",
                "79 29 27 79 579 57 57 57 25 29 79 57 79 67 69 79 25 467 247 57 69 45 45",
            ),
            "5.7  BUG type 2 (r2c5, r6c5, r6c6 on 7): r4c5<>7, r5c5<>7"
        );
    }

    #[test]
    fn no_bug_while_a_digit_has_three_places_in_bivalue_cells() {
        // The type 1 position with r6c6's 9 gone: all cells bivalue but
        // digits with three places, so no BUG.
        let mut grid = position(
            "196527438..7948651548361729475683192.6317.58481.4..3766..71.843781234965..48.6217",
            "23 23 29 29 29 59 259 25 29 59 39 35 59",
        );
        grid.remove(50, 2);
        assert_eq!(bug(&grid), None);
    }
}
