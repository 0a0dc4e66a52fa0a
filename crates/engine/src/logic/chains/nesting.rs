//! Where chains nest: the producers that dynamic chains of level 2 and up
//! (`Chaining.getAdvancedPotentials`) apply to the positions their
//! propagations reduce, tied together above all of them.
//!
//! The recursion is real: a nested dynamic chain propagates with the
//! engine, whose propagations apply the nested producers, dynamic chains
//! among them. So the engine and the producers below this module never
//! name each other upward; this module names the producers, as a
//! [`Nested`] the engine is handed with each producer of level 2 and up.

use super::advanced::Nested;
use super::cycles;
use super::forcing;
use super::links::Cands;
use super::multiple;
use super::Collected;
use crate::logic::grid::Grid;
use crate::logic::step::Step;

/// The producers chains of level 2 and up nest: forcing chains and
/// cycles, multiple forcing chains, and dynamic forcing chains (which
/// nest these in turn at level 2).
pub(super) const PRODUCERS: Nested = Nested {
    collect,
    find_nothing: cycles::find_nothing,
};

/// Every hint of nested producer `producer` (0: forcing chains and
/// cycles, 1: multiple forcing chains, 2: dynamic forcing chains of level
/// `limit`) on `work`, for a chain that started from `source`; each keeps
/// its step when `keep`.
fn collect(work: &Cands, source: &Cands, producer: u8, limit: u8, keep: bool) -> Vec<Collected> {
    match producer {
        0 => cycles::collect(work, source, keep),
        1 => multiple::collect(work, source, keep),
        _ => forcing::collect(work, source, limit, keep, PRODUCERS),
    }
}

/// The first step of Sudoku Explainer's nested dynamic forcing chains:
/// level 2 (+ forcing chains, 9.5+), 3 (+ multiple forcing chains, 10.0+),
/// 4 (+ dynamic forcing chains of level `limit`, 10.5+).
pub fn nested_forcing_chains(grid: &Grid, level: u8, limit: u8) -> Option<Step> {
    forcing::nested_forcing_chains_with(grid, level, limit, PRODUCERS)
}
