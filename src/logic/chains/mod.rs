//! Sudoku Explainer's chain techniques (`chaining/Chaining.java`): forcing
//! chains and bidirectional cycles, Nishio, multiple (cell and region)
//! forcing chains and dynamic forcing chains, each producer returning the
//! hint Sudoku Explainer would apply.
//!
//! Every producer collects all its hints and keeps the one with the lowest
//! difficulty, then the smallest size (the number of candidate states the
//! chains use), then the lowest kind key; ties keep the first found, as
//! Sudoku Explainer's stable sort does. Difficulties are computed in `f64`
//! exactly as Sudoku Explainer adds them, so ties and near-ties order the
//! same way.

mod advanced;
mod cycles;
mod engine;
mod forcing;
mod links;

pub use cycles::forcing_chains_and_cycles;
pub use forcing::{
    dynamic_forcing_chains, dynamic_forcing_chains_plus, multiple_forcing_chains,
    nishio_forcing_chains,
};

use super::step::{Difficulty, Step};

/// What Sudoku Explainer adds to a chain's base difficulty for its size
/// (`ChainingHint.getLengthDifficulty`): 0.1 for each threshold 4, 6, 8,
/// 12, 16, 24, ... that the size minus 2 exceeds, summed in `f64`.
fn length_difficulty(size: u32) -> f64 {
    let length = i64::from(size) - 2;
    let (mut added, mut ceiling, mut odd) = (0.0, 4i64, false);
    while length > ceiling {
        added += 0.1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

/// A difficulty in tenths, as `serate` prints it (add 0.05, truncate).
fn tenths(difficulty: f64) -> Difficulty {
    Difficulty(((difficulty + 0.05) * 10.0) as u16)
}

/// The sort key of a chain hint: difficulty, size, kind.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Key {
    difficulty: f64,
    size: u32,
    kind: u8,
}

impl Key {
    fn new(base: f64, size: u32, kind: u8) -> Key {
        Key {
            difficulty: base + length_difficulty(size),
            size,
            kind,
        }
    }

    fn before(self, other: Key) -> bool {
        if self.difficulty != other.difficulty {
            return self.difficulty < other.difficulty;
        }
        (self.size, self.kind) < (other.size, other.kind)
    }
}

/// The best hint found so far.
#[derive(Default)]
struct Best {
    key: Option<Key>,
    step: Option<Step>,
}

impl Best {
    /// Whether a hint with `key` would replace the best one.
    fn wants(&self, key: Key) -> bool {
        self.key.is_none_or(|best| key.before(best))
    }

    /// Offers a hint: `make` builds it (None when it removes nothing).
    fn offer(&mut self, key: Key, make: impl FnOnce(Difficulty) -> Option<Step>) {
        if self.wants(key) {
            if let Some(step) = make(tenths(key.difficulty)) {
                self.key = Some(key);
                self.step = Some(step);
            }
        }
    }
}

#[cfg(test)]
mod tests;
