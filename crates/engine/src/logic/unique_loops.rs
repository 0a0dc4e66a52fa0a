//! Unique rectangles and unique loops, types 1 to 4: a loop of cells that
//! would hold the same two digits in two ways (a "deadly pattern") unless
//! some extra candidate is true, which a proper puzzle guarantees.
//!
//! Sudoku Explainer collects every such hint, then sorts them by
//! difficulty (as a `double`, so `4.6 + 0.1` sorts just before `4.7`),
//! then by type, keeping scan order among equals; the first is applied.
//!
//! Type 3 as SE v1.15.10 runs it by default (`solver/rules/unique/
//! UniqueLoops.java`, `createType3Hints`; the switch is `Settings.java`'s
//! `islkSudokuURUL`, "fix to UR and UL algorithm by lkSudoku", `true` by
//! default, turned off by `serate --islkSudokuURUL=0`):
//! - the two extra cells `c1`, `c2` (the loop's cells with more than its
//!   two digits) must share a house; their extra digits (both cells'
//!   candidates but the loop's two) are `extra`;
//! - the degree runs from 2 to 7 (without the fix: from `|extra|`); for
//!   each degree the houses `c1` and `c2` share are tried in region-type
//!   order, box, row, column;
//! - in each, first naked sets, when `2 x degree <= empty cells of the
//!   house` and `degree >= |extra|` (the guard the fix adds): `degree`
//!   cells of the house holding `c1` and not `c2`, `c1` standing for the
//!   extra digits, whose digits (with the extras common to `c1` and `c2`)
//!   number `degree`; then hidden sets, when `2 x degree < empty cells`:
//!   `degree - 2` digits chosen among those neither in the loop nor in
//!   `extra`, with the loop's two digits, whose places in the house
//!   (`c2`'s left out) number `degree`. So with three extra digits the
//!   fix lets a hidden pair of the loop's digits (degree 2) through, which
//!   the old loop never reached;
//! - the same fix makes `checkForLoops` keep the extra digits per branch
//!   (each next cell adds its own to the path's), not accumulate them over
//!   the siblings tried from one cell; see [`LoopSearch::extend`].
//!
//! Where this was read: the versions of `UniqueLoops.java` at hand are
//! the ones before the fix (degree from `|extra|`, no guard); the fixed
//! branch is as two independent public ports of it (TypeScript and C++)
//! both give it, and `Settings.java` of v1.12.5 (2019-11-30) already has
//! `islkSudokuURUL = true`. The v1.15.10 file itself was not at hand.

use super::grid::{
    bits, cells_of, houses_at, houses_of, Cells, Digits, Grid, ALL_CELLS, CELL_HOUSE_MASKS,
    CELL_HOUSE_SETS, HOUSE_CELLS, HOUSE_MASKS, PEERS,
};
use super::step::{Difficulty, LoopDetail, Pattern, Step, Technique};
use super::subsets::{sorted, tuples};
use crate::logic::grid::count;
use crate::logic::proof::Chains;

/// The loop producer: the easiest unique loop hint, in Sudoku Explainer's
/// sorted order.
///
/// Which loops there are on the cells holding both of a pair of digits
/// depends only on those cells' candidates, and a loop's hints on its
/// cells' candidates and on the other cells of a house shared by its two
/// cells with extra digits (type 3's sets, type 4's places; type 2's
/// removals only shrink as candidates go). So when it is known that no
/// loop gave a hint before the cells of `changed` changed (candidates
/// only ever going), only the pairs of digits with a changed holder, or
/// a changed cell in a house holding two holders with extra digits, are
/// searched (pass every cell otherwise): the others give no hint, so the
/// hints found, and their order, are the same.
pub fn unique_loop(grid: &Grid, changed: Cells) -> Option<Step> {
    let mut hints = loop_hints(grid, changed);
    // A stable sort: hints of equal difficulty and type keep scan order.
    hints.sort_by(|a, b| {
        a.difficulty
            .partial_cmp(&b.difficulty)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.kind.cmp(&b.kind))
    });
    hints.into_iter().next().map(|hint| hint.step)
}

