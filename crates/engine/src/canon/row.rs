//! One level of the search, placing one row, for boards on which the least
//! arrangement of a row under a map needs no search: no row (of either
//! orientation) repeats a digit, or the board holds one digit only (as the
//! pattern of givens does).
//!
//! Then the digits new to a row take consecutive labels in the order they
//! are placed whatever order the choices put them in, so the row's least
//! arrangement is read off: every block of interchangeable columns sorted
//! (empty cells, labelled digits ascending, new digits), the free stacks
//! holding givens sorted by what they read. The orders of new digits
//! within a block, and of free stacks that read alike, are all ties: only
//! the rows whose arrangement is least over the level are branched into
//! them, in the order the general search visits them (so the first map
//! kept, whose transform is printed, is the same).

use super::{next_rows, sort3, Partial, View, ORDERS};

/// Each row's givens, bit `c` for input column `c`: `[t][r]`, rows 9-15
/// empty (so that a column below 16 indexes them without a bounds check).
pub(super) type Masks = [[u16; 16]; 2];

/// The givens of every row in both orientations (the tests' reference for
/// `prepare`, which finds them in its pass over the board).
#[cfg(test)]
pub(super) fn masks(view: &View) -> Masks {
    view.map(|rows| std::array::from_fn(|r| rows.get(r).map_or(0, given_mask)))
}

/// Bit `c` set when cell `c` of the row holds a digit.
pub(super) fn given_mask(row: &[u8; 9]) -> u16 {
    let head = u64::from_le_bytes([
        row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7],
    ]);
    u16::from(nonzero_bytes(head)) | u16::from(row[8] != 0) << 8
}

/// Bit k set when byte k of `word` is nonzero (bytes below 0x80, as
/// digits are).
pub(super) fn nonzero_bytes(word: u64) -> u8 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // The high bit of each byte is set when the byte is nonzero: adding
    // 0x7F to the low seven bits carries into the top.
    let nonzero = (((word & LOW) + LOW) | word) & !LOW;
    // Gather the eight high bits into one byte: the multiplier moves byte
    // k's bit 7 to bit 56 + k, without carries as the bits are 7 apart.
    ((nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// Whether this step applies to the board of `view`, whose givens are
/// `masks`: see the module doc (the tests' reference for `prepare`).
#[cfg(test)]
pub(super) fn fits(view: &View, masks: &Masks) -> bool {
    // Each given's digit, bit d, against those already seen in its row and
    // column (the givens alone are visited, by their masks).
    let mut columns = [0u16; 9];
    let mut present = 0u16;
    let mut repeats = false;
    for (row, &givens) in view[0].iter().zip(&masks[0]) {
        let mut seen = 0u16;
        let mut rest = givens;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize % 9;
            rest &= rest - 1; // clear the lowest set bit
            let bit = 1u16 << row[c];
            repeats |= (seen | columns[c]) & bit != 0;
            seen |= bit;
            columns[c] |= bit;
        }
        present |= seen;
    }
    !repeats || present.count_ones() <= 1
}

/// Counts of givens over a set of columns, for every row at once: bit r
/// of `one` (`two`, `three`) is set when row r holds at least one (two,
/// three) of them.
#[derive(Clone, Copy, Default)]
struct AtLeast {
    one: u16,
    two: u16,
    three: u16,
}

impl AtLeast {
    /// Adds a column whose givens are in the rows of `rows`.
    fn add(&mut self, rows: u16) {
        self.three |= self.two & rows;
        self.two |= self.one & rows;
        self.one |= rows;
    }

    /// Of `rows`, all of which hold a given here, those holding the fewest,
    /// and how many that is.
    fn fewest(&self, rows: u16) -> (u8, u16) {
        if rows & !self.two != 0 {
            (1, rows & !self.two)
        } else if rows & !self.three != 0 {
            (2, rows & !self.three)
        } else {
            (3, rows)
        }
    }
}

/// Of the input rows `rows`, those whose least arrangement under `state`
/// puts the most empty cells first, and how many that is; `columns[c]`
/// holds the rows with a given in input column c.
///
/// A row with more free stacks empty in it always leads with more, then
/// one whose fullest other free stack holds fewer givens; past the free
/// stacks, the row holding a given in an earlier block leads with fewer,
/// then the row holding more givens in the block where all do.
fn most_leading_empties(state: &Partial, mut rows: u16, columns: &[u16; 16]) -> (u8, u16) {
    let nfree = usize::from(state.nfree);
    if nfree > 0 {
        let mut stacks = [AtLeast::default(); 3];
        let mut n = 0;
        let mut free = state.free_set;
        while free != 0 {
            let x = free.trailing_zeros() as usize;
            free &= free - 1; // clear the lowest set bit
            for &c in &columns[3 * x..3 * x + 3] {
                stacks[n].add(c);
            }
            n += 1;
        }
        // Rows by how many free stacks are empty in them, at least one,
        // two, three.
        let mut empty = AtLeast::default();
        for stack in &stacks[..n] {
            empty.add(rows & !stack.one);
        }
        let all_empty = [rows, empty.one, empty.two, empty.three][n];
        if all_empty == 0 {
            // The rows with the most free stacks empty, e of them, lead
            // with 3e and their fullest other free stack's empties.
            let by_empties = [rows, empty.one, empty.two];
            let e = (0..n).rev().find(|&e| by_empties[e] != 0).unwrap_or(0);
            let most = by_empties[e];
            let (mut exactly_one, mut exactly_two) = (0, 0);
            for stack in &stacks[..n] {
                exactly_one |= stack.one & !stack.two;
                exactly_two |= stack.two & !stack.three;
            }
            let lead = 3 * e as u8;
            return if most & exactly_one != 0 {
                (lead + 2, most & exactly_one)
            } else if most & exactly_two != 0 {
                (lead + 1, most & exactly_two)
            } else {
                (lead, most)
            };
        }
        rows = all_empty;
    }
    // Bit p set where a block ends at position p (the next one starts
    // after it, or the row ends).
    let ends = block_bounds(state) >> 1 | 1 << 8;
    let mut block = AtLeast::default();
    // Position by position, without slicing by block (a bounds check a
    // block).
    for (p, &c) in state.cols.iter().enumerate().skip(nfree * 3) {
        block.add(columns[usize::from(c & 15)]);
        if ends >> p & 1 != 0 {
            if rows & !block.one == 0 {
                let (g, fewest) = block.fewest(rows);
                return (p as u8 + 1 - g, fewest);
            }
            // Rows empty here lead with more than any holding a given.
            rows &= !block.one;
            block = AtLeast::default();
        }
    }
    (9, rows)
}
/// Bit p set where a block of assigned columns starts: every stack's start
/// and every split.
fn block_bounds(state: &Partial) -> u16 {
    state.starts | 0b001_001_001
}

/// A row under a map in its least arrangement, and the ties it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Arranged {
    /// The row as arranged, four bits a cell, the first cell highest; new
    /// digits read 15 (they take consecutive labels, so comparing rows of
    /// one level this way is comparing them).
    string: u64,
    /// Input column at each output position from `nfree * 3` on: the
    /// tied stacks least first (ties by input stack), then the assigned
    /// blocks sorted.
    cols: [u8; 9],
    starts: u16,
    /// The free stacks left: those empty in this row.
    nfree: u8,
    free_set: u8,
    /// How many free stacks are tied to output stacks `nfree..`.
    ntied: u8,
    /// For the j-th tied stack, the input stacks reading as it does (bit
    /// per stack): any of them may take its place.
    alike: [u8; 3],
    /// Each input stack's columns as arranged when tied.
    stack_cols: [[u8; 3]; 3],
    /// Runs of two or more different new digits in one block: output
    /// position and length (each order of them is a branch); those of the
    /// tied stacks by stack (length 0 for none), then the others.
    stack_runs: [(u8, u8); 3],
    runs: [(u8, u8); 3],
    nruns: u8,
    /// Whether the arrangement stands for more than one map.
    branches: bool,
}

