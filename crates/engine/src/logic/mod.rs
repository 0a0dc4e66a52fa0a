//! The logic engine: solving as a person would, step by step, on Sudoku
//! Explainer's technique ladder, and rating puzzles on its ER/EP/ED scale.
//!
//! One file per technique family (`singles`, `intersections`, `subsets`,
//! `fish`, `unique_loops`, `bug`, `exclusion`); `ladder` lists them in Sudoku Explainer's order and `rate`
//! runs the ladder. The fast solver stays separate: commands use it first
//! to turn away invalid, unsolvable and multi-solution boards.

// House and cell numbers are identities that index several tables at once,
// so loops over them read better as ranges.
#![allow(clippy::needless_range_loop)]

mod bug;
mod chains;
mod exclusion;
mod fish;
mod grid;
mod intersections;
mod ladder;
mod proof;
mod rate;
mod singles;
mod step;
mod strong_links;
mod subsets;
#[cfg(test)]
mod testing;
mod turbot;
mod unique_loops;
mod wings;

pub use chains::prove;
pub use grid::Grid;
pub use ladder::next_step;
pub use proof::{Branch, Candidate, Chains, Implication, Rule, StateName};
pub use rate::{
    explain, explain_position, explain_position_until, rate, rate_position, rate_position_until,
    rate_within, Explanation, Rating,
};
pub use step::{Difficulty, LoopDetail, Pattern, Step, Technique};