/// Every hint of the valid loops in scan order (start cells in reading
/// order, each start's loops in search order), leaving out a hint equal to
/// an earlier one.
///
/// Each loop is searched from its first bivalue cell only: the search
/// from a later start leaves out the earlier starts of its pair (the only
/// bivalue cells holding both digits). That drops no hint. A valid loop visits no house twice at one parity, so no cell
/// of it shares one house with both its neighbours and no two of its
/// steps in a row use one house kind: the search from any of its bivalue
/// cells, either way round, accepts the same steps (the extra digits
/// allowed depend on the set of extra cells, not their order) and finds
/// it, first from its first bivalue cell. Its hints depend on its cells,
/// not their order (type 3 treats its two extra cells alike), so found
/// again later it would give only hints equal to those it gave first,
/// which are left out.
fn loop_hints(grid: &Grid, changed: Cells) -> Vec<LoopHint> {
    let changed = changed & ALL_CELLS;
    let every = changed == ALL_CELLS;
    let changed_houses = if every {
        0
    } else {
        cells_of(changed).fold(0, |houses, cell| houses | CELL_HOUSE_SETS[cell])
    };
    let wide = if every { 0 } else { wide_cells(grid) };
    let mut search = LoopSearch {
        grid,
        pair: 0,
        holders: 0,
        path: [0; 81],
        len: 0,
        found: Vec::new(),
        hints: Vec::new(),
    };
    // Per pair of digits (by `9 * low + high`), the cells holding both
    // that may lie on a loop through no earlier start.
    let mut pair_holders = [0 as Cells; 81];
    let mut known: Cells = 0;
    for cell in 0..81 {
        let pair = grid.candidates(cell);
        if count(pair) != 2 {
            continue;
        }
        let low = pair.trailing_zeros() as usize;
        let high = (pair & (pair - 1)).trailing_zeros() as usize;
        let index = 9 * low + high;
        if known >> index & 1 == 0 {
            let both = grid.digit_cells(low as u8 + 1) & grid.digit_cells(high as u8 + 1);
            let holders = loop_cells(both, both);
            // Unchanged where its loops' hints look, the pair gives none
            // (see `unique_loop`): none of its cells is searched.
            let near = every
                || holders & changed != 0
                || houses_holding_two(holders & wide) & changed_houses != 0;
            pair_holders[index] = if near { holders } else { 0 };
            known |= 1 << index;
        }
        let holders = pair_holders[index];
        if holders >> cell & 1 == 0 {
            continue;
        }
        (search.pair, search.holders) = (pair, holders);
        search.found.clear();
        search.extend(cell, 0, 2, 0, 3, Parities::start(cell));
        // Later starts leave this one out, and the cells that only lay
        // on loops through it.
        pair_holders[index] = loop_cells(holders & !(1 << cell), PEERS[cell] & holders);
    }
    search.hints
}

/// The houses (a 27-bit set) holding two cells of `cells` or more.
fn houses_holding_two(cells: Cells) -> u32 {
    let (mut once, mut twice) = (0u32, 0u32);
    for cell in cells_of(cells) {
        twice |= once & CELL_HOUSE_SETS[cell];
        once |= CELL_HOUSE_SETS[cell];
    }
    twice
}

/// The cells with three candidates or more.
fn wide_cells(grid: &Grid) -> Cells {
    grid.cells_with_more_than::<3>()[2]
}

/// The cells of `holders` that can lie on a valid loop of them: those
/// sharing each of their houses with another that can (a valid loop visits
/// each house of its cells twice), found by dropping the rest until none
/// is left to drop; only the cells of `check` and the housemates of
/// dropped cells may need dropping. Cells off every valid loop only lead
/// the search into dead ends or invalid loops, so leaving them out changes
/// no valid loop found, nor their order.
fn loop_cells(mut holders: Cells, mut check: Cells) -> Cells {
    while check != 0 {
        let cell = check.trailing_zeros() as usize;
        check &= check - 1; // clear the lowest set bit
        let others = holders & !(1 << cell);
        let alone = CELL_HOUSE_MASKS[cell]
            .iter()
            .any(|&house| house & others == 0);
        if holders >> cell & 1 != 0 && alone {
            holders = others;
            check |= PEERS[cell] & holders;
        }
    }
    holders
}

/// The depth-first search for loops through cells holding both digits of
/// `pair`, as Sudoku Explainer walks them.
struct LoopSearch<'a> {
    grid: &'a Grid,
    pair: Digits,
    /// The cells holding both digits that may lie on a loop.
    holders: Cells,
    /// The path, its first `len` cells.
    path: [u8; 81],
    len: usize,
    /// The cells of each valid loop found from the start.
    found: Vec<Cells>,
    /// The hints of the loops found, in order.
    hints: Vec<LoopHint>,
}

/// What the path's cells at even and at odd indexes cover: a valid loop
/// holds, in each house it visits, one cell at an even index and one at
/// an odd index.
#[derive(Clone, Copy)]
struct Parities {
    /// The houses of the cells at each parity (27-bit sets).
    visited: [u32; 2],
    /// The cells sharing a house with a cell at each parity (those cells
    /// included): a later cell of that parity cannot be one of them.
    blocked: [Cells; 2],
}

impl Parities {
    /// The path's first cell, at an even index.
    fn start(cell: usize) -> Parities {
        Parities {
            visited: [CELL_HOUSE_SETS[cell], 0],
            blocked: [PEERS[cell] | 1 << cell, 0],
        }
    }

