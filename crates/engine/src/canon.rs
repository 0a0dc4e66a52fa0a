//! Canonical forms: of all a board's look-alikes (transposition, band,
//! row, stack and column permutations, and relabelling), the least.
//!
//! - [`Order::Minlex`]: the least 81-character string, empty cells (`.`)
//!   before every digit: the form the community's lists are kept in.
//! - [`Order::PatternFirst`]: the least pattern of givens first (empty
//!   before given, cell by cell), then the least digits among the
//!   look-alikes with that pattern.
//!
//! Both work on any board: puzzles, full grids, invalid ones. The answer
//! carries the [`Transform`] from the input onto the form and the number
//! of automorphisms (maps, relabelling included, that turn the board into
//! itself).
//!
//! ```
//! use sudoku_engine::canon::{canonical, Order};
//! use sudoku_engine::transform::Transform;
//! use sudoku_engine::Board;
//!
//! let puzzle: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! let canon = canonical(&puzzle, Order::Minlex);
//! assert_eq!(canon.transform.apply(&puzzle), canon.form);
//! let look_alike = Transform::random(7).apply(&puzzle);
//! assert_eq!(canonical(&look_alike, Order::Minlex).form, canon.form);
//! ```
//!
//! # How
//! Row by row, breadth first: every partial map kept has produced the
//! least rows so far; each is extended by every row the band structure
//! allows next, and only extensions giving the least next row survive.
//! Columns are not enumerated: a map's columns are kept as blocks of
//! input columns that every row so far leaves indistinguishable (all empty,
//! or holding the same label), and stacks empty so far stay unassigned.
//! A new row splits a block by putting its empty cells first, then digits
//! already labelled in ascending order, then new digits (each order of
//! those is a branch, as it labels them differently). Valid full grids,
//! whose first row would branch 1296 ways, take a search-free path of their
//! own (`grid`); the search still answers them in the tests, as the
//! reference that path is checked against.
//!
//! When no row repeats a digit (or the board is a pattern, one digit
//! throughout), a row's least arrangement under a map needs no branching:
//! new digits take consecutive labels whatever their order. The `row`
//! step reads it off for every candidate row and branches only the least
//! rows into their ties, in the order the general step visits them, so
//! both keep the same maps in the same order (and print the same map).

use std::cmp::Ordering;
use std::fmt;

use crate::board::Board;
use crate::generate::{Symmetry, SYMMETRIES};
use crate::transform::Transform;
use row::Masks;

/// Which canonical form to compute.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// The least string, `.` before digits.
    #[default]
    Minlex,
    /// The least pattern of givens, then the least digits.
    PatternFirst,
}

/// A board's canonical form and how the board maps onto it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The canonical form.
    pub form: Board,
    /// A map from the input onto the form (one of `automorphisms`).
    pub transform: Transform,
    /// How many maps, relabelling included, turn the board into itself.
    pub automorphisms: u64,
}

/// Valid full grids: the minlex form without search.
mod grid;
mod marks;
mod row;

pub use marks::canonical_marks;

thread_local! {
    /// Each thread's scratch space, so a stream of boards allocates once.
    static SCRATCH: std::cell::RefCell<Canonicalizer> = std::cell::RefCell::default();
}

/// The canonical form of `board` in `order`, in this thread's scratch
/// space.
pub fn canonical(board: &Board, order: Order) -> Canonical {
    SCRATCH.with(|scratch| scratch.borrow_mut().canonical(board, order))
}

/// The canonical form of `board` in `order` alone: what
/// [`canonical`]`(board, order).form` is, found without the map onto it
/// and the automorphism count (the search still visits every map that
/// ties, but does not count or record them).
///
/// ```
/// use sudoku_engine::canon::{canonical, canonical_form, Order};
/// use sudoku_engine::Board;
///
/// let puzzle: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()
///     .unwrap();
/// assert_eq!(canonical_form(&puzzle, Order::Minlex), canonical(&puzzle, Order::Minlex).form);
/// ```
pub fn canonical_form(board: &Board, order: Order) -> Board {
    SCRATCH.with(|scratch| scratch.borrow_mut().form(board, order))
}

