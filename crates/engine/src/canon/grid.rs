//! The minlex form of a valid full grid, without search.
//!
//! Row 1 of the form reads 123456789 under every map (the labels follow
//! it), so row 2 is fixed by which ordered pair of rows of one band (of the
//! grid or its transpose) comes first and by the column order: at output
//! position `p` it holds the output position of the row-1 column whose
//! digit row 2 has there. As maps of columns, row 2 is the pair's column
//! map `T` (column `c` to the row-1 column holding row 2's digit at `c`)
//! conjugated by the column order. `T` never maps a column into its own
//! stack, and the 12,096 maps that do not fall into 15 classes under the
//! 1296 column orders; the least conjugate of each class is in [`FORMS`].
//! A table built at first use (about 3.4 million instructions, a
//! millisecond) gives any `T` its class and one column order reaching
//! that form.
//!
//! So the classes of the 18 row pairs fix the least row 2 (a pair read the
//! other way round has the inverse map, always of the same class), and
//! every map giving it is a pair of that class, in either order, under a
//! column order reaching its form: the one from the table composed with
//! each of a short list per class (the form's stabiliser, or the orders
//! taking its inverse onto it: 1 to 18). Such a candidate fixes the
//! columns and labels, and the rest follows: row 3 is the band's third
//! row, then the other two bands, each's rows in ascending order, the band
//! with the lesser first row first (no two rows of a valid grid read alike
//! under one map). Row 3 is read for every candidate first (its third
//! row's map conjugated likewise), and only those giving the least are
//! completed. The least completion is the form; the candidates reaching
//! it are the automorphisms, as a valid grid holds all nine digits and so
//! no relabelling adds any.
//!
//! Validity needs no pass of its own: the lookups of the pairs fail unless
//! every row, column and box holds the nine digits (see [`least_pairs`]).
//! Any other board, full or not, is left to the general search.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::marks::line_orders;
use super::{sort3, Canonical};
use crate::board::Board;
use crate::transform::Transform;

/// A permutation of nine positions, as a list of images, padded to
/// sixteen (the padding 0) so that an index masked to four bits needs no
/// bounds check.
type Perm = [u8; 16];

/// The least row 2 of each class of pair maps (digits less one: the map
/// itself), ascending, so a class's index orders the classes as their
/// forms do.
const FORMS: [Perm; 15] = [
    form(b"456789123"),
    form(b"456789132"),
    form(b"456789231"),
    form(b"457189236"),
    form(b"457189263"),
    form(b"457189326"),
    form(b"457189623"),
    form(b"457189632"),
    form(b"457289163"),
    form(b"457289613"),
    form(b"457289631"),
    form(b"457389612"),
    form(b"457389621"),
    form(b"457893612"),
    form(b"457893621"),
];

const fn form(row: &[u8; 9]) -> Perm {
    let mut map = [0u8; 16];
    let mut p = 0;
    while p < 9 {
        map[p] = row[p] - b'1';
        p += 1;
    }
    map
}

/// Slots of the pair-map table: a power of two, about three times the
/// 12,096 maps, so a probe rarely runs on.
const SLOT_BITS: u32 = 15;
const SLOTS: usize = 1 << SLOT_BITS;

/// Where a digit a row lacks is: no column, and as a key's image a value
/// no pair map has, so such a row's pairs are in no class.
const NOWHERE: u8 = 0xF;

