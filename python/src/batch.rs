//! A batch of boards from Python: read each one as the CLI reads a board,
//! and answer them on `jobs` threads, results in input order.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use pyo3::PyResult;
use sudoku_engine::answer::Request;
use sudoku_engine::reader::{Other, ReadOptions, Symbols};
use sudoku_engine::variant::setup::{Setup, VARIANTS};
use sudoku_engine::{Board, Boards, Entry, Malformed, Problem, ReadError, Shape};

use crate::interrupt::{go_on, stopped};
use crate::memory;
use crate::variant::{self, Variant};

/// The boards as Python passed them, copied out so that the GIL can be
/// released while they are read and answered, and how to read them.
pub struct Input {
    given: Given,
    /// How strings are read: `size=` as `--size`, `symbols=` as
    /// `--symbols`.
    options: ReadOptions,
    /// The boxes every board of cells gets: `box=` as `--box`.
    setup: Setup,
    /// Whether `setup` leaves classic 9x9 boards to the classic engine.
    plain: bool,
}

enum Given {
    /// One board per string, in any form the reader accepts: the strings'
    /// bytes back to back, and where each ends (one allocation, not one per
    /// board).
    Texts { bytes: Vec<u8>, ends: Vec<usize> },
    /// `N * size²` cells, row after row, 0 for an empty cell.
    Cells { cells: Vec<u8>, size: u8 },
}

/// What a call says of its boards' shape: `size=`, `box=`, `variant=`,
/// `regions=` and `symbols=`.
#[derive(Clone, Debug, Default)]
pub struct Reading {
    /// Every board is N x N (`--size N`); for arrays, N² cells a board
    /// (9 when not given).
    pub size: Option<u8>,
    /// Boxes of rows x columns (`--box RxC`) instead of the size's usual
    /// ones.
    pub boxes: Option<(u8, u8)>,
    /// The `variant=` rules every board gets (`--variant`): bit `i` for
    /// `sudoku_engine::variant::setup::VARIANTS[i]`.
    pub variants: u8,
    /// Jigsaw regions (`--regions`): one layout for every board, or one a
    /// board in order; each cell's region from 0.
    pub regions: Vec<Box<[u8]>>,
    /// The size's symbols in order (`--symbols`), for strings only: an
    /// array's cells are numbers.
    pub symbols: Option<Symbols>,
}

impl Reading {
    /// Cells in a board of an array read this way.
    pub fn cells(&self) -> usize {
        let size = usize::from(self.size.unwrap_or(9));
        size * size
    }
}

impl Input {
    /// Strings, `bytes` back to back, each ending where `ends` says.
    pub fn texts(bytes: Vec<u8>, ends: Vec<usize>, reading: Reading) -> Input {
        Input::new(Given::Texts { bytes, ends }, reading)
    }

    /// Boards of [`Reading::cells`] cells each, back to back.
    pub fn cells(cells: Vec<u8>, reading: Reading) -> Input {
        let size = reading.size.unwrap_or(9);
        Input::new(Given::Cells { cells, size }, reading)
    }

    fn new(given: Given, reading: Reading) -> Input {
        let mut setup = Setup {
            boxes: reading.boxes,
            regions: reading.regions,
            ..Setup::default()
        };
        for (i, name) in VARIANTS.iter().enumerate() {
            if reading.variants >> i & 1 != 0 {
                for rule in Setup::variant(name).expect("a name of VARIANTS") {
                    if !setup.rules.contains(&rule) {
                        setup.rules.push(rule);
                    }
                }
            }
        }
        Input {
            given,
            // As the CLI's `Variants::read`: without `size=`, the symbols'
            // count is the size (a 16x16 grid written one row a line reads
            // as one board, not 16 4x4 ones).
            options: ReadOptions {
                size: reading
                    .size
                    .or_else(|| reading.symbols.as_ref().and_then(Symbols::size)),
                symbols: reading.symbols,
            },
            plain: setup.is_plain(),
            setup,
        }
    }

    /// How many boards.
    pub fn len(&self) -> usize {
        match &self.given {
            Given::Texts { ends, .. } => ends.len(),
            Given::Cells { cells, size } => cells.len() / (usize::from(*size) * usize::from(*size)),
        }
    }

    /// Reads board `index`, making a board the classic engine does not
    /// answer into its puzzle (refused, unless `takes` is [`Takes::Any`]).
    pub fn read(&self, index: usize, takes: Takes) -> Result<Item, Bad> {
        let entry = match &self.given {
            Given::Texts { bytes, ends } => {
                let start = index.checked_sub(1).map_or(0, |before| ends[before]);
                read_text(index, &bytes[start..ends[index]], &self.options)?
            }
            Given::Cells { cells, size } => {
                let n = usize::from(*size) * usize::from(*size);
                read_cells(index, &cells[index * n..][..n], *size, self.plain)?
            }
        };
        if entry.other.is_none() && self.plain {
            return Ok(Item {
                entry,
                variant: None,
            });
        }
        let variant = variant::build(&entry, index, &self.setup)
            .and_then(|variant| match takes {
                Takes::Any => Ok(variant),
                Takes::Classic(function) => Err(variant::refusal(function, &variant)),
            })
            .map_err(|problem| refused(index, entry.line, problem))?;
        Ok(Item {
            entry: Entry {
                other: None,
                ..entry
            },
            variant: Some(Box::new(variant)),
        })
    }
}

