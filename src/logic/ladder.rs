//! Sudoku Explainer's technique ladder: the producers in the order it tries
//! them (`../shared/se-rating.md`, "The ladder"). The first producer that
//! finds a step wins, even when a later one would offer an easier step.

use super::grid::Grid;
use super::step::Step;
use super::{chains, fish, intersections, singles, subsets};

/// A producer: the first step its technique finds, in its scan order.
type Producer = fn(&Grid) -> Option<Step>;

/// The rungs this engine has, in Sudoku Explainer's order. Techniques not
/// yet built (turbot fish, wings, uniqueness, aligned exclusions, chains)
/// are missing, so a puzzle that needs them rates 20.0.
const LADDER: [Producer; 25] = [
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
    |g| subsets::naked_set(g, 4),
    |g| fish::fish(g, 4),
    |g| subsets::hidden_set(g, 4, false),
    // 25: forcing chains and cycles
    chains::forcing_chains_and_cycles,
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
pub fn next_step(grid: &Grid) -> Option<Step> {
    LADDER.iter().find_map(|producer| producer(grid))
}
