//! What a user asks of each board, and the answer: a status, and the
//! solution, count or conflicts that go with it.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::board::Board;
use crate::candidates::Candidates;
use crate::canon::{self, Canonical, Order};
use crate::generate::{puzzle_seed, Symmetry};
use crate::logic::{self, Grid, Rating, Step};
pub mod mistakes;

use self::mistakes::{mistakes, Mistake};
use crate::solver::{solve, solve_marked, solve_until, InvalidGivens, Solutions};
use crate::transform::Transform;
use crate::validate::{conflicts, Conflict};

/// What to do with each board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// `sudoku solve`: find a solution; with `unique`, prove it is the only
    /// one.
    Solve {
        /// Also prove the solution unique.
        unique: bool,
    },
    /// `sudoku solve --count`: count solutions up to `limit`.
    Count {
        /// Stop counting here (at least 1).
        limit: u32,
    },
    /// `sudoku validate`: check the rules; optionally completeness and a
    /// unique solution.
    Validate {
        /// Also require every cell filled.
        complete: bool,
        /// Also require exactly one solution.
        unique: bool,
    },
    /// `sudoku rate`: ER/EP/ED on Sudoku Explainer's scale.
    Rate,
    /// `sudoku explain`: every step of the ladder, then the solution.
    Explain,
    /// `sudoku hint`: the next step from a position in progress.
    Hint {
        /// Start from the input's pencil marks (not from its digits).
        candidates: bool,
        /// How much of the step to show.
        level: HintLevel,
    },
    /// `sudoku canon`: the canonical form, the map onto it, automorphisms
    /// and symmetries.
    Canon {
        /// Minlex or pattern-first.
        order: Order,
        /// Whether the records print the map onto the form, the
        /// automorphisms and the symmetries (JSON does); without them the
        /// form alone is found, in fewer steps ([`Answer::Form`]).
        maps: bool,
    },
    /// `sudoku transform`: a look-alike (or several, at random).
    Transform(Look),
}

/// Which look-alikes `transform` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// One map, the same for every board (`--rotate`, `--relabel`, ...).
    Fixed(Transform),
    /// `copies` uniform random maps of each board, from the run's seed.
    Random {
        /// The run's seed.
        seed: u64,
        /// Look-alikes per board (at least 1).
        copies: u32,
    },
}

/// How much of the next step `hint` shows (`--level`): a nudge, a
/// stronger one, or the answer with its proof.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HintLevel {
    /// The technique and its difficulty only.
    Technique,
    /// Also what the step rests on (its cells and digits; for a chain, its
    /// assumptions), but not its result.
    Pattern,
    /// The whole step, a chain with its branches.
    #[default]
    Step,
}

/// The verdict on one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Solved (or, when counting, exactly one solution).
    Solved,
    /// The givens repeat a digit in a unit.
    Invalid,
    /// Consistent givens, but no solution.
    Unsolvable,
    /// More than one solution.
    Multiple,
    /// `validate --complete`: an empty cell remains.
    Incomplete,
    /// `validate`: the board meets every rule asked.
    Valid,
    /// The board was malformed.
    Error,
    /// `rate`, `explain`: the puzzle was rated.
    Rated,
    /// `hint`: a next step was found.
    Hint,
    /// `hint`: the ladder finds no step from this position.
    Stuck,
    /// `hint --candidates`: a mark the solution needs was erased.
    Erased,
    /// `canon`: the canonical form.
    Canonical,
    /// `transform`: a look-alike.
    Transformed,
    /// `--puzzle`: entries that differ from the puzzle's solution.
    Wrong,
    /// `--puzzle`: the position does not keep the puzzle's givens.
    GivensNotKept,
    /// `--puzzle`: the puzzle has no unique solution.
    ImproperPuzzle,
}

impl Status {
    /// The status word printed in records.
    pub fn word(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Invalid => "invalid",
            Status::Unsolvable => "unsolvable",
            Status::Multiple => "multiple",
            Status::Incomplete => "incomplete",
            Status::Valid => "valid",
            Status::Error => "error",
            Status::Rated => "rated",
            Status::Hint => "hint",
            Status::Stuck => "stuck",
            Status::Erased => "erased",
            Status::Canonical => "canonical",
            Status::Transformed => "transformed",
            Status::Wrong => "wrong",
            Status::GivensNotKept => "givens-not-kept",
            Status::ImproperPuzzle => "improper-puzzle",
        }
    }
}

