//! `sudoku_cli._native`: the engine behind the Python package.
//!
//! Each function takes a batch (a list of strings, or the bytes of a
//! `(N, 81)` `uint8` array), copies it out, releases the GIL, reads and
//! answers the boards on `jobs` threads, and hands back plain buffers:
//! status codes (indices into [`STATUS_WORDS`]), cells, numbers, or the
//! library's JSON Lines records. The Python wrapper (`sudoku_cli/__init__.py`)
//! turns them into NumPy arrays and dicts; it is the documented API.

mod answers;
mod batch;
mod generate;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};

use sudoku_engine::canon::Order;
use sudoku_engine::generate::fresh_seed;
use sudoku_engine::transform::{Transform, TransformError};
use sudoku_engine::{Entry, HintLevel, Look, Request, Status};
use sudoku_output::{Format, Record, RecordWriter};

use crate::answers::{status_code, STATUS_WORDS};
use crate::batch::{Bad, Input};

/// Copies a batch out of Python: `bytes` of `N * 81` cells, or a sequence
/// of `str` (or `bytes`), one board each.
fn input(boards: &Bound<'_, PyAny>) -> PyResult<Input> {
    if let Ok(cells) = boards.cast::<PyBytes>() {
        let cells = cells.as_bytes();
        if cells.len() % 81 != 0 {
            return Err(PyValueError::new_err(format!(
                "{} cells is not a whole number of boards of 81",
                cells.len()
            )));
        }
        return Ok(Input::Cells(cells.to_vec()));
    }
    let (mut bytes, mut ends) = (Vec::new(), Vec::new());
    for (index, item) in boards.try_iter()?.enumerate() {
        let item = item?;
        if let Ok(text) = item.cast::<PyString>() {
            bytes.extend_from_slice(text.to_cow()?.as_bytes());
        } else if let Ok(text) = item.cast::<PyBytes>() {
            bytes.extend_from_slice(text.as_bytes());
        } else {
            let kind = item.get_type().name()?;
            return Err(PyTypeError::new_err(format!(
                "boards[{index}] is a {kind}, not a str: each board is one string"
            )));
        }
        ends.push(bytes.len());
    }
    Ok(Input::Texts { bytes, ends })
}

/// Every board of a batch, read; or the error for the first bad one when
/// errors are raised rather than recorded.
fn read(input: &Input, jobs: usize, record: bool) -> PyResult<Vec<Result<Entry, Bad>>> {
    let entries = batch::read_all(input, jobs);
    if !record {
        if let Some(Err(bad)) = entries.iter().find(|entry| entry.is_err()) {
            return Err(PyValueError::new_err(bad.message.clone()));
        }
    }
    Ok(entries)
}

/// The malformed boards of a batch, as (index, message).
fn errors(entries: &[Result<Entry, Bad>]) -> Vec<(usize, String)> {
    let bad = entries.iter().enumerate();
    bad.filter_map(|(i, entry)| entry.as_ref().err().map(|bad| (i, bad.message.clone())))
        .collect()
}

/// The status code of every board: answered, or `error`.
fn codes<T>(answered: &[Result<T, Bad>], status: impl Fn(&T) -> u8) -> Vec<u8> {
    let error = status_code(sudoku_engine::Status::Error);
    answered
        .iter()
        .map(|answer| answer.as_ref().map_or(error, &status))
        .collect()
}

/// Answers `request` for every board, `chunk` boards at a time per worker.
fn answer_all(
    entries: &[Result<Entry, Bad>],
    request: Request,
    jobs: usize,
    chunk: usize,
) -> Vec<Result<sudoku_engine::Answer, Bad>> {
    batch::map(entries.len(), jobs, chunk, |i| match &entries[i] {
        Ok(entry) => Ok(request.answer_marked(&entry.board, entry.candidates.as_deref())),
        Err(bad) => Err(bad.clone()),
    })
}