/// The symmetries of `generate --symmetry` (all but `none`) under which
/// the board's pattern of givens is unchanged, in `--help` order.
///
/// ```
/// use sudoku_engine::canon::symmetries;
/// use sudoku_engine::generate::Symmetry;
/// use sudoku_engine::Board;
///
/// let corners: Board = format!("1.......2{}3.......4", ".".repeat(63)).parse().unwrap();
/// assert_eq!(symmetries(&corners).len(), 6);
/// let one: Board = format!("1{}", ".".repeat(80)).parse().unwrap();
/// assert_eq!(symmetries(&one), vec![Symmetry::Diagonal]);
/// ```
pub fn symmetries(board: &Board) -> Vec<Symmetry> {
    symmetries_of(&prepare(board).masks)
}

/// The canonical form of `board` in `order` and the symmetries of its
/// pattern (as [`symmetries`] gives them), in this thread's scratch space:
/// the search's pass over the board finds both.
pub fn canonical_with_symmetries(board: &Board, order: Order) -> (Canonical, Vec<Symmetry>) {
    SCRATCH.with(|scratch| scratch.borrow_mut().canonical_with_symmetries(board, order))
}

/// The symmetries of a pattern whose rows' and columns' givens are `masks`.
fn symmetries_of(masks: &Masks) -> Vec<Symmetry> {
    symmetry_list(symmetry_set(masks))
}

/// The symmetries of a set, bit k for `SYMMETRIES[k]`.
fn symmetry_list(kept: u8) -> Vec<Symmetry> {
    // An empty Vec, most puzzles' answer, allocates nothing.
    if kept == 0 {
        return Vec::new();
    }
    SYMMETRIES
        .into_iter()
        .enumerate()
        .filter(|&(k, _)| kept >> k & 1 != 0)
        .map(|(_, symmetry)| symmetry)
        .collect()
}

/// Every symmetry but `None`, bit k for `SYMMETRIES[k]`.
const ALL_SYMMETRIES: u8 = 0b111_1110;

/// Each 9-bit mask with its bits in reverse order (bit c to bit 8 - c).
const REVERSED: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut c = 0;
        while c < 9 {
            table[mask] |= ((mask as u16) >> c & 1) << (8 - c);
            c += 1;
        }
        mask += 1;
    }
    table
};

/// The symmetries the pattern keeps, bit k for `SYMMETRIES[k]` (never
/// `None`): each is a test on the pattern's row and column masks, as
/// every map sends rows to rows or to columns, reversed or not.
fn symmetry_set(masks: &Masks) -> u8 {
    let (rows, cols) = (&masks[0], &masks[1]);
    let rev = |mask: u16| REVERSED[usize::from(mask)];
    let mut kept = ALL_SYMMETRIES;
    // Cell (r, c) goes to (8 - r, 8 - c), (c, 8 - r), (r, 8 - c),
    // (8 - r, c), (c, r), (8 - c, 8 - r): row r of the pattern must read as
    // the row or column it lands on does, read the matching way. Most
    // patterns fail every test on their first rows.
    for r in 0..9 {
        let fails = u8::from(rows[r] != rev(rows[8 - r])) << 1
            | u8::from(rows[r] != cols[8 - r]) << 2
            | u8::from(rows[r] != rev(rows[r])) << 3
            | u8::from(rows[r] != rows[8 - r]) << 4
            | u8::from(rows[r] != cols[r]) << 5
            | u8::from(rows[r] != rev(cols[8 - r])) << 6;
        kept &= !fails;
        if kept == 0 {
            break;
        }
    }
    kept
}

/// The rows of the board in both orientations: `[t][r][c]`, `0` empty.
type View = [[[u8; 9]; 9]; 2];

