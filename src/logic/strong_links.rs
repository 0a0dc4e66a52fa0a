//! Three strong links on one digit chained by two weak links (Sudoku
//! Explainer's "3 strong links": 3 skyscrapers, 3-string kites, the same
//! with box links, and grouped forms).
//!
//! Sudoku Explainer collects every such hint, then takes the easiest, the
//! one removing most candidates among equals, then the smallest shape code
//! (grouped-link count, then the canonical house-kind sequence), and the
//! first found among the rest. The search runs over the ten multisets of
//! house kinds (box 0, row 1, column 2) in increasing order, then digit,
//! then the three houses (same-kind houses in increasing order) with each
//! house's readings, then three orders of the links and both directions of
//! each link.

use super::grid::{cells_of, Cells, Grid, HOUSE_CELLS, HOUSE_MASKS, PEERS};
use super::step::{Difficulty, Pattern, Step, Technique};

/// The house-kind multisets, in Sudoku Explainer's order.
const KIND_SETS: [[usize; 3]; 10] = [
    [0, 0, 0],
    [0, 0, 1],
    [0, 0, 2],
    [0, 1, 1],
    [0, 1, 2],
    [0, 2, 2],
    [1, 1, 1],
    [1, 1, 2],
    [1, 2, 2],
    [2, 2, 2],
];

/// The link orders tried: the permutations of three links in the order
/// Fuchs' countdown QuickPerm yields them, keeping only those not greater
/// than their reverse.
const ORDERS: [[usize; 3]; 3] = [[0, 1, 2], [1, 0, 2], [0, 2, 1]];

/// A box's grouped-link configurations: positions that must lack the digit,
/// then the two groups. Configurations 0-8 are crosses centred on position
/// 0-8 (groups: the rest of its column, the rest of its row); 9-14 are
/// two parallel rows or columns of the box.
const fn box_configurations() -> [(u16, u16, u16); 15] {
    let mut table = [(0u16, 0u16, 0u16); 15];
    let mut heart = 0;
    while heart < 9 {
        let (row, column) = (heart / 3, heart % 3);
        let mut p = 0;
        while p < 9 {
            let (r, c) = (p / 3, p % 3);
            if r != row && c != column {
                table[heart].0 |= 1 << p;
            } else if c == column && r != row {
                table[heart].1 |= 1 << p;
            } else if r == row && c != column {
                table[heart].2 |= 1 << p;
            }
            p += 1;
        }
        heart += 1;
    }
    const ROWS: [u16; 3] = [0b000_000_111, 0b000_111_000, 0b111_000_000];
    const COLUMNS: [u16; 3] = [0b001_001_001, 0b010_010_010, 0b100_100_100];
    // Empty line, then the two others in increasing order: rows 2, 1, 0,
    // then columns 2, 1, 0.
    let mut k = 0;
    while k < 6 {
        let lines = if k < 3 { ROWS } else { COLUMNS };
        let empty = 2 - k % 3;
        let (first, second) = match empty {
            2 => (0, 1),
            1 => (0, 2),
            _ => (1, 2),
        };
        table[9 + k] = (lines[empty], lines[first], lines[second]);
        k += 1;
    }
    table
}

const BOX_CONFIGURATIONS: [(u16, u16, u16); 15] = box_configurations();

/// A line's grouped-link configurations: the box segment lacking the
/// digit, then the two other segments.
const LINE_CONFIGURATIONS: [(u16, u16, u16); 3] = [
    (0o007, 0o070, 0o700),
    (0o070, 0o007, 0o700),
    (0o700, 0o007, 0o070),
];

/// One reading of a link: its two ends (`a`, `b`), each with the second
/// cell of its group when grouped.
#[derive(Clone, Copy)]
struct Reading {
    ends: [(u8, Option<u8>); 2],
}

/// How a house holds the digit: its readings (none when it is no link)
/// and whether it is a grouped link.
struct Link {
    house: usize,
    grouped: bool,
    readings: [Option<Reading>; 2],
}

