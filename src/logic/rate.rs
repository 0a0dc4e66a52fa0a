//! Rating: run the ladder to the end and read ER, EP and ED off its steps,
//! as Sudoku Explainer's `serate` does.

use super::grid::Grid;
use super::ladder::Ladder;
use super::step::{Difficulty, Step, Technique};
use crate::board::Board;

/// A puzzle's rating on Sudoku Explainer's scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rating {
    /// The largest difficulty of any step; 20.0 when the ladder got stuck.
    pub er: Difficulty,
    /// The largest difficulty up to and including the first placement.
    pub ep: Difficulty,
    /// The difficulty of the first step.
    pub ed: Difficulty,
    /// The technique that gave ER (none when stuck or already solved).
    pub hardest: Option<Technique>,
}

impl std::fmt::Display for Rating {
    /// Writes `ER/EP/ED`, e.g. `4.2/1.5/1.2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}/{}", self.er, self.ep, self.ed)
    }
}

/// Reads ER, EP and ED off steps as they are taken.
#[derive(Default)]
struct Tracker {
    er: Option<Difficulty>,
    ep: Option<Difficulty>,
    ed: Option<Difficulty>,
    hardest: Option<Technique>,
}

impl Tracker {
    fn take(&mut self, step: &Step) {
        if self.er.is_none_or(|er| step.difficulty > er) {
            self.er = Some(step.difficulty);
            self.hardest = Some(step.technique);
        }
        self.ed = self.ed.or(self.er);
        if self.ep.is_none() && step.placed.is_some() {
            self.ep = self.er;
        }
    }

    fn rating(&self, stuck: bool) -> Rating {
        Rating {
            er: if stuck {
                Difficulty::BEYOND
            } else {
                self.er.unwrap_or_default()
            },
            ep: self.ep.unwrap_or_default(),
            ed: self.ed.unwrap_or_default(),
            hardest: if stuck { None } else { self.hardest },
        }
    }
}

/// A puzzle solved step by step: the steps in order and the rating they
/// give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// ER/EP/ED.
    pub rating: Rating,
    /// Every step taken, in order.
    pub steps: Vec<Step>,
    /// The position reached: solved unless the ladder got stuck.
    pub end: Board,
}

/// Solves `board` the way Sudoku Explainer does, keeping every step.
///
/// ```
/// use sudoku_cli::logic::explain;
///
/// let board = "37.5....9.65.78.23....3..8..3.817..2.872.634.6..453.7..5..2....74.98.13.8....1.54"
///     .parse()
///     .unwrap();
/// let explained = explain(&board);
/// assert_eq!(explained.rating.to_string(), "1.2/1.0/1.0");
/// assert!(explained.end.is_full());
/// ```
pub fn explain(board: &Board) -> Explanation {
    let mut steps = Vec::new();
    let (rating, end) = run(board, |step| steps.push(step.clone()));
    Explanation { rating, steps, end }
}

/// Rates `board` as Sudoku Explainer's `serate` does (ER/EP/ED).
///
/// The board should be a proper puzzle (one solution): like Sudoku
/// Explainer, the ladder's uniqueness techniques assume one.
pub fn rate(board: &Board) -> Rating {
    run(board, |_| {}).0
}

/// Solves from a position (e.g. a player's pencil marks) the way Sudoku
/// Explainer does, keeping every step.
pub fn explain_position(grid: &Grid) -> Explanation {
    let mut steps = Vec::new();
    let (rating, end) = run_from(grid.clone(), |step| steps.push(step.clone()));
    Explanation { rating, steps, end }
}

/// Rates a position (e.g. a player's pencil marks).
pub fn rate_position(grid: &Grid) -> Rating {
    run_from(grid.clone(), |_| {}).0
}

fn run(board: &Board, taken: impl FnMut(&Step)) -> (Rating, Board) {
    run_from(Grid::new(board), taken)
}

fn run_from(mut grid: Grid, mut taken: impl FnMut(&Step)) -> (Rating, Board) {
    let mut tracker = Tracker::default();
    let mut ladder = Ladder::default();
    while !grid.is_solved() {
        let Some(step) = ladder.next_step(&grid) else {
            return (tracker.rating(true), grid.board());
        };
        step.apply(&mut grid);
        tracker.take(&step);
        taken(&step);
    }
    (tracker.rating(false), grid.board())
}