impl Arranged {
    /// Nothing arranged yet: `state`'s columns and free stacks as they are.
    fn of(state: &Partial) -> Arranged {
        Arranged {
            string: 0,
            cols: state.cols,
            starts: state.starts,
            nfree: state.nfree,
            free_set: state.free_set,
            ntied: 0,
            alike: [0; 3],
            stack_cols: [[0; 3]; 3],
            stack_runs: [(0, 0); 3],
            runs: [(0, 0); 3],
            nruns: 0,
            branches: false,
        }
    }
}

/// Each digit's sort key under a map: 0 empty, its label, or `d << 4 | 15`
/// for a digit d not yet labelled (above every label, and read 15 in
/// `Arranged::string`, as `key & 15`).
fn keys_of(state: &Partial) -> [u8; 10] {
    let mut keys = state.label;
    for (d, key) in keys.iter_mut().enumerate().skip(1) {
        if *key == 0 {
            *key = (d as u8) << 4 | 15;
        }
    }
    keys
}

/// Keys above this are digits not yet labelled.
const LABELLED: u8 = 15;

/// Sorts up to three columns by key (their input order breaks ties, as
/// every block lists its columns ascending) and returns the packed
/// `key << 4 | column` values, sorted, `u16::MAX` past the last.
fn sort_block(columns: &[u8], cells: &[u8; 9], keys: &[u8; 10]) -> [u16; 3] {
    let mut packed = [u16::MAX; 3];
    for (slot, &c) in packed.iter_mut().zip(columns) {
        *slot = u16::from(keys[usize::from(cells[usize::from(c)])]) << 4 | u16::from(c);
    }
    sort3(packed)
}

/// Lays a sorted block out from output position `at`: its columns, the
/// row's cells (new digits as 15), a start at every change of key; returns
/// the run of its new digits when they are two or more different ones
/// (length 0 otherwise).
fn lay_block(sorted: &[u16], at: usize, out: &mut Arranged) -> (u8, u8) {
    let mut new_count = 0;
    for (k, &packed) in sorted.iter().enumerate() {
        let key = (packed >> 4) as u8;
        out.cols[at + k] = packed as u8 & 0xF;
        out.string |= u64::from(key & 15) << (4 * (8 - (at + k)));
        if k > 0 && sorted[k - 1] >> 4 != packed >> 4 {
            out.starts |= 1 << (at + k);
        }
        new_count += usize::from(key > LABELLED);
    }
    let last = sorted.len() - 1;
    // New digits sort last: two or more different ones when the last
    // two keys are new and differ.
    if new_count >= 2 && sorted[last - 1] >> 4 != sorted[last] >> 4 {
        let run = ((at + sorted.len() - new_count) as u8, new_count as u8);
        out.branches = true;
        run
    } else {
        (0, 0)
    }
}

