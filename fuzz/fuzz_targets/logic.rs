//! Fuzzes the logic engine: every board read is rated, explained and
//! hinted through the library's requests, in every format; for a proper
//! puzzle every step is checked against the solution (written here: a
//! placement is the solution's digit, an elimination never removes it),
//! `rate` must equal `explain`'s rating and, unless the ladder is stuck, the
//! steps must end on the solution. Any board at all, also improper ones,
//! must neither panic nor hang through the commands' requests.
//!
//! `RUSTC_BOOTSTRAP=1 cargo fuzz run -O -a logic` (see the README).

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_cli::logic::{explain, next_step, rate, Difficulty, Grid};
use sudoku_cli::{solve, Boards, Format, HintLevel, Record, RecordWriter, Request, Status};

fuzz_target!(|data: &[u8]| {
    for item in Boards::new(data, "f") {
        let Ok(entry) = item else { continue };
        let board = entry.board;
        let mut requests = vec![Request::Rate, Request::Explain];
        for candidates in [false, true] {
            for level in [HintLevel::Technique, HintLevel::Pattern, HintLevel::Step] {
                requests.push(Request::Hint { candidates, level });
            }
        }
        for request in requests {
            let answer = request.answer_marked(&board, entry.candidates.as_deref());
            for format in [Format::Auto, Format::Line, Format::Grid, Format::Json, Format::Html] {
                let writer = RecordWriter::new(format, request);
                let mut out = Vec::new();
                let record = Record::Answered {
                    source: "f",
                    line: entry.line,
                    shape: entry.shape,
                    puzzle: &board,
                    candidates: entry.candidates.as_deref(),
                    answer: &answer,
                    label: entry.label.as_deref(),
                };
                writer.write(&mut out, &record);
                assert!(out.ends_with(b"\n"));
            }
            if request == Request::Rate {
                assert_eq!(answer.status() == Status::Rated, answer.rating().is_some());
            }
        }
        let Ok(found) = solve(&board, 2) else { continue };
        if found.count != 1 {
            continue;
        }
        let solution = found.first.expect("a unique solution").cells().to_owned();
        // The ladder assumes a proper puzzle (as Sudoku Explainer does): on
        // a board with many solutions its chain rungs may search for a very
        // long time, so the commands never run it there, and neither does
        // this target.
        let _ = next_step(&Grid::new(&board));
        let explained = explain(&board);
        for step in &explained.steps {
            if let Some((cell, digit)) = step.placed {
                assert_eq!(solution[usize::from(cell)], digit, "{board}: {step}");
            }
            for &(cell, digit) in &step.eliminated {
                assert_ne!(solution[usize::from(cell)], digit, "{board}: {step}");
            }
        }
        assert_eq!(rate(&board), explained.rating);
        if explained.rating.er != Difficulty::BEYOND {
            assert_eq!(explained.end.cells(), &solution);
        }
    }
});
