//! `sudoku_cli._native`: the engine behind the Python package.
//!
//! Each function takes a batch (a list of strings, or the bytes of a
//! `(N, 81)` `uint8` array, which an `(N, 9, 9)` array's bytes in C order
//! are too; `solve`, `count` and `validate` also `(N, size²)` arrays and
//! `box=`), copies it out, releases the GIL, reads and answers the boards
//! on `jobs` threads, and hands back plain buffers:
//! status codes (indices into [`STATUS_WORDS`]), cells, numbers, or the
//! library's JSON Lines records. The Python wrapper (`sudoku_cli/__init__.py`)
//! turns them into NumPy arrays and dicts; it is the documented API.
//!
//! A call whose answer cannot fit in memory raises `MemoryError` before it
//! starts ([`memory`]), and Ctrl-C stops a call within a tick
//! ([`interrupt`]).

mod answers;
mod batch;
mod generate;
mod interrupt;
mod memory;
mod variant;

use std::mem::size_of;
use std::sync::atomic::AtomicBool;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};

use sudoku_engine::canon::Order;
use sudoku_engine::generate::fresh_seed;
use sudoku_engine::reader::Symbols;
use sudoku_engine::transform::{Transform, TransformError};
use sudoku_engine::variant::setup::{Setup, VARIANTS};
use sudoku_engine::{Answer, HintLevel, Look, Request, Status, Transformed};
use sudoku_output::format::VariantRecord;
use sudoku_output::{Format, Record, RecordWriter};

use crate::answers::{status_code, Reply, STATUS_WORDS};
use crate::batch::{Bad, Input, Item, Reading, Takes};
use crate::interrupt::{go_on, interruptible};

/// What any board of a batch takes: its cells copied out, where its string
/// ends, its entry once read, its answer, its status code here and its
/// status word in Python (a 12-character NumPy string).
const BOARD_BYTES: u64 =
    (81 + 8 + size_of::<Result<Item, Bad>>() + size_of::<Result<Reply, Bad>>() + 1 + 48) as u64;

/// What a batch call's answer takes: the call's name (for messages), and
/// the bytes each board takes, [`BOARD_BYTES`] and what the call adds (its
/// arrays, or its records and the dicts Python makes of them).
#[derive(Clone, Copy)]
struct Cost {
    what: &'static str,
    per_board: u64,
}

impl Cost {
    const fn new(what: &'static str, extra: u64) -> Cost {
        Cost {
            what,
            per_board: BOARD_BYTES + extra,
        }
    }

    /// Refuses a batch of `boards` boards that cannot fit.
    fn check(self, boards: usize) -> PyResult<()> {
        memory::check(self.what, boards as u64, "boards", self.per_board)
    }

    /// The cost of boards of `cells` cells: the bigger cells copied out,
    /// and the call's answers of as many cells, here and in Python.
    fn cells(self, cells: usize) -> Cost {
        Cost {
            per_board: self.per_board + 3 * cells.saturating_sub(81) as u64,
            ..self
        }
    }
}

/// At most this many boards of a [`quick`] request are answered on the
/// calling thread (see [`interruptible`]).
const QUICK_BOARDS: usize = 16;

/// Whether a few boards of `request` take a moment whatever they are: the
/// logic ladder is not run, nor a long count.
fn quick(request: Request) -> bool {
    match request {
        Request::Rate | Request::Explain | Request::Hint { .. } => false,
        Request::Count { limit } => limit <= 1000,
        _ => true,
    }
}

/// Copies a batch out of Python: `bytes` of `N * 81` cells (`N * size²`
/// when `reading` gives a size), or a sequence of `str` (or `bytes`), one
/// board each, read as `reading` says. A batch too big for `cost` is
/// refused first (a sequence by its length, before a board is copied).
fn input(boards: &Bound<'_, PyAny>, cost: Cost, reading: Reading) -> PyResult<Input> {
    if let Ok(cells) = boards.cast::<PyBytes>() {
        let cells = cells.as_bytes();
        let width = reading.cells();
        if cells.len() % width != 0 {
            return Err(PyValueError::new_err(format!(
                "{} cells is not a whole number of boards of {width}",
                cells.len()
            )));
        }
        cost.cells(width).check(cells.len() / width)?;
        let mut copy = Vec::new();
        memory::append(&mut copy, cells, cost.what)?;
        return Ok(Input::cells(copy, reading));
    }
    // A list may repeat one string many times: its length says how big
    // the batch is before anything is copied.
    let length = boards.len().ok();
    if let Some(length) = length {
        cost.check(length)?;
    }
    let mut bytes = Vec::new();
    let mut ends = memory::with_capacity(length.unwrap_or(0), cost.what)?;
    for (index, item) in boards.try_iter()?.enumerate() {
        let item = item?;
        if let Ok(text) = item.cast::<PyString>() {
            memory::append(&mut bytes, text.to_cow()?.as_bytes(), cost.what)?;
        } else if let Ok(text) = item.cast::<PyBytes>() {
            memory::append(&mut bytes, text.as_bytes(), cost.what)?;
        } else {
            let kind = item.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "boards[{index}] is a {kind}, not a str: each board is one string"
            )));
        }
        memory::reserve(&mut ends, 1, cost.what)?;
        ends.push(bytes.len());
    }
    // An iterable without a length, now counted.
    cost.check(ends.len())?;
    Ok(Input::texts(bytes, ends, reading))
}

