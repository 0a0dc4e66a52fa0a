//! German whispers: neighbours on the line differ by at least the gap.

use super::{digits, hi, lo, Break, Cands, Grid, Step};

/// The digits of `m` that have a partner in `other` at least `gap` away.
fn partnered(m: u32, other: u32, gap: i64) -> u32 {
    let (low, high) = (i64::from(lo(other)), i64::from(hi(other)));
    digits(m)
        .filter(|&d| {
            let d = i64::from(d);
            low <= d - gap || high >= d + gap
        })
        .fold(0, |k, d| k | super::bit(d))
}

/// Keeps each digit that has a partner far enough away in every
/// neighbour along the line, until nothing changes.
pub(super) fn prune(e: &mut Cands, cells: &[u16], gap: u32) -> Step {
    e.all_live(cells)?;
    let gap = i64::from(gap);
    loop {
        let before = e.changed;
        e.changed = false;
        for w in cells.windows(2) {
            let (a, b) = (w[0], w[1]);
            e.keep(a, partnered(e.get(a), e.get(b), gap))?;
            e.keep(b, partnered(e.get(b), e.get(a), gap))?;
        }
        let changed = e.changed;
        e.changed |= before;
        if !changed {
            return Ok(());
        }
    }
}

/// Two filled neighbours on the line closer than the gap.
pub(super) fn check(g: &Grid, cells: &[u16], gap: u32) -> Option<Break> {
    for w in cells.windows(2) {
        let (a, b) = (g.at(w[0]), g.at(w[1]));
        if a != 0 && b != 0 && a.abs_diff(b) < gap {
            return g.broken(
                format!(
                    "whispers at {}: {a} and {b} differ by less than {gap}",
                    g.name(cells[0])
                ),
                [w[0], w[1]],
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
        Rule::Whispers {
            cells: cells.to_vec(),
            gap,
        }
    }

    #[test]
    fn removes_digits_without_partners() {
        let layout = nine();
        // Gap 5 on 9x9: 5 has no partner anywhere.
        let mut cands = vec![all(9); 81];
        assert_eq!(
            run(&line(&[0, 1, 2], 5), &layout, &mut cands),
            Pruned::Changed
        );
        assert_eq!(cands[1], all(9) & !mask(&[5]));
        // A neighbour of 1..3 only allows 6..9 (1 + 5 = 6).
        let mut cands = vec![all(9); 81];
        cands[1] = mask(&[1, 3]);
        run(&line(&[0, 1, 2], 5), &layout, &mut cands);
        assert_eq!(cands[0], span(6, 9));
        assert_eq!(cands[2], span(6, 9));
        // Then 3 keeps partners 8 and 9: it stays.
        assert_eq!(cands[1], mask(&[1, 3]));
        // Next to a 4 only 9 is far enough (gap 5); then 5 or 6 beyond it
        // has no partner.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[4]);
        assert_eq!(run(&line(&[0, 1], 5), &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[1], mask(&[9]));
        cands[2] = mask(&[5, 6]);
        assert_eq!(
            run(&line(&[0, 1, 2], 5), &layout, &mut cands),
            Pruned::Broken
        );
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(10, 400, |rng| {
            let n = [6, 9, 16][rng.below(3)];
            let gap = 1 + rng.below(n / 2) as u32;
            let k = 2 + rng.below(6);
            let mut grid = vec![0u8; n * n];
            let cells: Vec<u16> = (0..k).map(|i| i as u16).collect();
            let mut prev = 0u32;
            for (i, &c) in cells.iter().enumerate() {
                // Pick a digit at least gap from the previous one.
                let d = loop {
                    let d = u32::from(rng.digit(n));
                    if i == 0 || d.abs_diff(prev) >= gap {
                        break d;
                    }
                };
                grid[usize::from(c)] = d as u8;
                prev = d;
            }
            (Layout::standard(n).unwrap(), line(&cells, gap), grid)
        });
    }

    #[test]
    fn check_finds_close_neighbours() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[0] = 3;
        grid[1] = 8;
        grid[2] = 5;
        let b = check(&line(&[0, 1, 2], 5), &layout, &grid).unwrap();
        assert_eq!(b.text, "whispers at r1c1: 8 and 5 differ by less than 5");
        assert_eq!(b.cells, [1, 2]);
        grid[2] = 2;
        assert_eq!(check(&line(&[0, 1, 2], 5), &layout, &grid), None);
    }
}