/// Reads a house's link on a digit as Sudoku Explainer's 3-link search
/// does.
fn link_of(house: usize, places: u16) -> Link {
    let mut link = Link {
        house,
        grouped: false,
        readings: [None, None],
    };
    let count = places.count_ones();
    if !(2..=6).contains(&count) {
        return link;
    }
    let is_box = house < 9;
    let cell = |p: u32| HOUSE_CELLS[house][p as usize];
    let first = |m: u16| m.trailing_zeros();
    let second = |m: u16| first(m & (m - 1));
    if count == 2 {
        let (a, b) = (cell(first(places)), cell(second(places)));
        // A box's two places in one line are that line's link instead.
        if is_box && same_line(a, b) {
            return link;
        }
        link.readings[0] = Some(Reading {
            ends: [(a, None), (b, None)],
        });
        return link;
    }
    let configurations: &[(u16, u16, u16)] = if is_box {
        &BOX_CONFIGURATIONS
    } else {
        &LINE_CONFIGURATIONS
    };
    let mut found = None;
    for (e, &(empty, group1, group2)) in configurations.iter().enumerate() {
        if e > 8 && count < 4 {
            continue;
        }
        if places & empty == 0 {
            // Only the first configuration lacking the digit counts.
            let (b1, b2) = (places & group1, places & group2);
            if b1 != 0 && b2 != 0 {
                found = Some((e, b1, b2));
            }
            break;
        }
    }
    let Some((e, b1, b2)) = found else {
        return link;
    };
    link.grouped = true;
    if b1.count_ones() == 1 || b2.count_ones() == 1 {
        for (k, (single, group)) in [(b1, b2), (b2, b1)].into_iter().enumerate() {
            if single.count_ones() != 1 {
                continue;
            }
            // A box's group is named by its first cell backed by the heart;
            // a line's by its first two cells.
            let support = if is_box {
                cell(e as u32)
            } else {
                cell(second(group))
            };
            link.readings[k] = Some(Reading {
                ends: [
                    (cell(first(single)), None),
                    (cell(first(group)), Some(support)),
                ],
            });
        }
    } else {
        let group_ends = Reading {
            ends: [
                (cell(first(b1)), Some(cell(second(b1)))),
                (cell(first(b2)), Some(cell(second(b2)))),
            ],
        };
        link.readings[0] = Some(group_ends);
        // Two parallel pairs in a box forming a rectangle are also read
        // across: first cells of both groups against the second cells.
        let [(a, a2), (b, b2_cell)] = group_ends.ends;
        let (a2, b2_cell) = (a2.unwrap_or(a), b2_cell.unwrap_or(b));
        if e > 8 && count == 4 && same_line(a2, b2_cell) && same_line(a, b) {
            link.readings[1] = Some(Reading {
                ends: [(a, Some(b)), (a2, Some(b2_cell))],
            });
        }
    }
    link
}

fn same_line(a: u8, b: u8) -> bool {
    a % 9 == b % 9 || a / 9 == b / 9
}

/// The house holding two chain ends (with their group cells), tested
/// column, row, then box, as Sudoku Explainer does.
fn shared_house(b1: (u8, Option<u8>), b2: (u8, Option<u8>)) -> Option<usize> {
    let keys: [fn(u8) -> usize; 3] = [
        |c| 18 + usize::from(c % 9),
        |c| 9 + usize::from(c / 9),
        |c| usize::from(c / 27 * 3 + c % 9 / 3),
    ];
    for key in keys {
        if key(b1.0) != key(b2.0) {
            continue;
        }
        let holds = match (b1.1, b2.1) {
            (None, None) => true,
            (None, Some(s2)) => key(b1.0) == key(s2),
            (Some(s1), None) => key(b2.0) == key(s1),
            (Some(s1), Some(s2)) => key(b2.0) == key(s1) && key(b1.0) == key(s2),
        };
        if holds {
            return Some(key(b1.0));
        }
    }
    None
}

/// A candidate hint and its rank in Sudoku Explainer's sort.
struct Found {
    step: Step,
    rank: (u16, std::cmp::Reverse<u32>, [u8; 4]),
}