/// A solution count, as `--count` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found, at most the limit.
    pub solutions: u32,
    /// Whether counting stopped at the limit (there may be more).
    pub limit_reached: bool,
}

/// Why a board does not meet a request, or (for a count) what counting
/// found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution (only a count reports it).
    Unique,
    /// The givens repeat a digit in a unit: every conflict.
    Invalid(Vec<Conflict>),
    /// Consistent givens, but no solution.
    Unsolvable,
    /// More than one solution.
    Multiple,
    /// `validate --complete`: an empty cell remains.
    Incomplete,
}

impl Verdict {
    /// The status word this verdict prints as.
    pub fn status(&self) -> Status {
        match self {
            Verdict::Unique => Status::Solved,
            Verdict::Invalid(_) => Status::Invalid,
            Verdict::Unsolvable => Status::Unsolvable,
            Verdict::Multiple => Status::Multiple,
            Verdict::Incomplete => Status::Incomplete,
        }
    }

    /// The conflicts of an invalid board, empty otherwise.
    pub fn conflicts(&self) -> &[Conflict] {
        match self {
            Verdict::Invalid(conflicts) => conflicts,
            _ => &[],
        }
    }
}

/// `explain`'s answer: the rating, every step taken, and the solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// ER/EP/ED, as the steps give them.
    pub rating: Rating,
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// The puzzle's one solution.
    pub solution: Board,
}

/// `hint`'s answer: the next step, and the position once it is taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The step a person should look for next.
    pub step: Step,
    /// The candidates after the step (placed cells hold their one digit),
    /// so that hints chain.
    pub after: Candidates,
}

/// `canon`'s answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanonAnswer {
    /// The form, the map onto it and the automorphism count.
    pub canonical: Canonical,
    /// A 729-cell position's canonical marks (its board is `canonical.form`).
    pub marks: Option<Candidates>,
    /// The symmetries of `generate --symmetry` the input's pattern has.
    pub symmetry: Vec<Symmetry>,
}

/// `transform`'s answer: one look-alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transformed {
    /// The map applied.
    pub transform: Transform,
    /// The look-alike.
    pub board: Board,
    /// A 729-cell position's marks, moved with their cells.
    pub marks: Option<Candidates>,
    /// With `--random`, the seed that replays this record with `-n 1`.
    pub seed: Option<u64>,
}

/// The answer to a request about one board: one variant per kind of
/// result, each holding exactly what its records print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `solve`: the board filled in, givens kept.
    Solved(Board),
    /// `solve --count`: the count, and what counting (to at least 2) found.
    Counted(Count, Verdict),
    /// `validate`: the board meets every rule asked.
    Valid,
    /// The board does not meet the request (never [`Verdict::Unique`]).
    Refused(Verdict),
    /// `rate`: the rating.
    Rated(Rating),
    /// `explain`: the rating, the steps and the solution.
    Explained(Explained),
    /// `hint`: the next step.
    Hint(Box<Hint>),
    /// `hint`: the board is already full and valid.
    Full,
    /// `hint`: the ladder finds no step from this position.
    Stuck,
    /// `hint --candidates`: the solution's digits missing from the marks,
    /// as (cell, digit).
    Erased(Vec<(u8, u8)>),
    /// `canon`: the canonical form.
    Canonical(Box<CanonAnswer>),
    /// `canon` asked for the form alone (no maps): a board's canonical
    /// form.
    Form(Board),
    /// `transform`: a look-alike.
    Transformed(Box<Transformed>),
    /// `validate` and `hint` with `--puzzle`: what is wrong with the
    /// position against its puzzle, and the position's own conflicts.
    Mistaken(Mistake, Vec<Conflict>),
}

