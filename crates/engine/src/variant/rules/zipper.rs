//! Zipper lines: cells the same distance from the middle sum to one total,
//! the middle cell's digit on a line of odd length.

use super::{digits, Break, Cands, Contradiction, Grid, Step};

/// The totals (bit `s` for total `s`) two cells of masks `a` and `b` can
/// make: sums reach 50, so they fit a `u64`.
fn sums(a: u32, b: u32) -> u64 {
    digits(a).fold(0, |s, x| s | (u64::from(b) << (x + 1)))
}

/// The digits of `a` that meet a digit of `b` at a total in `totals`.
fn meeting(a: u32, b: u32, totals: u64) -> u32 {
    digits(a)
        .filter(|&x| (totals >> (x + 1)) & u64::from(b) != 0)
        .fold(0, |k, x| k | super::bit(x))
}

/// Prunes the line: the totals every pair can make (and the middle cell
/// can hold) are intersected, then each pair keeps the digits that reach
/// one of them.
pub(super) fn prune(e: &mut Cands, cells: &[u16]) -> Step {
    e.all_live(cells)?;
    let len = cells.len();
    let pairs = len / 2;
    if pairs == 0 {
        return Ok(());
    }
    let mut totals = if len % 2 == 1 {
        // Bit s for digit s, as the pair sums are written.
        u64::from(e.get(cells[len / 2])) << 1
    } else {
        u64::MAX
    };
    for i in 0..pairs {
        totals &= sums(e.get(cells[i]), e.get(cells[len - 1 - i]));
    }
    if totals == 0 {
        return Err(Contradiction);
    }
    if len % 2 == 1 {
        e.keep(cells[len / 2], (totals >> 1) as u32)?;
    }
    for i in 0..pairs {
        let (a, b) = (cells[i], cells[len - 1 - i]);
        let (ma, mb) = (e.get(a), e.get(b));
        e.keep(a, meeting(ma, mb, totals))?;
        e.keep(b, meeting(mb, ma, totals))?;
    }
    Ok(())
}

/// A filled pair whose sum differs from the middle digit, or from another
/// filled pair's.
pub(super) fn check(g: &Grid, cells: &[u16]) -> Option<Break> {
    let len = cells.len();
    let name = g.name(*cells.first()?);
    let pair = |i: usize| {
        let (a, b) = (cells[i], cells[len - 1 - i]);
        (g.at(a) != 0 && g.at(b) != 0).then(|| (a, b, g.at(a) + g.at(b)))
    };
    let mut full = (0..len / 2).filter_map(pair);
    if len % 2 == 1 {
        let middle = cells[len / 2];
        let want = g.at(middle);
        if want == 0 {
            return None;
        }
        let (a, b, _) = full.find(|&(_, _, s)| s != want)?;
        return g.broken(
            format!(
                "zipper line at {name}: {} + {} is not {want}",
                g.at(a),
                g.at(b)
            ),
            [a, b, middle],
        );
    }
    let (a, b, want) = full.next()?;
    let (c, d, got) = full.find(|&(_, _, s)| s != want)?;
    g.broken(
        format!("zipper line at {name}: pairs sum to {want} and {got}"),
        [a, b, c, d],
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn line(cells: &[u16]) -> Rule {
        Rule::Zipper {
            cells: cells.to_vec(),
        }
    }

    #[test]
    fn pairs_sum_to_the_middle() {
        let layout = nine();
        // Odd length: the middle is at least 2, and each end at most 8.
        let mut cands = vec![all(9); 81];
        assert_eq!(run(&line(&[0, 1, 2]), &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[1], span(2, 9));
        assert_eq!(cands[0], span(1, 8));
        // Middle 4 with one end in {1, 5}: that end is 1, the other 3.
        cands[1] = mask(&[4]);
        cands[0] = mask(&[1, 5]);
        run(&line(&[0, 1, 2]), &layout, &mut cands);
        assert_eq!(cands[0], mask(&[1]));
        assert_eq!(cands[2], mask(&[3]));
        // Even length: the outer pair {1,2}+{1,2} makes 2..4, the inner
        // pair {8,9} with anything at least 9: no common total.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[1, 2]);
        cands[3] = mask(&[1, 2]);
        cands[1] = mask(&[8, 9]);
        assert_eq!(
            run(&line(&[0, 1, 2, 3]), &layout, &mut cands),
            Pruned::Broken
        );
        // Even length with totals 9..11: any inner digit has a partner,
        // until one is 9.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[4]);
        cands[3] = mask(&[5, 6, 7]);
        run(&line(&[0, 1, 2, 3]), &layout, &mut cands);
        assert_eq!(cands[1], all(9));
        cands[1] = mask(&[9]);
        run(&line(&[0, 1, 2, 3]), &layout, &mut cands);
        assert_eq!(cands[2], mask(&[1, 2]));
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(17, 400, |rng| {
            let n = [6, 9, 16][rng.below(3)];
            let len = 2 + rng.below(7);
            let total = if len % 2 == 1 {
                2 + rng.below(n - 1)
            } else {
                2 + rng.below(2 * n - 1)
            };
            let mut grid = vec![0u8; n * n];
            let cells: Vec<u16> = (0..len).map(|i| (i * 2) as u16).collect();
            for i in 0..len / 2 {
                // A split of total into two digits of 1..=n.
                let low = total.saturating_sub(n).max(1);
                let high = (total - 1).min(n);
                let x = low + rng.below(high - low + 1);
                grid[usize::from(cells[i])] = x as u8;
                grid[usize::from(cells[len - 1 - i])] = (total - x) as u8;
            }
            if len % 2 == 1 {
                grid[usize::from(cells[len / 2])] = total as u8;
            }
            (Layout::standard(n).unwrap(), line(&cells), grid)
        });
    }

    #[test]
    fn check_compares_pair_sums() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[0] = 2;
        grid[1] = 6;
        grid[2] = 3;
        let b = check(&line(&[0, 1, 2]), &layout, &grid).unwrap();
        assert_eq!(b.text, "zipper line at r1c1: 2 + 3 is not 6");
        assert_eq!(b.cells, [0, 1, 2]);
        grid[2] = 4;
        assert_eq!(check(&line(&[0, 1, 2]), &layout, &grid), None);
        let even = [0, 1, 2, 3];
        grid[3] = 8;
        assert_eq!(check(&line(&even), &layout, &grid), None);
        grid[3] = 5;
        let b = check(&line(&even), &layout, &grid).unwrap();
        assert_eq!(b.text, "zipper line at r1c1: pairs sum to 7 and 10");
        assert_eq!(b.cells, [0, 1, 2, 3]);
    }
}
