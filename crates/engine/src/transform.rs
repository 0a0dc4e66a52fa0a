//! The validity-preserving maps of a board: transposition, permutations of
//! bands, rows within a band, stacks and columns within a stack, and
//! relabelling of the digits; named ones (`--rotate`, `--mirror`, ...) and
//! uniformly random ones.
//!
//! A [`Transform`] is written as `canon` and `transform` print it: transpose
//! the input first if asked; then cell (r, c) of the result is cell
//! (`rows[r]`, `cols[c]`) of that board, its digit `d` written as
//! `digits[d - 1]`.
//!
//! ```
//! use sudoku_engine::transform::Transform;
//! use sudoku_engine::Board;
//!
//! let board: Board = format!("1{}", ".".repeat(80)).parse().unwrap();
//! let turned = Transform::rotate(90).unwrap().apply(&board);
//! assert_eq!(turned.cell(8), 1); // r1c1 turns to r1c9
//! let back = Transform::rotate(270).unwrap().apply(&turned);
//! assert_eq!(back, board);
//! ```

use std::fmt;

use crate::board::Board;
use crate::candidates::Candidates;
use crate::random::Random;

/// The identity permutation of nine indices.
const IDENTITY: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
/// Indices 8 down to 0: the reversal of rows or columns.
const REVERSED: [u8; 9] = [8, 7, 6, 5, 4, 3, 2, 1, 0];

/// One look-alike map: a geometric map of the cells and a relabelling of
/// the digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// Transpose the board before the row and column permutations.
    pub transpose: bool,
    /// Row `r` of the result is row `rows[r]` of the (transposed) input.
    pub rows: [u8; 9],
    /// Column `c` of the result is column `cols[c]` of the (transposed) input.
    pub cols: [u8; 9],
    /// Digit `d` of the input is written as `digits[d - 1]` (1-9).
    pub digits: [u8; 9],
}

/// Why a [`Transform`] could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TransformError {
    /// `--rotate` takes 90, 180 or 270.
    #[error("rotation must be 90, 180 or 270 degrees, not {0}")]
    Rotation(u32),
    /// `--relabel` takes nine digits, each of 1-9 once.
    #[error("relabelling must be the nine digits 1-9, each once (got {0:?})")]
    Relabel(String),
}

impl Default for Transform {
    fn default() -> Transform {
        Transform::IDENTITY
    }
}

impl Transform {
    /// The map that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: IDENTITY,
        cols: IDENTITY,
        digits: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// A clockwise turn by `degrees` (90, 180 or 270).
    pub fn rotate(degrees: u32) -> Result<Transform, TransformError> {
        // Clockwise by 90: new (r, c) is old (8 - c, r), which is the
        // transposed board's (r, 8 - c).
        let (transpose, rows, cols) = match degrees {
            90 => (true, IDENTITY, REVERSED),
            180 => (false, REVERSED, REVERSED),
            270 => (true, REVERSED, IDENTITY),
            other => return Err(TransformError::Rotation(other)),
        };
        Ok(Transform {
            transpose,
            rows,
            cols,
            ..Transform::IDENTITY
        })
    }

    /// The left-right mirror: column `c` becomes column `8 - c`.
    pub fn mirror() -> Transform {
        Transform {
            cols: REVERSED,
            ..Transform::IDENTITY
        }
    }

    /// The top-bottom mirror: row `r` becomes row `8 - r`.
    pub fn flip() -> Transform {
        Transform {
            rows: REVERSED,
            ..Transform::IDENTITY
        }
    }

    /// Mirror in the main diagonal.
    pub fn transposition() -> Transform {
        Transform {
            transpose: true,
            ..Transform::IDENTITY
        }
    }

    /// Digit `d` becomes the `d`-th character of `digits`, which must hold
    /// each of 1-9 once.
    pub fn relabel(digits: &str) -> Result<Transform, TransformError> {
        let bytes = digits.as_bytes();
        let mut seen = 0u16;
        let mut map = [0u8; 9];
        if bytes.len() != 9 {
            return Err(TransformError::Relabel(digits.to_owned()));
        }
        for (slot, &byte) in map.iter_mut().zip(bytes) {
            if !(b'1'..=b'9').contains(&byte) || seen >> (byte - b'1') & 1 != 0 {
                return Err(TransformError::Relabel(digits.to_owned()));
            }
            seen |= 1 << (byte - b'1');
            *slot = byte - b'0';
        }
        Ok(Transform {
            digits: map,
            ..Transform::IDENTITY
        })
    }

    /// A map drawn uniformly from all 3,359,232 geometric maps and 9!
    /// relabellings, from the stream of `seed`.
    pub fn random(seed: u64) -> Transform {
        let mut random = Random::new(seed);
        let transpose = random.below(2) == 1;
        let rows = random_lines(&mut random);
        let cols = random_lines(&mut random);
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        random.shuffle(&mut digits);
        Transform {
            transpose,
            rows,
            cols,
            digits,
        }
    }

