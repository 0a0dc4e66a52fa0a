//! Running a request over inputs: read, answer and write boards in bounded
//! chunks, in input order, on one thread or several.
//!
//! Boards are read into chunks of at most [`CHUNK`] items. A chunk also ends
//! where reading on would wait on the input (a pipe or terminal that has
//! nothing more yet; never within a regular file), so an interactive user
//! gets each answer as soon as the board is typed. With one job everything
//! happens on the calling thread. With more, a reader thread fills chunks,
//! `jobs` workers answer and format them, and the calling thread writes
//! them back in order. Chunks are sized by time, not count: the first holds
//! 16 items (a small input still spreads over the workers), and each next
//! one as many as the workers answered in [`CHUNK_TIME`] lately, so a
//! request whose boards take seconds (`rate` on hard puzzles) does not
//! leave a worker alone with a long last chunk. At most
//! `(2 * jobs + 2) * CHUNK` items are read and not yet written, so memory
//! stays flat on endless input.
//!
//! Output is block-buffered, but no record waits long in the buffer: a
//! timer ticks every [`FLUSH_EVERY`], and at each tick the boards answered
//! so far are written out (a worker hands over the part of its chunk it has
//! done); the buffer is also flushed after each chunk and whenever the
//! writer is about to wait. So a record reaches the output about as soon
//! as it is answered, and a closed pipe (`| head -1`) is noticed as soon.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, sync_channel, TryRecvError};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::answer::Request;
use crate::format::{Format, Printed, Record, RecordWriter, Text};
use crate::reader::{Boards, Entry, ReadError};

/// Most items in one chunk.
pub const CHUNK: usize = 1024;

/// The first chunk's size: small inputs still split among the workers.
const FIRST_CHUNK: usize = 16;

/// How long answering one chunk should take: thousands of times the cost
/// of handing a chunk over, and short enough that the last chunks of a run
/// keep every worker busy to the end.
const CHUNK_TIME: Duration = Duration::from_millis(4);

/// The input buffer size: big enough that reading costs few system calls.
const BUFFER: usize = 1 << 16;

/// How often answered records are written out at the latest: well within
/// the 100 ms in which a record should reach the output once answered (a
/// board being solved when the clock ticks finishes first), and rarely
/// enough that the writes cost nothing.
pub const FLUSH_EVERY: Duration = Duration::from_millis(20);

/// A clock that ticks every [`FLUSH_EVERY`] while a run lasts, read with
/// one relaxed load (cheap enough to look at after every board).
#[derive(Clone)]
struct Ticks(Arc<AtomicU64>);

impl Ticks {
    /// Starts the timer thread; it ends at its first tick after the last
    /// clone is dropped.
    fn start() -> Ticks {
        let ticks = Arc::new(AtomicU64::new(0));
        let timer = Arc::downgrade(&ticks);
        thread::spawn(move || loop {
            thread::sleep(FLUSH_EVERY);
            match timer.upgrade() {
                Some(ticks) => ticks.fetch_add(1, Ordering::Relaxed),
                None => return,
            };
        });
        Ticks(ticks)
    }

    /// The ticks so far.
    fn now(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// One input to read: standard input or a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    name: Arc<str>,
    path: Option<PathBuf>,
}

impl Input {
    /// Standard input, named `<stdin>`.
    pub fn stdin() -> Input {
        Input {
            name: Arc::from("<stdin>"),
            path: None,
        }
    }

    /// A file, named by its path as given (lossily, if it is not UTF-8).
    pub fn path(path: impl Into<PathBuf>) -> Input {
        let path = path.into();
        Input {
            name: Arc::from(path.to_string_lossy().as_ref()),
            path: Some(path),
        }
    }

    /// The name used in records and messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The file's path as given, `None` for standard input.
    pub fn file(&self) -> Option<&std::path::Path> {
        self.path.as_deref()
    }

