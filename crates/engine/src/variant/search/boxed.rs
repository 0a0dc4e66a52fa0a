//! Locked candidates on a board of rows, columns and boxes only: every
//! crossing of a line and a box worked out from the ORs of the line
//! segments (the cells a line shares with a box), each taken once a pass,
//! instead of the general crossings' lists.

use super::Search;
use crate::variant::layout::MAX_SIZE;

/// Where the segment ORs of a boxed board live, and its shape.
#[derive(Clone, Debug)]
pub(super) struct Boxed {
    /// Rows and columns of a box.
    rows: usize,
    columns: usize,
    /// Per row `r` and box column `j` (`r * across + j`), the candidates
    /// of the row's cells in that box together.
    row_or: Vec<u32>,
    /// Per band `i` and column `c` (`i * n + c`), the same down the
    /// column.
    column_or: Vec<u32>,
    /// Per row, the digits in two or more of its segments.
    row_twice: Vec<u32>,
    /// Per column, the same.
    column_twice: Vec<u32>,
    /// Per box of the band (`j`) being worked, the digits in two or more
    /// of its row segments; of the stack (`i`), of its column segments.
    box_twice: Vec<u32>,
}

impl Boxed {
    /// The tables for an `n` x `n` board of `rows` x `columns` boxes.
    pub(super) fn new(n: usize, rows: usize, columns: usize) -> Boxed {
        Boxed {
            rows,
            columns,
            row_or: vec![0; n * (n / columns)],
            column_or: vec![0; n * (n / rows)],
            row_twice: vec![0; n],
            column_twice: vec![0; n],
            box_twice: vec![0; n],
        }
    }
}