    /// Whether the map keeps bands and stacks whole (every map built here
    /// does; a transform read from elsewhere may not) and relabels the
    /// digits one to one.
    pub fn is_valid(&self) -> bool {
        let lines_ok = |lines: &[u8; 9]| {
            let mut seen = 0u16;
            for (at, &line) in lines.iter().enumerate() {
                // Output lines 3b..3b+3 all come from one input band.
                if line > 8 || line / 3 != lines[at / 3 * 3] / 3 {
                    return false;
                }
                seen |= 1 << line;
            }
            seen == 0x1FF
        };
        let digits = self.digits.iter().fold(0u16, |seen, &d| {
            seen | 1u16.checked_shl(u32::from(d)).unwrap_or(0)
        });
        lines_ok(&self.rows) && lines_ok(&self.cols) && digits == 0x3FE
    }

    /// The input cell that output cell `index` (0-80) comes from.
    pub fn source(&self, index: usize) -> usize {
        let (r, c) = (
            usize::from(self.rows[index / 9]),
            usize::from(self.cols[index % 9]),
        );
        if self.transpose {
            c * 9 + r
        } else {
            r * 9 + c
        }
    }

    /// The board with the map applied.
    pub fn apply(&self, board: &Board) -> Board {
        // Digit d is written labels[d]; empty stays empty.
        let mut labels = [0u8; 10];
        labels[1..].copy_from_slice(&self.digits);
        // Cell (r, c) of the (transposed) input is r * across + c * down.
        let (across, down) = if self.transpose { (1, 9) } else { (9, 1) };
        let mut cells = [0u8; 81];
        for (out, &row) in cells.chunks_exact_mut(9).zip(&self.rows) {
            let start = usize::from(row) * across;
            for (cell, &col) in out.iter_mut().zip(&self.cols) {
                let digit = board.cell(start + usize::from(col) * down);
                *cell = labels[usize::from(digit)];
            }
        }
        Board::from_checked(cells)
    }

    /// The pencil marks with the map applied: cells move, and each cell's
    /// candidate digits are relabelled.
    pub fn apply_marks(&self, marks: &Candidates) -> Candidates {
        let mut masks = [0u16; 81];
        for (index, mask) in masks.iter_mut().enumerate() {
            let old = marks.of(self.source(index));
            for (d, &to) in self.digits.iter().enumerate() {
                // Bit d is digit d + 1; it moves to bit `to - 1`.
                *mask |= (old >> d & 1) << (to - 1);
            }
        }
        Candidates::from_checked(masks)
    }

    /// The map that applies `self` first and then `next`.
    pub fn then(&self, next: &Transform) -> Transform {
        let (rows, cols) = if next.transpose {
            // next reads the transposed result: its rows are our columns.
            (
                next.rows.map(|r| self.cols[usize::from(r)]),
                next.cols.map(|c| self.rows[usize::from(c)]),
            )
        } else {
            (
                next.rows.map(|r| self.rows[usize::from(r)]),
                next.cols.map(|c| self.cols[usize::from(c)]),
            )
        };
        Transform {
            transpose: self.transpose != next.transpose,
            rows,
            cols,
            digits: self.digits.map(|d| next.digits[usize::from(d - 1)]),
        }
    }

    /// The map that undoes this one.
    pub fn inverse(&self) -> Transform {
        let invert = |lines: &[u8; 9]| {
            let mut back = [0u8; 9];
            for (at, &line) in lines.iter().enumerate() {
                back[usize::from(line)] = at as u8;
            }
            back
        };
        let mut digits = [0u8; 9];
        for (d, &to) in self.digits.iter().enumerate() {
            digits[usize::from(to - 1)] = d as u8 + 1;
        }
        // Undoing "transpose, then permute" is "permute back, then
        // transpose": written transpose-first, the permutations swap.
        let (rows, cols) = (invert(&self.rows), invert(&self.cols));
        let (rows, cols) = if self.transpose {
            (cols, rows)
        } else {
            (rows, cols)
        };
        Transform {
            transpose: self.transpose,
            rows,
            cols,
            digits,
        }
    }

    /// The relabelling as nine ASCII digits, as JSON writes it.
    pub fn digits_text(&self) -> String {
        self.digits.iter().map(|&d| char::from(b'0' + d)).collect()
    }
}

/// Nine line indices: a random order of the bands, and of the lines within
/// each band, each uniform.
fn random_lines(random: &mut Random) -> [u8; 9] {
    let mut bands = [0u8, 1, 2];
    random.shuffle(&mut bands);
    let mut lines = [0u8; 9];
    for (at, &band) in bands.iter().enumerate() {
        let mut within = [0u8, 1, 2];
        random.shuffle(&mut within);
        for (slot, &w) in lines[at * 3..at * 3 + 3].iter_mut().zip(&within) {
            *slot = band * 3 + w;
        }
    }
    lines
}

