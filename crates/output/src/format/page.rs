//! A run's records as sections of a page ([`crate::render::html`]): what each
//! command draws. `solve` and `generate`: the puzzle and its solution side
//! by side; `rate`: the puzzle under its rating; `explain`: the puzzle,
//! every step on the position before it, the solution; `hint`: its one
//! step. A record that is no board (a status, a count, conflicts, an
//! error) is the puzzle, if there is one, and the record's text.

use super::{Format, Record, RecordWriter};
use crate::render::html::{self, Heading};
use sudoku_engine::answer::{Answer, HintLevel, Request, Status};
use sudoku_engine::board::Board;
use sudoku_engine::candidates::Candidates;
use sudoku_engine::logic::{Grid, Rating};

/// The page title of a request's run.
pub fn title(request: Request) -> &'static str {
    match request {
        Request::Solve { .. } | Request::Count { .. } => "sudoku solve",
        Request::Validate { .. } => "sudoku validate",
        Request::Rate => "sudoku rate",
        Request::Explain => "sudoku explain",
        Request::Hint { .. } => "sudoku hint",
        Request::Canon { .. } => "sudoku canon",
        Request::Transform(_) => "sudoku transform",
    }
}

/// The position the logic engine started from for `request`, as the
/// answer computed it: the input's marks, except for `hint` without
/// `--candidates`, which recomputes them from the digits.
pub fn start_position(request: Request, puzzle: &Board, candidates: Option<&Candidates>) -> Grid {
    match (request, candidates) {
        (
            Request::Hint {
                candidates: false, ..
            },
            _,
        )
        | (_, None) => Grid::new(puzzle),
        (_, Some(marks)) => Grid::with_marks(marks.masks()),
    }
}

/// The start of the ids of a record's pictures: `w`, four letters and
/// digits of a hash of its source, its line, `-`. A source names one
/// input and a line one board in it, so two records of a page start their
/// ids alike only when they are one record read twice (the same file named
/// twice), drawn alike, or when two sources' hashes meet (one pair in 1.7
/// million).
fn record_id(source: &str, line: u64) -> String {
    // FNV-1a, 64 bits.
    let hash = source
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        });
    let mut id = String::from("w");
    let mut rest = hash;
    for _ in 0..4 {
        let digit = (rest % 36) as u32;
        id.push(char::from_digit(digit, 36).unwrap_or('0'));
        rest /= 36;
    }
    format!("{id}{line}-")
}

/// Appends `record`'s section.
pub fn write_record(out: &mut Vec<u8>, record: &Record, request: Request) {
    let Record::Answered {
        source,
        line,
        puzzle,
        candidates,
        answer,
        ..
    } = *record
    else {
        let Record::Malformed(error) = record else {
            return;
        };
        let heading = Heading {
            source: &error.input,
            line: error.start_line,
            status: Status::Error.word(),
            rating: None,
            label: None,
        };
        html::open_section(out, &heading);
        html::text(out, &error.to_string());
        html::close_section(out);
        return;
    };
    html::open_section(
        out,
        &Heading {
            source,
            line,
            status: answer.status().word(),
            rating: answer.rating().copied(),
            label: record.label(),
        },
    );
    let start = || start_position(request, puzzle, candidates);
    html::open_figures(out);
    let drawn = match answer {
        Answer::Explained(explained) => {
            html::board_figure(out, puzzle, puzzle, "Puzzle");
            let id = record_id(source, line);
            html::walkthrough(out, start(), puzzle, &explained.steps, &id);
            html::board_figure(out, &explained.solution, puzzle, "Solution");
            true
        }
        Answer::Rated(_) => {
            // The heading carries the rating.
            let caption = format!("Puzzle ({} givens)", puzzle.givens());
            html::board_figure(out, puzzle, puzzle, &caption);
            true
        }
        Answer::Hint(hint) => {
            let level = match request {
                Request::Hint { level, .. } => level,
                _ => HintLevel::Step,
            };
            html::step_figure(out, &start(), puzzle, &hint.step, 1, level);
            true
        }
        Answer::Solved(solution) => {
            html::board_figure(out, puzzle, puzzle, "Puzzle");
            html::board_figure(out, solution, puzzle, "Solution");
            true
        }
        _ if !answer.conflicts().is_empty() => {
            let conflicts = answer.conflicts();
            let cells = conflicts
                .iter()
                .flat_map(|conflict| conflict.cells.iter())
                .fold(0u128, |set, cell| set | 1 << cell.0);
            let caption: Vec<String> = conflicts.iter().map(ToString::to_string).collect();
            html::conflict_figure(out, puzzle, &caption.join("; "), cells);
            false
        }
        _ => {
            html::board_figure(out, puzzle, puzzle, "Puzzle");
            false
        }
    };
    html::close_figures(out);
    if !drawn {
        // The line the text formats print: the status, count or conflicts.
        let mut line = Vec::new();
        RecordWriter::new(Format::Line, request).write(&mut line, record);
        html::text(out, String::from_utf8_lossy(&line).trim_end());
    }
    html::close_section(out);
}

/// Appends the section of generated puzzle `number` (from 1).
pub fn write_generated(
    out: &mut Vec<u8>,
    number: u64,
    puzzle: &Board,
    solution: &Board,
    rating: Option<Rating>,
) {
    let heading = Heading {
        source: "generate",
        line: number,
        status: "generated",
        rating,
        label: None,
    };
    html::open_section(out, &heading);
    html::open_figures(out);
    let caption = format!("Puzzle ({} givens)", puzzle.givens());
    html::board_figure(out, puzzle, puzzle, &caption);
    html::board_figure(out, solution, puzzle, "Solution");
    html::close_figures(out);
    html::close_section(out);
}
