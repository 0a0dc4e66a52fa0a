//! Reading boards from a stream of bytes.
//!
//! [`Boards`] turns any [`BufRead`] into an iterator of boards, each with the
//! line it starts on, or of [`ReadError`]s naming line, column and byte. It
//! never holds more than one board's cells: a line is scanned byte by byte as
//! it streams past, so a 100 MB line without a newline costs no memory.
//!
//! The rules, from the command-line contract:
//! - cells are `1`-`9` (givens) and `.`, `0`, `_` (empty);
//! - layout bytes (space, tab, `|+-=[]"',`) are ignored anywhere;
//! - a line with no cells and nothing unexpected is skipped, as is a line whose
//!   first non-blank byte is `#`;
//! - a line of 81 cells is a board; 9 lines of 9 cells are a board (a grid);
//! - a line of 729 cells is a pencilmark board (Sukaku's format): 81 groups
//!   of 9, position `d` of a group holding `d` when digit `d` is a candidate
//!   of the cell and an empty mark when it is not; a cell with one candidate
//!   is a given. Its [`Entry`] carries the marks as [`Candidates`];
//! - a bad line (an unexpected byte, a cell count other than 0, 9, 81 or
//!   729, or on a 729-cell line a digit out of its place) is a bad grid row
//!   if it holds at most 40 cells and unexpected bytes, else a bad one-line
//!   board;
//! - a grid interrupted by a one-line board or by the end of input is cut
//!   short, and the interrupting line is a board of its own;
//! - a one-line board may be followed by a label: after its last cell (the
//!   81st, or the 729th of a pencilmark line) and any layout bytes, a space,
//!   tab, `;`, `#` or `,` starts it, and the rest of the line, trimmed of
//!   those separators at both ends, is the label ([`Entry::label`]).

use std::fmt;
use std::io::{self, BufRead};
use std::str::FromStr;
use std::sync::Arc;

use crate::board::{Board, Shape};
use crate::candidates::Candidates;

mod wide;

use wide::Wide;
pub use wide::{Symbols, SymbolsError};

/// A board read from an input, with the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The 1-based line of the board's first cell.
    pub line: u64,
    /// Whether the board was written on one line or as a grid.
    pub shape: Shape,
    /// The board itself; for a pencilmark line, its one-candidate cells.
    pub board: Board,
    /// The pencil marks, when the board was read from a 729-cell line;
    /// `None` for a plain board (whose candidates follow from its digits).
    /// Boxed so that an entry stays small to move: reading plain boards
    /// would pay for copying the marks' 162 bytes on every board.
    pub candidates: Option<Box<Candidates>>,
    /// The text after a one-line board on its line (`PUZZLE 7.2` gives
    /// `7.2`), as bytes: a label need not be UTF-8. `None` when there is
    /// none, or it is empty once trimmed.
    pub label: Option<Box<[u8]>>,
    /// A board that is not a classic 9x9 one (another size), or a line of
    /// f-puzzles data; `board` is then empty and unused. Boxed so that
    /// classic entries stay small.
    pub other: Option<Box<Other>>,
}

/// A board the classic 9x9 reading does not cover.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Other {
    /// An N x N board (N from 4 to 25, not 9, or 9 in a `--size`d or
    /// `--symbols` run).
    Sized {
        /// N.
        size: u8,
        /// N² values in reading order, 0 for empty.
        cells: Box<[u8]>,
        /// Whether its cells were written as numbers (`10 11 . 3`).
        numbers: bool,
    },
    /// A line holding an f-puzzles link, SudokuPad link, payload or JSON
    /// object, trimmed; read by the f-puzzles reader.
    Payload(Box<[u8]>),
}

/// How a run reads its boards besides the classic rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// `--size N`: every board is N x N (a line of N cells is a grid row,
    /// of N² cells a board).
    pub size: Option<u8>,
    /// `--symbols`: the size's symbols in order.
    pub symbols: Option<Symbols>,
}

/// The longest line of f-puzzles data read, in bytes.
pub const MAX_PAYLOAD: usize = 4 << 20;

/// What is wrong with a malformed board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// A byte that is neither a cell nor layout.
    #[error("unexpected character '{}'", .0.escape_ascii())]
    UnexpectedByte(u8),
    /// A one-line board with more than 729 cells (cited at the 730th).
    #[error("more than 729 cells on one line")]
    TooManyCells,
    /// A one-line board with too few cells.
    #[error("expected 81 cells on a line, found {0}")]
    LineCells(u64),
    /// A one-line board with more than 81 cells and fewer than 729.
    #[error("expected 81 or 729 cells on a line, found {0}")]
    MarkLineCells(u64),
    /// On a 729-cell line, a digit other than `position` in the place of
    /// candidate `position` of `cell` (cited at the digit).
    #[error(
        "expected {position} or an empty mark for candidate {position} of {cell}, found {found}"
    )]
    MisplacedMark {
        /// The cell whose group holds the digit.
        cell: crate::board::Cell,
        /// The place in the group, 1-9: the only digit it may hold.
        position: u8,
        /// The digit found there.
        found: u8,
    },
    /// A grid row with a cell count other than 9.
    #[error("expected 9 cells in a grid row, found {0}")]
    RowCells(u64),
    /// A grid that ended before its ninth row.
    #[error("grid cut short after {0} of 9 rows")]
    GridCutShort(u8),
    /// A label longer than [`MAX_LABEL`] bytes (cited where it passes it):
    /// a label is held in memory whole, so its size is bounded.
    #[error("a label longer than {MAX_LABEL} bytes")]
    LongLabel,
    /// A grid row of an N x N grid with a cell count other than N.
    #[error("expected {size} cells in a grid row, found {found}{}", first_row_hint(*.size, *.found, *.from_first_row))]
    SizedRowCells {
        /// The grid's size.
        size: u8,
        /// Cells found.
        found: u64,
        /// Whether this is the grid's second row, the grid's size came from
        /// its first row alone (no `--size`), and this row's count is a
        /// size too: which of the two rows is wrong cannot be told, and
        /// the message names the `--size` that reads rows of `found`.
        from_first_row: bool,
    },
    /// In a `--size N` run, a line of neither N nor N² cells.
    #[error("expected {size} or {} cells on a line (--size {size}), found {found}", u64::from(*.size) * u64::from(*.size))]
    SizedLineCells {
        /// The run's size.
        size: u8,
        /// Cells found.
        found: u64,
    },
    /// A symbol whose value is above the board's size (cited at it).
    #[error("a {size}x{size} board has no digit {value}{}", range_hint(*.grid_row, *.other_symbols))]
    SymbolRange {
        /// The symbol's value.
        value: u8,
        /// The board's size.
        size: u8,
        /// When only its cell count made the line a board (16 or 25
        /// cells: a 4x4 or 5x5 board, or a row of a 16x16 or 25x25 grid)
        /// and its symbols fit the grid: the grid's size, which the
        /// message names as the `--size` that reads the line as its row.
        grid_row: Option<u8>,
        /// Whether the symbol is a letter and only the line (its cell
        /// count, or its grid's first row) gave the board its size: the
        /// board may be written in other symbols, which `--symbols` names.
        other_symbols: bool,
    },
    /// An N x N grid that ended before its N-th row.
    #[error("grid cut short after {rows} of {size} rows")]
    SizedGridCutShort {
        /// Rows read.
        rows: u8,
        /// The grid's size.
        size: u8,
    },
    /// A line of f-puzzles data longer than [`MAX_PAYLOAD`].
    #[error("a line of f-puzzles data longer than {MAX_PAYLOAD} bytes")]
    LongPayload,
    /// A board read whole that cannot be answered as it stands: f-puzzles
    /// data that does not decode, a size without regions, a rule its
    /// board cannot have, or a command that takes classic boards only.
    #[error("{0}")]
    Board(Box<str>),
    /// No board is paired with this one: the puzzle file of `--puzzle`
    /// (whose n-th board is the n-th board's puzzle) ended after this many
    /// boards. Not a problem of the board's own text.
    #[error("no puzzle for this board: the puzzle file has {} board{}", .0, if *.0 == 1 { "" } else { "s" })]
    NoPuzzle(u64),
}

/// What to add to read a board whose symbol is above the size its line
/// gave it: `--size N` for a row of an N x N grid, `--symbols` for a board
/// written in other symbols.
fn range_hint(grid_row: Option<u8>, other_symbols: bool) -> String {
    let symbols = "other symbols need --symbols";
    match (grid_row, other_symbols) {
        (Some(n), false) => format!(" (a {n}x{n} grid written one row a line needs --size {n})"),
        (Some(n), true) => {
            format!(" (a {n}x{n} grid written one row a line needs --size {n}; {symbols})")
        }
        (None, true) => format!(" ({symbols})"),
        (None, false) => String::new(),
    }
}

/// What to add to read a grid of `found` cells a row, when only its first
/// row gave it its `size`.
fn first_row_hint(size: u8, found: u64, from_first_row: bool) -> String {
    if from_first_row {
        format!(" (the first row made the grid {size}x{size}: add --size {found} for rows of {found} cells)")
    } else {
        String::new()
    }
}

/// The longest label kept after a board, in bytes.
pub const MAX_LABEL: usize = 1 << 16;

/// A malformed board: where it starts, where its first problem is, and what
/// the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// The input's name: a path as given, or `<stdin>`.
    pub input: Arc<str>,
    /// The 1-based line where the malformed board starts.
    pub start_line: u64,
    /// The 1-based line of the first problem.
    pub line: u64,
    /// The 1-based byte column of the first problem, when it has one.
    pub column: Option<u64>,
    /// The first problem in reading order.
    pub problem: Problem,
}

impl fmt::Display for Malformed {
    /// Writes `INPUT:LINE[:COLUMN]: problem`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.input, self.line)?;
        if let Some(column) = self.column {
            write!(f, ":{column}")?;
        }
        write!(f, ": {}", self.problem)
    }
}

/// An error met while reading boards.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// One malformed board; reading goes on after it.
    #[error("{0}")]
    Malformed(Malformed),
    /// The input could not be opened or read; reading it stops here.
    #[error("{input}: {}", io_reason(.error))]
    Io {
        /// The input's name.
        input: Arc<str>,
        /// The underlying error.
        error: io::Error,
    },
}

