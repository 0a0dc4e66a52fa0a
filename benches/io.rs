//! Reading and writing on their own, without the solver.
//!
//! - `parse`: the [`Boards`] reader over an in-memory byte slice, every board
//!   of the input per iteration; throughput in boards/s and bytes/s of input.
//!   The input is `../shared/puzzles/puzzles2_17_clue` whole (49,158 boards,
//!   4 MB) when present, else 20,000 generated 81-character lines (a fixed
//!   pseudo-random pattern of givens and `.`), named `generated_20k`.
//! - `parse_marks`: the same boards as `parse`, each written as a 729-cell
//!   pencilmark line (a given as its one candidate, an empty cell with the
//!   candidates its row, column and box leave), read the same way; compare
//!   its boards/s with `parse`'s (the target: at least a quarter).
//! - `parse_grids`: the same boards as grids, nine lines of nine cells and
//!   a blank line between boards, plain (`plain`) and with box lines
//!   (`boxed`: `|` between boxes, `------+-------+------` between bands).
//! - `write`: 20,000 answered `solve --unique` records formatted into a
//!   [`Text`] (a `Vec<u8>`, as the pipeline does for each chunk) by a
//!   [`RecordWriter`] in the `line`, `grid` and `json` formats; throughput in
//!   records/s and bytes/s of output. The records are the first 20,000
//!   17-clue puzzles and their solutions, or without the shared set the
//!   boards of `puzzles/hard.txt` repeated to 20,000; they are solved before
//!   timing.
//!
//! Run with `cargo bench --bench io`.

mod common;

use std::hint::black_box;
use std::sync::Arc;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use sudoku_cli::format::Text;
use sudoku_cli::{Answer, Board, Boards, Candidates, Entry, Format, Record, RecordWriter, Request};

/// Records formatted per iteration of the writer benchmarks, and lines
/// generated when the 17-clue set is absent.
const RECORDS: usize = 20_000;

const REQUEST: Request = Request::Solve { unique: true };

/// The 17-clue set's bytes, if `../shared/puzzles/` has it.
fn seventeen_clue() -> Option<Vec<u8>> {
    std::fs::read(common::crate_dir().join("../shared/puzzles/puzzles2_17_clue")).ok()
}

/// `lines` lines of 81 cells, about a third of them givens: a fixed
/// pseudo-random pattern (xorshift), the same on every run.
fn generated(lines: usize) -> Vec<u8> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut out = Vec::with_capacity(lines * 82);
    for _ in 0..lines {
        for _ in 0..81 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let roll = (state >> 32) % 27;
            out.push(if roll < 9 { b'1' + roll as u8 } else { b'.' });
        }
        out.push(b'\n');
    }
    out
}

/// Every board of `bytes`; panics on a malformed one.
fn entries(bytes: &[u8], source: &str) -> Vec<Entry> {
    Boards::new(bytes, source)
        .map(|item| item.unwrap_or_else(|error| panic!("{error}")))
        .collect()
}

/// Benchmarks reading every board of `bytes` (`boards` of them) as `name`
/// in `group`, with its throughput in boards and bytes.
fn read_all(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    bytes: &[u8],
    boards: usize,
    source: &Arc<str>,
) {
    group.throughput(Throughput::ElementsAndBytes {
        elements: boards as u64,
        bytes: bytes.len() as u64,
    });
    group.bench_function(name, |b| {
        b.iter(|| {
            for item in Boards::new(black_box(bytes), source.clone()) {
                black_box(item.ok());
            }
        });
    });
}

fn parse(c: &mut Criterion) {
    let (name, bytes) = match seventeen_clue() {
        Some(bytes) => ("puzzles2_17_clue", bytes),
        None => ("generated_20k", generated(RECORDS)),
    };
    let boards = entries(&bytes, name).len();
    let source: Arc<str> = Arc::from(name);
    let mut group = c.benchmark_group("parse");
    read_all(&mut group, name, &bytes, boards, &source);
    group.finish();
}

