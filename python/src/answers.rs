//! What the package reads off an [`Answer`] (or a variant puzzle's answer):
//! kept in one place, so that a change of the library's answer types
//! touches only this file.

use sudoku_engine::logic::Rating;
use sudoku_engine::variant::answer::Answer as VariantAnswer;
use sudoku_engine::{Answer, Count, Status};

/// A board's answer: the classic engine's, or the variant engine's for a
/// board of another size, with rules or under `box=`.
pub enum Reply {
    /// A classic 9x9 board's answer.
    Classic(Answer),
    /// Any other board's (`solve`, `count`, `validate` only); boxed, so
    /// that a reply stays the size of a classic answer.
    Variant(Box<VariantAnswer>),
}

impl Reply {
    /// The record's status.
    pub fn status(&self) -> Status {
        match self {
            Reply::Classic(answer) => answer.status(),
            Reply::Variant(answer) => answer.status,
        }
    }
}

/// Every status word, in the order of [`status_code`]; Python maps codes
/// back to words through this list.
pub const STATUS_WORDS: [&str; 16] = [
    "solved",
    "invalid",
    "unsolvable",
    "multiple",
    "incomplete",
    "valid",
    "error",
    "rated",
    "hint",
    "stuck",
    "erased",
    "canonical",
    "transformed",
    "wrong",
    "givens-not-kept",
    "improper-puzzle",
];

/// The index of `status`'s word in [`STATUS_WORDS`].
pub fn status_code(status: Status) -> u8 {
    // Exhaustive, so that a new status fails to build rather than map wrong.
    match status {
        Status::Solved => 0,
        Status::Invalid => 1,
        Status::Unsolvable => 2,
        Status::Multiple => 3,
        Status::Incomplete => 4,
        Status::Valid => 5,
        Status::Error => 6,
        Status::Rated => 7,
        Status::Hint => 8,
        Status::Stuck => 9,
        Status::Erased => 10,
        Status::Canonical => 11,
        Status::Transformed => 12,
        Status::Wrong => 13,
        Status::GivensNotKept => 14,
        Status::ImproperPuzzle => 15,
    }
}

/// The status code of an answer.
pub fn status_of(reply: &Reply) -> u8 {
    status_code(reply.status())
}

/// The cells of the solution a `solve` answer reports, if any: 81 for a
/// classic board, N² for an N x N one.
pub fn solution(reply: &Reply) -> Option<&[u8]> {
    match reply {
        Reply::Classic(Answer::Solved(solution)) => Some(solution.cells()),
        Reply::Classic(_) => None,
        Reply::Variant(answer) => answer.solution.as_deref(),
    }
}

/// The count of a `count` answer (an invalid board counts 0).
pub fn count(reply: &Reply) -> Option<Count> {
    match reply {
        Reply::Classic(Answer::Counted(count, _)) => Some(*count),
        Reply::Classic(_) => None,
        // At most the limit, a u32.
        Reply::Variant(answer) => answer.count.map(|(solutions, limit_reached)| Count {
            solutions: u32::try_from(solutions).unwrap_or(u32::MAX),
            limit_reached,
        }),
    }
}

/// The rating of a `rate` or `explain` answer (classic boards only).
pub fn rating(reply: &Reply) -> Option<Rating> {
    match reply {
        Reply::Classic(Answer::Rated(rating)) => Some(*rating),
        Reply::Classic(Answer::Explained(explained)) => Some(explained.rating),
        _ => None,
    }
}
