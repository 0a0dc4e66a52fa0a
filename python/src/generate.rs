//! `generate`: the CLI's `sudoku generate --format json`, with its options
//! as keywords.

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use sudoku_engine::generate::{fresh_seed, Givens, RatingRange, Recipe, Symmetry};
use sudoku_engine::ReadError;
use sudoku_output::generation::{run, RunOptions};
use sudoku_output::{Format, Report};

use crate::interrupt::{halted, interruptible, stopped};
use crate::memory;

/// What each puzzle takes: its record, the dict Python makes of it, and
/// the fingerprint that keeps the puzzles distinct.
const PUZZLE_BYTES: u64 = memory::RECORD_BYTES + 16;

/// Generation reads no input, so it has nothing to report; asked while it
/// waits on its workers whether its reader has gone, it says so once the
/// call was interrupted, which ends the run.
struct Watch<'a>(&'a AtomicBool);

impl Report for Watch<'_> {
    fn error(&mut self, _: &ReadError) {}

    fn output_closed(&mut self) -> bool {
        stopped(self.0)
    }
}

/// The records as they are written: a write fails once the call was
/// interrupted (which ends the run), or where more memory is refused.
struct Records<'a> {
    bytes: Vec<u8>,
    stop: &'a AtomicBool,
}

impl Write for Records<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if stopped(self.stop) {
            return Err(io::ErrorKind::BrokenPipe.into());
        }
        self.bytes
            .try_reserve(buf.len())
            .map_err(|_| io::Error::from(io::ErrorKind::OutOfMemory))?;
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn usage(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("impossible request: {message}"))
}

/// The recipe the CLI builds from the same options; an impossible request
/// is a `ValueError` with the CLI's reason.
fn recipe(
    symmetry: &str,
    minimal: bool,
    givens: Option<&str>,
    rating: Option<&str>,
    difficulty: Option<&str>,
) -> PyResult<Recipe> {
    let symmetry: Symmetry = symmetry
        .parse()
        .map_err(|e| PyValueError::new_err(format!("{e}")))?;
    let givens = givens
        .map(|text| text.parse::<Givens>().map_err(usage))
        .transpose()?;
    let range = match (rating, difficulty) {
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err(
                "rating and difficulty cannot be used together",
            ))
        }
        (Some(text), None) => Some(text.parse::<RatingRange>().map_err(usage)?),
        (None, Some(name)) => Some(RatingRange::bucket(name).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown difficulty {name:?} (easy, medium, hard or diabolical)"
            ))
        })?),
        (None, None) => None,
    };
    // JSON records always carry the rating, as the CLI's do.
    Recipe::new(symmetry, minimal, givens)
        .and_then(|recipe| recipe.with_rating(range, true))
        .map_err(usage)
}

/// The JSON Lines records of `n` puzzles, the run's seed, and how many
/// were found (fewer than `n` only at the timeout).
#[pyfunction]
#[pyo3(signature = (n=1, seed=None, symmetry="none", minimal=false, givens=None,
                    rating=None, difficulty=None, timeout=None, jobs=None))]
#[allow(clippy::too_many_arguments)]
pub fn generate<'py>(
    py: Python<'py>,
    n: u64,
    seed: Option<u64>,
    symmetry: &str,
    minimal: bool,
    givens: Option<&str>,
    rating: Option<&str>,
    difficulty: Option<&str>,
    timeout: Option<f64>,
    jobs: Option<usize>,
) -> PyResult<(Bound<'py, PyBytes>, u64, u64)> {
    let recipe = recipe(symmetry, minimal, givens, rating, difficulty)?;
    let timeout = timeout
        .map(|seconds| {
            Duration::try_from_secs_f64(seconds).map_err(|_| {
                PyValueError::new_err(format!("timeout {seconds} is not a number of seconds"))
            })
        })
        .transpose()?;
    let options = RunOptions {
        count: n,
        seed: seed.unwrap_or_else(fresh_seed),
        jobs: crate::batch::threads(jobs),
        format: Format::Json,
        quiet: false,
        timeout,
    };
    memory::check("generate", n, "puzzles", PUZZLE_BYTES)?;
    // Made with the GIL released, and stopped at Ctrl-C: the run's workers
    // end at their next attempt.
    let (out, made) = interruptible(py, false, move |stop| {
        let mut out = Records {
            bytes: Vec::new(),
            stop,
        };
        match run(&recipe, &options, |_| true, &mut out, &mut Watch(stop)) {
            Ok(made) => Ok((out.bytes, made)),
            Err(_) if stopped(stop) => Err(halted()),
            Err(error) if error.kind() == io::ErrorKind::OutOfMemory => {
                Err(PyMemoryError::new_err(format!(
                    "generate: cannot allocate more than {} for {} puzzles",
                    memory::human(out.bytes.len() as u128),
                    memory::grouped(n.into())
                )))
            }
            Err(error) => Err(error.into()),
        }
    })?;
    Ok((memory::bytes(py, &out)?, made.seed, made.found))
}