/// The least arrangement of input row `cells` (givens `givens`) under
/// `state`, whose keys are `keys` and whose assigned input columns sit at
/// output positions `position`; its `string` may be `u64::MAX` once it
/// reads greater than `best` (cells only add to it, so a partial string
/// above `best` stays above).
///
/// Only the assigned blocks holding givens are visited (a row holds few):
/// an empty block reads `0` and keeps its columns, and a block with one
/// given moves that column last, as sorting would.
fn arrange(
    state: &Partial,
    keys: &[u8; 10],
    position: &[u8; 16],
    cells: &[u8; 9],
    givens: u16,
    best: u64,
) -> Arranged {
    let mut out = Arranged::of(state);
    // An empty row reads `.........` and changes nothing.
    if givens == 0 {
        return out;
    }
    if state.nfree > 0 {
        tie_free_stacks(state, cells, givens, keys, &mut out);
        if out.string > best {
            out.string = u64::MAX;
            return out;
        }
    }
    let nibble =
        |p: usize, c: u8| u64::from(keys[usize::from(cells[usize::from(c)])] & 15) << (4 * (8 - p));
    // The output positions of the givens in assigned stacks.
    let mut placed = 0u16;
    let mut rest = givens & !STACK_COLUMNS[usize::from(state.free_set & 7)];
    while rest != 0 {
        // Below 16, so within `position` without a check.
        let c = rest.trailing_zeros() as usize & 15;
        rest &= rest - 1; // clear the lowest set bit
        placed |= 1 << position[c];
    }
    let bounds = block_bounds(state) | 1 << 9;
    while placed != 0 {
        let p = placed.trailing_zeros() as usize;
        // The block holding p: from the last bound at or before it to the
        // first after it.
        let start = 15 - (bounds & ((2 << p) - 1)).leading_zeros() as usize;
        let end = (bounds & !((2 << p) - 1)).trailing_zeros() as usize;
        let here = placed & ((1 << end) - (1 << start));
        placed &= !here;
        if end == start + 1 {
            out.string |= nibble(p, state.cols[p]);
        } else if here & (here - 1) == 0 {
            // One given: the empty cells keep their (ascending) order.
            let c = state.cols[p];
            // The columns after it move up one: two at most, blocks holding
            // three (moved one by one, as a slice copy calls memmove).
            if p + 1 < end {
                out.cols[p] = out.cols[p + 1];
            }
            if p + 2 < end {
                out.cols[p + 1] = out.cols[p + 2];
            }
            out.cols[end - 1] = c;
            out.string |= nibble(end - 1, c);
            out.starts |= 1 << (end - 1);
        } else {
            sort_and_lay(state, start..end, cells, keys, &mut out);
        }
        if out.string > best {
            out.string = u64::MAX;
            return out;
        }
    }
    out
}

/// Lays out assigned block `block` (output positions) sorted, noting the
/// run of its new digits when it has one.
fn sort_and_lay(
    state: &Partial,
    block: std::ops::Range<usize>,
    cells: &[u8; 9],
    keys: &[u8; 10],
    out: &mut Arranged,
) {
    let sorted = sort_block(&state.cols[block.clone()], cells, keys);
    let run = lay_block(&sorted[..block.len()], block.start, out);
    if run.1 > 0 {
        out.runs[usize::from(out.nruns)] = run;
        out.nruns += 1;
    }
}

/// The input columns of a set of stacks (bit per stack).
const STACK_COLUMNS: [u16; 8] = {
    let mut table = [0u16; 8];
    let mut set = 0;
    while set < 8 {
        let mut x = 0;
        while x < 3 {
            if set >> x & 1 != 0 {
                table[set] |= 0b111 << (3 * x);
            }
            x += 1;
        }
        set += 1;
    }
    table
};

/// The output position of each input column of an assigned stack (16
/// entries, so that a column below 16 needs no bounds check).
pub(super) fn positions(state: &Partial) -> [u8; 16] {
    let mut position = [0u8; 16];
    // Every position, in order: those of free stacks (before any assigned
    // one) may name any column, but an assigned position after them
    // overwrites it (a fixed loop, unrolled, costs less than a bounded one).
    for (p, &c) in state.cols.iter().enumerate() {
        position[usize::from(c & 15)] = p as u8;
    }
    position
}

/// `arrange` sorting every assigned block, empty or not (the tests'
/// reference for its shortcuts). The least arrangement of input row `cells` (givens `givens`) under
/// `state`, whose keys are `keys`; its `string` may be `u64::MAX` once
/// it reads greater than `best` (positions are laid out in order, the
/// rest reading 0, so a partial string above `best` stays above).
#[cfg(test)]
fn arrange_by_sorting(
    state: &Partial,
    keys: &[u8; 10],
    cells: &[u8; 9],
    givens: u16,
    best: u64,
) -> Arranged {
    let mut out = Arranged::of(state);
    let old_nfree = usize::from(state.nfree);
    if old_nfree > 0 {
        tie_free_stacks(state, cells, givens, keys, &mut out);
        if out.string > best {
            out.string = u64::MAX;
            return out;
        }
    }
    if state.starts == 0x1FF {
        // Every column placed: the row reads off directly.
        for (p, &c) in state.cols.iter().enumerate() {
            let key = keys[usize::from(cells[usize::from(c)])];
            out.string |= u64::from(key & 15) << (4 * (8 - p));
        }
        return out;
    }
    let bounds = block_bounds(state) | 1 << 9;
    let mut p = old_nfree * 3;
    while p < 9 {
        // The block runs to the next bound after p.
        let end = (bounds & !((2 << p) - 1)).trailing_zeros() as usize;
        if end == p + 1 {
            let c = state.cols[p];
            let key = keys[usize::from(cells[usize::from(c)])];
            out.string |= u64::from(key & 15) << (4 * (8 - p));
        } else {
            sort_and_lay(state, p..end, cells, keys, &mut out);
        }
        if out.string > best {
            out.string = u64::MAX;
            return out;
        }
        p = end;
    }
    out
}