/// What the per-grid work looks up, built once.
struct Tables {
    /// The 1296 column orders: output position to input column.
    orders: Vec<Perm>,
    /// Their inverses.
    inverses: Vec<Perm>,
    /// Pair maps by [`key`], open addressing: 0 is empty, else the key
    /// from bit 15 up, the class in bits 11-14, and the index of a column
    /// order conjugating the map onto its class's form in bits 0-10.
    slots: Box<[u64]>,
    /// Column orders `keep` for each class, so that a pair's order from the
    /// table composed with `keep` conjugates the pair's map onto the form:
    /// the form's stabiliser (for the pair as looked up), and the orders
    /// conjugating the form's inverse onto it (for the pair read the other
    /// way round, whose map is the inverse). Class `k`'s lists are
    /// `keeping[starts[2k]..starts[2k + 1]]` and
    /// `keeping[starts[2k + 1]..starts[2k + 2]]`.
    keeping: Vec<u16>,
    starts: [usize; 2 * FORMS.len() + 1],
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// A pair map's key: its nine images, four bits each, the first lowest.
/// Never 0, as column 0 maps out of stack 0.
fn key(map: &Perm) -> u64 {
    map[..9]
        .iter()
        .rev()
        .fold(0, |key, &image| key << 4 | u64::from(image))
}

/// The first slot to probe for `key` (Fibonacci hashing: the top bits of a
/// multiple by 2^64 / golden ratio).
fn home(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize
}

fn inverse(perm: &Perm) -> Perm {
    let mut inverse = [0u8; 16];
    for (p, &image) in perm[..9].iter().enumerate() {
        inverse[usize::from(image & 0xF)] = p as u8;
    }
    inverse
}

/// A nine-entry permutation padded.
fn padded(perm: &[u8; 9]) -> Perm {
    let mut padded = [0u8; 16];
    padded[..9].copy_from_slice(perm);
    padded
}

/// `first` after `then`: position `p` to `first[then[p]]`.
fn compose(first: &Perm, then: &Perm) -> Perm {
    let mut composed = [0u8; 16];
    for (p, image) in composed[..9].iter_mut().enumerate() {
        *image = first[usize::from(then[p] & 0xF)];
    }
    composed
}

/// `map` conjugated by the column order `order` (whose inverse is
/// `back`): what row 2 reads when row 1 is relabelled 123456789 in that
/// order.
fn conjugate(map: &Perm, order: &Perm, back: &Perm) -> Perm {
    let mut conjugate = [0u8; 16];
    for (p, image) in conjugate[..9].iter_mut().enumerate() {
        *image = back[usize::from(map[usize::from(order[p] & 0xF)] & 0xF)];
    }
    conjugate
}

/// Positions `from..to` of `conjugate(map, order, back)` as a row key:
/// labels less one, four bits each, the first highest.
fn conjugate_key(map: &Perm, order: &Perm, back: &Perm, from: usize, to: usize) -> u64 {
    order[from..to].iter().fold(0, |key, &column| {
        key << 4 | u64::from(back[usize::from(map[usize::from(column & 0xF)] & 0xF)])
    })
}

impl Tables {
    /// Every class's form conjugated back by every column order: each pair
    /// map is reached, the first order reaching it is kept.
    fn build() -> Tables {
        let orders: Vec<Perm> = line_orders().iter().map(padded).collect();
        let mut tables = Tables {
            inverses: orders.iter().map(inverse).collect(),
            orders,
            slots: vec![0; SLOTS].into_boxed_slice(),
            keeping: Vec::new(),
            starts: [0; 2 * FORMS.len() + 1],
        };
        let index_of: HashMap<Perm, u16> =
            (0..).zip(&tables.orders).map(|(k, o)| (*o, k)).collect();
        for (class, form) in FORMS.iter().enumerate() {
            for index in 0..tables.orders.len() {
                // The map that this order conjugates onto the form.
                let map = conjugate(form, &tables.inverses[index], &tables.orders[index]);
                tables.insert(key(&map), class, index);
                if map == *form {
                    tables.keeping.push(index as u16);
                }
            }
            tables.starts[2 * class + 1] = tables.keeping.len();
            // The form's inverse is a pair map of the class too: an order
            // conjugating it onto the form, after each order keeping the
            // form, gives every such order.
            let onto = match tables.class_of(key(&inverse(form))) {
                Some((k, onto)) if usize::from(k) == class => tables.orders[usize::from(onto)],
                _ => unreachable!("the inverse of a form is in its class"),
            };
            for k in tables.starts[2 * class]..tables.starts[2 * class + 1] {
                let keep = &tables.orders[usize::from(tables.keeping[k])];
                tables.keeping.push(index_of[&compose(&onto, keep)]);
            }
            tables.starts[2 * class + 2] = tables.keeping.len();
        }
        tables
    }

