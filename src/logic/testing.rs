//! Test helpers shared by the technique files.

use super::grid::Grid;
use super::ladder::next_step;
use super::step::{Step, Technique};

/// Solves `puzzle` along the ladder until `technique` is the step taken,
/// and returns that step (the first of its kind on the way).
pub(super) fn first_step_of(puzzle: &str, technique: Technique) -> Step {
    let mut grid = Grid::new(&puzzle.parse().expect("a puzzle"));
    while let Some(step) = next_step(&grid) {
        if step.technique == technique {
            return step;
        }
        step.apply(&mut grid);
    }
    panic!("{} never taken on {puzzle}", technique.name());
}
