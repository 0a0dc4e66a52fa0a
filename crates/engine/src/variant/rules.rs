//! Pruning and checking for the rules that are not houses or pair
//! relations: sums, lines, single-cell marks, quadruples and indexers.
//! One file per rule kind under `rules/`; this module dispatches on
//! [`Rule`]. Houses (diagonals, windoku, disjoint groups, extra regions,
//! a killer cage's distinct digits), pair relations (anti-knight,
//! anti-king, non-consecutive, dots, XV, negative) and clones are the
//! search's own ([`super::search`]), so both functions answer
//! [`Pruned::Same`] and `None` for them.
//!
//! Every prune is sound (it only removes digits no solution of the rule
//! can use, given the other candidates and that cells sharing a row, a
//! column or a region differ) and may be called on any state, again and
//! again: the search calls it to a fixed point.

use super::layout::Layout;
use super::rule::Rule;

mod arrow;
mod between;
mod entropic;
mod extremum;
mod indexer;
mod killer;
mod little_killer;
mod lockout;
mod modular;
mod palindrome;
mod parity;
mod quadruple;
mod region_sum;
mod renban;
mod sandwich;
mod skyscraper;
mod support;
mod thermometer;
mod whispers;
mod x_sum;
mod zipper;

/// What pruning did to the candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pruned {
    /// Nothing removed.
    Same,
    /// Some candidates removed, none emptied.
    Changed,
    /// The rule cannot hold: a cell lost its last candidate, or no
    /// combination of candidates satisfies it.
    Broken,
}

/// A rule broken by a grid: what is wrong and the cells involved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Break {
    /// The conflict as records print it, cells excluded
    /// (`killer cage at r1c1 sums to 14, not 15`).
    pub text: String,
    /// The cells involved, in reading order.
    pub cells: Vec<usize>,
}

/// Removes from `cands` (one `u32` mask per cell, bit `d - 1` for digit
/// `d`) the digits `rule` rules out.
pub fn prune(rule: &Rule, layout: &Layout, cands: &mut [u32]) -> Pruned {
    let mut e = Cands::new(cands);
    let n = layout.size();
    let step = match rule {
        Rule::Killer {
            cells,
            sum: Some(sum),
        } => killer::prune(&mut e, n, cells, *sum),
        Rule::LittleKiller { cells, sum } => little_killer::prune(&mut e, layout, cells, *sum),
        Rule::Sandwich { line, sum } => sandwich::prune(&mut e, n, line, *sum),
        Rule::XSum { line, sum } => x_sum::prune(&mut e, n, line, *sum),
        Rule::Skyscraper { line, count } => skyscraper::prune(&mut e, n, line, *count),
        Rule::Thermometer { cells, slow } => thermometer::prune(&mut e, cells, *slow),
        Rule::Arrow { circle, line } => arrow::prune(&mut e, layout, circle, line),
        Rule::Odd { cell } => parity::prune(&mut e, *cell, true),
        Rule::Even { cell } => parity::prune(&mut e, *cell, false),
        Rule::Minimum { cell, than } => extremum::prune(&mut e, *cell, than, false),
        Rule::Maximum { cell, than } => extremum::prune(&mut e, *cell, than, true),
        Rule::Whispers { cells, gap } => whispers::prune(&mut e, cells, *gap),
        Rule::Renban { cells } => renban::prune(&mut e, n, cells),
        Rule::Palindrome { cells } => palindrome::prune(&mut e, cells),
        Rule::Between { cells } => between::prune(&mut e, cells),
        Rule::RegionSum { cells } => region_sum::prune(&mut e, layout, cells),
        Rule::Entropic { cells } => entropic::prune(&mut e, n, cells),
        Rule::Modular { cells } => modular::prune(&mut e, n, cells),
        Rule::Zipper { cells } => zipper::prune(&mut e, cells),
        Rule::Lockout { cells, gap } => lockout::prune(&mut e, cells, *gap),
        Rule::Quadruple { cells, digits } => quadruple::prune(&mut e, cells, digits),
        Rule::ColumnIndexer { cells } => indexer::prune(&mut e, layout, cells, true),
        Rule::RowIndexer { cells } => indexer::prune(&mut e, layout, cells, false),
        _ => Ok(()),
    };
    match step {
        Err(Contradiction) => Pruned::Broken,
        Ok(()) if e.changed => Pruned::Changed,
        Ok(()) => Pruned::Same,
    }
}