/// The 3-strong-links step Sudoku Explainer takes, if any.
pub fn three_strong_links(grid: &Grid) -> Option<Step> {
    let mut best: Option<Found> = None;
    let all_links: Vec<Vec<Link>> = (1..=9u8)
        .map(|digit| (0..27).map(|h| link_of(h, grid.places(h, digit))).collect())
        .collect();
    for kinds in KIND_SETS {
        for digit in 1..=9u8 {
            let candidates = grid.digit_cells(digit);
            let links = &all_links[usize::from(digit - 1)];
            let house_of = |depth: usize, i: usize| kinds[depth] * 9 + i;
            for i0 in 0..9 {
                let l0 = &links[house_of(0, i0)];
                for r0 in l0.readings.iter().flatten() {
                    let start1 = if kinds[1] == kinds[0] { i0 + 1 } else { 0 };
                    for i1 in start1..9 {
                        let l1 = &links[house_of(1, i1)];
                        if l1.readings[0].is_none() && l1.readings[1].is_none() {
                            continue;
                        }
                        if candidates & HOUSE_MASKS[l0.house] & HOUSE_MASKS[l1.house] != 0 {
                            continue;
                        }
                        for r1 in l1.readings.iter().flatten() {
                            let start2 = if kinds[2] == kinds[1] { i1 + 1 } else { 0 };
                            for i2 in start2..9 {
                                let l2 = &links[house_of(2, i2)];
                                let covered = HOUSE_MASKS[l0.house] | HOUSE_MASKS[l1.house];
                                if candidates & covered & HOUSE_MASKS[l2.house] != 0 {
                                    continue;
                                }
                                for r2 in l2.readings.iter().flatten() {
                                    chains(
                                        grid,
                                        digit,
                                        kinds,
                                        [l0, l1, l2],
                                        [r0, r1, r2],
                                        &mut |found| {
                                            if best.as_ref().is_none_or(|b| found.rank < b.rank) {
                                                best = Some(found);
                                            }
                                        },
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    best.map(|found| found.step)
}

/// Tries every order and direction of three chosen links.
fn chains(
    grid: &Grid,
    digit: u8,
    kinds: [usize; 3],
    links: [&Link; 3],
    readings: [&Reading; 3],
    found: &mut impl FnMut(Found),
) {
    let candidates = grid.digit_cells(digit);
    for order in ORDERS {
        for directions in 0..8u8 {
            // Direction bits, first link most significant.
            let u = |w: usize| usize::from(directions >> (2 - w) & 1);
            let end_of = |w: usize, side: usize| readings[order[w]].ends[side];
            let mut shared = [0usize; 2];
            let mut bridges = [(0u8, 0u8); 2];
            let mut linked = true;
            for w in 0..2 {
                let (b1, b2) = (end_of(w, 1 - u(w)), end_of(w + 1, u(w + 1)));
                match shared_house(b1, b2) {
                    Some(house) => {
                        shared[w] = house;
                        bridges[w] = (b1.0, b2.0);
                    }
                    None => {
                        linked = false;
                        break;
                    }
                }
            }
            if !linked {
                continue;
            }
            let (start, end) = (end_of(0, u(0)), end_of(2, 1 - u(2)));
            let mut victims: Cells = PEERS[usize::from(start.0)] & PEERS[usize::from(end.0)];
            if let (true, Some(s)) = (links[order[0]].grouped, start.1) {
                victims &= PEERS[usize::from(s)];
            }
            if let (true, Some(s)) = (links[order[2]].grouped, end.1) {
                victims &= PEERS[usize::from(s)];
            }
            victims &= !(1u128 << start.0) & !(1u128 << end.0);
            for link in links {
                victims &= !HOUSE_MASKS[link.house];
            }
            for house in shared {
                victims &= !HOUSE_MASKS[house];
            }
            let removed = victims & candidates;
            if removed == 0 {
                continue;
            }
            let grouped = links.iter().filter(|l| l.grouped).count() as u8;
            let shape = shape_code(order.map(|k| kinds[k]));
            let (technique, tenths) = if grouped > 0 {
                (Technique::GroupedThreeStrongLinks, 57)
            } else if shape.contains(&0) {
                (Technique::ThreeStrongLinksWithBox, 55)
            } else if shape.contains(&2) {
                (Technique::ThreeStringKite, 56)
            } else {
                (Technique::ThreeSkyscrapers, 54)
            };
            found(Found {
                rank: (
                    tenths,
                    std::cmp::Reverse(removed.count_ones()),
                    [grouped, shape[0], shape[1], shape[2]],
                ),
                step: Step {
                    technique,
                    difficulty: Difficulty(tenths),
                    pattern: Pattern::StrongLinks {
                        digit,
                        cells: vec![
                            start.0,
                            bridges[0].0,
                            bridges[0].1,
                            bridges[1].0,
                            bridges[1].1,
                            end.0,
                        ],
                    },
                    placed: None,
                    eliminated: cells_of(removed).map(|c| (c as u8, digit)).collect(),
                },
            });
        }
    }
}

/// Sudoku Explainer's shape code of a chain's house kinds (box 0, row 1,
/// column 2), in chain order: the sequence or its reverse, whichever is
/// smaller; then, when rows occur, the smallest of it and its row/column
/// swap read both ways; without rows, columns are written as rows.
fn shape_code(kinds: [usize; 3]) -> [u8; 3] {
    let mut seq = kinds.map(|k| k as u8);
    let mut reversed = seq;
    reversed.reverse();
    if reversed < seq {
        seq = reversed;
    }
    let swap = |k: u8| match k {
        1 => 2,
        2 => 1,
        other => other,
    };
    if seq.contains(&1) {
        let swapped = seq.map(swap);
        let mut swapped_reversed = swapped;
        swapped_reversed.reverse();
        let best_swap = swapped.min(swapped_reversed);
        seq.min(best_swap)
    } else {
        seq.map(|k| if k == 2 { 1 } else { k })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::first_step_of;
    use super::*;

    /// Bank puzzles (Sudoku Exchange sample) and the step Sudoku Explainer
    /// takes there, as it rates them.
    #[test]
    fn each_shape_on_a_bank_puzzle() {
        let cases = [
            (
                ".5..4..7.48.7...52..2..14....7....8.8.......7.6....2....68..5..91...3.68.7..1..4.",
                Technique::ThreeSkyscrapers,
                "5.4  3 skyscrapers (3 in r2c5, r4c5, r4c7, r9c7, r9c9, r1c9): r1c4<>3",
            ),
            (
                ".9.2.......1..43.5..319......6..8..7.3.....6.8..7..9......318..6.85..4.......7.2.",
                Technique::ThreeStrongLinksWithBox,
                "5.5  3 strong links with a box (5 in r7c8, r9c7, r5c7, r5c6, r3c6, r3c1): \
                 r7c1<>5",
            ),
            (
                ".7.4......2..3.6..1....5.9.58...79....3...1....45...83.5.8....2..6.7..1......3.6.",
                Technique::ThreeStringKite,
                "5.6  3-string kite (1 in r4c5, r4c3, r6c2, r9c2, r9c4, r2c4): r1c5<>1",
            ),
            (
                "8.......3.9.....2..2.471.8.2...3...7..9.1.4.....8.2...9.......4.7.1.8.5..15.9.27.",
                Technique::GroupedThreeStrongLinks,
                "5.7  Grouped 3 strong links (5 in r5c1, r4c2, r1c2, r1c5, r2c4, r4c4): r5c6<>5",
            ),
        ];
        for (puzzle, technique, text) in cases {
            assert_eq!(first_step_of(puzzle, technique).to_string(), text);
        }
    }

    #[test]
    fn shape_codes_are_canonical() {
        // Rows only, columns only: written as rows.
        assert_eq!(shape_code([1, 1, 1]), [1, 1, 1]);
        assert_eq!(shape_code([2, 2, 2]), [1, 1, 1]);
        // Mixed lines keep both kinds, in the smallest reading.
        assert_eq!(shape_code([2, 1, 1]), [1, 1, 2]);
        assert_eq!(shape_code([1, 2, 1]), [1, 2, 1]);
        // A box with columns only: columns written as rows.
        assert_eq!(shape_code([2, 0, 2]), [1, 0, 1]);
        assert_eq!(shape_code([0, 2, 1]), [0, 1, 2]);
    }

    #[test]
    fn box_configurations_cover_crosses_then_parallel_lines() {
        // Heart at position 4: the corners must lack the digit.
        assert_eq!(
            BOX_CONFIGURATIONS[4],
            (0b101_000_101, 0b010_000_010, 0b000_101_000)
        );
        // Rows 1 and 2 with row 3 empty.
        assert_eq!(
            BOX_CONFIGURATIONS[9],
            (0b111_000_000, 0b000_000_111, 0b000_111_000)
        );
        // Columns 2 and 3 with column 1 empty.
        assert_eq!(
            BOX_CONFIGURATIONS[14],
            (0b001_001_001, 0b010_010_010, 0b100_100_100)
        );
    }
}
