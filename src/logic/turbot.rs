//! The turbot fish family: two strong links on one digit joined by a weak
//! link (skyscraper, 2-string kite, turbot crane), and their grouped forms
//! where a box or a line holds the digit in two crossing groups (empty
//! rectangle, grouped skyscraper, grouped 2-string kite).
//!
//! Sudoku Explainer collects every such hint, then takes the easiest, the
//! one removing most candidates among equals, plain before one grouped
//! link before two, and the first found among the rest. The search order
//! therefore matters for ties: house-kind pairs (rows with rows, columns
//! with columns, columns with rows, rows with boxes, columns with boxes),
//! then digit, first house, its link reading, second house, its reading,
//! then which end of each link meets the other.

use super::grid::{Cells, Grid, HouseKind, HOUSE_CELLS, HOUSE_MASKS, PEERS};
use super::step::{Difficulty, Pattern, Step, Technique};

/// The kind pairs (first link's house, second link's house), in Sudoku
/// Explainer's order.
const KIND_PAIRS: [(HouseKind, HouseKind); 5] = [
    (HouseKind::Row, HouseKind::Row),
    (HouseKind::Column, HouseKind::Column),
    (HouseKind::Column, HouseKind::Row),
    (HouseKind::Row, HouseKind::Box),
    (HouseKind::Column, HouseKind::Box),
];

/// A box position's row-and-column cross: the positions off it (the
/// "rectangle"), the heart's column without it, the heart's row without it.
const fn box_cross(heart: usize) -> (u16, u16, u16) {
    let (row, column) = (heart / 3, heart % 3);
    let (mut rectangle, mut down, mut across) = (0u16, 0u16, 0u16);
    let mut p = 0;
    while p < 9 {
        let (r, c) = (p / 3, p % 3);
        if r != row && c != column {
            rectangle |= 1 << p;
        } else if c == column && r != row {
            down |= 1 << p;
        } else if r == row && c != column {
            across |= 1 << p;
        }
        p += 1;
    }
    (rectangle, down, across)
}

/// How a house holds a digit for a (possibly grouped) strong link.
#[derive(Clone, Copy)]
pub(super) struct LinkShape {
    /// The positions holding the digit.
    places: u16,
    /// Grouped: the digit lies in two crossing groups (box) or in two
    /// boxes' segments (line) and nowhere else.
    grouped: bool,
    /// For a grouped link, the two groups (positions).
    blade1: u16,
    blade2: u16,
    /// For a grouped box link, the position where its groups cross.
    heart: usize,
}

/// Reads how `house` holds the digit whose positions are `places`, as
/// Sudoku Explainer does: two places make a plain link; three to six
/// (five in a box) make a grouped one when the first empty configuration
/// (box: a heart whose off-cross cells lack the digit; line: a segment
/// lacking it) leaves both groups non-empty.
pub(super) fn link_shape(is_box: bool, places: u16) -> Option<LinkShape> {
    let count = places.count_ones();
    if !(2..=6).contains(&count) || (is_box && count > 5) {
        return None;
    }
    let plain = LinkShape {
        places,
        grouped: false,
        blade1: 0,
        blade2: 0,
        heart: 0,
    };
    if count == 2 {
        return Some(plain);
    }
    for e in 0..if is_box { 9 } else { 3 } {
        let (empty, blade1, blade2) = if is_box {
            box_cross(e)
        } else {
            let others: Vec<usize> = (0..3).filter(|&s| s != e).collect();
            (
                0b111 << (3 * e),
                0b111 << (3 * others[0]),
                0b111 << (3 * others[1]),
            )
        };
        if places & empty == 0 {
            let (blade1, blade2) = (places & blade1, places & blade2);
            // Only the first empty configuration is considered.
            return (blade1 != 0 && blade2 != 0).then_some(LinkShape {
                grouped: true,
                blade1,
                blade2,
                heart: e,
                ..plain
            });
        }
    }
    None
}

/// One reading of a link: its two ends, each a cell and, when grouped, a
/// second cell of the same group (positions in the house).
#[derive(Clone, Copy)]
pub(super) struct LinkEnds {
    /// The first end's cell and its group's other cell.
    pub(super) a: (u8, Option<u8>),
    /// The second end's cell and its group's other cell.
    pub(super) b: (u8, Option<u8>),
}