/// A map built up to some output row.
#[derive(Clone, Copy, Debug)]
struct Partial {
    /// 1 when the input is transposed first.
    t: u8,
    /// Output rows placed so far.
    depth: u8,
    /// Input row of each placed output row.
    rows: [u8; 9],
    /// Input rows used (bit per row).
    used_rows: u16,
    /// Output stacks `0..nfree` are not yet tied to an input stack: every
    /// row so far is empty on them.
    nfree: u8,
    /// The input stacks they may be (bit per stack; as many as `nfree`).
    free_set: u8,
    /// Input column at each output position of an assigned stack.
    cols: [u8; 9],
    /// Bit p: output position p begins a block of interchangeable columns
    /// (set at the start of every assigned stack).
    starts: u16,
    /// Label of each digit (index 1-9), 0 while unlabelled.
    label: [u8; 10],
    /// The next label a new digit gets.
    next: u8,
}

impl Partial {
    fn start(t: u8) -> Partial {
        Partial {
            t,
            depth: 0,
            rows: [0; 9],
            used_rows: 0,
            nfree: 3,
            free_set: 0b111,
            cols: [0; 9],
            starts: 0,
            label: [0; 10],
            next: 1,
        }
    }

    /// The input columns in output order, unassigned stacks taken in input
    /// order (they are all alike).
    fn columns(&self) -> [u8; 9] {
        let mut cols = self.cols;
        let mut free = self.free_set;
        for s in 0..usize::from(self.nfree) {
            let x = free.trailing_zeros() as u8;
            free &= free - 1; // clear the lowest set bit
            for (k, col) in cols[s * 3..s * 3 + 3].iter_mut().enumerate() {
                *col = x * 3 + k as u8;
            }
        }
        cols
    }

    /// How many column orders this partial map stands for: every order of
    /// each block, of the free stacks and of their columns.
    fn multiplicity(&self) -> u64 {
        const FACTORIAL: [u64; 4] = [1, 1, 2, 6];
        let nfree = usize::from(self.nfree);
        let mut count = FACTORIAL[nfree] * 6u64.pow(nfree as u32);
        let mut size = 0;
        for p in nfree * 3..9 {
            if p % 3 == 0 || self.starts >> p & 1 != 0 {
                count *= FACTORIAL[size];
                size = 0;
            }
            size += 1;
        }
        count * FACTORIAL[size]
    }
}

/// Scratch space for canonical forms, reused across boards so the hot path
/// allocates nothing once warm.
#[derive(Default)]
pub struct Canonicalizer {
    states: Vec<Partial>,
    next: Vec<Partial>,
    /// Each state's rows' leading empty cells, nine a state.
    leads: Vec<u8>,
    /// The scratch space of a level of the faster step.
    level: row::Level,
    /// Tests compare the faster step with the general one on every board.
    #[cfg(test)]
    general_only: bool,
}

impl fmt::Debug for Canonicalizer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Canonicalizer")
    }
}

/// The least row found so far at one level, and the maps producing it.
struct Sink<'a> {
    best: [u8; 9],
    have_best: bool,
    out: &'a mut Vec<Partial>,
}

impl Sink<'_> {
    /// Whether a row beginning `prefix` can still tie or beat the best.
    fn viable(&self, prefix: &[u8]) -> bool {
        !self.have_best || prefix <= &self.best[..prefix.len()]
    }

    fn offer(&mut self, row: [u8; 9], state: Partial) {
        let order = if self.have_best {
            row.cmp(&self.best)
        } else {
            Ordering::Less
        };
        match order {
            Ordering::Greater => {}
            Ordering::Less => {
                self.best = row;
                self.have_best = true;
                self.out.clear();
                self.out.push(state);
            }
            Ordering::Equal => self.out.push(state),
        }
    }
}

