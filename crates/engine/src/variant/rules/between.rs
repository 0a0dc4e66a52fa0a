//! Between lines: every cell between the ends holds a digit strictly
//! between the ends' digits.

use super::{prune_by_ends, span, Break, Cands, Grid, Step};

/// Tries every pair of end digits: a pair stays when each inner cell has
/// a candidate strictly between them, and the inner cells keep the digits
/// some such pair allows.
pub(super) fn prune(e: &mut Cands, cells: &[u16]) -> Step {
    e.all_live(cells)?;
    let len = cells.len();
    if len < 3 {
        // No cell between: the ends are free.
        return Ok(());
    }
    prune_by_ends(e, cells, |x, y| {
        Some(span(i64::from(x.min(y)) + 1, i64::from(x.max(y)) - 1))
    })
}

/// Filled ends with a filled inner cell outside them, or equal or touching
/// ends that leave nothing between.
pub(super) fn check(g: &Grid, cells: &[u16]) -> Option<Break> {
    let len = cells.len();
    if len < 3 {
        return None;
    }
    let (first, last) = (cells[0], cells[len - 1]);
    let (x, y) = (g.at(first), g.at(last));
    if x == 0 || y == 0 {
        return None;
    }
    let (a, b) = (x.min(y), x.max(y));
    let name = g.name(first);
    if b - a < 2 {
        return g.broken(
            format!("between line at {name}: no digit between {x} and {y}"),
            [first, last],
        );
    }
    for &c in &cells[1..len - 1] {
        let d = g.at(c);
        if d != 0 && (d <= a || d >= b) {
            return g.broken(
                format!("between line at {name}: {d} not between {x} and {y}"),
                [first, c, last],
            );
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn line(cells: &[u16]) -> Rule {
        Rule::Between {
            cells: cells.to_vec(),
        }
    }

    #[test]
    fn prunes_ends_and_inside() {
        let layout = nine();
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[3]);
        cands[1] = mask(&[5, 9]);
        assert_eq!(run(&line(&[0, 1, 2]), &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[1], mask(&[5]));
        assert_eq!(cands[2], span(6, 9));
        // Ends both open: the inside loses 1 and 9.
        let mut cands = vec![all(9); 81];
        run(&line(&[0, 1, 2, 3]), &layout, &mut cands);
        assert_eq!(cands[1], span(2, 8));
        assert_eq!(cands[0], all(9));
        // An inside cell of 4: the ends lie on either side of it.
        cands[1] = mask(&[4]);
        run(&line(&[0, 1, 2, 3]), &layout, &mut cands);
        assert_eq!(cands[0], all(9) & !mask(&[4]));
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[4]);
        cands[2] = mask(&[5]);
        assert_eq!(run(&line(&[0, 1, 2]), &layout, &mut cands), Pruned::Broken);
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(13, 400, |rng| {
            let n = [6, 9, 16][rng.below(3)];
            let len = 3 + rng.below(5);
            let (mut x, mut y) = (rng.digit(n), rng.digit(n));
            while x.abs_diff(y) < 2 {
                x = rng.digit(n);
                y = rng.digit(n);
            }
            let (a, b) = (x.min(y), x.max(y));
            let mut grid = vec![0u8; n * n];
            let cells: Vec<u16> = (0..len).map(|i| (i + 1) as u16).collect();
            grid[usize::from(cells[0])] = x;
            grid[usize::from(cells[len - 1])] = y;
            for &c in &cells[1..len - 1] {
                grid[usize::from(c)] = a + 1 + rng.below(usize::from(b - a - 1)) as u8;
            }
            (Layout::standard(n).unwrap(), line(&cells), grid)
        });
    }

    #[test]
    fn check_finds_an_inner_cell_outside() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[0] = 7;
        grid[1] = 9;
        grid[2] = 2;
        let b = check(&line(&[0, 1, 2]), &layout, &grid).unwrap();
        assert_eq!(b.text, "between line at r1c1: 9 not between 7 and 2");
        assert_eq!(b.cells, [0, 1, 2]);
        grid[1] = 5;
        assert_eq!(check(&line(&[0, 1, 2]), &layout, &grid), None);
        grid[2] = 6;
        let b = check(&line(&[0, 1, 2]), &layout, &grid).unwrap();
        assert_eq!(b.text, "between line at r1c1: no digit between 7 and 6");
    }
}
