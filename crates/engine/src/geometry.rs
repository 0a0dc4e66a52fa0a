//! The one geometry of the board: 81 cells in reading order, the 27 houses
//! (rows, columns and boxes) they form, and each cell's houses and peers.
//!
//! Every engine builds its own representation from these tables and
//! functions (the solver its band lanes, the logic engine its bitboards,
//! the generator its unit tables), so that a cell, a house and "position p
//! of house h" mean the same thing everywhere. Houses are numbered rows
//! 0-8, columns 9-17, boxes 18-26; a house's positions are its cells in
//! reading order (a box left to right, then top to bottom). The logic
//! engine searches houses in Sudoku Explainer's order (boxes, rows,
//! columns) and maps that order onto these numbers ([`house`]).

use std::fmt;

/// Cells in a row, a column or a box; digits in the alphabet.
pub const SIZE: usize = 9;

/// Cells on the board.
pub const CELLS: usize = SIZE * SIZE;

/// Houses on the board: 9 rows, 9 columns, 9 boxes.
pub const HOUSES: usize = 3 * SIZE;

/// Cells that share a house with a given cell.
pub const PEER_COUNT: usize = 20;

/// The six orders of three things (a band's rows, its boxes, a stack's
/// bands), in lexicographic order: `[0, 1, 2]` first, `[2, 1, 0]` last.
pub const ORDERS_OF_THREE: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// One of the 81 cells, by index in reading order (0-80).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub u8);

impl Cell {
    /// The cell in `row` and `column` (both 0-8).
    pub const fn at(row: usize, column: usize) -> Cell {
        Cell((row * SIZE + column) as u8)
    }

    /// The index in reading order, 0-80.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, 0-8.
    pub const fn row(self) -> usize {
        row_of(self.index())
    }

    /// The column, 0-8.
    pub const fn column(self) -> usize {
        column_of(self.index())
    }

    /// The 3x3 box, 0-8, left to right then top to bottom.
    pub const fn box_index(self) -> usize {
        box_of(self.index())
    }
}

impl fmt::Display for Cell {
    /// Writes the cell in rNcM notation, rows and columns counted from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.column() + 1)
    }
}

/// The row (0-8) of cell `cell` (0-80).
pub const fn row_of(cell: usize) -> usize {
    cell / SIZE
}

/// The column (0-8) of cell `cell` (0-80).
pub const fn column_of(cell: usize) -> usize {
    cell % SIZE
}

/// The box (0-8) of cell `cell` (0-80): its band (`cell / 27`, three rows
/// of 27 cells) times three plus its stack (`column / 3`).
pub const fn box_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % SIZE / 3
}

/// The kinds of house. The order (rows, columns, boxes) is the order of
/// the house numbers, and the order conflicts are reported in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HouseKind {
    /// A row, numbered 1-9 from the top.
    Row,
    /// A column, numbered 1-9 from the left.
    Column,
    /// A 3x3 box, numbered 1-9 left to right, then top to bottom.
    Box,
}

impl HouseKind {
    /// Every kind, in house-number order.
    pub const ALL: [HouseKind; 3] = [HouseKind::Row, HouseKind::Column, HouseKind::Box];

    /// The kind's name as users read it: `row`, `column` or `box`.
    pub const fn name(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
        }
    }

    /// The kind of house number `house` (0-26).
    pub const fn of(house: usize) -> HouseKind {
        match house / SIZE {
            0 => HouseKind::Row,
            1 => HouseKind::Column,
            _ => HouseKind::Box,
        }
    }

    /// The cell at `position` (0-8, reading order) of the `index`th house
    /// (0-8) of this kind.
    pub const fn cell(self, index: usize, position: usize) -> usize {
        match self {
            HouseKind::Row => index * SIZE + position,
            HouseKind::Column => position * SIZE + index,
            // The box's top-left cell (band row, stack column), then the
            // position's row and column within the box.
            HouseKind::Box => (index / 3 * 3 + position / 3) * SIZE + index % 3 * 3 + position % 3,
        }
    }

    /// The index (0-8) of the house of this kind that holds `cell`.
    pub const fn index_of(self, cell: usize) -> usize {
        match self {
            HouseKind::Row => row_of(cell),
            HouseKind::Column => column_of(cell),
            HouseKind::Box => box_of(cell),
        }
    }

    /// The position (0-8, reading order) of `cell` in its house of this
    /// kind.
    pub const fn position_of(self, cell: usize) -> usize {
        match self {
            HouseKind::Row => column_of(cell),
            HouseKind::Column => row_of(cell),
            HouseKind::Box => row_of(cell) % 3 * 3 + column_of(cell) % 3,
        }
    }
}

