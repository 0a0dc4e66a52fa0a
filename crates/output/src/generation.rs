//! A run: `count` distinct puzzles from one run seed, made by worker
//! threads and written in order, as they are made, by the calling thread.
//!
//! Candidate `k` (from 0) is the puzzle of [`puzzle_seed`]`(seed, k)`, and
//! the records are the first `count` distinct candidates in that order, so
//! the output never depends on the number of threads. Workers take one
//! candidate at a time and hand each back as soon as it is made; at most
//! `4 * jobs + 4` candidates are claimed and not yet written. The calling
//! thread only writes: while it waits it flushes, shows progress and asks
//! whether the output was closed, so a finished puzzle never waits behind a
//! slow one and a reader that went away (`| head -1`) ends the run at once.
//! The workers are detached: when the run ends they stop at their next
//! attempt, and the process need not wait for them. Memory stays flat but
//! for eight bytes per record: the fingerprints that keep records distinct.

use std::collections::{BTreeMap, HashSet};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::format::Format;
use crate::report::{wait_a_tick, Generation, Report, Waited};
use sudoku_engine::board::Board;

use sudoku_engine::generate::{generate, puzzle_seed, Puzzle, Recipe};

mod writer;

pub use writer::GeneratedWriter;

/// Output is flushed at least this often while puzzles keep coming.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// How often the writer, waiting on the workers, looks up: whether the
/// output was closed, and to show progress.
const LOOK_EVERY: Duration = Duration::from_millis(20);

/// How to run: how many puzzles, from which seed, and how to print them.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// Puzzles to write.
    pub count: u64,
    /// The run's seed.
    pub seed: u64,
    /// Worker threads (at least 1); the output never depends on it.
    pub jobs: usize,
    /// How to print records.
    pub format: Format,
    /// Print no records.
    pub quiet: bool,
    /// Stop making puzzles after this long.
    pub timeout: Option<Duration>,
}

/// Makes `options.count` distinct puzzles of `recipe` that `accept`
/// accepts, and writes them to `out` in order; `report` sees the progress.
/// Stops early at the timeout. Returns what was made, or the error that
/// writing met (a closed pipe is [`io::ErrorKind::BrokenPipe`]).
///
/// ```
/// use sudoku_engine::generate::{Recipe, Symmetry};
/// use sudoku_engine::ReadError;
/// use sudoku_output::generation::{run, RunOptions};
/// use sudoku_output::{Format, Report};
///
/// struct Silent;
/// impl Report for Silent {
///     fn error(&mut self, _: &ReadError) {}
/// }
///
/// let recipe = Recipe::new(Symmetry::None, false, None).unwrap();
/// let options = RunOptions {
///     count: 3, seed: 7, jobs: 2, format: Format::Line, quiet: false, timeout: None,
/// };
/// let mut out = Vec::new();
/// let made = run(&recipe, &options, |_| true, &mut out, &mut Silent).unwrap();
/// assert_eq!(made.found, 3);
/// assert_eq!(out.len(), 3 * 82);
/// ```
pub fn run<W, R, F>(
    recipe: &Recipe,
    options: &RunOptions,
    accept: F,
    out: &mut W,
    report: &mut R,
) -> io::Result<Generation>
where
    W: Write,
    R: Report,
    F: Fn(&Puzzle) -> bool + Send + Sync + 'static,
{
    let deadline = options.timeout.map(|timeout| Instant::now() + timeout);
    let mut sink = Sink {
        out,
        report,
        writer: GeneratedWriter::new(options.format),
        options: *options,
        seen: HashSet::new(),
        text: Vec::with_capacity(1 << 12),
        found: 0,
        tried: Arc::new(AtomicU64::new(0)),
        flushed: Instant::now(),
    };
    if !options.quiet {
        sink.out.write_all(&sink.writer.begin())?;
    }
    if options.count > 0 {
        let tried = Arc::clone(&sink.tried);
        let workers = Workers::start(recipe, options, accept, deadline, tried);
        let written = write_in_order(&workers, &mut sink);
        // Tell the workers to end (each at its next attempt), whatever
        // became of the writing.
        workers.stop.store(true, Ordering::Relaxed);
        written?;
    }
    if !options.quiet {
        sink.out.write_all(&sink.writer.end())?;
    }
    sink.out.flush()?;
    Ok(sink.progress())
}

fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|deadline| Instant::now() >= deadline)
}

/// The workers of a run, as the writer sees them: what they made, by
/// candidate, and the tokens that bound how far ahead they claim.
struct Workers {
    done_rx: Receiver<(u64, Option<Puzzle>)>,
    /// One token back per candidate written.
    token_tx: SyncSender<()>,
    stop: Arc<AtomicBool>,
}