/// Every board of a batch, read (`takes` says which the call answers); or
/// the error for the first bad one when errors are raised rather than
/// recorded.
fn read(
    input: &Input,
    takes: Takes,
    jobs: usize,
    record: bool,
    stop: &AtomicBool,
) -> PyResult<Vec<Result<Item, Bad>>> {
    let entries = batch::read_all(input, takes, jobs, stop)?;
    if !record {
        if let Some(Err(bad)) = entries.iter().find(|entry| entry.is_err()) {
            return Err(PyValueError::new_err(bad.message.clone()));
        }
    }
    Ok(entries)
}

/// The malformed boards of a batch, as (index, message).
fn errors(entries: &[Result<Item, Bad>]) -> Vec<(usize, String)> {
    let bad = entries.iter().enumerate();
    bad.filter_map(|(i, entry)| entry.as_ref().err().map(|bad| (i, bad.message.clone())))
        .collect()
}

/// The status code of every board: answered, or `error`.
fn codes<T>(answered: &[Result<T, Bad>], status: impl Fn(&T) -> u8) -> PyResult<Vec<u8>> {
    let error = status_code(sudoku_engine::Status::Error);
    let mut codes = memory::with_capacity(answered.len(), "statuses")?;
    codes.extend(
        answered
            .iter()
            .map(|answer| answer.as_ref().map_or(error, &status)),
    );
    Ok(codes)
}

/// Whether a board read is answered by the variant engine.
fn is_variant(item: &Result<Item, Bad>) -> bool {
    item.as_ref().is_ok_and(|item| item.variant.is_some())
}

/// Answers `request` for every board, `chunk` boards at a time per worker,
/// until `stop` is set.
fn answer_all(
    entries: &[Result<Item, Bad>],
    request: Request,
    jobs: usize,
    chunk: usize,
    stop: &AtomicBool,
) -> PyResult<Vec<Result<Reply, Bad>>> {
    batch::map(entries.len(), jobs, chunk, stop, "answers", |i| {
        match &entries[i] {
            Ok(Item {
                entry,
                variant: Some(variant),
            }) => match variant::answer(&request, variant) {
                Some(answer) => Ok(Reply::Variant(Box::new(answer))),
                // Refused when read already: `request` takes classic
                // boards only.
                None => {
                    let problem = variant::refusal(variant::function(&request), variant);
                    Err(batch::refused(i, entry.line, problem))
                }
            },
            // Given up on (`None`) only once `stop` is set, and then the
            // map fails: the stand-in is never seen.
            Ok(Item { entry, .. }) => Ok(Reply::Classic(
                request
                    .answer_until(&entry.board, entry.candidates.as_deref(), stop)
                    .unwrap_or(Answer::Stuck),
            )),
            Err(bad) => Err(bad.clone()),
        }
    })
}

