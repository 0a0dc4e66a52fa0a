//! Sudoku Explainer's technique ladder: the producers in the order it tries
//! them (`../shared/se-rating.md`, "The ladder"). The first producer that
//! finds a step wins, even when a later one would offer an easier step.

use super::grid::Grid;
use super::step::Step;
use super::{fish, intersections, singles, strong_links, subsets, turbot, wings};

/// A producer: the first step its technique finds, in its scan order.
type Producer = fn(&Grid) -> Option<Step>;

/// The rungs this engine has, in Sudoku Explainer's order. Techniques not
/// yet built (uniqueness, BUG, aligned exclusions, chains) are missing, so
/// a puzzle that needs them rates 20.0.
const LADDER: [Producer; 21] = [
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
    // 13: turbot fish family.
    turbot::turbot_fish,
    // 14-15: XY-wing, XYZ-wing.
    |g| wings::xy_wing(g, false),
    |g| wings::xy_wing(g, true),
    |g| subsets::naked_set(g, 4),
    |g| fish::fish(g, 4),
    |g| subsets::hidden_set(g, 4, false),
    // 20: three strong links.
    strong_links::three_strong_links,
    // 21: WXYZ-wing.
    |g| wings::als_wing(g, 3),
    // 23: VWXYZ-wing (22, BUG, is not built yet).
    |g| wings::als_wing(g, 4),
];

/// The next step Sudoku Explainer's ladder takes from `grid`, if any.
pub fn next_step(grid: &Grid) -> Option<Step> {
    LADDER.iter().find_map(|producer| producer(grid))
}
