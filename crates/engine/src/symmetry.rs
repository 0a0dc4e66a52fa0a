//! The symmetries a puzzle's pattern of givens may keep, and the groups of
//! cells they tie together (a cell with its images), which the digger
//! empties or keeps as one.

use std::fmt;
use std::str::FromStr;

/// A map of the grid onto itself that the pattern of givens must be
/// unchanged by, as `--symmetry` names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint on the pattern.
    #[default]
    None,
    /// Half turn about the centre (the newspaper pattern).
    Rotate180,
    /// Quarter turn about the centre (so also the half turn).
    Rotate90,
    /// Left-right mirror: column `c` maps to column `8 - c`.
    Mirror,
    /// Top-bottom mirror: row `r` maps to row `8 - r`.
    Flip,
    /// Mirror in the main diagonal (r1c1 to r9c9): transposition.
    Diagonal,
    /// Mirror in the anti-diagonal (r1c9 to r9c1).
    Antidiagonal,
}

/// Every symmetry, in the order `--help` lists them.
pub const SYMMETRIES: [Symmetry; 7] = [
    Symmetry::None,
    Symmetry::Rotate180,
    Symmetry::Rotate90,
    Symmetry::Mirror,
    Symmetry::Flip,
    Symmetry::Diagonal,
    Symmetry::Antidiagonal,
];

impl Symmetry {
    /// The name `--symmetry` takes.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
        }
    }

    /// The image of cell `index` (0-80, reading order) under the map.
    ///
    /// ```
    /// use sudoku_engine::generate::Symmetry;
    ///
    /// assert_eq!(Symmetry::Rotate180.image(0), 80);
    /// assert_eq!(Symmetry::Rotate90.image(0), 8); // r1c1 turns to r1c9
    /// assert_eq!(Symmetry::Diagonal.image(1), 9);
    /// ```
    pub fn image(self, index: usize) -> usize {
        let (r, c) = (index / 9, index % 9);
        let (r, c) = match self {
            Symmetry::None => (r, c),
            Symmetry::Rotate180 => (8 - r, 8 - c),
            Symmetry::Rotate90 => (c, 8 - r),
            Symmetry::Mirror => (r, 8 - c),
            Symmetry::Flip => (8 - r, c),
            Symmetry::Diagonal => (c, r),
            Symmetry::Antidiagonal => (8 - c, 8 - r),
        };
        r * 9 + c
    }

    /// Whether a number of givens can be made of whole groups: only the
    /// quarter turn restricts it (groups of four and the centre alone, so
    /// 4k or 4k + 1 givens); the others have enough single cells.
    pub fn allows_givens(self, givens: u8) -> bool {
        self != Symmetry::Rotate90 || givens % 4 <= 1
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `--symmetry` named something that is not a symmetry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry {0:?} (expected none, rotate180, rotate90, mirror, flip, diagonal or antidiagonal)")]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        SYMMETRIES
            .into_iter()
            .find(|symmetry| symmetry.name() == s)
            .ok_or_else(|| UnknownSymmetry(s.to_owned()))
    }
}

/// The cells of the grid split into orbits of a symmetry: each group is a
/// cell and all its images (1, 2 or 4 cells). Plain arrays, built once per
/// run and shared by every attempt.
#[derive(Clone, Debug)]
pub struct Groups {
    /// Group `g`'s cells are `cells[g][..len[g]]`.
    cells: [[u8; 4]; 81],
    len: [u8; 81],
    count: usize,
}

impl Groups {
    /// The orbits of `symmetry`, in the order of their first cell.
    pub fn new(symmetry: Symmetry) -> Groups {
        let mut groups = Groups {
            cells: [[0; 4]; 81],
            len: [0; 81],
            count: 0,
        };
        let mut seen = [false; 81];
        for start in 0..81 {
            if seen[start] {
                continue;
            }
            let g = groups.count;
            let mut cell = start;
            // Follow the map until it comes back: every map here has order
            // 1, 2 or 4, so an orbit never has more than four cells.
            while !seen[cell] {
                seen[cell] = true;
                groups.cells[g][usize::from(groups.len[g])] = cell as u8;
                groups.len[g] += 1;
                cell = symmetry.image(cell);
            }
            groups.count += 1;
        }
        groups
    }

    /// How many groups there are.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The cells of group `g`.
    pub fn cells(&self, g: usize) -> &[u8] {
        &self.cells[g][..usize::from(self.len[g])]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for symmetry in SYMMETRIES {
            assert_eq!(symmetry.name().parse::<Symmetry>(), Ok(symmetry));
        }
        assert!("half".parse::<Symmetry>().is_err());
    }

    #[test]
    fn groups_partition_the_grid_into_orbits() {
        for symmetry in SYMMETRIES {
            let groups = Groups::new(symmetry);
            let mut covered = [0u8; 81];
            for g in 0..groups.count() {
                let cells = groups.cells(g);
                assert!(matches!(cells.len(), 1 | 2 | 4), "{symmetry}");
                for &cell in cells {
                    covered[usize::from(cell)] += 1;
                    // Closed under the map.
                    let image = symmetry.image(usize::from(cell)) as u8;
                    assert!(cells.contains(&image), "{symmetry}");
                }
            }
            assert!(covered.iter().all(|&n| n == 1), "{symmetry}");
        }
        assert_eq!(Groups::new(Symmetry::None).count(), 81);
        assert_eq!(Groups::new(Symmetry::Rotate180).count(), 41);
        assert_eq!(Groups::new(Symmetry::Rotate90).count(), 21);
        assert_eq!(Groups::new(Symmetry::Mirror).count(), 45);
        assert_eq!(Groups::new(Symmetry::Diagonal).count(), 45);
    }

    #[test]
    fn maps_are_the_named_ones() {
        // r2c3 (index 11) under each map, in rNcM terms.
        let at = |s: Symmetry| {
            let i = s.image(11);
            (i / 9 + 1, i % 9 + 1)
        };
        assert_eq!(at(Symmetry::None), (2, 3));
        assert_eq!(at(Symmetry::Rotate180), (8, 7));
        assert_eq!(at(Symmetry::Rotate90), (3, 8));
        assert_eq!(at(Symmetry::Mirror), (2, 7));
        assert_eq!(at(Symmetry::Flip), (8, 3));
        assert_eq!(at(Symmetry::Diagonal), (3, 2));
        assert_eq!(at(Symmetry::Antidiagonal), (7, 8));
    }

    #[test]
    fn only_the_quarter_turn_restricts_the_count() {
        assert!(Symmetry::Rotate90.allows_givens(24));
        assert!(Symmetry::Rotate90.allows_givens(25));
        assert!(!Symmetry::Rotate90.allows_givens(26));
        assert!(!Symmetry::Rotate90.allows_givens(27));
        assert!(Symmetry::Rotate180.allows_givens(27));
    }
}