    /// Opens the input, and says whether reading it may wait (a pipe or a
    /// terminal rather than a regular file).
    fn open(&self) -> io::Result<(Boards<Source>, bool)> {
        let (source, may_wait) = match &self.path {
            None => (
                Source::Stdin(BufReader::with_capacity(BUFFER, io::stdin().lock())),
                true,
            ),
            Some(path) => {
                let file = File::open(path)?;
                let regular = file.metadata().is_ok_and(|metadata| metadata.is_file());
                (
                    Source::File(BufReader::with_capacity(BUFFER, file)),
                    !regular,
                )
            }
        };
        Ok((Boards::new(source, self.name.clone()), may_wait))
    }
}

/// An open input; an enum rather than a trait object keeps reads inlined.
enum Source {
    Stdin(BufReader<io::StdinLock<'static>>),
    File(BufReader<File>),
}

impl Read for Source {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Source::Stdin(r) => r.read(buf),
            Source::File(r) => r.read(buf),
        }
    }
}

impl BufRead for Source {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self {
            Source::Stdin(r) => r.fill_buf(),
            Source::File(r) => r.fill_buf(),
        }
    }

    fn consume(&mut self, amount: usize) {
        match self {
            Source::Stdin(r) => r.consume(amount),
            Source::File(r) => r.consume(amount),
        }
    }
}

/// How to run: what to ask of each board and how to print the answers.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// What to do with each board.
    pub request: Request,
    /// How to print records.
    pub format: Format,
    /// Worker threads (at least 1); the output never depends on it.
    pub jobs: usize,
    /// Print no records, only count them.
    pub quiet: bool,
}

/// Counts of what a run met so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Records: boards answered plus malformed boards.
    pub boards: u64,
    /// Boards that met the request.
    pub met: u64,
    /// Boards that were answered but did not meet the request.
    pub not_met: u64,
    /// Malformed boards.
    pub malformed: u64,
    /// Inputs that could not be opened or read to the end.
    pub unreadable: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.boards += other.boards;
        self.met += other.met;
        self.not_met += other.not_met;
        self.malformed += other.malformed;
        self.unreadable += other.unreadable;
    }
}

/// Where a run reports what is not a record.
pub trait Report {
    /// A malformed board or an unreadable input, in input order.
    fn error(&mut self, error: &ReadError);

    /// [`Report::error`], with the input it comes from: a reporter that
    /// can write bytes may name a path that is not UTF-8 exactly, where
    /// the error names it lossily.
    fn error_in(&mut self, _input: &Input, error: &ReadError) {
        self.error(error);
    }

    /// Called after each chunk is written, with the totals so far.
    fn progress(&mut self, _tally: &Tally) {}
}

/// Runs `options.request` over every board of `inputs`, writing records to
/// `out` in input order and errors to `report`. Returns the totals, or the
/// error that writing to `out` met (a closed pipe is
/// [`io::ErrorKind::BrokenPipe`]).
pub fn run<W: Write, R: Report>(
    inputs: Vec<Input>,
    options: &Options,
    out: &mut W,
    report: &mut R,
) -> io::Result<Tally> {
    let mut writer = Writer {
        inputs: inputs.clone(),
        out,
        report,
        records: RecordWriter::new(options.format, options.request),
        last: None,
        tally: Tally::default(),
    };
    let names: Arc<[Arc<str>]> = inputs.iter().map(|input| input.name.clone()).collect();
    if options.jobs <= 1 {
        run_here(inputs, &names, options, &mut writer)?;
    } else {
        run_threads(inputs, names, options, &mut writer)?;
    }
    writer.out.flush()?;
    Ok(writer.tally)
}

/// One thread: read a chunk, answer it and write it, flushing after each
/// chunk and at each tick within one.
fn run_here<W: Write, R: Report>(
    inputs: Vec<Input>,
    names: &[Arc<str>],
    options: &Options,
    writer: &mut Writer<W, R>,
) -> io::Result<()> {
    let ticks = Ticks::start();
    let mut items = Items::new(inputs);
    let mut chunk = Vec::with_capacity(CHUNK);
    loop {
        let more = items.fill(&mut chunk, CHUNK);
        let mut answering = chunk.drain(..);
        loop {
            let (done, finished) = answer(&mut answering, names, options, &ticks);
            writer.write(done)?;
            // One write per chunk at most, besides the ticks: no cost
            // next to answering a thousand boards.
            writer.out.flush()?;
            if finished {
                break;
            }
        }
        if !more {
            return Ok(());
        }
    }
}