/// The other two columns of a stack, ascending, beside its column `b`
/// (0-2): where a lone given's stack keeps its empty cells, first.
const EMPTY_BESIDE: [(u8, u8); 3] = [(1, 2), (0, 2), (0, 1)];

/// The free stacks of a row: those empty in it stay free (first, `...`
/// being the least a stack reads), the others are tied to the output
/// stacks after them, least reading first.
fn tie_free_stacks(
    state: &Partial,
    cells: &[u8; 9],
    givens: u16,
    keys: &[u8; 10],
    out: &mut Arranged,
) {
    let mut empty = 0u8;
    // Each tied stack's reading (three cells of four bits, new digits 15)
    // above its input stack, sorted: least reading first, ties by input
    // stack, as the stacks come ascending.
    let mut order = [0u16; 3];
    // Each input stack's packed keys, sorted.
    let mut sorted_of = [[0u16; 3]; 3];
    let mut n = 0;
    let mut free = state.free_set;
    while free != 0 {
        let x = free.trailing_zeros() as u8;
        free &= free - 1; // clear the lowest set bit
        let in_stack = givens >> (3 * x) & 0b111;
        if in_stack == 0 {
            empty |= 1 << x;
            continue;
        }
        let sorted = if in_stack & (in_stack - 1) == 0 {
            // One given: the empty cells first, ascending, then the given
            // (an empty cell's packed key is its column).
            let b = in_stack.trailing_zeros() as u8;
            let c = 3 * x + b;
            let key = u16::from(keys[usize::from(cells[usize::from(c)])]);
            let (e1, e2) = EMPTY_BESIDE[usize::from(b)];
            [
                u16::from(3 * x + e1),
                u16::from(3 * x + e2),
                key << 4 | u16::from(c),
            ]
        } else {
            sort_block(&[3 * x, 3 * x + 1, 3 * x + 2], cells, keys)
        };
        // Bits 4-7 of each packed key are its nibble: gather the three.
        let reading = (sorted[0] & 0xF0) << 4 | (sorted[1] & 0xF0) | (sorted[2] & 0xF0) >> 4;
        sorted_of[usize::from(x)] = sorted;
        out.stack_cols[usize::from(x)] = sorted.map(|p| p as u8 & 0xF);
        let mut at = n;
        let entry = reading << 2 | u16::from(x);
        while at > 0 && order[at - 1] > entry {
            order[at] = order[at - 1];
            at -= 1;
        }
        order[at] = entry;
        n += 1;
    }
    let kept = empty.count_ones() as usize;
    out.nfree = kept as u8;
    out.free_set = empty;
    out.ntied = n as u8;
    for j in 0..n {
        let (reading, x) = (order[j] >> 2, usize::from(order[j] & 0b11));
        for &other in &order[..n] {
            if other >> 2 == reading {
                out.alike[j] |= 1 << (other & 0b11);
            }
        }
        if out.alike[j] != 1 << x {
            out.branches = true;
        }
        out.stack_runs[j] = lay_stack(&sorted_of[x], x, reading, kept + j, out);
    }
}

/// Lays tied input stack `x` (packed keys `sorted`, reading `reading`) out
/// as output stack `s`, as `lay_block` would, in straight-line code.
fn lay_stack(sorted: &[u16; 3], x: usize, reading: u16, s: usize, out: &mut Arranged) -> (u8, u8) {
    let at = 3 * s;
    out.cols[at..at + 3].copy_from_slice(&out.stack_cols[x]);
    // The stack's three nibbles, the last lowest, end at position at + 2.
    out.string |= u64::from(reading) << (4 * (6 - at));
    let keys = sorted.map(|packed| packed >> 4);
    out.starts |= 1 << at
        | u16::from(keys[0] != keys[1]) << (at + 1)
        | u16::from(keys[1] != keys[2]) << (at + 2);
    // New digits sort last: two or more different ones when the middle
    // and last keys are new and differ.
    if keys[1] > u16::from(LABELLED) && keys[1] != keys[2] {
        let new_count = 2 + u8::from(keys[0] > u16::from(LABELLED));
        out.branches = true;
        (at as u8 + 3 - new_count, new_count)
    } else {
        (0, 0)
    }
}

/// How a row with the givens of a mask (bit per column) reads under an
/// empty map, as a rank: its stacks' given counts sorted ascending, as base
/// 4 digits. Free stacks empty in it come first and the others follow by
/// reading, which under an empty map is `..X`, `.XX` or `XXX` by count
/// (every digit new), so fewer givens in the first differing stack read
/// less.
const FIRST_ROW: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut mask = 0;
    while mask < 512 {
        let mask16 = mask as u16;
        let a = (mask16 & 7).count_ones() as u8;
        let b = (mask16 >> 3 & 7).count_ones() as u8;
        let c = (mask16 >> 6 & 7).count_ones() as u8;
        // Least, greatest, and the middle one as what the sum leaves.
        let least = if a < b { a } else { b };
        let least = if least < c { least } else { c };
        let most = if a > b { a } else { b };
        let most = if most > c { most } else { c };
        let sorted = [least, a + b + c - least - most, most];
        table[mask] = sorted[0] << 4 | sorted[1] << 2 | sorted[2];
        mask += 1;
    }
    table
};

/// Scratch space of one level.
#[derive(Default)]
pub(super) struct Level {
    /// Candidates (state, input row) for the level's row: see
    /// `first_rows` and `later_rows`.
    candidates: Vec<(u32, u8)>,
    /// The least arranged so far, with their state and input row.
    least: Vec<(u32, u8, Arranged)>,
}

