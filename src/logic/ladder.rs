//! Sudoku Explainer's technique ladder: the producers in the order it tries
//! them (`../shared/se-rating.md`, "The ladder"). The first producer that
//! finds a step wins, even when a later one would offer an easier step.

use super::grid::Grid;
use super::step::Step;
use super::{bug, exclusion, fish, intersections, singles, subsets, unique_loops};

/// A producer: the first step its technique finds, in its scan order.
type Producer = fn(&Grid) -> Option<Step>;

/// The rungs this engine has, in Sudoku Explainer's order (numbers as in
/// `se-rating.md`). Techniques not yet built (turbot fish, wings, 3 strong
/// links, chains) are missing, so a puzzle that needs them rates 20.0.
const LADDER: [Producer; 19] = [
    singles::hidden_single,
    intersections::direct_locking,
    |g| subsets::hidden_set(g, 2, true),
    singles::naked_single,
    |g| subsets::hidden_set(g, 3, true),
    intersections::locking,
    |g| subsets::naked_set(g, 2),
    |g| fish::fish(g, 2),
    |g| subsets::hidden_set(g, 2, false),
    |g| subsets::naked_set(g, 3),
    |g| fish::fish(g, 3),
    |g| subsets::hidden_set(g, 3, false),
    // 16: unique rectangles and loops.
    unique_loops::unique_loop,
    |g| subsets::naked_set(g, 4),
    |g| fish::fish(g, 4),
    |g| subsets::hidden_set(g, 4, false),
    // 22: bivalue universal grave.
    bug::bug,
    // 24: aligned pair exclusion.
    exclusion::aligned_pair,
    // 26: aligned triplet exclusion.
    exclusion::aligned_triplet,
];

/// The next step Sudoku Explainer's ladder takes from `grid`, if any.
pub fn next_step(grid: &Grid) -> Option<Step> {
    LADDER.iter().find_map(|producer| producer(grid))
}
