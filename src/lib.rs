//! `sudoku-cli`: read, solve and validate sudoku boards.
//!
//! The library behind the `sudoku` command. It knows nothing of terminals or
//! argument parsing: it reads boards from any byte stream ([`Boards`]),
//! with the pencil marks of 729-cell lines ([`Candidates`], in
//! [`Entry::candidates`]), solves and counts them ([`solve`],
//! [`solve_marked`]), checks them against the rules ([`conflicts`]), writes
//! records as lines, grids, JSON or pencilmarks ([`RecordWriter`]), and
//! runs a whole request over many inputs in order, on as many threads as
//! asked ([`run`]).
//!
//! ```
//! use sudoku_cli::{Board, Request, Status};
//!
//! let board: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! let answer = Request::Solve { unique: true }.answer(&board);
//! assert_eq!(answer.status(), Status::Solved);
//! assert!(board.is_solved_by(answer.solution().unwrap()));
//! ```

pub mod answer;
pub mod board;
pub mod candidates;
pub mod format;
pub mod generate;
pub mod logic;
pub mod pipeline;
pub mod reader;
pub mod solver;
pub mod validate;

pub use answer::{Answer, Count, Explained, Hint, HintLevel, Request, Status, Verdict};
pub use board::{Board, Cell, ParseBoardError, Shape};
pub use candidates::Candidates;
pub use format::{Format, Record, RecordWriter};
pub use pipeline::{run, Input, Options, Report, Tally};
pub use reader::{Boards, Entry, Malformed, Problem, ReadError};
pub use solver::{
    solve, solve_counting_guesses, solve_marked, solve_with_effort, Effort, InvalidGivens,
    Solutions,
};
pub use validate::{conflicts, is_consistent, Conflict, Unit};
