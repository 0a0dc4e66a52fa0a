//! `sudoku-engine`: read, solve, validate, rate and explain sudoku boards.
//!
//! The engine behind the `sudoku` command. It knows nothing of terminals,
//! argument parsing or output formats: it reads boards from any byte
//! stream ([`Boards`]), with the pencil marks of 729-cell lines
//! ([`Candidates`], in [`Entry::candidates`]), solves and counts them
//! ([`solve`], [`solve_marked`]), checks them against the rules
//! ([`conflicts`]), rates and explains them step by step ([`logic`]), finds
//! canonical forms and look-alikes ([`canon`], [`transform`]) and makes new
//! puzzles ([`generate`]). [`Request::answer`] answers one board with one
//! [`Answer`] per kind of result.
//!
//! ```
//! use sudoku_engine::{Board, Request, Status};
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
pub mod canon;
pub mod generate;
pub mod geometry;
pub mod logic;
pub mod random;
pub mod reader;
pub mod solver;
pub mod symmetry;
pub mod transform;
pub mod validate;
pub mod variant;

pub use answer::{
    Answer, CanonAnswer, Count, Explained, Hint, HintLevel, Look, Request, Status, Transformed,
    Verdict,
};
pub use board::{Board, Cell, Shape};
pub use candidates::Candidates;
pub use reader::{Boards, Entry, Malformed, ParseBoardError, Problem, ReadError};
pub use solver::{
    solve, solve_counting_guesses, solve_marked, solve_with_effort, Effort, InvalidGivens,
    Solutions,
};
pub use validate::{conflicts, is_consistent, Conflict, Unit};
