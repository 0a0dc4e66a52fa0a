//! Rating: run the ladder to the end and read ER, EP and ED off its steps,
//! as Sudoku Explainer's `serate` does.

use std::sync::atomic::{AtomicBool, Ordering};

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
/// use sudoku_engine::logic::explain;
///
/// let board = "37.5....9.65.78.23....3..8..3.817..2.872.634.6..453.7..5..2....74.98.13.8....1.54"
///     .parse()
///     .unwrap();
/// let explained = explain(&board);
/// assert_eq!(explained.rating.to_string(), "1.2/1.0/1.0");
/// assert!(explained.end.is_full());
/// ```
pub fn explain(board: &Board) -> Explanation {
    explain_position(&Grid::new(board))
}

/// Rates `board` as Sudoku Explainer's `serate` does (ER/EP/ED).
///
/// The board should be a proper puzzle (one solution): like Sudoku
/// Explainer, the ladder's uniqueness techniques assume one.
pub fn rate(board: &Board) -> Rating {
    run(Grid::new(board), |_, _| {}).0
}

/// Rates `board` as [`rate`] does, unless its ER would exceed `max`:
/// then `None`, found as soon as the first step harder than `max` (or a
/// position the ladder cannot finish) is met, without rating the rest.
///
/// A generator that wants puzzles below some ER spends most of its time
/// on the puzzles it throws away; this stops each of those at its first
/// step out of range.
///
/// ```
/// use sudoku_engine::logic::{rate, rate_within, Difficulty};
///
/// let board = "37.5....9.65.78.23....3..8..3.817..2.872.634.6..453.7..5..2....74.98.13.8....1.54"
///     .parse()
///     .unwrap();
/// assert_eq!(rate_within(&board, Difficulty(12)), Some(rate(&board)));
/// assert_eq!(rate_within(&board, Difficulty(11)), None);
/// ```
pub fn rate_within(board: &Board, max: Difficulty) -> Option<Rating> {
    run_from(Grid::new(board), max, None, |_, _| {}).map(|(rating, _)| rating)
}

/// Solves from a position (e.g. a player's pencil marks) the way Sudoku
/// Explainer does, keeping every step.
///
/// Each chain step carries its branches ([`Step::chains`]), rebuilt from
/// the position before it once the ladder has chosen it.
pub fn explain_position(grid: &Grid) -> Explanation {
    let mut steps = Vec::new();
    let (rating, end) = run(grid.clone(), |before, step| {
        let mut step = step.clone();
        step.chains = super::chains::prove(before, &step).into();
        steps.push(step);
    });
    Explanation { rating, steps, end }
}

/// Rates a position (e.g. a player's pencil marks).
pub fn rate_position(grid: &Grid) -> Rating {
    run(grid.clone(), |_, _| {}).0
}

/// [`rate_position`], giving up once `stop` is set: `None` then. The flag
/// is read before each step, so another thread can end a long rating
/// (Ctrl-C in the Python package) within one step.
pub fn rate_position_until(grid: &Grid, stop: &AtomicBool) -> Option<Rating> {
    run_from(grid.clone(), UNCAPPED, Some(stop), |_, _| {}).map(|(rating, _)| rating)
}

/// [`explain_position`], giving up once `stop` is set, as
/// [`rate_position_until`] does.
pub fn explain_position_until(grid: &Grid, stop: &AtomicBool) -> Option<Explanation> {
    let mut steps = Vec::new();
    let (rating, end) = run_from(grid.clone(), UNCAPPED, Some(stop), |before, step| {
        let mut step = step.clone();
        step.chains = super::chains::prove(before, &step).into();
        steps.push(step);
    })?;
    Some(Explanation { rating, steps, end })
}

/// No step is this hard, nor is a stuck ladder's 20.0: a run capped by it
/// always ends with a rating.
const UNCAPPED: Difficulty = Difficulty(u16::MAX);

