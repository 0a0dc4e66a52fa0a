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

use super::{next_rows, Partial, View, ORDERS};

/// Each row's givens, bit `c` for input column `c`: `[t][r]`.
pub(super) type Masks = [[u16; 9]; 2];

/// The givens of every row in both orientations.
pub(super) fn masks(view: &View) -> Masks {
    view.map(|rows| rows.map(|row| given_mask(&row)))
}

/// Bit `c` set when cell `c` of the row holds a digit.
fn given_mask(row: &[u8; 9]) -> u16 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let head = u64::from_le_bytes([
        row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7],
    ]);
    // The high bit of each byte is set when the byte is nonzero (digits are
    // below 0x80: adding 0x7F to the low seven bits carries into the top).
    let nonzero = ((head & LOW) + LOW | head) & !LOW;
    // Gather the eight high bits into one byte: the multiplier moves byte
    // k's bit 7 to bit 56 + k, without carries as the bits are 7 apart.
    let packed = (nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    packed as u16 | u16::from(row[8] != 0) << 8
}

/// Whether this step applies to the board of `view`: see the module doc.
pub(super) fn fits(view: &View) -> bool {
    let mut present = 0u16;
    let mut repeats = false;
    for rows in view {
        for row in rows {
            let mut seen = 0u16;
            for &d in row {
                let bit = 1u16 << d;
                repeats |= seen & bit & !1 != 0;
                seen |= bit;
            }
            present |= seen;
        }
    }
    !repeats || (present >> 1).count_ones() <= 1
}

/// A state's blocks of interchangeable assigned columns, for counting the
/// leading empty cells of candidate rows.
struct Blocks {
    /// Output position where each block starts, and one past the last.
    start: [u8; 10],
    /// The input columns of each block.
    columns: [u16; 9],
    count: usize,
}

impl Blocks {
    fn of(state: &Partial) -> Blocks {
        let mut blocks = Blocks {
            start: [9; 10],
            columns: [0; 9],
            count: 0,
        };
        let first = usize::from(state.nfree) * 3;
        let bounds = block_bounds(state);
        for p in first..9 {
            if bounds >> p & 1 != 0 {
                blocks.start[blocks.count] = p as u8;
                blocks.count += 1;
            }
            blocks.columns[blocks.count - 1] |= 1 << state.cols[p];
        }
        blocks.start[blocks.count] = 9;
        blocks
    }

    /// How many empty cells the least arrangement of the row with givens
    /// `givens` puts first: the free stacks empty in it, then the emptiest
    /// other free stack's empties, or the first block holding a given and
    /// its empties.
    fn lead(&self, state: &Partial, givens: u16) -> u8 {
        let mut lead = 0;
        if state.nfree > 0 {
            let mut fullest_empties = None;
            let mut free = state.free_set;
            while free != 0 {
                let x = free.trailing_zeros();
                free &= free - 1; // clear the lowest set bit
                match (givens >> (3 * x) & 0b111).count_ones() {
                    0 => lead += 3,
                    g => fullest_empties = fullest_empties.max(Some(3 - g as u8)),
                }
            }
            if let Some(empties) = fullest_empties {
                return lead + empties;
            }
        }
        for b in 0..self.count {
            let g = (givens & self.columns[b]).count_ones() as u8;
            if g > 0 {
                return self.start[b + 1] - g;
            }
        }
        9
    }
}

/// Bit p set where a block of assigned columns starts: every stack's start
/// and every split.
fn block_bounds(state: &Partial) -> u16 {
    state.starts | 0b001_001_001
}

/// A row under a map in its least arrangement, and the ties it stands for.
#[derive(Clone, Copy)]
pub(super) struct Arranged {
    /// The row as arranged, four bits a cell, the first cell highest; new
    /// digits read 15 (they take consecutive labels, so comparing rows of
    /// one level this way is comparing them).
    string: u64,
    /// Input column at each output position from `nfree * 3` on: the
    /// tied stacks in `tied` order, then the assigned blocks sorted.
    cols: [u8; 9],
    starts: u16,
    /// The free stacks left: those empty in this row.
    nfree: u8,
    free_set: u8,
    /// The input stacks tied to output stacks `nfree..`, least first (ties
    /// by input stack), and how many.
    tied: [u8; 3],
    ntied: u8,
    /// Bit j: the j-th tied stack reads as the one before it (the two may
    /// change places).
    same_as_prev: u8,
    /// Each input stack's columns as arranged when tied.
    stack_cols: [[u8; 3]; 3],
    /// Runs of two or more different new digits in one block: output
    /// position and length (each order of them is a branch).
    runs: [(u8, u8); 4],
    nruns: u8,
}

/// A cell's sort key under a map: 0 empty, its label, or 10 + d for a
/// digit d not yet labelled (read 15 in `Arranged::string`).
fn keys_of(state: &Partial) -> [u8; 10] {
    let mut keys = state.label;
    for (d, key) in keys.iter_mut().enumerate().skip(1) {
        if *key == 0 {
            *key = 10 + d as u8;
        }
    }
    keys
}