impl Answer {
    /// The verdict word of the record.
    pub fn status(&self) -> Status {
        match self {
            Answer::Solved(_) | Answer::Full => Status::Solved,
            Answer::Counted(_, verdict) | Answer::Refused(verdict) => verdict.status(),
            Answer::Valid => Status::Valid,
            Answer::Rated(_) | Answer::Explained(_) => Status::Rated,
            Answer::Hint(_) => Status::Hint,
            Answer::Stuck => Status::Stuck,
            Answer::Erased(_) => Status::Erased,
            Answer::Canonical(_) | Answer::Form(_) => Status::Canonical,
            Answer::Transformed(_) => Status::Transformed,
            Answer::Mistaken(Mistake::Wrong(_), _) => Status::Wrong,
            Answer::Mistaken(Mistake::GivensNotKept(_), _) => Status::GivensNotKept,
            Answer::Mistaken(Mistake::Puzzle(_), _) => Status::ImproperPuzzle,
        }
    }

    /// Whether the board met the request (decides the exit status): a
    /// count always does.
    pub fn met(&self) -> bool {
        !matches!(
            self,
            Answer::Refused(_) | Answer::Stuck | Answer::Erased(_) | Answer::Mistaken(..)
        )
    }

    /// The solution, for the answers that report one.
    pub fn solution(&self) -> Option<&Board> {
        match self {
            Answer::Solved(solution) => Some(solution),
            Answer::Explained(explained) => Some(&explained.solution),
            _ => None,
        }
    }

    /// The conflicts of an invalid board, empty otherwise.
    pub fn conflicts(&self) -> &[Conflict] {
        match self {
            Answer::Counted(_, verdict) | Answer::Refused(verdict) => verdict.conflicts(),
            Answer::Mistaken(_, conflicts) => conflicts,
            _ => &[],
        }
    }

    /// The rating, for `rate` and `explain`.
    pub fn rating(&self) -> Option<&Rating> {
        match self {
            Answer::Rated(rating) => Some(rating),
            Answer::Explained(explained) => Some(&explained.rating),
            _ => None,
        }
    }

    fn invalid(board: &Board) -> Answer {
        Answer::Refused(Verdict::Invalid(conflicts(board)))
    }
}

impl Request {
    /// Answers the request for `board`.
    ///
    /// ```
    /// use sudoku_engine::{Answer, Board, Request, Status};
    ///
    /// let empty = Board::EMPTY;
    /// let answer = Request::Solve { unique: true }.answer(&empty);
    /// assert_eq!(answer.status(), Status::Multiple);
    /// assert!(!answer.met());
    /// let Answer::Counted(count, _) = Request::Count { limit: 1000 }.answer(&empty) else {
    ///     panic!("a count");
    /// };
    /// assert_eq!(count.solutions, 1000);
    /// assert!(count.limit_reached);
    /// ```
    pub fn answer(&self, board: &Board) -> Answer {
        self.answer_marked(board, None)
    }

    /// Answers the request for `board` with the pencil marks it was read
    /// with, if any: the marks constrain the search (a cell without
    /// candidates leaves the board `unsolvable`), and the one-candidate
    /// cells, already the givens of `board`, are checked for conflicts.
    pub fn answer_marked(&self, board: &Board, marks: Option<&Candidates>) -> Answer {
        self.answer_copy(board, marks, 0, 0)
    }

    /// [`Request::answer_marked`] that gives up once `stop` is set, so that
    /// another thread can cancel a long answer: `None` then. The solver's
    /// searches (solving, counting, the uniqueness check before the logic
    /// ladder) look at `stop` as they go ([`solve_until`]); the ladder of
    /// `rate`, `explain` and `hint` does not, but it starts only if `stop`
    /// was not set before.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use sudoku_engine::{Board, Request};
    ///
    /// let count = Request::Count { limit: u32::MAX };
    /// assert_eq!(count.answer_until(&Board::EMPTY, None, &AtomicBool::new(true)), None);
    /// let solve = Request::Solve { unique: false };
    /// let go_on = AtomicBool::new(false);
    /// let answer = solve.answer_until(&Board::EMPTY, None, &go_on);
    /// assert_eq!(answer, Some(solve.answer(&Board::EMPTY)));
    /// ```
    pub fn answer_until(
        &self,
        board: &Board,
        marks: Option<&Candidates>,
        stop: &AtomicBool,
    ) -> Option<Answer> {
        let position = Position {
            board,
            marks,
            stop: Some(stop),
        };
        let answer = self.answer_at(position, 0, 0);
        (!stop.load(Ordering::Relaxed)).then_some(answer)
    }