/// An I/O error's message without Rust's ` (os error N)` suffix, as `cat`
/// and `grep` would print it.
pub fn io_reason(error: &io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error ") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// An iterator over the boards of one input.
///
/// ```
/// use sudoku_engine::{Boards, Shape};
///
/// let text = "# a comment\n\
///             53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
/// let mut boards = Boards::new(text.as_bytes(), "example");
/// let entry = boards.next().unwrap().unwrap();
/// assert_eq!((entry.line, entry.shape), (2, Shape::Line));
/// assert!(boards.next().is_none());
/// ```
pub struct Boards<R> {
    input: R,
    name: Arc<str>,
    scan: LineScan,
    grid: Option<Grid>,
    /// Items read and not yet returned (a grid cut short is reported
    /// before the line that cut it).
    pending: std::collections::VecDeque<Result<Entry, ReadError>>,
    /// How boards of other sizes are read.
    options: ReadOptions,
    /// An N x N grid in progress (N not 9, or a sized run).
    sized: Option<SizedGrid>,
    /// A JSON array being joined, one cell a line.
    joined: Option<Joined>,
    /// Bytes left in the input's buffer after the last line read.
    buffered: usize,
    finished: bool,
}

impl<R: BufRead> Boards<R> {
    /// Reads boards from `input`, naming it `name` in errors.
    pub fn new(input: R, name: impl Into<Arc<str>>) -> Boards<R> {
        Boards {
            input,
            name: name.into(),
            scan: LineScan::new(),
            grid: None,
            pending: std::collections::VecDeque::new(),
            options: ReadOptions::default(),
            sized: None,
            joined: None,
            buffered: 0,
            finished: false,
        }
    }

    /// Reads boards from `input` as [`Boards::new`] does, and boards of
    /// other sizes as `options` say.
    pub fn with_options(input: R, name: impl Into<Arc<str>>, options: ReadOptions) -> Boards<R> {
        let mut boards = Boards::new(input, name);
        boards.scan.sized_run =
            options.size.is_some_and(|size| size != 9) || options.symbols.is_some();
        if let Some(symbols) = &options.symbols {
            boards.scan.symbols = symbols.clone();
        }
        boards.options = options;
        boards
    }

    /// The input's name, as given to [`Boards::new`].
    pub fn name(&self) -> &Arc<str> {
        &self.name
    }

    /// Whether the next item may need a read from the underlying input,
    /// which can block on a pipe or terminal: callers flush their output
    /// before that.
    pub fn needs_read(&self) -> bool {
        self.pending.is_empty() && !self.finished && self.buffered == 0
    }

    fn malformed(&self, start_line: u64, at: Spot) -> ReadError {
        ReadError::Malformed(Malformed {
            input: self.name.clone(),
            start_line,
            line: at.line,
            column: at.column,
            problem: at.problem,
        })
    }

    /// Reads and classifies the next line; `None` at the end of input.
    fn next_line(&mut self) -> io::Result<Option<Line>> {
        self.scan.start_line();
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                self.buffered = 0;
                return Ok(self.scan.finish_input());
            }
            let (used, line) = match self.scan.whole_board_line(chunk) {
                Some(fast) => fast,
                None => self.scan.feed(chunk),
            };
            self.buffered = chunk.len() - used;
            self.input.consume(used);
            if line.is_some() {
                return Ok(line);
            }
        }
    }

    /// Ends the grid in progress, if any, as cut short (or spoiled by a bad
    /// row found earlier).
    fn cut_grid(&mut self) -> Option<ReadError> {
        if let Some(grid) = self.sized.take() {
            let spot = grid.first_problem.unwrap_or(Spot {
                line: grid.start_line,
                column: None,
                problem: Problem::SizedGridCutShort {
                    rows: grid.rows,
                    size: grid.size,
                },
            });
            return Some(self.malformed(grid.start_line, spot));
        }
        let grid = self.grid.take()?;
        let spot = grid.first_problem.unwrap_or(Spot {
            line: grid.start_line,
            column: None,
            problem: Problem::GridCutShort(grid.rows),
        });
        Some(self.malformed(grid.start_line, spot))
    }

    /// Adds a row (good or bad) to the grid, starting one if needed; returns
    /// the finished grid's item after its ninth row.
    fn add_row(&mut self, line: u64, row: Row) -> Option<Result<Entry, ReadError>> {
        let grid = self.grid.get_or_insert_with(|| Grid::new(line));
        match row {
            Row::Cells(cells) => {
                let at = usize::from(grid.rows) * 9;
                grid.cells[at..at + 9].copy_from_slice(&cells);
                grid.good += 1;
            }
            Row::Bad(spot) => {
                grid.first_problem.get_or_insert(spot);
            }
        }
        self.row_added()
    }

    /// Adds the row just scanned (the first nine of the scan's cells) to
    /// the grid, as [`Boards::add_row`] does, copying its cells once.
    #[inline]
    fn add_scanned_row(&mut self, line: u64) -> Option<Result<Entry, ReadError>> {
        let grid = self.grid.get_or_insert_with(|| Grid::new(line));
        let at = usize::from(grid.rows) * 9;
        grid.cells[at..at + 9].copy_from_slice(&self.scan.cells[..9]);
        grid.good += 1;
        self.row_added()
    }

    /// Counts the row just added to the grid; returns the finished grid's
    /// item after its ninth row.
    fn row_added(&mut self) -> Option<Result<Entry, ReadError>> {
        let grid = self.grid.as_mut()?;
        grid.rows += 1;
        if grid.rows < 9 {
            return None;
        }
        let grid = self.grid.take()?;
        Some(match grid.first_problem {
            Some(spot) => Err(self.malformed(grid.start_line, spot)),
            None => Ok(Entry {
                line: grid.start_line,
                shape: Shape::Grid,
                board: Board::from_checked(grid.cells),
                candidates: None,
                label: None,
                other: None,
            }),
        })
    }

    /// Returns a one-line board's item, or, if it interrupts a grid, the
    /// grid's error first and the line's item after it.
    fn one_line(&mut self, item: Result<Entry, ReadError>) -> Result<Entry, ReadError> {
        match self.cut_grid() {
            Some(error) => {
                self.pending.push_back(item);
                Err(error)
            }
            None => item,
        }
    }
}

impl<R: BufRead> Iterator for Boards<R> {
    type Item = Result<Entry, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(item) = self.pending.pop_front() {
            return Some(item);
        }
        while !self.finished {
            self.scan.want_wide = self.scan.sized_run || self.sized.is_some();
            let line = match self.next_line() {
                Ok(Some(line)) => line,
                Ok(None) => {
                    self.finished = true;
                    self.end_joined();
                    if let Some(error) = self.cut_grid() {
                        self.pending.push_back(Err(error));
                    }
                    return self.pending.pop_front();
                }
                Err(error) => {
                    // The input is unreadable from here on; a grid in
                    // progress is lost with it, and the error says so.
                    self.finished = true;
                    self.grid = None;
                    self.sized = None;
                    self.joined = None;
                    let input = self.name.clone();
                    return Some(Err(ReadError::Io { input, error }));
                }
            };
            let number = line.number;
            match line.kind {
                // The commonest line goes straight to its entry.
                LineKind::Board if self.joined.is_none() && !self.scan.sized_run => {
                    let entry = Entry {
                        line: number,
                        shape: Shape::Line,
                        board: Board::from_checked(self.scan.cells),
                        candidates: None,
                        label: self.scan.found_label.take(),
                        other: None,
                    };
                    return Some(self.one_line(Ok(entry)));
                }
                // So are a classic grid's rows.
                LineKind::Row if self.joined.is_none() && !self.scan.want_wide => {
                    if let Some(item) = self.add_scanned_row(number) {
                        return Some(item);
                    }
                }
                kind => self.handle(number, kind),
            }
            if let Some(item) = self.pending.pop_front() {
                return Some(item);
            }
        }
        None
    }
}

impl<R: BufRead> Boards<R> {
    /// Reads a line of any kind into the items it makes, queued in
    /// `pending`.
    fn handle(&mut self, number: u64, kind: LineKind) {
        if self.join(number, kind) {
            return;
        }
        let sized_run = self.scan.sized_run;
        match kind {
            LineKind::Payload => {
                let item = match self.scan.long_payload {
                    Some(column) => Err(self.malformed(
                        number,
                        Spot {
                            line: number,
                            column: Some(column),
                            problem: Problem::LongPayload,
                        },
                    )),
                    None => Ok(Entry {
                        line: number,
                        shape: Shape::Line,
                        board: Board::EMPTY,
                        candidates: None,
                        label: None,
                        other: Some(Box::new(Other::Payload(
                            trim_payload(&self.scan.payload).into(),
                        ))),
                    }),
                };
                self.push_one_line(item);
            }
            LineKind::Skip => {}
            _ if self.reads_wide(kind) => self.wide_line(number),
            LineKind::Row => {
                if let Some(item) = self.add_scanned_row(number) {
                    self.pending.push_back(item);
                }
            }
            LineKind::BadRow => {
                let spot = self.scan.take_bad(number);
                if let Some(item) = self.add_row(number, Row::Bad(spot)) {
                    self.pending.push_back(item);
                }
            }
            LineKind::Board if !sized_run => {
                let entry = Entry {
                    line: number,
                    shape: Shape::Line,
                    board: Board::from_checked(self.scan.cells),
                    candidates: None,
                    label: self.scan.found_label.take(),
                    other: None,
                };
                self.push_one_line(Ok(entry));
            }
            LineKind::Marks if !sized_run => {
                let candidates = Candidates::from_checked(self.scan.marks);
                let entry = Entry {
                    line: number,
                    shape: Shape::Line,
                    board: candidates.board(),
                    candidates: Some(Box::new(candidates)),
                    label: self.scan.found_label.take(),
                    other: None,
                };
                self.push_one_line(Ok(entry));
            }
            LineKind::BadBoard => {
                let spot = self.scan.take_bad(number);
                let error = self.malformed(number, spot);
                self.push_one_line(Err(error));
            }
            LineKind::Board | LineKind::Marks => self.wide_line(number),
        }
    }

    /// Whether a line is read the wide way: in a sized run, inside an N x
    /// N grid, or when it is no classic line but a board or grid row of
    /// another size (inside a 9x9 grid begun by good rows, a whole board
    /// only).
    fn reads_wide(&self, kind: LineKind) -> bool {
        if self.scan.sized_run {
            return true;
        }
        // A classic one-line board cuts an N x N grid short, as it does a
        // 9x9 one, and is a board of its own (it may have come by the fast
        // path, with no wide reading).
        if matches!(kind, LineKind::Board | LineKind::Marks) {
            return false;
        }
        if self.sized.is_some() {
            return true;
        }
        if !matches!(kind, LineKind::BadRow | LineKind::BadBoard) {
            return false;
        }
        let wide = &self.scan.wide;
        let (_, count, _) = wide.reading();
        if wide.unexpected != 0 {
            return false;
        }
        match &self.grid {
            // Inside a 9x9 grid a line of another count is a bad row, but a
            // whole board of another size cuts the grid short, as a classic
            // one-line board does (it would be lost in the grid's error).
            Some(grid) if grid.good > 0 => sized_board(count).is_some(),
            // A "grid" of malformed lines only is no grid: a row of another
            // size after it starts its own.
            _ => sized_board(count).is_some() || sized_row(count),
        }
    }

    /// Reads the line just scanned as a row or board of another size.
    fn wide_line(&mut self, number: u64) {
        let wide = &self.scan.wide;
        let (cells, count, (max, max_column)) = wide.reading();
        let cells = cells.to_vec();
        let numbers = wide.as_tokens();
        if let Some((column, byte)) = wide.first_unexpected {
            let spot = Spot {
                line: number,
                column: Some(column),
                problem: Problem::UnexpectedByte(byte),
            };
            let is_row = count.saturating_add(wide.unexpected) <= 40;
            return self.bad_wide(number, spot, is_row);
        }
        if count == 0 {
            return;
        }
        self.place(
            number,
            &cells,
            count,
            (max, Some(max_column)),
            numbers,
            Shape::Line,
        );
    }

    /// Places a line's `cells` (`count` of them) of another size: a row of
    /// the N x N grid in progress or starting one, or a one-line board.
    fn place(
        &mut self,
        number: u64,
        cells: &[u8],
        count: u64,
        max: (u8, Option<u64>),
        numbers: bool,
        shape: Shape,
    ) {
        // A letter above a size that only the line gave: the board may be
        // written in other symbols.
        let other_symbols = max.0 >= 10
            && !numbers
            && self.options.size.is_none()
            && self.options.symbols.is_none();
        let range = |size: u8, grid_row: Option<u8>| Spot {
            line: number,
            column: max.1,
            problem: Problem::SymbolRange {
                value: max.0,
                size,
                grid_row,
                other_symbols,
            },
        };
        let size = self
            .sized
            .as_ref()
            .map(|grid| grid.size)
            .or(self.options.size);
        // A line of 16 or 25 cells that only its count made a 4x4 or 5x5
        // board may be a row of a 16x16 or 25x25 grid: when its symbols
        // rule the board out but fit the grid, the message says so.
        let mut grid_row = None;
        let (size, board) = match size {
            Some(n) if count == u64::from(n) => (n, false),
            Some(n) if count == u64::from(n) * u64::from(n) => (n, true),
            Some(n) => {
                let problem = if self.sized.is_some() || count <= 40 {
                    // Only the grid's first row gave it its size, and the
                    // second row, of another size, contradicts it: which
                    // is right cannot be told, so `--size` is named.
                    let from_first_row = self.sized.as_ref().is_some_and(|grid| grid.rows == 1)
                        && self.options.size.is_none()
                        && sized_size(count);
                    Problem::SizedRowCells {
                        size: n,
                        found: count,
                        from_first_row,
                    }
                } else {
                    Problem::SizedLineCells {
                        size: n,
                        found: count,
                    }
                };
                let spot = Spot {
                    line: number,
                    column: None,
                    problem,
                };
                return self.bad_wide(number, spot, self.sized.is_some() || count <= 40);
            }
            None => match sized_board(count) {
                Some(n) => {
                    if sized_size(count) {
                        grid_row = Some(count as u8).filter(|&row| max.0 <= row);
                    }
                    (n, true)
                }
                None => (count as u8, false),
            },
        };
        if board {
            let item = if max.0 > size {
                Err(self.malformed(number, range(size, grid_row)))
            } else {
                Ok(Entry {
                    line: number,
                    shape,
                    board: Board::EMPTY,
                    candidates: None,
                    label: None,
                    other: Some(Box::new(Other::Sized {
                        size,
                        cells: cells.into(),
                        numbers,
                    })),
                })
            };
            return self.push_one_line(item);
        }
        if self.sized.is_none() {
            // A row of another size ends a 9x9 grid in progress (one of
            // malformed lines only: see `reads_wide`), as a one-line board
            // does: its error first.
            if let Some(error) = self.cut_grid() {
                self.pending.push_back(Err(error));
            }
        }
        let grid = self.sized.get_or_insert_with(|| SizedGrid {
            start_line: number,
            size,
            rows: 0,
            cells: Vec::with_capacity(usize::from(size) * usize::from(size)),
            first_problem: None,
            numbers: false,
        });
        grid.numbers |= numbers;
        if max.0 > size {
            grid.first_problem.get_or_insert(range(size, None));
        }
        grid.cells.extend_from_slice(cells);
        self.sized_row_added();
    }