    /// With `cell` added at `parity`.
    fn with(mut self, cell: usize, parity: usize) -> Parities {
        self.visited[parity] |= CELL_HOUSE_SETS[cell];
        self.blocked[parity] |= PEERS[cell] | 1 << cell;
        self
    }

    /// Whether the path's cells visit the same houses at both parities,
    /// as a closed valid loop does.
    fn balanced(&self) -> bool {
        self.visited[0] == self.visited[1]
    }

    /// Whether each house visited at one parity only still holds a cell
    /// of `free` that the other parity may take: a valid loop through the
    /// path visits the house again at the other parity, and closing the
    /// loop adds no cell.
    fn closable(&self, free: Cells) -> bool {
        for parity in 0..2 {
            let usable = free & !self.blocked[1 - parity];
            let mut open = self.visited[parity] & !self.visited[1 - parity];
            while open != 0 {
                let house = open.trailing_zeros() as usize;
                if HOUSE_MASKS[house] & usable == 0 {
                    return false;
                }
                open &= open - 1; // clear the lowest set bit
            }
        }
        true
    }
}

impl LoopSearch<'_> {
    /// Adds `cell` to the path and follows every house of it but the kind
    /// `last` just used (3: none). `extra` holds the extra digits of the cells on the path; a
    /// cell with extra digits may join while `allowed > 0`, or when the
    /// path's extra digits (its own included) are one digit.
    ///
    /// Sudoku Explainer's source before the `islkSudokuURUL` fix also
    /// counts the extra digits of cells looked at earlier from the same
    /// cell (siblings); with the fix, on by default in v1.15.10, only the
    /// path counts, as here (the bank's ratings agree: two 4.6 and 4.7
    /// puzzles need loops that sibling counting would miss).
    ///
    /// Only valid loops are kept, so a cell that would make every loop
    /// through the path invalid is not followed (`marks`, `cell`'s
    /// included, tells which): one sharing a house with an earlier cell of
    /// its parity, or one after which a house visited at one parity has no
    /// cell left for the other. The cells followed keep their order.
    fn extend(
        &mut self,
        cell: usize,
        in_path: Cells,
        allowed: i32,
        extra: Digits,
        last: usize,
        marks: Parities,
    ) {
        self.path[self.len] = cell as u8;
        self.len += 1;
        let in_path = in_path | 1 << cell;
        let start = usize::from(self.path[0]);
        // The parity of the next cell's index.
        let parity = self.len % 2;
        let open = self.holders & !in_path & !marks.blocked[parity];
        for (kind, house) in houses_at(cell).into_iter().enumerate() {
            if kind == last {
                continue;
            }
            // A house's cells in increasing order are its cells in order.
            let reachable = HOUSE_MASKS[house] & (open | 1 << start);
            for next in cells_of(reachable) {
                if next == start {
                    if self.len >= 4 && marks.balanced() {
                        self.close();
                    }
                    continue;
                }
                let candidates = self.grid.candidates(next);
                let extra = extra | candidates & !self.pair;
                let size = count(candidates);
                if size == 2 || count(extra) == 1 || allowed > 0 {
                    let allowed = allowed - i32::from(size > 2);
                    let marks = marks.with(next, parity);
                    if marks.closable(self.holders & !in_path & !(1 << next)) {
                        self.extend(next, in_path, allowed, extra, kind, marks);
                    }
                }
            }
        }
        self.len -= 1;
    }

    /// Takes the hints of the path, a valid loop. Found again from the same
    /// start (the other way round, or through other houses), the same
    /// cells give only hints equal to those they gave, so they are skipped.
    fn close(&mut self) {
        let path = &self.path[..self.len];
        let cells = path.iter().fold(0 as Cells, |all, &c| all | 1 << c);
        if self.found.contains(&cells) {
            return;
        }
        self.found.push(cells);
        hints_of_loop(self.grid, path, self.pair, &mut self.hints);
    }
}

/// A hint as Sudoku Explainer's list holds it, with what its `equals`
/// compares (class, the loop's cells, and for type 3 the set).
struct LoopHint {
    difficulty: f64,
    kind: u8,
    class: Class,
    cells: Cells,
    set: (u8, Digits, u16),
    step: Step,
}

/// Hint classes: two hints of different classes never count as the same.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Type1,
    Type2,
    Type3Naked,
    Type3Hidden,
    Type4,
}

/// The base difficulty of a loop of `len` cells, as Sudoku Explainer sums
/// it in floating point.
fn base_difficulty(len: usize) -> f64 {
    let mut result = 4.5;
    if len >= 10 {
        result += 0.3;
    }
    if len >= 8 {
        result += 0.2;
    } else if len >= 6 {
        result += 0.1;
    }
    result
}

/// Tenths as `serate` prints a difficulty: add 0.05, keep one decimal.
fn tenths(difficulty: f64) -> Difficulty {
    Difficulty(((difficulty + 0.05) * 10.0).floor() as u16)
}

