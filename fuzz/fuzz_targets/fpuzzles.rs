//! Fuzzes the f-puzzles reader: any bytes give a puzzle or an error, never
//! a panic; a puzzle read fits its board (one given per cell, digits and
//! rule cells on the board, as the engine checks them); `looks_like_fpuzzles`
//! never panics either; and JSON reads the same as the lz-string payload
//! made of it.
//!
//! `RUSTC_BOOTSTRAP=1 cargo fuzz run fpuzzles` (see the README).

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_cli::variant::PuzzleError;
use sudoku_fpuzzles::{looks_like_fpuzzles, parse, FPuzzle};

/// A puzzle read fits its board: the engine finds no given, digit or
/// cell out of place (it may still refuse a rule that does not suit the
/// layout, such as disjoint groups on a jigsaw).
fn check(puzzle: &FPuzzle) {
    let size = puzzle.layout.size();
    assert_eq!(puzzle.givens.len(), size * size);
    match puzzle.clone().into_puzzle() {
        Err(
            error @ (PuzzleError::GivenCount { .. }
            | PuzzleError::Digit { .. }
            | PuzzleError::CellOutside { .. }
            | PuzzleError::RuleDigit { .. }),
        ) => panic!("{error}"),
        _ => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let _ = looks_like_fpuzzles(data);
    let first = parse(data);
    if let Ok(puzzle) = &first {
        check(puzzle);
    }
    let trimmed = data.trim_ascii();
    if trimmed.first() == Some(&b'{') && !trimmed.contains(&b'\n') {
        if let Ok(text) = std::str::from_utf8(trimmed) {
            let payload = lz_str::compress_to_base64(text);
            assert_eq!(parse(payload.as_bytes()), first, "payload of {text:?}");
        }
    }
});