    /// How many records each board yields: `transform --random -n N`
    /// yields N, every other request one.
    pub fn copies(&self) -> u32 {
        match self {
            Request::Transform(Look::Random { copies, .. }) => (*copies).max(1),
            _ => 1,
        }
    }

    /// Answers copy `copy` (below [`Request::copies`]) of the `ordinal`-th
    /// board of the run (from 0, in input order): only random look-alikes
    /// depend on them, each drawn from its own seed so that any `-j` prints
    /// the same bytes.
    pub fn answer_copy(
        &self,
        board: &Board,
        marks: Option<&Candidates>,
        ordinal: u64,
        copy: u32,
    ) -> Answer {
        let position = Position {
            board,
            marks,
            stop: None,
        };
        self.answer_at(position, ordinal, copy)
    }

    /// [`Request::answer_copy`] for a position that came from `puzzle`
    /// (`validate` and `hint` with `--puzzle`): what is wrong with it
    /// against the puzzle ([`Answer::Mistaken`], see [`mistakes`]: the
    /// puzzle without a unique solution, givens not kept, or the entries
    /// that differ from its solution, never the right digits), else the
    /// request's own answer. A position with a wrong entry has no
    /// solution, so no hint is given from it.
    ///
    /// ```
    /// use sudoku_engine::{Board, HintLevel, Request, Status};
    ///
    /// let puzzle: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    ///     .parse()
    ///     .unwrap();
    /// let mut cells = *puzzle.cells();
    /// cells[2] = 1; // r1c3 is 4 in the solution
    /// let position = Board::new(cells).unwrap();
    /// let hint = Request::Hint { candidates: false, level: HintLevel::Step };
    /// let answer = hint.answer_against(&position, None, &puzzle, 0, 0);
    /// assert_eq!((answer.status(), answer.met()), (Status::Wrong, false));
    /// assert_eq!(hint.answer_against(&puzzle, None, &puzzle, 0, 0).status(), Status::Hint);
    /// ```
    pub fn answer_against(
        &self,
        board: &Board,
        marks: Option<&Candidates>,
        puzzle: &Board,
        ordinal: u64,
        copy: u32,
    ) -> Answer {
        match mistakes(puzzle, board) {
            Some(mistake) => Answer::Mistaken(mistake, conflicts(board)),
            None => self.answer_copy(board, marks, ordinal, copy),
        }
    }

    /// [`Request::answer_copy`] for a position.
    fn answer_at(&self, position: Position, ordinal: u64, copy: u32) -> Answer {
        match *self {
            Request::Canon { order, maps } => canon_board(position, order, maps),
            Request::Transform(Look::Fixed(map)) => transform_board(position, map, None),
            Request::Transform(Look::Random { seed, copies }) => {
                let index = ordinal
                    .wrapping_mul(u64::from(copies.max(1)))
                    .wrapping_add(u64::from(copy));
                let seed = puzzle_seed(seed, index);
                transform_board(position, Transform::random(seed), Some(seed))
            }
            Request::Solve { unique } => solve_board(position, unique),
            Request::Count { limit } => count_board(position, limit),
            Request::Validate { complete, unique } => validate_board(position, complete, unique),
            Request::Rate => rate_board(position),
            Request::Explain => explain_board(position),
            Request::Hint { candidates, .. } => hint_board(position, candidates),
        }
    }

    /// Whether the text of an `invalid` record lists its conflicts
    /// (`validate` and `hint` do).
    pub fn lists_conflicts(&self) -> bool {
        matches!(self, Request::Validate { .. } | Request::Hint { .. })
    }

    /// Whether this is a `validate` request (its JSON records all carry
    /// `conflicts`).
    pub fn is_validate(&self) -> bool {
        matches!(self, Request::Validate { .. })
    }

