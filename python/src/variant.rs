//! Boards of other sizes, f-puzzles data and boards under `box=`: made
//! into the variant engine's puzzles as the CLI makes them
//! (`sudoku_output::variant_board`), answered by `solve`, `count` and
//! `validate`, and refused by every other function with the CLI's message.

use sudoku_engine::answer::Request;
use sudoku_engine::reader::Entry;
use sudoku_engine::variant::answer::{self as variant_answer, Answer};
use sudoku_engine::variant::setup::Setup;
use sudoku_output::variant_board::command;
pub use sudoku_output::variant_board::VariantBoard as Variant;

/// Makes `entry`, board `index` of the batch (a board of another size,
/// f-puzzles data, or a classic board when `setup` is not plain), into
/// its puzzle under `setup` (the index picks its `regions=` layout when
/// there is one a board), or says why it makes none.
pub fn build(entry: &Entry, index: usize, setup: &Setup) -> Result<Variant, String> {
    Variant::new(entry, index as u64, setup)
}

/// Answers `request` for `variant`; `None` for a request that takes
/// classic boards only.
pub fn answer(request: &Request, variant: &Variant) -> Option<Answer> {
    variant_answer::answer(request, &variant.puzzle)
}

/// Why `function` does not answer `variant`, as the CLI says it: `rate:
/// classic 9x9 boards only; this is a 6x6 board`.
pub fn refusal(function: &str, variant: &Variant) -> String {
    variant.refusal(function)
}

/// The name a request's Python function goes by, in the messages that
/// refuse a board: the CLI's command, but `count` for counting.
pub fn function(request: &Request) -> &'static str {
    match request {
        Request::Count { .. } => "count",
        _ => command(request),
    }
}
