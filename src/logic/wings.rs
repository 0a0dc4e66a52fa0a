//! Wings: a pivot cell and pincer cells among its peers whose candidates
//! force a shared digit into one of them (XY-wing, XYZ-wing).

use super::grid::{bits, cells_of, Cells, Grid, ALL_CELLS, ALL_DIGITS, PEERS};
use super::step::{Difficulty, Pattern, Step, Technique};
use crate::logic::grid::count;
use crate::logic::proof::Chains;

/// The first XY-wing (or, with `xyz`, XYZ-wing) that removes a candidate,
/// in Sudoku Explainer's order: pivots in reading order, then the first
/// pincer, then the second, each among the pivot's peers in reading order.
pub fn xy_wing(grid: &Grid, xyz: bool) -> Option<Step> {
    let pivot_size = if xyz { 3 } else { 2 };
    let bivalue = (0..81)
        .filter(|&c| count(grid.candidates(c)) == 2)
        .fold(0 as Cells, |set, c| set | 1 << c);
    for pivot in 0..81 {
        let xy = grid.candidates(pivot);
        if count(xy) != pivot_size {
            continue;
        }
        let pincers = PEERS[pivot] & bivalue;
        for xz_cell in cells_of(pincers) {
            let xz = grid.candidates(xz_cell);
            if count(xy & !xz) != 1 {
                continue;
            }
            for yz_cell in cells_of(pincers) {
                let yz = grid.candidates(yz_cell);
                let common = xy & xz & yz;
                if count(xy | xz | yz) != 3 || count(common) != u32::from(xyz) {
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
                    chains: Chains::NONE,
                });
            }
        }
    }
    None
}

/// Peers of each cell that come after it in reading order.
const fn build_forward_peers() -> [Cells; 81] {
    let mut forward = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        // Bits above `cell` only.
        forward[cell] = PEERS[cell] & !((2u128 << cell) - 1);
        cell += 1;
    }
    forward
}

const FORWARD_PEERS: [Cells; 81] = build_forward_peers();

/// A WXYZ-wing (`cells` 3) or VWXYZ-wing (`cells` 4) candidate and its
/// rank in Sudoku Explainer's sort.
struct AlsWing {
    step: Step,
    /// Difficulty, then more removals first, then the larger code (doubly
    /// linked, largest cell, total size; compared as text).
    rank: (u16, std::cmp::Reverse<u32>, std::cmp::Reverse<[u8; 4]>),
}

/// The WXYZ-wing (`als_cells` 3) or VWXYZ-wing (`als_cells` 4) step Sudoku
/// Explainer takes: a set of `als_cells` mutually seeing cells holding
/// `als_cells + 1` digits and a bivalue cell whose digits are among them.
/// Every such hint is collected (cells chosen in increasing reading order,
/// the bivalue cell among the peers of any of them in reading order), then
/// the easiest is taken, most removals first, then the larger code.
///
/// A wing whose cells and bivalue cell kept their candidates removes no
/// more now than before: when it is known that no wing gave a step before
/// the cells of `changed` changed, only wings touching them are tried
/// (pass every cell otherwise).
pub fn als_wing(grid: &Grid, als_cells: usize, changed: Cells) -> Option<Step> {
    let digits = als_cells as u32 + 1;
    let changed = changed & ALL_CELLS;
    let mut best: Option<AlsWing> = None;
    // Wing cells hold two candidates or more, and no more than the wing's
    // digits.
    let eligible = (0..81)
        .filter(|&c| (2..=digits).contains(&count(grid.candidates(c))))
        .fold(0 as Cells, |set, c| set | 1 << c);
    let mut search = WingSearch {
        grid,
        als_cells,
        changed,
        // A wing cell's peer may be its changed bivalue cell.
        near: cells_of(changed).fold(changed, |near, cell| near | PEERS[cell]),
        chosen: [0; 4],
    };
    for pivot in 0..81 {
        let count = count(grid.candidates(pivot));
        if count < 2 || count > digits {
            continue;
        }
        search.chosen[0] = pivot;
        search.extend(
            1,
            FORWARD_PEERS[pivot] & eligible,
            grid.candidates(pivot),
            1 << pivot,
            &mut |found| {
                if best.as_ref().is_none_or(|b| found.rank < b.rank) {
                    best = Some(found);
                }
            },
        );
    }
    best.map(|found| found.step)
}

