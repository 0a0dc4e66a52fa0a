//! The candidate grid the logic engine reasons on: each cell's value or its
//! remaining candidates, and each digit's places in each house.
//!
//! Houses are numbered as Sudoku Explainer orders its region types, the
//! order its techniques search them in and so the order of the steps they
//! find: boxes 0-8, rows 9-17, columns 18-26. Each is the board's house
//! of the same kind and index ([`crate::geometry`]), with its positions
//! (cells in reading order), so "position p of house h" is the cell
//! `HOUSE_CELLS[h][p]`.

use crate::board::Board;
use crate::candidates::Candidates;
use crate::geometry::{self, SIZE};

/// A set of digits 1-9 as bits 0-8.
pub type Digits = u16;

/// All nine digits.
pub const ALL_DIGITS: Digits = 0x1ff;

/// The kinds of house, in Sudoku Explainer's region-type order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A 3x3 box.
    Box,
    /// A row.
    Row,
    /// A column.
    Column,
}

impl HouseKind {
    /// The first house number of this kind.
    pub const fn first(self) -> usize {
        match self {
            HouseKind::Box => 0,
            HouseKind::Row => 9,
            HouseKind::Column => 18,
        }
    }

    /// The kind's name as users read it.
    pub const fn name(self) -> &'static str {
        self.geometry().name()
    }

    /// The same kind in the board's geometry.
    pub const fn geometry(self) -> geometry::HouseKind {
        match self {
            HouseKind::Box => geometry::HouseKind::Box,
            HouseKind::Row => geometry::HouseKind::Row,
            HouseKind::Column => geometry::HouseKind::Column,
        }
    }

    /// The kind of house number `house` (0-26).
    pub const fn of(house: usize) -> HouseKind {
        match house / 9 {
            0 => HouseKind::Box,
            1 => HouseKind::Row,
            _ => HouseKind::Column,
        }
    }
}

/// Writes a house as `box 3`, `row 1` or `column 9`.
pub fn house_name(house: usize) -> String {
    format!("{} {}", HouseKind::of(house).name(), house % 9 + 1)
}

const fn build_house_cells() -> [[u8; 9]; 27] {
    let mut table = [[0u8; 9]; 27];
    let mut h = 0;
    while h < 27 {
        let board_house = geometry::house(HouseKind::of(h).geometry(), h % SIZE);
        table[h] = geometry::HOUSE_CELLS[board_house];
        h += 1;
    }
    table
}

/// The cells of each house, by position.
pub const HOUSE_CELLS: [[u8; 9]; 27] = build_house_cells();

/// The houses of a cell: its box, row and column.
pub const fn houses_of(cell: usize) -> [usize; 3] {
    [
        HouseKind::Box.first() + geometry::box_of(cell),
        HouseKind::Row.first() + geometry::row_of(cell),
        HouseKind::Column.first() + geometry::column_of(cell),
    ]
}

/// The position of a cell in each of its houses (box, row, column).
pub const fn positions_of(cell: usize) -> [usize; 3] {
    [
        geometry::HouseKind::Box.position_of(cell),
        geometry::HouseKind::Row.position_of(cell),
        geometry::HouseKind::Column.position_of(cell),
    ]
}

const fn build_cell_table(positions: bool) -> [[u8; 3]; 81] {
    let mut table = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (houses, places) = (houses_of(cell), positions_of(cell));
        let mut k = 0;
        while k < 3 {
            table[cell][k] = if positions { places[k] } else { houses[k] } as u8;
            k += 1;
        }
        cell += 1;
    }
    table
}

/// `houses_of` as a table: the hot path should not divide.
const CELL_HOUSES: [[u8; 3]; 81] = build_cell_table(false);
/// [`houses_of`] read from its table, for hot paths (chain propagations
/// ask for every state they expand): three loads beat four divisions.
#[inline]
pub fn houses_at(cell: usize) -> [usize; 3] {
    CELL_HOUSES[cell].map(usize::from)
}

/// `positions_of` as a table.
const CELL_POSITIONS: [[u8; 3]; 81] = build_cell_table(true);

/// An 81-bit set of cells (bit = cell index).
pub type Cells = u128;

