//! The shape of a board of any size: its size N (4 to 25), its cells in
//! reading order, and the regions that are its third kind of house (the
//! boxes of its box shape, or irregular jigsaw regions).

use std::fmt;

/// The smallest size read.
pub const MIN_SIZE: usize = 4;
/// The largest size read: 25 digits fit a `u32` candidate mask.
pub const MAX_SIZE: usize = 25;
/// Cells on the largest board.
pub const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// Why a layout cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// A size outside 4..=25.
    #[error("size {0} is not between 4 and 25")]
    Size(usize),
    /// A size with no usual boxes (5, 7, 11, ...) and no regions given.
    #[error("a {0}x{0} board has no boxes: give its regions (--regions)")]
    NeedsRegions(usize),
    /// A box shape whose cells do not make the size.
    #[error("boxes of {rows}x{columns} do not tile a {size}x{size} board")]
    BoxShape {
        /// The board's size.
        size: usize,
        /// Rows in a box.
        rows: usize,
        /// Columns in a box.
        columns: usize,
    },
    /// A region layout of the wrong length.
    #[error("a region layout for {size}x{size} needs {} symbols, found {found}", size * size)]
    RegionCount {
        /// The board's size.
        size: usize,
        /// Symbols found.
        found: usize,
    },
    /// A region that does not hold exactly `size` cells.
    #[error("region {region} has {cells} cell{}, not {size}", if *cells == 1 { "" } else { "s" })]
    RegionSize {
        /// The region, from 1.
        region: usize,
        /// Its cells.
        cells: usize,
        /// The board's size.
        size: usize,
    },
}

/// A board's shape: size and regions.
#[derive(Clone, PartialEq, Eq)]
pub struct Layout {
    size: u8,
    /// Rows and columns of a box, when the regions are boxes.
    boxes: Option<(u8, u8)>,
    /// Each cell's region, 0..size.
    region: Box<[u8]>,
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.boxes {
            Some((r, c)) => write!(f, "Layout({}x{}, boxes {r}x{c})", self.size, self.size),
            None => write!(f, "Layout({}x{}, regions)", self.size, self.size),
        }
    }
}

impl Layout {
    /// The usual box shape of `size`: square for 4, 9, 16, 25; wider than
    /// tall for 6 (2x3), 8 (2x4), 10 (2x5), 12 (3x4), 15 (3x5), 20 (4x5);
    /// `None` for a size without boxes.
    pub fn usual_boxes(size: usize) -> Option<(usize, usize)> {
        Some(match size {
            4 => (2, 2),
            6 => (2, 3),
            8 => (2, 4),
            9 => (3, 3),
            10 => (2, 5),
            12 => (3, 4),
            15 => (3, 5),
            16 => (4, 4),
            20 => (4, 5),
            25 => (5, 5),
            _ => return None,
        })
    }

    /// The board of `size` with its usual boxes.
    pub fn standard(size: usize) -> Result<Layout, LayoutError> {
        check_size(size)?;
        let (rows, columns) = Layout::usual_boxes(size).ok_or(LayoutError::NeedsRegions(size))?;
        Layout::boxed(size, rows, columns)
    }

    /// The board of `size` with boxes of `rows` x `columns`.
    pub fn boxed(size: usize, rows: usize, columns: usize) -> Result<Layout, LayoutError> {
        check_size(size)?;
        if rows == 0 || columns == 0 || rows * columns != size {
            return Err(LayoutError::BoxShape {
                size,
                rows,
                columns,
            });
        }
        let per_band = size / columns;
        let region = (0..size * size)
            .map(|cell| {
                let (r, c) = (cell / size, cell % size);
                ((r / rows) * per_band + c / columns) as u8
            })
            .collect();
        Ok(Layout {
            size: size as u8,
            boxes: Some((rows as u8, columns as u8)),
            region,
        })
    }

