//! Fuzzes the reader: any bytes give boards and errors, never a panic; the
//! items do not depend on how the bytes are buffered; every error's line
//! and column point at the byte it names. Pencilmark (729-cell) lines are
//! too long to arise from random bytes often, so the input also shapes one:
//! its masks must read back exactly, on the whole-line fast path and the
//! byte-by-byte path alike, and one byte of it replaced by any value must
//! read the same both ways.
//!
//! `RUSTC_BOOTSTRAP=1 cargo fuzz run reader` (see the README).

#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use sudoku_cli::reader::Other;
use sudoku_cli::{Board, Boards, Candidates, Problem, ReadError};

fn describe<R: std::io::BufRead>(reader: R) -> Vec<String> {
    Boards::new(reader, "f")
        .map(|item| match item {
            Ok(entry) => format!(
                "{}:{:?}:{}:{:?}",
                entry.line, entry.shape, entry.board, entry.candidates
            ),
            Err(error) => format!("{error:?}"),
        })
        .collect()
}

fn is_cell(byte: u8) -> bool {
    byte.is_ascii_digit() || byte == b'.' || byte == b'_'
}

/// A 729-cell line whose masks come from `data` (two bytes per cell,
/// cycled), its empty marks drawn from `.`, `0`, `_`; then the line with
/// the byte at a data-chosen place replaced by a data-chosen value.
fn shaped_line(data: &[u8]) -> (Candidates, Vec<u8>, Vec<u8>) {
    let byte = |i: usize| data.get(i % data.len().max(1)).copied().unwrap_or(0);
    let masks: [u16; 81] =
        std::array::from_fn(|c| u16::from_le_bytes([byte(2 * c), byte(2 * c + 1)]) & 0x1FF);
    let marks = Candidates::new(masks).expect("nine-bit masks");
    let mut line = marks.to_line().to_vec();
    for (at, cell) in line.iter_mut().enumerate() {
        if *cell == b'.' {
            *cell = [b'.', b'0', b'_'][usize::from(byte(at)) % 3];
        }
    }
    line.push(b'\n');
    let mut broken = line.clone();
    let place = usize::from(u16::from_le_bytes([byte(162), byte(163)])) % broken.len();
    broken[place] = byte(164);
    (marks, line, broken)
}

fuzz_target!(|data: &[u8]| {
    let (marks, line, broken) = shaped_line(data);
    let read_back: Vec<_> = Boards::new(&line[..], "f").collect();
    assert_eq!(read_back.len(), 1);
    let entry = read_back[0].as_ref().expect("a shaped line reads");
    assert_eq!(entry.candidates.as_deref(), Some(&marks));
    assert_eq!(entry.board, marks.board());
    let trickled = describe(BufReader::with_capacity(7, &line[..]));
    assert_eq!(
        describe(&line[..]),
        trickled,
        "buffering changed a marks line"
    );
    let whole = describe(&broken[..]);
    assert_eq!(whole, describe(BufReader::with_capacity(5, &broken[..])));

    // The first byte picks the buffer size of the second reading.
    let (capacity, input) = match data.split_first() {
        Some((&first, rest)) => (usize::from(first % 64) + 1, rest),
        None => (1, data),
    };
    let whole = describe(input);
    let buffered = describe(BufReader::with_capacity(capacity, input));
    assert_eq!(whole, buffered, "buffering changed the items");

    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if let Some(rest) = lines[0].strip_prefix(b"\xef\xbb\xbf".as_slice()) {
        lines[0] = rest;
    }
    let mut last_start = 0;
    for item in Boards::new(input, "f") {
        let start = match item {
            Ok(entry) => {
                let line = lines[entry.line as usize - 1];
                match entry.other.as_deref() {
                    // f-puzzles data: the line from its first non-blank byte.
                    Some(Other::Payload(text)) => {
                        let start = line.iter().position(|b| !b.is_ascii_whitespace()).unwrap();
                        assert!(line[start..].starts_with(&text[..text.len().min(4)]));
                    }
                    // Another size: its cells are digits or letters.
                    Some(Other::Sized { size, cells, .. }) => {
                        assert_eq!(cells.len(), usize::from(*size) * usize::from(*size));
                        assert!(cells.iter().all(|&c| c <= *size));
                        let symbol = |b: u8| is_cell(b) || b.is_ascii_alphabetic();
                        assert!(line.iter().any(|&b| symbol(b)), "a board starts at a cell");
                    }
                    None => assert!(line.iter().any(|&b| is_cell(b)), "a board starts at a cell"),
                }
                assert!(entry.board.cells().iter().all(|&c| c <= 9));
                if let Some(marks) = entry.candidates.as_deref() {
                    assert_eq!(entry.board, marks.board());
                    let text = marks.to_string();
                    assert_eq!(text.parse::<Candidates>().ok().as_ref(), Some(marks));
                }
                entry.line
            }
            Err(ReadError::Io { .. }) => panic!("an I/O error from a byte slice"),
            Err(ReadError::Malformed(m)) => {
                assert!(
                    m.start_line <= m.line && m.line as usize <= lines.len(),
                    "{m:?}"
                );
                let line = lines[m.line as usize - 1];
                let text = m.to_string();
                match m.column {
                    Some(column) => {
                        assert!(column >= 1 && column as usize <= line.len(), "{m:?}");
                        let byte = line[column as usize - 1];
                        match m.problem {
                            Problem::UnexpectedByte(b) => assert_eq!(byte, b, "{m:?}"),
                            Problem::TooManyCells => assert!(is_cell(byte), "{m:?}"),
                            // A symbol above the board's size: a digit or letter.
                            Problem::SymbolRange { .. } => {
                                assert!(byte.is_ascii_alphanumeric(), "{m:?}")
                            }
                            // Where a label or f-puzzles data passed its bound.
                            Problem::LongLabel | Problem::LongPayload => {}
                            Problem::MisplacedMark {
                                position, found, ..
                            } => {
                                assert_eq!(byte, b'0' + found, "{m:?}");
                                assert_ne!(found, position, "{m:?}");
                            }
                            _ => panic!("a column for {m:?}"),
                        }
                        assert!(text.starts_with(&format!("f:{}:{column}: ", m.line)));
                    }
                    None => assert!(text.starts_with(&format!("f:{}: ", m.line))),
                }
                m.start_line
            }
        };
        assert!(start > last_start, "items start on increasing lines");
        last_start = start;
    }

    if let Ok(text) = std::str::from_utf8(input) {
        let _ = text.parse::<Board>();
    }
});