/// The records of a batch as the CLI's `--format json` writes them (each
/// board named `boards[I]`), one line each: `records` gives each one's
/// board index and answer. Ends early once `stop` is set.
fn json_lines<'a>(
    entries: &[Result<Item, Bad>],
    request: Request,
    records: impl IntoIterator<Item = (usize, &'a Result<Reply, Bad>)>,
    stop: &AtomicBool,
) -> PyResult<Vec<u8>> {
    let writer = RecordWriter::new(Format::Json, request);
    // Each record is written on its own, then added to the whole, whose
    // growth may fail (a `MemoryError`) where the writer's could not.
    let (mut out, mut line) = (Vec::new(), Vec::new());
    for (n, (index, answer)) in records.into_iter().enumerate() {
        if n.is_multiple_of(1024) {
            go_on(stop)?;
        }
        line.clear();
        match (&entries[index], answer) {
            (Ok(item), Ok(Reply::Variant(answer))) => {
                let Some(variant) = &item.variant else {
                    unreachable!("a variant answer is made of a variant board only")
                };
                let source = batch::source(index);
                let record = VariantRecord {
                    source: &source,
                    line: item.entry.line,
                    shape: item.entry.shape,
                    puzzle: &variant.puzzle,
                    symbols: Symbols::standard(),
                    numbers: variant.numbers,
                    answer,
                    about: variant.about.as_ref(),
                };
                writer.write(&mut line, &Record::Variant(&record));
            }
            (Ok(Item { entry, .. }), Ok(Reply::Classic(answer))) => {
                let source = batch::source(index);
                let record = Record::Answered {
                    source: &source,
                    line: entry.line,
                    shape: entry.shape,
                    puzzle: &entry.board,
                    candidates: entry.candidates.as_deref(),
                    label: entry.label.as_deref(),
                    answer,
                };
                writer.write(&mut line, &record);
            }
            (Err(bad), _) | (_, Err(bad)) => match &bad.malformed {
                Some(malformed) => writer.write(&mut line, &Record::Malformed(malformed)),
                None => {
                    let record = serde_json::json!({
                        "source": batch::source(index),
                        "line": bad.line,
                        "status": "error",
                        "error": bad.problem,
                    });
                    line.extend_from_slice(record.to_string().as_bytes());
                    line.push(b'\n');
                }
            },
        }
        memory::append(&mut out, &line, "JSON records")?;
    }
    Ok(out)
}

/// Status codes and errors: what every batch function returns first.
type Coded<'py> = (Bound<'py, PyBytes>, Vec<(usize, String)>);

/// What a batch's work hands back: status codes, errors, and what the
/// call makes of its answers.
type Done<T> = (Vec<u8>, Vec<(usize, String)>, T);

/// Every board of a batch, read.
type Items = Vec<Result<Item, Bad>>;

/// Runs `request` over a batch read as `reading` says, with the GIL
/// released, stopping at Ctrl-C; returns the status codes, the errors, and
/// what `extra` makes of the boards read and their answers (given the stop
/// flag, so that it may give up). `cost` refuses a batch too big first.
#[allow(clippy::too_many_arguments)]
fn run<'py, T: Send + 'static>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    request: Request,
    reading: Reading,
    jobs: Option<usize>,
    record: bool,
    cost: Cost,
    extra: impl Fn(&[Result<Item, Bad>], &[Result<Reply, Bad>], &AtomicBool) -> PyResult<T>
        + Send
        + Sync
        + 'static,
) -> PyResult<(Coded<'py>, T)> {
    let input = input(boards, cost, reading)?;
    let jobs = batch::threads(jobs);
    let takes = Takes::of(&request);
    let answer = move |entries: Vec<Result<Item, Bad>>, stop: &AtomicBool| -> PyResult<Done<T>> {
        // Slow requests, and boards of the variant engine (whose search
        // may take long), are shared out board by board.
        let slow = request.may_be_slow() || entries.iter().any(is_variant);
        let chunk = if slow { 1 } else { 64 };
        let answers = answer_all(&entries, request, jobs, chunk, stop)?;
        let extra = extra(&entries, &answers, stop)?;
        let codes = codes(&answers, answers::status_of)?;
        Ok((codes, errors(&entries), extra))
    };
    // A few boards are read and answered here at once (see
    // `interruptible`), unless one is for the variant engine: a search on
    // a big board may take long, and is made where Ctrl-C stops it.
    let mut read_here = None;
    if quick(request) && input.len() <= QUICK_BOARDS {
        let never = AtomicBool::new(false);
        // Done here, or the boards read, to answer where Ctrl-C is heard.
        let here = py.detach(|| -> PyResult<Result<Done<T>, Items>> {
            let entries = read(&input, takes, jobs, record, &never)?;
            if entries.iter().any(is_variant) {
                return Ok(Err(entries));
            }
            answer(entries, &never).map(Ok)
        })?;
        match here {
            Ok((codes, errors, extra)) => return Ok(((memory::bytes(py, &codes)?, errors), extra)),
            Err(entries) => read_here = Some(entries),
        }
    }
    let (codes, errors, extra) = interruptible(py, false, move |stop| {
        let entries = match read_here {
            Some(entries) => entries,
            None => read(&input, takes, jobs, record, stop)?,
        };
        drop(input);
        answer(entries, stop)
    })?;
    Ok(((memory::bytes(py, &codes)?, errors), extra))
}