    /// A bad line of another size: a bad row of the grid in progress (or
    /// of one it starts), or a bad one-line board.
    fn bad_wide(&mut self, number: u64, spot: Spot, is_row: bool) {
        if !is_row {
            let error = self.malformed(number, spot);
            return self.push_one_line(Err(error));
        }
        if self.sized.is_none() && self.options.size.is_none() {
            // No size to give the grid: the classic grid takes the row.
            if let Some(item) = self.add_row(number, Row::Bad(spot)) {
                self.pending.push_back(item);
            }
            return;
        }
        let size = self
            .sized
            .as_ref()
            .map_or(self.options.size.unwrap_or(9), |g| g.size);
        let grid = self.sized.get_or_insert_with(|| SizedGrid {
            start_line: number,
            size,
            rows: 0,
            cells: Vec::new(),
            first_problem: None,
            numbers: false,
        });
        grid.first_problem.get_or_insert(spot);
        grid.cells.extend(std::iter::repeat_n(0, usize::from(size)));
        self.sized_row_added();
    }

    /// Counts the row just added to the N x N grid; after its N-th row,
    /// queues the grid's item.
    fn sized_row_added(&mut self) {
        let Some(grid) = self.sized.as_mut() else {
            return;
        };
        grid.rows += 1;
        if grid.rows < grid.size {
            return;
        }
        let Some(grid) = self.sized.take() else {
            return;
        };
        let item = match grid.first_problem {
            Some(spot) => Err(self.malformed(grid.start_line, spot)),
            None => Ok(Entry {
                line: grid.start_line,
                shape: Shape::Grid,
                board: Board::EMPTY,
                candidates: None,
                label: None,
                other: Some(Box::new(Other::Sized {
                    size: grid.size,
                    cells: grid.cells.into(),
                    numbers: grid.numbers,
                })),
            }),
        };
        self.pending.push_back(item);
    }

    /// Joins a JSON array written one cell a line (`json.dumps(board,
    /// indent=2)`): a line of one cell and a trailing `,` continues on the
    /// next; the array ends at a line of one cell without it. Lines that
    /// hold no cells (its brackets) pass. True if the line was taken.
    fn join(&mut self, number: u64, kind: LineKind) -> bool {
        let wide = &self.scan.wide;
        let (cells, count, (max, _)) = wide.reading();
        // Only a bad row can be one cell: the wide reading is made for it.
        let single = matches!(kind, LineKind::BadRow) && count == 1 && wide.unexpected == 0;
        if single {
            let value = cells[0];
            let numbers = wide.as_tokens();
            let trailing = wide.trailing_comma;
            let joined = self.joined.get_or_insert_with(|| Joined {
                start_line: number,
                cells: Vec::new(),
                max: 0,
                numbers: false,
            });
            joined.numbers |= numbers;
            joined.max = joined.max.max(max);
            if joined.cells.len() < wide::MAX_WIDE {
                joined.cells.push(value);
            } else {
                joined.cells.push(value);
                joined.cells.truncate(wide::MAX_WIDE + 1);
            }
            if !trailing {
                self.end_joined();
            }
            return true;
        }
        if self.joined.is_none() {
            return false;
        }
        if matches!(kind, LineKind::Skip) {
            return true;
        }
        self.end_joined();
        false
    }

    /// Reads the cells joined so far as one line.
    fn end_joined(&mut self) {
        let Some(joined) = self.joined.take() else {
            return;
        };
        let count = joined.cells.len() as u64;
        let number = joined.start_line;
        let classic = !self.scan.sized_run && self.sized.is_none() && joined.max <= 9;
        if classic && count == 9 {
            let mut row = [0; 9];
            row.copy_from_slice(&joined.cells);
            if let Some(item) = self.add_row(number, Row::Cells(row)) {
                self.pending.push_back(item);
            }
        } else if classic && count == 81 {
            let mut cells = [0; 81];
            cells.copy_from_slice(&joined.cells);
            let entry = Entry {
                line: number,
                shape: Shape::Line,
                board: Board::from_checked(cells),
                candidates: None,
                label: None,
                other: None,
            };
            self.push_one_line(Ok(entry));
        } else if self.scan.sized_run
            || self.sized.is_some()
            || (self.grid.is_none() && (sized_board(count).is_some() || sized_row(count)))
        {
            let shape = Shape::Line;
            self.place(
                number,
                &joined.cells,
                count,
                (joined.max, None),
                joined.numbers,
                shape,
            );
        } else {
            let spot = Spot {
                line: number,
                column: None,
                problem: if count <= 40 {
                    Problem::RowCells(count)
                } else if count < 81 {
                    Problem::LineCells(count)
                } else {
                    Problem::MarkLineCells(count)
                },
            };
            if count <= 40 {
                if let Some(item) = self.add_row(number, Row::Bad(spot)) {
                    self.pending.push_back(item);
                }
            } else {
                let error = self.malformed(number, spot);
                self.push_one_line(Err(error));
            }
        }
    }

    /// Queues a one-line board's item after the error of a grid it cuts
    /// short, if any.
    fn push_one_line(&mut self, item: Result<Entry, ReadError>) {
        if let Some(error) = self.cut_grid() {
            self.pending.push_back(Err(error));
        }
        self.pending.push_back(item);
    }
}

/// The size of a one-line board of `count` cells that is not a classic
/// one: 4 to 25 squared, but 81 (and 729, the pencilmark line).
fn sized_board(count: u64) -> Option<u8> {
    (4..=25u8).find(|&n| u64::from(n) * u64::from(n) == count && n != 9)
}

/// Whether `count` is a size a board may have: 4 to 25.
fn sized_size(count: u64) -> bool {
    (4..=25).contains(&count)
}

/// Whether `count` cells make a grid row of another size: 4 to 25 but 9,
/// and 16 (a 4x4 board on one line: 16x16 grids need `--size 16`).
fn sized_row(count: u64) -> bool {
    (4..=25).contains(&count) && count != 9 && count != 16
}

/// f-puzzles data trimmed of blanks at its end.
fn trim_payload(payload: &[u8]) -> &[u8] {
    let end = payload
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    &payload[..end]
}

/// An N x N grid being collected row by row.
struct SizedGrid {
    start_line: u64,
    size: u8,
    rows: u8,
    cells: Vec<u8>,
    first_problem: Option<Spot>,
    /// Whether some row was written as numbers.
    numbers: bool,
}

/// A JSON array being joined from lines of one cell each.
struct Joined {
    start_line: u64,
    cells: Vec<u8>,
    max: u8,
    numbers: bool,
}

/// Where a problem is, and what it is.
#[derive(Clone, Debug)]
struct Spot {
    line: u64,
    column: Option<u64>,
    problem: Problem,
}

/// A grid being collected row by row.
struct Grid {
    start_line: u64,
    rows: u8,
    /// Rows read as nine cells: none means malformed lines only, no grid
    /// a board of another size could be part of.
    good: u8,
    cells: [u8; 81],
    first_problem: Option<Spot>,
}

impl Grid {
    fn new(start_line: u64) -> Grid {
        Grid {
            start_line,
            rows: 0,
            good: 0,
            cells: [0; 81],
            first_problem: None,
        }
    }
}

/// A grid row: nine cells, or the first problem of a bad row.
enum Row {
    Cells([u8; 9]),
    Bad(Spot),
}

/// What one line of input turned out to be. What a line holds stays in
/// the [`LineScan`] (its cells, marks, problem or data) until the next
/// line starts, so that a [`Line`] is two words: a kind carrying its cells
/// or its problem (96 bytes) was copied whole through the stack between
/// `finish_line` and the grid several times a line, each copy reading back
/// bytes just written in smaller pieces (a store-forwarding stall).
#[derive(Clone, Copy, Debug)]
enum LineKind {
    /// Blank, border only, or a comment.
    Skip,
    /// A grid row of nine cells: the first nine of [`LineScan::cells`].
    Row,
    /// A bad grid row, its first problem in [`LineScan::bad`].
    BadRow,
    /// An 81-cell board: [`LineScan::cells`].
    Board,
    /// A 729-cell pencilmark board, its masks in [`LineScan::marks`].
    Marks,
    /// A bad one-line board, its first problem in [`LineScan::bad`].
    BadBoard,
    /// A line of f-puzzles data, kept in [`LineScan::payload`].
    Payload,
}

#[derive(Clone, Copy)]
struct Line {
    number: u64,
    kind: LineKind,
}

/// The byte classes; a class below 10 is a cell's value (0 for empty).
const LAYOUT: u8 = 10;
const BLANK: u8 = 11;
const HASH: u8 = 12;
const CR: u8 = 13;
const LF: u8 = 14;
const OTHER: u8 = 15;

/// A byte's class as [`CLASS`] gives it for cells (a digit's value, 0 for
/// the blanks), and some value above 9 for any other byte: by arithmetic
/// rather than by table, so that a loop over a line runs 16 or 32 bytes at
/// a time. `wrapping_sub` takes the bytes below `0` past 9 too.
#[inline(always)]
fn cell_class(byte: u8) -> u8 {
    let blank = byte == b'.' || byte == b'_';
    if blank {
        0
    } else {
        byte.wrapping_sub(b'0')
    }
}

/// The class of every byte value.
static CLASS: [u8; 256] = {
    let mut class = [OTHER; 256];
    let mut digit = 1;
    while digit <= 9 {
        class[b'0' as usize + digit] = digit as u8;
        digit += 1;
    }
    class[b'.' as usize] = 0;
    class[b'0' as usize] = 0;
    class[b'_' as usize] = 0;
    let layout = b"|+-=[]\"',";
    let mut i = 0;
    while i < layout.len() {
        class[layout[i] as usize] = LAYOUT;
        i += 1;
    }
    class[b' ' as usize] = BLANK;
    class[b'\t' as usize] = BLANK;
    class[b'#' as usize] = HASH;
    class[b'\r' as usize] = CR;
    class[b'\n' as usize] = LF;
    class
};

/// UTF-8's byte-order mark, which some editors start a file with: skipped
/// at the start of an input.
pub const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// The longest line kept for the wide reading when it spans buffers: far
/// more than a 25x25 board of numbers needs.
const MAX_CARRY: usize = 16 << 10;

/// Whether `byte` parts cells: layout or a blank.
fn parts_cells(byte: u8) -> bool {
    matches!(CLASS[usize::from(byte)], LAYOUT | BLANK)
}

/// Whether `byte` starts a label after a board's last cell, and is trimmed
/// from a label's ends.
fn is_label_separator(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b';' | b'#' | b',')
}

/// `label` without separators at its ends; `None` if nothing is left.
fn trimmed_label(label: &[u8]) -> Option<Box<[u8]>> {
    let start = label.iter().position(|&b| !is_label_separator(b))?;
    let end = label.iter().rposition(|&b| !is_label_separator(b))?;
    Some(label[start..=end].into())
}

