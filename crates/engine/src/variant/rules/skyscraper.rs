//! Skyscrapers: seen from the clue, `count` digits of the row or column
//! are higher than every digit before them.

use super::{bit, digits, span, Break, Cands, Contradiction, Grid, Step};

/// The most assignments the exact search walks (the product of the line's
/// candidate counts); beyond that only the bound below prunes.
const EXACT_LIMIT: u64 = 20_000;

/// Prunes the row or column `line` of a size-`n` board seeing `count`.
pub(super) fn prune(e: &mut Cands, n: usize, line: &[u16], count: u32) -> Step {
    e.all_live(line)?;
    if line.len() != n {
        return Ok(());
    }
    let count = count as usize;
    if count == 0 || count > n {
        return Err(Contradiction);
    }
    // A digit d at position p sees at most p cells before it, itself and
    // the n - d higher digits after it: d <= n + p + 1 - count.
    for (p, &c) in line.iter().enumerate() {
        e.keep(c, span(1, (n + p + 1) as i64 - count as i64))?;
    }
    // The first cell is always seen, and the highest digit hides the
    // rest: it comes first exactly when one is seen.
    let first_high = if count == 1 {
        bit(n as u32)
    } else {
        !bit(n as u32)
    };
    e.keep(line[0], first_high)?;
    let mut product = 1u64;
    for &c in line {
        product = product.saturating_mul(u64::from(e.get(c).count_ones()));
    }
    if product > EXACT_LIMIT {
        return Ok(());
    }
    let mut walk = Walk {
        masks: [0; 32],
        path: [0; 32],
        support: [0; 32],
        len: n,
        count,
    };
    for (k, &c) in line.iter().enumerate() {
        walk.masks[k] = e.get(c);
    }
    walk.go(0, 0, 0, 0);
    if walk.support[0] == 0 {
        return Err(Contradiction);
    }
    for (k, &c) in line.iter().enumerate() {
        e.keep(c, walk.support[k])?;
    }
    Ok(())
}

/// The exact search: distinct digits along the line, counting the cells
/// that rise above all before them.
struct Walk {
    masks: [u32; 32],
    path: [u32; 32],
    support: [u32; 32],
    len: usize,
    count: usize,
}

impl Walk {
    fn go(&mut self, at: usize, used: u32, high: u32, seen: usize) {
        if seen > self.count || seen + (self.len - at) < self.count {
            return;
        }
        if at == self.len {
            if seen == self.count {
                for k in 0..self.len {
                    self.support[k] |= bit(self.path[k]);
                }
            }
            return;
        }
        for d in digits(self.masks[at] & !used) {
            self.path[at] = d;
            let rises = usize::from(d > high);
            self.go(at + 1, used | bit(d), high.max(d), seen + rises);
        }
    }
}

/// How many digits of a filled `line` rise above all before them.
fn seen(g: &Grid, line: &[u16]) -> u32 {
    let mut high = 0;
    let mut seen = 0;
    for &c in line {
        if g.at(c) > high {
            high = g.at(c);
            seen += 1;
        }
    }
    seen
}

/// A filled line that sees anything but `count`.
pub(super) fn check(g: &Grid, line: &[u16], count: u32) -> Option<Break> {
    if line.is_empty() || !g.filled(line) {
        return None;
    }
    let got = seen(g, line);
    (got != count).then_some(())?;
    g.broken(
        format!("skyscraper at {} sees {got}, not {count}", g.name(line[0])),
        line.iter().copied(),
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn clue(line: &[u16], count: u32) -> Rule {
        Rule::Skyscraper {
            line: line.to_vec(),
            count,
        }
    }

    #[test]
    fn prunes_by_bound_and_search() {
        let layout = nine();
        let row: Vec<u16> = (0..9).collect();
        // Seeing 1: the 9 comes first.
        let mut cands = vec![all(9); 81];
        assert_eq!(run(&clue(&row, 1), &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[0], mask(&[9]));
        // Seeing 9: 1 to 9 in order.
        let mut cands = vec![all(9); 81];
        run(&clue(&row, 9), &layout, &mut cands);
        assert_eq!(cands[0], mask(&[1]));
        assert_eq!(cands[3], span(1, 4));
        // Seeing 3 on 4x4: the first cell is at most 2.
        let layout = Layout::standard(4).unwrap();
        let row: Vec<u16> = (0..4).collect();
        let mut cands = vec![all(4); 16];
        run(&clue(&row, 3), &layout, &mut cands);
        // The exact search on 4x4 (six orders see 3): the first is 1 or 2,
        // and the 4 is never second.
        assert_eq!(cands[0], mask(&[1, 2]));
        assert_eq!(cands[1], mask(&[1, 2, 3]));
        assert_eq!(cands[2], all(4));
        cands[0] = mask(&[2]);
        cands[3] = mask(&[1]);
        // 2 _ _ 1 sees 3 only as 2 3 4 1: all pruned.
        run(&clue(&row, 3), &layout, &mut cands);
        assert_eq!(cands[1], mask(&[3]));
        assert_eq!(cands[2], mask(&[4]));
        let mut cands = vec![all(4); 16];
        cands[0] = mask(&[3]);
        cands[1] = mask(&[4]);
        assert_eq!(run(&clue(&row, 3), &layout, &mut cands), Pruned::Broken);
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(5, 400, |rng| {
            let n = [4, 6, 9][rng.below(3)];
            let p = rng.perm(n);
            let r = rng.below(n);
            let line: Vec<u16> = (0..n).map(|c| (r * n + c) as u16).collect();
            let mut grid = vec![0u8; n * n];
            let mut high = 0;
            let mut count = 0;
            for (k, &cell) in line.iter().enumerate() {
                grid[usize::from(cell)] = p[k];
                if p[k] > high {
                    high = p[k];
                    count += 1;
                }
            }
            (Layout::standard(n).unwrap(), clue(&line, count), grid)
        });
    }

    #[test]
    fn check_counts_what_is_seen() {
        let layout = Layout::standard(4).unwrap();
        let row: Vec<u16> = (0..4).collect();
        let mut grid = vec![0u8; 16];
        grid[..4].copy_from_slice(&[2, 1, 4, 3]);
        assert_eq!(check(&clue(&row, 2), &layout, &grid), None);
        let b = check(&clue(&row, 3), &layout, &grid).unwrap();
        assert_eq!(b.text, "skyscraper at r1c1 sees 2, not 3");
        assert_eq!(b.cells, [0, 1, 2, 3]);
    }
}
