//! Exact pruning of short weighted sums (arrows, little killers): each
//! digit a term keeps is part of some assignment of all the terms that
//! makes the sum and puts different digits in cells that share a row, a
//! column or a region. Bounds alone miss what this finds, such as two
//! cells of one column that cannot both be 1 on a small arrow.
//!
//! Not a rule kind: a helper of the sum rules, run after their bounds.

use super::super::layout::Layout;
use super::{bit, digits, hi, lo, Cands, Contradiction, Step};

/// Longer sums are left to bounds: their assignments grow too many.
const MAX_TERMS: usize = 10;

/// Steps of the enumeration one call may take before it gives up and
/// prunes nothing: a few microseconds, so a loose sum costs little.
const BUDGET: u32 = 600;

/// Sums whose candidate counts multiply past this are not walked at all:
/// the walk would mostly run out of budget.
const PRODUCT_LIMIT: u64 = 2_000;

/// Keeps in each of `terms` (a cell and its weight) the digits of some
/// assignment whose weighted sum lies in `low..=high`, cells that are
/// peers on `layout` taking different digits. Does nothing when there
/// are too many terms, a cell repeats, or the enumeration runs past its
/// budget (all sound: it only ever removes digits no assignment uses).
pub(super) fn prune(
    e: &mut Cands,
    layout: &Layout,
    terms: impl IntoIterator<Item = (u16, i64)>,
    low: i64,
    high: i64,
) -> Step {
    let mut list = [(0u16, 0i64); MAX_TERMS];
    let mut k = 0;
    for term in terms {
        if k == MAX_TERMS {
            return Ok(());
        }
        list[k] = term;
        k += 1;
    }
    if k < 2 {
        return Ok(());
    }
    let terms = &list[..k];
    let mut s = Enumeration {
        k,
        mask: [0; MAX_TERMS],
        weight: [0; MAX_TERMS],
        clash: [0; MAX_TERMS],
        min_after: [0; MAX_TERMS + 1],
        max_after: [0; MAX_TERMS + 1],
        chosen: [0; MAX_TERMS],
        support: [0; MAX_TERMS],
        unsupported: 0,
        budget: BUDGET,
        low,
        high,
    };
    for (i, &(c, w)) in terms.iter().enumerate() {
        let m = e.get(c);
        if m == 0 {
            return Err(Contradiction);
        }
        s.mask[i] = m;
        s.weight[i] = w;
        let c = usize::from(c);
        for (j, &(p, _)) in terms[..i].iter().enumerate() {
            let p = usize::from(p);
            if p == c {
                return Ok(());
            }
            let peers = layout.row_of(p) == layout.row_of(c)
                || layout.column_of(p) == layout.column_of(c)
                || layout.region_of(p) == layout.region_of(c);
            if peers {
                s.clash[i] |= 1 << j;
            }
        }
        // A fixed term needs no support found: only open ones count.
        if m.count_ones() > 1 {
            s.unsupported += 1;
        }
    }
    // Too many assignments to walk within the budget: leave it to bounds.
    if s.mask[..k]
        .iter()
        .map(|m| u64::from(m.count_ones()))
        .product::<u64>()
        > PRODUCT_LIMIT
    {
        return Ok(());
    }
    for i in (0..k).rev() {
        let (a, b) = (
            s.weight[i] * i64::from(lo(s.mask[i])),
            s.weight[i] * i64::from(hi(s.mask[i])),
        );
        s.min_after[i] = s.min_after[i + 1] + a.min(b);
        s.max_after[i] = s.max_after[i + 1] + a.max(b);
    }
    match s.visit(0, 0) {
        Walk::Done => {}
        Walk::Stop => return Ok(()),
    }
    if s.support[0] == 0 {
        return Err(Contradiction);
    }
    for (i, &(c, _)) in terms.iter().enumerate() {
        e.keep(c, s.support[i])?;
    }
    Ok(())
}

/// Whether the enumeration ran to its end or stopped early (out of
/// budget, or every digit already supported: nothing to prune).
enum Walk {
    Done,
    Stop,
}

/// The state of one enumeration: fixed arrays, no allocation.
struct Enumeration {
    k: usize,
    mask: [u32; MAX_TERMS],
    weight: [i64; MAX_TERMS],
    /// Bits of the earlier terms whose cells are this term's peers.
    clash: [u16; MAX_TERMS],
    /// The least and greatest weighted sums of the terms from `i` on.
    min_after: [i64; MAX_TERMS + 1],
    max_after: [i64; MAX_TERMS + 1],
    /// The digit bit each term holds on the current path.
    chosen: [u32; MAX_TERMS],
    /// The digits found in some complete assignment.
    support: [u32; MAX_TERMS],
    /// Open terms whose support is not yet their whole mask.
    unsupported: usize,
    budget: u32,
    low: i64,
    high: i64,
}