/// The state of the line being scanned, fed one buffer at a time.
struct LineScan {
    /// The current line's number (1-based).
    number: u64,
    /// Bytes of this line seen so far (its last column).
    column: u64,
    /// Whether any byte of this line has been seen (a line exists at EOF).
    any: bool,
    cells: [u8; 81],
    /// The candidate masks the line would give if it held 729 cells: mask
    /// `k` is complete once cell `9 * k + 8` is seen.
    marks: [u16; 81],
    /// The first digit out of its place, were the line a 729-cell board.
    misplaced: Option<(u64, Problem)>,
    /// Cells on the line; past 729 only counted.
    count: u64,
    /// Unexpected bytes on the line.
    unexpected: u64,
    /// The first unexpected byte or surplus cell.
    first_problem: Option<(u64, Problem)>,
    /// The first problem of the line just classified as a bad row or bad
    /// board, for its item (taken by it).
    bad: Option<Spot>,
    seen_nonblank: bool,
    comment: bool,
    /// Whether the line is in a rare state: a comment, f-puzzles data, or
    /// its first non-blank bytes not yet told ([`LineScan::watched_byte`]).
    watch: bool,
    /// The column of a CR whose meaning waits on the next byte.
    pending_cr: Option<u64>,
    /// How many BOM bytes have matched at the start of the input; 3 once the
    /// start of input is behind us, matched or not.
    bom: usize,
    /// Just past a board's last cell (the 81st or the 729th) with nothing
    /// unexpected before it, and only layout bytes since: a separator now
    /// starts a label.
    seeking_label: bool,
    /// A label has started: the rest of the line is kept.
    keeping_label: bool,
    /// The line's bytes from the first label separator on (at most
    /// [`MAX_LABEL`] and a byte), were the line a labelled board.
    label: Vec<u8>,
    /// Where in `label` a label after the 81st cell, and after the 729th,
    /// starts, if one may.
    label_at: [Option<usize>; 2],
    /// The column where the kept bytes passed [`MAX_LABEL`].
    long_label: Option<u64>,
    /// The label of the line just classified as a board, for its entry
    /// (taken by it).
    found_label: Option<Box<[u8]>>,
    /// Whether this line's label state left its reset values.
    label_touched: bool,
    /// The line read as a board of another size, when it is read so
    /// ([`LineScan::needs_wide`]).
    wide: Box<Wide>,
    /// Whether every line is read the wide way (a sized run, or an N x N
    /// grid in progress).
    want_wide: bool,
    /// The bytes of the current line that earlier buffers held.
    carry: Vec<u8>,
    /// Whether the line passed [`MAX_CARRY`] bytes.
    carry_full: bool,
    /// Whether `wide` holds this line's reading (else it is empty).
    wide_read: bool,
    /// The run's cell symbols for that reading.
    symbols: Symbols,
    /// Whether every line is read the wide way (a `--size` other than 9,
    /// or `--symbols`): the classic fast paths are then off.
    sized_run: bool,
    /// The line's first four non-blank bytes, to tell f-puzzles data.
    head: [u8; 4],
    head_len: u8,
    /// The line is f-puzzles data: its bytes from the first non-blank
    /// one are kept (up to [`MAX_PAYLOAD`]).
    capturing: bool,
    payload: Vec<u8>,
    /// The column where the kept bytes passed [`MAX_PAYLOAD`].
    long_payload: Option<u64>,
}

impl LineScan {
    fn new() -> LineScan {
        LineScan {
            number: 0,
            column: 0,
            any: false,
            cells: [0; 81],
            marks: [0; 81],
            misplaced: None,
            count: 0,
            unexpected: 0,
            first_problem: None,
            bad: None,
            seen_nonblank: false,
            comment: false,
            watch: true,
            pending_cr: None,
            bom: 0,
            seeking_label: false,
            keeping_label: false,
            label: Vec::new(),
            label_at: [None; 2],
            long_label: None,
            found_label: None,
            label_touched: false,
            wide: Box::new(Wide::new()),
            want_wide: false,
            carry: Vec::new(),
            carry_full: false,
            wide_read: false,
            symbols: Symbols::default(),
            sized_run: false,
            head: [0; 4],
            head_len: 0,
            capturing: false,
            payload: Vec::new(),
            long_payload: None,
        }
    }

    fn start_line(&mut self) {
        self.number += 1;
        self.column = 0;
        self.any = false;
        self.count = 0;
        self.unexpected = 0;
        self.first_problem = None;
        self.misplaced = None;
        self.seen_nonblank = false;
        self.comment = false;
        self.watch = true;
        self.pending_cr = None;
        if !self.carry.is_empty() || self.carry_full {
            self.carry.clear();
            self.carry_full = false;
        }
        if self.wide_read {
            self.wide.start_line();
            self.wide_read = false;
        }
        self.head_len = 0;
        if self.capturing {
            self.capturing = false;
            self.payload.clear();
            self.long_payload = None;
        }
        // Most lines never reach a label: their state is left as it was.
        if self.label_touched {
            self.label_touched = false;
            self.seeking_label = false;
            self.keeping_label = false;
            self.label.clear();
            self.label_at = [None; 2];
            self.long_label = None;
        }
    }

    /// The fast path for the commonest line: at the very start of a line,
    /// 81 cells and a line end, all in `chunk`. Returns what [`feed`] would,
    /// or `None` to let it scan the line byte by byte.
    ///
    /// [`feed`]: LineScan::feed
    #[inline]
    fn whole_board_line(&mut self, chunk: &[u8]) -> Option<(usize, Option<Line>)> {
        if self.any || self.bom < BOM.len() || self.sized_run {
            return None;
        }
        let (cells, rest) = chunk.split_first_chunk::<81>()?;
        let end = match rest {
            [b'\n', ..] => 1,
            [b'\r', b'\n', ..] => 2,
            [separator, ..] if is_label_separator(*separator) => {
                return self.whole_labelled_line(cells, rest);
            }
            // Only a line end after 729 bytes may make a pencilmark line:
            // told here, so that grid rows skip the call.
            _ => match chunk.get(729) {
                Some(b'\n' | b'\r') => return self.whole_marks_line(chunk),
                _ => return None,
            },
        };
        if !self.take_cells(cells) {
            return None;
        }
        self.any = true;
        let line = Line {
            number: self.number,
            kind: LineKind::Board,
        };
        Some((81 + end, Some(line)))
    }

    /// Reads 81 bytes as the line's cells; false if one is not a cell (the
    /// byte-by-byte scan will then say what it is). Every byte is
    /// classified without branching (see `cell_class`): any class above 9
    /// is not a cell.
    #[inline(always)]
    fn take_cells(&mut self, cells: &[u8; 81]) -> bool {
        let mut worst = 0;
        for (slot, &byte) in self.cells.iter_mut().zip(cells) {
            let class = cell_class(byte);
            worst = worst.max(class);
            *slot = class;
        }
        worst <= 9
    }

    /// The fast path for a labelled board: at the very start of a line, 81
    /// cells, a label separator, and the rest of the line with its end, all
    /// in the chunk (`rest` starts at the separator). A rest that could
    /// still make the line a 729-cell one, or a label over [`MAX_LABEL`],
    /// is left to [`feed`].
    ///
    /// [`feed`]: LineScan::feed
    #[inline(never)]
    fn whole_labelled_line(
        &mut self,
        cells: &[u8; 81],
        rest: &[u8],
    ) -> Option<(usize, Option<Line>)> {
        let newline = rest.iter().position(|&b| b == b'\n')?;
        let text = &rest[..newline];
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        let more_cells = text.iter().filter(|&&b| cell_class(b) <= 9).count();
        if text.len() > MAX_LABEL || more_cells >= 729 - 81 {
            return None;
        }
        if !self.take_cells(cells) {
            return None;
        }
        self.any = true;
        self.found_label = trimmed_label(text);
        let line = Line {
            number: self.number,
            kind: LineKind::Board,
        };
        Some((81 + newline + 1, Some(line)))
    }

    /// The fast path for a pencilmark line: at the very start of a line,
    /// 729 cells, each its place's digit or `.`, `0`, `_`, and a line end,
    /// all in `chunk`. Kept out of line so that the 81-cell path stays
    /// small; `None` lets [`feed`] scan the line byte by byte.
    ///
    /// [`feed`]: LineScan::feed
    #[inline(never)]
    fn whole_marks_line(&mut self, chunk: &[u8]) -> Option<(usize, Option<Line>)> {
        let (cells, rest) = chunk.split_first_chunk::<729>()?;
        let end = match rest {
            [b'\n', ..] => 1,
            [b'\r', b'\n', ..] => 2,
            _ => return None,
        };
        if !marks_of_line(cells, &mut self.marks) {
            return None;
        }
        self.any = true;
        let line = Line {
            number: self.number,
            kind: LineKind::Marks,
        };
        Some((729 + end, Some(line)))
    }

    /// Scans `chunk` up to and including the first line feed. Returns how
    /// many bytes were used and, if the line ended, what it was.
    fn feed(&mut self, chunk: &[u8]) -> (usize, Option<Line>) {
        let mut rest = chunk;
        if self.bom < BOM.len() {
            rest = self.skip_bom(rest);
        }
        for (i, &byte) in rest.iter().enumerate() {
            if self.byte(byte) {
                let used = chunk.len() - rest.len() + i + 1;
                let line = self.finish_line();
                if self.needs_wide(line.kind) {
                    self.read_wide(&rest[..i]);
                }
                return (used, Some(line));
            }
        }
        self.keep_carry(rest);
        (chunk.len(), None)
    }

    /// Whether the line just classified is read the wide way too: in a
    /// sized run or grid, and wherever it is no classic line.
    fn needs_wide(&self, kind: LineKind) -> bool {
        self.want_wide || matches!(kind, LineKind::BadRow | LineKind::BadBoard)
    }

    /// Keeps the bytes of a line that goes on past the buffer, up to
    /// [`MAX_CARRY`]: the wide reading needs the whole line, and only the
    /// rare line split between two reads is copied.
    fn keep_carry(&mut self, bytes: &[u8]) {
        if self.carry.len() + bytes.len() <= MAX_CARRY {
            self.carry.extend_from_slice(bytes);
        } else {
            self.carry_full = true;
        }
    }

    /// Reads the line just scanned (`tail`, after the bytes carried from
    /// earlier buffers) the wide way.
    fn read_wide(&mut self, tail: &[u8]) {
        let bytes = if self.carry.is_empty() {
            tail
        } else {
            self.keep_carry(tail);
            &self.carry
        };
        self.wide
            .read_line(&self.symbols, bytes, parts_cells, self.carry_full);
        self.wide_read = true;
    }