/// The 729-cell line of `board`'s candidates: an empty cell keeps the
/// digits no given of its row, column or box holds.
fn marks_line(board: &Board) -> [u8; 729] {
    let mut masks = *Candidates::from_board(board).masks();
    for (cell, mask) in masks.iter_mut().enumerate() {
        if board.cell(cell) != 0 {
            continue;
        }
        let (row, column) = (cell / 9, cell % 9);
        for peer in 0..81 {
            let (r, c) = (peer / 9, peer % 9);
            let sees = r == row || c == column || (r / 3 == row / 3 && c / 3 == column / 3);
            let digit = board.cell(peer);
            if sees && digit != 0 {
                *mask &= !(1 << (digit - 1));
            }
        }
    }
    Candidates::new(masks).expect("nine-bit masks").to_line()
}

/// `board` as a grid of nine lines and a blank line; `boxed` adds the
/// box lines.
fn grid_text(board: &Board, boxed: bool, out: &mut Vec<u8>) {
    for row in 0..9 {
        if boxed && (row == 3 || row == 6) {
            out.extend_from_slice(b"------+-------+------\n");
        }
        for column in 0..9 {
            if boxed && (column == 3 || column == 6) {
                out.extend_from_slice(b"| ");
            }
            let digit = board.cell(row * 9 + column);
            out.push(if digit == 0 { b'.' } else { b'0' + digit });
            if boxed && column < 8 {
                out.push(b' ');
            }
        }
        out.push(b'\n');
    }
    out.push(b'\n');
}

fn parse_grids(c: &mut Criterion) {
    let (name, plain) = match seventeen_clue() {
        Some(bytes) => ("puzzles2_17_clue", bytes),
        None => ("generated_20k", generated(RECORDS)),
    };
    let boards = entries(&plain, name);
    let source: Arc<str> = Arc::from(name);
    let mut group = c.benchmark_group("parse_grids");
    for (form, boxed) in [("plain", false), ("boxed", true)] {
        let mut bytes = Vec::new();
        for entry in &boards {
            grid_text(&entry.board, boxed, &mut bytes);
        }
        assert_eq!(entries(&bytes, name).len(), boards.len());
        read_all(&mut group, form, &bytes, boards.len(), &source);
    }
    group.finish();
}

fn parse_marks(c: &mut Criterion) {
    let (name, plain) = match seventeen_clue() {
        Some(bytes) => ("puzzles2_17_clue", bytes),
        None => ("generated_20k", generated(RECORDS)),
    };
    let mut bytes = Vec::new();
    for entry in entries(&plain, name) {
        bytes.extend_from_slice(&marks_line(&entry.board));
        bytes.push(b'\n');
    }
    let boards = entries(&bytes, name).len();
    let source: Arc<str> = Arc::from(name);
    let mut group = c.benchmark_group("parse_marks");
    read_all(&mut group, name, &bytes, boards, &source);
    group.finish();
}

/// The boards the writer benchmarks print, with their answers.
fn answered() -> (&'static str, Vec<(Entry, Answer)>) {
    let (source, entries) = match seventeen_clue() {
        Some(bytes) => ("puzzles2_17_clue", entries(&bytes, "puzzles2_17_clue")),
        None => {
            let path = common::crate_dir().join("puzzles/hard.txt");
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            ("hard.txt", entries(&bytes, "hard.txt"))
        }
    };
    let answers: Vec<Answer> = entries
        .iter()
        .take(RECORDS)
        .map(|entry| REQUEST.answer(&entry.board))
        .collect();
    let records = (0..RECORDS)
        .map(|i| {
            let at = i % answers.len();
            (entries[at].clone(), answers[at].clone())
        })
        .collect();
    (source, records)
}

fn write(c: &mut Criterion) {
    let (source, records) = answered();
    let format_all = |writer: &RecordWriter| {
        let mut text = Text::default();
        for (entry, answer) in &records {
            let record = Record::Answered {
                source,
                line: entry.line,
                shape: entry.shape,
                puzzle: &entry.board,
                candidates: entry.candidates.as_deref(),
                answer,
                label: entry.label.as_deref(),
            };
            text.push(writer, &record);
        }
        text
    };
    let mut group = c.benchmark_group("write");
    for (name, format) in [
        ("line", Format::Line),
        ("grid", Format::Grid),
        ("json", Format::Json),
    ] {
        let writer = RecordWriter::new(format, REQUEST);
        let bytes = format_all(&writer).bytes.len();
        group.throughput(Throughput::ElementsAndBytes {
            elements: records.len() as u64,
            bytes: bytes as u64,
        });
        group.bench_function(name, |b| b.iter(|| format_all(black_box(&writer))));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = parse, parse_grids, parse_marks, write
}
criterion_main!(benches);
