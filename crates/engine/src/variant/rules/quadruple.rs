//! Quadruples: every digit of the clue (repeats counted) appears among the
//! four cells around it.

use super::{bit, Break, Cands, Contradiction, Grid, Step};

/// Prunes the cells: every way of giving the required digits distinct
/// cells that can hold them is tried (at most 4! ways); a cell keeps the
/// digit some way gives it, or all its digits when some way leaves it
/// free.
pub(super) fn prune(e: &mut Cands, cells: &[u16], required: &[u8]) -> Step {
    e.all_live(cells)?;
    let k = required.len();
    if k == 0 {
        return Ok(());
    }
    if k > cells.len() || cells.len() > 8 {
        return if k > cells.len() {
            Err(Contradiction)
        } else {
            Ok(())
        };
    }
    // Sorted, so that equal digits sit together (see `place`).
    let mut sorted = [0u8; 8];
    sorted[..k].copy_from_slice(required);
    sorted[..k].sort_unstable();
    let mut allowed = [0u32; 8];
    let mut any = false;
    let mut holder = [usize::MAX; 8];
    place(
        e,
        cells,
        &sorted[..k],
        0,
        0,
        &mut holder,
        &mut allowed,
        &mut any,
    );
    if !any {
        return Err(Contradiction);
    }
    for (i, &c) in cells.iter().enumerate() {
        e.keep(c, allowed[i])?;
    }
    Ok(())
}

/// Gives required digit `at` onwards (sorted) a cell each, cells in
/// `used` taken and `holder[r]` the cell of digit `r`; records each
/// complete way in `allowed` and sets `any`.
#[allow(clippy::too_many_arguments)]
fn place(
    e: &Cands,
    cells: &[u16],
    required: &[u8],
    at: usize,
    used: u32,
    holder: &mut [usize; 8],
    allowed: &mut [u32; 8],
    any: &mut bool,
) {
    if at == required.len() {
        *any = true;
        for (i, &c) in cells.iter().enumerate() {
            if used & (1 << i) == 0 {
                allowed[i] |= e.get(c);
            }
        }
        for (r, &i) in holder.iter().take(at).enumerate() {
            allowed[i] |= bit(u32::from(required[r]));
        }
        return;
    }
    let d = u32::from(required[at]);
    if d == 0 || d > 32 {
        return;
    }
    for (i, &c) in cells.iter().enumerate() {
        // Equal required digits take cells in increasing order: the same
        // ways, each once.
        let after_twin = at > 0 && required[at - 1] == required[at] && i <= holder[at - 1];
        if used & (1 << i) != 0 || e.get(c) & bit(d) == 0 || after_twin {
            continue;
        }
        holder[at] = i;
        place(
            e,
            cells,
            required,
            at + 1,
            used | (1 << i),
            holder,
            allowed,
            any,
        );
    }
}

/// A required digit the filled cells lack, with too few empty cells left
/// to hold what is missing.
pub(super) fn check(g: &Grid, cells: &[u16], required: &[u8]) -> Option<Break> {
    let empty = cells.iter().filter(|&&c| g.at(c) == 0).count();
    let mut missing = 0;
    let mut lacking = None;
    let mut counted = 0u32;
    for &d in required {
        let d = u32::from(d);
        if d == 0 || d > 32 || counted & bit(d) != 0 {
            continue;
        }
        counted |= bit(d);
        let want = required.iter().filter(|&&r| u32::from(r) == d).count();
        let have = cells.iter().filter(|&&c| g.at(c) == d).count();
        if have < want {
            missing += want - have;
            lacking.get_or_insert(d);
        }
    }
    if missing <= empty {
        return None;
    }
    let first = cells.iter().copied().min()?;
    g.broken(
        format!("quadruple at {} lacks {}", g.name(first), lacking?),
        cells.iter().copied(),
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn quad(digits: &[u8]) -> Rule {
        Rule::Quadruple {
            cells: vec![0, 1, 9, 10],
            digits: digits.to_vec(),
        }
    }

    #[test]
    fn places_the_required_digits() {
        let layout = nine();
        // 1 2 3 4 required: the cells hold only those.
        let mut cands = vec![all(9); 81];
        assert_eq!(
            run(&quad(&[1, 2, 3, 4]), &layout, &mut cands),
            Pruned::Changed
        );
        assert_eq!(cands[0], span(1, 4));
        // 5 twice with only two cells able to hold 5: both are 5.
        let mut cands = vec![all(9); 81];
        cands[0] &= !bit(5);
        cands[1] &= !bit(5);
        run(&quad(&[5, 5]), &layout, &mut cands);
        assert_eq!(cands[9], mask(&[5]));
        assert_eq!(cands[10], mask(&[5]));
        assert_eq!(cands[0], all(9) & !bit(5));
        // 7 required, only one cell can: it is 7.
        let mut cands = vec![all(9); 81];
        for c in [0, 1, 9] {
            cands[c] &= !bit(7);
        }
        run(&quad(&[7]), &layout, &mut cands);
        assert_eq!(cands[10], mask(&[7]));
        // Three cells fixed to other digits, two required: broken.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[1]);
        cands[1] = mask(&[2]);
        cands[9] = mask(&[3]);
        assert_eq!(run(&quad(&[8, 9]), &layout, &mut cands), Pruned::Broken);
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(19, 400, |rng| {
            let n = [4, 6, 9][rng.below(3)];
            let layout = Layout::standard(n).unwrap();
            let (r, c) = (rng.below(n - 1), rng.below(n - 1));
            let cells = vec![
                (r * n + c) as u16,
                (r * n + c + 1) as u16,
                ((r + 1) * n + c) as u16,
                ((r + 1) * n + c + 1) as u16,
            ];
            let mut grid = vec![0u8; n * n];
            let mut ds = Vec::new();
            for &cell in &cells {
                let d = rng.digit(n);
                grid[usize::from(cell)] = d;
                ds.push(d);
            }
            // Require a random sub-multiset of what is there.
            ds.retain(|_| rng.below(3) > 0);
            ds.sort_unstable();
            (layout, Rule::Quadruple { cells, digits: ds }, grid)
        });
    }

    #[test]
    fn check_finds_a_missing_digit() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[0] = 1;
        grid[1] = 2;
        grid[9] = 3;
        assert_eq!(check(&quad(&[1, 4]), &layout, &grid), None);
        assert_eq!(
            check(&quad(&[4, 5]), &layout, &grid).unwrap().text,
            "quadruple at r1c1 lacks 4"
        );
        grid[10] = 5;
        let b = check(&quad(&[1, 4]), &layout, &grid).unwrap();
        assert_eq!(b.text, "quadruple at r1c1 lacks 4");
        assert_eq!(b.cells, [0, 1, 9, 10]);
        grid[10] = 4;
        assert_eq!(check(&quad(&[1, 4]), &layout, &grid), None);
    }
}
