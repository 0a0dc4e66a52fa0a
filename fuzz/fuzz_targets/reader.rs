//! Fuzzes the reader: any bytes give boards and errors, never a panic; the
//! items do not depend on how the bytes are buffered; every error's line
//! and column point at the byte it names.
//!
//! `RUSTC_BOOTSTRAP=1 cargo fuzz run reader` (see the README).

#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use sudoku_cli::{Board, Boards, Problem, ReadError};

fn describe<R: std::io::BufRead>(reader: R) -> Vec<String> {
    Boards::new(reader, "f")
        .map(|item| match item {
            Ok(entry) => format!("{}:{:?}:{}", entry.line, entry.shape, entry.board),
            Err(error) => format!("{error:?}"),
        })
        .collect()
}

fn is_cell(byte: u8) -> bool {
    byte.is_ascii_digit() || byte == b'.' || byte == b'_'
}

fuzz_target!(|data: &[u8]| {
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
                assert!(line.iter().any(|&b| is_cell(b)), "a board starts at a cell");
                assert!(entry.board.cells().iter().all(|&c| c <= 9));
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
