//! The canonical form of a 729-cell position (pencil marks): the least
//! 729-character string over every geometric map and relabelling.
//!
//! For a fixed geometric map the least relabelling is forced greedily:
//! digits form an ordered partition (classes of digits not yet told apart,
//! in label order); each cell, in reading order, splits every class into
//! the digits it lacks (lower labels, written `.`) and those it holds.
//!
//! # How
//! Row by row, breadth first, as the puzzles' search (`canon`) goes: every
//! partial map kept has produced the least rows so far, and each is
//! extended by every row the band structure allows next, cell by cell,
//! keeping only the columns giving the least group at each cell. Columns
//! are not enumerated where they need not be: the first row ties each
//! output stack to an input stack, and a map's columns are then kept as
//! blocks of input columns of one stack that every row so far reads alike
//! (any order of a block gives the same rows and partition), so a block's
//! columns reading alike in a row are one choice. The maps giving the form
//! are the maps kept at the end, each standing for every order of its
//! blocks.
//!
//! Two things keep the ties few:
//! - Twins: rows of a band that read alike, bands that hold the same rows,
//!   stacks that hold the same columns. Only maps placing the lesser twin
//!   first are searched; each stands for every order of the twins, and is
//!   the first of them in the order of [`line_orders`]. The full position,
//!   for which every one of the 3,359,232 maps gives the form, keeps two
//!   (one in each orientation).
//! - Looking a row ahead: a first row of distinct single digits reads the
//!   same under all 1296 column orders, which differ only in its labels.
//!   So each level also keeps the least next row any kept map allows (a
//!   map whose next row cannot reach it would be dropped at the next level
//!   anyway), and a row whose remaining cells must read as the least row
//!   does is cut as soon as the groups its partition gives the next row's
//!   placed cells (which can only grow as the partition is refined) read
//!   greater than that least next row's.
//!
//! The map printed is the first of those giving the form in the order of an
//! exhaustive loop (transposition, row order, column order, as
//! [`line_orders`] lists orders), and the automorphisms are every map
//! giving the form, times the relabellings of digits never told apart:
//! what trying all 2 x 1296 x 1296 maps gives (the tests keep that, and the
//! former search, a column order at a time, as references). A position
//! takes tens of microseconds; one of mostly single digits, whose first
//! rows tie under every column order, some hundreds.

use crate::candidates::Candidates;
use crate::transform::Transform;

use super::{Canonical, ORDERS};

/// The nine-line orders the band structure allows: 1296 of them.
pub(super) fn line_orders() -> Vec<[u8; 9]> {
    let mut orders = Vec::with_capacity(1296);
    let perms = ORDERS[3];
    for bands in perms {
        for a in perms {
            for b in perms {
                for c in perms {
                    let mut lines = [0u8; 9];
                    for (at, within) in [a, b, c].iter().enumerate() {
                        for k in 0..3 {
                            lines[at * 3 + k] = (bands[at] * 3 + within[k]) as u8;
                        }
                    }
                    orders.push(lines);
                }
            }
        }
    }
    orders
}

/// How many bits each 9-bit mask has (a table: without the `popcnt`
/// instruction, which the baseline x86-64 target lacks, `count_ones` takes
/// a dozen instructions).
const ONES: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut mask = 1;
    while mask < 512 {
        table[mask] = table[mask / 2] + (mask % 2) as u8;
        mask += 1;
    }
    table
};

/// How many digits a mask holds.
fn ones(mask: u16) -> u32 {
    u32::from(ONES[usize::from(mask) & 511])
}

/// An ordered partition of the nine digits: `classes[..len]`, each a mask
/// (bit d - 1 for digit d), in label order.
#[derive(Clone, Copy)]
struct Partition {
    classes: [u16; 9],
    len: u8,
}

impl Partition {
    const START: Partition = Partition {
        classes: [0x1FF, 0, 0, 0, 0, 0, 0, 0, 0],
        len: 1,
    };

    /// Splits every class by `mask` (lacking first) and returns the cell's
    /// labels as a number whose top bit (of nine) is label 1, so that
    /// numbers compare as the 9-character groups do.
    fn refine(&mut self, mask: u16) -> u16 {
        let mut next = [0u16; 9];
        let mut len = 0;
        let mut label = 0u32;
        let mut group = 0u16;
        for &class in &self.classes[..usize::from(self.len)] {
            let (lacking, holding) = (class & !mask, class & mask);
            label += ones(lacking);
            if lacking != 0 {
                next[len] = lacking;
                len += 1;
            }
            // The digits held take the class's top labels, up to `label`;
            // label `l` is bit 9 - l.
            let held = ones(holding);
            label += held;
            group |= ((1 << held) - 1) << (9 - label);
            if holding != 0 {
                next[len] = holding;
                len += 1;
            }
        }
        self.classes = next;
        self.len = len as u8;
        group
    }