/// A map in the middle of placing one row.
#[derive(Clone, Copy)]
struct Work {
    st: Partial,
    /// The output row so far (labels, 0 empty).
    acc: [u8; 9],
    /// Free stacks before this row: those from `st.nfree` up are being tied.
    old_nfree: u8,
    /// Input stacks still to tie to them.
    remaining: u8,
}

impl Canonicalizer {
    /// An empty scratch space.
    pub fn new() -> Canonicalizer {
        Canonicalizer::default()
    }

    /// The canonical form of `board` in `order`.
    pub fn canonical(&mut self, board: &Board, order: Order) -> Canonical {
        self.canonical_with_symmetries(board, order).0
    }

    /// The canonical form of `board` in `order` and the symmetries of its
    /// pattern (see [`symmetries`]).
    pub fn canonical_with_symmetries(
        &mut self,
        board: &Board,
        order: Order,
    ) -> (Canonical, Vec<Symmetry>) {
        // A valid full grid (both orders agree on it) takes its own path;
        // every symmetry keeps a full pattern.
        match grid::canonical(board) {
            Some(canon) => (canon, symmetry_list(ALL_SYMMETRIES)),
            None => {
                let read = prepare(board);
                let canon = self.search(board, &read.view, &read.masks, read.repeats, order);
                (canon, symmetries_of(&read.masks))
            }
        }
    }

    /// The canonical form of `board` in `order` alone (see
    /// [`canonical_form`]).
    pub fn form(&mut self, board: &Board, order: Order) -> Board {
        if let Some(canon) = grid::canonical(board) {
            return canon.form;
        }
        let read = prepare(board);
        self.find(board, &read.view, &read.masks, read.repeats, order);
        Board::from_checked(form_of(&read.view, &read.masks, &self.states[0]))
    }

    /// The canonical form by the row-by-row search, for any board (full
    /// grids included: the tests check `grid` against it).
    #[cfg(test)]
    fn general(&mut self, board: &Board, order: Order) -> Canonical {
        let read = prepare(board);
        self.search(board, &read.view, &read.masks, read.repeats, order)
    }

    /// The canonical form by the row-by-row search, for any board: its
    /// `view`, `masks` and `repeats` as `prepare` gives them.
    fn search(
        &mut self,
        board: &Board,
        view: &View,
        masks: &Masks,
        repeats: bool,
        order: Order,
    ) -> Canonical {
        self.find(board, view, masks, repeats, order);
        let maps: u64 = self.states.iter().map(Partial::multiplicity).sum();
        let state = self.states[0];
        // Every digit present took a label as its row was placed.
        let absent = u64::from(10 - state.next);
        let relabellings: u64 = (1..=absent).product();
        Canonical {
            form: Board::from_checked(form_of(view, masks, &state)),
            transform: transform_of(&state),
            automorphisms: maps * relabellings,
        }
    }

    /// Leaves in `self.states` every complete map giving the canonical
    /// form, the first being the one the transform names.
    fn find(&mut self, board: &Board, view: &View, masks: &Masks, repeats: bool, order: Order) {
        match order {
            Order::PatternFirst if !board.is_full() => {
                // The least pattern first: the minlex maps of the board with
                // every given written 1. Each fixes the rows and leaves
                // blocks of columns alike in pattern; the least digits are
                // then sought over those blocks' orders alone.
                let pattern = view.map(|rows| rows.map(|row| row.map(|d| u8::from(d != 0))));
                self.start();
                self.extend(&pattern, masks, true, 0, false);
                for state in &mut self.states {
                    state.depth = 0;
                    state.used_rows = 0;
                    state.label = [0; 10];
                    state.next = 1;
                }
                self.extend(view, masks, !repeats, 0, true);
            }
            _ => {
                self.start();
                self.extend(view, masks, !repeats, 0, false);
            }
        }
    }

    /// The maps the search starts from, in `self.states`: the empty map in
    /// each orientation.
    fn start(&mut self) {
        self.states.clear();
        self.states.push(Partial::start(0));
        self.states.push(Partial::start(1));
    }