/// `size=`, `box=`, `variant=`, `regions=` and `symbols=` as the Python
/// functions pass them: N from 4 to 25, rows and columns from 1 to 25
/// (checked again by the layout), names `--variant` takes, layouts as
/// `--regions` reads them (one for every board, or one a board), symbols
/// as `--symbols` takes them.
fn reading(
    size: Option<u8>,
    boxes: Option<(u8, u8)>,
    variant: Option<Vec<String>>,
    regions: Option<Vec<String>>,
    symbols: Option<String>,
) -> PyResult<Reading> {
    if let Some(size) = size.filter(|size| !(4..=25).contains(size)) {
        return Err(PyValueError::new_err(format!(
            "size must be from 4 to 25, not {size}"
        )));
    }
    if let Some((rows, columns)) =
        boxes.filter(|&(r, c)| !(1..=25).contains(&r) || !(1..=25).contains(&c))
    {
        return Err(PyValueError::new_err(format!(
            "box must be (rows, columns), each from 1 to 25, not ({rows}, {columns})"
        )));
    }
    let mut variants = 0u8;
    for name in variant.unwrap_or_default() {
        let Some(i) = VARIANTS.iter().position(|&known| known == name) else {
            return Err(PyValueError::new_err(format!(
                "unknown variant {name:?} (one of {})",
                VARIANTS.join(", ")
            )));
        };
        variants |= 1 << i;
    }
    let regions = regions.unwrap_or_default();
    let many = regions.len() > 1;
    let regions = regions
        .iter()
        .enumerate()
        .map(|(i, layout)| {
            Setup::read_regions(layout.as_bytes())
                .map(|(_, regions)| regions)
                .map_err(|e| {
                    let which = if many {
                        format!("regions[{i}]")
                    } else {
                        "regions".into()
                    };
                    PyValueError::new_err(format!("{which}: {e}"))
                })
        })
        .collect::<PyResult<Vec<_>>>()?;
    let symbols = symbols.as_deref().map(custom_symbols).transpose()?;
    Ok(Reading {
        size,
        boxes,
        variants,
        regions,
        symbols,
    })
}

/// `symbols=` as `--symbols` reads it: 4 to 25 distinct printable
/// symbols, the engine's message in the `ValueError` if not.
fn custom_symbols(text: &str) -> PyResult<Symbols> {
    Symbols::custom(text.as_bytes()).map_err(|e| {
        // The engine words its errors for the CLI's `--symbols`; here the
        // keyword is `symbols=`.
        let message = e.to_string();
        PyValueError::new_err(match message.strip_prefix("--") {
            Some(named) => named.to_string(),
            None => format!("symbols: {message}"),
        })
    })
}

/// `to_strings`' check of `symbols=`, by the rules `solve` reads them
/// with (so that what it writes reads back): how many symbols there are.
#[pyfunction]
fn symbols_size(symbols: &str) -> PyResult<u8> {
    let symbols = custom_symbols(symbols)?;
    Ok(symbols.size().expect("custom symbols have a size"))
}

/// What `solve` hands back: status codes; the solutions' cells; how many
/// cells each board has when every board (bad ones aside) has as many,
/// else `None` and each board's count (u16, native order; 0 for a bad
/// board); errors.
type Solutions<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Option<usize>,
    Option<Bound<'py, PyBytes>>,
    Vec<(usize, String)>,
);