impl fmt::Display for Transform {
    /// `transpose=false rows=012345678 cols=012345678 digits=123456789`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines =
            |lines: &[u8; 9]| -> String { lines.iter().map(|&l| char::from(b'0' + l)).collect() };
        write!(
            f,
            "transpose={} rows={} cols={} digits={}",
            self.transpose,
            lines(&self.rows),
            lines(&self.cols),
            self.digits_text()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::puzzle_seed;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn board() -> Board {
        PUZZLE.parse().unwrap()
    }

    /// The map as a plain function of cells, for checking the formulas.
    fn by_cells(board: &Board, map: impl Fn(usize, usize) -> (usize, usize)) -> Board {
        let mut cells = [0; 81];
        for (index, cell) in cells.iter_mut().enumerate() {
            let (r, c) = map(index / 9, index % 9);
            *cell = board.cell(r * 9 + c);
        }
        Board::new(cells).unwrap()
    }

    #[test]
    fn named_maps_are_the_geometric_ones() {
        let b = board();
        let rotate = |d| Transform::rotate(d).unwrap().apply(&b);
        assert_eq!(rotate(90), by_cells(&b, |r, c| (8 - c, r)));
        assert_eq!(rotate(180), by_cells(&b, |r, c| (8 - r, 8 - c)));
        assert_eq!(rotate(270), by_cells(&b, |r, c| (c, 8 - r)));
        assert_eq!(
            Transform::mirror().apply(&b),
            by_cells(&b, |r, c| (r, 8 - c))
        );
        assert_eq!(Transform::flip().apply(&b), by_cells(&b, |r, c| (8 - r, c)));
        assert_eq!(
            Transform::transposition().apply(&b),
            by_cells(&b, |r, c| (c, r))
        );
        assert!(Transform::rotate(45).is_err());
    }

    #[test]
    fn relabel_takes_a_permutation() {
        let map = Transform::relabel("987654321").unwrap();
        assert_eq!(map.apply(&board()).cell(0), 5);
        assert_eq!(map.apply(&board()).cell(1), 7);
        for bad in ["12345678", "123456788", "1234567890", "a23456789"] {
            assert!(Transform::relabel(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn composition_inverse_and_validity() {
        let b = board();
        for seed in 0..200 {
            let first = Transform::random(seed);
            let second = Transform::random(seed + 1000);
            assert!(first.is_valid());
            assert_eq!(
                first.then(&second).apply(&b),
                second.apply(&first.apply(&b)),
                "seed {seed}"
            );
            assert_eq!(first.inverse().apply(&first.apply(&b)), b, "seed {seed}");
            assert_eq!(first.then(&first.inverse()), Transform::IDENTITY);
        }
        let mut broken = Transform::IDENTITY;
        broken.rows.swap(2, 3); // mixes bands 1 and 2
        assert!(!broken.is_valid());
    }

    /// Pearson's statistic of `counts` against a uniform spread.
    fn chi_square(counts: &[u64]) -> f64 {
        let total: u64 = counts.iter().sum();
        let expected = total as f64 / counts.len() as f64;
        counts
            .iter()
            .map(|&n| (n as f64 - expected).powi(2) / expected)
            .sum()
    }

    #[test]
    fn random_maps_reach_every_kind_of_map_evenly() {
        // Critical values at p = 0.0001 (seeds are fixed, so this never
        // flakes; a biased or stuck coordinate fails by orders of magnitude).
        let draws = 36_000u64;
        let mut transpose = [0u64; 2];
        let mut first_row = [0u64; 9];
        let mut fifth_col = [0u64; 9];
        let mut band_order = [0u64; 6];
        let mut digit_pair = [0u64; 81];
        for seed in 0..draws {
            let map = Transform::random(puzzle_seed(12345, seed));
            transpose[usize::from(map.transpose)] += 1;
            first_row[usize::from(map.rows[0])] += 1;
            fifth_col[usize::from(map.cols[4])] += 1;
            // The band order as one of six: the first band, and whether
            // the second is the higher of the other two.
            let (first, second) = (map.rows[0] / 3, map.rows[3] / 3);
            let third = 3 - first - second;
            band_order[usize::from(first * 2 + u8::from(second > third))] += 1;
            let (a, b) = (map.digits[0] - 1, map.digits[1] - 1);
            digit_pair[usize::from(a * 9 + b)] += 1;
        }
        assert!(chi_square(&transpose) < 15.1, "{transpose:?}");
        assert!(chi_square(&first_row) < 31.8, "{first_row:?}");
        assert!(chi_square(&fifth_col) < 31.8, "{fifth_col:?}");
        assert!(chi_square(&band_order) < 25.7, "{band_order:?}");
        // Two different digits: 72 of the 81 pairs, never the diagonal.
        let pairs: Vec<u64> = (0..81)
            .filter(|i| i / 9 != i % 9)
            .map(|i| digit_pair[i])
            .collect();
        assert!((0..9).all(|d| digit_pair[d * 10] == 0));
        assert!(chi_square(&pairs) < 118.0, "{pairs:?}");
    }

    #[test]
    fn marks_move_with_their_cells() {
        let b = board();
        let map = Transform::random(7);
        let marks = Candidates::from_board(&b);
        assert_eq!(
            map.apply_marks(&marks),
            Candidates::from_board(&map.apply(&b))
        );
    }
}