/// Whether `grid` (digits, 0 for empty) breaks `rule` in a way its filled
/// cells already prove.
pub fn check(rule: &Rule, layout: &Layout, grid: &[u8]) -> Option<Break> {
    let g = Grid { layout, grid };
    let mut found = match rule {
        Rule::Killer {
            cells,
            sum: Some(sum),
        } => killer::check(&g, cells, *sum),
        Rule::LittleKiller { cells, sum } => little_killer::check(&g, cells, *sum),
        Rule::Sandwich { line, sum } => sandwich::check(&g, line, *sum),
        Rule::XSum { line, sum } => x_sum::check(&g, line, *sum),
        Rule::Skyscraper { line, count } => skyscraper::check(&g, line, *count),
        Rule::Thermometer { cells, slow } => thermometer::check(&g, cells, *slow),
        Rule::Arrow { circle, line } => arrow::check(&g, circle, line),
        Rule::Odd { cell } => parity::check(&g, *cell, true),
        Rule::Even { cell } => parity::check(&g, *cell, false),
        Rule::Minimum { cell, than } => extremum::check(&g, *cell, than, false),
        Rule::Maximum { cell, than } => extremum::check(&g, *cell, than, true),
        Rule::Whispers { cells, gap } => whispers::check(&g, cells, *gap),
        Rule::Renban { cells } => renban::check(&g, cells),
        Rule::Palindrome { cells } => palindrome::check(&g, cells),
        Rule::Between { cells } => between::check(&g, cells),
        Rule::RegionSum { cells } => region_sum::check(&g, cells),
        Rule::Entropic { cells } => entropic::check(&g, cells),
        Rule::Modular { cells } => modular::check(&g, cells),
        Rule::Zipper { cells } => zipper::check(&g, cells),
        Rule::Lockout { cells, gap } => lockout::check(&g, cells, *gap),
        Rule::Quadruple { cells, digits } => quadruple::check(&g, cells, digits),
        Rule::ColumnIndexer { cells } => indexer::check(&g, cells, true),
        Rule::RowIndexer { cells } => indexer::check(&g, cells, false),
        _ => None,
    }?;
    found.cells.sort_unstable();
    found.cells.dedup();
    Some(found)
}

/// The rule cannot hold on the current candidates.
#[derive(Debug)]
struct Contradiction;

/// A prune's result: `Err` as soon as the rule is proven broken.
type Step = Result<(), Contradiction>;

/// The candidates being pruned, and whether anything was removed.
struct Cands<'a> {
    masks: &'a mut [u32],
    changed: bool,
}

impl<'a> Cands<'a> {
    fn new(masks: &'a mut [u32]) -> Self {
        Cands {
            masks,
            changed: false,
        }
    }

    /// The candidates of `cell`.
    fn get(&self, cell: impl Into<usize>) -> u32 {
        self.masks[cell.into()]
    }

    /// Keeps only the digits of `keep` in `cell`; a cell left empty proves
    /// the rule broken.
    fn keep(&mut self, cell: impl Into<usize>, keep: u32) -> Step {
        let cell = cell.into();
        let old = self.masks[cell];
        let new = old & keep;
        if new == 0 {
            return Err(Contradiction);
        }
        if new != old {
            self.masks[cell] = new;
            self.changed = true;
        }
        Ok(())
    }

    /// Fails when a cell of `cells` has no candidate at all, so that rules
    /// whose reasoning reads bounds never see an empty mask.
    fn all_live(&self, cells: &[u16]) -> Step {
        if cells.iter().any(|&c| self.get(c) == 0) {
            Err(Contradiction)
        } else {
            Ok(())
        }
    }
}

/// A grid being checked, with its layout for naming cells.
struct Grid<'a> {
    layout: &'a Layout,
    grid: &'a [u8],
}