impl Search<'_> {
    /// One pass of locked candidates over the line and box crossings of
    /// the bands and stacks with changed cells: a digit that a line can
    /// only place in a box leaves the box's other cells, and a digit that
    /// a box can only place in a line leaves the line's other cells. The
    /// ORs are taken at the start of the pass: one that a removal made
    /// stale is a superset of the candidates, which finds fewer digits,
    /// never a wrong one (a digit gone from a house altogether is a
    /// contradiction the counts find); removals mark their houses, so the
    /// propagation runs another pass. False on a contradiction.
    #[inline(never)]
    pub(super) fn locked_boxed(&mut self) -> bool {
        let Some(mut b) = self.boxed.take() else {
            return true;
        };
        // Only bands (stacks) with a changed row (column) can hold news:
        // the rest were worked out at a pass that left them as they are.
        let n = self.size;
        // The changed houses' first two words as one number (rows, then
        // columns: 2n <= 50 bits of them).
        let word = |w: usize| u128::from(self.locked_dirty.get(w).copied().unwrap_or(0));
        let dirty = word(0) | word(1) << 64;
        // The low `k` bits set.
        let low = |k: usize| (1u128 << k) - 1;
        let (rows, columns) = (dirty & low(n), dirty >> n & low(n));
        let (mut bands, mut stacks) = (0u32, 0u32);
        for i in 0..n / b.rows {
            bands |= u32::from(rows >> (i * b.rows) & low(b.rows) != 0) << i;
        }
        for j in 0..n / b.columns {
            stacks |= u32::from(columns >> (j * b.columns) & low(b.columns) != 0) << j;
        }
        self.locked_dirty.fill(0);
        self.locked_any = false;
        // The commonest shapes as constants: their loops unrolled.
        let ok = match (b.rows, b.columns) {
            (3, 3) => self.boxed_pass(&mut b, bands, stacks, 3, 3),
            (4, 4) => self.boxed_pass(&mut b, bands, stacks, 4, 4),
            (5, 5) => self.boxed_pass(&mut b, bands, stacks, 5, 5),
            (rows, columns) => self.boxed_pass(&mut b, bands, stacks, rows, columns),
        };
        self.boxed = Some(b);
        ok
    }

    /// The pass over the bands and stacks set in `bands` and `stacks`:
    /// first every row of those bands, then every column of those
    /// stacks. A band's removals stay in the band (a box's other rows, a
    /// row's other boxes), so taking band after band reads the same
    /// candidates as working out every band's ORs first.
    #[inline(always)]
    fn boxed_pass(
        &mut self,
        b: &mut Boxed,
        bands: u32,
        stacks: u32,
        rows: usize,
        columns: usize,
    ) -> bool {
        let n = rows * columns;
        // Segments per line: a row crosses `across` boxes, a column `down`.
        let (across, down) = (n / columns, n / rows);
        // A digit in a line's segment and in no other of the line's
        // segments is confined to that box: it is in the segment and not
        // among the digits in two or more segments (`twice`), counted
        // bit-sliced (`twice |= once & x; once |= x`). The same holds for a
        // box's segments along the line.
        let mut bits = bands;
        while bits != 0 {
            let band = bits.trailing_zeros() as usize;
            bits &= bits - 1; // clears the lowest set bit
            let lines = band * rows..band * rows + rows;
            for r in lines.clone() {
                let (mut once, mut twice) = (0u32, 0u32);
                let ors = &mut b.row_or[r * across..r * across + across];
                for (or, segment) in ors
                    .iter_mut()
                    .zip(self.cands[r * n..r * n + n].chunks_exact(columns))
                {
                    let x = segment.iter().fold(0, |acc, &m| acc | m);
                    *or = x;
                    twice |= once & x;
                    once |= x;
                }
                b.row_twice[r] = twice;
            }
            let boxes = &mut b.box_twice[..across];
            boxes.fill(0);
            // Per box, the digits of its row segments so far.
            let mut once = [0u32; MAX_SIZE];
            for r in lines.clone() {
                let ors = &b.row_or[r * across..r * across + across];
                for ((twice, once), &x) in boxes.iter_mut().zip(&mut once).zip(ors) {
                    *twice |= *once & x;
                    *once |= x;
                }
            }
            for r in lines.clone() {
                for j in 0..across {
                    let shared = b.row_or[r * across + j];
                    let (line_twice, box_twice) = (b.row_twice[r], b.box_twice[j]);
                    // The row's digits confined to this box, which the box's
                    // other rows hold too (they are in two of its segments).
                    let only_line = shared & !line_twice;
                    if only_line & box_twice != 0 {
                        for o in lines.clone().filter(|&o| o != r) {
                            if !self.remove_span(o * n + j * columns, 1, columns, only_line) {
                                return false;
                            }
                        }
                    }
                    // The box's digits confined to this row, which the row's
                    // other boxes hold too.
                    let only_box = shared & !box_twice;
                    if only_box & line_twice != 0 {
                        for o in (0..across).filter(|&o| o != j) {
                            if !self.remove_span(r * n + o * columns, 1, columns, only_box) {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        let mut bits = stacks;
        while bits != 0 {
            let stack = bits.trailing_zeros() as usize;
            bits &= bits - 1; // clears the lowest set bit
            let lines = stack * columns..stack * columns + columns;
            // Per band `i`, the stack's columns' segments side by side
            // (`column_or[i * n + c]`): ORs of whole row pieces.
            for i in 0..down {
                let ors = &mut b.column_or[i * n + lines.start..i * n + lines.end];
                ors.fill(0);
                for k in i * rows..i * rows + rows {
                    let start = k * n + lines.start;
                    for (or, &m) in ors.iter_mut().zip(&self.cands[start..start + columns]) {
                        *or |= m;
                    }
                }
            }
            for c in lines.clone() {
                let (mut once, mut twice) = (0u32, 0u32);
                for i in 0..down {
                    let x = b.column_or[i * n + c];
                    twice |= once & x;
                    once |= x;
                }
                b.column_twice[c] = twice;
            }
            for i in 0..down {
                let (mut once, mut twice) = (0u32, 0u32);
                for &x in &b.column_or[i * n + lines.start..i * n + lines.end] {
                    twice |= once & x;
                    once |= x;
                }
                b.box_twice[i] = twice;
            }
            for c in lines.clone() {
                for i in 0..down {
                    let shared = b.column_or[i * n + c];
                    let (line_twice, box_twice) = (b.column_twice[c], b.box_twice[i]);
                    let only_line = shared & !line_twice;
                    if only_line & box_twice != 0 {
                        for o in lines.clone().filter(|&o| o != c) {
                            if !self.remove_span(i * rows * n + o, n, rows, only_line) {
                                return false;
                            }
                        }
                    }
                    let only_box = shared & !box_twice;
                    if only_box & line_twice != 0 {
                        for o in (0..down).filter(|&o| o != i) {
                            if !self.remove_span(o * rows * n + c, n, rows, only_box) {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        true
    }

    /// Removes `digits` from `len` cells from `start`, `step` apart.
    fn remove_span(&mut self, start: usize, step: usize, len: usize, digits: u32) -> bool {
        for k in 0..len {
            let c = start + k * step;
            let m = self.cands[c];
            if m & digits != 0 && !self.narrow(c, m & !digits) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::reference::{brute_count, solves};
    use super::super::tests::{jigsaw5, puzzle, random_solution};
    use super::super::Rng;
    use crate::variant::layout::Layout;
    use crate::variant::rule::Rule;

    /// `solution` with `keep` of its cells left, picked at random.
    fn some_givens(solution: &[u8], keep: usize, rng: &mut Rng) -> Vec<u8> {
        let mut givens = vec![0; solution.len()];
        let mut left = keep.min(solution.len());
        while left > 0 {
            let c = rng.below(solution.len());
            if givens[c] == 0 {
                givens[c] = solution[c];
                left -= 1;
            }
        }
        givens
    }

    /// The fast paths count what the general search counts, and every
    /// solution they give solves the puzzle.
    fn agree(layout: &Layout, rules: &[Rule], givens: &[u8], limit: u64) {
        let p = puzzle(layout, givens, rules);
        let fast = p.solve(limit);
        let general = p.solve_general(limit);
        assert_eq!(fast.count, general.count, "{layout:?} {givens:?}");
        for found in [fast.solution, general.solution].into_iter().flatten() {
            assert!(
                solves(layout, rules, givens, &found),
                "{layout:?} {givens:?}"
            );
        }
    }

    #[test]
    fn fast_paths_count_as_the_general_search_on_every_size() {
        let mut rng = Rng(42);
        for size in 4..=25 {
            let Ok(layout) = Layout::standard(size) else {
                continue;
            };
            let cells = layout.cells();
            for seed in 0..4 {
                let solution = random_solution(&layout, &[], seed);
                // From loose (many solutions, up to the limit) to tight.
                for keep in [cells / 4, cells * 2 / 5, cells / 2, cells * 2 / 3] {
                    let givens = some_givens(&solution, keep, &mut rng);
                    agree(&layout, &[], &givens, if size <= 9 { 50 } else { 2 });
                }
                // A wrong digit: often no solution at all.
                let mut givens = some_givens(&solution, cells / 2, &mut rng);
                let c = rng.below(cells);
                givens[c] = (solution[c] % size as u8) + 1;
                agree(&layout, &[], &givens, 2);
            }
        }
    }

    #[test]
    fn fast_paths_count_as_brute_force_on_small_boards() {
        let mut rng = Rng(5);
        for (size, rows, columns) in [(4, 2, 2), (6, 2, 3), (6, 3, 2), (8, 4, 2)] {
            let layout = Layout::boxed(size, rows, columns).unwrap();
            for seed in 0..6 {
                let solution = random_solution(&layout, &[], seed);
                for keep in [0, 3, size, 2 * size] {
                    let givens = some_givens(&solution, keep, &mut rng);
                    let found = puzzle(&layout, &givens, &[]).solve(300);
                    assert_eq!(found.count, brute_count(&layout, &[], &givens, 300));
                }
            }
        }
    }

    #[test]
    fn other_houses_and_peers_keep_the_general_paths_honest() {
        let mut rng = Rng(9);
        // Jigsaw regions: `place_plain` without `boxed.rs`; anti-knight:
        // both, with peers outside the houses; a diagonal: neither.
        let jigsaw = jigsaw5();
        let nine = Layout::standard(9).unwrap();
        let sixteen = Layout::standard(16).unwrap();
        let cases: [(&Layout, Vec<Rule>); 4] = [
            (&jigsaw, vec![]),
            (&nine, vec![Rule::AntiKnight]),
            (&sixteen, vec![Rule::AntiKing]),
            (&nine, vec![Rule::Diagonal { falling: true }]),
        ];
        for (layout, rules) in cases {
            for seed in 0..3 {
                let solution = random_solution(layout, &rules, seed);
                for keep in [layout.cells() / 5, layout.cells() / 3] {
                    let givens = some_givens(&solution, keep, &mut rng);
                    agree(layout, &rules, &givens, 20);
                }
            }
        }
    }
}
