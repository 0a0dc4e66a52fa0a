//! Little killers: the digits along a diagonal sum to the clue. Digits may
//! repeat where no house keeps them apart: bounds, then an exact pass
//! that keeps peers on the diagonal apart.

use super::super::layout::Layout;
use super::{prune_linear, support, Break, Cands, Grid, Step};

/// Prunes the diagonal `cells` summing to `sum`.
pub(super) fn prune(e: &mut Cands, layout: &Layout, cells: &[u16], sum: u32) -> Step {
    e.all_live(cells)?;
    let s = i64::from(sum);
    let terms = cells.iter().map(|&c| (c, 1));
    prune_linear(e, terms.clone(), s, s)?;
    support::prune(e, layout, terms, s, s)
}

/// A diagonal whose cells are all filled and sum to anything but `sum`.
pub(super) fn check(g: &Grid, cells: &[u16], sum: u32) -> Option<Break> {
    if cells.is_empty() || !g.filled(cells) {
        return None;
    }
    let got = g.sum(cells);
    (got != sum).then_some(())?;
    g.broken(
        format!(
            "little killer at {} sums to {got}, not {sum}",
            g.name(cells[0])
        ),
        cells.iter().copied(),
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn clue(cells: &[u16], sum: u32) -> Rule {
        Rule::LittleKiller {
            cells: cells.to_vec(),
            sum,
        }
    }

    #[test]
    fn prunes_by_bounds_with_repeats() {
        let layout = nine();
        // 3 on two cells: 1+2 or 2+1 (1+1 is 2): each is 1 or 2.
        let mut cands = vec![all(9); 81];
        assert_eq!(
            run(&clue(&[0, 10], 3), &layout, &mut cands),
            Pruned::Changed
        );
        assert_eq!(cands[0], mask(&[1, 2]));
        assert_eq!(cands[10], mask(&[1, 2]));
        // 4 on two cells, one fixed to 2: the other is 2 (repeats allowed).
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[2]);
        run(&clue(&[0, 10], 4), &layout, &mut cands);
        assert_eq!(cands[10], mask(&[2]));
        // 25 on three cells with one at most 5: the others at least 7.
        let mut cands = vec![all(9); 81];
        cands[20] = mask(&[1, 5]);
        run(&clue(&[0, 10, 20], 22), &layout, &mut cands);
        assert_eq!(cands[20], mask(&[5]));
        assert_eq!(cands[0], mask(&[8, 9]));
        let mut cands = vec![all(9); 81];
        assert_eq!(
            run(&clue(&[0, 10], 19), &layout, &mut cands),
            Pruned::Broken
        );
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(2, 300, |rng| {
            let n = [4, 6, 9][rng.below(3)];
            let k = 1 + rng.below(n);
            let grid = valid_grid(rng, n);
            let cells: Vec<u16> = (0..k).map(|i| (i * (n + 1)) as u16).collect();
            let sum = cells.iter().map(|&c| u32::from(grid[usize::from(c)])).sum();
            (Layout::standard(n).unwrap(), clue(&cells, sum), grid)
        });
    }

    #[test]
    fn check_names_the_wrong_sum() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[0] = 4;
        grid[10] = 4;
        assert_eq!(check(&clue(&[0, 10], 8), &layout, &grid), None);
        let b = check(&clue(&[10, 0], 9), &layout, &grid).unwrap();
        assert_eq!(b.text, "little killer at r2c2 sums to 8, not 9");
        assert_eq!(b.cells, [0, 10]);
    }
}
