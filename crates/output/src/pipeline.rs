//! Running a request over inputs: read, answer and write boards in bounded
//! chunks, in input order, on one thread or several.
//!
//! Boards are read into chunks of at most [`CHUNK`] items. A chunk also ends
//! where reading on would wait on the input (a pipe or terminal that has
//! nothing more yet; never within a regular file), so an interactive user
//! gets each answer as soon as the board is typed. A cheap request (solve,
//! count, validate) with one job runs on the calling thread. Otherwise a
//! reader thread fills chunks, `jobs` workers answer and format them, and
//! the calling thread owns the output and writes them back in order.
//! Chunks are sized by time, not count: until the first chunk is answered
//! each holds one item (a few slow boards still spread over every worker),
//! and after that as many as the workers answered in [`CHUNK_TIME`] lately,
//! so a request whose boards take seconds (`rate` on hard puzzles) does not
//! leave a worker alone with a long chunk. At most `(2 * jobs + 2) *
//! CHUNK` items are read and not yet written, so memory stays flat on
//! endless input.
//!
//! Output is block-buffered, but no record waits long in the buffer: a
//! timer ticks every [`FLUSH_EVERY`], and at each tick the boards answered
//! so far are written out (a worker hands over the part of its chunk it has
//! done; on a request that may be slow, after every board); the buffer is
//! also flushed after each chunk and whenever the writer is about to wait.
//! While it waits on busy workers, the writer asks the report every tick
//! whether the output has been closed ([`Report::output_closed`]), so a
//! reader that went away (`| head -1`) ends the run at once, even in the
//! middle of a board that takes seconds.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, sync_channel, Receiver, TryRecvError};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use sudoku_engine::answer::Request;
use sudoku_engine::board::Board;
use sudoku_engine::reader::{Boards, Entry, Malformed, Problem, ReadError, ReadOptions, Symbols};
use sudoku_engine::variant::answer as variant_answer;
use sudoku_engine::variant::setup::Setup;

use crate::format::{Format, Printed, Record, RecordWriter, Text, VariantRecord};
use crate::input::{Input, Source};
use crate::layouts::Layouts;
use crate::report::{wait_a_tick, Report, Tally, Waited};
use crate::variant_board::{command, VariantBoard};

/// Most items in one chunk.
pub const CHUNK: usize = 1024;

/// Most bytes of records answered but not yet written before workers wait
/// to take another chunk: on big records (an HTML page each) into a slow
/// pipe, the item budget alone would let gigabytes pile up.
const UNWRITTEN_BYTES: usize = 16 << 20;

/// How long answering one chunk should take: thousands of times the cost
/// of handing a chunk over, and short enough that the last chunks of a run
/// keep every worker busy to the end.
const CHUNK_TIME: Duration = Duration::from_millis(4);

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

