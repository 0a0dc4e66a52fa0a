//! `solve`, `solve --count` and `validate` for a variant [`Puzzle`]: one
//! answer type whose status decides the record and the exit status.

use crate::answer::{Request, Status};

use super::check::Conflict;
use super::puzzle::Puzzle;

/// The answer to a request on a variant puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The record's status.
    pub status: Status,
    /// The solution (`solve` with status `solved`).
    pub solution: Option<Box<[u8]>>,
    /// Solutions counted and whether the limit was reached (`--count`).
    pub count: Option<(u64, bool)>,
    /// What the givens break (status `invalid`).
    pub conflicts: Vec<Conflict>,
    /// Whether the board met the request (decides the exit status).
    pub met: bool,
}

impl Answer {
    fn new(status: Status, met: bool) -> Answer {
        Answer {
            status,
            solution: None,
            count: None,
            conflicts: Vec::new(),
            met,
        }
    }
}

/// Answers `request` for `puzzle`; `None` for a request that takes
/// classic boards only (`rate`, `explain`, ...).
pub fn answer(request: &Request, puzzle: &Puzzle) -> Option<Answer> {
    let conflicts = puzzle.conflicts(puzzle.givens());
    let invalid = |met: bool| Answer {
        conflicts: conflicts.clone(),
        ..Answer::new(Status::Invalid, met)
    };
    Some(match *request {
        Request::Solve { unique } => {
            if !conflicts.is_empty() {
                return Some(invalid(false));
            }
            let outcome = puzzle.solve(if unique { 2 } else { 1 });
            match outcome.count {
                0 => Answer::new(Status::Unsolvable, false),
                1 => Answer {
                    solution: outcome.solution,
                    ..Answer::new(Status::Solved, true)
                },
                _ => Answer::new(Status::Multiple, false),
            }
        }
        Request::Count { limit } => {
            let limit = u64::from(limit.max(1));
            if !conflicts.is_empty() {
                return Some(Answer {
                    count: Some((0, false)),
                    ..invalid(true)
                });
            }
            // Counted to at least 2 whatever the limit, for the status.
            let found = puzzle.solve(limit.max(2)).count;
            let status = match found {
                0 => Status::Unsolvable,
                1 => Status::Solved,
                _ => Status::Multiple,
            };
            Answer {
                count: Some((found.min(limit), found >= limit)),
                ..Answer::new(status, true)
            }
        }
        Request::Validate { complete, unique } => {
            if !conflicts.is_empty() {
                return Some(invalid(false));
            }
            if complete && puzzle.givens().contains(&0) {
                return Some(Answer::new(Status::Incomplete, false));
            }
            if unique {
                match puzzle.solve(2).count {
                    0 => return Some(Answer::new(Status::Unsolvable, false)),
                    1 => {}
                    _ => return Some(Answer::new(Status::Multiple, false)),
                }
            }
            Answer::new(Status::Valid, true)
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Layout, Rule};

    fn four(givens: &str, rules: Vec<Rule>) -> Puzzle {
        let cells = givens
            .bytes()
            .map(|b| b.wrapping_sub(b'0').min(9))
            .map(|v| if v > 4 { 0 } else { v })
            .collect();
        Puzzle::new(Layout::standard(4).unwrap(), cells, rules).unwrap()
    }

    #[test]
    fn solve_count_and_validate_agree() {
        let solved = four("1234341221434321", vec![]);
        let valid = answer(
            &Request::Validate {
                complete: true,
                unique: true,
            },
            &solved,
        )
        .unwrap();
        assert_eq!(valid.status, Status::Valid);
        let empty = four("................", vec![]);
        let count = answer_count(&empty, 1000);
        // 288 is the number of 4x4 sudoku grids.
        assert_eq!(count.count, Some((288, false)));
        assert_eq!(count.status, Status::Multiple);
        let two = answer_count(&empty, 2);
        assert_eq!(two.count, Some((2, true)));
        let solve = answer(&Request::Solve { unique: true }, &empty).unwrap();
        assert_eq!((solve.status, solve.met), (Status::Multiple, false));
    }

    fn answer_count(puzzle: &Puzzle, limit: u32) -> Answer {
        answer(&Request::Count { limit }, puzzle).unwrap()
    }

    #[test]
    fn givens_that_break_a_house_are_invalid_with_their_conflicts() {
        let bad = four("11..............", vec![]);
        let solve = answer(&Request::Solve { unique: false }, &bad).unwrap();
        assert_eq!(solve.status, Status::Invalid);
        assert_eq!(solve.conflicts[0].text, "1 twice in row 1 (r1c1, r1c2)");
        let count = answer_count(&bad, 10);
        assert_eq!((count.count, count.met), (Some((0, false)), true));
        assert!(answer(&Request::Rate, &bad).is_none());
    }
}