/// Several threads: a reader, `options.jobs` workers, and this thread
/// writing chunks back in input order.
fn run_threads<W: Write, R: Report>(
    inputs: Vec<Input>,
    names: Arc<[Arc<str>]>,
    options: &Options,
    writer: &mut Writer<W, R>,
) -> io::Result<()> {
    let budget = Arc::new(Budget::new((2 * options.jobs + 2) * CHUNK));
    // Closes the budget however this function returns, so the reader ends.
    let _open = Open(Arc::clone(&budget));
    let pace = Arc::new(Pace::default());
    let ticks = Ticks::start();
    let (work_tx, work_rx) = sync_channel::<(u64, Vec<Item>)>(options.jobs);
    // A chunk comes back in one or more parts: (chunk, part, whether last).
    let (done_tx, done_rx) = channel::<(u64, Done, bool)>();

    // The threads are detached: if stdout closes, this function returns at
    // once and the process exits without waiting on a blocked read.
    let reader_budget = Arc::clone(&budget);
    let reader_pace = Arc::clone(&pace);
    thread::spawn(move || {
        let mut items = Items::new(inputs);
        let mut size = FIRST_CHUNK;
        for seq in 0.. {
            if !reader_budget.take(size) {
                return;
            }
            let mut chunk = Vec::with_capacity(size);
            let more = items.fill(&mut chunk, size);
            reader_budget.give(size - chunk.len());
            if work_tx.send((seq, chunk)).is_err() || !more {
                return;
            }
            size = reader_pace.chunk_size();
        }
    });
    let work_rx = Arc::new(Mutex::new(work_rx));
    for _ in 0..options.jobs {
        let work_rx = Arc::clone(&work_rx);
        let done_tx = done_tx.clone();
        let names = Arc::clone(&names);
        let options = *options;
        let ticks = ticks.clone();
        let pace = Arc::clone(&pace);
        thread::spawn(move || loop {
            // The lock is held only while taking a chunk, not answering it.
            let next = work_rx
                .lock()
                .map_err(drop)
                .and_then(|rx| rx.recv().map_err(drop));
            let Ok((seq, chunk)) = next else { return };
            let (started, size) = (Instant::now(), chunk.len());
            let mut answering = chunk.into_iter();
            loop {
                let (done, finished) = answer(&mut answering, &names, &options, &ticks);
                if done_tx.send((seq, done, finished)).is_err() {
                    return;
                }
                if finished {
                    break;
                }
            }
            pace.record(started.elapsed(), size);
        });
    }
    drop(done_tx);

    // Parts of chunks that came before their turn, in order within each
    // chunk (one worker answers a chunk and sends its parts in order).
    let mut waiting: BTreeMap<u64, Vec<(Done, bool)>> = BTreeMap::new();
    let mut next = 0;
    let mut flushed = ticks.now();
    loop {
        while let Some(parts) = waiting.get_mut(&next) {
            let mut finished = false;
            for (done, last) in parts.drain(..) {
                let items = done.items;
                writer.write(done)?;
                budget.give(items);
                finished = last;
            }
            if !finished {
                break;
            }
            waiting.remove(&next);
            next += 1;
        }
        if ticks.now() != flushed {
            writer.out.flush()?;
            flushed = ticks.now();
        }
        let (seq, done, last) = match done_rx.try_recv() {
            Ok(received) => received,
            Err(TryRecvError::Disconnected) => return Ok(()),
            Err(TryRecvError::Empty) => {
                // About to wait: let what is written so far reach the user.
                writer.out.flush()?;
                flushed = ticks.now();
                match done_rx.recv() {
                    Ok(received) => received,
                    Err(_) => return Ok(()),
                }
            }
        };
        waiting.entry(seq).or_default().push((done, last));
    }
}

/// How many items may be read and not yet written: a counting semaphore in
/// items, as chunks differ in size.
struct Budget {
    /// Items out, and whether the writer has gone.
    state: Mutex<(usize, bool)>,
    freed: Condvar,
    limit: usize,
}

