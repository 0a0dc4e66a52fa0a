//! Sudoku Explainer's technique ladder: the producers in the order it tries
//! them (`../shared/se-rating.md`, "The ladder"). The first producer that
//! finds a step wins, even when a later one would offer an easier step.

use super::grid::Grid;
use super::step::Step;
use super::{
    bug, chains, exclusion, fish, intersections, singles, strong_links, subsets, turbot,
    unique_loops, wings,
};

/// A producer: the first step its technique finds, in its scan order.
type Producer = fn(&Grid) -> Option<Step>;

/// The rungs this engine has, in Sudoku Explainer's order (numbers as in
/// `se-rating.md`).
const LADDER: [Producer; 35] = [
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
    // 16: unique rectangles and loops.
    unique_loops::unique_loop,
    // 17-19: naked quad, jellyfish, hidden quad.
    |g| subsets::naked_set(g, 4),
    |g| fish::fish(g, 4),
    |g| subsets::hidden_set(g, 4, false),
    // 20: three strong links.
    strong_links::three_strong_links,
    // 21: WXYZ-wing.
    |g| wings::als_wing(g, 3),
    // 22: bivalue universal grave.
    bug::bug,
    // 23: VWXYZ-wing.
    |g| wings::als_wing(g, 4),
    // 24: aligned pair exclusion.
    exclusion::aligned_pair,
    // 25: forcing chains and cycles
    chains::forcing_chains_and_cycles,
    // 26: aligned triplet exclusion.
    exclusion::aligned_triplet,
    // 27: Nishio forcing chains
    chains::nishio_forcing_chains,
    // 28: multiple forcing chains
    chains::multiple_forcing_chains,
    // 29: dynamic forcing chains
    chains::dynamic_forcing_chains,
    // 30: dynamic forcing chains (+)
    chains::dynamic_forcing_chains_plus,
    // 31: nested forcing chains, levels 2 and 3
    |g| chains::nested_forcing_chains(g, 2, 0),
    |g| chains::nested_forcing_chains(g, 3, 0),
    // 32: nested dynamic forcing chains, level 4 with nesting limits 0-2
    |g| chains::nested_forcing_chains(g, 4, 0),
    |g| chains::nested_forcing_chains(g, 4, 1),
    |g| chains::nested_forcing_chains(g, 4, 2),
];

/// The next step Sudoku Explainer's ladder takes from `grid`, if any.
///
/// Like Sudoku Explainer, the ladder assumes a proper puzzle (one
/// solution): its uniqueness rungs rely on it, and on a board with many
/// solutions its chain rungs may search for a very long time. The commands
/// ask the solver first and never call it there.
pub fn next_step(grid: &Grid) -> Option<Step> {
    LADDER.iter().find_map(|producer| producer(grid))
}