/// `solve`: status codes, the solutions' cells (zeros where none) and
/// their widths (see [`Solutions`]), errors. `size`, `boxes` and
/// `symbols` are `size=`, `box=` and `symbols=`.
#[pyfunction]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, one each.
#[pyo3(signature = (boards, unique=false, jobs=None, record=false, size=None, boxes=None, variant=None, regions=None, symbols=None))]
fn solve<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    unique: bool,
    jobs: Option<usize>,
    record: bool,
    size: Option<u8>,
    boxes: Option<(u8, u8)>,
    variant: Option<Vec<String>>,
    regions: Option<Vec<String>>,
    symbols: Option<String>,
) -> PyResult<Solutions<'py>> {
    let request = Request::Solve { unique };
    let reading = reading(size, boxes, variant, regions, symbols)?;
    // The solutions' cells, here and in Python.
    let cost = Cost::new("solve", 2 * 81);
    // A board with no solution, or none read, gets this many zeros.
    let usual = reading.cells();
    let solutions = move |entries: &[Result<Item, Bad>], answers: &[Result<Reply, Bad>], _: &_| {
        // Each board's cells: 81 but for the variant engine's boards.
        let width = |entry: &Result<Item, Bad>| {
            entry.as_ref().ok().map(|item| {
                item.variant
                    .as_ref()
                    .map_or(81, |variant| variant.puzzle.layout().cells())
            })
        };
        let mut widths = entries.iter().filter_map(width);
        let first = widths.next();
        let shared = match first {
            Some(first) if widths.all(|w| w == first) => Some(first),
            Some(_) => None,
            None => Some(usual),
        };
        fn solution(answer: &Result<Reply, Bad>) -> Option<&[u8]> {
            answer.as_ref().ok().and_then(answers::solution)
        }
        if let Some(width) = shared {
            let mut cells = memory::zeroed(answers.len() * width, "solutions")?;
            for (row, answer) in cells.chunks_exact_mut(width).zip(answers) {
                if let Some(solution) = solution(answer) {
                    row.copy_from_slice(solution);
                }
            }
            return Ok((cells, Some(width), None));
        }
        let total = entries.iter().filter_map(width).sum();
        let mut cells = memory::zeroed(total, "solutions")?;
        let mut lengths = memory::with_capacity(2 * answers.len(), "solutions")?;
        let mut at = 0;
        for (entry, answer) in entries.iter().zip(answers) {
            let width = width(entry).unwrap_or(0);
            if let Some(solution) = solution(answer) {
                cells[at..at + width].copy_from_slice(solution);
            }
            at += width;
            // At most 625 cells.
            lengths.extend_from_slice(&(width as u16).to_ne_bytes());
        }
        Ok((cells, None, Some(lengths)))
    };
    let ((codes, errors), (cells, width, lengths)) =
        run(py, boards, request, reading, jobs, record, cost, solutions)?;
    let lengths = lengths.map(|l| memory::bytes(py, &l)).transpose()?;
    Ok((codes, memory::bytes(py, &cells)?, width, lengths, errors))
}

type Counted<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Vec<(usize, String)>,
);

/// `count`: status codes, counts (u32, native order), limit reached
/// (one byte each), errors. `size`, `boxes` and `symbols` are `size=`,
/// `box=` and `symbols=`.
#[pyfunction]
#[pyo3(signature = (boards, limit=1000, jobs=None, record=false, size=None, boxes=None, variant=None, regions=None, symbols=None))]
#[allow(clippy::too_many_arguments)]
fn count<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    limit: u64,
    jobs: Option<usize>,
    record: bool,
    size: Option<u8>,
    boxes: Option<(u8, u8)>,
    variant: Option<Vec<String>>,
    regions: Option<Vec<String>>,
    symbols: Option<String>,
) -> PyResult<Counted<'py>> {
    let limit = u32::try_from(limit)
        .ok()
        .filter(|&limit| limit >= 1)
        .ok_or_else(|| {
            PyValueError::new_err(format!("limit must be from 1 to {}, not {limit}", u32::MAX))
        })?;
    let request = Request::Count { limit };
    let reading = reading(size, boxes, variant, regions, symbols)?;
    // Counts and limits reached, here and in Python (the limits as bools).
    let cost = Cost::new("count", 2 * 5 + 1);
    let counted = |_: &[_], answers: &[Result<Reply, Bad>], _: &_| {
        let counts = answers
            .iter()
            .map(|a| a.as_ref().ok().and_then(answers::count));
        let mut solutions = memory::with_capacity(4 * answers.len(), "counts")?;
        let mut reached = memory::with_capacity(answers.len(), "counts")?;
        for count in counts {
            solutions.extend_from_slice(&count.map_or(0, |c| c.solutions).to_ne_bytes());
            reached.push(u8::from(count.is_some_and(|c| c.limit_reached)));
        }
        Ok((solutions, reached))
    };
    let ((codes, errors), (counts, reached)) =
        run(py, boards, request, reading, jobs, record, cost, counted)?;
    Ok((
        codes,
        memory::bytes(py, &counts)?,
        memory::bytes(py, &reached)?,
        errors,
    ))
}

/// Status codes, the JSON Lines records, errors.
type Answered<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Vec<(usize, String)>,
);