/// The hints one valid loop gives, appended to `hints` unless an equal
/// hint is there already.
fn hints_of_loop(grid: &Grid, cells: &[u8], pair: Digits, hints: &mut Vec<LoopHint>) {
    let extra_cells: Vec<u8> = cells
        .iter()
        .copied()
        .filter(|&c| count(grid.candidates(usize::from(c))) > 2)
        .collect();
    let base = base_difficulty(cells.len());
    let mut add = |hint: LoopHint| {
        let same = hints.iter().any(|h| {
            h.class == hint.class
                && h.cells == hint.cells
                && (!matches!(hint.class, Class::Type3Naked | Class::Type3Hidden)
                    || h.set == hint.set)
        });
        if !same && !hint.step.eliminated.is_empty() {
            hints.push(hint);
        }
    };
    let new = |class: Class, kind: u8, difficulty: f64, detail: LoopDetail, eliminated| {
        let technique = technique(cells.len(), kind);
        LoopHint {
            difficulty,
            kind,
            class,
            cells: cells.iter().fold(0, |all, &c| all | 1u128 << c),
            set: (0, 0, 0),
            step: Step {
                technique,
                difficulty: tenths(difficulty),
                pattern: Pattern::UniqueLoop {
                    cells: cells.to_vec(),
                    digits: pair,
                    detail,
                },
                placed: None,
                eliminated,
                chains: Chains::NONE,
            },
        }
    };
    match extra_cells.len() {
        0 => {}
        1 => {
            let cell = extra_cells[0];
            let eliminated = bits(pair).map(|d| (cell, d as u8 + 1)).collect();
            add(new(Class::Type1, 1, base, LoopDetail::None, eliminated));
        }
        2 => {
            let (c1, c2) = (usize::from(extra_cells[0]), usize::from(extra_cells[1]));
            let extra = (grid.candidates(c1) | grid.candidates(c2)) & !pair;
            if count(extra) == 1 {
                let (digit, eliminated) = type2(grid, &extra_cells, pair);
                add(new(
                    Class::Type2,
                    2,
                    base,
                    LoopDetail::Extra { digit },
                    eliminated,
                ));
            } else if count(extra) >= 2 {
                for found in type3(grid, c1, c2, pair, extra) {
                    let mut hint = new(
                        if found.hidden {
                            Class::Type3Hidden
                        } else {
                            Class::Type3Naked
                        },
                        3,
                        base + f64::from(found.added) * 0.1,
                        found.detail,
                        found.eliminated,
                    );
                    hint.set = found.key;
                    add(hint);
                }
            }
            if let Some((lock, digit, house)) = type4(grid, c1, c2, pair) {
                let eliminated = sorted(vec![(c1 as u8, digit), (c2 as u8, digit)]);
                let detail = LoopDetail::Locked { digit: lock, house };
                add(new(Class::Type4, 4, base, detail, eliminated));
            }
        }
        _ => {
            let (digit, eliminated) = type2(grid, &extra_cells, pair);
            add(new(
                Class::Type2,
                2,
                base,
                LoopDetail::Extra { digit },
                eliminated,
            ));
        }
    }
}

fn technique(len: usize, kind: u8) -> Technique {
    match (len == 4, kind) {
        (true, 1) => Technique::UniqueRectangleType1,
        (true, 2) => Technique::UniqueRectangleType2,
        (true, 3) => Technique::UniqueRectangleType3,
        (true, _) => Technique::UniqueRectangleType4,
        (false, 1) => Technique::UniqueLoopType1,
        (false, 2) => Technique::UniqueLoopType2,
        (false, 3) => Technique::UniqueLoopType3,
        (false, _) => Technique::UniqueLoopType4,
    }
}

/// Type 2: the extra digit of the first extra cell is removed from every
/// cell seeing all the extra cells.
fn type2(grid: &Grid, extra_cells: &[u8], pair: Digits) -> (u8, Vec<(u8, u8)>) {
    let first = usize::from(extra_cells[0]);
    let digit = (grid.candidates(first) & !pair).trailing_zeros() as u8 + 1;
    let seen = extra_cells
        .iter()
        .fold(!0u128, |all, &c| all & PEERS[usize::from(c)]);
    let eliminated = super::grid::cells_of(seen & grid.digit_cells(digit))
        .map(|c| (c as u8, digit))
        .collect();
    (digit, eliminated)
}

/// A type 3 hint: a naked or hidden set formed with the two extra cells.
struct Type3 {
    hidden: bool,
    added: u32,
    key: (u8, Digits, u16),
    detail: LoopDetail,
    eliminated: Vec<(u8, u8)>,
}