/// How to run: what to ask of each board and how to print the answers.
#[derive(Clone, Debug)]
pub struct Options {
    /// What to do with each board.
    pub request: Request,
    /// How to print records.
    pub format: Format,
    /// Worker threads (at least 1); the output never depends on it.
    pub jobs: usize,
    /// Print no records, only count them.
    pub quiet: bool,
    /// Draw `hint` and `explain` steps in colour (`--format grid`).
    pub color: bool,
    /// `--puzzle FILE` (`validate`, `hint`): the file whose n-th board is
    /// the puzzle the n-th board of the inputs came from, read in step with
    /// them; each position is then judged against its puzzle
    /// ([`Request::answer_against`]).
    pub puzzles: Option<Input>,
    /// How boards of other sizes are read (`--size`, `--symbols`).
    pub read: ReadOptions,
    /// The rules and shape every board gets (`--variant`, `--regions`,
    /// `--box`).
    pub setup: Arc<Setup>,
    /// `--regions FILE`: the file whose n-th layout is the n-th board's
    /// regions, read in step with the boards by the thread that reads
    /// them (so only the layouts of the boards in flight are in memory);
    /// it takes the place of `setup`'s regions.
    pub layouts: Option<Layouts>,
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
    // The puzzle file is named in errors after the inputs.
    let mut named = inputs.clone();
    named.extend(options.puzzles.clone());
    let mut writer = Writer {
        inputs: named.clone(),
        out,
        report,
        records: RecordWriter::new(options.format, options.request).with_color(options.color),
        last: None,
        tally: Tally::default(),
    };
    let names: Arc<[Arc<str>]> = named.iter().map(|input| input.name.clone()).collect();
    if !options.quiet {
        writer.out.write_all(&writer.records.begin())?;
    }
    if options.jobs <= 1 && !options.request.may_be_slow() {
        run_here(inputs, &names, options, &mut writer)?;
    } else {
        // A slow board must not hold back the output: the writer stays on
        // this thread, free to flush and to notice a closed pipe.
        run_threads(inputs, names, options, &mut writer)?;
    }
    if !options.quiet {
        writer.out.write_all(&writer.records.end())?;
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
    let mut items = Items::new(inputs, Items::copies(options), options.read.clone())
        .paired(options.puzzles.clone())
        .with_layouts(options.layouts.clone());
    let mut chunk = Chunk::with_capacity(CHUNK);
    let mut part = Done::default();
    loop {
        let more = items.fill(&mut chunk, CHUNK);
        let mut answering = chunk.items.drain(..);
        loop {
            let layouts = &chunk.layouts;
            let finished = answer(&mut answering, layouts, names, options, &ticks, &mut part);
            writer.write(&mut part)?;
            // One write per chunk at most, besides the ticks: no cost
            // next to answering a thousand boards.
            writer.out.flush()?;
            if finished {
                break;
            }
        }
        chunk.layouts.clear();
        if !more {
            return Ok(());
        }
    }
}

/// Several threads: a reader, `options.jobs` workers, and this thread
/// writing chunks back in input order.
///
/// Each chunk has a [`Shelf`] that the reader hands to the writer in input
/// order and the worker answering the chunk puts its records on: at each
/// tick (or, on a request that may be slow, after every board) and when
/// the chunk is done. The writer takes what is on the front shelf whenever
/// it wakes: a chunk done, or a tick. So a record never waits for the
/// board after it, however long that one takes.
fn run_threads<W: Write, R: Report>(
    inputs: Vec<Input>,
    names: Arc<[Arc<str>]>,
    options: &Options,
    writer: &mut Writer<W, R>,
) -> io::Result<()> {
    let jobs = options.jobs.max(1);
    let budget = Arc::new(Budget::new((2 * jobs + 2) * CHUNK));
    let unwritten = Arc::new(Budget::new(UNWRITTEN_BYTES));
    // Closes the budgets however this function returns, so the reader and
    // the workers end.
    let _open = (Open(Arc::clone(&budget)), Open(Arc::clone(&unwritten)));
    let pace = Arc::new(Pace::default());
    let ticks = Ticks::start();
    let (work_tx, work_rx) = sync_channel::<(Chunk, Arc<Shelf>)>(jobs);
    // The reader's shelves, in input order, and the workers' wake-ups.
    let (event_tx, event_rx) = channel::<Event>();

    // The threads are detached: if stdout closes, this function returns at
    // once and the process exits without waiting on a blocked read.
    let reader_budget = Arc::clone(&budget);
    let reader_pace = Arc::clone(&pace);
    let reader_events = event_tx.clone();
    let copies = Items::copies(options);
    let read = options.read.clone();
    let puzzles = options.puzzles.clone();
    let layouts = options.layouts.clone();
    thread::spawn(move || {
        let mut items = Items::new(inputs, copies, read)
            .paired(puzzles)
            .with_layouts(layouts);
        loop {
            let size = reader_pace.chunk_size();
            if !reader_budget.take(size) {
                return;
            }
            let mut chunk = Chunk::with_capacity(size);
            let more = items.fill(&mut chunk, size);
            reader_budget.give(size - chunk.items.len());
            let shelf = Arc::new(Shelf::default());
            if reader_events
                .send(Event::Chunk(Arc::clone(&shelf)))
                .is_err()
                || work_tx.send((chunk, shelf)).is_err()
                || !more
            {
                return;
            }
        }
    });
    let work_rx = Arc::new(Mutex::new(work_rx));
    for _ in 0..jobs {
        let work_rx = Arc::clone(&work_rx);
        let events = event_tx.clone();
        let names = Arc::clone(&names);
        let options = options.clone();
        let ticks = ticks.clone();
        let pace = Arc::clone(&pace);
        let unwritten = Arc::clone(&unwritten);
        thread::spawn(move || {
            let records =
                RecordWriter::new(options.format, options.request).with_color(options.color);
            let mut part = Done::default();
            loop {
                // Only between chunks: the chunk the writer waits on is
                // always one a worker has taken, and it never waits here
                // halfway through, so the writer always gets to free bytes.
                if !unwritten.take(0) {
                    return;
                }
                // The lock is held only while taking a chunk, not answering it.
                let next = work_rx
                    .lock()
                    .map_err(drop)
                    .and_then(|rx| rx.recv().map_err(drop));
                let Ok((chunk, shelf)) = next else { return };
                let (started, size) = (Instant::now(), chunk.items.len());
                let mut answering = chunk.items.into_iter();
                let layouts = &chunk.layouts;
                while !answer(&mut answering, layouts, &names, &options, &ticks, &mut part) {
                    shelf.put(&records, &mut part, false, &unwritten);
                }
                shelf.put(&records, &mut part, true, &unwritten);
                pace.record(started.elapsed(), size);
                if events.send(Event::Done).is_err() {
                    return;
                }
            }
        });
    }
    drop(event_tx);
    write_shelves(&event_rx, (&budget, &unwritten), &ticks, writer)
}

/// What wakes the writer.
enum Event {
    /// The reader made a chunk: its shelf, in input order.
    Chunk(Arc<Shelf>),
    /// A worker finished a chunk.
    Done,
}

/// Where a worker puts a chunk's records as it answers them, and the
/// writer takes them from, in order.
#[derive(Default)]
struct Shelf(Mutex<(Done, bool)>);

impl Shelf {
    /// Moves `part` onto the shelf (leaving it empty, its buffers kept),
    /// counting its bytes as `unwritten`; `last` once the chunk is done.
    fn put(&self, writer: &RecordWriter, part: &mut Done, last: bool, unwritten: &Budget) {
        if let Ok(mut shelf) = self.0.lock() {
            let before = shelf.0.text.bytes.len();
            shelf.0.append(writer, part);
            unwritten.add(shelf.0.text.bytes.len() - before);
            shelf.1 = last;
        }
    }

