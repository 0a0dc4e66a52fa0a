//! Wings: a pivot cell and pincer cells among its peers whose candidates
//! force a shared digit into one of them (XY-wing, XYZ-wing).

use super::grid::{
    bits, cells_of, houses_of, positions_of, Cells, Digits, Grid, ALL_CELLS, HOUSE_CELLS, PEERS,
};
use super::step::{Difficulty, Pattern, Step, Technique};
use crate::logic::grid::count;
use crate::logic::proof::Chains;

/// The first XY-wing (or, with `xyz`, XYZ-wing) that removes a candidate,
/// in Sudoku Explainer's order: pivots in reading order, then the first
/// pincer, then the second, each among the pivot's peers in reading order.
///
/// Pivots and pincers are taken from cell sets rather than by testing
/// every cell: a pincer pair's digits are fixed by the pivot's (see
/// [`first_pincers`] and [`second_pincers`]), so only the cells that can
/// pass the tests below are tried, in the same order.
///
/// A wing's removals depend on its three cells' candidates, and only
/// shrink as other cells lose theirs: when it is known that no wing gave
/// a step before the cells of `changed` changed (candidates only ever
/// going), only wings with a changed cell are tried (pass every cell
/// otherwise).
pub fn xy_wing(grid: &Grid, xyz: bool, changed: Cells) -> Option<Step> {
    // `least[k]`: the cells with more than `k` candidates.
    let least = grid.cells_with_more_than::<4>();
    let bivalue = least[1] & !least[2];
    let pivots = if xyz { least[2] & !least[3] } else { bivalue };
    for pivot in cells_of(pivots) {
        let xy = grid.candidates(pivot);
        let pincers = PEERS[pivot] & bivalue;
        let pivot_changed = changed >> pivot & 1 != 0;
        if !pivot_changed && pincers & changed == 0 {
            continue;
        }
        for xz_cell in cells_of(pincers & first_pincers(grid, xy, xyz)) {
            let xz = grid.candidates(xz_cell);
            if count(xy & !xz) != 1 {
                continue;
            }
            let mut seconds = pincers & second_pincers(grid, xy, xz, xyz);
            if !pivot_changed && changed >> xz_cell & 1 == 0 {
                seconds &= changed;
            }
            for yz_cell in cells_of(seconds) {
                if let Some(step) = wing_step(grid, xyz, pivot, [xz_cell, yz_cell]) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The step of the XY-wing (or XYZ-wing) of `pivot` and pincers
/// `xz_cell` and `yz_cell`, if they make one that removes a candidate.
fn wing_step(grid: &Grid, xyz: bool, pivot: usize, [xz_cell, yz_cell]: [usize; 2]) -> Option<Step> {
    let (xy, xz, yz) = (
        grid.candidates(pivot),
        grid.candidates(xz_cell),
        grid.candidates(yz_cell),
    );
    let common = xy & xz & yz;
    if count(xy | xz | yz) != 3 || count(common) != u32::from(xyz) {
        return None;
    }
    let z = xz & yz;
    let digit = z.trailing_zeros() as u8 + 1;
    let mut victims = PEERS[xz_cell] & PEERS[yz_cell] & !(1u128 << pivot);
    if xyz {
        victims &= PEERS[pivot];
    }
    let removed = victims & grid.digit_cells(digit);
    if removed == 0 {
        return None;
    }
    Some(Step {
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
    })
}

/// The cells holding two digits of `digits` or more.
fn holding_two(grid: &Grid, digits: Digits) -> Cells {
    let (mut once, mut twice): (Cells, Cells) = (0, 0);
    for d in bits(digits) {
        let cells = grid.digit_cells(d as u8 + 1);
        twice |= once & cells;
        once |= cells;
    }
    twice
}

/// The cells holding some digit of `digits`.
fn holding_any(grid: &Grid, digits: Digits) -> Cells {
    bits(digits).fold(0, |set, d| set | grid.digit_cells(d as u8 + 1))
}

/// Among bivalue cells, those that can be the first pincer of a pivot
/// holding `xy`: leaving out exactly one of the pivot's digits, it holds
/// exactly one of an XY-wing pivot's two digits, or two of an XYZ-wing
/// pivot's three.
fn first_pincers(grid: &Grid, xy: Digits, xyz: bool) -> Cells {
    let two = holding_two(grid, xy);
    if xyz {
        two
    } else {
        holding_any(grid, xy) & !two
    }
}

/// Among bivalue cells, those that can be the second pincer with a
/// pivot holding `xy` and a first pincer holding `xz`: with `y` the
/// pivot's digit the first lacks, an XY-wing's second holds `y` and the
/// first's other digit `z` (the digits of neither two), an XYZ-wing's
/// holds `y` and a digit of the first (it lies within the pivot's and
/// shares one digit with the first).
fn second_pincers(grid: &Grid, xy: Digits, xz: Digits, xyz: bool) -> Cells {
    let y = (xy & !xz).trailing_zeros() as u8 + 1;
    let others = if xyz { xz } else { xz & !xy };
    grid.digit_cells(y) & holding_any(grid, others)
}

/// A WXYZ-wing (`cells` 3) or VWXYZ-wing (`cells` 4) candidate and its
/// rank in Sudoku Explainer's sort.
struct AlsWing {
    step: Step,
    /// Difficulty, then more removals first, then the larger code (doubly
    /// linked, largest cell, total size; compared as text).
    rank: (u16, std::cmp::Reverse<u32>, std::cmp::Reverse<[u8; 4]>),
}

/// A hint's place in Sudoku Explainer's collecting order, which keeps the
/// first of equally ranked hints: its wing cells in increasing order, then
/// its bivalue cell.
type Order = ([u8; 4], u8);

/// The WXYZ-wing (`als_cells` 3) or VWXYZ-wing (`als_cells` 4) step Sudoku
/// Explainer takes: a set of `als_cells` mutually seeing cells holding
/// `als_cells + 1` digits and a bivalue cell whose digits are among them.
/// Every such hint is collected (cells chosen in increasing reading order,
/// the bivalue cell among the peers of any of them in reading order), then
/// the easiest is taken, most removals first, then the larger code, then
/// the first collected.
///
/// Mutually seeing cells share a house (three that do lie in one house,
/// and so do four, each three of them sharing one), so the wings are
/// searched house by house, each set of cells once: three cells where a
/// box meets a row or column are tried in the box only. The search meets
/// the hints in another order than the collecting one, so their place in
/// that order breaks ties instead.
///
/// A wing whose cells and bivalue cell kept their candidates removes no
/// more now than before: when it is known that no wing gave a step before
/// the cells of `changed` changed, only wings touching them are tried
/// (pass every cell otherwise): wings with a changed cell, with every
/// bivalue cell, and wings without one, with each changed bivalue cell
/// (see [`unchanged_wings`]).
pub fn als_wing(grid: &Grid, als_cells: usize, changed: Cells) -> Option<Step> {
    let digits = als_cells as u32 + 1;
    let changed = changed & ALL_CELLS;
    let every = changed == ALL_CELLS;
    // Each house's positions of wing cells (two candidates or more, and no
    // more than the wing's digits) and of changed cells.
    let mut eligible = [0u16; 27];
    let mut changed_places = [if every { 0x1ff } else { 0 }; 27];
    let (mut ends, mut changed_ends) = (Ends::default(), Ends::default());
    // `least[k]`: the cells with more than `k` candidates (`digits` < 6).
    let least = grid.cells_with_more_than::<6>();
    let bivalue = least[1] & !least[2];
    for cell in cells_of(least[1] & !least[digits as usize]) {
        for (house, bit) in HOUSE_SLOTS[cell] {
            eligible[usize::from(house)] |= bit;
        }
    }
    for cell in cells_of(bivalue) {
        ends.push(cell, grid.candidates(cell));
    }
    if !every {
        for cell in cells_of(changed) {
            for (house, bit) in HOUSE_SLOTS[cell] {
                changed_places[usize::from(house)] |= bit;
            }
        }
        for cell in cells_of(changed & bivalue) {
            changed_ends.push(cell, grid.candidates(cell));
        }
    }
    let mut search = WingSearch {
        grid,
        als_cells,
        digits,
        house: 0,
        candidates: [0; 9],
        seed: 0,
        ends: &ends,
        end: None,
        best: None,
    };
    for (house, &places) in eligible.iter().enumerate() {
        if count(places) < als_cells as u32 {
            continue;
        }
        search.house = house;
        for (candidates, &cell) in search.candidates.iter_mut().zip(&HOUSE_CELLS[house]) {
            *candidates = grid.candidates(usize::from(cell));
        }
        // Wings with a changed cell (every wing when every cell changed),
        // with any bivalue cell.
        let changed_here = changed_places[house];
        if places & changed_here != 0 {
            search.wings(places, changed_here, None);
        }
        // Wings without one, with a changed bivalue cell.
        for &end in changed_ends.all() {
            unchanged_wings(&mut search, places & !changed_here, end);
        }
    }
    search.best.map(|(found, _)| found.step)
}

const fn build_house_slots() -> [[(u8, u16); 3]; 81] {
    let mut table = [[(0u8, 0u16); 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (houses, places) = (houses_of(cell), positions_of(cell));
        let mut k = 0;
        while k < 3 {
            table[cell][k] = (houses[k] as u8, 1 << places[k]);
            k += 1;
        }
        cell += 1;
    }
    table
}

/// Each cell's houses, with its position in each as a bit.
const HOUSE_SLOTS: [[(u8, u16); 3]; 81] = build_house_slots();

/// Searches the wings at positions of `places` (the house's unchanged
/// ones) with the bivalue cell `end`. In a hint one of its digits is
/// restricted: every wing cell holding it sees `end`, and some does (the
/// wing holds both digits). So for each of its digits, the wings holding
/// it only where `end` sees, and somewhere there (a wing with both digits
/// restricted is tried twice, giving the same hint).
fn unchanged_wings(search: &mut WingSearch, places: u16, end: End) {
    let seen = SEEN_PLACES[usize::from(end.cell)][search.house];
    if places & seen == 0 {
        return;
    }
    for d in bits(end.pair) {
        let holding = search.grid.places(search.house, d as u8 + 1) & places;
        if holding & seen != 0 {
            search.wings(places & !(holding & !seen), holding & seen, Some(end));
        }
    }
}

const fn build_seen_places() -> [[u16; 27]; 81] {
    let mut table = [[0u16; 27]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut house = 0;
        while house < 27 {
            let mut p = 0;
            while p < 9 {
                if PEERS[cell] >> HOUSE_CELLS[house][p] & 1 != 0 {
                    table[cell][house] |= 1 << p;
                }
                p += 1;
            }
            house += 1;
        }
        cell += 1;
    }
    table
}

/// The positions of each house whose cells a cell sees.
const SEEN_PLACES: [[u16; 27]; 81] = build_seen_places();

/// A bivalue cell, a wing's possible end.
#[derive(Clone, Copy, Default)]
struct End {
    cell: u8,
    pair: Digits,
}

/// The bivalue cells of a position in reading order.
struct Ends {
    list: [End; 81],
    len: usize,
}

impl Default for Ends {
    fn default() -> Ends {
        Ends {
            list: [End::default(); 81],
            len: 0,
        }
    }
}

impl Ends {
    fn push(&mut self, cell: usize, pair: Digits) {
        self.list[self.len] = End {
            cell: cell as u8,
            pair,
        };
        self.len += 1;
    }

    fn all(&self) -> &[End] {
        &self.list[..self.len]
    }
}

/// The search for wings in one house at a time, keeping the best hint.
struct WingSearch<'a> {
    grid: &'a Grid,
    als_cells: usize,
    digits: u32,
    house: usize,
    /// The candidates of the house's cells, by position.
    candidates: [Digits; 9],
    /// The digits a wing needs.
    seed: Digits,
    ends: &'a Ends,
    /// The one bivalue cell to try, or `None` for every one.
    end: Option<End>,
    best: Option<(AlsWing, Order)>,
}

impl WingSearch<'_> {
    /// Tries the wings of the house at positions of `places` holding one of
    /// `required`, with the bivalue cell `end` (whose digits the wing
    /// needs) or any. Each wing is grown from its first required position,
    /// whose candidates then narrow the rest from the start.
    fn wings(&mut self, places: u16, required: u16, end: Option<End>) {
        self.end = end;
        self.seed = end.map_or(0, |end| end.pair);
        for first in bits(places & required) {
            let union = self.candidates[first];
            if count(union | self.seed) > self.digits {
                continue;
            }
            // Not the required positions before `first`, nor itself.
            let others = places & !(required & ((2 << first) - 1));
            self.extend(1, others, 1 << first, union);
        }
    }

    /// Adds wing cells at the positions of `from` (each after the last
    /// added), keeping the digits' union, with the needed ones, small
    /// enough.
    fn extend(&mut self, depth: usize, from: u16, chosen: u16, union: Digits) {
        if count(from) < (self.als_cells - depth) as u32 {
            return;
        }
        for p in bits(from) {
            let joined = union | self.candidates[p];
            if count(joined | self.seed) > self.digits {
                continue;
            }
            let chosen = chosen | 1 << p;
            if depth + 1 < self.als_cells {
                // The positions after `p`.
                let later = from & !((2 << p) - 1);
                self.extend(depth + 1, later, chosen, joined);
            } else if count(joined) == self.digits {
                self.wing(chosen, joined);
            }
        }
    }

    /// Tries the bivalue cells with a wing at the positions `chosen`
    /// holding the digits `union`.
    fn wing(&mut self, chosen: u16, union: Digits) {
        let house = self.house;
        // Three cells of a box's row or column, in a row or a column, are
        // tried in their box (octal 7: three positions in one box).
        if house >= 9
            && [0o7, 0o70, 0o700]
                .iter()
                .any(|&box_part| chosen & !box_part == 0)
        {
            return;
        }
        let ends = self.ends;
        match self.end {
            Some(end) => self.try_end(chosen, union, end),
            None => {
                for &end in ends.all() {
                    self.try_end(chosen, union, end);
                }
            }
        }
    }

    /// Offers the hint of the wing at `chosen` with the bivalue cell `end`,
    /// if any (inlined: most bivalue cells fail the first tests).
    #[inline(always)]
    fn try_end(&mut self, chosen: u16, union: Digits, end: End) {
        let pair = end.pair;
        if pair & !union != 0 {
            return;
        }
        let x = pair.trailing_zeros() as u8 + 1;
        let z = (pair & (pair - 1)).trailing_zeros() as u8 + 1;
        // A digit is restricted when every wing cell holding it sees `end`
        // (so `end`, holding both, is no wing cell when one is).
        let unseen = chosen & !SEEN_PLACES[usize::from(end.cell)][self.house];
        let restricted = |d: u8| self.grid.places(self.house, d) & unseen == 0;
        let (x_restricted, doubly) = (restricted(x), restricted(z));
        if x_restricted || doubly {
            let yz = usize::from(end.cell);
            self.offer(chosen, union, yz, (x, z), (x_restricted, doubly));
        }
    }

    /// Offers the hint of the wing at `chosen` with the bivalue cell `yz`
    /// holding `x` and `z`, one of them restricted.
    #[inline(never)]
    fn offer(
        &mut self,
        chosen: u16,
        union: Digits,
        yz: usize,
        (x, z): (u8, u8),
        (x_restricted, doubly): (bool, bool),
    ) {
        let (restricted, other) = if x_restricted { (x, z) } else { (z, x) };
        if !self.removes_any(
            chosen,
            union,
            yz,
            (restricted, other),
            x_restricted && doubly,
        ) {
            return;
        }
        let mut cells = [0u8; 4];
        let mut wing = [0usize; 4];
        for ((slot, cell), p) in wing.iter_mut().zip(&mut cells).zip(bits(chosen)) {
            *cell = HOUSE_CELLS[self.house][p];
            *slot = usize::from(*cell);
        }
        let wing = &wing[..self.als_cells];
        let hint = if x_restricted {
            wing_hint(self.grid, wing, yz, union, x, z, doubly)
        } else {
            wing_hint(self.grid, wing, yz, union, z, x, false)
        };
        let Some(hint) = hint else {
            return;
        };
        let order = (cells, yz as u8);
        if self
            .best
            .as_ref()
            .is_none_or(|(best, at)| (&hint.rank, order) < (&best.rank, *at))
        {
            self.best = Some((hint, order));
        }
    }

    /// Whether [`wing_hint`] would remove a candidate, found cheaply from
    /// positions: most wings with a restricted digit remove nothing.
    fn removes_any(
        &self,
        chosen: u16,
        union: Digits,
        yz: usize,
        (restricted, other): (u8, u8),
        doubly: bool,
    ) -> bool {
        let cells = &HOUSE_CELLS[self.house];
        let all = bits(chosen).fold(1 << yz, |all: Cells, p| all | 1 << cells[p]);
        // The cells seeing every wing cell holding `digit`.
        let seeing = |digit: u8| {
            bits(self.grid.places(self.house, digit) & chosen)
                .fold(ALL_CELLS, |seen, p| seen & PEERS[usize::from(cells[p])])
        };
        let hits = |victims: Cells, digit: u8| victims & !all & self.grid.digit_cells(digit) != 0;
        if hits(PEERS[yz] & seeing(other), other) {
            return true;
        }
        doubly
            && (hits(PEERS[yz] & seeing(restricted), restricted)
                || bits(union & !self.grid.candidates(yz)).any(|w| {
                    let w = w as u8 + 1;
                    hits(seeing(w), w)
                }))
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
    use crate::logic::grid::ALL_DIGITS;

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

    /// `xy_wing` as it was: every cell tried as the pivot, every bivalue
    /// peer as each pincer.
    fn plain_xy_wing(grid: &Grid, xyz: bool) -> Option<Step> {
        let pivot_size = if xyz { 3 } else { 2 };
        let bivalue = (0..81)
            .filter(|&c| count(grid.candidates(c)) == 2)
            .fold(0 as Cells, |set, c| set | 1 << c);
        for pivot in 0..81 {
            if count(grid.candidates(pivot)) != pivot_size {
                continue;
            }
            let pincers = PEERS[pivot] & bivalue;
            for xz_cell in cells_of(pincers) {
                for yz_cell in cells_of(pincers) {
                    if let Some(step) = wing_step(grid, xyz, pivot, [xz_cell, yz_cell]) {
                        return Some(step);
                    }
                }
            }
        }
        None
    }

    /// Pivots and pincers taken from cell sets give the plain search's
    /// XY- and XYZ-wing at every position met explaining bank puzzles and
    /// at positions with candidates taken out at random (where wings
    /// abound).
    #[test]
    fn pincer_sets_give_the_plain_searchs_wing() {
        let (mut positions, mut steps) = (0, 0);
        super::super::testing::for_bank_positions(8, (6, 40), |grid, _| {
            for xyz in [false, true] {
                let plain = plain_xy_wing(grid, xyz);
                assert_eq!(xy_wing(grid, xyz, ALL_CELLS), plain, "{grid:?}");
                steps += usize::from(plain.is_some());
            }
            positions += 1;
        });
        assert!(
            positions > 1000 && steps > 300,
            "{positions} positions, {steps} steps"
        );
    }

    /// Trying only wings with a cell changed since the search last found
    /// nothing gives the full search's XY- and XYZ-wing, along the
    /// solving paths of bank puzzles and on positions with more and more
    /// candidates taken out at random (where wings abound).
    #[test]
    fn changed_wings_give_the_full_searchs_wing() {
        let mut stale = [ALL_CELLS; 2];
        let mut previous: Option<Grid> = None;
        let (mut narrowed, mut steps) = (0, 0);
        super::super::testing::for_bank_positions(6, (10, 12), |grid, _| {
            stale = match super::super::testing::changed_since(previous.as_ref(), grid) {
                Some(changed) => stale.map(|cells| cells | changed),
                None => [ALL_CELLS; 2],
            };
            for (xyz, stale) in [false, true].into_iter().zip(&mut stale) {
                let full = xy_wing(grid, xyz, ALL_CELLS);
                assert_eq!(xy_wing(grid, xyz, *stale), full, "{grid:?}");
                narrowed += usize::from(*stale != ALL_CELLS);
                steps += usize::from(full.is_some());
                *stale = if full.is_some() { ALL_CELLS } else { 0 };
            }
            previous = Some(grid.clone());
        });
        assert!(
            narrowed > 10_000 && steps > 1000,
            "{narrowed} narrowed, {steps} steps"
        );
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

    /// `als_wing` as it was: wings grown cell by cell among the common
    /// peers of the cells chosen, hints kept in the order found.
    fn plain_als_wing(grid: &Grid, als_cells: usize, changed: Cells) -> Option<Step> {
        let digits = als_cells as u32 + 1;
        let changed = changed & ALL_CELLS;
        let mut best: Option<AlsWing> = None;
        // Wing cells hold two candidates or more, and no more than the wing's
        // digits.
        let eligible = (0..81)
            .filter(|&c| (2..=digits).contains(&count(grid.candidates(c))))
            .fold(0 as Cells, |set, c| set | 1 << c);
        let mut search = PlainSearch {
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
    struct PlainSearch<'a> {
        grid: &'a Grid,
        als_cells: usize,
        /// Cells changed since the last search found nothing.
        changed: Cells,
        /// The changed cells and their peers.
        near: Cells,
        chosen: [usize; 4],
    }

    impl PlainSearch<'_> {
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
                    plain_ends(
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
    fn plain_ends(
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

    /// The house-by-house search gives the plain search's step for WXYZ-
    /// and VWXYZ-wings at every position along the solving paths of bank
    /// puzzles, with every cell changed, with the cells the last step
    /// changed, and with scattered cells.
    #[test]
    fn house_search_gives_the_plain_searchs_step() {
        let puzzles = [
            "...3.1...27....6..4..27...3..2....5...61.73...8....9..8...62..7..7....68...7.5...",
            "5..9..2...6.8...57..1.....8..8.2...6..94.85..1...6.8..7.....6..29...6.8...6..7..1",
            ".965.74.....94...15....1..94.5....92.6.....8.81....3.66..7....37...34.....48.621.",
            "9..468..2..........16...58..2..1..9.....5....4.8.2.1.7..........6.2.9.5.84.....26",
            ".5..4..7.48.7...52..2..14....7....8.8.......7.6....2....68..5..91...3.68.7..1..4.",
            ".9.2.......1..43.5..319......6..8..7.3.....6.8..7..9......318..6.85..4.......7.2.",
            "8.......3.9.....2..2.471.8.2...3...7..9.1.4.....8.2...9.......4.7.1.8.5..15.9.27.",
            "4..8..7.1.3675..9.9..2...5.......315.6.....7.513.......2...6..7.4..9263.6.5..3..9",
            "7459...3..8....9.4.9..3....57.......2.85731.9.......52....8..2.4.7....1..3...6495",
            ".....49....95....67..92..51.4......896.....278......4.27..35..46....18....86.....",
            "........2.9.7..68..6.283.7....8...1..8196423..2...5....4.396.5..19..8.6.6........",
            "47.6....5.32.4......52.7...5.4....72.........72....6.3...5.13......7.95.9....4.81",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u128;
        let (mut positions, mut steps) = (0, 0);
        for puzzle in puzzles {
            let mut grid = Grid::new(&puzzle.parse().unwrap());
            let mut before = grid.clone();
            while let Some(step) = crate::logic::ladder::next_step(&grid) {
                state = state.wrapping_mul(0x2545_f491_4f6c_dd1d).wrapping_add(1);
                let last = (0..81)
                    .filter(|&c| grid.candidates(c) != before.candidates(c))
                    .fold(0 as Cells, |set, c| set | 1 << c);
                for changed in [ALL_CELLS, last, state & state >> 40 & ALL_CELLS] {
                    for als_cells in [3, 4] {
                        let plain = plain_als_wing(&grid, als_cells, changed);
                        assert_eq!(als_wing(&grid, als_cells, changed), plain, "{grid:?}");
                        steps += usize::from(plain.is_some());
                    }
                }
                positions += 1;
                before = grid.clone();
                step.apply(&mut grid);
            }
        }
        assert!(
            positions > 500 && steps > 100,
            "{positions} positions, {steps} steps"
        );
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