impl Level {
    /// The candidates of a level past the first: with `forced`, each map's
    /// own row; a band's last row as it is; else the rows with the most
    /// leading empty cells.
    fn later_rows(&mut self, states: &[Partial], masks: &Masks, level: usize, forced: bool) {
        let mut most = 0;
        for (at, state) in states.iter().enumerate() {
            if forced {
                self.candidates.push((at as u32, state.rows[level]));
                continue;
            }
            // A band's last row is the one left: counting its leading
            // empty cells costs more than the arrangement's own early exit
            // saves when another map's row reads less.
            if level % 3 == 2 {
                let last = next_rows(state).trailing_zeros() as u8;
                self.candidates.push((at as u32, last));
                continue;
            }
            // A row whose least arrangement has fewer leading empty cells
            // than another's reads greater ('.' is least): skip it.
            let columns = &masks[1 - usize::from(state.t)];
            let (lead, rows) = most_leading_empties(state, next_rows(state), columns);
            if lead > most {
                most = lead;
                self.candidates.clear();
            }
            if lead == most {
                let mut rows = rows;
                while rows != 0 {
                    let r = rows.trailing_zeros() as u8;
                    rows &= rows - 1; // clear the lowest set bit
                    self.candidates.push((at as u32, r));
                }
            }
        }
    }

    /// The candidates of the first level, whose maps are the empty ones:
    /// the rows whose least arrangement is least of all. Under an empty
    /// map every given is new and reads alike, so a row's arrangement
    /// depends only on how many givens each stack holds ([`FIRST_ROW`]).
    fn first_rows(&mut self, states: &[Partial], masks: &Masks) -> u8 {
        let mut least = u8::MAX;
        for (at, state) in states.iter().enumerate() {
            for (r, &givens) in masks[usize::from(state.t)][..9].iter().enumerate() {
                // Nine bits: `& 0x1FF` spares the table's bounds check.
                let rank = FIRST_ROW[usize::from(givens & 0x1FF)];
                if rank < least {
                    least = rank;
                    self.candidates.clear();
                }
                if rank == least {
                    self.candidates.push((at as u32, r as u8));
                }
            }
        }
        least
    }

    /// The first level's maps when its candidates hold one given each, or
    /// none: an empty row changes nothing, and a lone given's stack is tied
    /// last with its empty columns first, its digit labelled 1, with no
    /// tie to branch into (what `arrange` and `Branch` give, read off).
    fn first_rows_of_one_given(
        &self,
        states: &[Partial],
        next: &mut Vec<Partial>,
        view: &View,
        masks: &Masks,
    ) {
        next.clear();
        for &(at, r) in &self.candidates {
            let mut state = states[at as usize];
            state.rows[0] = r;
            state.depth = 1;
            state.used_rows = 1 << r;
            let t = usize::from(state.t);
            let givens = masks[t][usize::from(r)];
            if givens != 0 {
                let c = givens.trailing_zeros() as u8;
                let (x, b) = (c / 3, c % 3);
                let (e1, e2) = EMPTY_BESIDE[usize::from(b)];
                state.nfree = 2;
                state.free_set &= !(1 << x);
                state.cols[6..9].copy_from_slice(&[3 * x + e1, 3 * x + e2, c]);
                state.starts = 1 << 6 | 1 << 8;
                state.label[usize::from(view[t][usize::from(r)][usize::from(c)])] = 1;
                state.next = 2;
            }
            next.push(state);
        }
    }

    /// Extends every map of `states` by the rows that may come next at
    /// `level` (with `forced`, the row each has), keeping in `next` those
    /// whose row is least, in the general search's order.
    pub(super) fn place(
        &mut self,
        states: &[Partial],
        next: &mut Vec<Partial>,
        view: &View,
        masks: &Masks,
        level: usize,
        forced: bool,
    ) {
        self.candidates.clear();
        if level == 0 && !forced {
            // Rows of one given or none (ranks 0 and 1) read off at once.
            if self.first_rows(states, masks) <= 1 {
                return self.first_rows_of_one_given(states, next, view, masks);
            }
        } else {
            self.later_rows(states, masks, level, forced);
        }
        self.least.clear();
        let mut best = u64::MAX;
        let mut keyed = u32::MAX;
        let (mut keys, mut position) = ([0; 10], [0; 16]);
        for &(at, r) in &self.candidates {
            let state = &states[at as usize];
            if at != keyed {
                keys = keys_of(state);
                // With every stack free (only empty rows placed so far), no
                // given is placed by position.
                if state.nfree < 3 {
                    position = positions(state);
                }
                keyed = at;
            }
            let t = usize::from(state.t);
            let cells = &view[t][usize::from(r)];
            let givens = masks[t][usize::from(r)];
            let arranged = arrange(state, &keys, &position, cells, givens, best);
            if arranged.string > best {
                continue;
            }
            if arranged.string < best {
                best = arranged.string;
                self.least.clear();
            }
            self.least.push((at, r, arranged));
        }
        next.clear();
        for (at, r, arranged) in &self.least {
            let mut state = states[*at as usize];
            state.rows[level] = *r;
            state.depth += 1;
            state.used_rows |= 1 << r;
            state.nfree = arranged.nfree;
            state.free_set = arranged.free_set;
            state.cols = arranged.cols;
            state.starts = arranged.starts;
            let cells = &view[usize::from(state.t)][usize::from(*r)];
            let branch = Branch {
                arranged,
                cells,
                new_cells: new_cells(arranged.string),
            };
            if arranged.branches {
                branch.ties(state, next);
            } else {
                branch.push_labelled(state, next);
            }
        }
    }
}