/// The records of a batch as the CLI's `--format json` writes them (each
/// board named `boards[I]`), one line each: `records` gives each one's
/// board index and answer.
fn json_lines<'a>(
    entries: &[Result<Entry, Bad>],
    request: Request,
    records: impl IntoIterator<Item = (usize, &'a Result<sudoku_engine::Answer, Bad>)>,
) -> Vec<u8> {
    let writer = RecordWriter::new(Format::Json, request);
    let mut out = Vec::new();
    for (index, answer) in records {
        match (&entries[index], answer) {
            (Ok(entry), Ok(answer)) => {
                let source = batch::source(index);
                let record = Record::Answered {
                    source: &source,
                    line: entry.line,
                    shape: entry.shape,
                    puzzle: &entry.board,
                    candidates: entry.candidates.as_deref(),
                    answer,
                };
                writer.write(&mut out, &record);
            }
            (Err(bad), _) | (_, Err(bad)) => match &bad.malformed {
                Some(malformed) => writer.write(&mut out, &Record::Malformed(malformed)),
                None => {
                    let record = serde_json::json!({
                        "source": batch::source(index),
                        "line": bad.line,
                        "status": "error",
                        "error": bad.problem,
                    });
                    out.extend_from_slice(record.to_string().as_bytes());
                    out.push(b'\n');
                }
            },
        }
    }
    out
}

/// Status codes and errors: what every batch function returns first.
type Coded<'py> = (Bound<'py, PyBytes>, Vec<(usize, String)>);

/// Runs `request` over a batch with the GIL released; returns the status
/// codes, the errors, and what `extra` makes of the answers.
fn run<'py, T: Send>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    request: Request,
    jobs: Option<usize>,
    record: bool,
    extra: impl Fn(&[Result<Entry, Bad>], &[Result<sudoku_engine::Answer, Bad>]) -> T + Send + Sync,
) -> PyResult<(Coded<'py>, T)> {
    let input = input(boards)?;
    let jobs = batch::threads(jobs);
    // Slow requests are shared out board by board.
    let chunk = if request.may_be_slow() { 1 } else { 64 };
    let (entries, answers, extra) = py.detach(|| -> PyResult<_> {
        let entries = read(&input, jobs, record)?;
        let answers = answer_all(&entries, request, jobs, chunk);
        let extra = extra(&entries, &answers);
        Ok((entries, answers, extra))
    })?;
    let codes = codes(&answers, answers::status_of);
    Ok(((PyBytes::new(py, &codes), errors(&entries)), extra))
}

/// `solve`: status codes, the solutions' cells (zeros where none), errors.
#[pyfunction]
#[pyo3(signature = (boards, unique=false, jobs=None, record=false))]
fn solve<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    unique: bool,
    jobs: Option<usize>,
    record: bool,
) -> PyResult<Answered<'py>> {
    let request = Request::Solve { unique };
    let ((codes, errors), cells) = run(py, boards, request, jobs, record, |_, answers| {
        let mut cells = vec![0u8; answers.len() * 81];
        for (row, answer) in cells.chunks_exact_mut(81).zip(answers) {
            if let Some(solution) = answer.as_ref().ok().and_then(answers::solution) {
                row.copy_from_slice(solution.cells());
            }
        }
        cells
    })?;
    Ok((codes, PyBytes::new(py, &cells), errors))
}

type Counted<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Vec<(usize, String)>,
);

/// `count`: status codes, counts (u32, native order), limit reached
/// (one byte each), errors.
#[pyfunction]
#[pyo3(signature = (boards, limit=1000, jobs=None, record=false))]
fn count<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    limit: u32,
    jobs: Option<usize>,
    record: bool,
) -> PyResult<Counted<'py>> {
    if limit < 1 {
        return Err(PyValueError::new_err("limit must be at least 1"));
    }
    let request = Request::Count { limit };
    let ((codes, errors), (counts, reached)) =
        run(py, boards, request, jobs, record, |_, answers| {
            let counts = answers
                .iter()
                .map(|a| a.as_ref().ok().and_then(answers::count));
            let (mut solutions, mut reached) = (Vec::new(), Vec::new());
            for count in counts {
                solutions.extend_from_slice(&count.map_or(0, |c| c.solutions).to_ne_bytes());
                reached.push(u8::from(count.is_some_and(|c| c.limit_reached)));
            }
            (solutions, reached)
        })?;
    Ok((
        codes,
        PyBytes::new(py, &counts),
        PyBytes::new(py, &reached),
        errors,
    ))
}

/// Status codes, the JSON Lines records, errors.
type Answered<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Vec<(usize, String)>,
);