    /// Whether one board may take seconds to answer (the logic ladder
    /// runs), so that each record is handed to the writer on its own.
    pub fn may_be_slow(&self) -> bool {
        matches!(
            self,
            Request::Rate | Request::Explain | Request::Hint { .. }
        )
    }
}

/// A board and the marks it was read with.
#[derive(Clone, Copy)]
struct Position<'a> {
    board: &'a Board,
    marks: Option<&'a Candidates>,
    /// When set, searches end ([`Request::answer_until`]).
    stop: Option<&'a AtomicBool>,
}

impl Position<'_> {
    fn solve(self, limit: u32) -> Result<Solutions, InvalidGivens> {
        if let Some(stop) = self.stop {
            // A search cut short answers as if it met the limit, so that
            // nothing slow follows; `answer_until` drops the answer.
            let gave_up = Solutions {
                count: limit,
                first: None,
            };
            return solve_until(self.board, self.marks, limit, stop).unwrap_or(Ok(gave_up));
        }
        match self.marks {
            Some(marks) => solve_marked(self.board, marks, limit),
            None => solve(self.board, limit),
        }
    }

    /// The position the logic engine starts from: the marks, if any.
    fn grid(self) -> Grid {
        match self.marks {
            Some(marks) => Grid::with_marks(marks.masks()),
            None => Grid::new(self.board),
        }
    }

    /// The solver's verdict before any logic runs: the solution of a proper
    /// puzzle, or the answer that turns the board away.
    fn proper(self) -> Result<Board, Answer> {
        match self.solve(2) {
            Err(_) => Err(Answer::invalid(self.board)),
            Ok(found) => match (found.count, found.first) {
                // Stopped, the ladder is not started.
                (1, Some(solution)) if !self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) => {
                    Ok(solution)
                }
                (0, _) => Err(Answer::Refused(Verdict::Unsolvable)),
                _ => Err(Answer::Refused(Verdict::Multiple)),
            },
        }
    }
}

/// A stopped rating's answer: any will do, as [`Request::answer_until`]
/// drops it.
const STOPPED: Answer = Answer::Stuck;

fn rate_board(position: Position) -> Answer {
    match (position.proper(), position.stop) {
        (Err(refused), _) => refused,
        (Ok(_), None) => Answer::Rated(logic::rate_position(&position.grid())),
        (Ok(_), Some(stop)) => {
            logic::rate_position_until(&position.grid(), stop).map_or(STOPPED, Answer::Rated)
        }
    }
}

fn explain_board(position: Position) -> Answer {
    let solution = match position.proper() {
        Ok(solution) => solution,
        Err(refused) => return refused,
    };
    let explained = match position.stop {
        None => logic::explain_position(&position.grid()),
        Some(stop) => match logic::explain_position_until(&position.grid(), stop) {
            Some(explained) => explained,
            None => return STOPPED,
        },
    };
    Answer::Explained(Explained {
        rating: explained.rating,
        steps: explained.steps,
        solution,
    })
}

/// The next step from a board in progress; with `candidates`, from the
/// player's pencil marks, judged by them as `solve` judges them. Marks that
/// leave no solution where the digits alone have one name what was erased.
fn hint_board(position: Position, candidates: bool) -> Answer {
    let position = Position {
        marks: position.marks.filter(|_| candidates),
        ..position
    };
    let judged = position.proper();
    if let (Err(Answer::Refused(Verdict::Unsolvable)), Some(marks)) = (&judged, position.marks) {
        let digits = Position {
            marks: None,
            ..position
        };
        if let Ok(solution) = digits.proper() {
            return Answer::Erased(erased_marks(marks, &solution));
        }
    }
    if let Err(refused) = judged {
        return refused;
    }
    if position.board.is_full() {
        return Answer::Full;
    }
    let grid = position.grid();
    match logic::next_step(&grid) {
        Some(mut step) => {
            step.chains = logic::prove(&grid, &step).into();
            let mut after = grid.clone();
            step.apply(&mut after);
            Answer::Hint(Box::new(Hint {
                after: after.marks(),
                step,
            }))
        }
        None => Answer::Stuck,
    }
}