/// Places the rows of a lone map whose columns are all placed from
/// `level` on while one row is least at each level (none is when two tie:
/// the map splits there); returns the level reached. With `forced`, the
/// map keeps the rows it has.
pub(super) fn finish(
    state: &mut Partial,
    view: &View,
    masks: &Masks,
    mut level: usize,
    forced: bool,
) -> usize {
    // Each digit's nibble in a row's string (new digits 15), 16 entries so
    // that a digit & 15 indexes them without a bounds check.
    let mut nibbles = [0u8; 16];
    for (nibble, key) in nibbles.iter_mut().zip(keys_of(state)) {
        *nibble = key & 15;
    }
    // The columns stay put from here on: a row's string is its givens'
    // nibbles, each at its column's output position.
    let position = positions(state);
    let t = usize::from(state.t);
    while level < 9 {
        let mut rows = if forced {
            1 << state.rows[level]
        } else {
            next_rows(state)
        };
        let (mut best, mut best_row, mut tie) = (u64::MAX, 0, false);
        let cells_of = |r: u8| &view[t][usize::from(r)];
        while rows != 0 {
            let r = rows.trailing_zeros() as u8;
            rows &= rows - 1; // clear the lowest set bit
            let cells = cells_of(r);
            let mut string = 0;
            let mut rest = masks[t][usize::from(r)];
            while rest != 0 {
                // At most 8, as the mask has nine bits: `min` tells the
                // compiler so, for fewer instructions than `% 9`.
                let c = (rest.trailing_zeros() as usize).min(8);
                rest &= rest - 1; // clear the lowest set bit
                let nibble = nibbles[usize::from(cells[c] & 15)];
                string |= u64::from(nibble) << (4 * (8 - position[c]));
            }
            if string < best {
                (best, best_row, tie) = (string, r, false);
            } else if string == best {
                tie = true;
            }
        }
        if tie {
            break;
        }
        let cells = cells_of(best_row);
        let mut new = new_cells(best);
        while new != 0 {
            let p = new.trailing_zeros() as usize;
            new &= new - 1; // clear the lowest set bit
            let d = usize::from(cells[usize::from(state.cols[p])]);
            if state.label[d] == 0 {
                state.label[d] = state.next;
                nibbles[d & 15] = state.next;
                state.next += 1;
            }
        }
        state.rows[level] = best_row;
        state.depth += 1;
        state.used_rows |= 1 << best_row;
        level += 1;
    }
    level
}

/// The output positions of a row's new digits, bit p for position p.
fn new_cells(string: u64) -> u16 {
    // Bit 0 of nibble p's four bits, set when all four are (15).
    let all = string & string >> 1 & string >> 2 & string >> 3 & 0x1_1111_1111;
    let mut cells = 0;
    let mut rest = all;
    while rest != 0 {
        let bit = rest.trailing_zeros();
        rest &= rest - 1; // clear the lowest set bit
        cells |= 1 << (8 - bit / 4);
    }
    cells
}

/// The ties of one least row, visited as the general search visits them:
/// each tied stack's choice of input stack, then the orders of its new
/// digits, then the next stack's; then the assigned blocks' new digits.
struct Branch<'a> {
    arranged: &'a Arranged,
    cells: &'a [u8; 9],
    /// Bit p: the row's cell at output position p holds a new digit.
    new_cells: u16,
}

