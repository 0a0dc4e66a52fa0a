//! Killer cages: the sum of a clued cage. Its distinct digits are a house
//! to the search; the sum reasoning here still leans on them being
//! distinct, which makes it much sharper.

use super::{prune_distinct_sum, Break, Cands, Contradiction, Grid, Step};

/// Unions of digits worth enumerating exactly: at most this many digits
/// keeps the combinations to a few hundred.
const EXACT_DIGITS: u32 = 12;

/// Prunes a cage of `cells` summing to `sum` on a board of size `n`.
pub(super) fn prune(e: &mut Cands, n: usize, cells: &[u16], sum: u32) -> Step {
    e.all_live(cells)?;
    if cells.len() > n {
        return Err(Contradiction);
    }
    let s = i64::from(sum);
    prune_distinct_sum(e, cells, s, s)?;
    let union = cells.iter().fold(0, |u, &c| u | e.get(c));
    if union.count_ones() <= EXACT_DIGITS {
        exact(e, cells, union, sum)?;
    }
    Ok(())
}

/// Keeps in each cell the digits of some set of `cells.len()` distinct
/// digits summing to `sum` that the cells can cover: every cell holds one
/// of the set, and every digit of the set has a cell that can hold it.
fn exact(e: &mut Cands, cells: &[u16], union: u32, sum: u32) -> Step {
    let mut allowed = [0u32; 32];
    let mut found = false;
    // Digits of decided cells are taken: no other cell of the cage may
    // use them (a cheap part of the matching the search would find).
    let mut fixed = 0u32;
    let mut twice = false;
    for &c in cells {
        let m = e.get(c);
        if m.count_ones() == 1 {
            twice |= fixed & m != 0;
            fixed |= m;
        }
    }
    if twice {
        return Err(Contradiction);
    }
    let open = |m: u32| if m.count_ones() == 1 { m } else { m & !fixed };
    let mut visit = |set: u32| {
        let mut cover = 0;
        for &c in cells {
            let m = open(e.get(c)) & set;
            if m == 0 {
                return;
            }
            cover |= m;
        }
        if cover != set {
            return;
        }
        found = true;
        for (i, &c) in cells.iter().enumerate() {
            allowed[i] |= open(e.get(c)) & set;
        }
    };
    combos(union, cells.len(), sum, 0, &mut visit);
    if !found {
        return Err(Contradiction);
    }
    for (i, &c) in cells.iter().enumerate() {
        e.keep(c, allowed[i])?;
    }
    Ok(())
}

/// Calls `visit` with every set of `k` digits of `pool` (added to `chosen`)
/// summing to `sum`.
fn combos(pool: u32, k: usize, sum: u32, chosen: u32, visit: &mut impl FnMut(u32)) {
    if k == 0 {
        if sum == 0 {
            visit(chosen);
        }
        return;
    }
    // The smallest and largest sums of k digits still in the pool bound
    // what can be reached; leave early when the sum is out of reach.
    let Some((min, max)) = super::distinct_bounds(pool, k) else {
        return;
    };
    if i64::from(sum) < min || i64::from(sum) > max {
        return;
    }
    let d = super::hi(pool);
    let rest = pool & !super::bit(d);
    if d <= sum {
        combos(rest, k - 1, sum - d, chosen | super::bit(d), visit);
    }
    combos(rest, k, sum, chosen, visit);
}

/// A cage whose cells are all filled and sum to anything but `sum`.
pub(super) fn check(g: &Grid, cells: &[u16], sum: u32) -> Option<Break> {
    if cells.is_empty() || !g.filled(cells) {
        return None;
    }
    let got = g.sum(cells);
    if got == sum {
        return None;
    }
    let first = cells.iter().copied().min()?;
    g.broken(
        format!("killer cage at {} sums to {got}, not {sum}", g.name(first)),
        cells.iter().copied(),
    )
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::*;

    fn cage(cells: &[u16], sum: u32) -> Rule {
        Rule::Killer {
            cells: cells.to_vec(),
            sum: Some(sum),
        }
    }

    #[test]
    fn prunes_to_the_combinations() {
        let layout = nine();
        // 3 in two cells: {1, 2} only.
        let mut cands = vec![all(9); 81];
        assert_eq!(run(&cage(&[0, 1], 3), &layout, &mut cands), Pruned::Changed);
        assert_eq!(cands[0], mask(&[1, 2]));
        assert_eq!(cands[1], mask(&[1, 2]));
        // 10 in two cells, one of them {1, 5}: 1+9 or 5+5 (not distinct),
        // so the first is 1 and the second 9.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[1, 5]);
        assert_eq!(
            run(&cage(&[0, 1], 10), &layout, &mut cands),
            Pruned::Changed
        );
        assert_eq!(cands[0], mask(&[1]));
        assert_eq!(cands[1], mask(&[9]));
        // 7 in three cells: {1, 2, 4}.
        let mut cands = vec![all(9); 81];
        run(&cage(&[0, 1, 9], 7), &layout, &mut cands);
        assert_eq!(cands[9], mask(&[1, 2, 4]));
        // A cell fixed to 4 in a 3-cell 7 cage: the others are 1 and 2.
        cands[9] = mask(&[4]);
        run(&cage(&[0, 1, 9], 7), &layout, &mut cands);
        assert_eq!(cands[0], mask(&[1, 2]));
        assert_eq!(run(&cage(&[0, 1, 9], 7), &layout, &mut cands), Pruned::Same);
    }

    #[test]
    fn reports_impossible_cages() {
        let layout = nine();
        let mut cands = vec![all(9); 81];
        assert_eq!(run(&cage(&[0, 1], 18), &layout, &mut cands), Pruned::Broken);
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[1]);
        cands[1] = mask(&[1, 2]);
        // 1 + 1 would reach 2 but digits differ.
        assert_eq!(run(&cage(&[0, 1], 2), &layout, &mut cands), Pruned::Broken);
        // Ten cells cannot be distinct on 9x9.
        let mut cands = vec![all(9); 81];
        let ten: Vec<u16> = (0..10).collect();
        assert_eq!(run(&cage(&ten, 50), &layout, &mut cands), Pruned::Broken);
    }

    #[test]
    fn never_removes_a_solution_digit() {
        sound(1, 400, |rng| {
            let n = [4, 6, 9, 16][rng.below(4)];
            let layout = Layout::standard(n).unwrap();
            let k = 1 + rng.below(n.min(7));
            let perm = rng.perm(n);
            let mut grid = vec![0u8; n * n];
            let mut cells = Vec::new();
            let mut sum = 0;
            for (i, &d) in perm.iter().take(k).enumerate() {
                let c = (i * 5 + 3) % (n * n);
                cells.push(c as u16);
                grid[c] = d;
                sum += u32::from(d);
            }
            (layout, cage(&cells, sum), grid)
        });
    }

    #[test]
    fn check_names_the_wrong_sum() {
        let layout = nine();
        let mut grid = vec![0u8; 81];
        grid[0] = 5;
        grid[1] = 6;
        assert_eq!(check(&cage(&[1, 10, 0], 15), &layout, &grid), None);
        grid[10] = 3;
        let b = check(&cage(&[1, 10, 0], 15), &layout, &grid).unwrap();
        assert_eq!(b.text, "killer cage at r1c1 sums to 14, not 15");
        assert_eq!(b.cells, [0, 1, 10]);
        grid[10] = 4;
        assert_eq!(check(&cage(&[1, 10, 0], 15), &layout, &grid), None);
    }
}