const fn build_house_masks() -> [Cells; 27] {
    let cells = build_house_cells();
    let mut masks = [0u128; 27];
    let mut h = 0;
    while h < 27 {
        let mut p = 0;
        while p < 9 {
            masks[h] |= 1u128 << cells[h][p];
            p += 1;
        }
        h += 1;
    }
    masks
}

/// Every cell of the grid.
pub const ALL_CELLS: Cells = (1 << 81) - 1;

/// Each house as a set of cells.
pub const HOUSE_MASKS: [Cells; 27] = build_house_masks();

const fn build_peers() -> [Cells; 81] {
    let masks = build_house_masks();
    let mut peers = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let h = houses_of(cell);
        peers[cell] = (masks[h[0]] | masks[h[1]] | masks[h[2]]) & !(1u128 << cell);
        cell += 1;
    }
    peers
}

/// Each cell's 20 peers (cells sharing a house with it).
pub const PEERS: [Cells; 81] = build_peers();

const fn build_cell_house_masks() -> [[Cells; 3]; 81] {
    let masks = build_house_masks();
    let mut table = [[0u128; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let [bx, row, column] = houses_of(cell);
        table[cell] = [masks[bx], masks[row], masks[column]];
        cell += 1;
    }
    table
}

const fn build_cell_peer_groups() -> [[Cells; 3]; 81] {
    let houses = build_cell_house_masks();
    let mut table = [[0u128; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let [in_box, row, column] = houses[cell];
        let outside = !in_box; // the box holds the cell itself too
        table[cell] = [in_box & !(1u128 << cell), row & outside, column & outside];
        cell += 1;
    }
    table
}

/// The cells of each cell's box, row and column ([`houses_at`]'s order):
/// one load per house on hot paths, where `HOUSE_MASKS[houses_at(cell)[k]]`
/// takes two.
pub const CELL_HOUSE_MASKS: [[Cells; 3]; 81] = build_cell_house_masks();

/// Each cell's peers in its box, in its row outside the box and in its
/// column outside the box: the three groups Sudoku Explainer's weak links
/// list in that order.
pub const CELL_PEER_GROUPS: [[Cells; 3]; 81] = build_cell_peer_groups();

/// Each cell as a set of cells: a load, where a 128-bit shift by a
/// variable takes some six instructions.
pub const CELL_BITS: [Cells; 81] = {
    let mut table = [0; 81];
    let mut cell = 0;
    while cell < 81 {
        table[cell] = 1 << cell;
        cell += 1;
    }
    table
};

/// Each cell's houses (box, row, column) as bits of a 27-bit house set:
/// the houses holding some cells are the AND of theirs.
pub const CELL_HOUSE_SETS: [u32; 81] = {
    let mut table = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let [bx, row, column] = houses_of(cell);
        table[cell] = 1 << bx | 1 << row | 1 << column;
        cell += 1;
    }
    table
};

/// Iterates the cells of a set in increasing order.
pub fn cells_of(set: Cells) -> impl Iterator<Item = usize> {
    // Two 64-bit halves, one after the other: a 128-bit step (borrow
    // across words, two counts and a select) costs twice a 64-bit one.
    let (mut low, mut high) = (set as u64, (set >> 64) as u64);
    std::iter::from_fn(move || {
        if low != 0 {
            let cell = low.trailing_zeros() as usize;
            low &= low - 1; // clear the lowest set bit
            Some(cell)
        } else if high != 0 {
            let cell = 64 + high.trailing_zeros() as usize;
            high &= high - 1;
            Some(cell)
        } else {
            None
        }
    })
}

/// How many digits a set (bits 0-8) holds: a table lookup, as the
/// portable build has no POPCNT instruction and counts bits in a dozen
/// steps (the logic engine counts candidates everywhere).
#[inline]
pub fn count(digits: Digits) -> u32 {
    u32::from(DIGIT_COUNTS[usize::from(digits & ALL_DIGITS)])
}

const DIGIT_COUNTS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut set = 1;
    while set < 512 {
        // A set has one more digit than the set without its lowest.
        table[set] = table[set & (set - 1)] + 1;
        set += 1;
    }
    table
};

/// Whether a set of cells holds exactly one (clearing the lowest bit
/// empties it).
#[inline]
pub const fn one_cell(cells: Cells) -> bool {
    cells != 0 && cells & (cells - 1) == 0
}