    /// Files `key` under `class` and `order` unless it is filed already.
    fn insert(&mut self, key: u64, class: usize, order: usize) {
        let mut at = home(key);
        while self.slots[at] != 0 && self.slots[at] >> 15 != key {
            at = (at + 1) % SLOTS;
        }
        if self.slots[at] == 0 {
            self.slots[at] = key << 15 | (class as u64) << 11 | order as u64;
        }
    }

    /// The class of a pair map (by its [`key`]) and a column order
    /// conjugating it onto the class's form; `None` for a map that is no
    /// pair of a valid band.
    fn class_of(&self, key: u64) -> Option<(u8, u16)> {
        let mut at = home(key);
        loop {
            let slot = self.slots[at % SLOTS];
            if slot == 0 {
                return None;
            }
            if slot >> 15 == key {
                return Some(((slot >> 11 & 0xF) as u8, (slot & 0x7FF) as u16));
            }
            at = (at + 1) % SLOTS;
        }
    }

    /// The orders to compose with a pair's order from the table, for the
    /// pair as looked up (`reversed` false) or read the other way round.
    fn keeping(&self, class: u8, reversed: bool) -> &[u16] {
        let list = 2 * usize::from(class) + usize::from(reversed);
        &self.keeping[self.starts[list]..self.starts[list + 1]]
    }
}

/// A full grid's rows in both orientations, and where each digit is.
struct Grid {
    /// `rows[t][r][c]`: the digit at row `r`, column `c` of the grid
    /// (`t` 0) or of its transpose (`t` 1), sixteen wide as [`Perm`]s are.
    rows: [[[u8; 16]; 9]; 2],
    /// `columns[t][r][d]`: the column of digit `d` in that row, [`NOWHERE`]
    /// if it has none (sixteen wide, so a digit masked to four bits needs
    /// no bounds check).
    columns: [[[u8; 16]; 9]; 2],
}

impl Grid {
    /// The grid of `board` if it is full. Whether it is valid is left to
    /// [`least_pairs`].
    fn of(board: &Board) -> Option<Grid> {
        if !board.is_full() {
            return None;
        }
        let cells = board.cells();
        let mut rows = [[[0u8; 16]; 9]; 2];
        let mut columns = [[[NOWHERE; 16]; 9]; 2];
        for r in 0..9 {
            for c in 0..9 {
                let d = cells[r * 9 + c] & 0xF;
                rows[0][r][c] = d;
                rows[1][c][r] = d;
                columns[0][r][usize::from(d)] = c as u8;
                columns[1][c][usize::from(d)] = r as u8;
            }
        }
        Some(Grid { rows, columns })
    }

    /// The column map of rows `a` then `b` of orientation `t`: column `c`
    /// to the column of row `a` holding row `b`'s digit at `c`.
    fn pair_map(&self, t: usize, a: usize, b: usize) -> Perm {
        let (first, second) = (&self.columns[t][a], &self.rows[t][b]);
        let mut map = [0u8; 16];
        for (image, &d) in map[..9].iter_mut().zip(&second[..9]) {
            *image = first[usize::from(d & 0xF)];
        }
        map
    }