impl Branch<'_> {
    /// Every map the least row stands for, from `state` (the row laid out
    /// as arranged, the first tie), in the general search's order. The
    /// common shapes go without recursion: tied stacks each reading unlike
    /// the others (no choice of input stack) with runs of new digits to
    /// order; or two stacks reading alike and no run.
    fn ties(&self, state: Partial, next: &mut Vec<Partial>) {
        let a = self.arranged;
        let ntied = usize::from(a.ntied);
        // One input stack each: `x & (x - 1)` clears the lowest bit.
        if a.alike[..ntied]
            .iter()
            .all(|&alike| alike & (alike - 1) == 0)
        {
            // Each stack's run first, then the assigned blocks' runs: the
            // order the recursion nests them in.
            let mut runs = [(0u8, 0u8); 6];
            let mut n = 0;
            for &run in a.stack_runs[..ntied]
                .iter()
                .chain(&a.runs[..usize::from(a.nruns)])
            {
                if run.1 > 0 {
                    runs[n] = run;
                    n += 1;
                }
            }
            return self.run_orders(state, &runs[..n], next);
        }
        let no_run = a.nruns == 0 && a.stack_runs[0].1 == 0 && a.stack_runs[1].1 == 0;
        if ntied == 2 && no_run && a.alike[1] == a.alike[0] {
            // Two stacks alike, output stacks s and s + 1: as arranged
            // (ascending input stacks), then swapped.
            let s = usize::from(a.nfree);
            next.push(self.labelled(state));
            let mut swapped = state;
            swapped.cols[3 * s..3 * s + 3].copy_from_slice(&state.cols[3 * s + 3..3 * s + 6]);
            swapped.cols[3 * s + 3..3 * s + 6].copy_from_slice(&state.cols[3 * s..3 * s + 3]);
            return next.push(self.labelled(swapped));
        }
        self.tied_stack(state, 0, 0, next);
    }

    /// Every order of every run (output position and length) of `runs`,
    /// the last varying fastest, as nested loops would give them.
    fn run_orders(&self, state: Partial, runs: &[(u8, u8)], next: &mut Vec<Partial>) {
        let mut choice = [0usize; 6];
        loop {
            let mut v = state;
            for (&(at, len), &k) in runs.iter().zip(&choice) {
                let len = usize::from(len);
                v = permuted(v, usize::from(at), &ORDERS[len][k][..len]);
            }
            next.push(self.labelled(v));
            // Advance the odometer, the last run fastest.
            let mut i = runs.len();
            loop {
                if i == 0 {
                    return;
                }
                i -= 1;
                choice[i] += 1;
                if choice[i] < ORDERS[usize::from(runs[i].1)].len() {
                    break;
                }
                choice[i] = 0;
            }
        }
    }

    /// Chooses the input stack of the `j`-th tied stack among those reading
    /// as it does, not yet `used`, then its new digits' order.
    fn tied_stack(&self, state: Partial, j: usize, used: u8, next: &mut Vec<Partial>) {
        let a = self.arranged;
        if j == usize::from(a.ntied) {
            return self.run(state, 0, next);
        }
        let s = usize::from(a.nfree) + j;
        let (at, len) = a.stack_runs[j];
        let mut choices = a.alike[j] & !used;
        while choices != 0 {
            let x = choices.trailing_zeros() as usize;
            choices &= choices - 1; // clear the lowest set bit
            let mut v = state;
            v.cols[3 * s..3 * s + 3].copy_from_slice(&a.stack_cols[x]);
            if len == 0 {
                self.tied_stack(v, j + 1, used | 1 << x, next);
            } else {
                for order in ORDERS[usize::from(len)] {
                    let w = permuted(v, usize::from(at), &order[..usize::from(len)]);
                    self.tied_stack(w, j + 1, used | 1 << x, next);
                }
            }
        }
    }

    /// The orders of the new digits of the `k`-th run and those after it.
    fn run(&self, state: Partial, k: usize, next: &mut Vec<Partial>) {
        let a = self.arranged;
        if k == usize::from(a.nruns) {
            return self.push_labelled(state, next);
        }
        let (at, len) = a.runs[k];
        for order in ORDERS[usize::from(len)] {
            let v = permuted(state, usize::from(at), &order[..usize::from(len)]);
            self.run(v, k + 1, next);
        }
    }

    /// Labels the row's new digits in the order placed and keeps the map.
    fn push_labelled(&self, state: Partial, next: &mut Vec<Partial>) {
        next.push(self.labelled(state));
    }

    /// The map with the row's new digits labelled in the order placed.
    fn labelled(&self, mut state: Partial) -> Partial {
        let mut rest = self.new_cells;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1; // clear the lowest set bit
            let d = usize::from(self.cells[usize::from(state.cols[p])]);
            // A pattern's one digit is new in several cells at once.
            if state.label[d] == 0 {
                state.label[d] = state.next;
                state.next += 1;
            }
        }
        state
    }
}

/// The state with the columns from output position `at` reordered: the
/// i-th takes the `order[i]`-th.
fn permuted(mut state: Partial, at: usize, order: &[usize]) -> Partial {
    let before = state.cols;
    for (i, &from) in order.iter().enumerate() {
        state.cols[at + i] = before[at + from];
    }
    state
}

#[cfg(test)]
mod tests {
    use super::super::{leading_empties, view, Canonicalizer};
    use super::*;
    use crate::transform::Transform;
    use crate::Board;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn given_masks_of_every_pattern() {
        for pattern in 0..512u16 {
            for d in 1..=9 {
                let row: [u8; 9] =
                    std::array::from_fn(|c| if pattern >> c & 1 != 0 { d } else { 0 });
                assert_eq!(given_mask(&row), pattern, "{row:?}");
            }
        }
    }

    #[test]
    fn fits_boards_without_repeats_and_one_digit_patterns() {
        let fits_board = |text: &str| {
            let v = view(&text.parse::<Board>().unwrap(), false);
            fits(&v, &masks(&v))
        };
        assert!(fits_board(PUZZLE));
        assert!(fits_board(&".".repeat(81)));
        // One digit, however often.
        assert!(fits_board(&"5".repeat(81)));
        // Repeats in a row, in a column (a box alone is no matter here).
        assert!(!fits_board(&format!(
            "12{}1{}",
            ".".repeat(6),
            ".".repeat(72)
        )));
        assert!(!fits_board(&format!(
            "12{}1{}",
            ".".repeat(7),
            ".".repeat(71)
        )));
        assert!(fits_board(&format!(
            "12{}21{}",
            ".".repeat(7),
            ".".repeat(70)
        )));
        assert!(!fits_board(&format!(
            "1{}1{}2",
            ".".repeat(8),
            ".".repeat(70)
        )));
    }

    /// Cutting an arrangement short once it reads greater than the best
    /// loses nothing: against any best, the row reads as in full when it
    /// ties or beats it, and in full or cut (`u64::MAX`) when greater.
    #[test]
    fn arrangements_cut_short_only_when_greater() {
        let puzzle: Board = PUZZLE.parse().unwrap();
        let mut cuts = 0;
        for seed in 0..20 {
            let v = view(&Transform::random(seed).apply(&puzzle), false);
            let masks = masks(&v);
            let mut scratch = Canonicalizer::new();
            scratch.start();
            for level in 0..9 {
                for state in &scratch.states {
                    let keys = keys_of(state);
                    let position = positions(state);
                    let rows = next_rows(state);
                    let t = usize::from(state.t);
                    let arranged = |r: usize, best| {
                        arrange(state, &keys, &position, &v[t][r], masks[t][r], best)
                    };
                    let full: Vec<u64> = (0..9)
                        .filter(|&r| rows >> r & 1 != 0)
                        .map(|r| arranged(r, u64::MAX).string)
                        .collect();
                    for r in (0..9).filter(|&r| rows >> r & 1 != 0) {
                        let own = arranged(r, u64::MAX).string;
                        for &best in full.iter().chain(&[own - 1, own + 1, 0]) {
                            let cut = arranged(r, best).string;
                            let at = format!("seed {seed} level {level} row {r}");
                            if own <= best {
                                assert_eq!(cut, own, "{at}");
                            } else {
                                assert!(cut == own || cut == u64::MAX, "{at}");
                                cuts += usize::from(cut == u64::MAX);
                            }
                        }
                    }
                }
                scratch.general_level(&v, level, false);
                std::mem::swap(&mut scratch.states, &mut scratch.next);
            }
        }
        // The cut is exercised, not only its absence.
        assert!(cuts > 0);
    }

