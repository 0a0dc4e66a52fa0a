//! A run: `count` distinct puzzles from one run seed, made on one thread or
//! several, written in order as they are made.
//!
//! Candidate `k` (from 0) is the puzzle of [`puzzle_seed`]`(seed, k)`, and
//! the records are the first `count` distinct candidates in that order, so
//! the output never depends on the number of threads. With several
//! threads, workers take runs of consecutive candidates (a chunk) and the
//! calling thread writes the chunks back in order; at most `2 * jobs + 2`
//! chunks exist at once. Memory stays flat but for eight bytes per record:
//! the fingerprints that keep records distinct.

use std::collections::{BTreeMap, HashSet};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver, TryRecvError};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use crate::board::Board;
use crate::format::Format;
use crate::pipeline::{Report, Tally};

use super::random::puzzle_seed;
use super::record::GeneratedWriter;
use super::{generate, Puzzle, Recipe};

/// Most candidates in one chunk.
const CHUNK: u64 = 64;

/// Output is flushed at least this often while puzzles keep coming.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

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

/// What a run made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Generation {
    /// Puzzles asked for.
    pub asked: u64,
    /// Puzzles written.
    pub found: u64,
    /// The run's seed.
    pub seed: u64,
}

impl Generation {
    /// The run as the totals `--stats`, the progress line and the exit
    /// status read: every puzzle asked is a board, met if it was made.
    pub fn tally(&self) -> Tally {
        Tally {
            boards: self.asked,
            met: self.found,
            not_met: self.asked - self.found,
            malformed: 0,
            unreadable: 0,
        }
    }
}

/// Makes `options.count` distinct puzzles of `recipe` that `accept`
/// accepts, and writes them to `out` in order; `report` sees the progress.
/// Stops early at the timeout. Returns what was made, or the error that
/// writing met (a closed pipe is [`io::ErrorKind::BrokenPipe`]).
///
/// ```
/// use sudoku_cli::generate::{run, Recipe, RunOptions, Symmetry};
/// use sudoku_cli::{Format, Report, ReadError};
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
    F: Fn(&Puzzle) -> bool + Sync,
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
        flushed: Instant::now(),
    };
    if !options.quiet {
        sink.out.write_all(&sink.writer.begin())?;
    }
    if options.count > 0 {
        if options.jobs <= 1 {
            run_here(recipe, options, &accept, deadline, &mut sink)?;
        } else {
            run_threads(recipe, options, &accept, deadline, &mut sink)?;
        }
    }
    if !options.quiet {
        sink.out.write_all(&sink.writer.end())?;
    }
    sink.out.flush()?;
    Ok(Generation {
        asked: options.count,
        found: sink.found,
        seed: options.seed,
    })
}

fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|deadline| Instant::now() >= deadline)
}

/// One thread: candidates one by one until enough are written.
fn run_here<W: Write, R: Report, F: Fn(&Puzzle) -> bool>(
    recipe: &Recipe,
    options: &RunOptions,
    accept: &F,
    deadline: Option<Instant>,
    sink: &mut Sink<W, R>,
) -> io::Result<()> {
    for index in 0.. {
        let seed = puzzle_seed(options.seed, index);
        let made = generate(recipe, seed, accept, || past(deadline));
        if sink.take(made)? {
            break;
        }
    }
    Ok(())
}

/// Several threads make chunks of candidates; this one writes them back in
/// order.
fn run_threads<W: Write, R: Report, F: Fn(&Puzzle) -> bool + Sync>(
    recipe: &Recipe,
    options: &RunOptions,
    accept: &F,
    deadline: Option<Instant>,
    sink: &mut Sink<W, R>,
) -> io::Result<()> {
    let in_flight = 2 * options.jobs + 2;
    let (token_tx, token_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        let _ = token_tx.send(());
    }
    let claims = Claims {
        tokens: Mutex::new((token_rx, 0)),
        count: options.count,
        jobs: options.jobs as u64,
    };
    let stop = AtomicBool::new(false);
    let (done_tx, done_rx) = channel::<(u64, Vec<Option<Puzzle>>)>();
    thread::scope(|scope| {
        for _ in 0..options.jobs {
            let done_tx = done_tx.clone();
            let (claims, stop) = (&claims, &stop);
            scope.spawn(move || {
                let give_up = || stop.load(Ordering::Relaxed) || past(deadline);
                while let Some((start, size)) = claims.next() {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let chunk = (start..start + size)
                        .map(|index| {
                            generate(recipe, puzzle_seed(options.seed, index), accept, give_up)
                        })
                        .collect();
                    if done_tx.send((start, chunk)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let written = write_in_order(&done_rx, &token_tx, sink);
        // Tell the workers to end (each within one attempt), then the
        // scope waits for them.
        stop.store(true, Ordering::Relaxed);
        drop(token_tx);
        written
    })
}

/// Writes chunks in candidate order until enough puzzles are written, a
/// candidate came back empty (the timeout), or the workers are gone.
fn write_in_order<W: Write, R: Report>(
    done_rx: &Receiver<(u64, Vec<Option<Puzzle>>)>,
    token_tx: &std::sync::mpsc::SyncSender<()>,
    sink: &mut Sink<W, R>,
) -> io::Result<()> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    loop {
        while let Some(chunk) = waiting.remove(&next) {
            let chunk: Vec<Option<Puzzle>> = chunk;
            next += chunk.len() as u64;
            for made in chunk {
                if sink.take(made)? {
                    return Ok(());
                }
            }
            let _ = token_tx.send(());
        }
        let (start, chunk) = match done_rx.try_recv() {
            Ok(received) => received,
            Err(TryRecvError::Disconnected) => return Ok(()),
            Err(TryRecvError::Empty) => {
                // About to wait: let what is written so far reach the user.
                sink.flush()?;
                match done_rx.recv() {
                    Ok(received) => received,
                    Err(_) => return Ok(()),
                }
            }
        };
        waiting.insert(start, chunk);
    }
}

/// Hands out chunks of consecutive candidates, each worker taking one per
/// token (a token comes back when its chunk is written).
struct Claims {
    /// The token receiver and the next candidate not yet handed out.
    tokens: Mutex<(Receiver<()>, u64)>,
    count: u64,
    jobs: u64,
}

impl Claims {
    /// The next chunk: its first candidate and length. Chunks are small
    /// while few puzzles remain (so `-n 3` makes about 3), larger later.
    /// `None` once the writer has gone.
    fn next(&self) -> Option<(u64, u64)> {
        let mut guard = self.tokens.lock().ok()?;
        let (tokens, next) = &mut *guard;
        tokens.recv().ok()?;
        let left = self.count.saturating_sub(*next);
        let size = (left / (2 * self.jobs)).clamp(1, CHUNK);
        let start = *next;
        *next += size;
        Some((start, size))
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
        let tally = Tally {
            boards: self.found,
            met: self.found,
            ..Tally::default()
        };
        self.report.progress(&tally);
        Ok(())
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
    use crate::generate::{RatingRange, Symmetry};
    use crate::reader::ReadError;

    struct Silent;
    impl Report for Silent {
        fn error(&mut self, _: &ReadError) {}
    }

    fn output(
        recipe: &Recipe,
        options: RunOptions,
        accept: impl Fn(&Puzzle) -> bool + Sync,
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
                .with_rating(RatingRange::bucket(bucket), false);
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
        let empty = fingerprint(&Board::from_checked(cells));
        cells[80] = 1;
        assert_ne!(fingerprint(&Board::from_checked(cells)), empty);
    }
}