    /// [`Grid::pair_map`] as a [`key`].
    fn pair_key(&self, t: usize, a: usize, b: usize) -> u64 {
        let (first, second) = (&self.columns[t][a], &self.rows[t][b]);
        second[..9].iter().rev().fold(0, |key, &d| {
            key << 4 | u64::from(first[usize::from(d & 0xF)])
        })
    }
}

/// Rows `a` and `b` of one band of orientation `t`, looked up in that
/// order (`a` < `b`).
#[derive(Clone, Copy, Default)]
struct Pair {
    t: u8,
    a: u8,
    b: u8,
    /// A column order conjugating the pair's map onto its class's form.
    order: u16,
}

/// Most column orders a pair keeps (the stabiliser of 456789123).
const MOST_KEPT: usize = 18;

/// Most candidates a grid can have: 36 ordered pairs, each keeping at most
/// [`MOST_KEPT`] orders.
const MOST_CANDIDATES: usize = 36 * MOST_KEPT;

/// The least completion so far and how many candidates reach it.
struct Best {
    /// Rows 3-9, nine labels of four bits each, the first highest.
    rows: [u64; 7],
    count: u64,
    t: u8,
    /// Input rows of output rows 1-9.
    row_of: [u8; 9],
    cols: Perm,
    /// The label of each digit (index 1-9).
    label: [u8; 16],
}

/// The minlex form of `board`, its map onto it and its automorphisms, if
/// the board is a valid full grid; `None` otherwise.
pub(super) fn canonical(board: &Board) -> Option<Canonical> {
    let grid = Grid::of(board)?;
    let tables = TABLES.get_or_init(Tables::build);
    let mut pairs = [Pair::default(); 18];
    let (least, count) = least_pairs(&grid, tables, &mut pairs)?;
    let pairs = &pairs[..count];
    // Row 3 of every candidate first: the third row's map conjugated by
    // the candidate's column order (the pair's order from the table, then
    // one it keeps); only those giving the least row 3 are completed.
    let mut row3 = u64::MAX;
    // The candidates giving it, a bit each: bit (2 * pair + reversed) *
    // MOST_KEPT + k for the `k`th order the pair keeps.
    let mut survivors = [0u64; MOST_CANDIDATES.div_ceil(64)];
    for (at, pair) in pairs.iter().enumerate() {
        let (t, order) = (usize::from(pair.t), usize::from(pair.order));
        let (to, back) = (&tables.orders[order], &tables.inverses[order]);
        let third = third_row(pair.a, pair.b);
        for (reversed, first) in [(false, pair.a), (true, pair.b)] {
            let map = conjugate(&grid.pair_map(t, usize::from(first), third), to, back);
            let base = (2 * at + usize::from(reversed)) * MOST_KEPT;
            for (k, &keep) in tables.keeping(least, reversed).iter().enumerate() {
                let keep_to = &tables.orders[usize::from(keep)];
                let keep_back = &tables.inverses[usize::from(keep)];
                // The first box decides most comparisons: the rest only
                // when it ties or beats the least so far.
                let head = conjugate_key(&map, keep_to, keep_back, 0, 3);
                if head > row3 >> 24 {
                    continue;
                }
                let read = head << 24 | conjugate_key(&map, keep_to, keep_back, 3, 9);
                if read < row3 {
                    row3 = read;
                    survivors = [0; MOST_CANDIDATES.div_ceil(64)];
                }
                if read == row3 {
                    survivors[(base + k) / 64] |= 1 << ((base + k) % 64);
                }
            }
        }
    }
    let mut best = Best {
        rows: [u64::MAX; 7],
        count: 0,
        t: 0,
        row_of: [0; 9],
        cols: [0; 16],
        label: [0; 16],
    };
    for (word, &bits) in survivors.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let index = word * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1; // clear the lowest set bit
            let (at, reversed, k) = (
                index / MOST_KEPT / 2,
                index / MOST_KEPT % 2 == 1,
                index % MOST_KEPT,
            );
            let pair = pairs[at];
            let top = if reversed {
                [pair.b, pair.a]
            } else {
                [pair.a, pair.b]
            };
            let first = &tables.orders[usize::from(pair.order)];
            let keep = tables.keeping(least, reversed)[k];
            let cols = compose(first, &tables.orders[usize::from(keep)]);
            complete(&grid, pair.t, top, &cols, &mut best);
        }
    }
    Some(canonical_of(&best, &FORMS[usize::from(least)]))
}