/// Whether a set of cells holds exactly two: without its lowest cell it
/// holds one.
#[inline]
pub const fn two_cells(cells: Cells) -> bool {
    one_cell(cells & cells.wrapping_sub(1))
}

/// Whether a set of cells holds two or more: clearing the lowest bit
/// leaves some.
#[inline]
pub const fn several_cells(cells: Cells) -> bool {
    cells & cells.wrapping_sub(1) != 0
}

/// Iterates the set bits of a 9- or 16-bit mask as indexes from 0.
pub fn bits(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// A position in solving: values placed so far and every empty cell's
/// candidates, with each digit's places in each house kept in step.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    values: [u8; 81],
    candidates: [Digits; 81],
    /// `places[h][d]`: the positions of house `h` where digit `d + 1` is a
    /// candidate; house-major, so one house's nine masks sit together.
    places: [[u16; 9]; 27],
    /// Each digit's candidate cells.
    digit_cells: [Cells; 9],
    /// Empty cells in each house.
    empty: [u8; 27],
    /// How many cells hold each digit.
    placed: [u8; 9],
}

impl Grid {
    /// The position a puzzle starts from: its givens placed, every empty cell
    /// holding each digit that no peer holds.
    pub fn new(board: &Board) -> Grid {
        let mut grid = Grid {
            values: *board.cells(),
            candidates: [0; 81],
            places: [[0; 9]; 27],
            digit_cells: [0; 9],
            empty: [9; 27],
            placed: [0; 9],
        };
        // Each house's digits, then each empty cell's candidates: the
        // digits none of its houses holds.
        let mut used = [0 as Digits; 27];
        for (cell, &value) in board.cells().iter().enumerate() {
            if value != 0 {
                grid.placed[usize::from(value - 1)] += 1;
                for &house in &CELL_HOUSES[cell] {
                    used[usize::from(house)] |= 1 << (value - 1);
                    grid.empty[usize::from(house)] -= 1;
                }
            }
        }
        for cell in 0..81 {
            if grid.values[cell] != 0 {
                continue;
            }
            let [b, r, c] = CELL_HOUSES[cell].map(usize::from);
            let candidates = ALL_DIGITS & !(used[b] | used[r] | used[c]);
            grid.candidates[cell] = candidates;
            for d in bits(candidates) {
                grid.digit_cells[d] |= 1u128 << cell;
                for k in 0..3 {
                    let house = usize::from(CELL_HOUSES[cell][k]);
                    grid.places[house][d] |= 1 << CELL_POSITIONS[cell][k];
                }
            }
        }
        grid
    }

    /// The position of a player's pencil marks: `marks[cell]` holds the
    /// digits still possible in each cell (bits 0-8); a cell with one mark
    /// is a value, and no cell keeps a digit one of its peers holds.
    pub fn with_marks(marks: &[Digits; 81]) -> Grid {
        let mut values = [0u8; 81];
        for (cell, &mask) in marks.iter().enumerate() {
            if mask.count_ones() == 1 {
                values[cell] = mask.trailing_zeros() as u8 + 1;
            }
        }
        let mut grid = Grid::new(&Board::new(values).expect("values are digits"));
        for cell in 0..81 {
            for d in bits(grid.candidates[cell] & !marks[cell]) {
                grid.remove(cell, d as u8 + 1);
            }
        }
        grid
    }

    /// The value of `cell`, 0 when empty.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of `cell` (empty for a placed cell).
    pub fn candidates(&self, cell: usize) -> Digits {
        self.candidates[cell]
    }