    /// The group [`refine`](Self::refine) returns for `mask`, the partition
    /// left as it is: each class's digits in `mask` take its top labels.
    fn group(&self, mask: u16) -> u16 {
        let mut label = 0u32;
        let mut group = 0u16;
        for &class in &self.classes[..usize::from(self.len)] {
            label += ones(class);
            let held = ones(class & mask);
            group |= ((1 << held) - 1) << (9 - label);
        }
        group
    }
}

/// The place of a line order in [`line_orders`]' list.
fn order_index(lines: &[u8; 9]) -> u32 {
    // The rank of a permutation of 0..3 in lexicographic order, from its
    // first two entries.
    let rank = |a: u8, b: u8| u32::from(a) * 2 + u32::from(if b > a { b - 1 } else { b });
    let bands = rank(lines[0] / 3, lines[3] / 3);
    (0..3).fold(bands, |index, band| {
        index * 6 + rank(lines[band * 3] % 3, lines[band * 3 + 1] % 3)
    })
}

/// The lines (rows or columns) of each band or stack, bit per line.
const TRIPLES: [u16; 3] = [0o7, 0o70, 0o700];

/// A geometric map placed up to some output row, standing for every map
/// that differs from it only in the order of interchangeable columns:
/// those of one stack that every row so far reads alike.
#[derive(Clone, Copy)]
struct Partial {
    /// 1 when the input is transposed first.
    t: u8,
    /// Output rows placed so far.
    depth: u8,
    /// Input rows used (bit per row).
    used_rows: u16,
    /// Input row of each placed output row.
    rows: [u8; 9],
    /// The input columns each output position may hold (bit per column):
    /// those of its stack that every row so far reads alike (see
    /// [`Partial::first_cols`] for one column order they stand for).
    blocks: [u16; 9],
    /// The digits' partition the rows so far leave.
    partition: Partition,
}

impl Partial {
    fn start(t: u8) -> Partial {
        Partial {
            t,
            depth: 0,
            used_rows: 0,
            rows: [0; 9],
            blocks: [0; 9],
            partition: Partition::START,
        }
    }

    /// The input rows that may come next: any row of an unused band at a
    /// band's start, else an unused row of the current band.
    fn next_rows(&self) -> u16 {
        let depth = usize::from(self.depth);
        // At depth 0 the last row is not read.
        rows_after(depth, self.used_rows, self.rows[depth.saturating_sub(1)])
    }

    /// How many column orders the partial map stands for: every order of
    /// each block.
    fn multiplicity(&self) -> u64 {
        let mut count = 1;
        for p in 0..9 {
            let stack = &self.blocks[p / 3 * 3..p];
            // Each block counted once, at its first position.
            if !stack.contains(&self.blocks[p]) {
                count *= (1..=u64::from(self.blocks[p].count_ones())).product::<u64>();
            }
        }
        count
    }

    /// The column order, of those the partial map stands for, that comes
    /// first in [`line_orders`]: stacks are fixed, and each position takes
    /// the least column of its block not taken before it.
    fn first_cols(&self) -> [u8; 9] {
        let mut cols = [0u8; 9];
        let mut taken = 0u16;
        for (p, col) in cols.iter_mut().enumerate() {
            let c = (self.blocks[p] & !taken).trailing_zeros() as u8;
            taken |= 1 << c;
            *col = c;
        }
        cols
    }
}

/// The input rows that may come at output row `depth`, rows `used` (bit
/// per row) placed and `last` the one before it: any row of an unused band
/// at a band's start, else an unused row of `last`'s band.
fn rows_after(depth: usize, used: u16, last: u8) -> u16 {
    if depth.is_multiple_of(3) {
        // Bit 3b: band b has a used row; times 7 fills the band.
        let used_bands = (used | used >> 1 | used >> 2) & 0o111;
        !(used_bands * 7) & 0o777
    } else {
        TRIPLES[usize::from(last / 3)] & !used
    }
}

/// A row being placed under a partial map.
#[derive(Clone, Copy)]
struct Work {
    /// The partition after the cells placed so far.
    partition: Partition,
    /// Input column at each output position placed so far.
    cols: [u8; 9],
    /// Input columns placed (bit per column).
    used: u16,
    /// The row's groups so far, the first in the top bits.
    acc: u128,
}

impl Work {
    fn start(st: &Partial) -> Work {
        Work {
            partition: st.partition,
            cols: [0; 9],
            used: 0,
            acc: 0,
        }
    }
}

/// Group `p` (of nine, the first in the top bits) of a row's number.
fn group_at(row: u128, p: usize) -> u16 {
    (row >> (9 * (8 - p))) as u16 & 0x1FF
}