impl Workers {
    /// Starts `options.jobs` detached workers, each making one candidate
    /// per token; `tried` counts their attempts.
    fn start<F: Fn(&Puzzle) -> bool + Send + Sync + 'static>(
        recipe: &Recipe,
        options: &RunOptions,
        accept: F,
        deadline: Option<Instant>,
        tried: Arc<AtomicU64>,
    ) -> Workers {
        let jobs = options.jobs.max(1);
        let in_flight = 4 * jobs + 4;
        let (token_tx, token_rx) = sync_channel::<()>(in_flight);
        for _ in 0..in_flight {
            let _ = token_tx.send(());
        }
        let claims = Arc::new(Mutex::new((token_rx, 0u64)));
        let (done_tx, done_rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let (recipe, accept, seed) = (Arc::new(recipe.clone()), Arc::new(accept), options.seed);
        for _ in 0..jobs {
            let (claims, done_tx, stop) = (Arc::clone(&claims), done_tx.clone(), Arc::clone(&stop));
            let (recipe, accept, tried) =
                (Arc::clone(&recipe), Arc::clone(&accept), Arc::clone(&tried));
            thread::spawn(move || {
                let give_up = || {
                    tried.fetch_add(1, Ordering::Relaxed);
                    stop.load(Ordering::Relaxed) || past(deadline)
                };
                while let Some(index) = claim(&claims) {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let made = generate(&recipe, puzzle_seed(seed, index), &*accept, give_up);
                    if done_tx.send((index, made)).is_err() {
                        return;
                    }
                }
            });
        }
        Workers {
            done_rx,
            token_tx,
            stop,
        }
    }
}

/// The next candidate to make, once a token allows it; `None` once the
/// writer has gone.
fn claim(claims: &Mutex<(Receiver<()>, u64)>) -> Option<u64> {
    let mut guard = claims.lock().ok()?;
    let (tokens, next) = &mut *guard;
    tokens.recv().ok()?;
    *next += 1;
    Some(*next - 1)
}

/// Writes candidates in order until enough puzzles are written or a
/// candidate came back empty (the timeout); an error if the output was
/// closed.
fn write_in_order<W: Write, R: Report>(workers: &Workers, sink: &mut Sink<W, R>) -> io::Result<()> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    loop {
        while let Some(made) = waiting.remove(&next) {
            next += 1;
            if sink.take(made)? {
                return Ok(());
            }
            let _ = workers.token_tx.send(());
        }
        let (index, made) = match workers.done_rx.try_recv() {
            Ok(received) => received,
            Err(TryRecvError::Disconnected) => return Ok(()),
            Err(TryRecvError::Empty) => {
                // About to wait: let what is written so far reach the user.
                sink.flush()?;
                match wait(&workers.done_rx, sink)? {
                    Some(received) => received,
                    None => return Ok(()),
                }
            }
        };
        waiting.insert(index, made);
    }
}

/// Waits for the next candidate (`None` once the workers are gone),
/// looking up every [`LOOK_EVERY`]: a closed output is a broken pipe, and
/// the report sees how the search goes.
fn wait<W: Write, R: Report, T>(
    done_rx: &Receiver<T>,
    sink: &mut Sink<W, R>,
) -> io::Result<Option<T>> {
    loop {
        match wait_a_tick(done_rx, LOOK_EVERY, sink.report)? {
            Waited::Got(received) => return Ok(Some(received)),
            Waited::Gone => return Ok(None),
            Waited::Tick => {
                let progress = sink.progress();
                sink.report.searching(&progress);
            }
        }
    }
}

/// The writing end: records, distinctness, flushing and progress.
struct Sink<'a, W, R> {
    out: &'a mut W,
    report: &'a mut R,
    writer: GeneratedWriter,
    options: RunOptions,
    /// Fingerprints of the puzzles written.
    seen: HashSet<u64>,
    text: Vec<u8>,
    found: u64,
    /// The workers' attempts so far.
    tried: Arc<AtomicU64>,
    flushed: Instant,
}

impl<W: Write, R: Report> Sink<'_, W, R> {
    /// Takes the next candidate in order: writes it if it is new. Returns
    /// true when the run is over (enough written, or `None`: time is up).
    fn take(&mut self, made: Option<Puzzle>) -> io::Result<bool> {
        let Some(made) = made else {
            return Ok(true);
        };
        if !self.seen.insert(fingerprint(&made.puzzle)) {
            return Ok(false);
        }
        self.found += 1;
        if !self.options.quiet {
            self.text.clear();
            self.writer.write(&mut self.text, self.found, &made);
            self.out.write_all(&self.text)?;
        }
        let done = self.found == self.options.count;
        if !done && self.flushed.elapsed() >= FLUSH_EVERY {
            self.flush()?;
        }
        Ok(done)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()?;
        self.flushed = Instant::now();
        let progress = self.progress();
        self.report.searching(&progress);
        Ok(())
    }

    /// The run so far.
    fn progress(&self) -> Generation {
        Generation {
            asked: self.options.count,
            found: self.found,
            tried: self.tried.load(Ordering::Relaxed),
            seed: self.options.seed,
        }
    }
}

