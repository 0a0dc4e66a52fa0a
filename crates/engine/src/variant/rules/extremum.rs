//! Minimum and maximum cells: lower (higher) than each of the cells the
//! rule compares them with (their orthogonal neighbours that are not of
//! the same kind).

#[cfg(test)]
use super::Layout;
use super::{hi, lo, span, Break, Cands, Grid, Step};

/// The orthogonal neighbours of `cell` (up to four; the rest `None`).
#[cfg(test)]
fn neighbours(layout: &Layout, cell: usize) -> [Option<usize>; 4] {
    let n = layout.size();
    let (r, c) = (layout.row_of(cell), layout.column_of(cell));
    [
        (r > 0).then(|| cell - n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
        (r + 1 < n).then(|| cell + n),
    ]
}

/// Prunes `cell` and its neighbours: a minimum stays below the least
/// possible maximum of every neighbour, and each neighbour above the
/// cell's least digit (mirrored for a maximum).
pub(super) fn prune(e: &mut Cands, cell: u16, than: &[u16], maximum: bool) -> Step {
    let cell = usize::from(cell);
    for nb in than.iter().map(|&c| usize::from(c)) {
        let m = e.get(nb);
        if m == 0 {
            return Err(super::Contradiction);
        }
        if maximum {
            e.keep(cell, span(i64::from(lo(m)) + 1, 32))?;
        } else {
            e.keep(cell, span(1, i64::from(hi(m)) - 1))?;
        }
    }
    let own = e.get(cell);
    for nb in than.iter().map(|&c| usize::from(c)) {
        if maximum {
            e.keep(nb, span(1, i64::from(hi(own)) - 1))?;
        } else {
            e.keep(nb, span(i64::from(lo(own)) + 1, 32))?;
        }
    }
    Ok(())
}

/// A filled cell with a filled neighbour not above (below) it.
pub(super) fn check(g: &Grid, cell: u16, than: &[u16], maximum: bool) -> Option<Break> {
    let d = g.at(cell);
    if d == 0 {
        return None;
    }
    for nb in than.iter().map(|&c| usize::from(c)) {
        let v = g.at(nb);
        if v == 0 {
            continue;
        }
        let (wrong, name, relation) = if maximum {
            (v >= d, "maximum", "above")
        } else {
            (v <= d, "minimum", "below")
        };
        if wrong {
            return g.broken(
                format!("{name} at {}: {d} not {relation} {v}", g.name(cell)),
                [cell, nb as u16],
            );
        }
    }
    None
}

/// The orthogonal neighbours of `cell`, as a rule lists them.
#[cfg(test)]
fn around(layout: &Layout, cell: usize) -> Vec<u16> {
    neighbours(layout, cell)
        .into_iter()
        .flatten()
        .map(|c| c as u16)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;
    use super::around;

    #[test]
    fn prunes_cell_and_neighbours() {
        let layout = nine();
        let mut cands = vec![all(9); 81];
        cands[1] = mask(&[3, 6]);
        let rule = Rule::Minimum {
            cell: 10,
            than: around(&layout, 10),
        };
        assert_eq!(run(&rule, &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[10], span(1, 5));
        assert_eq!(cands[1], mask(&[3, 6]));
        assert_eq!(cands[9], span(2, 9));
        assert_eq!(cands[0], all(9));
        let mut cands = vec![all(9); 81];
        cands[1] = mask(&[3, 6]);
        // A corner maximum has two neighbours.
        let rule = Rule::Maximum {
            cell: 0,
            than: around(&layout, 0),
        };
        run(&rule, &layout, &mut cands);
        assert_eq!(cands[0], span(4, 9));
        assert_eq!(cands[9], span(1, 8));
        cands[0] = mask(&[4]);
        cands[9] = mask(&[4]);
        assert_eq!(run(&rule, &layout, &mut cands), Pruned::Broken);
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(9, 300, |rng| {
            let n = [4, 6, 9][rng.below(3)];
            let layout = Layout::standard(n).unwrap();
            let cell = rng.below(n * n);
            let maximum = rng.below(2) == 0;
            let mut grid = vec![0u8; n * n];
            let around = super::neighbours(&layout, cell);
            let d = if maximum {
                1 + rng.below(n - 1) as u8 + 1
            } else {
                rng.digit(n - 1)
            };
            grid[cell] = d;
            for nb in around.into_iter().flatten() {
                grid[nb] = if maximum {
                    1 + rng.below(usize::from(d) - 1) as u8
                } else {
                    d + 1 + rng.below(n - usize::from(d)) as u8
                };
            }
            let than = super::around(&layout, cell);
            let cell = cell as u16;
            let rule = if maximum {
                Rule::Maximum { cell, than }
            } else {
                Rule::Minimum { cell, than }
            };
            (layout, rule, grid)
        });
    }

    #[test]
    fn check_names_the_neighbour() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[30] = 5;
        grid[31] = 3;
        let than = around(&layout, 30);
        let b = check(
            &Rule::Minimum {
                cell: 30,
                than: than.clone(),
            },
            &layout,
            &grid,
        )
        .unwrap();
        assert_eq!(b.text, "minimum at r4c4: 5 not below 3");
        assert_eq!(b.cells, [30, 31]);
        let maximum = Rule::Maximum { cell: 30, than };
        assert_eq!(check(&maximum, &layout, &grid), None);
        grid[21] = 5;
        let b = check(&maximum, &layout, &grid).unwrap();
        assert_eq!(b.text, "maximum at r4c4: 5 not above 5");
        assert_eq!(b.cells, [21, 30]);
    }
}