impl Enumeration {
    /// Tries every digit of term `i` given the terms before it (their
    /// weighted sum `sum`).
    fn visit(&mut self, i: usize, sum: i64) -> Walk {
        if i == self.k {
            for j in 0..self.k {
                let before = self.support[j];
                self.support[j] |= self.chosen[j];
                if before != self.mask[j]
                    && self.support[j] == self.mask[j]
                    && self.mask[j].count_ones() > 1
                {
                    self.unsupported -= 1;
                }
            }
            return if self.unsupported == 0 {
                Walk::Stop
            } else {
                Walk::Done
            };
        }
        let mut avail = self.mask[i];
        let mut clash = self.clash[i];
        while clash != 0 {
            avail &= !self.chosen[clash.trailing_zeros() as usize];
            clash &= clash - 1; // clears the lowest set bit
        }
        let w = self.weight[i];
        if i + 1 == self.k && self.low == self.high {
            // The last term of an exact sum has at most one digit left.
            let need = self.low - sum;
            if need % w != 0 {
                return Walk::Done;
            }
            let d = need / w;
            if !(1..=32).contains(&d) || avail & bit(d as u32) == 0 {
                return Walk::Done;
            }
            self.chosen[i] = bit(d as u32);
            return self.visit(i + 1, self.low);
        }
        for d in digits(avail) {
            let v = sum + w * i64::from(d);
            if v + self.min_after[i + 1] > self.high || v + self.max_after[i + 1] < self.low {
                continue;
            }
            if self.budget == 0 {
                return Walk::Stop;
            }
            self.budget -= 1;
            self.chosen[i] = bit(d);
            if let Walk::Stop = self.visit(i + 1, v) {
                return Walk::Stop;
            }
        }
        Walk::Done
    }
}

#[cfg(test)]
mod tests {
    use super::super::span;
    use super::super::testing::*;
    use super::*;

    fn run_terms(layout: &Layout, cands: &mut [u32], terms: &[(u16, i64)], sum: i64) -> Step {
        let mut e = Cands::new(cands);
        prune(&mut e, layout, terms.iter().copied(), sum, sum)
    }

    #[test]
    fn peers_take_different_digits() {
        let layout = nine();
        // r1c1 + r1c2 = 3 in one row: 1+2 or 2+1, and 4 cannot be 2+2.
        let mut cands = vec![all(9); 81];
        run_terms(&layout, &mut cands, &[(0, 1), (1, 1)], 3).unwrap();
        assert_eq!(cands[0], mask(&[1, 2]));
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[1, 2]);
        cands[1] = mask(&[2, 3]);
        run_terms(&layout, &mut cands, &[(0, 1), (1, 1)], 4).unwrap();
        assert_eq!((cands[0], cands[1]), (mask(&[1]), mask(&[3])));
        // Not peers (r1c1, r2c4): 2+2 stays.
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[1, 2]);
        cands[12] = mask(&[2, 3]);
        run_terms(&layout, &mut cands, &[(0, 1), (12, 1)], 4).unwrap();
        assert_eq!((cands[0], cands[12]), (mask(&[1, 2]), mask(&[2, 3])));
    }

    #[test]
    fn an_arrow_circle_needs_a_line_that_can_make_it() {
        let layout = nine();
        // Circle r1c1 over r1c2, r1c3, all one row: the line's two
        // digits differ, so the circle is at least 1 + 2 (bounds say 2).
        let mut cands = vec![all(9); 81];
        run_terms(&layout, &mut cands, &[(0, 1), (1, -1), (2, -1)], 0).unwrap();
        assert_eq!(cands[0], span(3, 9));
        assert_eq!(cands[1], span(1, 8));
        // Circle 4: the line is 1+3 or 3+1, never 2+2.
        cands[0] = mask(&[4]);
        run_terms(&layout, &mut cands, &[(0, 1), (1, -1), (2, -1)], 0).unwrap();
        assert_eq!(cands[1], mask(&[1, 3]));
        assert_eq!(cands[2], mask(&[1, 3]));
    }

    #[test]
    fn no_assignment_is_a_contradiction() {
        let layout = nine();
        let mut cands = vec![all(9); 81];
        cands[0] = mask(&[2]);
        cands[1] = mask(&[2]);
        assert!(run_terms(&layout, &mut cands, &[(0, 1), (1, 1)], 4).is_err());
    }

    #[test]
    fn sound_on_random_short_sums() {
        // Random cells of a valid grid, their weighted sum as the target:
        // the grid's digits always stay.
        let layout = nine();
        let mut rng = Rng::new(7);
        for _ in 0..300 {
            let grid = sudoku_grid(&mut rng);
            let k = 2 + rng.below(5);
            let mut terms: Vec<(u16, i64)> = Vec::new();
            while terms.len() < k {
                let c = rng.below(81) as u16;
                if terms.iter().all(|&(p, _)| p != c) {
                    let w = if terms.is_empty() { 1 } else { -1 };
                    terms.push((c, w));
                }
            }
            let sum: i64 = terms
                .iter()
                .map(|&(c, w)| w * i64::from(grid[usize::from(c)]))
                .sum();
            let mut cands: Vec<u32> = grid
                .iter()
                .map(|&d| (rng.next() as u32 & all(9)) | bit(u32::from(d)))
                .collect();
            run_terms(&layout, &mut cands, &terms, sum).unwrap();
            for &(c, _) in &terms {
                let d = u32::from(grid[usize::from(c)]);
                assert!(cands[usize::from(c)] & bit(d) != 0);
            }
        }
    }

    /// A valid 9x9 grid: the classic pattern, digits relabelled.
    fn sudoku_grid(rng: &mut Rng) -> Vec<u8> {
        let digits = rng.perm(9);
        (0..81)
            .map(|i| {
                let (r, c) = (i / 9, i % 9);
                digits[(r * 3 + r / 3 + c) % 9]
            })
            .collect()
    }
}
