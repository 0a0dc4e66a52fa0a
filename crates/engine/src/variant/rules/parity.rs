//! Odd and even cells.

use super::{Break, Cands, Grid, Step};

/// The odd digits 1, 3, 5, ... of any size.
const ODD: u32 = 0x5555_5555;

/// Keeps only odd (or even) digits in `cell`.
pub(super) fn prune(e: &mut Cands, cell: u16, odd: bool) -> Step {
    e.keep(cell, if odd { ODD } else { !ODD })
}

/// A filled `cell` of the wrong parity.
pub(super) fn check(g: &Grid, cell: u16, odd: bool) -> Option<Break> {
    let d = g.at(cell);
    if d == 0 || (d % 2 == 1) == odd {
        return None;
    }
    let word = if odd { "odd" } else { "even" };
    g.broken(format!("{} is not {word}", g.name(cell)), [cell])
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    #[test]
    fn prunes_to_the_parity() {
        let layout = nine();
        let mut cands = vec![all(9); 81];
        assert_eq!(
            run(&Rule::Odd { cell: 4 }, &layout, &mut cands),
            Pruned::Changed
        );
        assert_eq!(cands[4], mask(&[1, 3, 5, 7, 9]));
        assert_eq!(
            run(&Rule::Odd { cell: 4 }, &layout, &mut cands),
            Pruned::Same
        );
        assert_eq!(
            run(&Rule::Even { cell: 5 }, &layout, &mut cands),
            Pruned::Changed
        );
        assert_eq!(cands[5], mask(&[2, 4, 6, 8]));
        assert_eq!(
            run(&Rule::Even { cell: 4 }, &layout, &mut cands),
            Pruned::Broken
        );
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(7, 200, |rng| {
            let n = [4, 9, 16, 25][rng.below(4)];
            let cell = rng.below(n * n);
            let d = rng.digit(n);
            let mut grid = vec![0u8; n * n];
            grid[cell] = d;
            let rule = if d % 2 == 1 {
                Rule::Odd { cell: cell as u16 }
            } else {
                Rule::Even { cell: cell as u16 }
            };
            (Layout::standard(n).unwrap(), rule, grid)
        });
    }

    #[test]
    fn check_names_the_cell() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[30] = 4;
        let b = check(&Rule::Odd { cell: 30 }, &layout, &grid).unwrap();
        assert_eq!(b.text, "r4c4 is not odd");
        assert_eq!(b.cells, [30]);
        assert_eq!(check(&Rule::Even { cell: 30 }, &layout, &grid), None);
        grid[30] = 3;
        assert_eq!(check(&Rule::Odd { cell: 30 }, &layout, &grid), None);
        let b = check(&Rule::Even { cell: 30 }, &layout, &grid).unwrap();
        assert_eq!(b.text, "r4c4 is not even");
    }
}