    /// Whether `digit` (1-9) is a candidate of `cell`.
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.candidates[cell] >> (digit - 1) & 1 != 0
    }

    /// The positions of `house` where `digit` (1-9) is a candidate.
    pub fn places(&self, house: usize, digit: u8) -> u16 {
        self.places[house][usize::from(digit - 1)]
    }

    /// The digits (bits 0-8) with exactly one place in `house`.
    pub fn single_places(&self, house: usize) -> Digits {
        let mut singles = 0;
        for (d, &places) in self.places[house].iter().enumerate() {
            // A power of two: non-zero, and clearing its lowest bit leaves 0.
            let one = places != 0 && places & places.wrapping_sub(1) == 0;
            singles |= u16::from(one) << d;
        }
        singles
    }

    /// The cells where `digit` (1-9) is a candidate.
    pub fn digit_cells(&self, digit: u8) -> Cells {
        self.digit_cells[usize::from(digit - 1)]
    }

    /// `more[k]`: the cells with more than `k` candidates, for `k < N`:
    /// from the nine digits' cell sets as a bit-sliced counter (a cell
    /// holding this digit and `k` others already now holds `k + 1`)
    /// instead of 81 counts.
    pub fn cells_with_more_than<const N: usize>(&self) -> [Cells; N] {
        let mut more: [Cells; N] = [0; N];
        for &cells in &self.digit_cells {
            for k in (1..N).rev() {
                more[k] |= more[k - 1] & cells;
            }
            if N > 0 {
                more[0] |= cells;
            }
        }
        more
    }

    /// The number of empty cells in `house`.
    pub fn empty_in(&self, house: usize) -> usize {
        usize::from(self.empty[house])
    }

    /// How many cells hold `digit` (1-9).
    pub fn placed_count(&self, digit: u8) -> usize {
        usize::from(self.placed[usize::from(digit - 1)])
    }

    /// Whether every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.placed.iter().map(|&n| usize::from(n)).sum::<usize>() == 81
    }

    /// The values as a board.
    pub fn board(&self) -> Board {
        Board::new(self.values).expect("values are digits")
    }

    /// The position as pencil marks: a placed cell holds its one digit,
    /// an open cell its candidates.
    pub fn marks(&self) -> Candidates {
        let masks = std::array::from_fn(|cell| match self.value(cell) {
            0 => self.candidates(cell),
            digit => 1 << (digit - 1),
        });
        Candidates::new(masks).expect("a grid's masks have nine bits")
    }

    /// Removes `digit` (1-9) from `cell`'s candidates; whether it was one.
    pub fn remove(&mut self, cell: usize, digit: u8) -> bool {
        let bit = 1 << (digit - 1);
        if self.candidates[cell] & bit == 0 {
            return false;
        }
        self.candidates[cell] &= !bit;
        let d = usize::from(digit - 1);
        self.digit_cells[d] &= !(1u128 << cell);
        for k in 0..3 {
            let house = usize::from(CELL_HOUSES[cell][k]);
            self.places[house][d] &= !(1 << CELL_POSITIONS[cell][k]);
        }
        true
    }

    /// Places `digit` in `cell` and removes it from every peer, as Sudoku
    /// Explainer does in the same step.
    pub fn place(&mut self, cell: usize, digit: u8) {
        for other in bits(self.candidates[cell]) {
            self.remove(cell, other as u8 + 1);
        }
        self.values[cell] = digit;
        self.placed[usize::from(digit - 1)] += 1;
        for &house in &CELL_HOUSES[cell] {
            self.empty[usize::from(house)] -= 1;
        }
        for peer in cells_of(PEERS[cell] & self.digit_cells(digit)) {
            self.remove(peer, digit);
        }
    }
}

