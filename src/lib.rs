//! `sudoku-cli`: read, solve and validate sudoku boards from the command
//! line.
//!
//! The `sudoku` binary is a thin layer over two libraries, re-exported
//! here for the tests, benches and examples: [`sudoku_engine`] (boards,
//! solving, validating, the logic engine, canonical forms, transforms and
//! generation; no terminal, no output format) and [`sudoku_output`]
//! (records and pictures, the ordered pipeline over many inputs).
//!
//! ```
//! use sudoku_cli::{Board, Request, Status};
//!
//! let board: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! let answer = Request::Solve { unique: true }.answer(&board);
//! assert_eq!(answer.status(), Status::Solved);
//! ```

pub use sudoku_engine::*;
pub use sudoku_output::{
    format, generation, input, layouts, pipeline, render, report, run, Format, Generation, Input,
    Layouts, Options, Record, RecordWriter, Report, Tally,
};