    /// Extends the maps in `self.states` row by row from `level`, keeping
    /// those giving the least rows; with `forced`, each keeps the rows it
    /// has; `masks` are the givens of the view's rows. With `faster`, the
    /// faster step of `row` is taken: most boards take it; those whose rows
    /// repeat a digit need the general one (a pattern never does).
    fn extend(&mut self, view: &View, masks: &Masks, faster: bool, mut level: usize, forced: bool) {
        #[cfg(test)]
        let faster = faster && !self.general_only;
        while level < 9 {
            match faster {
                true => {
                    // A lone map with every column placed reads its rows
                    // off until two tie.
                    if let [state] = &mut self.states[..] {
                        if state.nfree == 0 && state.starts == 0x1FF {
                            let reached = row::finish(state, view, masks, level, forced);
                            if reached > level {
                                level = reached;
                                continue;
                            }
                        }
                    }
                    self.level
                        .place(&self.states, &mut self.next, view, masks, level, forced)
                }
                false => self.general_level(view, level, forced),
            }
            std::mem::swap(&mut self.states, &mut self.next);
            level += 1;
        }
    }

    /// Extends the maps in `self.states` by one row at `level` into
    /// `self.next`, keeping those giving the least row; with `forced`, each
    /// takes the row it has.
    fn general_level(&mut self, view: &View, level: usize, forced: bool) {
        self.next.clear();
        let mut sink = Sink {
            best: [0; 9],
            have_best: false,
            out: &mut self.next,
        };
        // A row whose best arrangement puts its first given earlier
        // than another's reads greater ('.' is least): only rows with
        // the most leading empty cells are worth placing.
        let mut most = 0;
        self.leads.clear();
        if !forced {
            for state in &self.states {
                let rows = next_rows(state);
                for r in 0..9u8 {
                    let cells = &view[usize::from(state.t)][usize::from(r)];
                    let lead = if rows >> r & 1 != 0 {
                        leading_empties(state, cells)
                    } else {
                        0
                    };
                    most = most.max(lead);
                    self.leads.push(lead as u8);
                }
            }
        }
        for (at, state) in self.states.iter().enumerate() {
            let rows = if forced {
                1 << state.rows[level]
            } else {
                next_rows(state)
            };
            for r in (0..9u8).filter(|&r| rows >> r & 1 != 0) {
                if !forced && usize::from(self.leads[at * 9 + usize::from(r)]) < most {
                    continue;
                }
                let mut st = *state;
                st.rows[level] = r;
                st.depth += 1;
                st.used_rows |= 1 << r;
                let work = Work {
                    st,
                    acc: [0; 9],
                    old_nfree: st.nfree,
                    remaining: 0,
                };
                row_start(work, &view[usize::from(st.t)][usize::from(r)], &mut sink);
            }
        }
    }
}

/// How many empty cells the least arrangement of `row` under `state` puts
/// before its first given: the free stacks empty in the row, then the
/// emptiest other free stack's empties, or the first block holding a given
/// and its empties.
fn leading_empties(state: &Partial, row: &[u8; 9]) -> usize {
    let mut lead = 0;
    if state.nfree > 0 {
        let mut emptiest = None;
        for x in 0..3 {
            if state.free_set >> x & 1 != 0 {
                let cells = &row[x * 3..x * 3 + 3];
                match cells.iter().filter(|&&d| d == 0).count() {
                    3 => lead += 3,
                    e => emptiest = emptiest.max(Some(e)),
                }
            }
        }
        if let Some(e) = emptiest {
            return lead + e;
        }
    }
    let mut p = usize::from(state.nfree) * 3;
    let mut block_start = p;
    let mut empties = 0;
    while p < 9 {
        if row[usize::from(state.cols[p])] == 0 {
            empties += 1;
        }
        p += 1;
        if p % 3 == 0 || state.starts >> p & 1 != 0 {
            // The block [block_start, p) ends: its empties come first.
            if empties < p - block_start {
                return block_start + empties;
            }
            block_start = p;
            empties = 0;
        }
    }
    9
}

