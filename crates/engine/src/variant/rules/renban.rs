//! Renban lines: distinct consecutive digits, in any order.

use super::{bit, span, Break, Cands, Contradiction, Grid, Step};

/// Prunes the renban `cells` on a board of size `n`: the digits lie in a
/// window of `len` consecutive digits that the cells can fill, and a
/// decided cell's digit is taken from the others.
pub(super) fn prune(e: &mut Cands, n: usize, cells: &[u16]) -> Step {
    e.all_live(cells)?;
    let len = cells.len();
    if len == 0 {
        return Ok(());
    }
    if len > n {
        return Err(Contradiction);
    }
    // Decided cells first: their digits are used up.
    let mut fixed = 0u32;
    for &c in cells {
        let m = e.get(c);
        if m.count_ones() == 1 {
            if fixed & m != 0 {
                return Err(Contradiction);
            }
            fixed |= m;
        }
    }
    for &c in cells {
        if e.get(c).count_ones() > 1 {
            e.keep(c, !fixed)?;
        }
    }
    // Windows: every digit of the window needs a cell, every cell a digit
    // of the window.
    let mut allowed = 0u32;
    for start in 1..=(n - len + 1) {
        let window = span(start as i64, (start + len - 1) as i64);
        let mut cover = 0;
        let mut fits = true;
        for &c in cells {
            let m = e.get(c) & window;
            if m == 0 {
                fits = false;
                break;
            }
            cover |= m;
        }
        if fits && cover == window {
            allowed |= window;
        }
    }
    if allowed == 0 {
        return Err(Contradiction);
    }
    for &c in cells {
        e.keep(c, allowed)?;
    }
    Ok(())
}

/// A digit twice, or two filled digits too far apart for the line.
pub(super) fn check(g: &Grid, cells: &[u16]) -> Option<Break> {
    let name = g.name(*cells.first()?);
    let mut seen = 0u32;
    for (i, &c) in cells.iter().enumerate() {
        let d = g.at(c);
        if d == 0 {
            continue;
        }
        if seen & bit(d) != 0 {
            let other = cells[..i].iter().copied().find(|&o| g.at(o) == d)?;
            return g.broken(format!("renban at {name} has {d} twice"), [other, c]);
        }
        seen |= bit(d);
    }
    let filled = cells.iter().copied().filter(|&c| g.at(c) != 0);
    let low = filled.clone().min_by_key(|&c| g.at(c))?;
    let high = filled.max_by_key(|&c| g.at(c))?;
    let (a, b) = (g.at(low), g.at(high));
    if (b - a) as usize >= cells.len() {
        return g.broken(
            format!(
                "renban at {name} spans {a} to {b}, too wide for {} cells",
                cells.len()
            ),
            [low, high],
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn renban(cells: &[u16]) -> Rule {
        Rule::Renban {
            cells: cells.to_vec(),
        }
    }

    #[test]
    fn prunes_to_windows() {
        let layout = nine();
        // A cell of 1 or 2 on a 3-cell line: windows 1-3 and 2-4.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[1, 2]);
        assert_eq!(
            run(&renban(&[0, 1, 2]), &layout, &mut cands),
            Pruned::Changed
        );
        assert_eq!(cands[1], span(1, 4));
        // With another cell fixed to 4: window 2-4, and 4 is taken.
        cands[2] = mask(&[4]);
        run(&renban(&[0, 1, 2]), &layout, &mut cands);
        assert_eq!(cands[0], mask(&[2]));
        assert_eq!(cands[1], mask(&[2, 3]));
        run(&renban(&[0, 1, 2]), &layout, &mut cands);
        assert_eq!(cands[1], mask(&[3]));
        // 1 and 5 cannot share a 4-cell line.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[1]);
        cands[1] = mask(&[5]);
        assert_eq!(
            run(&renban(&[0, 1, 2, 3]), &layout, &mut cands),
            Pruned::Broken
        );
        let mut cands = vec![all(4); 16];
        let layout = Layout::standard(4).unwrap();
        assert_eq!(
            run(&renban(&[0, 1, 2, 3, 4]), &layout, &mut cands),
            Pruned::Broken
        );
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(11, 400, |rng| {
            let n = [6, 9, 16][rng.below(3)];
            let len = 1 + rng.below(n);
            let start = 1 + rng.below(n - len + 1);
            let p = rng.perm(len);
            let mut grid = vec![0u8; n * n];
            let cells: Vec<u16> = (0..len).map(|i| (i * n + (i * 7) % n) as u16).collect();
            for (i, &c) in cells.iter().enumerate() {
                grid[usize::from(c)] = (start - 1) as u8 + p[i];
            }
            (Layout::standard(n).unwrap(), renban(&cells), grid)
        });
    }

    #[test]
    fn check_finds_repeats_and_gaps() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[0] = 4;
        grid[1] = 6;
        assert_eq!(check(&renban(&[0, 1, 2]), &layout, &grid), None);
        grid[2] = 7;
        let b = check(&renban(&[0, 1, 2]), &layout, &grid).unwrap();
        assert_eq!(b.text, "renban at r1c1 spans 4 to 7, too wide for 3 cells");
        assert_eq!(b.cells, [0, 2]);
        grid[2] = 4;
        let b = check(&renban(&[1, 2, 0]), &layout, &grid).unwrap();
        assert_eq!(b.text, "renban at r1c2 has 4 twice");
        assert_eq!(b.cells, [0, 2]);
        grid[2] = 5;
        assert_eq!(check(&renban(&[0, 1, 2]), &layout, &grid), None);
    }
}
