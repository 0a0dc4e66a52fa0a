//! Boards of every size from 4x4 to 25x25, jigsaw regions and variant
//! rules: a solver and checker of their own beside the classic 9x9 engine,
//! which keeps classic boards at its speed.
//!
//! A [`Puzzle`] is a [`Layout`] (size and regions), its givens and its
//! [`Rule`]s. Candidates are `u32` masks (bit `d - 1` for digit `d`).

pub mod answer;
pub mod check;
pub mod layout;
pub mod puzzle;
pub mod rule;
pub mod rules;
pub mod search;
pub mod setup;

pub use check::Conflict;
pub use layout::{CellName, Layout, LayoutError, MAX_CELLS, MAX_SIZE, MIN_SIZE};
pub use puzzle::{Puzzle, PuzzleError};
pub use rule::{PairKind, Rule};
pub use search::Outcome;