/// A key as `Arranged::string` reads it: new digits all 15.
fn shown(key: u8) -> u8 {
    if key >= 10 {
        15
    } else {
        key
    }
}

/// Sorts up to three columns by key (their input order breaks ties, as
/// every block lists its columns ascending) and returns the packed
/// `key << 4 | column` values, sorted.
fn sort_block(columns: &[u8], cells: &[u8; 9], keys: &[u8; 10]) -> [u16; 3] {
    let mut packed = [u16::MAX; 3];
    for (slot, &c) in packed.iter_mut().zip(columns) {
        *slot = u16::from(keys[usize::from(cells[usize::from(c)])]) << 4 | u16::from(c);
    }
    // A sorting network for three.
    if packed[0] > packed[1] {
        packed.swap(0, 1);
    }
    if packed[1] > packed[2] {
        packed.swap(1, 2);
    }
    if packed[0] > packed[1] {
        packed.swap(0, 1);
    }
    packed
}

/// Lays a sorted block out from output position `at`: its columns, the
/// row's cells (new digits as 15), a start at every change of key, and a
/// run when it holds two or more different new digits.
fn lay_block(sorted: &[u16], at: usize, out: &mut Arranged) {
    let mut new_keys = 0u32;
    let mut new_count = 0;
    for (k, &packed) in sorted.iter().enumerate() {
        let key = (packed >> 4) as u8;
        out.cols[at + k] = packed as u8 & 0xF;
        out.string |= u64::from(shown(key)) << (4 * (8 - (at + k)));
        if k > 0 && sorted[k - 1] >> 4 != packed >> 4 {
            out.starts |= 1 << (at + k);
        }
        if key >= 10 {
            new_keys |= 1 << key;
            new_count += 1;
        }
    }
    if new_keys.count_ones() >= 2 {
        out.runs[usize::from(out.nruns)] = ((at + sorted.len() - new_count) as u8, new_count as u8);
        out.nruns += 1;
    }
}

/// The least arrangement of input row `cells` (givens `givens`) under
/// `state`.
fn arrange(state: &Partial, cells: &[u8; 9], givens: u16) -> Arranged {
    let keys = keys_of(state);
    let mut out = Arranged {
        string: 0,
        cols: state.cols,
        starts: state.starts,
        nfree: state.nfree,
        free_set: state.free_set,
        tied: [0; 3],
        ntied: 0,
        same_as_prev: 0,
        stack_cols: [[0; 3]; 3],
        runs: [(0, 0); 4],
        nruns: 0,
    };
    let old_nfree = usize::from(state.nfree);
    if old_nfree > 0 {
        tie_free_stacks(state, cells, givens, &keys, &mut out);
    }
    let bounds = block_bounds(state) | 1 << 9;
    let mut p = old_nfree * 3;
    while p < 9 {
        // The block runs to the next bound after p.
        let end = (bounds & !((2 << p) - 1)).trailing_zeros() as usize;
        if end == p + 1 {
            let c = state.cols[p];
            let key = keys[usize::from(cells[usize::from(c)])];
            out.string |= u64::from(shown(key)) << (4 * (8 - p));
        } else {
            let sorted = sort_block(&state.cols[p..end], cells, &keys);
            lay_block(&sorted[..end - p], p, &mut out);
        }
        p = end;
    }
    out
}

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
    // and its input stack, kept sorted (stable: stacks come ascending).
    let mut order = [(0u16, 0u8); 3];
    let mut n = 0;
    let mut free = state.free_set;
    while free != 0 {
        let x = free.trailing_zeros() as u8;
        free &= free - 1; // clear the lowest set bit
        if givens >> (3 * x) & 0b111 == 0 {
            empty |= 1 << x;
            continue;
        }
        let sorted = sort_block(&[3 * x, 3 * x + 1, 3 * x + 2], cells, keys);
        let reading = sorted
            .iter()
            .fold(0u16, |r, &p| r << 4 | u16::from(shown((p >> 4) as u8)));
        out.stack_cols[usize::from(x)] = sorted.map(|p| p as u8 & 0xF);
        let mut at = n;
        while at > 0 && order[at - 1].0 > reading {
            order[at] = order[at - 1];
            at -= 1;
        }
        order[at] = (reading, x);
        n += 1;
    }
    let kept = empty.count_ones() as usize;
    out.nfree = kept as u8;
    out.free_set = empty;
    out.ntied = n as u8;
    for (j, &(reading, x)) in order[..n].iter().enumerate() {
        out.tied[j] = x;
        if j > 0 && order[j - 1].0 == reading {
            out.same_as_prev |= 1 << j;
        }
        let s = kept + j;
        out.starts |= 1 << (3 * s);
        let sorted = sort_block(&[3 * x, 3 * x + 1, 3 * x + 2], cells, keys);
        lay_block(&sorted, 3 * s, out);
    }
}