/// The least of `group` over the columns in `cols` of `row`.
fn least_group(partition: &Partition, row: &[u16; 9], mut cols: u16) -> u16 {
    let mut least = u16::MAX;
    while cols != 0 {
        least = least.min(partition.group(row[cols.trailing_zeros() as usize]));
        cols &= cols - 1; // clear the lowest set bit
    }
    least
}

/// The input columns that may come at output position `p` of a row placed
/// up to it (`w`): at the first row, what is left of the input stack of
/// `p`'s output stack once it has one, else the columns of the stacks not
/// entered; later, what is left of `p`'s block.
fn open_at(input: &Input, st: &Partial, w: &Work, p: usize) -> u16 {
    if st.depth > 0 {
        st.blocks[p] & !w.used
    } else if !p.is_multiple_of(3) {
        TRIPLES[usize::from(w.cols[p - 1] / 3)] & !w.used
    } else {
        // A stack not entered, unless a lesser one reads as it does.
        let fresh = (0..3).filter(|&s| w.used & TRIPLES[s] == 0);
        let fresh_set = fresh.clone().fold(0u8, |set, s| set | 1 << s);
        let stacks = &input.bands[usize::from(1 - st.t)];
        fresh
            .filter(|&s| stacks[s] & fresh_set == 0)
            .fold(0, |open, s| open | TRIPLES[s])
    }
}

/// The columns that may come at output position `p` (`w` placed before
/// it) of `row` and give the least group, and the group. Columns that may
/// come there and read alike in `row` and in every row before (of one
/// block, or of one stack at the first row) are one choice: the first
/// stands for all.
fn choices(input: &Input, st: &Partial, row: &[u16; 9], p: usize, w: &Work) -> (u16, u16) {
    let open = open_at(input, st, w, p);
    let mut chosen = 0u16;
    let mut least = u16::MAX;
    let mut rest = open;
    while rest != 0 {
        let c = rest.trailing_zeros() as usize;
        rest &= rest - 1; // clear the lowest set bit
        let mask = row[c];
        let mut earlier = open & TRIPLES[c / 3] & ((1 << c) - 1);
        let mut alike = false;
        while earlier != 0 {
            alike |= row[earlier.trailing_zeros() as usize] == mask;
            earlier &= earlier - 1;
        }
        if alike {
            continue;
        }
        let group = w.partition.group(mask);
        if group < least {
            least = group;
            chosen = 0;
        }
        if group == least {
            chosen |= 1 << c;
        }
    }
    (chosen, least)
}

/// Places the least group's column `c` of `row` at output position `p`
/// (`w` placed before it), the row so far then reading `acc`.
fn placed(w: &Work, row: &[u16; 9], p: usize, c: usize, acc: u128) -> Work {
    let mut v = *w;
    v.partition.refine(row[c]);
    v.cols[p] = c as u8;
    v.used |= 1 << c;
    v.acc = acc;
    v
}

/// The least arrangement of any row that may come next under `st`, if it
/// reads `bound` or less.
fn least_next(input: &Input, st: &Partial, bound: u128) -> Option<u128> {
    /// The least arrangement of `row` from position `p` on, kept in `best`
    /// if it reads no greater.
    fn descend(
        input: &Input,
        st: &Partial,
        row: &[u16; 9],
        p: usize,
        w: Work,
        best: &mut Option<u128>,
        bound: u128,
    ) {
        if p == 9 {
            *best = Some(w.acc);
            return;
        }
        let (mut chosen, least) = choices(input, st, row, p, &w);
        let acc = w.acc << 9 | u128::from(least);
        if acc > best.unwrap_or(bound) >> (9 * (8 - p)) {
            return;
        }
        while chosen != 0 {
            let c = chosen.trailing_zeros() as usize;
            chosen &= chosen - 1;
            let v = placed(&w, row, p, c, acc);
            descend(input, st, row, p + 1, v, best, bound);
        }
    }
    let mut best = None;
    let mut rows = input.next_rows(st);
    while rows != 0 {
        let r = rows.trailing_zeros() as usize;
        rows &= rows - 1;
        let row = &input.grid[usize::from(st.t)][r];
        descend(input, st, row, 0, Work::start(st), &mut best, bound);
    }
    best
}

/// The input as the search reads it.
struct Input {
    /// The masks of each input row in both orientations, by input column.
    grid: [[[u16; 9]; 9]; 2],
    /// Bit `r2` of `rows[t][r]`: row `r2`, before row `r` in its band,
    /// reads as it does (orientation `t`).
    rows: [[u16; 9]; 2],
    /// Bit `b2` of `bands[t][b]`: band `b2`, before band `b`, holds the
    /// rows it does, in some order (orientation `t`). The stacks of one
    /// orientation are the bands of the other.
    bands: [[u8; 3]; 2],
}

