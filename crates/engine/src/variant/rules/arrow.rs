//! Arrows: the digits on the line sum to the number the circle (or pill)
//! reads as, its cells in order as decimal places (`3`,`5` reads 35).

use super::super::layout::Layout;
use super::{prune_linear, support, Break, Cands, Grid, Step};

/// The longest pill read: longer numbers would overflow, and no board has
/// a line long enough to reach them.
const MAX_PILL: usize = 9;

/// The weight of the circle's cell `i` of `len`: its decimal place.
fn place(i: usize, len: usize) -> i64 {
    10i64.pow((len - 1 - i) as u32)
}

/// Prunes `circle` against `line`: circle value minus line sum is 0,
/// with each side's bounds limiting the other's digits, then exactly
/// (peers on the arrow hold different digits) when the arrow is short.
pub(super) fn prune(e: &mut Cands, layout: &Layout, circle: &[u16], line: &[u16]) -> Step {
    e.all_live(circle)?;
    e.all_live(line)?;
    let len = circle.len();
    if len > MAX_PILL {
        return Ok(());
    }
    let terms = circle
        .iter()
        .enumerate()
        .map(move |(i, &c)| (c, place(i, len)))
        .chain(line.iter().map(|&c| (c, -1)));
    prune_linear(e, terms.clone(), 0, 0)?;
    support::prune(e, layout, terms, 0, 0)
}

/// The number a filled circle reads as.
fn value(g: &Grid, circle: &[u16]) -> i64 {
    let len = circle.len();
    circle
        .iter()
        .enumerate()
        .map(|(i, &c)| i64::from(g.at(c)) * place(i, len))
        .sum()
}

/// A filled arrow whose line sum is not its circle's number.
pub(super) fn check(g: &Grid, circle: &[u16], line: &[u16]) -> Option<Break> {
    if circle.is_empty() || circle.len() > MAX_PILL || !g.filled(circle) || !g.filled(line) {
        return None;
    }
    let want = value(g, circle);
    let got = i64::from(g.sum(line));
    (got != want).then_some(())?;
    g.broken(
        format!("arrow at {} sums to {got}, not {want}", g.name(circle[0])),
        circle.iter().chain(line).copied(),
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn arrow(circle: &[u16], line: &[u16]) -> Rule {
        Rule::Arrow {
            circle: circle.to_vec(),
            line: line.to_vec(),
        }
    }

    #[test]
    fn prunes_circle_and_line() {
        let layout = nine();
        // Cells that share no row, column or box, so bounds decide:
        // r1c1, r2c5, r3c9, r4c4, r7c7, r6c3.
        let (c0, a, b, x, y, z) = (0u16, 13u16, 26u16, 30u16, 60u16, 47u16);
        // Two-cell line: the circle is at least 2, each line cell at most 8.
        let mut cands = vec![all(9); 81];
        assert_eq!(
            run(&arrow(&[c0], &[a, b]), &layout, &mut cands),
            Pruned::Changed
        );
        assert_eq!(cands[0], span(2, 9));
        assert_eq!(cands[usize::from(a)], span(1, 8));
        // Line cells at least 4 each: circle 8 or 9, line 4 or 5.
        cands[usize::from(a)] = span(4, 9);
        cands[usize::from(b)] = span(4, 9);
        run(&arrow(&[c0], &[a, b]), &layout, &mut cands);
        assert_eq!(cands[0], mask(&[8, 9]));
        assert_eq!(cands[usize::from(a)], mask(&[4, 5]));
        // A pill 1x over three cells: 10..=27 reachable; tens digit 1 or 2,
        // and with tens 1 the units are 0..9: units any (1..9 here).
        let mut cands = vec![all(9); 81];
        run(&arrow(&[c0, 40], &[x, y, z]), &layout, &mut cands);
        assert_eq!(cands[0], mask(&[1, 2]));
        assert_eq!(cands[40], all(9));
        // A pill over two cells: at most 18, so tens 1 and units 1..8.
        let mut cands = vec![all(9); 81];
        run(&arrow(&[c0, 40], &[x, y]), &layout, &mut cands);
        assert_eq!(cands[0], mask(&[1]));
        assert_eq!(cands[40], span(1, 8));
        assert_eq!(cands[usize::from(x)], span(2, 9));
        // The same pill on r1c1, r1c2 (one row): its digits differ, so
        // with tens 1 the units are 2..8 and each line cell at least 3.
        let mut cands = vec![all(9); 81];
        run(&arrow(&[0, 1], &[x, y]), &layout, &mut cands);
        assert_eq!(cands[1], span(2, 8));
        assert_eq!(cands[usize::from(x)], span(3, 9));
        // A line in the circle's row: circle and line all differ, so a
        // two-cell line makes at least 1 + 2 and 4 is 1 + 3, never 2 + 2.
        let mut cands = vec![all(9); 81];
        run(&arrow(&[0], &[1, 2]), &layout, &mut cands);
        assert_eq!(cands[0], span(3, 9));
        cands[0] = mask(&[4]);
        run(&arrow(&[0], &[1, 2]), &layout, &mut cands);
        assert_eq!(cands[1], mask(&[1, 3]));
        // Circle fixed 2 with a three-cell line: broken.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[2]);
        assert_eq!(
            run(&arrow(&[0], &[1, 2, 3]), &layout, &mut cands),
            Pruned::Broken
        );
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(8, 400, |rng| {
            let n = [6, 9, 16][rng.below(3)];
            let grid = valid_grid(rng, n);
            let len = 1 + rng.below(4);
            let mut line: Vec<u16> = Vec::new();
            while line.len() < len {
                let c = rng.below(n * n) as u16;
                if !line.contains(&c) {
                    line.push(c);
                }
            }
            let total: usize = line
                .iter()
                .map(|&c| usize::from(grid[usize::from(c)]))
                .sum();
            // The circle: a cell reading the sum, a pill of two when it
            // has two digits, else a one-cell arrow on two equal digits.
            let free = |d: usize| {
                (0..n * n)
                    .find(|&c| usize::from(grid[c]) == d && !line.contains(&(c as u16)))
                    .map(|c| c as u16)
            };
            let circle = if total <= n {
                vec![free(total).unwrap()]
            } else if !total.is_multiple_of(10) && total % 10 <= n && total / 10 <= n {
                let tens = free(total / 10).unwrap();
                let units = (0..n * n)
                    .find(|&c| {
                        usize::from(grid[c]) == total % 10
                            && !line.contains(&(c as u16))
                            && c != usize::from(tens)
                    })
                    .unwrap() as u16;
                vec![tens, units]
            } else {
                let circle = free(usize::from(grid[usize::from(line[0])])).unwrap();
                line.truncate(1);
                vec![circle]
            };
            (Layout::standard(n).unwrap(), arrow(&circle, &line), grid)
        });
    }

    #[test]
    fn check_compares_sum_and_number() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[0] = 9;
        grid[1] = 5;
        grid[2] = 7;
        let b = check(&arrow(&[0], &[1, 2]), &layout, &grid).unwrap();
        assert_eq!(b.text, "arrow at r1c1 sums to 12, not 9");
        assert_eq!(b.cells, [0, 1, 2]);
        grid[0] = 1;
        grid[9] = 2;
        assert_eq!(check(&arrow(&[0, 9], &[1, 2]), &layout, &grid), None);
        grid[3] = 0;
        assert_eq!(check(&arrow(&[0], &[1, 3]), &layout, &grid), None);
    }
}
