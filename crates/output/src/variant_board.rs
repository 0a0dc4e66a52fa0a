//! A board the classic engine does not answer (another size, f-puzzles
//! data, or a classic board under `--variant`, `--regions` or `--box`)
//! made into the variant engine's puzzle, and the message that refuses it
//! to a command that takes classic boards only. The CLI's pipeline and
//! the Python package both read boards this way.

use sudoku_engine::answer::Request;
use sudoku_engine::reader::{Entry, Other};
use sudoku_engine::variant::setup::Setup;
use sudoku_engine::variant::Puzzle;

use crate::format::About;

/// A board made into its puzzle.
pub struct VariantBoard {
    /// Its layout, givens and rules.
    pub puzzle: Puzzle,
    /// Whether its cells were written as numbers (`10 11 . 3`).
    pub numbers: bool,
    /// What f-puzzles data says of itself (title, author, cosmetic
    /// elements); `None` for a board read from cells.
    pub about: Option<About>,
}

impl VariantBoard {
    /// Makes `entry`, the `ordinal`-th board of a run (from 0, to pick its
    /// `--regions` layout), into its puzzle under `setup`, or says why it
    /// makes none (a rule that cannot be checked, a size with no boxes, a
    /// box shape that does not tile it, a missing layout).
    pub fn new(entry: &Entry, ordinal: u64, setup: &Setup) -> Result<VariantBoard, String> {
        VariantBoard::with_regions(entry, setup.regions_for(ordinal)?, setup)
    }

    /// Makes `entry` into its puzzle under `setup`, on `regions` (each
    /// cell's region from 0) rather than boxes when given: a layout the
    /// caller found for this board (the CLI reads `--regions FILE` in step
    /// with the boards, not into `setup`). f-puzzles data keeps its own.
    pub fn with_regions(
        entry: &Entry,
        regions: Option<&[u8]>,
        setup: &Setup,
    ) -> Result<VariantBoard, String> {
        match entry.other.as_deref() {
            Some(Other::Sized {
                size,
                cells,
                numbers,
            }) => Ok(VariantBoard {
                puzzle: setup.puzzle(usize::from(*size), cells.to_vec(), regions)?,
                numbers: *numbers,
                about: None,
            }),
            Some(Other::Payload(text)) => {
                let read = sudoku_fpuzzles::parse(text).map_err(|e| e.to_string())?;
                let about = About {
                    title: read.title,
                    author: read.author,
                    ignored: read.ignored,
                };
                let puzzle =
                    Puzzle::new(read.layout, read.givens, read.rules).map_err(|e| e.to_string())?;
                Ok(VariantBoard {
                    puzzle,
                    numbers: false,
                    about: Some(about),
                })
            }
            None => Ok(VariantBoard {
                puzzle: setup.puzzle(9, entry.board.cells().to_vec(), regions)?,
                numbers: false,
                about: None,
            }),
        }
    }

    /// Why `command` does not answer this board: `rate: classic 9x9
    /// boards only; this is a 6x6 board`, `... this is an f-puzzles 9x9
    /// board with rules (killer cage)`.
    pub fn refusal(&self, command: &str) -> String {
        let size = self.puzzle.layout().size();
        let from = if self.about.is_some() {
            "an f-puzzles "
        } else {
            "a "
        };
        let rules = self.puzzle.rule_names();
        let what = if rules.is_empty() {
            format!("{from}{size}x{size} board")
        } else {
            format!(
                "{from}{size}x{size} board with rules ({})",
                rules.join(", ")
            )
        };
        format!("{command}: classic 9x9 boards only; this is {what}")
    }
}

/// The command a request comes from, to name in messages (`solve` for
/// counting too).
pub fn command(request: &Request) -> &'static str {
    match request {
        Request::Solve { .. } | Request::Count { .. } => "solve",
        Request::Validate { .. } => "validate",
        Request::Rate => "rate",
        Request::Explain => "explain",
        Request::Hint { .. } => "hint",
        Request::Canon { .. } => "canon",
        _ => "transform",
    }
}