impl Input {
    fn new(marks: &Candidates) -> Input {
        let mut grid = [[[0u16; 9]; 9]; 2];
        for (cell, &mask) in marks.masks().iter().enumerate() {
            let (r, c) = (cell / 9, cell % 9);
            grid[0][r][c] = mask;
            grid[1][c][r] = mask;
        }
        let rows = grid.map(|lines| {
            std::array::from_fn(|r| {
                (r / 3 * 3..r)
                    .filter(|&r2| lines[r2] == lines[r])
                    .fold(0, |twins, r2| twins | 1 << r2)
            })
        });
        let bands = grid.map(|lines| {
            let sorted: [[[u16; 9]; 3]; 3] = std::array::from_fn(|b| {
                let mut band = [lines[b * 3], lines[b * 3 + 1], lines[b * 3 + 2]];
                band.sort_unstable();
                band
            });
            std::array::from_fn(|b| {
                (0..b)
                    .filter(|&b2| sorted[b2] == sorted[b])
                    .fold(0, |twins, b2| twins | 1 << b2)
            })
        });
        Input { grid, rows, bands }
    }

    /// The input rows that may come next under `st`, but for a row (or a
    /// band, at a band's start) with a twin before it not yet used: the
    /// maps placing the twin first stand for them (see
    /// [`Input::twin_orders`]).
    fn next_rows(&self, st: &Partial) -> u16 {
        let t = usize::from(st.t);
        let unused = !st.used_rows;
        let unused_bands = (0..3)
            .filter(|&b| unused & TRIPLES[b] == TRIPLES[b])
            .fold(0u8, |set, b| set | 1 << b);
        let mut rows = st.next_rows();
        let mut kept = 0;
        while rows != 0 {
            let r = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let twin_band = st.depth.is_multiple_of(3) && self.bands[t][r / 3] & unused_bands != 0;
            if self.rows[t][r] & unused == 0 && !twin_band {
                kept |= 1 << r;
            }
        }
        kept
    }

    /// How many maps each map the search keeps in orientation `t` stands
    /// for: those placing twin rows, twin bands or twin stacks in other
    /// orders (the least of them in the order of [`line_orders`] is the one
    /// kept).
    fn twin_orders(&self, t: usize) -> u64 {
        let orders = |twins: u64| twins + 1;
        let rows: u64 = self.rows[t]
            .iter()
            .map(|&twins| orders(u64::from(ones(twins))))
            .product();
        let bands: u64 = self.bands[t]
            .iter()
            .chain(&self.bands[1 - t])
            .map(|&twins| orders(u64::from(ones(u16::from(twins)))))
            .product();
        rows * bands
    }
}

/// One level of the search: the least row found so far, the least next
/// row after it, and the maps extended to them.
struct Level<'a> {
    input: &'a Input,
    /// Nine 9-bit groups, the first in the top bits, so that numbers
    /// compare as the rows' text does; `u128::MAX` while none is found.
    best: u128,
    /// The least row that may come next under a map kept (`u128::MAX`
    /// while none is kept; 0 where the level does not look ahead).
    best_next: u128,
    /// Whether the level looks a row ahead (see [`Level::hopeless`]).
    lookahead: bool,
    out: &'a mut Vec<Partial>,
}

