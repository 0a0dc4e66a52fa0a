//! `sudoku-output`: how `sudoku` writes what the engine answers.
//!
//! Records as lines, grids, JSON or pencil marks ([`RecordWriter`]), with
//! pictures of boards and steps ([`render`]: ANSI colour, SVG, HTML pages);
//! a whole request run over many inputs in order on as many threads as
//! asked ([`run`]); and a generation run that writes puzzles as they are
//! made ([`generation::run`]). It knows nothing of argument parsing: the
//! binary and the Python package both sit on it.
//!
//! ```
//! use sudoku_engine::{Board, Request, Shape};
//! use sudoku_output::{Format, Record, RecordWriter};
//!
//! let board: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!     .parse()
//!     .unwrap();
//! let request = Request::Solve { unique: true };
//! let answer = request.answer(&board);
//! let writer = RecordWriter::new(Format::Line, request);
//! let mut out = Vec::new();
//! writer.write(&mut out, &Record::Answered {
//!     source: "<doc>",
//!     line: 1,
//!     shape: Shape::Line,
//!     puzzle: &board,
//!     candidates: None,
//!     answer: &answer,
//!     label: None,
//! });
//! assert!(out.starts_with(b"534678912"));
//! ```

pub mod format;
pub mod generation;
pub mod input;
pub mod layouts;
pub mod pipeline;
pub mod render;
pub mod report;
pub mod variant_board;

pub use format::{Format, Record, RecordWriter};
pub use input::Input;
pub use layouts::Layouts;
pub use pipeline::{run, Options};
pub use report::{Generation, Report, Tally};