/// The rows that may come next: any row of an unused band at a band's
/// start, else an unused row of the current band.
fn next_rows(state: &Partial) -> u16 {
    let depth = usize::from(state.depth);
    /// The rows of each row's band.
    const BAND: [u16; 9] = [0o7, 0o7, 0o7, 0o70, 0o70, 0o70, 0o700, 0o700, 0o700];
    let used = state.used_rows;
    if depth % 3 == 0 {
        // Bit 3b: band b has a used row; times 7 fills the band.
        let used_bands = (used | used >> 1 | used >> 2) & 0o111;
        !(used_bands * 7) & 0o777
    } else {
        BAND[usize::from(state.rows[depth - 1])] & !used
    }
}

/// Starts a row: stacks still free and empty in this row stay free (they
/// come first, `...` being the least any stack can read).
fn row_start(mut w: Work, row: &[u8; 9], sink: &mut Sink) {
    if w.st.starts == 0x1FF {
        // Every column placed: the row reads off directly.
        return read_off(w.st, row, sink);
    }
    if w.st.nfree > 0 {
        let mut empty = 0u8;
        for x in 0..3 {
            if w.st.free_set >> x & 1 != 0 && row[x * 3..x * 3 + 3] == [0, 0, 0] {
                empty |= 1 << x;
            }
        }
        let kept = empty.count_ones() as usize;
        w.remaining = w.st.free_set & !empty;
        w.st.free_set = empty;
        w.st.nfree = kept as u8;
        stack(w, kept, row, sink);
    } else {
        stack(w, 0, row, sink);
    }
}

/// The row under a map whose columns are all placed, stopping as soon as it
/// reads greater than the best.
fn read_off(mut st: Partial, row: &[u8; 9], sink: &mut Sink) {
    let mut acc = [0u8; 9];
    let mut tied = sink.have_best;
    for (p, &col) in st.cols.iter().enumerate() {
        let d = usize::from(row[usize::from(col)]);
        if d != 0 && st.label[d] == 0 {
            st.label[d] = st.next;
            st.next += 1;
        }
        acc[p] = st.label[d];
        if tied {
            match acc[p].cmp(&sink.best[p]) {
                Ordering::Greater => return,
                Ordering::Less => tied = false,
                Ordering::Equal => {}
            }
        }
    }
    sink.offer(acc, st);
}

/// Places output stack `s`: a formerly free one is tied to each remaining
/// input stack in turn (one block of three), an assigned one block by block.
fn stack(w: Work, s: usize, row: &[u8; 9], sink: &mut Sink) {
    if s == 3 {
        sink.offer(w.acc, w.st);
        return;
    }
    if s < usize::from(w.old_nfree) {
        for x in 0..3u8 {
            if w.remaining >> x & 1 == 0 {
                continue;
            }
            let mut v = w;
            v.remaining &= !(1 << x);
            v.st.cols[s * 3..s * 3 + 3].copy_from_slice(&[x * 3, x * 3 + 1, x * 3 + 2]);
            v.st.starts |= 1 << (s * 3);
            block(v, s * 3, row, sink);
        }
    } else {
        block(w, s * 3, row, sink);
    }
}

/// All orders of up to three items, by count.
const ORDERS: [&[[usize; 3]]; 4] = [
    &[[0, 0, 0]],
    &[[0, 0, 0]],
    &[[0, 1, 0], [1, 0, 0]],
    &crate::geometry::ORDERS_OF_THREE,
];