/// Status codes, each board's JSON record, errors.
fn recorded<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    request: Request,
    jobs: Option<usize>,
    record: bool,
    cost: Cost,
) -> PyResult<Answered<'py>> {
    let lines = move |entries: &[_], answers: &[Result<Reply, Bad>], stop: &_| {
        json_lines(entries, request, answers.iter().enumerate(), stop)
    };
    let reading = Reading::default();
    let ((codes, errors), json) = run(py, boards, request, reading, jobs, record, cost, lines)?;
    Ok((codes, memory::bytes(py, &json)?, errors))
}

/// `validate`: status codes, the invalid boards' JSON records (for their
/// conflicts), errors. `size`, `boxes` and `symbols` are `size=`, `box=`
/// and `symbols=`.
#[pyfunction]
#[pyo3(signature = (boards, complete=false, unique=false, jobs=None, record=false, size=None, boxes=None, variant=None, regions=None, symbols=None))]
#[allow(clippy::too_many_arguments)]
fn validate<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    complete: bool,
    unique: bool,
    jobs: Option<usize>,
    record: bool,
    size: Option<u8>,
    boxes: Option<(u8, u8)>,
    variant: Option<Vec<String>>,
    regions: Option<Vec<String>>,
    symbols: Option<String>,
) -> PyResult<Answered<'py>> {
    let request = Request::Validate { complete, unique };
    let reading = reading(size, boxes, variant, regions, symbols)?;
    // Each board's list of conflicts in Python (most empty).
    let cost = Cost::new("validate", 64);
    // Only the invalid boards' records: they alone carry conflicts, and
    // turning every record into a dict would cost more than validating.
    let invalid_lines = move |entries: &[_], answers: &[Result<Reply, Bad>], stop: &_| {
        let invalid = |i: &usize| matches!(&answers[*i], Ok(a) if a.status() == Status::Invalid);
        let chosen = (0..answers.len()).filter(invalid);
        json_lines(entries, request, chosen.map(|i| (i, &answers[i])), stop)
    };
    let ((codes, errors), json) = run(
        py,
        boards,
        request,
        reading,
        jobs,
        record,
        cost,
        invalid_lines,
    )?;
    Ok((codes, memory::bytes(py, &json)?, errors))
}

/// `explain`: status codes, JSON records, errors.
#[pyfunction]
#[pyo3(signature = (boards, jobs=None, record=false))]
fn explain<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    jobs: Option<usize>,
    record: bool,
) -> PyResult<Answered<'py>> {
    let cost = Cost::new("explain", memory::EXPLAINED_BYTES);
    recorded(py, boards, Request::Explain, jobs, record, cost)
}

/// `hint`: status codes, JSON records, errors. `level` is `technique`,
/// `pattern` or `step`, as `--level`.
#[pyfunction]
#[pyo3(signature = (boards, candidates=false, level="step", jobs=None, record=false))]
fn hint<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    candidates: bool,
    level: &str,
    jobs: Option<usize>,
    record: bool,
) -> PyResult<Answered<'py>> {
    let level = match level {
        "technique" => HintLevel::Technique,
        "pattern" => HintLevel::Pattern,
        "step" => HintLevel::Step,
        _ => {
            return Err(PyValueError::new_err(format!(
                "level {level:?} is not one of \"technique\", \"pattern\", \"step\""
            )))
        }
    };
    let request = Request::Hint { candidates, level };
    let cost = Cost::new("hint", memory::RECORD_BYTES);
    recorded(py, boards, request, jobs, record, cost)
}

/// `canon`: status codes, JSON records (`canonical`, `transform`,
/// `automorphisms`, `symmetry`), errors.
#[pyfunction]
#[pyo3(signature = (boards, pattern_first=false, jobs=None, record=false))]
fn canon<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    pattern_first: bool,
    jobs: Option<usize>,
    record: bool,
) -> PyResult<Answered<'py>> {
    let order = if pattern_first {
        Order::PatternFirst
    } else {
        Order::Minlex
    };
    let request = Request::Canon { order, maps: true };
    let cost = Cost::new("canon", memory::RECORD_BYTES);
    recorded(py, boards, request, jobs, record, cost)
}