impl Budget {
    fn new(limit: usize) -> Budget {
        Budget {
            state: Mutex::new((0, false)),
            freed: Condvar::new(),
            limit,
        }
    }

    /// Waits until `items` more fit (a chunk always fits when nothing is
    /// out); false once the writer has gone.
    fn take(&self, items: usize) -> bool {
        let Ok(mut state) = self.state.lock() else {
            return false;
        };
        while !state.1 && state.0 > 0 && state.0 + items > self.limit {
            match self.freed.wait(state) {
                Ok(next) => state = next,
                Err(_) => return false,
            }
        }
        state.0 += items;
        !state.1
    }

    fn give(&self, items: usize) {
        if let Ok(mut state) = self.state.lock() {
            state.0 = state.0.saturating_sub(items);
            self.freed.notify_all();
        }
    }

    fn close(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.1 = true;
            self.freed.notify_all();
        }
    }
}

/// Closes a [`Budget`] when dropped.
struct Open(Arc<Budget>);

impl Drop for Open {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// What one item cost lately, in nanoseconds (0 before any chunk is done):
/// the reader sizes chunks by it.
#[derive(Default)]
struct Pace(AtomicU64);

impl Pace {
    fn record(&self, elapsed: Duration, items: usize) {
        let each = elapsed.as_nanos() / items.max(1) as u128;
        self.0
            .store(each.clamp(1, u64::MAX.into()) as u64, Ordering::Relaxed);
    }

    /// As many items as take [`CHUNK_TIME`] at this pace (16 until a chunk
    /// is done), from 1 to [`CHUNK`].
    fn chunk_size(&self) -> usize {
        match self.0.load(Ordering::Relaxed) {
            0 => FIRST_CHUNK,
            each => (CHUNK_TIME.as_nanos() / u128::from(each)).clamp(1, CHUNK as u128) as usize,
        }
    }
}

/// One thing read: a board, or an error (a malformed board or an
/// unreadable input).
enum Item {
    /// `input` indexes the run's input names.
    Board {
        input: usize,
        entry: Entry,
    },
    Failed(usize, ReadError),
}

/// Walks the inputs in order, yielding their items.
struct Items {
    inputs: std::iter::Enumerate<std::vec::IntoIter<Input>>,
    /// The open input, its index, and whether reading it may wait.
    current: Option<(usize, Boards<Source>, bool)>,
}

impl Items {
    fn new(inputs: Vec<Input>) -> Items {
        Items {
            inputs: inputs.into_iter().enumerate(),
            current: None,
        }
    }

    fn next(&mut self) -> Option<Item> {
        loop {
            if let Some((input, boards, _)) = &mut self.current {
                match boards.next() {
                    Some(Ok(entry)) => {
                        let input = *input;
                        return Some(Item::Board { input, entry });
                    }
                    Some(Err(error)) => return Some(Item::Failed(*input, error)),
                    None => self.current = None,
                }
            }
            let (index, input) = self.inputs.next()?;
            match input.open() {
                Ok((boards, may_wait)) => self.current = Some((index, boards, may_wait)),
                Err(error) => {
                    return Some(Item::Failed(
                        index,
                        ReadError::Io {
                            input: input.name,
                            error,
                        },
                    ))
                }
            }
        }
    }

    /// Whether the next item may wait on a read: never within a regular
    /// file, so chunks of a file are always full.
    fn needs_read(&self) -> bool {
        self.current
            .as_ref()
            .is_none_or(|(_, boards, may_wait)| *may_wait && boards.needs_read())
    }

