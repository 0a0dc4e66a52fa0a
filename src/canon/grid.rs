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
//! A table built at first use gives any `T` its class and one column order
//! reaching that form.
//!
//! So the classes of the 36 ordered pairs fix the least row 2, and every
//! map giving it is a pair of that class under a column order reaching its
//! form: the one from the table composed with each column order that keeps
//! the form (its stabiliser, 1 to 18 orders). Such a candidate fixes the
//! columns and labels, and the rest follows: row 3 is the band's third row,
//! then the other two bands, each's rows in ascending order, the band with
//! the lesser first row first (no two rows of a valid grid read alike under
//! one map). The least completion is the form; the candidates reaching it
//! are the automorphisms, as a valid grid holds all nine digits and so no
//! relabelling adds any.

use std::sync::OnceLock;

use super::marks::line_orders;
use super::Canonical;
use crate::board::Board;
use crate::transform::Transform;

/// A permutation of nine positions, as a list of images.
type Perm = [u8; 9];

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
    let mut map = [0u8; 9];
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

/// What the per-grid work looks up, built once.
struct Tables {
    /// The 1296 column orders: output position to input column.
    orders: Vec<Perm>,
    /// Pair maps by [`key`], open addressing: 0 is empty, else the key in
    /// the high 32 bits, the class in bits 16-23, and the index of a
    /// column order conjugating the map onto its class's form in the low
    /// 16.
    slots: Vec<u64>,
    /// The column orders keeping each class's form, class `k`'s at
    /// `stabilisers[starts[k]..starts[k + 1]]`.
    stabilisers: Vec<u16>,
    starts: [usize; FORMS.len() + 1],
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// A pair map's key: its first eight images, four bits each (the ninth
/// follows from them). Never 0, as column 0 maps out of stack 0.
fn key(map: &Perm) -> u32 {
    map[..8]
        .iter()
        .rev()
        .fold(0, |key, &image| key << 4 | u32::from(image))
}

/// The first slot to probe for `key` (Fibonacci hashing: the top bits of a
/// multiple by 2^64 / golden ratio).
fn home(key: u32) -> usize {
    (u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize
}

fn inverse(perm: &Perm) -> Perm {
    let mut inverse = [0u8; 9];
    for (p, &image) in perm.iter().enumerate() {
        inverse[usize::from(image)] = p as u8;
    }
    inverse
}

/// `map` conjugated by the column order `order`: what row 2 reads when row
/// 1 is relabelled 123456789 in that order.
fn conjugate(map: &Perm, order: &Perm) -> Perm {
    let back = inverse(order);
    order.map(|column| back[usize::from(map[usize::from(column)])])
}

impl Tables {
    /// Every class's form conjugated back by every column order: each pair
    /// map is reached, the first order reaching it is kept.
    fn build() -> Tables {
        let orders = line_orders();
        let mut slots = vec![0u64; SLOTS];
        let mut stabilisers = Vec::new();
        let mut starts = [0; FORMS.len() + 1];
        for (class, form) in FORMS.iter().enumerate() {
            for (index, order) in orders.iter().enumerate() {
                // The map that `order` conjugates onto the form.
                let back = inverse(order);
                let map: Perm = std::array::from_fn(|c| {
                    order[usize::from(form[usize::from(back[c])])]
                });
                if map == *form {
                    stabilisers.push(index as u16);
                }
                let key = key(&map);
                let mut at = home(key);
                while slots[at] != 0 && (slots[at] >> 32) as u32 != key {
                    at = (at + 1) % SLOTS;
                }
                if slots[at] == 0 {
                    slots[at] = u64::from(key) << 32 | (class as u64) << 16 | index as u64;
                }
            }
            starts[class + 1] = stabilisers.len();
        }
        Tables {
            orders,
            slots,
            stabilisers,
            starts,
        }
    }

    /// The class of a pair map and a column order conjugating it onto the
    /// class's form; `None` for a map that is no pair of a valid band.
    fn class_of(&self, map: &Perm) -> Option<(u8, u16)> {
        let key = key(map);
        let mut at = home(key);
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                return None;
            }
            if (slot >> 32) as u32 == key {
                return Some(((slot >> 16) as u8, slot as u16));
            }
            at = (at + 1) % SLOTS;
        }
    }

    fn stabiliser(&self, class: u8) -> &[u16] {
        let class = usize::from(class);
        &self.stabilisers[self.starts[class]..self.starts[class + 1]]
    }
}

/// A valid grid's rows in both orientations, and where each digit is.
struct Grid {
    /// `rows[t][r][c]`: the digit at row `r`, column `c` of the grid
    /// (`t` 0) or of its transpose (`t` 1).
    rows: [[[u8; 9]; 9]; 2],
    /// `columns[t][r][d]`: the column of digit `d` in that row.
    columns: [[[u8; 10]; 9]; 2],
}

impl Grid {
    /// The grid of `board` if it is a valid full grid: every row, column
    /// and box holds the nine digits.
    fn of(board: &Board) -> Option<Grid> {
        let mut rows = [[[0u8; 9]; 9]; 2];
        let mut columns = [[[0u8; 10]; 9]; 2];
        let mut seen = [[0u16; 9]; 3];
        for (cell, &d) in board.cells().iter().enumerate() {
            let (r, c) = (cell / 9, cell % 9);
            rows[0][r][c] = d;
            rows[1][c][r] = d;
            columns[0][r][usize::from(d)] = c as u8;
            columns[1][c][usize::from(d)] = r as u8;
            let bit = 1u16 << d;
            seen[0][r] |= bit;
            seen[1][c] |= bit;
            seen[2][r / 3 * 3 + c / 3] |= bit;
        }
        // Bits 1-9 set (0x3FE) in every house: nine digits, none empty.
        let valid = seen.iter().flatten().all(|&digits| digits == 0x3FE);
        valid.then_some(Grid { rows, columns })
    }