    /// What is on the shelf, and whether the chunk is done.
    fn take(&self) -> (Done, bool) {
        match self.0.lock() {
            Ok(mut shelf) => (std::mem::take(&mut shelf.0), shelf.1),
            // A worker that panicked put nothing more: the chunk is over.
            Err(_) => (Done::default(), true),
        }
    }
}

/// Writes what the shelves hold, front first, until every chunk is
/// written; flushes at each tick and whenever it is about to wait.
fn write_shelves<W: Write, R: Report>(
    events: &Receiver<Event>,
    (budget, unwritten): (&Budget, &Budget),
    ticks: &Ticks,
    writer: &mut Writer<W, R>,
) -> io::Result<()> {
    let mut shelves: VecDeque<Arc<Shelf>> = VecDeque::new();
    let mut flushed = ticks.now();
    let mut senders_left = true;
    loop {
        while let Some(front) = shelves.front() {
            let (mut done, last) = front.take();
            if done.items > 0 {
                let (items, bytes) = (done.items, done.text.bytes.len());
                writer.write(&mut done)?;
                budget.give(items);
                unwritten.give(bytes);
            }
            if !last {
                break;
            }
            shelves.pop_front();
        }
        if !senders_left {
            // Every worker has ended, so every shelf is full: all written.
            return Ok(());
        }
        if ticks.now() != flushed {
            writer.out.flush()?;
            flushed = ticks.now();
        }
        let event = match events.try_recv() {
            Ok(event) => Some(event),
            Err(TryRecvError::Disconnected) => None,
            Err(TryRecvError::Empty) => {
                // About to wait: let what is written so far reach the user.
                writer.out.flush()?;
                flushed = ticks.now();
                wait(events, writer)?
            }
        };
        match event {
            Some(Event::Chunk(shelf)) => shelves.push_back(shelf),
            Some(Event::Done) => {}
            None if shelves.is_empty() => return Ok(()),
            None => senders_left = false,
        }
    }
}

/// Waits up to a tick for the next event (`None` once every sender is
/// gone); at the tick, progress is shown and the front shelf looked at.
fn wait<W: Write, R: Report>(
    events: &Receiver<Event>,
    writer: &mut Writer<W, R>,
) -> io::Result<Option<Event>> {
    Ok(match wait_a_tick(events, FLUSH_EVERY, writer.report)? {
        Waited::Got(event) => Some(event),
        Waited::Gone => None,
        Waited::Tick => {
            writer.report.progress(&writer.tally);
            // Nothing came: the front shelf may hold records all the same.
            Some(Event::Done)
        }
    })
}

/// How many items may be read and not yet written (or bytes answered and
/// not yet written): a counting semaphore in items, as chunks differ in
/// size. `take(0)` waits until the count is within the limit.
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