/// The least class of the 36 ordered pairs (a map's inverse, the pair read
/// the other way round, is of the same class, so each unordered pair is
/// looked up once), its pairs left in `pairs`, and how many; `None` if a
/// map is in no class.
///
/// That is also the validity check. A pair's map is in a class only if it
/// is a permutation mapping no column into its own stack: then row `b`
/// holds nine different digits, all found in row `a` (else the map has a
/// [`NOWHERE`]), so row `a` holds all nine too, and row `b`'s digits in
/// each box are none of row `a`'s there. So when every pair of every band of both
/// orientations is in a class, every row and column holds the nine digits,
/// and in every box the three rows' three digits are nine different ones:
/// the grid is valid.
fn least_pairs(grid: &Grid, tables: &Tables, pairs: &mut [Pair; 18]) -> Option<(u8, usize)> {
    let mut count = 0;
    let mut least = u8::MAX;
    for t in 0..2 {
        for band in 0..3 {
            for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                let (a, b) = (band * 3 + i, band * 3 + j);
                let (class, order) = tables.class_of(grid.pair_key(t, a, b))?;
                if class < least {
                    least = class;
                    count = 0;
                }
                if class == least {
                    let (t, a, b) = (t as u8, a as u8, b as u8);
                    pairs[count] = Pair { t, a, b, order };
                    count += 1;
                }
            }
        }
    }
    Some((least, count))
}

/// The row of the band of rows `a` and `b` that is neither.
fn third_row(a: u8, b: u8) -> usize {
    // The band's rows are 3k + 0, 1, 2: 0 + 1 + 2 = 3.
    usize::from(a / 3 * 3 + 3 - a % 3 - b % 3)
}

/// Offers the candidate with rows `top` first in orientation `t`, under
/// column order `cols`, to `best`.
fn complete(grid: &Grid, t: u8, top: [u8; 2], cols: &Perm, best: &mut Best) {
    let rows = &grid.rows[usize::from(t)];
    let [a, b] = top;
    let mut label = [0u8; 16];
    let first = &rows[usize::from(a)];
    for (p, &c) in cols[..9].iter().enumerate() {
        label[usize::from(first[usize::from(c & 0xF)] & 0xF)] = p as u8 + 1;
    }
    // Row `r` as read under this candidate, its index in the low four bits
    // (rows differ before that, so it only rides along).
    let read = |r: usize| -> u64 {
        let row = &rows[r];
        let labels = cols[..9].iter().fold(0u64, |acc, &c| {
            acc << 4 | u64::from(label[usize::from(row[usize::from(c & 0xF)] & 0xF)])
        });
        labels << 4 | r as u64
    };
    let band = usize::from(a / 3);
    let sorted_band = |x: usize| sort3([read(x * 3), read(x * 3 + 1), read(x * 3 + 2)]);
    let (x, y) = (sorted_band((band + 1) % 3), sorted_band((band + 2) % 3));
    let (x, y) = if x[0] < y[0] { (x, y) } else { (y, x) };
    let keyed = [read(third_row(a, b)), x[0], x[1], x[2], y[0], y[1], y[2]];
    let form = keyed.map(|row| row >> 4);
    match form.cmp(&best.rows) {
        std::cmp::Ordering::Greater => {}
        std::cmp::Ordering::Equal => best.count += 1,
        std::cmp::Ordering::Less => {
            let mut row_of = [a, b, 0, 0, 0, 0, 0, 0, 0];
            for (row, key) in row_of[2..].iter_mut().zip(keyed) {
                *row = (key & 0xF) as u8;
            }
            *best = Best {
                rows: form,
                count: 1,
                t,
                row_of,
                cols: *cols,
                label,
            };
        }
    }
}

/// The answer of the least completion.
fn canonical_of(best: &Best, row2: &Perm) -> Canonical {
    let mut cells = [0u8; 81];
    for p in 0..9 {
        cells[p] = p as u8 + 1;
        cells[9 + p] = row2[p] + 1;
    }
    for (r, &row) in best.rows.iter().enumerate() {
        for p in 0..9 {
            cells[18 + r * 9 + p] = (row >> (4 * (8 - p)) & 0xF) as u8;
        }
    }
    let mut digits = [0u8; 9];
    digits.copy_from_slice(&best.label[1..10]);
    let mut cols = [0u8; 9];
    cols.copy_from_slice(&best.cols[..9]);
    Canonical {
        form: Board::from_checked(cells),
        transform: Transform {
            transpose: best.t == 1,
            rows: best.row_of,
            cols,
            digits,
        },
        automorphisms: best.count,
    }
}

#[cfg(test)]
mod tests;
