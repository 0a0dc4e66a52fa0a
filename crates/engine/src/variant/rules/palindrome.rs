//! Palindromes: the line reads the same from either end.

use super::{Break, Cands, Grid, Step};

/// Mirrored cells share their candidates.
pub(super) fn prune(e: &mut Cands, cells: &[u16]) -> Step {
    e.all_live(cells)?;
    let len = cells.len();
    for i in 0..len / 2 {
        let (a, b) = (cells[i], cells[len - 1 - i]);
        let both = e.get(a) & e.get(b);
        e.keep(a, both)?;
        e.keep(b, both)?;
    }
    Ok(())
}

/// Two filled mirrored cells that differ.
pub(super) fn check(g: &Grid, cells: &[u16]) -> Option<Break> {
    let len = cells.len();
    for i in 0..len / 2 {
        let (a, b) = (cells[i], cells[len - 1 - i]);
        let (x, y) = (g.at(a), g.at(b));
        if x != 0 && y != 0 && x != y {
            return g.broken(
                format!(
                    "palindrome at {}: {x} and {y} do not match",
                    g.name(cells[0])
                ),
                [a, b],
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
        Rule::Palindrome {
            cells: cells.to_vec(),
        }
    }

    #[test]
    fn mirrors_share_candidates() {
        let layout = nine();
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[1, 2, 3]);
        cands[2] = mask(&[2, 3, 4]);
        cands[1] = mask(&[7]);
        assert_eq!(run(&line(&[0, 1, 2]), &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[0], mask(&[2, 3]));
        assert_eq!(cands[2], mask(&[2, 3]));
        assert_eq!(cands[1], mask(&[7]));
        assert_eq!(run(&line(&[0, 1, 2]), &layout, &mut cands), Pruned::Same);
        cands[3] = mask(&[5]);
        assert_eq!(run(&line(&[0, 3]), &layout, &mut cands), Pruned::Broken);
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(12, 300, |rng| {
            let n = [4, 9, 16][rng.below(3)];
            let len = 1 + rng.below(9);
            let mut grid = vec![0u8; n * n];
            let cells: Vec<u16> = (0..len).map(|i| i as u16).collect();
            for i in 0..len.div_ceil(2) {
                let d = rng.digit(n);
                grid[usize::from(cells[i])] = d;
                grid[usize::from(cells[len - 1 - i])] = d;
            }
            (Layout::standard(n).unwrap(), line(&cells), grid)
        });
    }

    #[test]
    fn check_finds_a_mismatch() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[0] = 3;
        grid[20] = 5;
        let b = check(&line(&[0, 10, 20]), &layout, &grid).unwrap();
        assert_eq!(b.text, "palindrome at r1c1: 3 and 5 do not match");
        assert_eq!(b.cells, [0, 20]);
        grid[20] = 3;
        assert_eq!(check(&line(&[0, 10, 20]), &layout, &grid), None);
    }
}
