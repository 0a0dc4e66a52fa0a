//! A batch of boards from Python: read each one as the CLI reads a board,
//! and answer them on `jobs` threads, results in input order.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use pyo3::PyResult;
use sudoku_engine::{Board, Boards, Entry, Malformed, ReadError, Shape};

use crate::interrupt::{go_on, stopped};
use crate::memory;

/// The boards as Python passed them, copied out so that the GIL can be
/// released while they are read and answered.
pub enum Input {
    /// One board per string, in any form the reader accepts: the strings'
    /// bytes back to back, and where each ends (one allocation, not one per
    /// board).
    Texts { bytes: Vec<u8>, ends: Vec<usize> },
    /// `N * 81` cells, row after row, 0 for an empty cell.
    Cells(Vec<u8>),
}

impl Input {
    pub fn len(&self) -> usize {
        match self {
            Input::Texts { ends, .. } => ends.len(),
            Input::Cells(cells) => cells.len() / 81,
        }
    }

    /// Reads board `index`.
    pub fn read(&self, index: usize) -> Result<Entry, Bad> {
        match self {
            Input::Texts { bytes, ends } => {
                let start = index.checked_sub(1).map_or(0, |before| ends[before]);
                read_text(index, &bytes[start..ends[index]])
            }
            Input::Cells(cells) => read_cells(index, &cells[index * 81..][..81]),
        }
    }
}

/// A board that could not be read: where, and why.
#[derive(Clone, Debug)]
pub struct Bad {
    /// The line (within its string) the board starts on, 1 for arrays.
    pub line: u64,
    /// The whole message, `boards[I]:LINE[:COL]: problem`, as the CLI's
    /// stderr line names a file.
    pub message: String,
    /// The problem alone, the JSON record's `error`.
    pub problem: String,
    /// The reader's own error, when the reader found it (its JSON record
    /// is then the library's).
    pub malformed: Option<Malformed>,
}

/// The name a board goes by in messages and records: its place in the
/// batch, as Python would index it.
pub fn source(index: usize) -> String {
    format!("boards[{index}]")
}

/// The name every board is read under; a bad board's message is then
/// renamed `boards[I]` (naming each board up front would cost an
/// allocation per board).
fn batch_name() -> Arc<str> {
    static NAME: std::sync::OnceLock<Arc<str>> = std::sync::OnceLock::new();
    NAME.get_or_init(|| Arc::from("boards")).clone()
}

/// A string of exactly 81 cell characters, the commonest form, read at
/// once: the reader would read it as the same board on line 1.
fn plain_line(text: &[u8]) -> Option<Board> {
    let mut cells = [0u8; 81];
    if text.len() != 81 {
        return None;
    }
    for (cell, &byte) in cells.iter_mut().zip(text) {
        *cell = match byte {
            b'1'..=b'9' => byte - b'0',
            b'.' | b'0' | b'_' => 0,
            _ => return None,
        };
    }
    Board::new(cells)
}

fn read_text(index: usize, text: &[u8]) -> Result<Entry, Bad> {
    if let Some(board) = plain_line(text) {
        return Ok(Entry {
            line: 1,
            shape: Shape::Line,
            board,
            candidates: None,
            label: None,
            other: None,
        });
    }
    let mut boards = Boards::new(text, batch_name());
    let found = match boards.next() {
        None => return Err(plain(index, 1, "no board in this string".into())),
        Some(Err(ReadError::Malformed(mut malformed))) => {
            malformed.input = Arc::from(source(index));
            return Err(Bad {
                line: malformed.start_line,
                message: malformed.to_string(),
                problem: malformed.problem.to_string(),
                malformed: Some(malformed),
            });
        }
        // Reading a byte slice cannot fail.
        Some(Err(ReadError::Io { error, .. })) => {
            return Err(plain(index, 1, error.to_string()));
        }
        Some(Ok(entry)) => entry,
    };
    if found.other.is_some() {
        // Boards of other sizes and f-puzzles data are the CLI's for now;
        // read as a classic board, one would get a wrong answer.
        let problem = "classic 9x9 boards only in Python for now; this board has another size \
                       or its own rules (the sudoku command solves and validates it)"
            .to_owned();
        return Err(Bad {
            line: found.line,
            message: format!("{}:{}: {problem}", source(index), found.line),
            problem,
            malformed: None,
        });
    }
    match boards.next() {
        None => Ok(found),
        Some(next) => {
            let line = match next {
                Ok(entry) => entry.line,
                Err(ReadError::Malformed(malformed)) => malformed.start_line,
                Err(ReadError::Io { .. }) => found.line,
            };
            let problem = format!(
                "a second board starts here (the board at line {} is one; one board per string)",
                found.line
            );
            Err(Bad {
                line: found.line,
                message: format!("{}:{line}: {problem}", source(index)),
                problem,
                malformed: None,
            })
        }
    }
}

