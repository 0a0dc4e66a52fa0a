//! Lockout lines: the ends differ by at least the gap, and no other cell
//! holds a digit between the ends' digits, inclusive.

use super::{prune_by_ends, span, Break, Cands, Grid, Step};

/// Tries every pair of end digits far enough apart: a pair stays when
/// each inner cell has a candidate outside the ends' range, and the inner
/// cells keep the digits some such pair leaves them.
pub(super) fn prune(e: &mut Cands, cells: &[u16], gap: u32) -> Step {
    e.all_live(cells)?;
    let len = cells.len();
    if len < 2 {
        return Ok(());
    }
    prune_by_ends(e, cells, |x, y| {
        (x.abs_diff(y) >= gap).then(|| !span(i64::from(x.min(y)), i64::from(x.max(y))))
    })
}

/// Filled ends too close, or a filled inner cell within the ends' range.
pub(super) fn check(g: &Grid, cells: &[u16], gap: u32) -> Option<Break> {
    let len = cells.len();
    if len < 2 {
        return None;
    }
    let (first, last) = (cells[0], cells[len - 1]);
    let (x, y) = (g.at(first), g.at(last));
    if x == 0 || y == 0 {
        return None;
    }
    let name = g.name(first);
    if x.abs_diff(y) < gap {
        return g.broken(
            format!("lockout line at {name}: ends {x} and {y} differ by less than {gap}"),
            [first, last],
        );
    }
    let (a, b) = (x.min(y), x.max(y));
    for &c in &cells[1..len - 1] {
        let d = g.at(c);
        if d != 0 && (a..=b).contains(&d) {
            return g.broken(
                format!("lockout line at {name}: {d} lies within {x} to {y}"),
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

    fn line(cells: &[u16], gap: u32) -> Rule {
        Rule::Lockout {
            cells: cells.to_vec(),
            gap,
        }
    }

    #[test]
    fn prunes_ends_and_inside() {
        let layout = nine();
        // Gap 4, one end 5: the other is 1 or 9; the inside is then
        // outside 1..5 or 5..9: anything but 5.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[5]);
        assert_eq!(
            run(&line(&[0, 1, 2], 4), &layout, &mut cands),
            Pruned::Changed
        );
        assert_eq!(cands[2], mask(&[1, 9]));
        assert_eq!(cands[1], all(9) & !mask(&[5]));
        // With the far end 9 the inside lies below 5: of 2 and 6, 2.
        cands[2] = mask(&[9]);
        cands[1] = mask(&[2, 6]);
        run(&line(&[0, 1, 2], 4), &layout, &mut cands);
        assert_eq!(cands[1], mask(&[2]));
        // Gap 8 on 9x9: the ends are 1 and 9, the inside has no room.
        let mut cands = vec![all(9); 81];
        assert_eq!(
            run(&line(&[0, 1, 2], 8), &layout, &mut cands),
            Pruned::Broken
        );
        let mut cands = vec![all(9); 81];
        run(&line(&[0, 1], 8), &layout, &mut cands);
        assert_eq!(cands[0], mask(&[1, 9]));
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(18, 400, |rng| {
            let n = [6, 9, 16][rng.below(3)];
            let gap = 1 + rng.below(n / 2) as u32;
            let len = 2 + rng.below(5);
            // Ends far enough apart, not both at the edges (room outside).
            let (x, y) = loop {
                let (x, y) = (rng.digit(n), rng.digit(n));
                let (a, b) = (x.min(y), x.max(y));
                if u32::from(b - a) >= gap && (a > 1 || usize::from(b) < n) {
                    break (x, y);
                }
            };
            let (a, b) = (x.min(y), x.max(y));
            let mut grid = vec![0u8; n * n];
            let cells: Vec<u16> = (0..len).map(|i| (i * n) as u16).collect();
            grid[0] = x;
            grid[usize::from(cells[len - 1])] = y;
            for &c in &cells[1..len - 1] {
                grid[usize::from(c)] = loop {
                    let d = rng.digit(n);
                    if d < a || d > b {
                        break d;
                    }
                };
            }
            (Layout::standard(n).unwrap(), line(&cells, gap), grid)
        });
    }

    #[test]
    fn check_finds_close_ends_and_locked_cells() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[0] = 3;
        grid[2] = 6;
        let b = check(&line(&[0, 1, 2], 4), &layout, &grid).unwrap();
        assert_eq!(
            b.text,
            "lockout line at r1c1: ends 3 and 6 differ by less than 4"
        );
        assert_eq!(b.cells, [0, 2]);
        grid[2] = 8;
        grid[1] = 8;
        let b = check(&line(&[0, 1, 2], 4), &layout, &grid).unwrap();
        assert_eq!(b.text, "lockout line at r1c1: 8 lies within 3 to 8");
        assert_eq!(b.cells, [0, 1, 2]);
        grid[1] = 9;
        assert_eq!(check(&line(&[0, 1, 2], 4), &layout, &grid), None);
    }
}
