//! What the package reads off an [`Answer`]: kept in one place, so that a
//! change of the library's answer type touches only this file.

use sudoku_cli::logic::Rating;
use sudoku_cli::{Answer, Board, Count, Status};

/// Every status word, in the order of [`status_code`]; Python maps codes
/// back to words through this list.
pub const STATUS_WORDS: [&str; 11] = [
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
    }
}

/// The status code of an answer.
pub fn status_of(answer: &Answer) -> u8 {
    status_code(answer.status)
}

/// The solution an answer reports, if any.
pub fn solution(answer: &Answer) -> Option<&Board> {
    answer.solution.as_ref()
}

/// The count of a `Count` answer.
pub fn count(answer: &Answer) -> Option<Count> {
    answer.count
}

/// The rating of a `rate` or `explain` answer.
pub fn rating(answer: &Answer) -> Option<Rating> {
    answer.rating
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_index_the_words() {
        let all = [
            Status::Solved,
            Status::Invalid,
            Status::Unsolvable,
            Status::Multiple,
            Status::Incomplete,
            Status::Valid,
            Status::Error,
            Status::Rated,
            Status::Hint,
            Status::Stuck,
            Status::Erased,
        ];
        for status in all {
            assert_eq!(STATUS_WORDS[usize::from(status_code(status))], status.word());
        }
    }
}