/// The solution's digits that `marks` lack, as (cell, digit).
fn erased_marks(marks: &Candidates, solution: &Board) -> Vec<(u8, u8)> {
    (0..81)
        .filter(|&cell| !marks.contains(cell, solution.cell(cell)))
        .map(|cell| (cell as u8, solution.cell(cell)))
        .collect()
}

fn canon_board(position: Position, order: Order, maps: bool) -> Answer {
    if !maps && position.marks.is_none() {
        return Answer::Form(canon::canonical_form(position.board, order));
    }
    let (canonical, marks, symmetry) = match position.marks {
        Some(marks) => {
            let (canonical, form) = canon::canonical_marks(marks);
            (canonical, Some(form), canon::symmetries(position.board))
        }
        None => {
            // One pass over the board serves the search and the symmetries.
            let (canonical, symmetry) = canon::canonical_with_symmetries(position.board, order);
            (canonical, None, symmetry)
        }
    };
    Answer::Canonical(Box::new(CanonAnswer {
        canonical,
        marks,
        symmetry,
    }))
}

fn transform_board(position: Position, transform: Transform, seed: Option<u64>) -> Answer {
    Answer::Transformed(Box::new(Transformed {
        transform,
        board: transform.apply(position.board),
        marks: position.marks.map(|marks| transform.apply_marks(marks)),
        seed,
    }))
}

fn solve_board(position: Position, unique: bool) -> Answer {
    let Ok(found) = position.solve(if unique { 2 } else { 1 }) else {
        return Answer::invalid(position.board);
    };
    match (found.count, found.first) {
        (1, Some(solution)) => Answer::Solved(solution),
        (0, _) => Answer::Refused(Verdict::Unsolvable),
        _ => Answer::Refused(Verdict::Multiple),
    }
}

fn count_board(position: Position, limit: u32) -> Answer {
    let limit = limit.max(1);
    let Ok(found) = position.solve(limit.max(2)) else {
        let none = Count {
            solutions: 0,
            limit_reached: false,
        };
        return Answer::Counted(none, Verdict::Invalid(conflicts(position.board)));
    };
    let verdict = match found.count {
        0 => Verdict::Unsolvable,
        1 => Verdict::Unique,
        _ => Verdict::Multiple,
    };
    let count = Count {
        solutions: found.count.min(limit),
        limit_reached: found.count >= limit,
    };
    Answer::Counted(count, verdict)
}