    /// Counts `items` more out without waiting.
    fn add(&self, items: usize) {
        if let Ok(mut state) = self.state.lock() {
            state.0 += items;
        }
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
/// the reader sizes chunks by it. Until a chunk is done the cost is
/// unknown and chunks hold one item each: the first boards may take
/// seconds each, and then each must go to its own worker.
#[derive(Default)]
struct Pace(AtomicU64);

impl Pace {
    fn record(&self, elapsed: Duration, items: usize) {
        let each = elapsed.as_nanos() / items.max(1) as u128;
        self.0
            .store(each.clamp(1, u64::MAX.into()) as u64, Ordering::Relaxed);
    }

    /// As many items as take [`CHUNK_TIME`] at this pace (1 until a chunk
    /// is done), from 1 to [`CHUNK`].
    fn chunk_size(&self) -> usize {
        match self.0.load(Ordering::Relaxed) {
            0 => 1,
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
        /// The board's place in the run, from 0.
        ordinal: u64,
        /// Which of the board's records this is (below
        /// [`Request::copies`]): each is an item of its own, so that
        /// `transform --random -n N` streams its N records through the
        /// bounded window like N boards.
        copy: u32,
        /// With `--puzzle`, the puzzle this board came from.
        puzzle: Option<Board>,
        /// With `--regions FILE`, the board's layout from the file, or
        /// why it has none (the board's error).
        layout: Option<Result<Regions, String>>,
    },
    Failed(usize, ReadError),
}

/// A board's regions from `--regions FILE`.
#[derive(Clone)]
enum Regions {
    /// As read, until the board goes into a chunk.
    Read(Box<[u8]>),
    /// Moved into its chunk's [`Chunk::layouts`]: where.
    InChunk(Range<usize>),
}

/// Items handed to a worker together, and the regions of their boards
/// under `--regions FILE` back to back. One buffer a chunk, not a box a
/// board: a box the reader allocates and a worker frees makes them take
/// turns on the allocator's lock for every board (cheap boards took a
/// fifth longer at `-j 2`).
struct Chunk {
    items: Vec<Item>,
    layouts: Vec<u8>,
}

impl Chunk {
    fn with_capacity(items: usize) -> Chunk {
        Chunk {
            items: Vec::with_capacity(items),
            layouts: Vec::new(),
        }
    }

    /// Adds `item`, moving its regions into [`Chunk::layouts`].
    fn push(&mut self, mut item: Item) {
        if let Item::Board {
            layout: Some(Ok(regions)),
            ..
        } = &mut item
        {
            if let Regions::Read(read) = regions {
                let start = self.layouts.len();
                self.layouts.extend_from_slice(read);
                *regions = Regions::InChunk(start..self.layouts.len());
            }
        }
        self.items.push(item);
    }
}

/// `regions` of a board whose chunk's layouts are `layouts`.
fn regions_in<'a>(layouts: &'a [u8], regions: &'a Regions) -> &'a [u8] {
    match regions {
        Regions::Read(read) => read,
        Regions::InChunk(range) => &layouts[range.clone()],
    }
}

/// The `--puzzle` file, read in step with the inputs: the n-th board read
/// from the inputs (a malformed one included) takes the n-th from it, so
/// at most one of its boards is in memory at a time, and it is read no
/// further than the inputs go (boards beyond them are ignored).
struct Puzzles {
    /// The file's index among the run's names: after the inputs.
    index: usize,
    input: Input,
    state: PuzzleFile,
    /// Boards read from it so far, malformed ones included.
    read: u64,
}

/// Where reading the puzzle file stands.
enum PuzzleFile {
    /// Opened when the first board asks for its puzzle.
    Unopened,
    /// Open, and whether reading it may wait (boxed: the reader's state
    /// is large).
    Open(Box<Boards<Source>>, bool),
    /// It ended, or could not be opened or read on.
    Ended,
}

/// What the puzzle file pairs with the next board.
enum Paired {
    Board(Board),
    /// Its board there is malformed.
    Malformed(Malformed),
    /// It has no more boards.
    Missing,
    /// It could not be opened or read on (no more boards after this).
    Failed(ReadError),
}

impl Puzzles {
    fn next(&mut self) -> Paired {
        if let PuzzleFile::Unopened = self.state {
            match self.input.open(&ReadOptions::default()) {
                Ok((boards, may_wait)) => self.state = PuzzleFile::Open(Box::new(boards), may_wait),
                Err(error) => {
                    self.state = PuzzleFile::Ended;
                    let input = self.input.name.clone();
                    return Paired::Failed(ReadError::Io { input, error });
                }
            }
        }
        let PuzzleFile::Open(boards, _) = &mut self.state else {
            return Paired::Missing;
        };
        match boards.next() {
            Some(Ok(entry)) => {
                self.read += 1;
                Paired::Board(entry.board)
            }
            Some(Err(ReadError::Malformed(malformed))) => {
                self.read += 1;
                Paired::Malformed(malformed)
            }
            Some(Err(error)) => {
                self.state = PuzzleFile::Ended;
                Paired::Failed(error)
            }
            None => {
                self.state = PuzzleFile::Ended;
                Paired::Missing
            }
        }
    }

    /// Whether taking the next puzzle may wait on a read.
    fn needs_read(&self) -> bool {
        match &self.state {
            PuzzleFile::Unopened => self.input.file().is_none(),
            PuzzleFile::Open(boards, may_wait) => *may_wait && boards.needs_read(),
            PuzzleFile::Ended => false,
        }
    }
}

/// A board whose copies are still being yielded: its input, entry,
/// ordinal, next copy and layout.
type Repeating = (usize, Entry, u64, u32, Option<Result<Regions, String>>);

/// Walks the inputs in order, yielding their items.
struct Items {
    inputs: std::iter::Enumerate<std::vec::IntoIter<Input>>,
    /// The open input, its index, and whether reading it may wait.
    current: Option<(usize, Boards<Source>, bool)>,
    /// Boards read so far.
    boards: u64,
    /// Records each board yields (one when quiet: only verdicts count).
    copies: u32,
    /// The board whose copies are still being yielded, with the next copy
    /// and the board's layout.
    repeating: Option<Repeating>,
    /// How boards of other sizes are read.
    read: ReadOptions,
    /// With `--puzzle`, the file that pairs each board with its puzzle.
    puzzles: Option<Puzzles>,
    /// With `--regions FILE`, the file that gives each board its layout.
    layouts: Option<Layouts>,
    /// An item to yield before reading on: the board whose puzzle could
    /// not be read, after the error that says why.
    queued: Option<Item>,
}

impl Items {
    fn new(inputs: Vec<Input>, copies: u32, read: ReadOptions) -> Items {
        Items {
            inputs: inputs.into_iter().enumerate(),
            current: None,
            boards: 0,
            copies,
            repeating: None,
            read,
            puzzles: None,
            layouts: None,
            queued: None,
        }
    }

    /// Gives every board the layout in the same place of `layouts`, if
    /// given (`--regions FILE`): the k-th board read (a malformed one not
    /// counted, as the board's ordinal) takes the k-th.
    fn with_layouts(self, layouts: Option<Layouts>) -> Items {
        Items { layouts, ..self }
    }

    /// Pairs every board with the board in the same place of `puzzles`,
    /// if given (`--puzzle`).
    fn paired(self, puzzles: Option<Input>) -> Items {
        let index = self.inputs.len();
        Items {
            puzzles: puzzles.map(|input| Puzzles {
                index,
                input,
                state: PuzzleFile::Unopened,
                read: 0,
            }),
            ..self
        }
    }

    /// The next item, its board paired with its puzzle under `--puzzle`:
    /// a board whose puzzle is malformed yields that puzzle's error in its
    /// place, one past the puzzle file's end an error of its own
    /// ([`Problem::NoPuzzle`]); a malformed board skips its puzzle.
    fn next(&mut self) -> Option<Item> {
        if let Some(item) = self.queued.take() {
            return Some(item);
        }
        let item = self.next_unpaired()?;
        let Some(puzzles) = &mut self.puzzles else {
            return Some(item);
        };
        match item {
            // Copies beyond the first (never asked with `--puzzle`) share
            // the first's puzzle: only a new board takes one.
            Item::Board {
                input,
                entry,
                ordinal,
                copy: 0,
                puzzle: None,
                layout,
            } => {
                let (paired, failed) = match puzzles.next() {
                    Paired::Failed(error) => (Paired::Missing, Some(error)),
                    paired => (paired, None),
                };
                let item = match paired {
                    Paired::Board(puzzle) => Item::Board {
                        input,
                        entry,
                        ordinal,
                        copy: 0,
                        puzzle: Some(puzzle),
                        layout,
                    },
                    Paired::Malformed(malformed) => {
                        Item::Failed(puzzles.index, ReadError::Malformed(malformed))
                    }
                    Paired::Missing | Paired::Failed(_) => {
                        let source = self.current.as_ref().map(|(_, boards, _)| boards.name());
                        let malformed = Malformed {
                            input: source.cloned().unwrap_or_else(|| Arc::from("")),
                            start_line: entry.line,
                            line: entry.line,
                            column: None,
                            problem: Problem::NoPuzzle(puzzles.read),
                        };
                        Item::Failed(input, ReadError::Malformed(malformed))
                    }
                };
                match failed {
                    Some(error) => {
                        self.queued = Some(item);
                        Some(Item::Failed(puzzles.index, error))
                    }
                    None => Some(item),
                }
            }
            Item::Failed(_, ReadError::Malformed(_)) => {
                // The malformed board's own error stands; its puzzle is
                // passed over (an unreadable puzzle file still says so).
                if let Paired::Failed(error) = puzzles.next() {
                    self.queued = Some(item);
                    return Some(Item::Failed(puzzles.index, error));
                }
                Some(item)
            }
            item => Some(item),
        }
    }

    /// The items a board yields under `options`: its records, or one
    /// when quiet (only the verdict counts, the same for every copy).
    fn copies(options: &Options) -> u32 {
        if options.quiet {
            1
        } else {
            options.request.copies()
        }
    }

    fn next_unpaired(&mut self) -> Option<Item> {
        // Only `transform --random -n N` repeats a board.
        if let Some((input, entry, ordinal, copy, layout)) = self.repeating.take() {
            if copy + 1 < self.copies {
                self.repeating = Some((input, entry.clone(), ordinal, copy + 1, layout.clone()));
            }
            return Some(Item::Board {
                input,
                entry,
                ordinal,
                copy,
                puzzle: None,
                layout,
            });
        }
        loop {
            if let Some((input, boards, _)) = &mut self.current {
                match boards.next() {
                    Some(Ok(entry)) => {
                        let input = *input;
                        let ordinal = self.boards;
                        self.boards += 1;
                        // Taken here, where the ordinal is: the layouts go
                        // with the boards one for one, whatever the pairing
                        // with `--puzzle` does after.
                        let layout = self
                            .layouts
                            .as_ref()
                            .map(|layouts| layouts.next().map(Regions::Read));
                        if self.copies > 1 {
                            self.repeating =
                                Some((input, entry.clone(), ordinal, 1, layout.clone()));
                        }
                        return Some(Item::Board {
                            input,
                            entry,
                            ordinal,
                            copy: 0,
                            puzzle: None,
                            layout,
                        });
                    }
                    Some(Err(error)) => return Some(Item::Failed(*input, error)),
                    None => self.current = None,
                }
            }
            let (index, input) = self.inputs.next()?;
            match input.open(&self.read) {
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
        self.queued.is_none()
            && self.repeating.is_none()
            && (self
                .current
                .as_ref()
                .is_none_or(|(_, boards, may_wait)| *may_wait && boards.needs_read())
                || self.puzzles.as_ref().is_some_and(Puzzles::needs_read)
                || self.layouts.as_ref().is_some_and(Layouts::needs_read))
    }

    /// Fills `chunk` up to `size` items, stopping early where the next
    /// read might wait. Returns false once the inputs are exhausted.
    fn fill(&mut self, chunk: &mut Chunk, size: usize) -> bool {
        while chunk.items.len() < size {
            if !chunk.items.is_empty() && self.needs_read() {
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

/// Records answered and formatted, ready to write: a chunk's, or part of
/// one.
#[derive(Default)]
struct Done {
    /// How many items this part answered.
    items: usize,
    text: Text,
    /// Errors, with the index of their input.
    errors: Vec<(usize, ReadError)>,
    tally: Tally,
}

impl Done {
    /// Moves `later`'s records after these, leaving `later` empty with its
    /// buffers kept.
    fn append(&mut self, writer: &RecordWriter, later: &mut Done) {
        self.items += std::mem::take(&mut later.items);
        self.text.append(writer, &mut later.text);
        self.errors.append(&mut later.errors);
        self.tally.add(&std::mem::take(&mut later.tally));
    }
}

/// Answers `items`, whose chunk's layouts are `layouts`, into `done`
/// until they run out (then true) or the clock ticks (false: the caller
/// hands this part over and calls again); on a request that may be slow,
/// after every board (the next may take seconds).
fn answer(
    items: &mut impl Iterator<Item = Item>,
    layouts: &[u8],
    names: &[Arc<str>],
    options: &Options,
    ticks: &Ticks,
    done: &mut Done,
) -> bool {
    let since = ticks.now();
    let each = options.request.may_be_slow();
    let writer = RecordWriter::new(options.format, options.request).with_color(options.color);
    for item in items.by_ref() {
        done.items += 1;
        match item {
            Item::Board {
                input,
                entry,
                ordinal,
                layout,
                ..
            } if entry.other.is_some() || !options.setup.is_plain() || layout.is_some() => {
                let source = &names[input];
                let board = match layout {
                    Some(layout) => layout.and_then(|regions| {
                        let regions = regions_in(layouts, &regions);
                        VariantBoard::with_regions(&entry, Some(regions), &options.setup)
                    }),
                    None => VariantBoard::new(&entry, ordinal, &options.setup),
                };
                answer_variant(source, input, &entry, board, options, &writer, done);
            }
            Item::Board {
                input,
                entry,
                ordinal,
                copy,
                puzzle,
                ..
            } => {
                let marks = entry.candidates.as_deref();
                let request = options.request;
                let answer = match &puzzle {
                    Some(puzzle) => {
                        request.answer_against(&entry.board, marks, puzzle, ordinal, copy)
                    }
                    None => request.answer_copy(&entry.board, marks, ordinal, copy),
                };
                // A board counts once, however many records it yields:
                // the verdict is the same for every copy.
                if copy == 0 {
                    done.tally.boards += 1;
                    if answer.met() {
                        done.tally.met += 1;
                    } else {
                        done.tally.not_met += 1;
                    }
                }
                if !options.quiet {
                    let record = Record::Answered {
                        source: &names[input],
                        line: entry.line,
                        shape: entry.shape,
                        puzzle: &entry.board,
                        candidates: marks,
                        answer: &answer,
                        label: entry.label.as_deref(),
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
        if each || ticks.now() != since {
            return false;
        }
    }
    true
}

/// Answers a board of another size, with variant rules or from f-puzzles
/// data, made into `board`: `solve` and `validate` with the variant
/// engine; any other command, and a board that makes no puzzle, gives an
/// `error` record.
fn answer_variant(
    source: &Arc<str>,
    input: usize,
    entry: &Entry,
    board: Result<VariantBoard, String>,
    options: &Options,
    writer: &RecordWriter,
    done: &mut Done,
) {
    done.tally.boards += 1;
    let symbols = options.read.symbols.as_ref().unwrap_or(Symbols::standard());
    let answered = board.and_then(|board| {
        let answer = variant_answer::answer(&options.request, &board.puzzle);
        match answer {
            Some(answer) => Ok((board, answer)),
            None => Err(board.refusal(command(&options.request))),
        }
    });
    match answered {
        Ok((board, answer)) => {
            if answer.met {
                done.tally.met += 1;
            } else {
                done.tally.not_met += 1;
            }
            if !options.quiet {
                let record = VariantRecord {
                    source,
                    line: entry.line,
                    shape: entry.shape,
                    puzzle: &board.puzzle,
                    symbols,
                    numbers: board.numbers,
                    answer: &answer,
                    about: board.about.as_ref(),
                };
                done.text.push(writer, &Record::Variant(&record));
            }
        }
        Err(message) => {
            let malformed = Malformed {
                input: Arc::clone(source),
                start_line: entry.line,
                line: entry.line,
                column: None,
                problem: Problem::Board(message.into()),
            };
            done.tally.malformed += 1;
            if !options.quiet {
                done.text.push(writer, &Record::Malformed(&malformed));
            }
            done.errors.push((input, ReadError::Malformed(malformed)));
        }
    }
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
    /// Writes `done`'s records and reports its errors, leaving it empty
    /// (its buffers kept).
    fn write(&mut self, done: &mut Done) -> io::Result<()> {
        for (input, error) in done.errors.drain(..) {
            self.report.error_in(&self.inputs[input], &error);
        }
        if done.text.separated_from(&self.records, self.last) {
            self.out.write_all(b"\n")?;
        }
        self.out.write_all(&done.text.bytes)?;
        self.last = done.text.last.or(self.last);
        self.tally.add(&done.tally);
        self.report.progress(&self.tally);
        done.text.clear();
        done.tally = Tally::default();
        done.items = 0;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_take_about_chunk_time_at_the_last_pace() {
        let pace = Pace::default();
        assert_eq!(pace.chunk_size(), 1, "unknown cost: one board a chunk");
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

    #[test]
    fn each_board_takes_the_next_layout_into_its_chunks_buffer() {
        let path = std::env::temp_dir().join(format!("sudoku-layouts-{}.txt", std::process::id()));
        // Board, malformed line, board, board: the malformed line is no
        // board, so takes no layout (as it has no ordinal).
        let board = ".".repeat(25);
        std::fs::write(&path, format!("{board}\n..x\n\n{board}\n{board}\n")).unwrap();
        let first = "AAABB AABBB CCCDD CEEDD CEEED";
        let second = "AACCC AACEE ABCEE BBDDE BBDDD";
        let text = format!("{first}\n{second}\n");
        let layouts = Layouts::from_reader("lay", Box::new(io::Cursor::new(text)), false).unwrap();
        let read = ReadOptions {
            size: Some(5),
            symbols: None,
        };
        let mut items = Items::new(vec![Input::path(&path)], 1, read).with_layouts(Some(layouts));
        let mut chunks = Vec::new();
        loop {
            let mut chunk = Chunk::with_capacity(2);
            let more = items.fill(&mut chunk, 2);
            chunks.push(chunk);
            if !more {
                break;
            }
        }
        std::fs::remove_file(&path).unwrap();
        let mut got = Vec::new();
        for chunk in &chunks {
            for item in &chunk.items {
                got.push(match item {
                    Item::Board {
                        ordinal,
                        layout: Some(Ok(regions)),
                        ..
                    } => {
                        // Every layout has moved into its chunk.
                        assert!(matches!(regions, Regions::InChunk(_)));
                        let regions = regions_in(&chunk.layouts, regions);
                        format!("{ordinal}: {regions:?}")
                    }
                    Item::Board {
                        ordinal,
                        layout: Some(Err(message)),
                        ..
                    } => format!("{ordinal}: {message}"),
                    Item::Board { layout: None, .. } => "no layout".to_owned(),
                    Item::Failed(..) => "malformed".to_owned(),
                });
            }
        }
        let regions =
            |layout: &str| format!("{:?}", Setup::read_regions(layout.as_bytes()).unwrap().1);
        assert_eq!(
            got,
            [
                format!("0: {}", regions(first)),
                "malformed".to_owned(),
                format!("1: {}", regions(second)),
                "2: --regions lay gives 2 layouts; this is board 3".to_owned(),
            ]
        );
        assert_eq!(chunks[0].layouts.len(), 25);
        assert_eq!(chunks[1].layouts.len(), 25);
    }
}