fn recorded<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    request: Request,
    jobs: Option<usize>,
    record: bool,
) -> PyResult<Answered<'py>> {
    let ((codes, errors), json) = run(py, boards, request, jobs, record, |entries, answers| {
        json_lines(entries, request, answers.iter().enumerate())
    })?;
    Ok((codes, PyBytes::new(py, &json), errors))
}

/// `validate`: status codes, the invalid boards' JSON records (for their
/// conflicts), errors.
#[pyfunction]
#[pyo3(signature = (boards, complete=false, unique=false, jobs=None, record=false))]
fn validate<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    complete: bool,
    unique: bool,
    jobs: Option<usize>,
    record: bool,
) -> PyResult<Answered<'py>> {
    let request = Request::Validate { complete, unique };
    // Only the invalid boards' records: they alone carry conflicts, and
    // turning every record into a dict would cost more than validating.
    let ((codes, errors), json) = run(py, boards, request, jobs, record, |entries, answers| {
        let invalid = |i: &usize| matches!(&answers[*i], Ok(a) if a.status() == Status::Invalid);
        let chosen = (0..answers.len()).filter(invalid);
        json_lines(entries, request, chosen.map(|i| (i, &answers[i])))
    })?;
    Ok((codes, PyBytes::new(py, &json), errors))
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
    recorded(py, boards, Request::Explain, jobs, record)
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
    recorded(
        py,
        boards,
        Request::Hint { candidates, level },
        jobs,
        record,
    )
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
    recorded(
        py,
        boards,
        Request::Canon { order, maps: true },
        jobs,
        record,
    )
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
    recorded(
        py,
        boards,
        Request::Transform(Look::Fixed(map)),
        jobs,
        record,
    )
}

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
    copies: u32,
    jobs: Option<usize>,
    record: bool,
) -> PyResult<Answered<'py>> {
    if copies < 1 {
        return Err(PyValueError::new_err("n must be at least 1"));
    }
    let seed = seed.unwrap_or_else(fresh_seed);
    let request = Request::Transform(Look::Random { seed, copies });
    let input = input(boards)?;
    let jobs = batch::threads(jobs);
    // Read, drawn and written with the GIL released, as every batch is.
    let (codes, json, errors) = py.detach(|| -> PyResult<_> {
        let entries = read(&input, jobs, record)?;
        // Each board's place among the good boards before it, as the CLI
        // numbers the boards of a run.
        let ordinals: Vec<u64> = entries
            .iter()
            .scan(0u64, |good, entry| {
                let ordinal = *good;
                *good += u64::from(entry.is_ok());
                Some(ordinal)
            })
            .collect();
        let drawn = batch::map(entries.len(), jobs, 64, |i| match &entries[i] {
            Ok(entry) => {
                let marks = entry.candidates.as_deref();
                let copy = |k| request.answer_copy(&entry.board, marks, ordinals[i], k);
                (0..copies).map(|k| (i, Ok(copy(k)))).collect()
            }
            Err(bad) => vec![(i, Err(bad.clone()))],
        });
        // Each record's board, and its answer.
        let (boards, looks): (Vec<usize>, Vec<_>) = drawn.into_iter().flatten().unzip();
        let json = json_lines(&entries, request, boards.into_iter().zip(&looks));
        Ok((codes(&looks, answers::status_of), json, errors(&entries)))
    })?;
    Ok((PyBytes::new(py, &codes), PyBytes::new(py, &json), errors))
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
    let ((codes, errors), (numbers, hardest)) =
        run(py, boards, Request::Rate, jobs, record, |_, answers| {
            let mut numbers = Vec::with_capacity(answers.len() * 12);
            let mut hardest = Vec::with_capacity(answers.len());
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
            (numbers, hardest)
        })?;
    Ok((
        codes,
        PyBytes::new(py, &numbers),
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
    let input = input(boards)?;
    let jobs = batch::threads(jobs);
    let entries = py.detach(|| read(&input, jobs, record))?;
    let mut cells = vec![0u8; entries.len() * 81];
    for (row, entry) in cells.chunks_exact_mut(81).zip(&entries) {
        if let Ok(entry) = entry {
            row.copy_from_slice(entry.board.cells());
        }
    }
    let codes = codes(&entries, |_| status_code(sudoku_engine::Status::Valid));
    Ok((
        PyBytes::new(py, &codes),
        PyBytes::new(py, &cells),
        errors(&entries),
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
    Ok(())
}