impl Level<'_> {
    /// Places output position `p` of input row `r` (its masks `row`, by
    /// input column) under `st`: every choice of column giving the least
    /// group is a branch (see [`choices`]).
    fn step(&mut self, st: &Partial, r: u8, row: &[u16; 9], p: usize, w: Work) {
        if p == 9 {
            return self.offer(st, r, row, w);
        }
        let (mut chosen, least) = choices(self.input, st, row, p, &w);
        let acc = w.acc << 9 | u128::from(least);
        if acc > self.best >> (9 * (8 - p)) {
            return;
        }
        // Where the search branches, a branch may be cut by what follows.
        let branches = !chosen.is_power_of_two() && p < 8;
        while chosen != 0 {
            let c = chosen.trailing_zeros() as usize;
            chosen &= chosen - 1;
            let v = placed(&w, row, p, c, acc);
            if !(branches && self.hopeless(st, r, row, p + 1, &v)) {
                self.step(st, r, row, p + 1, v);
            }
        }
    }

    /// Whether a row placed up to position `p` (`w`, below 9), so far
    /// reading as the least row does, must read as it does to the end (see
    /// [`forced_rest`]) and cannot be followed by a row as least as the
    /// least next row. A cell's group can only grow as the partition is
    /// refined (its digits' labels stay within their classes' ranges, and
    /// the group is least with them on top), so the groups under the
    /// partition now bound those of the next row's cells at the positions
    /// placed (in their columns, or those of their blocks alike so far).
    fn hopeless(&self, st: &Partial, r: u8, row: &[u16; 9], p: usize, w: &Work) -> bool {
        if !self.lookahead || self.best_next == u128::MAX || w.acc != self.best >> (9 * (9 - p)) {
            return false;
        }
        let partition = &w.partition;
        match forced_rest(partition, row, 0x1FF & !w.used) {
            Some(rest) if rest == self.best & ((1 << (9 * (9 - p))) - 1) => {}
            Some(rest) => return rest > self.best & ((1 << (9 * (9 - p))) - 1),
            None => return false,
        }
        let t = usize::from(st.t);
        let mut rows = rows_after(usize::from(st.depth) + 1, st.used_rows | 1 << r, r);
        while rows != 0 {
            let next = &self.input.grid[t][rows.trailing_zeros() as usize];
            rows &= rows - 1;
            let mut tied = true;
            for j in 0..p {
                let c = usize::from(w.cols[j]);
                let block = if st.depth > 0 {
                    st.blocks[j]
                } else {
                    TRIPLES[c / 3]
                };
                let bound = least_group(partition, next, alike(row, block, row[c]));
                let best = group_at(self.best_next, j);
                if bound != best {
                    tied = false;
                    if bound < best {
                        return false;
                    }
                    break;
                }
            }
            if tied {
                return false;
            }
        }
        true
    }

    /// A placed row: kept if it and the least row that may follow it tie
    /// the least, the others cleared if they read less. Each block splits
    /// by what the row reads in its columns.
    fn offer(&mut self, st: &Partial, r: u8, row: &[u16; 9], w: Work) {
        if w.acc > self.best {
            return;
        }
        let mut next = *st;
        next.rows[usize::from(st.depth)] = r;
        next.depth += 1;
        next.used_rows |= 1 << r;
        next.partition = w.partition;
        for (p, block) in next.blocks.iter_mut().enumerate() {
            let c = usize::from(w.cols[p]);
            let old = if st.depth == 0 {
                TRIPLES[c / 3]
            } else {
                st.blocks[p]
            };
            *block = alike(row, old, row[c]);
        }
        let after = if !self.lookahead {
            0
        } else {
            let bound = if w.acc == self.best {
                self.best_next
            } else {
                u128::MAX
            };
            match least_next(self.input, &next, bound) {
                Some(after) => after,
                None => return,
            }
        };
        if w.acc < self.best || after < self.best_next {
            self.best = w.acc;
            self.best_next = after;
            self.out.clear();
        }
        self.out.push(next);
    }
}

/// The groups the columns `cols` of `row` read, in whatever order they
/// come, after a partition `partition`, when the order does not matter
/// (the last group in the lowest bits): when they all read alike, or
/// are distinct single digits of one class (each then takes the class's
/// top label left).
fn forced_rest(partition: &Partition, row: &[u16; 9], cols: u16) -> Option<u128> {
    let first = row[cols.trailing_zeros() as usize];
    let mut rest = cols;
    let (mut same, mut union, mut singles) = (true, 0u16, true);
    while rest != 0 {
        let mask = row[rest.trailing_zeros() as usize];
        rest &= rest - 1; // clear the lowest set bit
        same &= mask == first;
        singles &= mask.is_power_of_two() && union & mask == 0;
        union |= mask;
    }
    let n = ones(cols);
    if same {
        let group = u128::from(partition.group(first));
        return Some((0..n).fold(0, |acc, _| acc << 9 | group));
    }
    // One class holds every digit: its top label comes first.
    let mut label = 0u32;
    for &class in &partition.classes[..usize::from(partition.len)] {
        label += ones(class);
        if singles && class & union == union {
            return Some((0..n).fold(0, |acc, i| acc << 9 | 1 << (9 - label + i)));
        }
    }
    None
}

/// The columns in `cols` whose mask in `row` is `mask`.
fn alike(row: &[u16; 9], mut cols: u16, mask: u16) -> u16 {
    let mut alike = 0;
    while cols != 0 {
        let c = cols.trailing_zeros() as usize;
        cols &= cols - 1; // clear the lowest set bit
        if row[c] == mask {
            alike |= 1 << c;
        }
    }
    alike
}