    /// Matches the BOM at the start of input, replaying a partial match as
    /// ordinary bytes when it fails; returns the bytes still to scan.
    fn skip_bom<'a>(&mut self, chunk: &'a [u8]) -> &'a [u8] {
        let mut rest = chunk;
        while let Some((&byte, tail)) = rest.split_first() {
            if byte != BOM[self.bom] {
                self.give_up_bom();
                return rest;
            }
            self.bom += 1;
            rest = tail;
            if self.bom == BOM.len() {
                break;
            }
        }
        rest
    }

    /// The start of input is not a BOM: the bytes that matched so far are
    /// content (none of them is a line feed).
    fn give_up_bom(&mut self) {
        let matched = self.bom;
        self.bom = BOM.len();
        self.keep_carry(&BOM[..matched]);
        for &byte in &BOM[..matched] {
            self.byte(byte);
        }
    }

    /// Scans one byte; true if it ends the line. Inlined into `feed`'s
    /// loop: a call per byte (six registers saved and restored around a
    /// state that grew with the wide reading) kept grid input slower than
    /// before other sizes, with the line copies gone or not.
    #[inline(always)]
    fn byte(&mut self, byte: u8) -> bool {
        let class = CLASS[usize::from(byte)];
        if let Some(column) = self.pending_cr.take() {
            if class == LF {
                return true;
            }
            if self.capturing {
                self.keep_payload_byte(b'\r');
            }
            self.keep_label_byte(b'\r');
            self.unexpected_byte(column, b'\r');
        }
        self.column += 1;
        self.any = true;
        // One test for the rare states (a comment, f-puzzles data, a line
        // start not yet told), so that a plain byte pays one branch.
        if self.watch {
            if let Some(end) = self.watched_byte(byte, class) {
                return end;
            }
        }
        if (self.seeking_label || self.keeping_label) && class != LF && class != CR {
            self.label_byte(byte, class);
        }
        match class {
            0..=9 => self.cell(class),
            LAYOUT => self.seen_nonblank = true,
            BLANK => {}
            HASH if !self.seen_nonblank => {
                self.comment = true;
                self.watch = true;
            }
            CR => self.pending_cr = Some(self.column),
            LF => return true,
            _ => self.unexpected_byte(self.column, byte),
        }
        false
    }

    /// A byte in a rare state: the rest of a comment, of f-puzzles data
    /// (`Some`: whether it ends the line), or one of the first four
    /// non-blank bytes (`None`: read it as usual).
    fn watched_byte(&mut self, byte: u8, class: u8) -> Option<bool> {
        if self.comment {
            return Some(class == LF);
        }
        if self.capturing {
            if class == LF {
                return Some(true);
            }
            if class != CR {
                self.keep_payload_byte(byte);
            } else {
                self.pending_cr = Some(self.column);
            }
            return Some(false);
        }
        if self.head_len < 4 && class != BLANK && class != LF && class != CR {
            if self.head_len == 0 && class != OTHER {
                // Most lines start with a cell or layout: no data, told
                // here without a call (f-puzzles data starts with `{` or
                // a letter, both of class OTHER).
                self.head_len = 4;
            } else {
                self.head_byte(byte);
            }
        }
        self.watch = self.capturing || self.head_len < 4;
        None
    }

    /// Notes one of the line's first four non-blank bytes; once there are
    /// four, a line that starts like f-puzzles data (a link, a payload, a
    /// JSON object) is kept whole from its first non-blank byte on.
    #[inline(never)]
    fn head_byte(&mut self, byte: u8) {
        // Most lines start with a cell or layout: no data, nothing kept.
        if self.head_len == 0 && !b"{hHwWnNfFsSaA".contains(&byte) {
            self.head_len = 4;
            return;
        }
        self.head[usize::from(self.head_len)] = byte;
        self.head_len += 1;
        let starts_data = self.head[0] == b'{'
            || (self.head_len == 4
                && matches!(
                    &self.head.map(|b| b.to_ascii_lowercase()),
                    b"http" | b"www." | b"n4ig" | b"f-pu" | b"sudo" | b"app."
                ));
        if starts_data {
            self.capturing = true;
            self.payload.clear();
            let head = self.head;
            for &b in &head[..usize::from(self.head_len)] {
                self.keep_payload_byte(b);
            }
        }
    }

    /// Keeps a byte of f-puzzles data, up to [`MAX_PAYLOAD`].
    fn keep_payload_byte(&mut self, byte: u8) {
        if self.payload.len() < MAX_PAYLOAD {
            self.payload.push(byte);
        } else if self.long_payload.is_none() {
            self.long_payload = Some(self.column);
        }
    }

    fn cell(&mut self, value: u8) {
        self.seen_nonblank = true;
        if let Some(slot) = self.cells.get_mut(self.count as usize) {
            *slot = value;
        }
        if self.count < 729 {
            self.mark(value);
        } else if self.count == 729 {
            self.note_problem(self.column, Problem::TooManyCells);
        }
        self.count += 1;
        // A board's last cell, with nothing wrong before it: a label may
        // follow (a pencilmark line's last cell only if its marks are
        // right).
        if (self.count == 81 || (self.count == 729 && self.misplaced.is_none()))
            && self.unexpected == 0
        {
            self.seeking_label = true;
            self.label_touched = true;
        }
    }

    /// A byte after a board's last cell: layout keeps a label possible, a
    /// separator starts one (where it starts is noted for the board it
    /// follows), anything else rules it out; once started, every byte is
    /// kept.
    fn label_byte(&mut self, byte: u8, class: u8) {
        if self.seeking_label {
            if is_label_separator(byte) {
                let board = usize::from(self.count != 81);
                self.label_at[board] = Some(self.label.len());
                self.seeking_label = false;
                self.keeping_label = true;
            } else if class != LAYOUT {
                self.seeking_label = false;
            }
        }
        self.keep_label_byte(byte);
    }

    /// Keeps `byte` of a label, up to [`MAX_LABEL`] and a byte (enough to
    /// know it is too long).
    fn keep_label_byte(&mut self, byte: u8) {
        if !self.keeping_label {
            return;
        }
        if self.label.len() <= MAX_LABEL {
            self.label.push(byte);
        } else if self.long_label.is_none() {
            self.long_label = Some(self.column);
        }
    }

    /// Adds cell number `count` (below 729) to the marks a 729-cell line
    /// would give: its group is cell `count / 9`, its place `count % 9 + 1`.
    fn mark(&mut self, value: u8) {
        let group = (self.count / 9) as usize;
        let position = (self.count % 9) as u8 + 1;
        // The first place of a group starts its mask afresh, so no reset
        // per line is needed.
        let before = if position == 1 { 0 } else { self.marks[group] };
        self.marks[group] = before | u16::from(value == position) << (position - 1);
        if value != 0 && value != position && self.misplaced.is_none() {
            let problem = Problem::MisplacedMark {
                cell: crate::board::Cell(group as u8),
                position,
                found: value,
            };
            self.misplaced = Some((self.column, problem));
        }
    }

    fn unexpected_byte(&mut self, column: u64, byte: u8) {
        self.seen_nonblank = true;
        self.unexpected += 1;
        self.note_problem(column, Problem::UnexpectedByte(byte));
    }

    fn note_problem(&mut self, column: u64, problem: Problem) {
        self.first_problem.get_or_insert((column, problem));
    }

    /// The first problem of the bad line just classified (line `number`);
    /// `finish_line` always leaves one, the fallback is never read.
    fn take_bad(&mut self, number: u64) -> Spot {
        self.bad.take().unwrap_or(Spot {
            line: number,
            column: None,
            problem: Problem::RowCells(self.count),
        })
    }

    /// The end of input: finishes a last line that has no line feed.
    fn finish_input(&mut self) -> Option<Line> {
        if self.bom < BOM.len() {
            self.give_up_bom();
        }
        // A CR at the very end of input is part of the line end.
        self.pending_cr = None;
        if !self.any {
            return None;
        }
        let line = self.finish_line();
        if self.needs_wide(line.kind) {
            self.read_wide(&[]);
        }
        Some(line)
    }

    /// Classifies the line just scanned.
    fn finish_line(&mut self) -> Line {
        let number = self.number;
        let line = |kind| Line { number, kind };
        if self.capturing {
            return line(LineKind::Payload);
        }
        if self.comment || (self.count == 0 && self.unexpected == 0) {
            return line(LineKind::Skip);
        }
        let clean_marks = self.unexpected == 0 && self.count == 729 && self.misplaced.is_none();
        // A label after the 729th cell, or after the 81st on a line that
        // could not have made 729 cells; never on a clean 729-cell line,
        // whose spaces part its groups.
        let labelled = match self.label_at {
            [_, Some(at)] if !clean_marks => Some((at, LineKind::Marks)),
            [Some(at), _] if self.count < 729 => Some((at, LineKind::Board)),
            _ => None,
        };
        if let Some((at, kind)) = labelled {
            if let Some(column) = self.long_label {
                let spot = Spot {
                    line: number,
                    column: Some(column),
                    problem: Problem::LongLabel,
                };
                self.bad = Some(spot);
                return line(LineKind::BadBoard);
            }
            self.found_label = trimmed_label(&self.label[at..]);
            return line(kind);
        }
        if self.unexpected == 0 && self.count == 9 {
            return line(LineKind::Row);
        }
        if self.unexpected == 0 && self.count == 81 {
            return line(LineKind::Board);
        }
        if self.unexpected == 0 && self.count == 729 && self.misplaced.is_none() {
            return line(LineKind::Marks);
        }
        let is_row = self.count.saturating_add(self.unexpected) <= 40;
        // A misplaced digit is a problem only on a 729-cell line; the
        // first in reading order (the lower column) is cited.
        let first = match (self.first_problem.take(), self.misplaced.take()) {
            (Some(a), Some(b)) if self.count == 729 => Some(if b.0 < a.0 { b } else { a }),
            (None, Some(b)) if self.count == 729 => Some(b),
            (first, _) => first,
        };
        let (column, problem) = match first {
            Some((column, problem)) => (Some(column), problem),
            None if is_row => (None, Problem::RowCells(self.count)),
            None if self.count < 81 => (None, Problem::LineCells(self.count)),
            None => (None, Problem::MarkLineCells(self.count)),
        };
        let spot = Spot {
            line: number,
            column,
            problem,
        };
        self.bad = Some(spot);
        line(if is_row {
            LineKind::BadRow
        } else {
            LineKind::BadBoard
        })
    }
}

/// The digit each of the 729 places of a pencilmark line may hold: place
/// `i` is candidate `i % 9 + 1`. Padded to whole 8-byte words.
static PLACES: [u8; 736] = {
    let mut places = [0; 736];
    let mut i = 0;
    while i < 729 {
        places[i] = b'1' + (i % 9) as u8;
        i += 1;
    }
    places
};

/// Writes into `masks` the candidate masks of a 729-cell line in which
/// every byte is its place's digit or an empty mark (`.`, `0`, `_`); false
/// if any is not (the byte-by-byte scan then says what is wrong, and
/// rewrites `masks` as it goes).
fn marks_of_line(cells: &[u8; 729], masks: &mut [u16; 81]) -> bool {
    // One flag byte per place, 1 for a candidate, in a loop simple enough
    // for the compiler to run 16 or 32 bytes at a time.
    let mut flags = [0u8; 736];
    let mut wrong = 0u8;
    for ((flag, &byte), &place) in flags.iter_mut().zip(cells).zip(&PLACES) {
        let candidate = byte == place;
        let empty = byte == b'.' || byte == b'0' || byte == b'_';
        wrong |= u8::from(!(candidate || empty));
        *flag = u8::from(candidate);
    }
    if wrong != 0 {
        return false;
    }
    // The flags as a bit set, bit `i` for place `i`; a spare word lets
    // every 9-bit window below read two whole words.
    let mut bits = [0u64; 13];
    for (at, eight) in flags.as_chunks::<8>().0.iter().enumerate() {
        bits[at / 8] |= gather_flags(u64::from_le_bytes(*eight)) << (8 * (at % 8));
    }
    for (cell, mask) in masks.iter_mut().enumerate() {
        let (word, shift) = (9 * cell / 64, 9 * cell % 64);
        let window = (u128::from(bits[word]) | u128::from(bits[word + 1]) << 64) >> shift;
        *mask = window as u16 & Candidates::ALL;
    }
    true
}

/// Packs eight flag bytes (each 0 or 1) into eight bits, byte `i` to bit
/// `i`: the multiplier adds a copy of byte `i`'s bit at bit `56 + i`, and
/// every other copy lands below bit 56 without carrying into it, or above
/// bit 63.
fn gather_flags(eight: u64) -> u64 {
    eight.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// Why a string did not parse as exactly one board.
#[derive(Debug, thiserror::Error)]
pub enum ParseBoardError {
    /// The text is malformed.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The text holds no board.
    #[error("no board found")]
    Empty,
    /// The text holds more than one board.
    #[error("more than one board found")]
    Several,
}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Parses exactly one board, in any input shape the reader accepts.
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let mut boards = Boards::new(s.as_bytes(), "<string>");
        let first = boards.next().ok_or(ParseBoardError::Empty)??;
        match boards.next() {
            None => Ok(first.board),
            Some(_) => Err(ParseBoardError::Several),
        }
    }
}

impl FromStr for Candidates {
    type Err = ParseBoardError;