fn read_cells(index: usize, cells: &[u8]) -> Result<Entry, Bad> {
    let mut board = [0u8; 81];
    board.copy_from_slice(cells);
    match Board::new(board) {
        Some(board) => Ok(Entry {
            line: 1,
            shape: Shape::Line,
            board,
            candidates: None,
            label: None,
            other: None,
        }),
        None => {
            let (cell, value) = cells
                .iter()
                .enumerate()
                .find(|&(_, &v)| v > 9)
                .map_or((0, 0), |(c, &v)| (c, v));
            let problem = format!(
                "cell {} (r{}c{}) holds {value}: cells are 0 (empty) to 9",
                cell + 1,
                cell / 9 + 1,
                cell % 9 + 1
            );
            Err(plain(index, 1, problem))
        }
    }
}

fn plain(index: usize, line: u64, problem: String) -> Bad {
    Bad {
        line,
        message: format!("{}:{line}: {problem}", source(index)),
        problem,
        malformed: None,
    }
}

/// Worker threads: as asked, else one per CPU; at most the CLI's cap.
pub fn threads(jobs: Option<usize>) -> usize {
    const MAX_THREADS: usize = 256;
    jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, MAX_THREADS)
}

/// `answer(i)` for every `i` below `len`, on `jobs` threads, in order.
/// Workers take `chunk` consecutive indices at a time, so cheap requests
/// pay one atomic add per chunk and slow ones (`rate`) balance per board.
/// Once `stop` is set no chunk is begun, and the map ends in an error
/// (whatever was answered meanwhile is dropped); the room for the results
/// is reserved first (`what` names them in the `MemoryError` if it cannot
/// be).
pub fn map<R, F>(
    len: usize,
    jobs: usize,
    chunk: usize,
    stop: &AtomicBool,
    what: &str,
    answer: F,
) -> PyResult<Vec<R>>
where
    R: Send,
    F: Fn(usize) -> R + Sync,
{
    let mut out = memory::with_capacity(len, what)?;
    let jobs = jobs.min(len.div_ceil(chunk)).max(1);
    if jobs == 1 {
        for start in (0..len).step_by(chunk) {
            go_on(stop)?;
            out.extend((start..(start + chunk).min(len)).map(&answer));
        }
        // An answer given up on the way is no answer.
        go_on(stop)?;
        return Ok(out);
    }
    let next = AtomicUsize::new(0);
    let mut parts: Vec<(usize, Vec<R>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let start = next.fetch_add(chunk, Ordering::Relaxed);
                        if start >= len || stopped(stop) {
                            return done;
                        }
                        let end = (start + chunk).min(len);
                        done.push((start, (start..end).map(&answer).collect()));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| match worker.join() {
                Ok(done) => done,
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    });
    // A worker that saw the flag left its chunks unfinished, or gave up
    // on an answer.
    go_on(stop)?;
    parts.sort_unstable_by_key(|&(start, _)| start);
    out.extend(parts.into_iter().flat_map(|(_, part)| part));
    Ok(out)
}

/// Reads every board of `input` on `jobs` threads.
pub fn read_all(
    input: &Input,
    jobs: usize,
    stop: &AtomicBool,
) -> PyResult<Vec<Result<Entry, Bad>>> {
    map(input.len(), jobs, 256, stop, "boards read", |index| {
        input.read(index)
    })
}