fn run(grid: Grid, taken: impl FnMut(&Grid, &Step)) -> (Rating, Board) {
    run_from(grid, UNCAPPED, None, taken).expect("an uncapped run always ends")
}

/// The ladder's steps from `grid` to the end, each shown to `taken` with
/// the position before it, and the rating they give; `None` as soon as a
/// step harder than `max` is needed, or the ladder gets stuck (ER 20.0)
/// with `max` below that, or once `stop` is set.
fn run_from(
    mut grid: Grid,
    max: Difficulty,
    stop: Option<&AtomicBool>,
    mut taken: impl FnMut(&Grid, &Step),
) -> Option<(Rating, Board)> {
    let mut tracker = Tracker::default();
    let mut ladder = Ladder::default();
    while !grid.is_solved() {
        if stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
            return None;
        }
        // Rungs whose every step is harder than `max` are not tried: a step
        // from them, or none at all (20.0), fails the cap just the same.
        let Some(step) = ladder.next_step_within(&grid, max) else {
            return (Difficulty::BEYOND <= max).then(|| (tracker.rating(true), grid.board()));
        };
        if step.difficulty > max {
            return None;
        }
        taken(&grid, &step);
        step.apply(&mut grid);
        tracker.take(&step);
    }
    Some((tracker.rating(false), grid.board()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Puzzles of ER 1.2 to 6.3, from the technique files' tests.
    const PUZZLES: [&str; 6] = [
        "37.5....9.65.78.23....3..8..3.817..2.872.634.6..453.7..5..2....74.98.13.8....1.54",
        ".965.74.....94...15....1..94.5....92.6.....8.81....3.66..7....37...34.....48.621.",
        "..3....1...2..6..787.9...4.91...4.3....1.8....4.3...76.6...9.213..6..4...2....7..",
        "8..2.5..4.47...56...6.4.8..3.5.1.7.9...973............5..8.7..6..8...2...1.692.5.",
        ".5..4..7.48.7...52..2..14....7....8.8.......7.6....2....68..5..91...3.68.7..1..4.",
        ".7.4......2..3.6..1....5.9.58...79....3...1....45...83.5.8....2..6.7..1......3.6.",
    ];

    #[test]
    fn a_rating_that_may_be_stopped_is_the_rating_unless_stopped() {
        let go_on = AtomicBool::new(false);
        let stopped = AtomicBool::new(true);
        for puzzle in PUZZLES {
            let grid = Grid::new(&puzzle.parse().unwrap());
            assert_eq!(
                rate_position_until(&grid, &go_on),
                Some(rate_position(&grid))
            );
            let explained = explain_position_until(&grid, &go_on).unwrap();
            assert_eq!(explained.steps, explain_position(&grid).steps);
            assert_eq!(rate_position_until(&grid, &stopped), None);
            assert!(explain_position_until(&grid, &stopped).is_none());
        }
        // Set from another thread while a long rating runs: it ends
        // before its last step.
        let hard =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let grid = Grid::new(&hard.parse().unwrap());
        let stop = AtomicBool::new(false);
        let stopped_early = std::thread::scope(|scope| {
            let rating = scope.spawn(|| rate_position_until(&grid, &stop));
            std::thread::sleep(std::time::Duration::from_millis(20));
            stop.store(true, Ordering::Relaxed);
            rating.join().unwrap()
        });
        assert_eq!(stopped_early, None);
    }

    #[test]
    fn a_capped_rating_is_the_rating_when_it_fits_and_none_when_not() {
        for puzzle in PUZZLES {
            let board = puzzle.parse().unwrap();
            let full = rate(&board);
            for max in (10..=70).chain([199, 200]) {
                let expected = (full.er.0 <= max).then_some(full);
                assert_eq!(
                    rate_within(&board, Difficulty(max)),
                    expected,
                    "{puzzle} {max}"
                );
            }
        }
    }
}