/// The number (0-26) of the `index`th house (0-8) of `kind`.
pub const fn house(kind: HouseKind, index: usize) -> usize {
    match kind {
        HouseKind::Row => index,
        HouseKind::Column => SIZE + index,
        HouseKind::Box => 2 * SIZE + index,
    }
}

/// The houses of `cell`: its row, column and box, as house numbers.
pub const fn houses_of(cell: usize) -> [usize; 3] {
    [
        house(HouseKind::Row, row_of(cell)),
        house(HouseKind::Column, column_of(cell)),
        house(HouseKind::Box, box_of(cell)),
    ]
}

const fn build_house_cells() -> [[u8; SIZE]; HOUSES] {
    let mut table = [[0u8; SIZE]; HOUSES];
    let mut h = 0;
    while h < HOUSES {
        let kind = HouseKind::of(h);
        let mut p = 0;
        while p < SIZE {
            table[h][p] = kind.cell(h % SIZE, p) as u8;
            p += 1;
        }
        h += 1;
    }
    table
}

/// The cells of each house, by position: `HOUSE_CELLS[h][p]` is position
/// `p` of house `h`.
pub const HOUSE_CELLS: [[u8; SIZE]; HOUSES] = build_house_cells();

/// Whether cells `a` and `b` (different or not) share a house.
pub const fn sees(a: usize, b: usize) -> bool {
    row_of(a) == row_of(b) || column_of(a) == column_of(b) || box_of(a) == box_of(b)
}

const fn build_peers() -> [[u8; PEER_COUNT]; CELLS] {
    let mut peers = [[0u8; PEER_COUNT]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (mut other, mut k) = (0, 0);
        while other < CELLS {
            if other != cell && sees(cell, other) {
                peers[cell][k] = other as u8;
                k += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    peers
}

/// Each cell's 20 peers (the other cells of its row, column and box), in
/// reading order.
pub const PEERS: [[u8; PEER_COUNT]; CELLS] = build_peers();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_know_their_houses() {
        let cell = Cell(40);
        assert_eq!((cell.row(), cell.column(), cell.box_index()), (4, 4, 4));
        assert_eq!(Cell(80).box_index(), 8);
        assert_eq!(Cell(6).box_index(), 2);
        assert_eq!(Cell(27).box_index(), 3);
        assert_eq!(Cell::at(1, 3), Cell(12));
        assert_eq!(Cell(0).to_string(), "r1c1");
        assert_eq!(Cell(80).to_string(), "r9c9");
        assert_eq!(Cell(12).to_string(), "r2c4");
    }

    #[test]
    fn every_house_holds_nine_distinct_cells_and_each_cell_three_houses() {
        let mut count = [0; CELLS];
        for (h, cells) in HOUSE_CELLS.iter().enumerate() {
            let kind = HouseKind::of(h);
            for (p, &cell) in cells.iter().enumerate() {
                let cell = usize::from(cell);
                count[cell] += 1;
                assert_eq!(kind.index_of(cell), h % SIZE);
                assert_eq!(kind.position_of(cell), p);
                assert!(houses_of(cell).contains(&h));
            }
        }
        assert!(count.iter().all(|&n| n == 3));
        // A box's cells in reading order: box 5 (index 4) is the centre.
        assert_eq!(
            HOUSE_CELLS[house(HouseKind::Box, 4)],
            [30, 31, 32, 39, 40, 41, 48, 49, 50]
        );
        assert_eq!(HOUSE_CELLS[house(HouseKind::Column, 0)][8], 72);
    }

    #[test]
    fn peers_are_the_cells_of_a_cells_houses() {
        for (cell, peers) in PEERS.iter().enumerate() {
            let mut from_houses: Vec<u8> = houses_of(cell)
                .iter()
                .flat_map(|&h| HOUSE_CELLS[h])
                .filter(|&other| usize::from(other) != cell)
                .collect();
            from_houses.sort_unstable();
            from_houses.dedup();
            assert_eq!(from_houses, peers);
        }
    }
}