fn validate_board(position: Position, complete: bool, unique: bool) -> Answer {
    let board = position.board;
    let found = conflicts(board);
    if !found.is_empty() {
        return Answer::Refused(Verdict::Invalid(found));
    }
    if complete && !board.is_full() {
        return Answer::Refused(Verdict::Incomplete);
    }
    if unique {
        // The board is consistent, so the solver cannot refuse it.
        match position.solve(2).map(|found| found.count) {
            Ok(0) => return Answer::Refused(Verdict::Unsolvable),
            Ok(1) => {}
            _ => return Answer::Refused(Verdict::Multiple),
        }
    }
    Answer::Valid
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    /// Row 1 reads 1-8 and r9c9 holds 9: r1c9 can take nothing.
    fn unsolvable() -> Board {
        board(&format!("12345678.{}9", ".".repeat(71)))
    }

    fn invalid() -> Board {
        board(&format!("55{}", ".".repeat(79)))
    }

    #[test]
    fn solve_statuses() {
        let solved = Request::Solve { unique: false }.answer(&board(PUZZLE));
        assert_eq!((solved.status(), solved.met()), (Status::Solved, true));
        assert_eq!(solved, Answer::Solved(board(SOLVED)));

        let empty = Request::Solve { unique: false }.answer(&Board::EMPTY);
        assert_eq!(empty.status(), Status::Solved);
        assert!(Board::EMPTY.is_solved_by(empty.solution().unwrap()));

        let multiple = Request::Solve { unique: true }.answer(&Board::EMPTY);
        assert_eq!(multiple, Answer::Refused(Verdict::Multiple));
        assert_eq!(
            (multiple.status(), multiple.met()),
            (Status::Multiple, false)
        );
        assert_eq!(multiple.solution(), None);

        let none = Request::Solve { unique: true }.answer(&unsolvable());
        assert_eq!((none.status(), none.met()), (Status::Unsolvable, false));

        let bad = Request::Solve { unique: false }.answer(&invalid());
        assert_eq!((bad.status(), bad.met()), (Status::Invalid, false));
        assert_eq!(bad.conflicts().len(), 2, "row 1 and box 1");
    }

    #[test]
    fn count_statuses_and_limits() {
        let count = |b: &Board, limit| {
            let a = Request::Count { limit }.answer(b);
            let Answer::Counted(c, _) = a else {
                panic!("not a count: {a:?}")
            };
            assert!(a.met());
            (a.status(), c.solutions, c.limit_reached)
        };
        assert_eq!(count(&Board::EMPTY, 1000), (Status::Multiple, 1000, true));
        assert_eq!(count(&Board::EMPTY, 1), (Status::Multiple, 1, true));
        assert_eq!(count(&board(PUZZLE), 1000), (Status::Solved, 1, false));
        assert_eq!(count(&board(PUZZLE), 1), (Status::Solved, 1, true));
        assert_eq!(count(&unsolvable(), 5), (Status::Unsolvable, 0, false));
        assert_eq!(count(&invalid(), 5), (Status::Invalid, 0, false));
    }

    #[test]
    fn marks_constrain_every_request() {
        let puzzle = board(PUZZLE);
        let solution = board(SOLVED);
        // r1c3 without its solution's digit (4), r1c4 without 6.
        let mut masks = *Candidates::from_board(&puzzle).masks();
        masks[2] &= !(1 << 3);
        let wrong = Candidates::new(masks).unwrap();
        let solve = Request::Solve { unique: true };
        assert_eq!(
            solve.answer_marked(&puzzle, None).solution(),
            Some(&solution)
        );
        let none = solve.answer_marked(&puzzle, Some(&wrong));
        assert_eq!((none.status(), none.met()), (Status::Unsolvable, false));
        let count = Request::Count { limit: 10 }.answer_marked(&puzzle, Some(&wrong));
        let Answer::Counted(count, Verdict::Unsolvable) = count else {
            panic!("not an unsolvable count: {count:?}")
        };
        assert_eq!(count.solutions, 0);
        let validate = Request::Validate {
            complete: false,
            unique: true,
        };
        let answer = validate.answer_marked(&puzzle, Some(&wrong));
        assert_eq!(answer.status(), Status::Unsolvable);
        // Without --unique, missing candidates break no rule.
        let plain = Request::Validate {
            complete: false,
            unique: false,
        };
        assert_eq!(
            plain.answer_marked(&puzzle, Some(&wrong)).status(),
            Status::Valid
        );
        // Marks narrowing the empty board to one solution.
        let marks = Candidates::from_board(&solution);
        let answer = solve.answer_marked(&Board::EMPTY, Some(&marks));
        assert_eq!(answer.solution(), Some(&solution));
    }

    #[test]
    fn validate_statuses_in_order_of_precedence() {
        let validate = |b: &Board, complete, unique| {
            let a = Request::Validate { complete, unique }.answer(b);
            (a.status(), a.met())
        };
        assert_eq!(
            validate(&board(PUZZLE), false, false),
            (Status::Valid, true)
        );
        assert_eq!(
            validate(&board(PUZZLE), true, false),
            (Status::Incomplete, false)
        );
        assert_eq!(validate(&board(PUZZLE), false, true), (Status::Valid, true));
        assert_eq!(validate(&board(SOLVED), true, true), (Status::Valid, true));
        assert_eq!(
            validate(&Board::EMPTY, false, true),
            (Status::Multiple, false)
        );
        assert_eq!(
            validate(&unsolvable(), false, true),
            (Status::Unsolvable, false)
        );
        assert_eq!(validate(&unsolvable(), false, false), (Status::Valid, true));
        // invalid wins over incomplete, incomplete over multiple.
        assert_eq!(validate(&invalid(), true, true), (Status::Invalid, false));
        assert_eq!(
            validate(&Board::EMPTY, true, true),
            (Status::Incomplete, false)
        );
    }
}
