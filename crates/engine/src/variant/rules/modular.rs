//! Modular lines: any three consecutive cells hold digits of different
//! remainders mod 3 (the two cells of a two-cell line too).

use super::entropic::{clash, prune_classes};
use super::{Break, Cands, Grid, Step};

/// The remainder of `d` mod 3, the class a modular line keeps apart.
fn remainder(d: u32) -> usize {
    (d % 3) as usize
}

/// Prunes a modular line on a board of size `n` (every size splits the
/// same way).
pub(super) fn prune(e: &mut Cands, _n: usize, cells: &[u16]) -> Step {
    prune_classes(e, cells, remainder)
}

/// Two filled cells in one window of three with the same remainder.
pub(super) fn check(g: &Grid, cells: &[u16]) -> Option<Break> {
    let (a, b, k) = clash(g, cells, remainder)?;
    g.broken(
        format!(
            "modular line at {}: {} and {} are both {k} mod 3",
            g.name(cells[0]),
            g.at(a),
            g.at(b)
        ),
        [a, b],
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn line(cells: &[u16]) -> Rule {
        Rule::Modular {
            cells: cells.to_vec(),
        }
    }

    #[test]
    fn prunes_by_remainders() {
        let layout = nine();
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[3]);
        cands[1] = mask(&[1, 4]);
        let cells = [0, 1, 2, 3];
        assert_eq!(run(&line(&cells), &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[2], mask(&[2, 5, 8]));
        assert_eq!(cands[3], mask(&[3, 6, 9]));
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[3]);
        cands[3] = mask(&[4]);
        assert_eq!(run(&line(&cells), &layout, &mut cands), Pruned::Broken);
        // One cell: nothing to keep apart.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[3]);
        assert_eq!(run(&line(&[0]), &layout, &mut cands), Pruned::Same);
    }

    /// A line of two cells is one window too short, but its two digits
    /// still differ mod 3 (as f-puzzles' solver reads it, and setters'
    /// rulesets say: "modular lines of length 2 must contain elements from
    /// different classes").
    #[test]
    fn two_cells_differ_mod_3() {
        let layout = nine();
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[3]);
        assert_eq!(run(&line(&[0, 1]), &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[1], mask(&[1, 2, 4, 5, 7, 8]));
        let mut grid = vec![0u8; 81];
        grid[0] = 3;
        grid[1] = 6;
        let b = check(&line(&[0, 1]), &layout, &grid).unwrap();
        assert_eq!(b.text, "modular line at r1c1: 3 and 6 are both 0 mod 3");
        grid[1] = 5;
        assert_eq!(check(&line(&[0, 1]), &layout, &grid), None);
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(15, 400, |rng| {
            let n = [4, 6, 9, 16][rng.below(4)];
            let len = 1 + rng.below(8);
            let order = rng.perm(3);
            let mut grid = vec![0u8; n * n];
            let cells: Vec<u16> = (0..len).map(|i| (n * n - 1 - i) as u16).collect();
            for (i, &c) in cells.iter().enumerate() {
                let r = usize::from(order[i % 3]) - 1;
                // A digit of remainder r in 1..=n: pick until one fits.
                let d = loop {
                    let d = rng.digit(n);
                    if usize::from(d) % 3 == r {
                        break d;
                    }
                };
                grid[usize::from(c)] = d;
            }
            (Layout::standard(n).unwrap(), line(&cells), grid)
        });
    }

    #[test]
    fn check_finds_a_shared_remainder() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[0] = 2;
        grid[1] = 6;
        grid[2] = 5;
        let b = check(&line(&[0, 1, 2]), &layout, &grid).unwrap();
        assert_eq!(b.text, "modular line at r1c1: 2 and 5 are both 2 mod 3");
        assert_eq!(b.cells, [0, 2]);
        grid[2] = 7;
        assert_eq!(check(&line(&[0, 1, 2]), &layout, &grid), None);
    }
}