/// Scratch space of one level.
#[derive(Default)]
pub(super) struct Level {
    /// Candidates (state, input row) with the most leading empty cells.
    candidates: Vec<(u32, u8)>,
    /// The least arranged so far, with their state and input row.
    least: Vec<(u32, u8, Arranged)>,
}

impl Level {
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
        let mut most = 0;
        for (at, state) in states.iter().enumerate() {
            if forced {
                self.candidates.push((at as u32, state.rows[level]));
                continue;
            }
            // A row whose least arrangement has fewer leading empty cells
            // than another's reads greater ('.' is least): skip it.
            let blocks = Blocks::of(state);
            let mut rows = next_rows(state);
            while rows != 0 {
                let r = rows.trailing_zeros() as u8;
                rows &= rows - 1; // clear the lowest set bit
                let lead = blocks.lead(state, masks[usize::from(state.t)][usize::from(r)]);
                if lead > most {
                    most = lead;
                    self.candidates.clear();
                }
                if lead == most {
                    self.candidates.push((at as u32, r));
                }
            }
        }
        self.least.clear();
        let mut best = u64::MAX;
        for &(at, r) in &self.candidates {
            let state = &states[at as usize];
            let t = usize::from(state.t);
            let arranged = arrange(state, &view[t][usize::from(r)], masks[t][usize::from(r)]);
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
            if arranged.same_as_prev == 0 && arranged.nruns == 0 {
                push_labelled(state, cells, next);
            } else {
                let branch = Branch { arranged, cells };
                branch.tied_stack(state, 0, 0, next);
            }
        }
    }
}

/// Labels the row's new digits in the order placed and keeps the map.
fn push_labelled(mut state: Partial, cells: &[u8; 9], next: &mut Vec<Partial>) {
    for p in usize::from(state.nfree) * 3..9 {
        let d = usize::from(cells[usize::from(state.cols[p])]);
        if d != 0 && state.label[d] == 0 {
            state.label[d] = state.next;
            state.next += 1;
        }
    }
    next.push(state);
}

/// The ties of one least row, visited as the general search visits them:
/// each tied stack's choice of input stack, then the orders of its new
/// digits, then the next stack's; then the assigned blocks' new digits.
struct Branch<'a> {
    arranged: &'a Arranged,
    cells: &'a [u8; 9],
}

impl Branch<'_> {
    /// Chooses the input stack of the `j`-th tied stack among those reading
    /// as it does, not yet `used`.
    fn tied_stack(&self, state: Partial, j: usize, used: u8, next: &mut Vec<Partial>) {
        let a = self.arranged;
        if j == usize::from(a.ntied) {
            return self.run(state, usize::from(a.nruns_of_free()), next);
        }
        // The tie group around j: from its first member to its last.
        let mut first = j;
        while first > 0 && a.same_as_prev >> first & 1 != 0 {
            first -= 1;
        }
        let mut last = j;
        while last + 1 < usize::from(a.ntied) && a.same_as_prev >> (last + 1) & 1 != 0 {
            last += 1;
        }
        let mut choices = [0u8; 3];
        choices[..=last - first].copy_from_slice(&a.tied[first..=last]);
        choices[..=last - first].sort_unstable();
        let s = usize::from(a.nfree) + j;
        for &x in &choices[..=last - first] {
            if used >> x & 1 != 0 {
                continue;
            }
            let mut v = state;
            v.cols[3 * s..3 * s + 3].copy_from_slice(&a.stack_cols[usize::from(x)]);
            self.stack_runs(v, j, used | 1 << x, next);
        }
    }

    /// The orders of the new digits of the `j`-th tied stack (at most one
    /// run), then the next tied stack.
    fn stack_runs(&self, state: Partial, j: usize, used: u8, next: &mut Vec<Partial>) {
        let a = self.arranged;
        let s = usize::from(a.nfree) + j;
        let run = a.runs[..usize::from(a.nruns)]
            .iter()
            .find(|&&(at, _)| usize::from(at) / 3 == s);
        match run {
            None => self.tied_stack(state, j + 1, used, next),
            Some(&(at, len)) => {
                for order in ORDERS[usize::from(len)] {
                    let v = permuted(state, usize::from(at), &order[..usize::from(len)]);
                    self.tied_stack(v, j + 1, used, next);
                }
            }
        }
    }

    /// The orders of the new digits of the `k`-th run and those after it.
    fn run(&self, state: Partial, k: usize, next: &mut Vec<Partial>) {
        let a = self.arranged;
        if k == usize::from(a.nruns) {
            return push_labelled(state, self.cells, next);
        }
        let (at, len) = a.runs[k];
        for order in ORDERS[usize::from(len)] {
            let v = permuted(state, usize::from(at), &order[..usize::from(len)]);
            self.run(v, k + 1, next);
        }
    }
}

impl Arranged {
    /// How many runs lie in the tied stacks (they come first).
    fn nruns_of_free(&self) -> u8 {
        let end = (usize::from(self.nfree) + usize::from(self.ntied)) * 3;
        self.runs[..usize::from(self.nruns)]
            .iter()
            .filter(|&&(at, _)| usize::from(at) < end)
            .count() as u8
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