/// Places the block starting at output position `pos`: empty cells first,
/// labelled digits ascending, then new digits in each order.
fn block(mut w: Work, mut pos: usize, row: &[u8; 9], sink: &mut Sink) {
    let (mut stack_end, mut end) = (pos / 3 * 3 + 3, pos + 1);
    // Blocks of one column take no choice: place them in a loop, without
    // recursing, until a wider block or the row's end.
    while end == stack_end || w.st.starts >> end & 1 != 0 {
        let d = usize::from(row[usize::from(w.st.cols[pos])]);
        if d != 0 && w.st.label[d] == 0 {
            w.st.label[d] = w.st.next;
            w.st.next += 1;
        }
        w.acc[pos] = w.st.label[d];
        if !sink.viable(&w.acc[..end]) {
            return;
        }
        pos = end;
        if pos == 9 {
            sink.offer(w.acc, w.st);
            return;
        }
        if pos == stack_end && pos / 3 < usize::from(w.old_nfree) {
            return stack(w, pos / 3, row, sink);
        }
        stack_end = pos / 3 * 3 + 3;
        end = pos + 1;
    }
    while end < stack_end && w.st.starts >> end & 1 == 0 {
        end += 1;
    }
    let n = end - pos;
    // Sort the block's columns by key: 0 empty, 1-9 a label, 10 + d a new
    // digit d (insertion sort: at most three).
    let mut cols = [0u8; 3];
    let mut keys = [0u8; 3];
    for k in 0..n {
        let col = w.st.cols[pos + k];
        let d = row[usize::from(col)];
        let key = match (d, w.st.label[usize::from(d)]) {
            (0, _) => 0,
            (d, 0) => 10 + d,
            (_, label) => label,
        };
        let mut at = k;
        while at > 0 && keys[at - 1] > key {
            keys[at] = keys[at - 1];
            cols[at] = cols[at - 1];
            at -= 1;
        }
        keys[at] = key;
        cols[at] = col;
    }
    // Groups of new digits (equal digits only in invalid boards).
    let old = keys[..n].iter().filter(|&&k| k < 10).count();
    let mut group_start = [0usize; 4];
    let mut groups = 0;
    for k in old..n {
        if k == old || keys[k] != keys[k - 1] {
            group_start[groups] = k;
            groups += 1;
        }
    }
    group_start[groups] = n;
    for order in ORDERS[groups] {
        let mut v = w;
        let mut at = pos;
        // Empty and labelled cells, in key order; a block starts at each
        // change of key.
        for k in 0..old {
            v.st.cols[at] = cols[k];
            v.acc[at] = keys[k];
            if k > 0 && keys[k] != keys[k - 1] {
                v.st.starts |= 1 << at;
            }
            at += 1;
        }
        for &g in &order[..groups] {
            let d = usize::from(keys[group_start[g]] - 10);
            let label = v.st.next;
            v.st.label[d] = label;
            v.st.next += 1;
            if at > pos {
                v.st.starts |= 1 << at;
            }
            for &col in &cols[group_start[g]..group_start[g + 1]] {
                v.st.cols[at] = col;
                v.acc[at] = label;
                at += 1;
            }
        }
        if !sink.viable(&v.acc[..end]) {
            continue;
        }
        if end == stack_end {
            stack(v, end / 3, row, sink);
        } else {
            block(v, end, row, sink);
        }
    }
}

/// Sorts three keys (a sorting network: three compare-and-swaps).
fn sort3<T: Ord>(mut keys: [T; 3]) -> [T; 3] {
    if keys[0] > keys[1] {
        keys.swap(0, 1);
    }
    if keys[1] > keys[2] {
        keys.swap(1, 2);
    }
    if keys[0] > keys[1] {
        keys.swap(0, 1);
    }
    keys
}

/// A board as the search reads it (see `prepare`).
struct Read {
    /// The rows in both orientations.
    view: View,
    /// Their givens, as `row::masks` gives them.
    masks: Masks,
    /// Whether a row or column repeats a digit, while the board holds two
    /// digits or more.
    repeats: bool,
}