    /// Parses exactly one position in any input shape the reader accepts:
    /// a 729-cell line gives its marks, a plain board those of
    /// [`Candidates::from_board`].
    fn from_str(s: &str) -> Result<Candidates, ParseBoardError> {
        let mut boards = Boards::new(s.as_bytes(), "<string>");
        let first = boards.next().ok_or(ParseBoardError::Empty)??;
        match boards.next() {
            None => Ok(first
                .candidates
                .map_or_else(|| Candidates::from_board(&first.board), |marks| *marks)),
            Some(_) => Err(ParseBoardError::Several),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn parses_and_prints_a_line() {
        let board: Board = LEETCODE.parse().unwrap();
        assert_eq!(board.to_string(), LEETCODE);
        assert_eq!(board.givens(), 30);
        assert!(!board.is_full());
    }

    #[test]
    fn from_str_wants_exactly_one_board() {
        assert!(matches!("".parse::<Board>(), Err(ParseBoardError::Empty)));
        let two = format!("{LEETCODE}\n{LEETCODE}\n");
        assert!(matches!(
            two.parse::<Board>(),
            Err(ParseBoardError::Several)
        ));
        assert!(matches!(
            "x".repeat(81).parse::<Board>(),
            Err(ParseBoardError::Read(_))
        ));
    }

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// Reads `text` and describes each item as `line:shape` or the error's
    /// text, so tests read like the output they expect.
    /// An item as the tests compare it: `LINE:SHAPE:BOARD [LABEL]`, or
    /// the error's message.
    fn describe(item: Result<Entry, ReadError>) -> String {
        match item {
            Ok(entry) => match entry.label {
                None => format!("{}:{:?}:{}", entry.line, entry.shape, entry.board),
                Some(label) => format!(
                    "{}:{:?}:{} [{}]",
                    entry.line,
                    entry.shape,
                    entry.board,
                    label.escape_ascii()
                ),
            },
            Err(error) => error.to_string(),
        }
    }

    fn read(text: &[u8]) -> Vec<String> {
        Boards::new(text, "t").map(describe).collect()
    }

    fn grid_text(puzzle: &str) -> String {
        puzzle
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect()
    }

    /// The fast path's arithmetic agrees with the table on every byte:
    /// the same cells, and nothing else taken for one.
    #[test]
    fn cell_classes_match_the_table() {
        for byte in 0..=u8::MAX {
            let (fast, table) = (cell_class(byte), CLASS[usize::from(byte)]);
            if table <= 9 {
                assert_eq!(fast, table, "byte {byte}");
            } else {
                assert!(fast > 9, "byte {byte} read as cell {fast}");
            }
        }
    }

    #[test]
    fn reads_one_line_boards() {
        let text = format!("{PUZZLE}\n{PUZZLE}");
        assert_eq!(
            read(text.as_bytes()),
            [format!("1:Line:{PUZZLE}"), format!("2:Line:{PUZZLE}")]
        );
    }

    #[test]
    fn reads_the_three_blanks_alike() {
        let zeros = PUZZLE.replace('.', "0");
        let unders = PUZZLE.replace('.', "_");
        let text = format!("{zeros}\n{unders}\n");
        assert_eq!(
            read(text.as_bytes()),
            [format!("1:Line:{PUZZLE}"), format!("2:Line:{PUZZLE}")]
        );
    }

    #[test]
    fn reads_plain_grids_back_to_back() {
        let text = format!("{}{}", grid_text(PUZZLE), grid_text(PUZZLE));
        assert_eq!(
            read(text.as_bytes()),
            [format!("1:Grid:{PUZZLE}"), format!("10:Grid:{PUZZLE}")]
        );
    }

    #[test]
    fn reads_boxed_grids_with_borders_and_blank_lines() {
        let text = "\n\
            5 3 . | . 7 . | . . .\n\
            6 . . | 1 9 5 | . . .\n\
            . 9 8 | . . . | . 6 .\n\
            ------+-------+------\n\
            8 . . | . 6 . | . . 3\n\
            4 . . | 8 . 3 | . . 1\n\
            \n\
            7 . . | . 2 . | . . 6\n\
            ======+=======+======\n\
            . 6 . | . . . | 2 8 .\n\
            . . . | 4 1 9 | . . 5\n\
            # a comment inside the grid\n\
            . . . | . 8 . | . 7 9\n";
        assert_eq!(read(text.as_bytes()), [format!("2:Grid:{PUZZLE}")]);
    }

    #[test]
    fn reads_leetcode_array_forms() {
        let rows: Vec<String> = PUZZLE
            .as_bytes()
            .chunks(9)
            .map(|r| format!("\"{}\"", std::str::from_utf8(r).unwrap()))
            .collect();
        let strings = format!("[{}]", rows.join(","));
        assert_eq!(read(strings.as_bytes()), [format!("1:Line:{PUZZLE}")]);

        let nested: Vec<String> = PUZZLE
            .as_bytes()
            .chunks(9)
            .map(|r| {
                let cells: Vec<String> = r.iter().map(|&c| format!("\"{}\"", c as char)).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        let one_line = format!("[{}]", nested.join(","));
        assert_eq!(read(one_line.as_bytes()), [format!("1:Line:{PUZZLE}")]);
        let multi_line = format!("[\n{}\n]\n", nested.join(",\n"));
        assert_eq!(read(multi_line.as_bytes()), [format!("2:Grid:{PUZZLE}")]);
    }

    #[test]
    fn skips_comments_bom_and_crlf() {
        let text = format!("\u{feff}# header\r\n   # indented comment\r\n{PUZZLE}\r\n{PUZZLE}\r");
        assert_eq!(
            read(text.as_bytes()),
            [format!("3:Line:{PUZZLE}"), format!("4:Line:{PUZZLE}")]
        );
    }

    #[test]
    fn bom_is_not_counted_in_columns() {
        let text = "\u{feff}x";
        assert_eq!(read(text.as_bytes()), ["t:1:1: unexpected character 'x'"]);
    }

    #[test]
    fn a_partial_bom_is_content() {
        assert_eq!(read(b"\xef\xbbx"), ["t:1:1: unexpected character '\\xef'"]);
        assert_eq!(read(b"\xef"), ["t:1:1: unexpected character '\\xef'"]);
    }

    #[test]
    fn bom_counts_only_at_the_start() {
        let text = format!("{PUZZLE}\n\u{feff}{PUZZLE}\n");
        assert_eq!(
            read(text.as_bytes()),
            [
                format!("1:Line:{PUZZLE}"),
                "t:2:1: unexpected character '\\xef'".to_owned()
            ]
        );
    }

    #[test]
    fn a_lone_cr_is_unexpected() {
        let text = format!("{}\r{}\n", &PUZZLE[..40], &PUZZLE[40..]);
        assert_eq!(
            read(text.as_bytes()),
            ["t:1:41: unexpected character '\\r'"]
        );
        // CR CR LF: the first CR is not before a line feed.
        let text = format!("{PUZZLE}\r\r\n");
        assert_eq!(
            read(text.as_bytes()),
            ["t:1:82: unexpected character '\\r'"]
        );
    }

    #[test]
    fn names_the_unexpected_byte_with_its_column() {
        let text = format!("{}x{}\n", &PUZZLE[..11], &PUZZLE[11..]);
        assert_eq!(read(text.as_bytes()), ["t:1:12: unexpected character 'x'"]);
        let text = format!("{}\\{}\n", &PUZZLE[..2], &PUZZLE[2..]);
        assert_eq!(
            read(text.as_bytes()),
            ["t:1:3: unexpected character '\\\\'"]
        );
        let text = format!("{}\u{ff}{}\n", &PUZZLE[..2], &PUZZLE[2..]);
        assert_eq!(
            read(text.as_bytes()),
            ["t:1:3: unexpected character '\\xc3'"]
        );
    }

    #[test]
    fn hash_after_content_starts_a_label_and_elsewhere_is_unexpected() {
        let text = format!("{PUZZLE} # trailing\n");
        assert_eq!(
            read(text.as_bytes()),
            [format!("1:Line:{PUZZLE} [trailing]")]
        );
        let text = format!("{}#{}\n", &PUZZLE[..40], &PUZZLE[40..]);
        assert_eq!(read(text.as_bytes()), ["t:1:41: unexpected character '#'"]);
    }

    /// PUZZLE as a 729-cell line: each given its one candidate, each empty
    /// cell every digit.
    fn marks_line() -> String {
        PUZZLE
            .bytes()
            .flat_map(|b| {
                (b'1'..=b'9').map(move |d| if b == b'.' || b == d { d as char } else { '.' })
            })
            .collect()
    }

    /// Every separator, trimming, layout before the separator, labels
    /// that hold cells, pencilmark lines (their groups parted by spaces
    /// too), bytes that are not UTF-8, and what stays malformed: read whole
    /// (the fast paths) and one byte at a time (the scan), each line with
    /// and without its line feed.
    #[test]
    fn labels_after_a_board() {
        let marks = marks_line();
        let spaced = marks
            .as_bytes()
            .chunks(9)
            .map(|g| std::str::from_utf8(g).unwrap())
            .collect::<Vec<_>>()
            .join(" ");
        let solution = PUZZLE.replace('.', "1");
        let board = |label: &str| format!("1:Line:{PUZZLE} [{label}]");
        let cases: Vec<(Vec<u8>, String)> = vec![
            (format!("{PUZZLE} 7.2").into(), board("7.2")),
            (format!("{PUZZLE}\t7.2\t").into(), board("7.2")),
            (
                format!("{PUZZLE};10.3/1.2/1.2;champagne").into(),
                board("10.3/1.2/1.2;champagne"),
            ),
            (
                format!("{PUZZLE}  # from the forum ").into(),
                board("from the forum"),
            ),
            (format!("{PUZZLE},{solution}").into(), board(&solution)),
            (format!("{PUZZLE} ;# ,").into(), format!("1:Line:{PUZZLE}")),
            (format!("{PUZZLE}|] x\r").into(), board("x")),
            (format!("{PUZZLE} a\rb").into(), board("a\\rb")),
            (
                [format!("{PUZZLE} ").as_bytes(), b"\xff\xfe"].concat(),
                board("\\xff\\xfe"),
            ),
            (
                format!("[\"{PUZZLE}\"],").into(),
                format!("1:Line:{PUZZLE}"),
            ),
            (marks.clone().into(), format!("1:Line:{PUZZLE}")),
            (spaced.clone().into(), format!("1:Line:{PUZZLE}")),
            (format!("{marks} rated 7.2").into(), board("rated 7.2")),
            (format!("{spaced};x").into(), board("x")),
            (
                format!("{PUZZLE}5 x").into(),
                "t:1:84: unexpected character 'x'".into(),
            ),
            (
                format!("{PUZZLE}5").into(),
                "t:1: expected 81 or 729 cells on a line, found 82".into(),
            ),
            (
                format!("{PUZZLE}x 7").into(),
                "t:1:82: unexpected character 'x'".into(),
            ),
            (
                format!("x{PUZZLE} 7").into(),
                "t:1:1: unexpected character 'x'".into(),
            ),
        ];
        for (line, expected) in cases {
            for text in [[&line[..], b"\n"].concat(), line.clone()] {
                let whole = read(&text);
                assert_eq!(
                    whole,
                    std::slice::from_ref(&expected),
                    "{:?}",
                    line.escape_ascii().to_string()
                );
                let trickled: Vec<String> =
                    Boards::new(io::BufReader::with_capacity(1, Trickle(&text)), "t")
                        .map(describe)
                        .collect();
                assert_eq!(trickled, whole, "{:?}", line.escape_ascii().to_string());
            }
        }
        // A label is bounded; the next line is read as ever.
        let long = format!("{PUZZLE} {}\n{PUZZLE}\n", "y".repeat(MAX_LABEL + 1));
        assert_eq!(
            read(long.as_bytes()),
            [
                format!(
                    "t:1:{}: a label longer than {MAX_LABEL} bytes",
                    83 + MAX_LABEL
                ),
                format!("2:Line:{PUZZLE}")
            ]
        );
    }

    #[test]
    fn wrong_cell_counts_on_one_line() {
        let short = &PUZZLE[..80];
        assert_eq!(
            read(short.as_bytes()),
            ["t:1: expected 81 cells on a line, found 80"]
        );
        let long = format!("{PUZZLE}12");
        assert_eq!(
            read(long.as_bytes()),
            ["t:1: expected 81 or 729 cells on a line, found 83"]
        );
    }

    #[test]
    fn a_short_line_is_a_bad_grid_row() {
        let mut text = grid_text(PUZZLE);
        text.replace_range(20..21, "");
        // Row 3 lost a cell: the grid still has nine rows and is spoiled.
        assert_eq!(
            read(text.as_bytes()),
            ["t:3: expected 9 cells in a grid row, found 8"]
        );
    }

    #[test]
    fn a_bad_row_in_a_grid_is_cited_at_its_column() {
        let mut text = grid_text(PUZZLE);
        text.replace_range(24..25, "x");
        assert_eq!(read(text.as_bytes()), ["t:3:5: unexpected character 'x'"]);
    }

    #[test]
    fn a_grid_cut_short_by_a_line_board() {
        let grid = grid_text(PUZZLE);
        let text = format!("{}{PUZZLE}\n{PUZZLE}\n", &grid[..40]);
        assert_eq!(
            read(text.as_bytes()),
            [
                "t:1: grid cut short after 4 of 9 rows".to_owned(),
                format!("5:Line:{PUZZLE}"),
                format!("6:Line:{PUZZLE}")
            ]
        );
    }

    #[test]
    fn a_grid_cut_short_by_the_end_of_input() {
        let grid = grid_text(PUZZLE);
        let text = format!("{PUZZLE}\n\n{}", &grid[..50]);
        assert_eq!(
            read(text.as_bytes()),
            [
                format!("1:Line:{PUZZLE}"),
                "t:3: grid cut short after 5 of 9 rows".to_owned()
            ]
        );
    }

    #[test]
    fn a_spoiled_grid_cut_short_cites_its_first_bad_row() {
        let text = format!("123456789\n12x456789\n{PUZZLE}\n");
        assert_eq!(
            read(text.as_bytes()),
            [
                "t:2:3: unexpected character 'x'".to_owned(),
                format!("3:Line:{PUZZLE}")
            ]
        );
    }

    #[test]
    fn a_bad_line_board_interrupting_a_grid_is_its_own_error() {
        let text = format!("123456789\n{}\n", "x".repeat(41));
        assert_eq!(
            read(text.as_bytes()),
            [
                "t:1: grid cut short after 1 of 9 rows",
                "t:2:1: unexpected character 'x'"
            ]
        );
    }

    #[test]
    fn forty_cells_and_bytes_make_a_row_forty_one_a_board() {
        let forty = format!("{}{}", "1".repeat(39), "x");
        let text = format!("{forty}\n{PUZZLE}\n");
        assert_eq!(
            read(text.as_bytes()),
            [
                "t:1:40: unexpected character 'x'".to_owned(),
                format!("2:Line:{PUZZLE}")
            ]
        );
        let forty_one = format!("{}{}", "1".repeat(40), "x");
        let text = format!("123456789\n{forty_one}\n");
        assert_eq!(
            read(text.as_bytes()),
            [
                "t:1: grid cut short after 1 of 9 rows",
                "t:2:41: unexpected character 'x'"
            ]
        );
    }

    #[test]
    fn the_kaggle_csv_shape_gives_puzzles_labelled_with_their_solutions() {
        let text = format!("quizzes,solutions\n{0},{0}\n", PUZZLE.replace('.', "0"));
        assert_eq!(
            read(text.as_bytes()),
            [
                "t:1:1: unexpected character 'q'".to_string(),
                format!("2:Line:{PUZZLE} [{}]", PUZZLE.replace('.', "0"))
            ]
        );
    }

    #[test]
    fn malformed_records_keep_their_start_line() {
        let text = "\n123456789\n12345678x\n";
        let errors: Vec<Malformed> = Boards::new(text.as_bytes(), "t")
            .filter_map(|item| match item {
                Err(ReadError::Malformed(m)) => Some(m),
                _ => None,
            })
            .collect();
        assert_eq!(errors.len(), 1);
        assert_eq!((errors[0].start_line, errors[0].line), (2, 3));
        assert_eq!(errors[0].column, Some(9));
    }

    #[test]
    fn empty_and_blank_inputs_hold_no_boards() {
        assert!(read(b"").is_empty());
        assert!(read(b"\n\n  \n---+---\n# only comments\n").is_empty());
        assert!(read(b"\xef\xbb\xbf").is_empty());
    }

    #[test]
    fn binary_garbage_is_errors_not_a_panic() {
        let garbage: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
        let items = read(&garbage);
        assert!(!items.is_empty());
        assert!(items.iter().all(|item| item.starts_with("t:")), "{items:?}");
    }

    /// A reader that hands out one byte per call, to prove the scanner
    /// carries its state across buffer boundaries.
    struct Trickle<'a>(&'a [u8]);

    impl io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(1).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn one_byte_reads_give_the_same_items() {
        // One-byte reads never see a whole line, so they always take the
        // byte-by-byte path; whole reads take the fast path where it fits.
        let spoiled = format!("{}x{}", &PUZZLE[..40], &PUZZLE[41..]);
        let text = format!(
            "\u{feff}# c\r\n{PUZZLE}\r\n{}\n{}x\r\r\n{spoiled}\n{PUZZLE}\r\r\n{PUZZLE}",
            grid_text(PUZZLE),
            &PUZZLE[..9]
        );
        let whole = read(text.as_bytes());
        let trickled: Vec<String> = Boards::new(
            io::BufReader::with_capacity(1, Trickle(text.as_bytes())),
            "t",
        )
        .map(describe)
        .collect();
        assert_eq!(whole, trickled);
        assert_eq!(whole.len(), 6, "{whole:?}");
        assert_eq!(whole[3], "t:14:41: unexpected character 'x'");
        assert_eq!(whole[4], "t:15:82: unexpected character '\\r'");
    }

    /// The pencilmark form of PUZZLE: givens as their one candidate, and
    /// r1c3 (an empty cell) narrowed to 1, 2 or 4.
    fn marks_text() -> String {
        let mut text = String::new();
        for (at, cell) in PUZZLE.bytes().enumerate() {
            for place in b'1'..=b'9' {
                let candidate = match cell {
                    b'.' if at == 2 => matches!(place, b'1' | b'2' | b'4'),
                    b'.' => true,
                    digit => digit == place,
                };
                text.push(if candidate { place as char } else { '.' });
            }
        }
        text
    }

    fn trickled(text: &[u8]) -> Vec<String> {
        Boards::new(io::BufReader::with_capacity(1, Trickle(text)), "t")
            .map(describe)
            .collect()
    }

    #[test]
    fn gather_flags_packs_every_pattern() {
        for pattern in 0..=255u64 {
            let bytes = (0..8).fold(0, |word, i| word | (pattern >> i & 1) << (8 * i));
            assert_eq!(gather_flags(bytes), pattern);
        }
    }

    #[test]
    fn reads_a_pencilmark_line_on_both_paths() {
        let marks = marks_text();
        let zeros = marks.replace('.', "0");
        let text = format!("{marks}\n{zeros}\r\n{PUZZLE}\n{marks}");
        let expected = [
            format!("1:Line:{PUZZLE}"),
            format!("2:Line:{PUZZLE}"),
            format!("3:Line:{PUZZLE}"),
            format!("4:Line:{PUZZLE}"),
        ];
        assert_eq!(read(text.as_bytes()), expected);
        assert_eq!(trickled(text.as_bytes()), expected);
        let entries: Vec<Entry> = Boards::new(text.as_bytes(), "t")
            .map(Result::unwrap)
            .collect();
        let fast = *entries[0].candidates.as_deref().unwrap();
        assert_eq!(fast.of(0), 1 << 4);
        assert_eq!(fast.of(2), 0b1011);
        assert_eq!(fast.of(3), Candidates::ALL);
        assert_eq!(fast.to_string(), marks);
        assert_eq!(entries[1].candidates.as_deref(), Some(&fast));
        assert_eq!(entries[2].candidates, None);
        // The last line has no line end: the byte-by-byte path read it.
        assert_eq!(entries[3].candidates.as_deref(), Some(&fast));
        let slow: Vec<Entry> = Boards::new(
            io::BufReader::with_capacity(1, Trickle(text.as_bytes())),
            "t",
        )
        .map(Result::unwrap)
        .collect();
        assert_eq!(slow, entries);
    }

    #[test]
    fn layout_inside_a_pencilmark_line_is_ignored() {
        let marks = marks_text();
        let groups: Vec<&str> = (0..81).map(|c| &marks[9 * c..9 * c + 9]).collect();
        let text = format!("{}\n", groups.join(" "));
        let entry = Boards::new(text.as_bytes(), "t").next().unwrap().unwrap();
        assert_eq!(entry.candidates.unwrap().to_string(), marks);
    }

    #[test]
    fn a_cell_with_one_candidate_is_a_given_and_none_is_empty() {
        let mut marks = marks_text().into_bytes();
        // r1c3 keeps only 4; r1c4 loses every candidate.
        marks[18..27].copy_from_slice(b"...4.....");
        marks[27..36].copy_from_slice(b".........");
        let entry = Boards::new(&marks[..], "t").next().unwrap().unwrap();
        assert_eq!(entry.board.cell(2), 4);
        assert_eq!(entry.board.cell(3), 0);
        assert_eq!(entry.candidates.unwrap().of(3), 0);
    }

    #[test]
    fn wrong_cell_counts_near_729() {
        let marks = marks_text();
        for text in [&marks[..728], &marks[..401], &marks[..82]] {
            let n = text.len();
            let expected = format!("t:1: expected 81 or 729 cells on a line, found {n}");
            assert_eq!(read(text.as_bytes()), std::slice::from_ref(&expected));
            assert_eq!(trickled(text.as_bytes()), [expected]);
        }
        let long = format!("{marks}1.\n{PUZZLE}\n");
        let expected = [
            "t:1:730: more than 729 cells on one line".to_owned(),
            format!("2:Line:{PUZZLE}"),
        ];
        assert_eq!(read(long.as_bytes()), expected);
        assert_eq!(trickled(long.as_bytes()), expected);
    }

    #[test]
    fn a_digit_out_of_its_place_is_cited_at_its_column() {
        let mut marks = marks_text().into_bytes();
        // r1c2's group is bytes 9-17; its place 4 (byte 12) holds 7.
        marks[12] = b'7';
        let expected = ["t:1:13: expected 4 or an empty mark for candidate 4 of r1c2, found 7"];
        assert_eq!(read(&marks), expected);
        assert_eq!(trickled(&marks), expected);
        // An unexpected byte before it is the first problem; after it, not.
        let mut before = marks.clone();
        before.insert(5, b'x');
        assert_eq!(read(&before), ["t:1:6: unexpected character 'x'"]);
        let mut after = marks.clone();
        after.insert(600, b'x');
        assert_eq!(read(&after), expected);
        // On a line that is not 729 cells long it is no problem of its own.
        assert_eq!(
            read(&marks[..101]),
            ["t:1: expected 81 or 729 cells on a line, found 101"]
        );
    }

    #[test]
    fn a_pencilmark_line_interrupts_a_grid() {
        let text = format!("123456789\n{}\n", marks_text());
        assert_eq!(
            read(text.as_bytes()),
            [
                "t:1: grid cut short after 1 of 9 rows".to_owned(),
                format!("2:Line:{PUZZLE}")
            ]
        );
    }

    struct Failing;

    impl io::Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::from_raw_os_error(21))
        }
    }