impl std::fmt::Debug for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for row in 0..9 {
            for column in 0..9 {
                let cell = row * 9 + column;
                if self.values[cell] != 0 {
                    write!(f, "{:>10}", self.values[cell])?;
                } else {
                    let text: String = bits(self.candidates[cell])
                        .map(|d| char::from(b'1' + d as u8))
                        .collect();
                    write!(f, "{:>10}", text)?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit-sliced counts are each cell's candidates counted one by one,
    /// on bank positions along their solving paths.
    #[test]
    fn cells_with_more_than_k_candidates_are_counted_right() {
        let mut checked = 0;
        crate::logic::testing::for_bank_positions(50, (1, 30), |grid, _| {
            let more = grid.cells_with_more_than::<9>();
            for (k, &cells) in more.iter().enumerate() {
                let counted: Cells = (0..81)
                    .filter(|&cell| grid.candidates(cell).count_ones() as usize > k)
                    .fold(0, |set, cell| set | 1 << cell);
                assert_eq!(cells, counted, "more than {k}");
            }
            checked += 1;
        });
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn count_agrees_with_counting_bits() {
        for digits in 0..=ALL_DIGITS {
            assert_eq!(count(digits), digits.count_ones(), "{digits:#b}");
        }
    }

    #[test]
    fn cells_of_lists_every_cell_of_a_set_in_order() {
        // Both 64-bit halves and the boundary between them.
        let mut sets: Vec<Cells> = vec![0, 1, 1 << 63, 1 << 64, 3 << 63, 1 << 80, ALL_CELLS];
        let mut state = 0x2545_f491_4f6c_dd1d_u128;
        for _ in 0..2000 {
            state = state.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(1);
            sets.push(state & ALL_CELLS);
        }
        for set in sets {
            let listed: Vec<usize> = cells_of(set).collect();
            let expected: Vec<usize> = (0..81).filter(|&c| set >> c & 1 != 0).collect();
            assert_eq!(listed, expected, "{set:#x}");
        }
    }

    #[test]
    fn cell_tables_agree_with_the_house_masks() {
        for cell in 0..81 {
            let [bx, row, column] = houses_of(cell);
            let me = 1u128 << cell;
            assert_eq!(
                CELL_HOUSE_MASKS[cell],
                [HOUSE_MASKS[bx], HOUSE_MASKS[row], HOUSE_MASKS[column]]
            );
            let groups = CELL_PEER_GROUPS[cell];
            assert_eq!(groups[0] | groups[1] | groups[2], PEERS[cell], "{cell}");
            assert_eq!(groups[0], HOUSE_MASKS[bx] & !me);
            assert_eq!(groups[1], HOUSE_MASKS[row] & !HOUSE_MASKS[bx]);
            assert_eq!(groups[2], HOUSE_MASKS[column] & !HOUSE_MASKS[bx]);
        }
    }

    #[test]
    fn cell_set_sizes_agree_with_counting_bits() {
        // Sets of every size 0-81 at spread positions, and the extremes.
        let mut sets: Vec<Cells> = vec![0, 1, 1 << 80, ALL_CELLS, 3, 1 | 1 << 80];
        let mut state = 0x9e37_79b9_7f4a_7c15_u128;
        for _ in 0..2000 {
            state = state.wrapping_mul(0x2545_f491_4f6c_dd1d).wrapping_add(1);
            let keep = (state >> 64) as u32 % 82;
            let mut set = 0;
            for cell in cells_of(state & ALL_CELLS).take(keep as usize) {
                set |= 1 << cell;
            }
            sets.push(set);
            sets.push(set & set.wrapping_sub(1) & set.wrapping_sub(1).wrapping_sub(1));
        }
        for set in sets {
            let size = set.count_ones();
            assert_eq!(one_cell(set), size == 1, "{set:#x}");
            assert_eq!(two_cells(set), size == 2, "{set:#x}");
            assert_eq!(several_cells(set), size >= 2, "{set:#x}");
        }
    }

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn houses_follow_sudoku_explainers_order() {
        assert_eq!(HOUSE_CELLS[0], [0, 1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(HOUSE_CELLS[4][4], 40);
        assert_eq!(HOUSE_CELLS[9 + 2][3], 21);
        assert_eq!(HOUSE_CELLS[18 + 2][3], 29);
        for cell in 0..81 {
            let (houses, positions) = (houses_of(cell), positions_of(cell));
            for k in 0..3 {
                assert_eq!(usize::from(HOUSE_CELLS[houses[k]][positions[k]]), cell);
            }
            assert_eq!(PEERS[cell].count_ones(), 20);
        }
    }

    #[test]
    fn candidates_and_places_agree() {
        let grid = Grid::new(&PUZZLE.parse().unwrap());
        // r1c3 sees 5, 3, 7 (row), 6, 9, 8 (box), 8 (column): 1, 2, 4 remain.
        assert_eq!(grid.candidates(2), 0b1011);
        for digit in 1..=9u8 {
            for house in 0..27 {
                let mut expected = 0;
                for p in 0..9 {
                    if grid.has(usize::from(HOUSE_CELLS[house][p]), digit) {
                        expected |= 1 << p;
                    }
                }
                assert_eq!(grid.places(house, digit), expected);
            }
        }
        assert_eq!(grid.empty_in(9), 6);
        assert_eq!(grid.placed_count(5), 3);
        assert!(!grid.is_solved());
    }
}