/// The canonical marks of `marks`, with the map onto them and the number
/// of automorphisms (relabellings of digits never told apart included).
pub fn canonical_marks(marks: &Candidates) -> (Canonical, Candidates) {
    let input = Input::new(marks);
    let mut states = vec![Partial::start(0), Partial::start(1)];
    let mut next = Vec::new();
    for depth in 0..9 {
        next.clear();
        // Many maps tie on a row only where its columns may still be
        // ordered: at the first row, or in a block of two or three.
        let lookahead = depth < 8
            && (depth == 0
                || states
                    .iter()
                    .any(|st| st.blocks.iter().any(|block| !block.is_power_of_two())));
        let mut level = Level {
            input: &input,
            best: u128::MAX,
            best_next: if lookahead { u128::MAX } else { 0 },
            lookahead,
            out: &mut next,
        };
        for st in &states {
            let mut rows = input.next_rows(st);
            while rows != 0 {
                let r = rows.trailing_zeros() as u8;
                rows &= rows - 1;
                let row = &input.grid[usize::from(st.t)][usize::from(r)];
                level.step(st, r, row, 0, Work::start(st));
            }
        }
        std::mem::swap(&mut states, &mut next);
    }
    let count = states
        .iter()
        .map(|st| st.multiplicity() * input.twin_orders(usize::from(st.t)))
        .sum();
    // The map printed is the first best one in the order of an exhaustive
    // loop (transposition, row order, column order).
    let first = states
        .iter()
        .map(|st| {
            let cols = st.first_cols();
            ((st.t, order_index(&st.rows), order_index(&cols)), st, cols)
        })
        .min_by_key(|&(key, _, _)| key)
        .map(|(_, st, cols)| (st.t == 1, st.rows, cols, st.partition))
        .expect("every level keeps a map");
    finish(marks, first, count)
}