    /// Fills `chunk` up to `size` items, stopping early where the next
    /// read might wait. Returns false once the inputs are exhausted.
    fn fill(&mut self, chunk: &mut Vec<Item>, size: usize) -> bool {
        while chunk.len() < size {
            if !chunk.is_empty() && self.needs_read() {
                return true;
            }
            match self.next() {
                Some(item) => chunk.push(item),
                None => return false,
            }
        }
        true
    }
}

/// A chunk answered and formatted, ready to write.
struct Done {
    /// How many items this part answered.
    items: usize,
    text: Text,
    /// Errors, with the index of their input.
    errors: Vec<(usize, ReadError)>,
    tally: Tally,
}

/// Answers `items` until they run out (then true) or the clock ticks
/// (false: the caller writes this part out and calls again).
fn answer(
    items: &mut impl Iterator<Item = Item>,
    names: &[Arc<str>],
    options: &Options,
    ticks: &Ticks,
) -> (Done, bool) {
    let since = ticks.now();
    let writer = RecordWriter::new(options.format, options.request);
    let mut done = Done {
        items: 0,
        text: Text::default(),
        errors: Vec::new(),
        tally: Tally::default(),
    };
    for item in items.by_ref() {
        done.items += 1;
        match item {
            Item::Board { input, entry } => {
                let answer = options
                    .request
                    .answer_marked(&entry.board, entry.candidates.as_deref());
                done.tally.boards += 1;
                if answer.met() {
                    done.tally.met += 1;
                } else {
                    done.tally.not_met += 1;
                }
                if !options.quiet {
                    let record = Record::Answered {
                        source: &names[input],
                        line: entry.line,
                        shape: entry.shape,
                        puzzle: &entry.board,
                        candidates: entry.candidates.as_deref(),
                        answer: &answer,
                    };
                    done.text.push(&writer, &record);
                }
            }
            Item::Failed(input, error) => {
                if let ReadError::Malformed(malformed) = &error {
                    done.tally.boards += 1;
                    done.tally.malformed += 1;
                    if !options.quiet {
                        done.text.push(&writer, &Record::Malformed(malformed));
                    }
                } else {
                    done.tally.unreadable += 1;
                }
                done.errors.push((input, error));
            }
        }
        if ticks.now() != since {
            return (done, false);
        }
    }
    (done, true)
}

/// Writes answered chunks in order, with the blank lines between them.
struct Writer<'a, W, R> {
    /// The run's inputs, to name in errors.
    inputs: Vec<Input>,
    out: &'a mut W,
    report: &'a mut R,
    records: RecordWriter,
    /// How the last record written looks.
    last: Option<Printed>,
    tally: Tally,
}

impl<W: Write, R: Report> Writer<'_, W, R> {
    fn write(&mut self, done: Done) -> io::Result<()> {
        for (input, error) in &done.errors {
            self.report.error_in(&self.inputs[*input], error);
        }
        if done.text.separated_from(&self.records, self.last) {
            self.out.write_all(b"\n")?;
        }
        self.out.write_all(&done.text.bytes)?;
        self.last = done.text.last.or(self.last);
        self.tally.add(&done.tally);
        self.report.progress(&self.tally);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_take_about_chunk_time_at_the_last_pace() {
        let pace = Pace::default();
        assert_eq!(pace.chunk_size(), FIRST_CHUNK);
        // 2 µs a board: 2,000 would take 4 ms, but a chunk holds 1,024.
        pace.record(Duration::from_micros(200), 100);
        assert_eq!(pace.chunk_size(), CHUNK);
        // 100 µs a board: 40 of them take 4 ms.
        pace.record(Duration::from_millis(10), 100);
        assert_eq!(pace.chunk_size(), 40);
        // A board of seconds goes alone.
        pace.record(Duration::from_secs(3), 1);
        assert_eq!(pace.chunk_size(), 1);
    }

    #[test]
    fn the_budget_bounds_items_out_and_ends_when_closed() {
        let budget = Arc::new(Budget::new(10));
        assert!(budget.take(8));
        let waiting = {
            let budget = Arc::clone(&budget);
            thread::spawn(move || budget.take(5))
        };
        thread::sleep(Duration::from_millis(50));
        assert!(!waiting.is_finished(), "8 + 5 items exceed 10");
        budget.give(8);
        assert!(waiting.join().unwrap());
        let closed = {
            let budget = Arc::clone(&budget);
            thread::spawn(move || budget.take(6))
        };
        budget.close();
        assert!(!closed.join().unwrap());
        // Nothing out: a chunk larger than the budget still goes.
        assert!(Budget::new(4).take(16));
    }
}