/// Type 3: the extra digits of `c1` and `c2` act as one pseudo-cell that
/// forms a naked set with other cells of a shared house, or the loop's
/// digits form a hidden set with others there. Sets are tried by size
/// from 2 to 7, then house kind (box, row, column), naked before hidden;
/// a naked set needs at least as many digits as the extra digits, a
/// hidden set may be smaller (a hidden pair of the loop's digits with
/// three extra digits), as SE does with its default settings (see the
/// module docs).
fn type3(grid: &Grid, c1: usize, c2: usize, pair: Digits, extra: Digits) -> Vec<Type3> {
    let mut found = Vec::new();
    let (houses1, houses2) = (houses_of(c1), houses_of(c2));
    for degree in 2..=7 {
        for kind in 0..3 {
            let house = houses1[kind];
            if house != houses2[kind] {
                continue;
            }
            let empty = grid.empty_in(house) as u32;
            let position = |cell: usize| {
                HOUSE_CELLS[house]
                    .iter()
                    .position(|&c| usize::from(c) == cell)
            };
            let (index1, index2) = (position(c1).unwrap_or(9), position(c2).unwrap_or(9));
            if degree * 2 <= empty && degree >= count(extra) {
                naked_sets(
                    grid,
                    house,
                    (c1, c2, index1, index2),
                    extra,
                    degree,
                    &mut found,
                );
            }
            if degree * 2 < empty {
                hidden_sets(
                    grid,
                    house,
                    (c1, c2, index1, index2),
                    pair,
                    extra,
                    degree,
                    &mut found,
                );
            }
        }
    }
    found
}

/// The two extra cells and their positions in the shared house.
type Pseudo = (usize, usize, usize, usize);

fn naked_sets(
    grid: &Grid,
    house: usize,
    (c1, c2, index1, index2): Pseudo,
    extra: Digits,
    degree: u32,
    found: &mut Vec<Type3>,
) {
    let cells = &HOUSE_CELLS[house];
    let candidates = |p: usize| grid.candidates(usize::from(cells[p]));
    let common_extra = extra & grid.candidates(c1) & grid.candidates(c2);
    // The tuples holding the pseudo-cell and not c2, in increasing order:
    // adding the pseudo-cell's bit to each set of others keeps the order.
    let (pseudo, excluded): (u16, u16) = (1 << index1, 1 << index2);
    for others in tuples(0x1ff & !pseudo & !excluded, degree - 1) {
        let tuple = others | pseudo;
        let union = bits(others).fold(0, |all, p| all | candidates(p));
        if count(common_extra | union) != degree {
            continue;
        }
        // Every member (the pseudo-cell included) needs two candidates or
        // more, and together they hold exactly `degree` digits.
        if bits(others).any(|p| count(candidates(p)) <= 1) {
            continue;
        }
        let digits = extra | union;
        if count(digits) != degree {
            continue;
        }
        let eliminated: Vec<(u8, u8)> = (0..9)
            .filter(|&p| tuple >> p & 1 == 0 && p != index2)
            .flat_map(|p| bits(candidates(p) & digits).map(move |d| (cells[p], d as u8 + 1)))
            .collect();
        found.push(Type3 {
            hidden: false,
            added: degree - 1,
            key: (house as u8, digits, others),
            detail: set_detail(false, house, digits, others),
            eliminated: sorted(eliminated),
        });
    }
}

fn hidden_sets(
    grid: &Grid,
    house: usize,
    (_, _, index1, index2): Pseudo,
    pair: Digits,
    extra: Digits,
    degree: u32,
    found: &mut Vec<Type3>,
) {
    let rest = 0x1ff & !pair & !extra;
    if degree - 2 > count(rest) {
        return;
    }
    let chosen_sets: Vec<u16> = if degree == 2 {
        // One empty choice, when there is anything to choose from.
        if rest != 0 {
            vec![0]
        } else {
            vec![]
        }
    } else {
        tuples(rest, degree - 2).collect()
    };
    for chosen in chosen_sets {
        let digits = chosen | pair;
        let mut union = 0u16;
        let mut empty = false;
        for d in bits(digits) {
            let places = grid.places(house, d as u8 + 1) & !(1 << index2);
            empty |= places == 0;
            union |= places;
        }
        if empty || count(union) != degree {
            continue;
        }
        let members = union & !(1 << index1) & !(1 << index2);
        let cells = &HOUSE_CELLS[house];
        let eliminated: Vec<(u8, u8)> = bits(members)
            .flat_map(|p| {
                bits(grid.candidates(usize::from(cells[p])) & !digits)
                    .map(move |d| (cells[p], d as u8 + 1))
            })
            .collect();
        found.push(Type3 {
            hidden: true,
            added: count(members).saturating_sub(1),
            key: (house as u8, digits, members),
            detail: set_detail(true, house, digits, members),
            eliminated: sorted(eliminated),
        });
    }
}

fn set_detail(hidden: bool, house: usize, digits: Digits, positions: u16) -> LoopDetail {
    LoopDetail::Set {
        hidden,
        house: house as u8,
        digits,
        cells: bits(positions).map(|p| HOUSE_CELLS[house][p]).collect(),
    }
}

