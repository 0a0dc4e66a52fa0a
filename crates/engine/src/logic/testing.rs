//! Test helpers shared by the technique files.

use super::grid::Grid;
use super::ladder::next_step;
use super::step::{Step, Technique};

/// The cells whose candidates changed from `previous` to `now`, as the
/// ladder tells a local rung; None (all cells) with no previous position
/// or when a candidate came back (`now` is another puzzle or its start,
/// not a later position).
pub(super) fn changed_since(previous: Option<&Grid>, now: &Grid) -> Option<super::grid::Cells> {
    let previous = previous?;
    let mut changed = 0;
    for cell in 0..81 {
        let (was, is) = (previous.candidates(cell), now.candidates(cell));
        if was != is {
            if is & !was != 0 {
                return None;
            }
            changed |= 1 << cell;
        }
    }
    Some(changed)
}

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

/// The SE bank sample at the repository root (1,991 puzzles with the
/// `ER/EP/ED` that Sudoku Explainer's `serate` prints; see
/// tests/data/SOURCES.md).
pub(crate) const BANK_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/se_bank_sample.serate.txt"
);

/// How many puzzles [`BANK_FILE`] holds.
pub(crate) const BANK_LEN: usize = 1991;

/// The bank's puzzles with their `ER/EP/ED` text. Panics if the file is
/// missing, a line does not parse, or the count is not [`BANK_LEN`].
pub(crate) fn bank_rated() -> Vec<(crate::Board, String)> {
    let text = std::fs::read_to_string(BANK_FILE).unwrap_or_else(|e| panic!("{BANK_FILE}: {e}"));
    let bank: Vec<_> = text
        .lines()
        .map(|line| {
            let mut fields = line.split_whitespace();
            let board = fields
                .next()
                .unwrap_or_else(|| panic!("{BANK_FILE}: empty line"));
            let rating = fields
                .next()
                .unwrap_or_else(|| panic!("{BANK_FILE}: no rating on {line}"));
            let board = board
                .parse()
                .unwrap_or_else(|e| panic!("{BANK_FILE}: {board}: {e}"));
            (board, rating.to_string())
        })
        .collect();
    assert_eq!(bank.len(), BANK_LEN, "{BANK_FILE}");
    bank
}

/// The bank's puzzles (see [`bank_rated`]).
pub(crate) fn bank() -> Vec<crate::Board> {
    bank_rated().into_iter().map(|(board, _)| board).collect()
}

/// Where a position given to [`for_bank_positions`]' check comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Origin {
    /// Met while explaining the puzzle.
    Explained,
    /// The puzzle's position with candidates taken out at random, after
    /// `round` earlier such positions of it.
    Random { round: usize },
}

/// Gives `check` the positions met while explaining every `every`th bank
/// puzzle, then, for each of those puzzles, `rounds` positions each with
/// `removals` more candidates taken out at random (never a cell's last
/// two), where patterns abound and many tie.
pub(super) fn for_bank_positions(
    every: usize,
    (rounds, removals): (usize, usize),
    mut check: impl FnMut(&Grid, Origin),
) {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for board in bank().iter().step_by(every) {
        let mut grid = Grid::new(board);
        for step in super::explain(board).steps {
            check(&grid, Origin::Explained);
            step.apply(&mut grid);
        }
        let mut grid = Grid::new(board);
        for round in 0..rounds {
            for _ in 0..removals {
                // xorshift: a cheap reproducible stream of cells and digits.
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let (cell, digit) = ((seed % 81) as usize, (seed / 81 % 9) as u8 + 1);
                if grid.candidates(cell).count_ones() > 2 {
                    grid.remove(cell, digit);
                }
            }
            check(&grid, Origin::Random { round });
        }
    }
}