/// `transform` with named maps, applied in the CLI's order (rotate,
/// mirror, flip, transpose, relabel): status codes, JSON records, errors.
#[pyfunction]
#[pyo3(signature = (boards, rotate=None, mirror=false, flip=false, transpose=false, relabel=None, jobs=None, record=false))]
#[allow(clippy::too_many_arguments)]
fn transform<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    rotate: Option<u32>,
    mirror: bool,
    flip: bool,
    transpose: bool,
    relabel: Option<&str>,
    jobs: Option<usize>,
    record: bool,
) -> PyResult<Answered<'py>> {
    let bad = |error: TransformError| PyValueError::new_err(error.to_string());
    let mut map = Transform::IDENTITY;
    if let Some(degrees) = rotate {
        map = map.then(&Transform::rotate(degrees).map_err(bad)?);
    }
    if mirror {
        map = map.then(&Transform::mirror());
    }
    if flip {
        map = map.then(&Transform::flip());
    }
    if transpose {
        map = map.then(&Transform::transposition());
    }
    if let Some(digits) = relabel {
        map = map.then(&Transform::relabel(digits).map_err(bad)?);
    }
    let request = Request::Transform(Look::Fixed(map));
    let cost = Cost::new("transform", memory::RECORD_BYTES);
    recorded(py, boards, request, jobs, record, cost)
}

/// What each look-alike of `transform --random` takes: its answer, its
/// status code, its record and the dict Python makes of it.
const LOOK_ALIKE_BYTES: u64 =
    (size_of::<Result<Reply, Bad>>() + size_of::<Transformed>() + 1) as u64 + memory::RECORD_BYTES;

/// `transform --random`: `copies` look-alikes of every board, drawn as
/// the CLI draws them (copy k of the n-th good board from
/// `puzzle_seed(seed, n * copies + k)`), so a batch and a file of the same
/// boards give the same look-alikes: status codes and JSON records (a
/// board's copies together, in order; one record for a bad board), errors.
#[pyfunction]
#[pyo3(signature = (boards, seed=None, copies=1, jobs=None, record=false))]
fn transform_random<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    seed: Option<u64>,
    copies: u64,
    jobs: Option<usize>,
    record: bool,
) -> PyResult<Answered<'py>> {
    let copies = u32::try_from(copies)
        .ok()
        .filter(|&copies| copies >= 1)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "n must be from 1 to {} look-alikes of each board, not {copies}",
                u32::MAX
            ))
        })?;
    let seed = seed.unwrap_or_else(fresh_seed);
    let request = Request::Transform(Look::Random { seed, copies });
    // Each board's place among the good ones and its first record, besides
    // its look-alikes (checked once the boards are read).
    let input = input(boards, Cost::new("transform", 16), Reading::default())?;
    let jobs = batch::threads(jobs);
    let quick = input.len() <= QUICK_BOARDS && copies <= 64;
    let takes = Takes::of(&request);
    // Read, drawn and written with the GIL released, as every batch is.
    let (codes, json, errors) = interruptible(py, quick, move |stop| {
        let entries = read(&input, takes, jobs, record, stop)?;
        drop(input);
        // Each board's place among the good boards before it, as the CLI
        // numbers the boards of a run, and its first record: a good board
        // has `copies`, a bad one one.
        let mut ordinals = memory::with_capacity(entries.len(), "transform")?;
        let mut firsts = memory::with_capacity(entries.len(), "transform")?;
        let (mut good, mut records) = (0u64, 0u64);
        for entry in &entries {
            ordinals.push(good);
            firsts.push(records);
            good += u64::from(entry.is_ok());
            records += if entry.is_ok() { u64::from(copies) } else { 1 };
        }
        memory::check("transform", records, "look-alikes", LOOK_ALIKE_BYTES)?;
        // Below the machine's memory in bytes, so a usize.
        let records = records as usize;
        // Each record's board and copy: records are shared out among the
        // workers, so that one board's many copies are drawn on all of them.
        let place = |record: usize| {
            let board = firsts.partition_point(|&first| first <= record as u64) - 1;
            (board, (record as u64 - firsts[board]) as u32)
        };
        let looks = batch::map(records, jobs, 64, stop, "look-alikes", |record| {
            let (board, copy) = place(record);
            match &entries[board] {
                Ok(Item {
                    entry,
                    variant: None,
                }) => {
                    let marks = entry.candidates.as_deref();
                    let look = request.answer_copy(&entry.board, marks, ordinals[board], copy);
                    Ok(Reply::Classic(look))
                }
                // Refused when read already: classic boards only.
                Ok(Item {
                    entry,
                    variant: Some(variant),
                }) => {
                    let problem = variant::refusal("transform", variant);
                    Err(batch::refused(board, entry.line, problem))
                }
                Err(bad) => Err(bad.clone()),
            }
        })?;
        let all = (0..records).map(|record| (place(record).0, &looks[record]));
        let json = json_lines(&entries, request, all, stop)?;
        Ok((codes(&looks, answers::status_of)?, json, errors(&entries)))
    })?;
    Ok((
        memory::bytes(py, &codes)?,
        memory::bytes(py, &json)?,
        errors,
    ))
}