    #[test]
    fn a_read_error_ends_the_input_with_its_reason() {
        let mut boards = Boards::new(io::BufReader::new(Failing), "dir");
        let error = boards.next().unwrap().unwrap_err();
        assert_eq!(error.to_string(), "dir: Is a directory");
        assert!(boards.next().is_none());
    }

    #[test]
    fn needs_read_tracks_the_buffer() {
        let text = format!("{PUZZLE}\n{PUZZLE}\n");
        let mut boards = Boards::new(text.as_bytes(), "t");
        assert!(boards.needs_read());
        boards.next().unwrap().unwrap();
        assert!(!boards.needs_read());
        boards.next().unwrap().unwrap();
        assert!(boards.needs_read());
    }

    /// Reads `text` with `options`, describing boards of other sizes as
    /// `LINE:SHAPE:SIZE:CELLS` (cells as values joined by `,`).
    fn read_sized(text: &[u8], options: ReadOptions) -> Vec<String> {
        Boards::with_options(text, "t", options)
            .map(|item| match item {
                Ok(Entry {
                    line,
                    shape,
                    other: Some(other),
                    ..
                }) => match *other {
                    Other::Sized {
                        size,
                        cells,
                        numbers,
                    } => {
                        let cells: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
                        let numbers = if numbers { ":numbers" } else { "" };
                        format!("{line}:{shape:?}:{size}:{}{numbers}", cells.join(","))
                    }
                    Other::Payload(text) => format!("{line}:payload:{}", text.escape_ascii()),
                },
                other => describe(other),
            })
            .collect()
    }