/// The readings Sudoku Explainer takes of a link, in its order: a plain
/// link has one; a grouped link whose group has a single cell has one per
/// such group (that cell against the other group); otherwise one reading
/// group against group, each end given by its first two cells.
pub(super) fn link_readings(is_box: bool, house: usize, shape: &LinkShape) -> Vec<LinkEnds> {
    let cell = |p: usize| HOUSE_CELLS[house][p];
    let first = |m: u16| m.trailing_zeros() as usize;
    let second = |m: u16| first(m & (m - 1));
    if !shape.grouped {
        let p = shape.places;
        return vec![LinkEnds {
            a: (cell(first(p)), None),
            b: (cell(second(p)), None),
        }];
    }
    let (b1, b2) = (shape.blade1, shape.blade2);
    if b1.count_ones() == 1 || b2.count_ones() == 1 {
        let mut readings = Vec::with_capacity(2);
        for (single, group) in [(b1, b2), (b2, b1)] {
            if single.count_ones() != 1 {
                continue;
            }
            // A box's group is read from the heart, backed by its first
            // cell; a line's from its first cell, backed by its second.
            let b = if is_box {
                (cell(shape.heart), Some(cell(first(group))))
            } else {
                (cell(first(group)), Some(cell(second(group))))
            };
            readings.push(LinkEnds {
                a: (cell(first(single)), None),
                b,
            });
        }
        readings
    } else {
        vec![LinkEnds {
            a: (cell(first(b1)), Some(cell(second(b1)))),
            b: (cell(first(b2)), Some(cell(second(b2)))),
        }]
    }
}

/// The house holding both bridge ends, as Sudoku Explainer tests it:
/// column, then row, then box; a group's extra cell is checked against the
/// other end only (and only one of the two extra cells when both exist).
pub(super) fn shared_house(b1: (u8, Option<u8>), b2: (u8, Option<u8>)) -> Option<usize> {
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
            (Some(s1), _) => key(b2.0) == key(s1),
        };
        if holds {
            return Some(key(b1.0));
        }
    }
    None
}

/// The cells seeing every cell of an end (a cell and its group's extra
/// cell when `grouped`).
fn seeing(end: (u8, Option<u8>), grouped: bool) -> Cells {
    let mut seen = PEERS[usize::from(end.0)];
    if let (true, Some(extra)) = (grouped, end.1) {
        seen &= PEERS[usize::from(extra)];
    }
    seen
}

/// A candidate hint and its rank in Sudoku Explainer's sort.
struct Found {
    step: Step,
    rank: (u16, std::cmp::Reverse<u32>, u8),
}

/// The turbot-family step Sudoku Explainer takes, if any.
pub fn turbot_fish(grid: &Grid) -> Option<Step> {
    let mut best: Option<Found> = None;
    for (base_kind, cover_kind) in KIND_PAIRS {
        for digit in 1..=9u8 {
            scan_pair(grid, digit, base_kind, cover_kind, &mut |found| {
                if best.as_ref().is_none_or(|b| found.rank < b.rank) {
                    best = Some(found);
                }
            });
        }
    }
    best.map(|found| found.step)
}

fn scan_pair(
    grid: &Grid,
    digit: u8,
    base_kind: HouseKind,
    cover_kind: HouseKind,
    found: &mut impl FnMut(Found),
) {
    let candidates = grid.digit_cells(digit);
    let (base_box, cover_box) = (base_kind == HouseKind::Box, cover_kind == HouseKind::Box);
    for i1 in 0..9 {
        let base = base_kind.first() + i1;
        let Some(base_shape) = link_shape(base_box, grid.places(base, digit)) else {
            continue;
        };
        for base_ends in link_readings(base_box, base, &base_shape) {
            let from = if base_kind == cover_kind { i1 + 1 } else { 0 };
            for i2 in from..9 {
                let cover = cover_kind.first() + i2;
                let Some(cover_shape) = link_shape(cover_box, grid.places(cover, digit)) else {
                    continue;
                };
                // Houses sharing a candidate cell of the digit make no pair.
                if candidates & HOUSE_MASKS[base] & HOUSE_MASKS[cover] != 0 {
                    continue;
                }
                for cover_ends in link_readings(cover_box, cover, &cover_shape) {
                    let base_pair = [base_ends.a, base_ends.b];
                    let cover_pair = [cover_ends.a, cover_ends.b];
                    for i in 0..2 {
                        for j in 0..2 {
                            let Some(shared) = shared_house(base_pair[1 - i], cover_pair[j]) else {
                                continue;
                            };
                            if shared == base || shared == cover {
                                continue;
                            }
                            let (start, end) = (base_pair[i], cover_pair[1 - j]);
                            let victims = seeing(start, base_shape.grouped)
                                & seeing(end, cover_shape.grouped)
                                & !(1u128 << start.0)
                                & !(1u128 << end.0)
                                & !HOUSE_MASKS[base]
                                & !HOUSE_MASKS[cover];
                            let removed = victims & candidates;
                            if removed == 0 {
                                continue;
                            }
                            let grouped =
                                u8::from(base_shape.grouped) + u8::from(cover_shape.grouped);
                            let (technique, tenths) = technique_of(
                                base_kind == cover_kind,
                                cover_box,
                                base_shape.grouped,
                                cover_shape.grouped,
                            );
                            found(Found {
                                rank: (
                                    tenths,
                                    std::cmp::Reverse(removed.count_ones()),
                                    grouped.min(2),
                                ),
                                step: Step {
                                    technique,
                                    difficulty: Difficulty(tenths),
                                    pattern: Pattern::StrongLinks {
                                        digit,
                                        cells: vec![
                                            start.0,
                                            base_pair[1 - i].0,
                                            cover_pair[j].0,
                                            end.0,
                                        ],
                                    },
                                    placed: None,
                                    eliminated: super::grid::cells_of(removed)
                                        .map(|c| (c as u8, digit))
                                        .collect(),
                                },
                            });
                        }
                    }
                }
            }
        }
    }
}