/// The canonical answer from a best geometric map, the partition of the
/// digits it leaves and how many geometric maps give the same form.
fn finish(
    marks: &Candidates,
    (transpose, rows, cols, partition): (bool, [u8; 9], [u8; 9], Partition),
    count: u64,
) -> (Canonical, Candidates) {
    let mut digits = [0u8; 9];
    let mut label = 1;
    let mut relabellings = 1u64;
    for &class in &partition.classes[..usize::from(partition.len)] {
        let size = class.count_ones() as u64;
        relabellings *= (1..=size).product::<u64>();
        for (d, digit) in digits.iter_mut().enumerate() {
            if class >> d & 1 != 0 {
                *digit = label;
                label += 1;
            }
        }
    }
    let transform = Transform {
        transpose,
        rows,
        cols,
        digits,
    };
    let form = transform.apply_marks(marks);
    let canonical = Canonical {
        form: form.board(),
        transform,
        automorphisms: count * relabellings,
    };
    (canonical, form)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::generate::puzzle_seed;
    use std::cmp::Ordering;

    /// The former search (the reference the search is checked against): the
    /// least form over the geometric maps, found row by row: for a fixed
    /// column order, each output row is the least any row the band structure
    /// allows next can give, so only rows that tie for least are branched on,
    /// and a row that reads greater than the best form's cuts the branch.
    struct Search {
        /// The best form so far, a row per number (nine 9-bit groups, the
        /// first in the top bits, so numbers compare as the rows' text does).
        best: [u128; 9],
        /// How many maps give `best`.
        count: u64,
        /// Of the maps giving `best`, the first in the order of an exhaustive
        /// loop (transposition, row order, column order), so the transform
        /// does not depend on the order of the search.
        best_key: (bool, u32, u32),
        best_map: (bool, [u8; 9], [u8; 9], Partition),
        /// The map being searched: its transposition and column order.
        transpose: bool,
        cols: [u8; 9],
        cols_index: u32,
        /// The input's masks, transposed and with columns in `cols` order.
        grid: [[u16; 9]; 9],
    }

    impl Default for Search {
        fn default() -> Search {
            Search {
                best: [u128::MAX; 9],
                count: 0,
                best_key: (true, u32::MAX, u32::MAX),
                best_map: (false, [0; 9], [0; 9], Partition::START),
                transpose: false,
                cols: [0; 9],
                cols_index: 0,
                grid: [[0; 9]; 9],
            }
        }
    }

    impl Search {
        /// Places output row `at` (rows `..at` are `chosen`), given the
        /// partition the rows before it leave.
        fn descend(&mut self, at: usize, partition: Partition, chosen: &mut [u8; 9]) {
            if at == 9 {
                self.leaf(chosen, partition);
                return;
            }
            let mut ties = [(0u8, Partition::START); 9];
            let mut tied = 0;
            let mut least = u128::MAX;
            for row in Self::next_rows(at, chosen) {
                let mut after = partition;
                let value = self.grid[usize::from(row)]
                    .iter()
                    .fold(0u128, |value, &mask| {
                        value << 9 | u128::from(after.refine(mask))
                    });
                if value < least {
                    least = value;
                    tied = 0;
                }
                if value == least {
                    ties[tied] = (row, after);
                    tied += 1;
                }
            }
            match least.cmp(&self.best[at]) {
                Ordering::Greater => return,
                Ordering::Less => {
                    self.best[at] = least;
                    self.best[at + 1..].fill(u128::MAX);
                    self.count = 0;
                    self.best_key = (true, u32::MAX, u32::MAX);
                }
                Ordering::Equal => {}
            }
            for &(row, after) in &ties[..tied] {
                chosen[at] = row;
                self.descend(at + 1, after, chosen);
            }
        }

        /// The input rows that may come at output row `at`: any row of a band
        /// not used yet at a band's start, else the current band's unused rows.
        fn next_rows(at: usize, chosen: &[u8; 9]) -> impl Iterator<Item = u8> + '_ {
            let band_start = at.is_multiple_of(3);
            let band = if band_start { 0 } else { chosen[at - 1] / 3 };
            (0..9u8).filter(move |&row| {
                let unused = !chosen[..at].contains(&row);
                if band_start {
                    unused && chosen[..at].iter().all(|&c| c / 3 != row / 3)
                } else {
                    unused && row / 3 == band
                }
            })
        }

        /// A complete map that gives the best form.
        fn leaf(&mut self, rows: &[u8; 9], partition: Partition) {
            self.count += 1;
            let key = (self.transpose, order_index(rows), self.cols_index);
            if key < self.best_key {
                self.best_key = key;
                self.best_map = (self.transpose, *rows, self.cols, partition);
            }
        }
    }

    /// The former answer: every column order in both orientations, each
    /// searched row by row.
    fn by_column_orders(marks: &Candidates) -> (Canonical, Candidates) {
        let orders = line_orders();
        let mut search = Search::default();
        for transpose in [false, true] {
            search.transpose = transpose;
            for (index, cols) in orders.iter().enumerate() {
                search.cols_index = index as u32;
                search.cols = *cols;
                for (r, row) in search.grid.iter_mut().enumerate() {
                    for (c, mask) in row.iter_mut().enumerate() {
                        let (r, c) = (r, usize::from(cols[c]));
                        *mask = marks.of(if transpose { c * 9 + r } else { r * 9 + c });
                    }
                }
                search.descend(0, Partition::START, &mut [0; 9]);
            }
        }
        let (transpose, rows, cols, partition) = search.best_map;
        finish(marks, (transpose, rows, cols, partition), search.count)
    }

    /// The slow reference: every geometric map, cut at the first cell
    /// that reads greater than the best; the first best map in loop order.
    fn exhaustive(marks: &Candidates) -> (Canonical, Candidates) {
        let orders = line_orders();
        let mut best = [u16::MAX; 81];
        let mut best_map = (false, [0u8; 9], [0u8; 9], Partition::START);
        let mut count = 0u64;
        for transpose in [false, true] {
            for rows in &orders {
                for cols in &orders {
                    let mut partition = Partition::START;
                    let mut verdict = Ordering::Equal;
                    let mut form = [0u16; 81];
                    for i in 0..81 {
                        let (r, c) = (usize::from(rows[i / 9]), usize::from(cols[i % 9]));
                        let cell = if transpose { c * 9 + r } else { r * 9 + c };
                        form[i] = partition.refine(marks.of(cell));
                        if verdict == Ordering::Equal {
                            verdict = form[i].cmp(&best[i]);
                            if verdict == Ordering::Greater {
                                break;
                            }
                        }
                    }
                    match verdict {
                        Ordering::Less => {
                            best = form;
                            best_map = (transpose, *rows, *cols, partition);
                            count = 1;
                        }
                        Ordering::Equal => count += 1,
                        Ordering::Greater => {}
                    }
                }
            }
        }
        finish(marks, best_map, count)
    }

    fn position(puzzle: &str, extra: u64) -> Candidates {
        let board: Board = puzzle.parse().unwrap();
        let mut masks = *Candidates::from_board(&board).masks();
        // A few cells keep marks their peers rule out, so positions are not
        // just a board's basic marks.
        let mut state = extra;
        for _ in 0..(extra % 7) {
            state = puzzle_seed(state, 1);
            let cell = (state % 81) as usize;
            masks[cell] |= 1 << (state / 81 % 9);
        }
        Candidates::new(masks).unwrap()
    }

    /// A board's candidates: a given its digit, an empty cell every digit
    /// its row, column and box lack.
    fn basic_marks(board: &Board) -> [u16; 81] {
        let cells = board.cells();
        std::array::from_fn(|cell| match cells[cell] {
            0 => {
                let (r, c) = (cell / 9, cell % 9);
                let seen = (0..81)
                    .filter(|&o| {
                        o / 9 == r || o % 9 == c || (o / 27 == r / 3 && o % 9 / 3 == c / 3)
                    })
                    .fold(0, |seen, o| match cells[o] {
                        0 => seen,
                        digit => seen | 1 << (digit - 1),
                    });
                Candidates::ALL & !seen
            }
            digit => 1 << (digit - 1),
        })
    }

    const PUZZLES: [&str; 3] = [
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ];
    const GRID: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    /// Seeded positions of every kind in turn: a puzzle's candidates with
    /// digits removed, a grid's single digits with a few added (so that the
    /// first rows tie under every column order), nearly full ones (many
    /// twins), random masks. Puzzles and grid are moved by a random map
    /// first.
    fn random_positions(seed: u64, count: u64) -> Vec<Candidates> {
        let mut state = seed;
        let mut next = move |below: u64| {
            state = puzzle_seed(state, 1);
            (state % below) as usize
        };
        (0..count)
            .map(|k| {
                let moved = |text: &str, seed: usize| {
                    let board: Board = text.parse().unwrap();
                    crate::transform::Transform::random(seed as u64).apply(&board)
                };
                let masks = match k % 4 {
                    0 => {
                        let board = moved(PUZZLES[next(3)], next(1 << 30));
                        let mut masks = basic_marks(&board);
                        for _ in 0..next(60) {
                            let (cell, bit) = (next(81), 1 << next(9));
                            if masks[cell] & !bit != 0 {
                                masks[cell] &= !bit;
                            }
                        }
                        masks
                    }
                    1 => {
                        let mut masks = basic_marks(&moved(GRID, next(1 << 30)));
                        for _ in 0..next(6) {
                            masks[next(81)] |= 1 << next(9);
                        }
                        masks
                    }
                    2 => {
                        let mut masks = [Candidates::ALL; 81];
                        for _ in 0..1 + next(6) {
                            masks[next(81)] &= !(1 << next(9));
                        }
                        masks
                    }
                    _ => std::array::from_fn(|_| 1 + next(511) as u16),
                };
                Candidates::new(masks).unwrap()
            })
            .collect()
    }

    /// `masks` with twins: a row copied onto another of its band, a band
    /// onto another band, a stack onto another stack (its columns in
    /// another order), each or not as `kind`'s bits say.
    fn with_twins(masks: &Candidates, kind: u8) -> Candidates {
        let mut masks = *masks.masks();
        if kind & 1 != 0 {
            for c in 0..9 {
                masks[5 * 9 + c] = masks[4 * 9 + c];
            }
        }
        if kind & 2 != 0 {
            // Band 0 onto band 2, its rows in the order 1, 2, 0.
            for (to, from) in [(6, 1), (7, 2), (8, 0)] {
                for c in 0..9 {
                    masks[to * 9 + c] = masks[from * 9 + c];
                }
            }
        }
        if kind & 4 != 0 {
            // Stack 2 onto stack 1, its columns in the order 8, 6, 7.
            for (to, from) in [(3, 8), (4, 6), (5, 7)] {
                for r in 0..9 {
                    masks[r * 9 + to] = masks[r * 9 + from];
                }
            }
        }
        Candidates::new(masks).unwrap()
    }

    #[test]
    fn search_agrees_with_the_former_search() {
        for (k, marks) in random_positions(11, 48).iter().enumerate() {
            assert_eq!(
                canonical_marks(marks),
                by_column_orders(marks),
                "{k}: {marks}"
            );
        }
    }

    #[test]
    fn twins_are_counted_and_the_first_map_kept() {
        for (k, marks) in random_positions(23, 16).iter().enumerate() {
            for kind in 1..8 {
                let twins = with_twins(marks, kind);
                let canon = canonical_marks(&twins);
                assert_eq!(canon, by_column_orders(&twins), "{k}, {kind}: {twins}");
                // Every look-alike has the form and as many automorphisms.
                let moved = crate::transform::Transform::random(k as u64 * 8 + u64::from(kind));
                let other = canonical_marks(&moved.apply_marks(&twins));
                assert_eq!(
                    (other.1, other.0.automorphisms),
                    (canon.1, canon.0.automorphisms)
                );
            }
        }
    }

    #[test]
    fn every_map_fixes_the_full_position() {
        let full = Candidates::new([Candidates::ALL; 81]).unwrap();
        let (canon, form) = canonical_marks(&full);
        assert_eq!(form, full);
        assert_eq!(canon.automorphisms, 3_359_232 * 362_880);
        let identity = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        assert_eq!(
            (
                canon.transform.transpose,
                canon.transform.rows,
                canon.transform.cols
            ),
            (false, identity, identity)
        );
        assert_eq!(canon.transform.digits, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn order_index_is_the_place_in_line_orders() {
        for (index, lines) in line_orders().iter().enumerate() {
            assert_eq!(order_index(lines) as usize, index);
        }
    }

    #[test]
    fn search_agrees_with_every_map_tried() {
        let positions = [
            position(
                "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
                3,
            ),
            position(
                "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
                12,
            ),
            position(
                "123456789456789123789123456231564897564897231897231564312645978645978312978312645",
                0,
            ),
            position(&".".repeat(81), 0),
            position(&format!("1{}", ".".repeat(80)), 5),
        ];
        for marks in &positions {
            assert_eq!(canonical_marks(marks), exhaustive(marks), "{marks}");
        }
    }
}