    fn values(text: &str) -> String {
        text.bytes()
            .map(|b| match b {
                b'1'..=b'9' => (b - b'0').to_string(),
                b'A'..=b'P' => (b - b'A' + 10).to_string(),
                _ => "0".to_owned(),
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    #[test]
    fn reads_other_sizes_on_one_line_and_as_grids() {
        let four = "1234341221434321";
        let six = "123456456123231564564231312645645312";
        let six_grid: String = six
            .as_bytes()
            .chunks(6)
            .map(|row| {
                format!(
                    "{} | {}\n",
                    std::str::from_utf8(&row[..3]).unwrap(),
                    std::str::from_utf8(&row[3..]).unwrap()
                )
            })
            .collect();
        let text = format!("{four}\n# a comment\n{six_grid}\n{PUZZLE}\n");
        assert_eq!(
            read_sized(text.as_bytes(), ReadOptions::default()),
            [
                format!("1:Line:4:{}", values(four)),
                format!("3:Grid:6:{}", values(six)),
                format!("10:Line:{PUZZLE}"),
            ]
        );
    }

    #[test]
    fn letters_and_numbers_name_digits_above_nine() {
        let sixteen: String = (0..256)
            .map(|i| b"123456789ABCDEFG"[(i + i / 16 * 4 + i / 64) % 16] as char)
            .collect();
        let lower = sixteen.to_lowercase();
        let rows: String = sixteen
            .as_bytes()
            .chunks(16)
            .map(|row| {
                let numbers: Vec<String> = row
                    .iter()
                    .map(|&b| match b {
                        b'1'..=b'9' => (b - b'0').to_string(),
                        _ => (b - b'A' + 10).to_string(),
                    })
                    .collect();
                format!("[{}],\n", numbers.join(", "))
            })
            .collect();
        let text = format!("{sixteen}\n{lower}\n");
        let expected = format!("1:Line:16:{}", values(&sixteen));
        assert_eq!(
            read_sized(text.as_bytes(), ReadOptions::default()),
            [expected.clone(), expected.replace("1:", "2:")]
        );
        // Sixteen numbers a line make a row only once the size is known.
        let options = ReadOptions {
            size: Some(16),
            symbols: None,
        };
        assert_eq!(
            read_sized(rows.as_bytes(), options),
            [format!("1:Grid:16:{}:numbers", values(&sixteen))]
        );
    }

    #[test]
    fn boards_of_another_size_after_a_malformed_line_are_read() {
        // A malformed short line starts what could be a 9x9 grid; boards
        // and rows of another size after it were taken as its bad rows and
        // lost in its one error.
        let board = ".".repeat(16);
        let text = format!("{board}\n..x\n\n{board}\n{board}\n..y\n..z\n123456\n");
        let read = read_sized(text.as_bytes(), ReadOptions::default());
        let empty = format!("Line:4:{}", vec!["0"; 16].join(","));
        assert_eq!(
            read,
            [
                format!("1:{empty}"),
                "t:2:3: unexpected character 'x'".to_owned(),
                format!("4:{empty}"),
                format!("5:{empty}"),
                "t:6:3: unexpected character 'y'".to_owned(),
                "t:8: grid cut short after 1 of 6 rows".to_owned(),
            ]
        );
        // Inside a grid begun by a good row a whole board of another size
        // cuts the grid short, as a classic one-line board does; a row of
        // another count is the grid's bad row, as before.
        let text = format!("123456789\n{board}\n123456789\n1234567890\n");
        let read = read_sized(text.as_bytes(), ReadOptions::default());
        assert_eq!(
            read,
            [
                "t:1: grid cut short after 1 of 9 rows".to_owned(),
                format!("2:{empty}"),
                "t:4: expected 9 cells in a grid row, found 10".to_owned(),
            ]
        );
    }

    #[test]
    fn lines_split_between_reads_read_alike() {
        // One byte a read: every line of another size spans many buffers.
        let text = b"1234341221434321\n\xef\xbb\xbf12 34\n10 11 . 3\n12\n34 12\n21 43\n43 21\n";
        let whole: Vec<String> = read_sized(text, ReadOptions::default());
        let trickled: Vec<String> = Boards::with_options(
            io::BufReader::with_capacity(1, Trickle(text)),
            "t",
            ReadOptions::default(),
        )
        .map(|item| match item {
            Ok(entry) => match entry.other.as_deref() {
                Some(Other::Sized { size, cells, .. }) => {
                    format!("{}:{size}:{cells:?}", entry.line)
                }
                _ => describe(Ok(entry)),
            },
            Err(error) => error.to_string(),
        })
        .collect();
        assert_eq!(whole.len(), trickled.len(), "{whole:?} {trickled:?}");
        assert_eq!(
            trickled[0],
            "1:4:[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]"
        );
        // The BOM is not at the start of input: its bytes are unexpected.
        assert!(
            trickled[1].starts_with("t:2:1: unexpected character '\\xef'"),
            "{trickled:?}"
        );
        assert_eq!(
            whole,
            [
                "1:Line:4:1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1".to_owned(),
                trickled[1].clone(),
                // The row of numbers after the malformed line starts a 4x4
                // grid (lines 3-6) rather than going into the line's error.
                "t:3:4: a 4x4 board has no digit 11".to_owned(),
                "t:7: grid cut short after 1 of 4 rows".to_owned(),
            ][..whole.len()]
        );
    }

    #[test]
    fn a_classic_line_cuts_a_sized_grid_short_however_it_is_buffered() {
        // Found by fuzzing: a 729-cell line that took the fast path (the
        // input in one buffer) vanished from the 6x6 grid around it.
        let marks = marks_text();
        let text = format!(". 4 . | . 9 .\n{marks}\n{PUZZLE}\n");
        let whole: Vec<String> = Boards::new(text.as_bytes(), "t").map(describe).collect();
        let trickled: Vec<String> = Boards::new(
            io::BufReader::with_capacity(40, Trickle(text.as_bytes())),
            "t",
        )
        .map(describe)
        .collect();
        assert_eq!(whole, trickled);
        // It cuts the grid short, as an 81-cell line does, and is a board.
        assert_eq!(whole.len(), 3, "{whole:?}");
        assert_eq!(whole[0], "t:1:11: a 6x6 board has no digit 9");
        assert!(whole[1].starts_with("2:Line:"), "{whole:?}");
    }

    #[test]
    fn symbols_above_the_size_are_cited_where_they_stand() {
        assert_eq!(
            read_sized(b"12343412214343G1\n", ReadOptions::default()),
            [
                "t:1:15: a 4x4 board has no digit 16 (a 16x16 grid written one row a line \
              needs --size 16; other symbols need --symbols)"
            ]
        );
        assert_eq!(
            read_sized(b"12x4341221434321\n", ReadOptions::default()),
            ["t:1:3: unexpected character 'x'"]
        );
    }

    /// The hint a line of `n` cells gets when it cannot be the board its
    /// count makes.
    fn row_hint(n: u8) -> String {
        format!("a {n}x{n} grid written one row a line needs --size {n}")
    }

    #[test]
    fn a_board_or_grid_row_that_cannot_be_told_names_the_size_to_add() {
        let default = ReadOptions::default;
        // 16 cells make a 4x4 board; a symbol above 4 but not above 16
        // rules it out, and a row of a 16x16 grid needs --size 16.
        assert_eq!(
            read_sized(b"1234341221434351\n", default()),
            [format!(
                "t:1:15: a 4x4 board has no digit 5 ({})",
                row_hint(16)
            )]
        );
        // So do 16 numbers, cited at the number.
        assert_eq!(
            read_sized(b"1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 16\n", default()),
            [format!(
                "t:1:31: a 4x4 board has no digit 16 ({})",
                row_hint(16)
            )]
        );
        // 25 cells make a 5x5 board: the same for a 25x25 grid's rows.
        let line = format!("{}9\n", ".".repeat(24));
        assert_eq!(
            read_sized(line.as_bytes(), default()),
            [format!(
                "t:1:25: a 5x5 board has no digit 9 ({})",
                row_hint(25)
            )]
        );
        let line = format!("{}P\n", ".".repeat(24));
        assert_eq!(
            read_sized(line.as_bytes(), default()),
            [format!(
                "t:1:25: a 5x5 board has no digit 25 ({}; other symbols need --symbols)",
                row_hint(25)
            )]
        );
        // A symbol above 16 fits no 16x16 grid: only other symbols could.
        assert_eq!(
            read_sized(b"123434122143432P\n", default()),
            ["t:1:16: a 4x4 board has no digit 25 (other symbols need --symbols)"]
        );
        // --size decides: nothing is left to add.
        let four = ReadOptions {
            size: Some(4),
            symbols: None,
        };
        assert_eq!(
            read_sized(b"12343412214343G1\n", four),
            ["t:1:15: a 4x4 board has no digit 16"]
        );
        // 36 cells can only be a 6x6 board: a digit above 6 is just wrong,
        // a letter may be one of other symbols.
        let six = "123456456123231564564231312645645312";
        let seven = six.replacen('6', "7", 1);
        assert_eq!(
            read_sized(format!("{seven}\n").as_bytes(), default()),
            ["t:1:6: a 6x6 board has no digit 7"]
        );
        let letter = six.replacen('6', "A", 1);
        assert_eq!(
            read_sized(format!("{letter}\n").as_bytes(), default()),
            ["t:1:6: a 6x6 board has no digit 10 (other symbols need --symbols)"]
        );
    }

    #[test]
    fn a_grid_whose_first_two_rows_disagree_names_the_size_to_add() {
        let default = ReadOptions::default;
        // The first row made a 6x6 grid, the second has 8 cells: which is
        // right cannot be told.
        assert_eq!(
            read_sized(b"123456\n12345678\n", default()),
            [
                "t:2: expected 6 cells in a grid row, found 8 (the first row made the grid \
              6x6: add --size 8 for rows of 8 cells)"
            ]
        );
        assert_eq!(
            read_sized(b"12345678\n123456\n", default()),
            [
                "t:2: expected 8 cells in a grid row, found 6 (the first row made the grid \
              8x8: add --size 6 for rows of 6 cells)"
            ]
        );
        // Nine cells too: --size 9 reads the grid as a classic one.
        assert_eq!(
            read_sized(b"123456\n123456789\n", default()),
            [
                "t:2: expected 6 cells in a grid row, found 9 (the first row made the grid \
              6x6: add --size 9 for rows of 9 cells)"
            ]
        );
        // Later rows, counts that are no size, and a --size run: the size
        // is told.
        assert_eq!(
            read_sized(b"123456\n456123\n12345678\n", default()),
            ["t:3: expected 6 cells in a grid row, found 8"]
        );
        assert_eq!(
            read_sized(b"123456\n123\n", default()),
            ["t:2: expected 6 cells in a grid row, found 3"]
        );
        let six = ReadOptions {
            size: Some(6),
            symbols: None,
        };
        assert_eq!(
            read_sized(b"123456\n12345678\n", six),
            ["t:2: expected 6 cells in a grid row, found 8"]
        );
        // The size named reads the grid: its rows of 8 cells make it.
        let eight = ReadOptions {
            size: Some(8),
            symbols: None,
        };
        let rows = "12345678\n".repeat(8);
        let read = read_sized(format!("123456\n{rows}").as_bytes(), eight);
        assert_eq!(read[0], "t:1: expected 8 cells in a grid row, found 6");
    }

    #[test]
    fn a_sized_run_reads_every_line_at_its_size() {
        let options = || ReadOptions {
            size: Some(4),
            symbols: None,
        };
        assert_eq!(
            read_sized(b"1234\n3412\n2143\n4321\n", options()),
            [format!("1:Grid:4:{}", values("1234341221434321"))]
        );
        assert_eq!(
            read_sized(b"1234\n341\n2143\n4321\n", options()),
            ["t:2: expected 4 cells in a grid row, found 3"]
        );
        assert_eq!(
            read_sized(b"1234\n3412\n", options()),
            ["t:1: grid cut short after 2 of 4 rows"]
        );
        let symbols = ReadOptions {
            size: None,
            symbols: Some(Symbols::custom(b"ABCD").unwrap()),
        };
        assert_eq!(
            read_sized(b"ABCDCDABBADCDCBA\n", symbols),
            [format!("1:Line:4:{}", values("1234341221434321"))]
        );
    }

    #[test]
    fn a_sized_grid_is_cut_short_by_a_classic_board() {
        let text = format!("12 34\n34 12\n{PUZZLE}\n");
        assert_eq!(
            read_sized(text.as_bytes(), ReadOptions::default()),
            [
                "t:1: grid cut short after 2 of 4 rows".to_owned(),
                format!("3:Line:{PUZZLE}")
            ]
        );
    }

    #[test]
    fn a_json_array_one_cell_a_line_reads_as_one_board() {
        // json.dumps(board, indent=2) of a list of nine lists of nine.
        let mut text = String::from("[\n");
        for (r, row) in PUZZLE.as_bytes().chunks(9).enumerate() {
            text.push_str("  [\n");
            for (c, &cell) in row.iter().enumerate() {
                let comma = if c < 8 { "," } else { "" };
                text.push_str(&format!("    \"{}\"{comma}\n", cell as char));
            }
            text.push_str(if r < 8 { "  ],\n" } else { "  ]\n" });
        }
        text.push_str("]\n");
        assert_eq!(read(text.as_bytes()), [format!("3:Grid:{PUZZLE}")]);
        // A flat list of 81.
        let flat: String = std::iter::once("[\n".to_owned())
            .chain(PUZZLE.bytes().enumerate().map(|(i, cell)| {
                let comma = if i < 80 { "," } else { "" };
                format!("  \"{}\"{comma}\n", cell as char)
            }))
            .chain(std::iter::once("]\n".to_owned()))
            .collect();
        assert_eq!(read(flat.as_bytes()), [format!("2:Line:{PUZZLE}")]);
        // One cell a line without the commas is no array.
        assert_eq!(
            read(b"5\n3\n"),
            ["t:1: expected 9 cells in a grid row, found 1"]
        );
    }

    #[test]
    fn f_puzzles_lines_are_kept_whole() {
        let text = b"https://f-puzzles.com/?load=N4IgzglgXpA \r\n  N4IgzglgXpA+/=\n{\"size\": 4}\n";
        assert_eq!(
            read_sized(text, ReadOptions::default()),
            [
                "1:payload:https://f-puzzles.com/?load=N4IgzglgXpA",
                "2:payload:N4IgzglgXpA+/=",
                "3:payload:{\\\"size\\\": 4}",
            ]
        );
    }
}