/// The search for wing cells.
struct WingSearch<'a> {
    grid: &'a Grid,
    als_cells: usize,
    /// Cells changed since the last search found nothing.
    changed: Cells,
    /// The changed cells and their peers.
    near: Cells,
    chosen: [usize; 4],
}

impl WingSearch<'_> {
    /// Adds wing cells after the last chosen, among `common` (cells seeing
    /// all chosen so far), keeping the digits' union small enough.
    fn extend(
        &mut self,
        depth: usize,
        common: Cells,
        union: u16,
        wing: Cells,
        found: &mut impl FnMut(AlsWing),
    ) {
        // A wing nowhere near a changed cell, whatever cells complete it,
        // has no changed cell nor a changed bivalue cell.
        if (wing | common) & self.near == 0 {
            return;
        }
        let digits = self.als_cells as u32 + 1;
        let mut common = common;
        if count(union) == digits {
            // The wing's digits are all there: later cells hold no other.
            for d in bits(ALL_DIGITS & !union) {
                common &= !self.grid.digit_cells(d as u8 + 1);
            }
        }
        for cell in cells_of(common) {
            let candidates = self.grid.candidates(cell);
            let joined = union | candidates;
            self.chosen[depth] = cell;
            if depth + 1 < self.als_cells {
                if count(joined) <= digits {
                    self.extend(
                        depth + 1,
                        common & FORWARD_PEERS[cell],
                        joined,
                        wing | 1 << cell,
                        found,
                    );
                }
            } else if count(joined) == digits {
                let wing = wing | 1 << cell;
                // An unchanged wing needs a changed bivalue cell.
                let ends = if wing & self.changed != 0 {
                    !0
                } else {
                    self.changed
                };
                bivalue_ends(
                    self.grid,
                    &self.chosen[..self.als_cells],
                    joined,
                    ends,
                    found,
                );
            }
        }
    }
}

/// Tries every bivalue cell of `ends` within the wing's digits that sees a
/// wing cell.
fn bivalue_ends(
    grid: &Grid,
    wing: &[usize],
    union: u16,
    ends: Cells,
    found: &mut impl FnMut(AlsWing),
) {
    let wing_set = wing.iter().fold(0 as Cells, |set, &c| set | 1 << c);
    let range = wing.iter().fold(0 as Cells, |set, &c| set | PEERS[c]) & !wing_set & ends;
    for yz in cells_of(range) {
        let pair = grid.candidates(yz);
        if count(pair) != 2 || pair & !union != 0 {
            continue;
        }
        let x = pair.trailing_zeros() as u8 + 1;
        let z = (pair & (pair - 1)).trailing_zeros() as u8 + 1;
        // A digit is restricted when every wing cell holding it sees `yz`.
        let restricted = |d: u8| holders(grid, wing, d) & !PEERS[yz] == 0;
        let doubly = restricted(z);
        let hint = if restricted(x) {
            wing_hint(grid, wing, yz, union, x, z, doubly)
        } else if doubly {
            wing_hint(grid, wing, yz, union, z, x, false)
        } else {
            None
        };
        if let Some(hint) = hint {
            found(hint);
        }
    }
}

/// The wing cells holding `digit`.
fn holders(grid: &Grid, wing: &[usize], digit: u8) -> Cells {
    wing.iter()
        .filter(|&&c| grid.has(c, digit))
        .fold(0, |set, &c| set | 1 << c)
}

/// The cells seeing every cell of `set`.
fn seeing_all(set: Cells) -> Cells {
    cells_of(set).fold(!0, |seen, c| seen & PEERS[c])
}

