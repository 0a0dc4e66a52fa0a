//! Pictures of boards and steps: SVG for pages ([`svg`], [`html`]) and
//! colour on the terminal ([`ansi`]). They draw from a position (a
//! [`sudoku_engine::logic::Grid`]) and a step alone, so any front end can use them;
//! the logic engine knows nothing of them.

pub mod ansi;
mod highlight;
pub mod html;
pub mod svg;

pub use highlight::{links_of, Highlight, Link};