type Rated<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyList>,
    Vec<(usize, String)>,
);

/// `rate`: status codes, ER/EP/ED as float32 triples (native order, NaN
/// where unrated), the hardest technique's name (or None), errors.
#[pyfunction]
#[pyo3(signature = (boards, jobs=None, record=false))]
fn rate<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    jobs: Option<usize>,
    record: bool,
) -> PyResult<Rated<'py>> {
    // ER, EP, ED and the hardest technique, here and in Python.
    let cost = Cost::new("rate", 2 * (12 + 8 + 8));
    let ratings = |_: &[_], answers: &[Result<Reply, Bad>], _: &_| {
        let mut numbers = memory::with_capacity(answers.len() * 12, "ratings")?;
        let mut hardest = memory::with_capacity(answers.len(), "ratings")?;
        for answer in answers {
            let rating = answer.as_ref().ok().and_then(answers::rating);
            let triple = rating.map_or([f32::NAN; 3], |r| {
                [r.er, r.ep, r.ed].map(|d| d.value() as f32)
            });
            for number in triple {
                numbers.extend_from_slice(&number.to_ne_bytes());
            }
            hardest.push(rating.and_then(|r| r.hardest).map(|t| t.name()));
        }
        Ok((numbers, hardest))
    };
    let ((codes, errors), (numbers, hardest)) = run(
        py,
        boards,
        Request::Rate,
        Reading::default(),
        jobs,
        record,
        cost,
        ratings,
    )?;
    Ok((
        codes,
        memory::bytes(py, &numbers)?,
        PyList::new(py, hardest)?,
        errors,
    ))
}

/// `to_array`: status codes (`error` for malformed boards), the boards'
/// cells as read, errors.
#[pyfunction]
#[pyo3(signature = (boards, jobs=None, record=false))]
fn cells<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    jobs: Option<usize>,
    record: bool,
) -> PyResult<Answered<'py>> {
    // The cells, here and in Python.
    let input = input(boards, Cost::new("to_array", 2 * 81), Reading::default())?;
    let jobs = batch::threads(jobs);
    // Reading is quick: a microsecond or so a board.
    let quick = input.len() <= 64 * QUICK_BOARDS;
    // Classic boards only: the cells of any other would not fit a row.
    let takes = Takes::Classic("to_array");
    let (codes, cells, errors) = interruptible(py, quick, move |stop| {
        let entries = read(&input, takes, jobs, record, stop)?;
        drop(input);
        let mut cells = memory::zeroed(entries.len() * 81, "cells")?;
        for (row, entry) in cells.chunks_exact_mut(81).zip(&entries) {
            if let Ok(item) = entry {
                row.copy_from_slice(item.entry.board.cells());
            }
        }
        let codes = codes(&entries, |_| status_code(sudoku_engine::Status::Valid))?;
        Ok((codes, cells, errors(&entries)))
    })?;
    Ok((
        memory::bytes(py, &codes)?,
        memory::bytes(py, &cells)?,
        errors,
    ))
}

/// The library's version, the CLI's `--version`.
const VERSION: &str = env!("CARGO_PKG_VERSION");

#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("STATUS_WORDS", STATUS_WORDS.to_vec())?;
    module.add("__version__", VERSION)?;
    module.add_function(wrap_pyfunction!(solve, module)?)?;
    module.add_function(wrap_pyfunction!(count, module)?)?;
    module.add_function(wrap_pyfunction!(validate, module)?)?;
    module.add_function(wrap_pyfunction!(rate, module)?)?;
    module.add_function(wrap_pyfunction!(explain, module)?)?;
    module.add_function(wrap_pyfunction!(hint, module)?)?;
    module.add_function(wrap_pyfunction!(canon, module)?)?;
    module.add_function(wrap_pyfunction!(transform, module)?)?;
    module.add_function(wrap_pyfunction!(transform_random, module)?)?;
    module.add_function(wrap_pyfunction!(generate::generate, module)?)?;
    module.add_function(wrap_pyfunction!(cells, module)?)?;
    module.add_function(wrap_pyfunction!(symbols_size, module)?)?;
    Ok(())
}