    /// The first level's ranks order rows as their arrangements under an
    /// empty map read, for every pattern of givens.
    #[test]
    fn first_row_ranks_order_rows_as_they_read() {
        let start = Partial::start(0);
        let (keys, position) = (keys_of(&start), positions(&start));
        let reading: Vec<u64> = (0..512u16)
            .map(|givens| {
                let cells = std::array::from_fn(|c| (givens >> c & 1) as u8 * (c as u8 + 1));
                arrange(&start, &keys, &position, &cells, givens, u64::MAX).string
            })
            .collect();
        for a in 0..512 {
            for b in 0..512 {
                let by_rank = FIRST_ROW[a].cmp(&FIRST_ROW[b]);
                assert_eq!(by_rank, reading[a].cmp(&reading[b]), "{a:09b} {b:09b}");
            }
        }
    }

    /// Boards with ties and repeats, look-alikes of a puzzle with some
    /// givens dropped, and with givens added from its solution.
    fn test_boards() -> Vec<Board> {
        let puzzle: Board = PUZZLE.parse().unwrap();
        let solution = crate::solver::solve(&puzzle, 1).unwrap().first.unwrap();
        let mut boards: Vec<Board> = vec![puzzle, Board::EMPTY, solution];
        for seed in 0..60u64 {
            let map = Transform::random(seed);
            let (moved, full) = (map.apply(&puzzle), map.apply(&solution));
            let cells = std::array::from_fn(|i| match (i as u64 * 7 + seed) % 5 {
                0 => 0,
                1 if seed % 2 == 0 => full.cell(i),
                _ => moved.cell(i),
            });
            boards.push(moved);
            boards.push(Board::new(cells).unwrap());
        }
        boards
    }

    /// The shortcuts of `arrange` (empty blocks skipped, one given moved
    /// last) give what sorting every block gives, for every map of every
    /// level of the general search and every row that may come next.
    #[test]
    fn arrange_matches_sorting_every_block() {
        let mut compared = 0;
        for b in test_boards() {
            let v = view(&b, false);
            let masks = masks(&v);
            if !fits(&v, &masks) {
                continue;
            }
            let mut scratch = Canonicalizer::new();
            scratch.start();
            for level in 0..9 {
                for state in &scratch.states {
                    let (keys, position) = (keys_of(state), positions(state));
                    let t = usize::from(state.t);
                    let rows = next_rows(state);
                    for r in (0..9).filter(|&r| rows >> r & 1 != 0) {
                        let (cells, givens) = (&v[t][r], masks[t][r]);
                        let fast = arrange(state, &keys, &position, cells, givens, u64::MAX);
                        let slow = arrange_by_sorting(state, &keys, cells, givens, u64::MAX);
                        assert_eq!(fast, slow, "{b} level {level} row {r} {state:?}");
                        compared += 1;
                    }
                }
                scratch.general_level(&v, level, false);
                std::mem::swap(&mut scratch.states, &mut scratch.next);
            }
        }
        assert!(compared > 10_000, "{compared}");
    }

    /// Every map of every level of the general search on a few boards: the
    /// rows with the most leading empty cells are those the general step's
    /// count finds.
    #[test]
    fn most_leading_empties_agrees_with_counting_row_by_row() {
        let mut boards: Vec<Board> = vec![PUZZLE.parse().unwrap(), Board::EMPTY];
        for seed in 0..40 {
            let moved = Transform::random(seed).apply(&PUZZLE.parse().unwrap());
            // Some givens dropped: emptier rows, more ties.
            let cells = std::array::from_fn(|i| {
                if (i as u64 * 7 + seed).is_multiple_of(3) {
                    0
                } else {
                    moved.cell(i)
                }
            });
            boards.push(moved);
            boards.push(Board::new(cells).unwrap());
        }
        for b in boards {
            let v = view(&b, false);
            let masks = masks(&v);
            let mut scratch = Canonicalizer::new();
            scratch.start();
            for level in 0..9 {
                for state in &scratch.states {
                    let rows = next_rows(state);
                    let t = usize::from(state.t);
                    let leads: Vec<(u8, usize)> = (0..9u8)
                        .filter(|&r| rows >> r & 1 != 0)
                        .map(|r| (r, leading_empties(state, &v[t][usize::from(r)])))
                        .collect();
                    let most = leads.iter().map(|&(_, lead)| lead).max().unwrap();
                    let expected = leads
                        .iter()
                        .filter(|&&(_, lead)| lead == most)
                        .fold(0u16, |set, &(r, _)| set | 1 << r);
                    let found = most_leading_empties(state, rows, &masks[1 - t]);
                    assert_eq!(found, (most as u8, expected), "{b} level {level} {state:?}");
                }
                scratch.general_level(&v, level, false);
                std::mem::swap(&mut scratch.states, &mut scratch.next);
            }
        }
    }
}