impl Grid<'_> {
    /// The digit of `cell`, 0 when empty.
    fn at(&self, cell: impl Into<usize>) -> u32 {
        u32::from(self.grid[cell.into()])
    }

    /// Whether every cell of `cells` is filled.
    fn filled(&self, cells: &[u16]) -> bool {
        cells.iter().all(|&c| self.at(c) != 0)
    }

    /// The sum of the digits of `cells`.
    fn sum(&self, cells: &[u16]) -> u32 {
        cells.iter().map(|&c| self.at(c)).sum()
    }

    /// `cell` as `rNcM`.
    fn name(&self, cell: impl Into<usize>) -> String {
        self.layout.name(cell.into()).to_string()
    }

    /// A whole row or column named as such (`row 3`, `column 5`).
    fn line_name(&self, line: &[u16]) -> String {
        let (first, last) = (usize::from(line[0]), usize::from(line[line.len() - 1]));
        if self.layout.row_of(first) == self.layout.row_of(last) {
            format!("row {}", self.layout.row_of(first) + 1)
        } else {
            format!("column {}", self.layout.column_of(first) + 1)
        }
    }

    /// A break made of `text` and `cells`.
    fn broken(&self, text: String, cells: impl IntoIterator<Item = u16>) -> Option<Break> {
        Some(Break {
            text,
            cells: cells.into_iter().map(usize::from).collect(),
        })
    }
}

/// The mask of digit `d` (1..=32).
fn bit(d: u32) -> u32 {
    1 << (d - 1)
}

/// The lowest digit of a non-empty mask.
fn lo(mask: u32) -> u32 {
    mask.trailing_zeros() + 1
}

/// The highest digit of a non-empty mask.
fn hi(mask: u32) -> u32 {
    32 - mask.leading_zeros()
}

/// The digits `from..=to`, clamped to 1..=32 (empty when `from > to`).
fn span(from: i64, to: i64) -> u32 {
    let (from, to) = (from.max(1), to.min(32));
    if from > to {
        return 0;
    }
    let upto = |d: i64| if d >= 32 { u32::MAX } else { (1u32 << d) - 1 };
    upto(to) & !upto(from - 1)
}

/// The digits of `mask`, lowest first.
fn digits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let d = lo(mask);
            mask &= mask - 1;
            Some(d)
        }
    })
}

/// The least and greatest sums of `k` distinct digits of `mask`, or
/// `None` when it holds fewer than `k`.
fn distinct_bounds(mask: u32, k: usize) -> Option<(i64, i64)> {
    if k == 0 {
        return Some((0, 0));
    }
    Distinct::new(mask, k).map(|sums| (sums.low, sums.high))
}

/// Prunes a line whose inner cells hang on its two ends (between and
/// lockout lines): each pair of end digits that `inner_for` allows, giving
/// the digits its inner cells may then hold, stays when every inner cell
/// has one of them; the ends keep the digits of the pairs that stay, the
/// inner cells the digits some staying pair allows.
fn prune_by_ends(
    e: &mut Cands,
    cells: &[u16],
    inner_for: impl Fn(u32, u32) -> Option<u32>,
) -> Step {
    let (first, last) = (cells[0], cells[cells.len() - 1]);
    let inner = &cells[1..cells.len() - 1];
    let (mut keep_first, mut keep_last, mut keep_inner) = (0u32, 0u32, 0u32);
    for x in digits(e.get(first)) {
        for y in digits(e.get(last)) {
            let Some(allowed) = inner_for(x, y) else {
                continue;
            };
            if inner.iter().all(|&c| e.get(c) & allowed != 0) {
                keep_first |= bit(x);
                keep_last |= bit(y);
                keep_inner |= allowed;
            }
        }
    }
    if keep_first == 0 {
        return Err(Contradiction);
    }
    e.keep(first, keep_first)?;
    e.keep(last, keep_last)?;
    for &c in inner {
        e.keep(c, keep_inner)?;
    }
    Ok(())
}