    /// The board of `size` whose cell `i` lies in region `regions[i]`
    /// (0-based): `size` regions of `size` cells each.
    pub fn with_regions(size: usize, regions: &[u8]) -> Result<Layout, LayoutError> {
        check_size(size)?;
        if regions.len() != size * size {
            return Err(LayoutError::RegionCount {
                size,
                found: regions.len(),
            });
        }
        let mut counts = vec![0usize; size];
        for &r in regions {
            match counts.get_mut(usize::from(r)) {
                Some(count) => *count += 1,
                None => {
                    return Err(LayoutError::RegionSize {
                        region: usize::from(r) + 1,
                        cells: regions.iter().filter(|&&x| x == r).count(),
                        size,
                    })
                }
            }
        }
        if let Some((region, &cells)) = counts.iter().enumerate().find(|(_, &n)| n != size) {
            return Err(LayoutError::RegionSize {
                region: region + 1,
                cells,
                size,
            });
        }
        Ok(Layout {
            size: size as u8,
            boxes: None,
            region: regions.into(),
        })
    }

    /// N: cells in a row, digits in the alphabet.
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// Cells on the board, N².
    pub fn cells(&self) -> usize {
        self.region.len()
    }

    /// The box shape (rows, columns) when the regions are boxes.
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        self.boxes.map(|(r, c)| (usize::from(r), usize::from(c)))
    }

    /// Whether this is the classic 9x9 board with 3x3 boxes.
    pub fn is_classic(&self) -> bool {
        self.size == 9 && self.boxes == Some((3, 3))
    }

    /// The region (box or jigsaw piece) of `cell`, 0..size.
    pub fn region_of(&self, cell: usize) -> usize {
        usize::from(self.region[cell])
    }

    /// Every cell's region, in reading order.
    pub fn regions(&self) -> &[u8] {
        &self.region
    }

    /// The cells of `region`, in reading order.
    pub fn region_cells(&self, region: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells()).filter(move |&c| self.region_of(c) == region)
    }

    /// A cell by row and column, both from 0.
    pub fn cell(&self, row: usize, column: usize) -> usize {
        row * self.size() + column
    }

    /// The row of `cell`, from 0.
    pub fn row_of(&self, cell: usize) -> usize {
        cell / self.size()
    }

    /// The column of `cell`, from 0.
    pub fn column_of(&self, cell: usize) -> usize {
        cell % self.size()
    }

    /// `cell` in rNcM notation, rows and columns from 1 (`r10c12`).
    pub fn name(&self, cell: usize) -> CellName {
        CellName {
            row: self.row_of(cell) + 1,
            column: self.column_of(cell) + 1,
        }
    }
}

/// A cell written `rNcM`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellName {
    row: usize,
    column: usize,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row, self.column)
    }
}

fn check_size(size: usize) -> Result<(), LayoutError> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(LayoutError::Size(size))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usual_boxes_tile_their_sizes() {
        for size in MIN_SIZE..=MAX_SIZE {
            match Layout::standard(size) {
                Ok(layout) => {
                    let (r, c) = layout.box_shape().unwrap();
                    assert_eq!(r * c, size);
                    assert!(r <= c, "boxes are wider than tall");
                    for region in 0..size {
                        assert_eq!(layout.region_cells(region).count(), size);
                    }
                }
                Err(e) => assert_eq!(e, LayoutError::NeedsRegions(size)),
            }
        }
    }

    #[test]
    fn six_by_six_boxes_are_two_rows_of_three() {
        let layout = Layout::standard(6).unwrap();
        let regions: Vec<usize> = (0..12).map(|c| layout.region_of(c)).collect();
        assert_eq!(regions, [0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1]);
        assert_eq!(layout.region_of(layout.cell(2, 0)), 2);
        assert_eq!(layout.name(layout.cell(5, 5)).to_string(), "r6c6");
    }

    #[test]
    fn regions_must_each_hold_size_cells() {
        let mut regions: Vec<u8> = (0..16).map(|c| (c / 4) as u8).collect();
        assert!(Layout::with_regions(4, &regions).is_ok());
        regions[0] = 1;
        assert_eq!(
            Layout::with_regions(4, &regions),
            Err(LayoutError::RegionSize {
                region: 1,
                cells: 3,
                size: 4
            })
        );
        // Region 1 keeps its first cell only.
        regions[0] = 0;
        regions[1..4].fill(1);
        assert_eq!(
            Layout::with_regions(4, &regions).unwrap_err().to_string(),
            "region 1 has 1 cell, not 4"
        );
    }
}