fn wing_hint(
    grid: &Grid,
    wing: &[usize],
    yz: usize,
    union: u16,
    x: u8,
    z: u8,
    doubly: bool,
) -> Option<AlsWing> {
    let all = wing.iter().fold(1u128 << yz, |s, &c| s | 1 << c);
    let mut eliminated: Vec<(u8, u8)> = Vec::new();
    let mut remove = |victims: Cells, digit: u8| -> bool {
        let hit = victims & !all & grid.digit_cells(digit) & ((1u128 << 81) - 1);
        eliminated.extend(cells_of(hit).map(|c| (c as u8, digit)));
        hit != 0
    };
    let (mut weak, mut strong_x) = (false, false);
    if doubly {
        // Each wing digit outside the bivalue cell is locked in the wing.
        for w in bits(union & !grid.candidates(yz)) {
            let w = w as u8 + 1;
            weak |= remove(seeing_all(holders(grid, wing, w)), w);
        }
        strong_x = remove(PEERS[yz] & seeing_all(holders(grid, wing, x)), x);
    }
    let strong_z = remove(PEERS[yz] & seeing_all(holders(grid, wing, z)), z);
    if eliminated.is_empty() {
        return None;
    }
    let doubly = doubly && (weak || (strong_z && strong_x));
    let sizes = wing.iter().map(|&c| count(grid.candidates(c)));
    let largest = sizes.clone().max().unwrap_or(0);
    let total: u32 = sizes.sum();
    // Sudoku Explainer's code: link kind, largest cell, total size, as text.
    let code = format!("{}{}{}", if doubly { 2 } else { 1 }, largest, total);
    let mut key = [0u8; 4];
    key[..code.len()].copy_from_slice(code.as_bytes());
    let (technique, tenths) = if wing.len() == 3 {
        (Technique::WxyzWing, 55 + 1 - largest.abs_diff(3) as u16)
    } else {
        (Technique::VwxyzWing, 62 + 2 - largest.abs_diff(3) as u16)
    };
    let count = eliminated.len() as u32;
    eliminated.sort_unstable();
    Some(AlsWing {
        rank: (tenths, std::cmp::Reverse(count), std::cmp::Reverse(key)),
        step: Step {
            technique,
            difficulty: Difficulty(tenths),
            pattern: Pattern::Wing {
                pivot: wing[0] as u8,
                pincers: wing[1..]
                    .iter()
                    .chain(std::iter::once(&yz))
                    .map(|&c| c as u8)
                    .collect(),
            },
            placed: None,
            eliminated,
            chains: Chains::NONE,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::first_step_of;
    use super::*;

    /// Bank puzzles (Sudoku Exchange sample) and the step Sudoku Explainer
    /// takes there, as it rates them.
    #[test]
    fn each_wing_on_a_bank_puzzle() {
        let cases = [
            (
                "..3....1...2..6..787.9...4.91...4.3....1.8....4.3...76.6...9.213..6..4...2....7..",
                Technique::XyWing,
                "4.2  XY-wing (pivot r2c1, pincers r2c4, r9c1): r9c4<>5",
            ),
            (
                "8..2.5..4.47...56...6.4.8..3.5.1.7.9...973............5..8.7..6..8...2...1.692.5.",
                Technique::XyzWing,
                "4.4  XYZ-wing (pivot r8c2, pincers r1c2, r8c1): r7c2<>9",
            ),
            (
                "...3.1...27....6..4..27...3..2....5...61.73...8....9..8...62..7..7....68...7.5...",
                Technique::WxyzWing,
                "5.5  WXYZ-wing (pivot r1c7, pincers r1c9, r2c9, r4c7): r4c9<>1, r6c9<>1",
            ),
            (
                "5..9..2...6.8...57..1.....8..8.2...6..94.85..1...6.8..7.....6..29...6.8...6..7..1",
                Technique::VwxyzWing,
                "6.2  VWXYZ-wing (pivot r3c2, pincers r4c2, r5c2, r6c2, r4c1): \
                 r6c3<>3, r6c3<>4, r6c3<>5, r9c2<>5",
            ),
        ];
        for (puzzle, technique, text) in cases {
            assert_eq!(first_step_of(puzzle, technique).to_string(), text);
        }
    }

    #[test]
    fn forward_peers_are_the_later_peers() {
        assert_eq!(FORWARD_PEERS[0].count_ones(), 20);
        assert_eq!(FORWARD_PEERS[80], 0);
        for cell in 0..81 {
            assert_eq!(FORWARD_PEERS[cell] & ((2u128 << cell) - 1), 0);
            assert_eq!(FORWARD_PEERS[cell] & !PEERS[cell], 0);
        }
    }
}