    /// The column map of rows `a` then `b` of orientation `t`: column `c`
    /// to the column of row `a` holding row `b`'s digit at `c`.
    fn pair_map(&self, t: usize, a: usize, b: usize) -> Perm {
        let first = &self.columns[t][a];
        self.rows[t][b].map(|d| first[usize::from(d)])
    }
}

/// The first two rows of a candidate: orientation and input rows.
#[derive(Clone, Copy, Default)]
struct Pair {
    t: u8,
    a: u8,
    b: u8,
    /// A column order conjugating the pair's map onto its class's form.
    order: u16,
}

/// The least completion so far and how many candidates reach it.
struct Best {
    /// Rows 3-9, nine labels of four bits each, the first highest.
    rows: [u64; 7],
    count: u64,
    pair: Pair,
    /// Input rows of output rows 3-9.
    row_of: [u8; 7],
    cols: Perm,
    /// The label of each digit (index 1-9).
    label: [u8; 10],
}

/// The minlex form of `board`, its map onto it and its automorphisms, if
/// the board is a valid full grid; `None` otherwise.
pub(super) fn canonical(board: &Board) -> Option<Canonical> {
    let grid = Grid::of(board)?;
    let tables = TABLES.get_or_init(Tables::build);
    // The pairs whose class is least, in both orders (a map's inverse, the
    // pair read the other way round, is always of the same class).
    let mut pairs = [Pair::default(); 36];
    let mut count = 0;
    let mut least = u8::MAX;
    for t in 0..2 {
        for band in 0..3 {
            for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                let (a, b) = (band * 3 + i, band * 3 + j);
                let (class, order) = tables.class_of(&grid.pair_map(t, a, b))?;
                if class > least {
                    continue;
                }
                if class < least {
                    least = class;
                    count = 0;
                }
                let (_, back) = tables.class_of(&grid.pair_map(t, b, a))?;
                let (t, a, b) = (t as u8, a as u8, b as u8);
                pairs[count] = Pair { t, a, b, order };
                pairs[count + 1] = Pair {
                    t,
                    a: b,
                    b: a,
                    order: back,
                };
                count += 2;
            }
        }
    }
    let mut best = Best {
        rows: [u64::MAX; 7],
        count: 0,
        pair: pairs[0],
        row_of: [0; 7],
        cols: [0; 9],
        label: [0; 10],
    };
    for &pair in &pairs[..count] {
        let first = &tables.orders[usize::from(pair.order)];
        for &keep in tables.stabiliser(least) {
            let keep = &tables.orders[usize::from(keep)];
            let cols = keep.map(|p| first[usize::from(p)]);
            complete(&grid, pair, cols, &mut best);
        }
    }
    Some(canonical_of(&best, &FORMS[usize::from(least)]))
}

/// Offers the candidate `pair` under column order `cols` to `best`.
fn complete(grid: &Grid, pair: Pair, cols: Perm, best: &mut Best) {
    let rows = &grid.rows[usize::from(pair.t)];
    let (a, b) = (usize::from(pair.a), usize::from(pair.b));
    let mut label = [0u8; 10];
    for (p, &c) in cols.iter().enumerate() {
        label[usize::from(rows[a][usize::from(c)])] = p as u8 + 1;
    }
    // Row `r` as read under this candidate, its index in the low four bits
    // (rows differ before that, so it only rides along).
    let read = |r: usize| -> u64 {
        let labels = cols.iter().fold(0u64, |acc, &c| {
            acc << 4 | u64::from(label[usize::from(rows[r][usize::from(c)])])
        });
        labels << 4 | r as u64
    };
    let band = a / 3;
    // Rows a and b of the band are two of its three: 0 + 1 + 2 = 3.
    let third = band * 3 + 3 - a % 3 - b % 3;
    let row3 = read(third);
    if row3 >> 4 > best.rows[0] {
        return;
    }
    let sorted_band = |x: usize| {
        let mut rows = [read(x * 3), read(x * 3 + 1), read(x * 3 + 2)];
        rows.sort_unstable();
        rows
    };
    let (x, y) = (sorted_band((band + 1) % 3), sorted_band((band + 2) % 3));
    let (x, y) = if x[0] < y[0] { (x, y) } else { (y, x) };
    let keyed = [row3, x[0], x[1], x[2], y[0], y[1], y[2]];
    let form = keyed.map(|row| row >> 4);
    match form.cmp(&best.rows) {
        std::cmp::Ordering::Greater => {}
        std::cmp::Ordering::Equal => best.count += 1,
        std::cmp::Ordering::Less => {
            *best = Best {
                rows: form,
                count: 1,
                pair,
                row_of: keyed.map(|row| (row & 0xF) as u8),
                cols,
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
    let mut rows = [0u8; 9];
    rows[0] = best.pair.a;
    rows[1] = best.pair.b;
    rows[2..].copy_from_slice(&best.row_of);
    let mut digits = [0u8; 9];
    digits.copy_from_slice(&best.label[1..]);
    Canonical {
        form: Board::from_checked(cells),
        transform: Transform {
            transpose: best.pair.t == 1,
            rows,
            cols: best.cols,
            digits,
        },
        automorphisms: best.count,
    }
}

#[cfg(test)]
mod tests;
