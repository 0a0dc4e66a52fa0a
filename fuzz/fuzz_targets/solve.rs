//! Fuzzes read, then solve, then validate: every board read is solved at
//! several limits, validated, answered for every request and written in
//! every format; the results are checked against the rules directly (code
//! written here, not the library's checks).
//!
//! `RUSTC_BOOTSTRAP=1 cargo fuzz run solve` (see the README).

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_cli::format::write_grid;
use sudoku_cli::{conflicts, is_consistent, solve, Board, Boards, Format, Record, RecordWriter};
use sudoku_cli::{Request, Status};

/// The 27 units as cell indices.
fn units() -> Vec<[usize; 9]> {
    let mut units = Vec::new();
    for i in 0..9 {
        units.push(std::array::from_fn(|k| i * 9 + k));
        units.push(std::array::from_fn(|k| k * 9 + i));
        units.push(std::array::from_fn(|k| {
            (i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3
        }));
    }
    units
}

/// No digit twice in a unit.
fn consistent(cells: &[u8; 81]) -> bool {
    units().iter().all(|unit| {
        let mut seen = [false; 10];
        unit.iter().all(|&at| {
            let d = usize::from(cells[at]);
            let fresh = d == 0 || !seen[d];
            seen[d] = true;
            fresh
        })
    })
}

/// `solution` is full, obeys the rules and keeps the givens of `puzzle`.
fn solves(puzzle: &Board, solution: &Board) -> bool {
    let (p, s) = (puzzle.cells(), solution.cells());
    s.iter().all(|&c| (1..=9).contains(&c))
        && consistent(s)
        && p.iter().zip(s).all(|(&g, &f)| g == 0 || g == f)
}

fuzz_target!(|data: &[u8]| {
    for item in Boards::new(data, "f") {
        let Ok(entry) = item else { continue };
        let board = entry.board;
        let valid = consistent(board.cells());
        assert_eq!(is_consistent(&board), valid);
        assert_eq!(conflicts(&board).is_empty(), valid);

        let mut counts = Vec::new();
        for limit in [1, 2, 100] {
            match solve(&board, limit) {
                Err(_) => assert!(!valid, "InvalidGivens for consistent givens"),
                Ok(found) => {
                    assert!(valid, "conflicting givens searched");
                    assert!(found.count <= limit);
                    assert_eq!(found.count == 0, found.first.is_none());
                    if let Some(solution) = found.first {
                        assert!(solves(&board, &solution), "wrong solution {solution}");
                    }
                    counts.push(found.count);
                }
            }
        }
        if let [one, two, hundred] = counts[..] {
            assert_eq!(one, hundred.min(1));
            assert_eq!(two, hundred.min(2));
        }

        for request in [
            Request::Solve { unique: false },
            Request::Solve { unique: true },
            Request::Count { limit: 3 },
            Request::Validate {
                complete: true,
                unique: true,
            },
        ] {
            let answer = request.answer_marked(&board, entry.candidates.as_deref());
            assert_eq!(answer.status() == Status::Invalid, !valid);
            if let Some(solution) = answer.solution() {
                assert!(solves(&board, solution));
                if let Some(marks) = &entry.candidates {
                    // Pencil marks constrain: every cell within its marks.
                    for (cell, &digit) in solution.cells().iter().enumerate() {
                        assert!(marks.of(cell) >> (digit - 1) & 1 != 0, "{solution}");
                    }
                }
            }
            let record = Record::Answered {
                source: "f",
                line: entry.line,
                shape: entry.shape,
                puzzle: &board,
                candidates: entry.candidates.as_deref(),
                answer: &answer,
                label: entry.label.as_deref(),
            };
            for format in [
                Format::Auto,
                Format::Line,
                Format::Grid,
                Format::Json,
                Format::Candidates,
                Format::Html,
            ] {
                let mut out = Vec::new();
                RecordWriter::new(format, request).write(&mut out, &record);
                assert!(out.ends_with(b"\n"));
                if format == Format::Json {
                    let value: serde_json::Value =
                        serde_json::from_slice(&out).expect("a JSON record");
                    assert_eq!(value["status"], answer.status().word());
                }
            }
        }

        // A board printed as a grid reads back as itself.
        let mut grid = Vec::new();
        write_grid(&mut grid, &board);
        let back: Board = std::str::from_utf8(&grid).unwrap().parse().unwrap();
        assert_eq!(back, board);
    }
});