/// Keeps the sum of `weight * digit` over `terms` within `low..=high`,
/// pruning each term's digits by the bounds of the others until nothing
/// changes. Weights may be negative (an arrow's line against its circle).
fn prune_linear<I>(e: &mut Cands, terms: I, low: i64, high: i64) -> Step
where
    I: Iterator<Item = (u16, i64)> + Clone,
{
    let bounds = |m: u32, w: i64| {
        let (a, b) = (w * i64::from(lo(m)), w * i64::from(hi(m)));
        (a.min(b), a.max(b))
    };
    loop {
        let (mut min, mut max) = (0i64, 0i64);
        for (c, w) in terms.clone() {
            let m = e.get(c);
            if m == 0 {
                return Err(Contradiction);
            }
            let (a, b) = bounds(m, w);
            min += a;
            max += b;
        }
        if min > high || max < low {
            return Err(Contradiction);
        }
        let before = e.changed;
        e.changed = false;
        for (c, w) in terms.clone() {
            let m = e.get(c);
            let (a, b) = bounds(m, w);
            let (rest_min, rest_max) = (min - a, max - b);
            let mut keep = 0;
            for d in digits(m) {
                let v = w * i64::from(d);
                if v + rest_min <= high && v + rest_max >= low {
                    keep |= bit(d);
                }
            }
            e.keep(c, keep)?;
            // Later terms read bounds computed before this change, which
            // are only looser: still sound; the loop tightens them.
        }
        let changed = e.changed;
        e.changed |= before;
        if !changed {
            return Ok(());
        }
    }
}

/// The sums of `k` distinct digits of a mask, worked out once so that the
/// sums of `k - 1` of them without any one digit take no loop
/// (`Distinct::without`): the question "can this digit join the rest?"
/// asked for every digit of a cage or a sandwich.
struct Distinct {
    /// The least and greatest sums of `k` digits.
    low: i64,
    high: i64,
    /// The least and greatest sums of `k - 1` digits.
    low_rest: i64,
    high_rest: i64,
    /// The `k`-th lowest and the `k`-th highest digit: a digit at or below
    /// (above) it is one of the `k` lowest (highest).
    low_edge: u32,
    high_edge: u32,
}

impl Distinct {
    /// The sums of `k` (at least 1) distinct digits of `mask`, or `None`
    /// when it holds fewer than `k`.
    fn new(mask: u32, k: usize) -> Option<Distinct> {
        if k == 0 || (mask.count_ones() as usize) < k {
            return None;
        }
        let (mut low, mut low_rest, mut low_edge) = (0i64, 0i64, 0u32);
        for d in digits(mask).take(k) {
            low_rest = low;
            low += i64::from(d);
            low_edge = d;
        }
        let (mut high, mut high_rest, mut high_edge) = (0i64, 0i64, 0u32);
        let mut rest = mask;
        for _ in 0..k {
            let d = hi(rest);
            rest &= !bit(d);
            high_rest = high;
            high += i64::from(d);
            high_edge = d;
        }
        Some(Distinct {
            low,
            high,
            low_rest,
            high_rest,
            low_edge,
            high_edge,
        })
    }

    /// The least and greatest sums of `k - 1` distinct digits of the mask
    /// other than `d`, one of its digits: what `distinct_bounds(mask &
    /// !bit(d), k - 1)` gives.
    fn without(&self, d: u32) -> (i64, i64) {
        let v = i64::from(d);
        let low = if d <= self.low_edge {
            self.low - v
        } else {
            self.low_rest
        };
        let high = if d >= self.high_edge {
            self.high - v
        } else {
            self.high_rest
        };
        (low, high)
    }

    /// The digits of `mask` (the one this was made from) that `k - 1`
    /// others can join to make a total in `low..=high`.
    fn fitting(&self, mask: u32, low: i64, high: i64) -> u32 {
        let mut fits = 0;
        for d in digits(mask) {
            let (a, b) = self.without(d);
            let v = i64::from(d);
            if v + a <= high && v + b >= low {
                fits |= bit(d);
            }
        }
        fits
    }
}

