//! What the examples share: a small random generator and the symmetries of
//! sudoku (relabelling the digits, transposing, permuting rows within a
//! band, bands, columns within a stack and stacks), which map a board to
//! one with the same number of solutions.

// Each example uses part of this module.
#![allow(dead_code)]

use sudoku_cli::Board;

/// Xorshift: deterministic from its seed, good enough to pick moves.
pub struct Rng(u64);

impl Rng {
    /// A generator from any seed (zero included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// A random order of `0..N` (Fisher-Yates).
    pub fn permutation<const N: usize>(&mut self) -> [usize; N] {
        let mut order: [usize; N] = std::array::from_fn(|i| i);
        for i in (1..N).rev() {
            order.swap(i, self.below(i as u64 + 1) as usize);
        }
        order
    }
}

/// One symmetry of the sudoku grid with a relabelling of its digits.
#[derive(Clone, Copy, Debug)]
pub struct Symmetry {
    /// `digits[d - 1]` is what digit `d` becomes.
    pub digits: [u8; 9],
    /// Swap rows and columns first.
    pub transpose: bool,
    /// The row (0-8) each new row is taken from: bands and rows within
    /// bands permuted.
    pub rows: [usize; 9],
    /// The same for columns.
    pub columns: [usize; 9],
}

impl Symmetry {
    /// Changes nothing.
    pub const IDENTITY: Symmetry = Symmetry {
        digits: [1, 2, 3, 4, 5, 6, 7, 8, 9],
        transpose: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        columns: [0, 1, 2, 3, 4, 5, 6, 7, 8],
    };

    /// A relabelling alone, with or without a transposition: the
    /// rearrangements of issue 10's experiment.
    pub fn relabel(rng: &mut Rng) -> Symmetry {
        let digits = rng.permutation::<9>().map(|d| d as u8 + 1);
        Symmetry {
            digits,
            transpose: rng.below(2) == 1,
            ..Symmetry::IDENTITY
        }
    }

    /// Any of the 2 * 6^8 * 9! symmetries with relabelling, uniformly.
    pub fn random(rng: &mut Rng) -> Symmetry {
        Symmetry {
            rows: lines(rng),
            columns: lines(rng),
            ..Symmetry::relabel(rng)
        }
    }

    /// The board with the symmetry applied.
    pub fn apply(&self, board: &Board) -> Board {
        let from = board.cells();
        let cells = std::array::from_fn(|at| {
            let (row, column) = (self.rows[at / 9], self.columns[at % 9]);
            let source = if self.transpose {
                column * 9 + row
            } else {
                row * 9 + column
            };
            match from[source] {
                0 => 0,
                digit => self.digits[usize::from(digit) - 1],
            }
        });
        Board::new(cells).expect("digits 0-9")
    }
}

/// A random order of the nine rows (or columns) that keeps bands whole:
/// the bands permuted, and the rows within each band.
fn lines(rng: &mut Rng) -> [usize; 9] {
    let bands = rng.permutation::<3>();
    let within: [[usize; 3]; 3] = std::array::from_fn(|_| rng.permutation::<3>());
    std::array::from_fn(|i| bands[i / 3] * 3 + within[i / 3][i % 3])
}