/// The name and difficulty Sudoku Explainer gives: any grouped link makes
/// 4.3 (an empty rectangle when the box link is grouped); otherwise two
/// parallel lines 4.0, crossing lines 4.1, a box link 4.2.
fn technique_of(
    same_kind: bool,
    cover_box: bool,
    base_grouped: bool,
    cover_grouped: bool,
) -> (Technique, u16) {
    if base_grouped || cover_grouped {
        let technique = if cover_box && cover_grouped {
            Technique::EmptyRectangle
        } else if same_kind {
            Technique::GroupedSkyscraper
        } else {
            Technique::GroupedTwoStringKite
        };
        return (technique, 43);
    }
    if cover_box {
        (Technique::TurbotCrane, 42)
    } else if same_kind {
        (Technique::Skyscraper, 40)
    } else {
        (Technique::TwoStringKite, 41)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::first_step_of;
    use super::*;

    /// Bank puzzles (Sudoku Exchange sample) and the step Sudoku Explainer
    /// takes there, as it rates them.
    #[test]
    fn each_form_on_a_bank_puzzle() {
        let cases = [
            (
                ".965.74.....94...15....1..94.5....92.6.....8.81....3.66..7....37...34.....48.621.",
                Technique::Skyscraper,
                "4.0  Skyscraper (9 in r5c1, r5c6, r7c6, r7c3): r6c3<>9, r9c1<>9",
            ),
            (
                "4.73......3..7...2.2...6...7.6.5..2.8.......1.4..6.8.3...4...3.5...3..9......82.4",
                Technique::TwoStringKite,
                "4.1  2-string kite (5 in r7c9, r1c9, r2c7, r2c6): r7c6<>5",
            ),
            (
                "3....5..9..81..3...2..6..7.1...9..2...72.41...8..1...4.7..5..1...6..28..4..8....7",
                Technique::TurbotCrane,
                "4.2  Turbot crane (9 in r5c8, r5c2, r9c2, r8c1): r8c8<>9",
            ),
            (
                "9..468..2..........16...58..2..1..9.....5....4.8.2.1.7..........6.2.9.5.84.....26",
                Technique::EmptyRectangle,
                "4.3  Empty rectangle (3 in r9c5, r2c5, r2c7, r1c7): r9c7<>3",
            ),
            (
                "5.43..8.7....5.6..86...4..5..8.....6.5..2..8.3.....1..7..5...68..5.4....6.2..87.4",
                Technique::GroupedSkyscraper,
                "4.3  Grouped skyscraper (7 in r3c5, r3c3, r5c3, r5c4): r4c5<>7",
            ),
            (
                "2...54..9.3....41..1.7.....1...4.9..5..9.2..3..9.1...2.....3.6..94....5.7..58...4",
                Technique::GroupedTwoStringKite,
                "4.3  Grouped 2-string kite (6 in r8c1, r6c1, r5c2, r5c5): r8c5<>6",
            ),
        ];
        for (puzzle, technique, text) in cases {
            assert_eq!(first_step_of(puzzle, technique).to_string(), text);
        }
    }

    #[test]
    fn link_shapes_follow_the_first_empty_configuration() {
        // Two places: a plain link.
        let plain = link_shape(false, 0b100_000_001).unwrap();
        assert!(!plain.grouped);
        // A line with the digit in its first and last segments: grouped,
        // the middle segment being the first empty one.
        let line = link_shape(false, 0b110_000_011).unwrap();
        assert!(line.grouped);
        assert_eq!((line.blade1, line.blade2), (0b000_000_011, 0b110_000_000));
        // A box holding the digit in one row only has no useful cross.
        assert!(link_shape(true, 0b000_000_111).is_none());
        // Seven places in a line are too many.
        assert!(link_shape(false, 0b001_111_111).is_none());
    }
}