/// Keeps the sum of `cells`, whose digits are all different, within
/// `low..=high`: per-cell bounds, then bounds over the distinct digits
/// the cells can hold together.
fn prune_distinct_sum(e: &mut Cands, cells: &[u16], low: i64, high: i64) -> Step {
    prune_linear(e, cells.iter().map(|&c| (c, 1)), low, high)?;
    let k = cells.len();
    if k == 0 {
        // No digits: the sum is 0.
        return if low <= 0 && 0 <= high {
            Ok(())
        } else {
            Err(Contradiction)
        };
    }
    let union = cells.iter().fold(0, |u, &c| u | e.get(c));
    let Some(sums) = Distinct::new(union, k) else {
        return Err(Contradiction);
    };
    if sums.low > high || sums.high < low {
        return Err(Contradiction);
    }
    let allowed = sums.fitting(union, low, high);
    for &c in cells {
        e.keep(c, allowed)?;
    }
    Ok(())
}

/// Narrows `masks` (the candidates of cells holding distinct digits, a
/// scratch copy) to the digits that pass the sum bounds for a total of
/// `sum`; false when the total cannot be made.
fn distinct_support(masks: &mut [u32], sum: i64) -> bool {
    let len = masks.len();
    let (mut min, mut max, mut union) = (0i64, 0i64, 0u32);
    for &m in masks.iter() {
        if m == 0 {
            return false;
        }
        min += i64::from(lo(m));
        max += i64::from(hi(m));
        union |= m;
    }
    if len == 0 {
        return sum == 0;
    }
    let sums = match Distinct::new(union, len) {
        Some(sums) if sums.low <= sum && sum <= sums.high && min <= sum && sum <= max => sums,
        _ => return false,
    };
    // Digits that can join len - 1 other distinct digits to make the sum.
    let fits = sums.fitting(union, sum, sum);
    for m in masks.iter_mut() {
        let rest_min = min - i64::from(lo(*m));
        let rest_max = max - i64::from(hi(*m));
        *m &= span(sum - rest_max, sum - rest_min) & fits;
        if *m == 0 {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod testing {
    //! Shared helpers for the rule tests: a tiny seeded generator and the
    //! soundness harness every kind runs.

    use super::*;

    /// A small xorshift generator: reproducible cases without a crate.
    pub struct Rng(u64);

    impl Rng {
        pub fn new(seed: u64) -> Self {
            Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
        }

        pub fn next(&mut self) -> u64 {
            let mut x = self.0;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            self.0 = x;
            x
        }

        /// A number in `0..n`.
        pub fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }

        /// A digit in `1..=n`.
        pub fn digit(&mut self, n: usize) -> u8 {
            self.below(n) as u8 + 1
        }

        /// The digits 1..=n shuffled.
        pub fn perm(&mut self, n: usize) -> Vec<u8> {
            let mut p: Vec<u8> = (1..=n as u8).collect();
            for i in (1..n).rev() {
                p.swap(i, self.below(i + 1));
            }
            p
        }
    }

    /// Every digit of a board of size `n`.
    pub fn all(n: usize) -> u32 {
        (1u32 << n) - 1
    }

    /// The mask of the given digits.
    pub fn mask(ds: &[u32]) -> u32 {
        ds.iter().fold(0, |m, &d| m | bit(d))
    }

    /// A 9x9 layout with the usual boxes.
    pub fn nine() -> Layout {
        Layout::standard(9).unwrap()
    }

    /// A full grid of size `n` that keeps its rows, columns and usual
    /// boxes: a shifted pattern, digits relabelled at random (for rules
    /// whose pruning counts on peers holding different digits).
    pub fn valid_grid(rng: &mut Rng, n: usize) -> Vec<u8> {
        let (rows, columns) = Layout::usual_boxes(n).expect("a size with boxes");
        let digits = rng.perm(n);
        (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                // Each row shifted by a box width within a band and by one
                // between bands: every row, column and box a permutation.
                digits[(columns * (r % rows) + r / rows + c) % n]
            })
            .collect()
    }

    /// A Latin square of size `n`: every row and column a permutation,
    /// shuffled by rows, columns and digits.
    pub fn latin(rng: &mut Rng, n: usize) -> Vec<u8> {
        let digits = rng.perm(n);
        let rows = rng.perm(n);
        let cols = rng.perm(n);
        let mut g = vec![0u8; n * n];
        for r in 0..n {
            for c in 0..n {
                let i = (usize::from(rows[r]) + usize::from(cols[c])) % n;
                g[r * n + c] = digits[i];
            }
        }
        g
    }

    /// Soundness: `make` builds a rule and a grid (0 for cells the rule
    /// does not read) that keeps it; starting from random candidates that
    /// contain that grid's digits, pruning must never remove one of them,
    /// never report the rule broken, and `check` must accept the grid.
    pub fn sound(seed: u64, trials: usize, make: impl Fn(&mut Rng) -> (Layout, Rule, Vec<u8>)) {
        let mut rng = Rng::new(seed);
        for trial in 0..trials {
            let (layout, rule, grid) = make(&mut rng);
            let n = layout.size();
            assert_eq!(check(&rule, &layout, &grid), None, "{rule:?} on {grid:?}");
            let mut cands: Vec<u32> = grid
                .iter()
                .map(|&d| {
                    if d == 0 {
                        all(n)
                    } else {
                        // Denser or sparser noise by trial, the answer kept.
                        let noise = match trial % 3 {
                            0 => rng.next() as u32 & rng.next() as u32,
                            1 => rng.next() as u32,
                            _ => rng.next() as u32 | rng.next() as u32,
                        };
                        (noise & all(n)) | bit(u32::from(d))
                    }
                })
                .collect();
            for _ in 0..3 {
                let before = cands.clone();
                let got = prune(&rule, &layout, &mut cands);
                assert_ne!(got, Pruned::Broken, "{rule:?} {grid:?} {before:?}");
                for (i, &d) in grid.iter().enumerate() {
                    if d != 0 {
                        assert!(
                            cands[i] & bit(u32::from(d)) != 0,
                            "{rule:?} removed {d} at {i}: {before:?} -> {cands:?}"
                        );
                    }
                }
                assert_eq!(got == Pruned::Same, before == cands);
            }
        }
    }

    /// Prunes `cands` by `rule` on `layout` and returns the outcome.
    pub fn run(rule: &Rule, layout: &Layout, cands: &mut [u32]) -> Pruned {
        prune(rule, layout, cands)
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;

    #[test]
    fn span_and_bounds() {
        assert_eq!(span(2, 4), mask(&[2, 3, 4]));
        assert_eq!(span(5, 4), 0);
        assert_eq!(span(-3, 1), 1);
        assert_eq!(span(30, 40), mask(&[30, 31, 32]));
        assert_eq!(distinct_bounds(mask(&[1, 3, 5, 9]), 2), Some((4, 14)));
        assert_eq!(distinct_bounds(mask(&[1]), 2), None);
    }

    #[test]
    fn distinct_sums_without_a_digit_are_the_bounds_of_the_rest() {
        // Every mask of 1-10 and sample masks up to 25: the sums without
        // each digit are what summing the rest's digits gives.
        let mut masks: Vec<u32> = (1..1 << 10).collect();
        let mut rng = Rng::new(4);
        masks.extend((0..2000).map(|_| (rng.next() as u32) & ((1 << 25) - 1)));
        for m in masks {
            for k in 1..=m.count_ones() as usize {
                let sums = Distinct::new(m, k).unwrap();
                for d in digits(m) {
                    let rest = distinct_bounds(m & !bit(d), k - 1).unwrap();
                    assert_eq!(sums.without(d), rest, "{m:#b} k {k} d {d}");
                }
            }
            assert!(Distinct::new(m, m.count_ones() as usize + 1).is_none());
        }
        assert_eq!(digits(mask(&[2, 7])).collect::<Vec<_>>(), [2, 7]);
    }

    #[test]
    fn other_kinds_are_left_to_the_search() {
        let layout = nine();
        let mut cands = vec![all(9); 81];
        let grid = vec![1u8; 81];
        for rule in [
            Rule::AntiKnight,
            Rule::Windoku,
            Rule::Diagonal { falling: true },
        ] {
            assert_eq!(prune(&rule, &layout, &mut cands), Pruned::Same);
            assert_eq!(check(&rule, &layout, &grid), None);
        }
        let unclued = Rule::Killer {
            cells: vec![0, 1],
            sum: None,
        };
        assert_eq!(prune(&unclued, &layout, &mut cands), Pruned::Same);
        assert_eq!(check(&unclued, &layout, &grid), None);
    }
}