/// The board's rows in both orientations, their givens and whether a row
/// or column repeats a digit, in one pass over the givens.
// Inlined into its callers, which keep the search out of line: the 200
// bytes it fills are then not copied out of it.
#[inline(always)]
fn prepare(board: &Board) -> Read {
    let mut read = Read {
        view: [[[0u8; 9]; 9]; 2],
        masks: [[0u16; 16]; 2],
        repeats: false,
    };
    let (view, masks) = (&mut read.view, &mut read.masks);
    // The digits seen in each column so far, bit d.
    let mut columns = [0u16; 9];
    let mut present = 0u16;
    // Bit d set once a digit d repeats in a row or column.
    let mut repeated = 0u16;
    for (r, cells) in board.cells().chunks_exact(9).enumerate() {
        let row: [u8; 9] = cells.try_into().expect("rows of nine");
        view[0][r] = row;
        let givens = row::given_mask(&row);
        masks[0][r] = givens;
        let mut seen = 0u16;
        let mut rest = givens;
        while rest != 0 {
            // At most 8, as the mask has nine bits: `min` tells the
            // compiler so, for fewer instructions than `% 9`.
            let c = (rest.trailing_zeros() as usize).min(8);
            rest &= rest - 1; // clear the lowest set bit
            view[1][c][r] = row[c];
            masks[1][c] |= 1 << r;
            let bit = 1u16 << row[c];
            repeated |= (seen | columns[c]) & bit;
            seen |= bit;
            columns[c] |= bit;
        }
        present |= seen;
    }
    // A repeat counts while two digits or more are present: `x & (x - 1)`
    // clears the lowest bit.
    read.repeats = repeated != 0 && present & present.wrapping_sub(1) != 0;
    read
}

/// The board's rows in both orientations; with `pattern`, givens as 1
/// (the tests' reference for `prepare`).
#[cfg(test)]
fn view(board: &Board, pattern: bool) -> View {
    let mut view = [[[0u8; 9]; 9]; 2];
    for (r, row) in board.cells().chunks_exact(9).enumerate() {
        for (c, &d) in row.iter().enumerate() {
            let d = if pattern { u8::from(d != 0) } else { d };
            view[0][r][c] = d;
            view[1][c][r] = d;
        }
    }
    view
}

/// The output board of a complete map: each given of the view's rows
/// (`masks`) written at its place, the rest left empty.
// Once a board: kept out of line, so that it does not sway how the
// search is inlined.
#[inline(never)]
fn form_of(view: &View, masks: &Masks, state: &Partial) -> [u8; 81] {
    let t = usize::from(state.t);
    // The output position of each input column of an assigned stack: every
    // given is in one (a stack still free is empty in every row).
    let position = row::positions(state);
    let mut cells = [0u8; 81];
    for (out, &input_row) in cells.chunks_exact_mut(9).zip(&state.rows) {
        let row = &view[t][usize::from(input_row)];
        let mut rest = masks[t][usize::from(input_row)];
        while rest != 0 {
            // At most 8, as the mask has nine bits: `min` tells the
            // compiler so, for fewer instructions than `% 9`.
            let c = (rest.trailing_zeros() as usize).min(8);
            rest &= rest - 1; // clear the lowest set bit
            out[usize::from(position[c])] = state.label[usize::from(row[c])];
        }
    }
    cells
}

/// The transform of a complete map; digits the board lacks take the unused
/// labels in order.
fn transform_of(state: &Partial) -> Transform {
    let mut digits = [0u8; 9];
    let mut used = 0u16;
    for d in 1..10 {
        digits[d - 1] = state.label[d];
        used |= 1 << state.label[d];
    }
    let mut spare = (1..10u8).filter(|&label| used >> label & 1 == 0);
    for digit in &mut digits {
        if *digit == 0 {
            *digit = spare.next().unwrap_or(9);
        }
    }
    Transform {
        transpose: state.t == 1,
        rows: state.rows,
        cols: state.columns(),
        digits,
    }
}

#[cfg(test)]
mod tests;
