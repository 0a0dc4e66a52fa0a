//! Row and column indexers. A column indexer's digit d in (r, c) means
//! (r, d) holds c + 1 (columns from 1); a row indexer's digit d in (r, c)
//! means (d, c) holds r + 1.
//!
//! With each digit once in a row, "indexer is k + 1" and "the k-th cell of
//! its row holds c + 1" are the same fact, read both ways; the same holds
//! for a row indexer along its column.

use super::{bit, Break, Cands, Grid, Layout, Step};

/// The cell `k` (from 0) of the indexer's row (column indexer) or column
/// (row indexer), and the digit the indexer's own place names.
fn target(layout: &Layout, cell: usize, k: usize, column: bool) -> (usize, u32) {
    let (r, c) = (layout.row_of(cell), layout.column_of(cell));
    if column {
        (layout.cell(r, k), c as u32 + 1)
    } else {
        (layout.cell(k, c), r as u32 + 1)
    }
}

/// Prunes both ways: the indexer keeps k + 1 only when cell k can hold
/// its own place, and cell k keeps that place only when the indexer can
/// be k + 1.
pub(super) fn prune(e: &mut Cands, layout: &Layout, cells: &[u16], column: bool) -> Step {
    let n = layout.size();
    for &cell in cells {
        let cell = usize::from(cell);
        if e.get(cell) == 0 {
            return Err(super::Contradiction);
        }
        let mut keep = 0u32;
        for k in 0..n {
            let (t, place) = target(layout, cell, k, column);
            if e.get(cell) & bit(k as u32 + 1) != 0 && e.get(t) & bit(place) != 0 {
                keep |= bit(k as u32 + 1);
            }
        }
        e.keep(cell, keep)?;
        for k in 0..n {
            let (t, place) = target(layout, cell, k, column);
            if e.get(cell) & bit(k as u32 + 1) == 0 {
                e.keep(t, !bit(place))?;
            }
        }
    }
    Ok(())
}

/// A filled indexer whose target is filled with the wrong digit.
pub(super) fn check(g: &Grid, cells: &[u16], column: bool) -> Option<Break> {
    let n = g.layout.size();
    for &cell in cells {
        let d = g.at(cell) as usize;
        if d == 0 || d > n {
            continue;
        }
        let (t, place) = target(g.layout, usize::from(cell), d - 1, column);
        let got = g.at(t);
        if got != 0 && got != place {
            let kind = if column {
                "column indexer"
            } else {
                "row indexer"
            };
            return g.broken(
                format!(
                    "{kind} at {}: {d} points at {}, which holds {got}, not {place}",
                    g.name(cell),
                    g.name(t)
                ),
                [cell, t as u16],
            );
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    #[test]
    fn prunes_both_ways() {
        let layout = nine();
        // Column indexer at r1c1 (column 1): digit d means r1c(d) holds 1.
        let rule = Rule::ColumnIndexer { cells: vec![0] };
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[3, 5]);
        assert_eq!(run(&rule, &layout, &mut cands), Pruned::Changed);
        // Only r1c3 and r1c5 may hold 1 (r1c1 itself is 3 or 5).
        assert_eq!(cands[1], all(9) & !bit(1));
        assert_eq!(cands[2], all(9));
        assert_eq!(cands[4], all(9));
        assert_eq!(cands[8], all(9) & !bit(1));
        // r1c5 cannot hold 1: the indexer is 3.
        cands[4] &= !bit(1);
        run(&rule, &layout, &mut cands);
        assert_eq!(cands[0], mask(&[3]));
        assert_eq!(cands[2], all(9));
        // Row indexer at r2c4: digit d means r(d)c4 holds 2.
        let rule = Rule::RowIndexer { cells: vec![12] };
        let mut cands = vec![all(9); 81];
        for r in 0..9 {
            if r != 6 {
                cands[r * 9 + 3] &= !bit(2);
            }
        }
        run(&rule, &layout, &mut cands);
        assert_eq!(cands[12], mask(&[7]));
        cands[6 * 9 + 3] = mask(&[4]);
        assert_eq!(run(&rule, &layout, &mut cands), Pruned::Broken);
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(20, 300, |rng| {
            let n = [4, 5, 6][rng.below(3)];
            let layout =
                Layout::with_regions(n, &(0..n * n).map(|c| (c / n) as u8).collect::<Vec<_>>())
                    .unwrap();
            let grid = latin(rng, n);
            let column = rng.below(2) == 0;
            // Indexer cells: those where the square happens to keep the rule.
            let cells: Vec<u16> = (0..n * n)
                .filter(|&cell| {
                    let d = usize::from(grid[cell]);
                    let (t, place) = super::target(&layout, cell, d - 1, column);
                    u32::from(grid[t]) == place
                })
                .map(|c| c as u16)
                .collect();
            let rule = if column {
                Rule::ColumnIndexer { cells }
            } else {
                Rule::RowIndexer { cells }
            };
            (layout, rule, grid)
        });
    }

    #[test]
    fn check_follows_the_index() {
        let layout = nine();
        let rule = Rule::ColumnIndexer { cells: vec![0, 9] };
        let mut grid = vec![0u8; 81];
        grid[9] = 4;
        assert_eq!(check(&rule, &layout, &grid), None);
        grid[12] = 1;
        assert_eq!(check(&rule, &layout, &grid), None);
        grid[12] = 6;
        let b = check(&rule, &layout, &grid).unwrap();
        assert_eq!(
            b.text,
            "column indexer at r2c1: 4 points at r2c4, which holds 6, not 1"
        );
        assert_eq!(b.cells, [9, 12]);
        let rule = Rule::RowIndexer { cells: vec![1] };
        grid[1] = 2;
        grid[10] = 3;
        let b = check(&rule, &layout, &grid).unwrap();
        assert_eq!(
            b.text,
            "row indexer at r1c2: 2 points at r2c2, which holds 3, not 1"
        );
    }
}