/// Type 4: one loop digit locked in a house shared by the two extra cells
/// (the last such house kind wins; the first digit before the second), so
/// the other digit goes from both. Returns (locked, removed, house).
fn type4(grid: &Grid, c1: usize, c2: usize, pair: Digits) -> Option<(u8, u8, u8)> {
    let v1 = pair.trailing_zeros() as u8 + 1;
    let v2 = (pair & (pair - 1)).trailing_zeros() as u8 + 1;
    let (mut r1, mut r2) = (None, None);
    let (houses1, houses2) = (houses_of(c1), houses_of(c2));
    for kind in 0..3 {
        let house = houses1[kind];
        if house != houses2[kind] {
            continue;
        }
        let others = HOUSE_MASKS[house] & !(1u128 << c1) & !(1u128 << c2);
        if grid.digit_cells(v1) & others == 0 {
            r1 = Some(house);
        }
        if grid.digit_cells(v2) & others == 0 {
            r2 = Some(house);
        }
    }
    match (r1, r2) {
        (Some(house), _) => Some((v1, v2, house as u8)),
        (None, Some(house)) => Some((v2, v1, house as u8)),
        _ => None,
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::board::Board;
    use crate::logic::grid::several_cells;

    /// The plain loop search as it was before the parity and first-start
    /// prunings: every loop from every bivalue start, kept when valid.
    pub(super) fn plain_loop_hints(grid: &Grid) -> Vec<LoopHint> {
        let mut hints = Vec::new();
        for cell in 0..81 {
            let pair = grid.candidates(cell);
            if count(pair) != 2 {
                continue;
            }
            let low = pair.trailing_zeros() as u8 + 1;
            let high = (pair & (pair - 1)).trailing_zeros() as u8 + 1;
            let holders = plain_loop_cells(grid.digit_cells(low) & grid.digit_cells(high));
            if holders >> cell & 1 == 0 {
                continue;
            }
            let mut loops = Vec::new();
            plain_extend(
                grid,
                pair,
                holders,
                &mut vec![],
                &mut loops,
                cell,
                0,
                2,
                0,
                None,
            );
            for found in loops {
                if is_valid_loop(&found) {
                    hints_of_loop(grid, &found, pair, &mut hints);
                }
            }
        }
        hints
    }

    /// The cells of `holders` with two peers or more among the others
    /// kept, as the plain search pruned them.
    fn plain_loop_cells(mut holders: Cells) -> Cells {
        loop {
            let dropped = cells_of(holders)
                .filter(|&cell| !several_cells(PEERS[cell] & holders))
                .fold(0 as Cells, |all, cell| all | 1 << cell);
            if dropped == 0 {
                return holders;
            }
            holders &= !dropped;
        }
    }

    /// `LoopSearch::extend` without pruning invalid paths.
    #[allow(clippy::too_many_arguments)]
    fn plain_extend(
        grid: &Grid,
        pair: Digits,
        holders: Cells,
        path: &mut Vec<u8>,
        loops: &mut Vec<Vec<u8>>,
        cell: usize,
        in_path: Cells,
        allowed: i32,
        extra: Digits,
        last: Option<usize>,
    ) {
        path.push(cell as u8);
        let in_path = in_path | 1 << cell;
        let start = usize::from(path[0]);
        for (kind, house) in houses_of(cell).into_iter().enumerate() {
            if last == Some(kind) {
                continue;
            }
            let reachable = HOUSE_MASKS[house] & (holders & !in_path | 1 << start);
            for next in cells_of(reachable) {
                if next == start {
                    if path.len() >= 4 {
                        loops.push(path.clone());
                    }
                } else {
                    let candidates = grid.candidates(next);
                    let extra = extra | candidates & !pair;
                    let size = count(candidates);
                    if size == 2 || count(extra) == 1 || allowed > 0 {
                        let allowed = allowed - i32::from(size > 2);
                        plain_extend(
                            grid,
                            pair,
                            holders,
                            path,
                            loops,
                            next,
                            in_path,
                            allowed,
                            extra,
                            Some(kind),
                        );
                    }
                }
            }
        }
        path.pop();
    }

    /// Whether every house the loop visits is visited exactly twice, once
    /// by a cell at an even index and once by a cell at an odd index.
    fn is_valid_loop(cells: &[u8]) -> bool {
        let mut visited = [0u32; 2];
        for (i, &cell) in cells.iter().enumerate() {
            for house in houses_of(usize::from(cell)) {
                let bit = 1u32 << house;
                if visited[i % 2] & bit != 0 {
                    return false;
                }
                visited[i % 2] |= bit;
            }
        }
        visited[0] == visited[1]
    }

    /// The pruned search gives the plain search's hints, in its order, at
    /// every position along the solving paths of puzzles whose paths take
    /// unique rectangles and loops (types 1 to 4, loops of 6 and more).
    #[test]
    fn pruned_search_gives_the_plain_searchs_hints() {
        let puzzles = [
            "..3....1...2..6..787.9...4.91...4.3....1.8....4.3...76.6...9.213..6..4...2....7..",
            ".965.74.....94...15....1..94.5....92.6.....8.81....3.66..7....37...34.....48.621.",
            "9..468..2..........16...58..2..1..9.....5....4.8.2.1.7..........6.2.9.5.84.....26",
            ".5..4..7.48.7...52..2..14....7....8.8.......7.6....2....68..5..91...3.68.7..1..4.",
            ".9.2.......1..43.5..319......6..8..7.3.....6.8..7..9......318..6.85..4.......7.2.",
            "8.......3.9.....2..2.471.8.2...3...7..9.1.4.....8.2...9.......4.7.1.8.5..15.9.27.",
            "5..9..2...6.8...57..1.....8..8.2...6..94.85..1...6.8..7.....6..29...6.8...6..7..1",
            "4..8..7.1.3675..9.9..2...5.......315.6.....7.513.......2...6..7.4..9263.6.5..3..9",
            "7459...3..8....9.4.9..3....57.......2.85731.9.......52....8..2.4.7....1..3...6495",
            ".....49....95....67..92..51.4......896.....278......4.27..35..46....18....86.....",
            "........2.9.7..68..6.283.7....8...1..8196423..2...5....4.396.5..19..8.6.6........",
            "47.6....5.32.4......52.7...5.4....72.........72....6.3...5.13......7.95.9....4.81",
        ];
        let (mut positions, mut hints) = (0, 0);
        for puzzle in puzzles {
            let mut grid = Grid::new(&puzzle.parse().unwrap());
            while let Some(step) = crate::logic::ladder::next_step(&grid) {
                let plain: Vec<Step> = plain_loop_hints(&grid)
                    .into_iter()
                    .map(|h| h.step)
                    .collect();
                let pruned: Vec<Step> = loop_hints(&grid, ALL_CELLS)
                    .into_iter()
                    .map(|h| h.step)
                    .collect();
                assert_eq!(pruned, plain, "{:?}", grid);
                positions += 1;
                hints += plain.len();
                step.apply(&mut grid);
            }
        }
        assert!(
            positions > 500 && hints > 20,
            "{positions} positions, {hints} hints"
        );
    }

    /// Searching only the pairs of digits near the cells changed since the
    /// search last found nothing gives the full search's step, along the
    /// solving paths of bank puzzles and on positions with more and more
    /// candidates taken out at random (where loops abound).
    #[test]
    fn changed_pairs_give_the_full_searchs_step() {
        let (mut stale, mut previous): (Cells, Option<Grid>) = (ALL_CELLS, None);
        let (mut positions, mut narrowed, mut steps) = (0, 0, 0);
        crate::logic::testing::for_bank_positions(6, (10, 12), |grid, _| {
            stale = match crate::logic::testing::changed_since(previous.as_ref(), grid) {
                Some(changed) => stale | changed,
                None => ALL_CELLS,
            };
            let full = unique_loop(grid, ALL_CELLS);
            assert_eq!(unique_loop(grid, stale), full, "{grid:?}");
            positions += 1;
            narrowed += usize::from(stale != ALL_CELLS);
            steps += usize::from(full.is_some());
            stale = if full.is_some() { ALL_CELLS } else { 0 };
            previous = Some(grid.clone());
        });
        assert!(
            narrowed > 10_000 && steps > 1000,
            "{positions} positions, {narrowed} narrowed, {steps} steps"
        );
    }

    /// A position from its values (81 characters) and the candidates of
    /// its empty cells in reading order, separated by spaces.
    pub(in crate::logic) fn position(values: &str, candidates: &str) -> Grid {
        let board: Board = values.parse().expect("values");
        let mut grid = Grid::new(&board);
        let mut lists = candidates.split(' ');
        let empty: Vec<usize> = (0..81).filter(|&c| grid.value(c) == 0).collect();
        for cell in empty {
            let keep = lists.next().expect("a candidate list per empty cell");
            for digit in 1..=9u8 {
                if !keep.contains(char::from(b'0' + digit)) {
                    grid.remove(cell, digit);
                }
            }
        }
        assert!(lists.next().is_none(), "more lists than empty cells");
        grid
    }

    fn first_loop(values: &str, candidates: &str) -> String {
        unique_loop(&position(values, candidates), ALL_CELLS)
            .expect("a unique loop")
            .to_string()
    }

    #[test]
    fn type_1_takes_the_loop_digits_from_the_extra_cell() {
        assert_eq!(
            first_loop(
                ".25641..78712936544..7582.1657812943..83647252349751....94875.258.1.647974.5.9.1.",
                "39 38 389 69 36 39 19 19 68 68 13 16 36 23 23 236 23 38 68",
            ),
            "4.5  Unique rectangle type 1 (r8c3, r9c3, r9c5, r8c5 on 2, 3): r9c3<>2, r9c3<>3"
        );
    }

    #[test]
    fn type_2_takes_the_extra_digit_from_cells_seeing_both() {
        assert_eq!(
            first_loop(
                "2..614.39.9.352.6..369785.23.91.76.4.4..69..36..5439.1.7.4...96.64.9.3..91.7.6..5",
                "58 578 78 147 178 14 78 14 14 258 28 258 17 1578 28 278 2578 28 78 278 58 23 238 \
                 15 128 58 28 15 1278 78 23 238 248 248",
            ),
            "4.5  Unique rectangle type 2 (r7c3, r9c3, r9c5, r7c5 on 2, 3, extra 8): \
             r4c5<>8, r8c4<>8"
        );
    }

    #[test]
    fn type_3_hidden_pair_adds_nothing_to_the_base() {
        assert_eq!(
            first_loop(
                "9.5468.12284.......16.92584.2..1..95....5.2..45892.1.75.2.......6.2.9.5.84.....26",
                "37 37 15 37 15 3679 367 39 37 37 367 37 3678 3467 3468 1367 379 1379 3678 3467 \
                 346 38 36 36 379 1367 48 1367 34789 347 1389 137 137 48 3478 138 1379 1357 37 \
                 1357 379",
            ),
            "4.5  Unique rectangle type 3 (r2c4, r2c6, r9c6, r9c4 on 1, 5, hidden set r9c3: \
             1, 5 in row 9): r9c3<>3, r9c3<>7, r9c3<>9"
        );
    }

    #[test]
    fn type_3_takes_a_hidden_pair_smaller_than_the_extra_digits() {
        // A rectangle r1c1, r2c1, r2c4, r1c4 on 1, 2 whose extra cells
        // r2c1 (3, 4) and r2c4 (5) hold three extra digits; in row 2 the
        // digits 1 and 2 are left only in r2c1, r2c4 and r2c7, a hidden
        // pair with the pseudo-cell. No naked or hidden set of three
        // digits or more exists there, no type 2 or 4, and no cell but the
        // rectangle's and r2c7 holds both 1 and 2: before the degree loop
        // started at 2 no unique loop step was found at all.
        let mut lists = vec!["3456789"; 81];
        for cell in [0, 3] {
            lists[cell] = "12";
        }
        lists[9] = "1234";
        lists[12] = "125";
        lists[15] = "126789";
        let grid = position(&".".repeat(81), &lists.join(" "));
        assert_eq!(
            unique_loop(&grid, ALL_CELLS)
                .expect("a unique loop")
                .to_string(),
            "4.5  Unique rectangle type 3 (r1c1, r2c1, r2c4, r1c4 on 1, 2, hidden set r2c7: \
             1, 2 in row 2): r2c7<>6, r2c7<>7, r2c7<>8, r2c7<>9"
        );
    }

    #[test]
    fn type_3_naked_pair_on_a_six_cell_loop() {
        assert_eq!(
            first_loop(
                ".85.4.6..4935.68.27.6...45..426.37.537..5426.6512..34..6....534534869127..7435986",
                "12 1379 127 79 139 17 17 12 139 289 128 139 89 189 19 89 19 189 789 78 89 89 89 \
                 17 27 127 12 12",
            ),
            "4.7  Unique loop type 3 (r1c1, r1c6, r3c6, r3c2, r9c2, r9c1 on 1, 2, naked set \
             r6c6: 7, 8 in column 6): r7c6<>7"
        );
    }

    #[test]
    fn type_4_removes_the_digit_not_locked() {
        assert_eq!(
            first_loop(
                "753.2.648...368752862475931.7.5.286.3.568...7.867.4...537..6.89618..3.7...4857316",
                "19 19 149 49 19 149 19 139 34 249 19 14 29 129 139 15 29 35 12 14 24 29 49 245 \
                 45 29 29",
            ),
            "4.6  Unique loop type 4 (r5c8, r6c8, r6c1, r9c1, r9c2, r5c2 on 2, 9, 2 locked in \
             box 4): r5c2<>9, r6c1<>9"
        );
    }

    #[test]
    fn difficulties_add_as_sudoku_explainer_adds_them() {
        // 4.6 + 0.1 is just below 4.7 as a double, so it sorts first.
        assert!(base_difficulty(6) + 0.1 < base_difficulty(8));
        assert_eq!(tenths(base_difficulty(6) + 0.1), Difficulty(47));
        assert_eq!(tenths(base_difficulty(10)), Difficulty(50));
        assert_eq!(tenths(base_difficulty(8) + 4.0 * 0.1), Difficulty(51));
    }
}