/// A board read, ready to answer.
pub struct Item {
    /// The board as read: its line, shape, label; its cells when classic.
    pub entry: Entry,
    /// The puzzle of a board the classic engine does not answer (another
    /// size, f-puzzles data, `box=`); `None` for a classic 9x9 board.
    pub variant: Option<Box<Variant>>,
}

/// Which boards a call answers.
#[derive(Clone, Copy, Debug)]
pub enum Takes {
    /// Every size and f-puzzles data too (`solve`, `count`, `validate`).
    Any,
    /// Classic 9x9 boards only: any other is refused naming this function.
    Classic(&'static str),
}

impl Takes {
    /// Which boards `request` answers, as the CLI's command does.
    pub fn of(request: &Request) -> Takes {
        match request {
            Request::Solve { .. } | Request::Count { .. } | Request::Validate { .. } => Takes::Any,
            _ => Takes::Classic(variant::function(request)),
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
    pub malformed: Option<Box<Malformed>>,
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

/// A board given on its own (one string's plain line, or one row of an
/// array): line 1, no candidates, no label.
fn one_line(board: Board, other: Option<Box<Other>>) -> Entry {
    Entry {
        line: 1,
        shape: Shape::Line,
        board,
        candidates: None,
        label: None,
        other,
    }
}

/// Reads the one board of a string, as the CLI reads a file under
/// `options` (`--size`).
fn read_text(index: usize, text: &[u8], options: &ReadOptions) -> Result<Entry, Bad> {
    // Under another size, 81 cells are no board of it.
    let classic = options.size.is_none_or(|size| size == 9);
    if let Some(board) = plain_line(text).filter(|_| classic) {
        return Ok(one_line(board, None));
    }
    let mut boards = match options.size {
        None => Boards::new(text, batch_name()),
        Some(_) => Boards::with_options(text, batch_name(), options.clone()),
    };
    let found = match boards.next() {
        None => return Err(plain(index, 1, "no board in this string".into())),
        Some(Err(ReadError::Malformed(mut malformed))) => {
            malformed.input = Arc::from(source(index));
            return Err(Bad {
                line: malformed.start_line,
                message: malformed.to_string(),
                problem: malformed.problem.to_string(),
                malformed: Some(Box::new(malformed)),
            });
        }
        // Reading a byte slice cannot fail.
        Some(Err(ReadError::Io { error, .. })) => {
            return Err(plain(index, 1, error.to_string()));
        }
        Some(Ok(entry)) => entry,
    };
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

/// Reads a board of `size`² cells from an array: a classic board when it
/// is 9x9 and `classic` (no `box=`), else a board of its size.
fn read_cells(index: usize, cells: &[u8], size: u8, classic: bool) -> Result<Entry, Bad> {
    if size == 9 && classic {
        let mut board = [0u8; 81];
        board.copy_from_slice(cells);
        if let Some(board) = Board::new(board) {
            return Ok(one_line(board, None));
        }
    } else if cells.iter().all(|&value| value <= size) {
        let sized = Other::Sized {
            size,
            cells: cells.into(),
            numbers: false,
        };
        return Ok(one_line(Board::EMPTY, Some(Box::new(sized))));
    }
    let size = usize::from(size);
    let (cell, value) = cells
        .iter()
        .enumerate()
        .find(|&(_, &v)| usize::from(v) > size)
        .map_or((0, 0), |(c, &v)| (c, v));
    let problem = format!(
        "cell {} (r{}c{}) holds {value}: cells are 0 (empty) to {size}",
        cell + 1,
        cell / size + 1,
        cell % size + 1
    );
    Err(plain(index, 1, problem))
}

/// A board read but not answered: it makes no puzzle, or the call takes
/// classic boards only. Named as the CLI names it, at the board's line.
pub fn refused(index: usize, line: u64, problem: String) -> Bad {
    let malformed = Malformed {
        input: Arc::from(source(index)),
        start_line: line,
        line,
        column: None,
        problem: Problem::Board(problem.as_str().into()),
    };
    Bad {
        line,
        message: malformed.to_string(),
        problem,
        malformed: Some(Box::new(malformed)),
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

/// Reads every board of `input` on `jobs` threads; `takes` says which
/// boards the call answers.
pub fn read_all(
    input: &Input,
    takes: Takes,
    jobs: usize,
    stop: &AtomicBool,
) -> PyResult<Vec<Result<Item, Bad>>> {
    map(input.len(), jobs, 256, stop, "boards read", |index| {
        input.read(index, takes)
    })
}