/// A puzzle's 64-bit FNV-1a hash: fixed, so that which candidate counts as
/// a repeat (only ever a true repeat, or a one-in-2^64 collision) is the
/// same on every run.
fn fingerprint(board: &Board) -> u64 {
    board
        .cells()
        .iter()
        .fold(0xCBF2_9CE4_8422_2325, |hash, &cell| {
            (hash ^ u64::from(cell)).wrapping_mul(0x0000_0100_0000_01B3)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::generate::{RatingRange, Symmetry};
    use sudoku_engine::reader::ReadError;

    struct Silent;
    impl Report for Silent {
        fn error(&mut self, _: &ReadError) {}
    }

    fn output(
        recipe: &Recipe,
        options: RunOptions,
        accept: impl Fn(&Puzzle) -> bool + Send + Sync + 'static,
    ) -> (Vec<u8>, Generation) {
        let mut out = Vec::new();
        let made = run(recipe, &options, accept, &mut out, &mut Silent).unwrap();
        (out, made)
    }

    fn options(count: u64, jobs: usize) -> RunOptions {
        RunOptions {
            count,
            seed: 5,
            jobs,
            format: Format::Line,
            quiet: false,
            timeout: None,
        }
    }

    #[test]
    fn any_number_of_threads_writes_the_same_bytes() {
        let recipe = Recipe::new(Symmetry::Rotate180, false, None).unwrap();
        let (one, made) = output(&recipe, options(40, 1), |_| true);
        assert_eq!(made.found, 40);
        for jobs in [2, 3, 8] {
            assert_eq!(output(&recipe, options(40, jobs), |_| true).0, one);
        }
    }

    #[test]
    fn every_bucket_writes_the_same_bytes_on_any_number_of_threads() {
        for bucket in ["easy", "medium", "hard"] {
            let recipe = Recipe::new(Symmetry::None, false, None)
                .unwrap()
                .with_rating(RatingRange::bucket(bucket), false)
                .unwrap();
            let (one, made) = output(&recipe, options(30, 1), |_| true);
            assert_eq!(made.found, 30, "{bucket}");
            assert_eq!(output(&recipe, options(30, 2), |_| true).0, one, "{bucket}");
        }
    }

    #[test]
    fn repeats_are_skipped_and_numbering_goes_on() {
        let recipe = Recipe::new(Symmetry::None, false, None).unwrap();
        let a = generate(&recipe, 1, |_| true, || false);
        let b = generate(&recipe, 2, |_| true, || false);
        let mut out = Vec::new();
        let mut sink = Sink {
            out: &mut out,
            report: &mut Silent,
            writer: GeneratedWriter::new(Format::Json),
            options: options(3, 1),
            seen: HashSet::new(),
            text: Vec::new(),
            found: 0,
            tried: Arc::default(),
            flushed: Instant::now(),
        };
        assert!(!sink.take(a).unwrap());
        assert!(!sink.take(a).unwrap());
        assert!(!sink.take(b).unwrap());
        assert!(!sink.take(a).unwrap());
        assert!(sink.take(None).unwrap(), "an empty candidate ends the run");
        assert_eq!(sink.found, 2);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(
            (lines[0]["line"].as_u64(), lines[0]["seed"].as_u64()),
            (Some(1), Some(1))
        );
        assert_eq!(
            (lines[1]["line"].as_u64(), lines[1]["seed"].as_u64()),
            (Some(2), Some(2))
        );
    }

    #[test]
    fn a_timeout_stops_with_what_was_found() {
        // 17 givens, not minimal: practically never reached by digging.
        let recipe = Recipe::new(Symmetry::None, false, Some("17".parse().unwrap())).unwrap();
        for jobs in [1, 2] {
            let options = RunOptions {
                timeout: Some(Duration::from_millis(50)),
                ..options(5, jobs)
            };
            let (out, made) = output(&recipe, options, |_| true);
            assert!(made.found < 5);
            assert_eq!(out.len() as u64, made.found * 82);
            assert_eq!(made.tally().not_met, 5 - made.found);
        }
    }

    #[test]
    fn fingerprints_tell_boards_apart() {
        let mut cells = [0u8; 81];
        let empty = fingerprint(&Board::new(cells).unwrap());
        cells[80] = 1;
        assert_ne!(fingerprint(&Board::new(cells).unwrap()), empty);
    }
}
