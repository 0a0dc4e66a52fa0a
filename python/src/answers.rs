//! What the package reads off an [`Answer`]: kept in one place, so that a
//! change of the library's answer type touches only this file.

use sudoku_engine::logic::Rating;
use sudoku_engine::{Answer, Board, Count, Status};

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
pub fn status_of(answer: &Answer) -> u8 {
    status_code(answer.status())
}

/// The solution a `solve` answer reports, if any.
pub fn solution(answer: &Answer) -> Option<&Board> {
    match answer {
        Answer::Solved(solution) => Some(solution),
        _ => None,
    }
}

/// The count of a `count` answer (an invalid board counts 0).
pub fn count(answer: &Answer) -> Option<Count> {
    match answer {
        Answer::Counted(count, _) => Some(*count),
        _ => None,
    }
}

/// The rating of a `rate` or `explain` answer.
pub fn rating(answer: &Answer) -> Option<Rating> {
    match answer {
        Answer::Rated(rating) => Some(*rating),
        Answer::Explained(explained) => Some(explained.rating),
        _ => None,
    }
}
