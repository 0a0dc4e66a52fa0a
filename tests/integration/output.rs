//! Output: the four formats, every status of `solve` and `validate`,
//! `--unique`, `--count`/`--limit`, JSON keys, and `--jobs` invariance.

use crate::common;

use std::collections::BTreeSet;

use common::*;
use serde_json::{json, Value};

fn parse_json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn keys(record: &Value) -> BTreeSet<String> {
    record
        .as_object()
        .expect("a JSON object")
        .keys()
        .cloned()
        .collect()
}

#[track_caller]
fn assert_keys(record: &Value, expected: &[&str]) {
    let expected: BTreeSet<String> = expected.iter().map(|k| (*k).to_owned()).collect();
    assert_eq!(keys(record), expected, "{record}");
}

// ---------------------------------------------------------------------
// Formats.
// ---------------------------------------------------------------------

#[test]
fn line_format_writes_81_characters_per_board_and_one_line_per_record() {
    let input = format!(
        "{}{PUZZLE}\n{}\n{}{PUZZLE}x\n",
        plain_grid(HARD),
        unsolvable(),
        boxed_grid(TWO)
    );
    let got = run(&["solve", "--format", "line"], input);
    assert_eq!(got.code, 2);
    let records = split_records(&got.stdout, &[Look::Line; 5], false);
    assert_solves(HARD, &records[0]);
    assert_solves(PUZZLE, &records[1]);
    assert_eq!(records[2], "unsolvable");
    assert_solves(TWO, &records[3]);
    assert_eq!(records[4], "error");
}

#[test]
fn grid_format_separates_every_two_records_by_one_blank_line() {
    let input = format!(
        "{PUZZLE}\n{}\n{}{}x\n{}\n{HARD}\n",
        invalid(),
        plain_grid(TWO),
        PUZZLE,
        unsolvable()
    );
    let got = run(&["solve", "--format", "grid"], input);
    assert_eq!(got.code, 2);
    assert!(!got.stdout.starts_with('\n') && !got.stdout.ends_with("\n\n"));
    let looks = [
        Look::Grid,
        Look::Line,
        Look::Grid,
        Look::Line,
        Look::Line,
        Look::Grid,
    ];
    let records = split_records(&got.stdout, &looks, true);
    assert_solves(PUZZLE, &records[0]);
    assert_eq!(records[1], "invalid");
    assert_solves(TWO, &records[2]);
    assert_eq!(records[3], "error");
    assert_eq!(records[4], "unsolvable");
    assert_solves(HARD, &records[5]);
}

#[test]
fn grid_format_of_a_single_board_and_of_word_records() {
    let got = run(&["solve", "--format", "grid"], format!("{PUZZLE}\n"));
    assert_eq!(got.stdout.lines().count(), 11);
    let records = split_records(&got.stdout, &[Look::Grid], true);
    assert_solves(PUZZLE, &records[0]);
    // Non-board records are single lines, still one blank line apart.
    let got = run(
        &["validate", "--format", "grid"],
        format!("{PUZZLE}\n{}\n{FULL}\n", invalid()),
    );
    assert_eq!(
        got.stdout,
        "valid\n\ninvalid: 5 twice in row 1 (r1c1, r1c2); 5 twice in box 1 (r1c1, r1c2)\n\nvalid\n"
    );
    let got = run(
        &["solve", "--count", "--format", "grid"],
        format!("{PUZZLE}\n{TWO}\n"),
    );
    assert_eq!(got.stdout, "1\n\n2\n");
}

#[test]
fn grid_output_reads_back_as_the_same_boards() {
    let input = format!("{PUZZLE}\n{HARD}\n{TWO}\n");
    let solved = run(&["solve", "--format", "grid"], input);
    assert_eq!(solved.code, 0);
    let records = split_records(&solved.stdout, &[Look::Grid; 3], true);
    for (record, puzzle) in records.iter().zip([PUZZLE, HARD, TWO]) {
        assert_solves(puzzle, record);
    }
    // Fed back in: three full, valid boards, each starting 12 lines apart.
    let back = run(
        &["validate", "--complete", "--format", "json"],
        solved.stdout.clone(),
    );
    assert_eq!(back.code, 0, "{back:?}");
    let values = parse_json_lines(&back.stdout);
    let lines: Vec<u64> = values.iter().map(|v| v["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [1, 13, 25]);
    for (value, record) in values.iter().zip(&records) {
        assert_eq!(value["status"], "valid");
        assert_eq!(value["puzzle"], record.as_str());
    }
}

#[test]
fn auto_mirrors_the_input_shape_with_blank_lines_only_next_to_grids() {
    // line, grid, line, line, grid, grid, error (line), line, unsolvable
    // grid (a word: a line), line.
    let input = format!(
        "{PUZZLE}\n{}{HARD}\n{TWO}\n{}{}{PUZZLE}?\n{HARD}\n{}{PUZZLE}\n",
        plain_grid(PUZZLE),
        boxed_grid(HARD),
        plain_grid(&TWO.replace('.', "0")),
        plain_grid(&unsolvable()),
    );
    let got = run(&["solve"], input.clone());
    assert_eq!(
        got,
        run(&["solve", "--format", "auto"], input),
        "auto is the default"
    );
    assert_eq!(got.code, 2);
    use Look::*;
    let looks = [Line, Grid, Line, Line, Grid, Grid, Line, Line, Line, Line];
    let records = split_records(&got.stdout, &looks, false);
    let puzzles = [
        Some(PUZZLE),
        Some(PUZZLE),
        Some(HARD),
        Some(TWO),
        Some(HARD),
        Some(TWO),
        None,
        Some(HARD),
        None,
        Some(PUZZLE),
    ];
    for (i, (record, puzzle)) in records.iter().zip(puzzles).enumerate() {
        match puzzle {
            Some(p) => assert_solves(p, record),
            None => assert!(record == "error" || record == "unsolvable", "{i}: {record}"),
        }
    }
    assert_eq!(records[6], "error");
    assert_eq!(records[8], "unsolvable");
}

#[test]
fn auto_writes_a_grid_that_fails_as_a_single_word_line() {
    let input = format!("{}{}", plain_grid(&invalid()), plain_grid(&unsolvable()));
    let got = run(&["solve"], input);
    assert_eq!(got.stdout, "invalid\nunsolvable\n");
    let input = format!("{}{}", plain_grid(PUZZLE), plain_grid(TWO));
    let got = run(&["solve", "--count"], input.clone());
    assert_eq!(got.stdout, "1\n2\n");
    let got = run(&["validate"], input);
    assert_eq!(got.stdout, "valid\nvalid\n");
}

// ---------------------------------------------------------------------
// solve: statuses and --unique.
// ---------------------------------------------------------------------

#[test]
fn solve_statuses() {
    let input = format!(
        "{PUZZLE}\n{HARD}\n{TWO}\n{}\n{}\n{}\n{}\n",
        empty(),
        unsolvable(),
        invalid(),
        "5".repeat(81)
    );
    let got = run(&["solve"], input.clone());
    assert_eq!(got.code, 1);
    assert_eq!(got.stderr, "");
    let lines = got.stdout_lines();
    assert_solves(PUZZLE, lines[0]);
    assert_solves(HARD, lines[1]);
    assert_solves(TWO, lines[2]); // not asked to be unique: one of the two
    assert_solves(&empty(), lines[3]);
    assert_eq!(lines[4..], ["unsolvable", "invalid", "invalid"]);

    let got = run(&["solve", "--unique"], input);
    assert_eq!(got.code, 1);
    let lines = got.stdout_lines();
    assert_solves(PUZZLE, lines[0]);
    assert_solves(HARD, lines[1]);
    assert_eq!(
        lines[2..],
        ["multiple", "multiple", "unsolvable", "invalid", "invalid"]
    );
}

#[test]
fn solve_unique_on_proper_puzzles_exits_0() {
    let input: String = (0..20).map(|s| format!("{}\n", variant(s))).collect();
    let got = run(&["solve", "--unique"], input);
    assert_eq!((got.code, got.stderr.as_str()), (0, ""));
    for (line, seed) in got.stdout.lines().zip(0..) {
        assert_solves(&variant(seed), line);
    }
    assert_eq!(got.stdout.lines().count(), 20);
}

#[test]
fn json_keys_for_solve_records() {
    let conflicting = format!("5..5{}", ".".repeat(77));
    let input = format!(
        "{PUZZLE}\n{}\n{conflicting}\n{TWO}\n{PUZZLE}x\n",
        unsolvable()
    );
    let got = run(&["solve", "--unique", "--format", "json"], input);
    assert_eq!(got.code, 2);
    let records = parse_json_lines(&got.stdout);
    assert_eq!(records.len(), 5);
    let base = ["source", "line", "status", "puzzle"];

    assert_keys(&records[0], &[&base[..], &["solution"]].concat());
    assert_eq!(records[0]["source"], "<stdin>");
    assert_eq!(records[0]["line"], 1);
    assert_eq!(records[0]["status"], "solved");
    assert_eq!(records[0]["puzzle"], PUZZLE);
    assert_solves(PUZZLE, records[0]["solution"].as_str().unwrap());

    assert_keys(&records[1], &base);
    assert_eq!(records[1]["status"], "unsolvable");
    assert_eq!(records[1]["puzzle"], unsolvable());
    assert_eq!(records[1]["line"], 2);

    assert_keys(&records[2], &[&base[..], &["conflicts"]].concat());
    assert_eq!(records[2]["status"], "invalid");
    assert_eq!(
        records[2]["conflicts"],
        json!([{"unit": "row", "index": 1, "digit": 5, "cells": ["r1c1", "r1c4"]}])
    );

    assert_keys(&records[3], &base);
    assert_eq!(records[3]["status"], "multiple");

    assert_keys(&records[4], &["source", "line", "status", "error"]);
    assert_eq!(records[4]["status"], "error");
    assert_eq!(records[4]["line"], 5);
    assert_eq!(
        got.stderr,
        format!(
            "sudoku: <stdin>:5:82: {}\n",
            records[4]["error"].as_str().unwrap()
        )
    );
}

#[test]
fn json_puzzle_uses_dots_whatever_the_input_blanks() {
    let input = format!(
        "{}\n{}",
        PUZZLE.replace('.', "0"),
        plain_grid(&PUZZLE.replace('.', "_"))
    );
    let got = run(&["solve", "--format", "json"], input);
    for record in parse_json_lines(&got.stdout) {
        assert_eq!(record["puzzle"], PUZZLE);
        assert_solves(PUZZLE, record["solution"].as_str().unwrap());
    }
}

// ---------------------------------------------------------------------
// solve --count and --limit.
// ---------------------------------------------------------------------

#[test]
fn count_prints_numbers_and_n_plus_at_the_limit() {
    let input = format!(
        "{PUZZLE}\n{TWO}\n{}\n{}\n{}\n",
        empty(),
        unsolvable(),
        invalid()
    );
    let got = run(&["solve", "--count"], input.clone());
    assert_eq!((got.code, got.stderr.as_str()), (0, ""));
    assert_eq!(got.stdout, "1\n2\n1000+\n0\n0\n");

    let got = run(&["solve", "--count", "--limit", "2"], input.clone());
    assert_eq!(got.code, 0);
    assert_eq!(got.stdout, "1\n2+\n2+\n0\n0\n");

    let got = run(&["solve", "--count", "--limit", "3"], input.clone());
    assert_eq!(got.stdout, "1\n2\n3+\n0\n0\n");

    // --limit 1: one solution found is the limit reached.
    let got = run(&["solve", "--count", "--limit", "1"], input.clone());
    assert_eq!(got.stdout, "1+\n1+\n1+\n0\n0\n");

    let got = run(
        &["solve", "--count", "--limit=50"],
        format!("{}\n", empty()),
    );
    assert_eq!(got.stdout, "50+\n");
}

#[test]
fn json_keys_for_count_records() {
    let input = format!(
        "{PUZZLE}\n{TWO}\n{}\n{}\n{}\n",
        empty(),
        unsolvable(),
        invalid()
    );
    let got = run(
        &["solve", "--count", "--limit", "2", "--format", "json"],
        input,
    );
    assert_eq!(got.code, 0);
    let records = parse_json_lines(&got.stdout);
    let base = [
        "source",
        "line",
        "status",
        "puzzle",
        "solutions",
        "limit_reached",
    ];
    let expect = [
        ("solved", 1, false),
        ("multiple", 2, true),
        ("multiple", 2, true),
        ("unsolvable", 0, false),
        ("invalid", 0, false),
    ];
    for (i, (record, (status, count, reached))) in records.iter().zip(expect).enumerate() {
        if status == "invalid" {
            assert_keys(record, &[&base[..], &["conflicts"]].concat());
        } else {
            assert_keys(record, &base);
        }
        assert_eq!(record["status"], status, "{i}");
        assert_eq!(record["solutions"], count, "{i}");
        assert_eq!(record["limit_reached"], reached, "{i}");
        assert_eq!(record["line"], i + 1);
    }
    // The status counts to at least 2 whatever the limit.
    let got = run(
        &["solve", "--count", "--limit", "1", "--format", "json"],
        format!("{PUZZLE}\n{}\n", empty()),
    );
    let records = parse_json_lines(&got.stdout);
    assert_eq!(records[0]["status"], "solved");
    assert_eq!(records[0]["solutions"], 1);
    assert_eq!(records[0]["limit_reached"], true);
    assert_eq!(records[1]["status"], "multiple");
    assert_eq!(records[1]["solutions"], 1);
    assert_eq!(records[1]["limit_reached"], true);
}

// ---------------------------------------------------------------------
// validate.
// ---------------------------------------------------------------------

/// A board with the given (row, column, digit) cells, 1-based.
fn board_with(givens: &[(usize, usize, u8)]) -> String {
    let mut cells = vec![b'.'; 81];
    for &(r, c, d) in givens {
        cells[(r - 1) * 9 + (c - 1)] = b'0' + d;
    }
    String::from_utf8(cells).unwrap()
}

#[test]
fn validate_lists_every_conflict_in_the_contract_order() {
    // The contract's two examples.
    let example = board_with(&[(1, 1, 5), (1, 4, 5), (2, 5, 5)]);
    let three = board_with(&[(1, 2, 7), (5, 2, 7), (9, 2, 7)]);
    // Rows first, then columns, then boxes; each by index, then digit;
    // cells in reading order (the box's cells given out of order).
    let ordered = board_with(&[
        (9, 1, 2),
        (9, 9, 2),
        (5, 1, 2),
        (2, 8, 8),
        (2, 3, 8),
        (2, 7, 4),
        (2, 9, 4),
        (6, 4, 9),
        (4, 6, 9),
        (5, 5, 9),
    ]);
    let input = format!("{example}\n{three}\n{}{ordered}\n", plain_grid(&three));
    let got = run(&["validate"], input);
    assert_eq!(got.code, 1);
    assert_eq!(got.stderr, "");
    assert_eq!(
        got.stdout_lines(),
        [
            "invalid: 5 twice in row 1 (r1c1, r1c4); 5 twice in box 2 (r1c4, r2c5)",
            "invalid: 7 3 times in column 2 (r1c2, r5c2, r9c2)",
            "invalid: 7 3 times in column 2 (r1c2, r5c2, r9c2)",
            "invalid: 4 twice in row 2 (r2c7, r2c9); 8 twice in row 2 (r2c3, r2c8); \
             2 twice in row 9 (r9c1, r9c9); 2 twice in column 1 (r5c1, r9c1); \
             4 twice in box 3 (r2c7, r2c9); \
             9 3 times in box 5 (r4c6, r5c5, r6c4)",
        ]
    );
}

#[test]
fn validate_records_and_statuses() {
    let input = format!(
        "{PUZZLE}\n{FULL}\n{}\n{}\n{TWO}\n{}\n",
        empty(),
        unsolvable(),
        invalid()
    );
    // Plain validate does not solve: an unsolvable board is valid.
    let got = run(&["validate"], input.clone());
    assert_eq!(got.stdout_lines()[..5], ["valid"; 5]);
    assert!(got.stdout_lines()[5].starts_with("invalid: "));
    assert_eq!(got.code, 1);

    let got = run(&["validate", "--complete"], input.clone());
    assert_eq!(
        got.stdout_lines()[..5],
        [
            "incomplete",
            "valid",
            "incomplete",
            "incomplete",
            "incomplete"
        ]
    );

    let got = run(&["validate", "--unique"], input.clone());
    assert_eq!(
        got.stdout_lines()[..5],
        ["valid", "valid", "multiple", "unsolvable", "multiple"]
    );

    // Precedence: invalid, incomplete, unsolvable, multiple.
    let got = run(&["validate", "--complete", "--unique"], input);
    assert_eq!(
        got.stdout_lines()[..5],
        [
            "incomplete",
            "valid",
            "incomplete",
            "incomplete",
            "incomplete"
        ]
    );
    assert!(got.stdout_lines()[5].starts_with("invalid: "));
    assert_eq!(got.code, 1);

    // Exit 0 only if every board is valid under the options asked.
    let got = run(
        &["validate", "--complete", "--unique"],
        format!("{FULL}\n{FULL}\n"),
    );
    assert_eq!((got.code, got.stdout.as_str()), (0, "valid\nvalid\n"));
    let got = run(&["validate", "--unique"], format!("{PUZZLE}\n{HARD}\n"));
    assert_eq!((got.code, got.stdout.as_str()), (0, "valid\nvalid\n"));
}

#[test]
fn json_keys_for_validate_records() {
    let input = format!(
        "{PUZZLE}\n{}\n{}\n{}\n{TWO}\n??\n",
        invalid(),
        empty(),
        unsolvable()
    );
    let got = run(&["validate", "--unique", "--format", "json"], input);
    assert_eq!(got.code, 2);
    let records = parse_json_lines(&got.stdout);
    assert_eq!(records.len(), 6);
    let base = ["source", "line", "status", "puzzle", "conflicts"];
    let statuses = ["valid", "invalid", "multiple", "unsolvable", "multiple"];
    for (i, (record, status)) in records.iter().zip(statuses).enumerate() {
        assert_keys(record, &base);
        assert_eq!(record["status"], status);
        assert_eq!(record["line"], i + 1);
        if status != "invalid" {
            assert_eq!(record["conflicts"], json!([]));
        }
    }
    assert_eq!(records[0]["puzzle"], PUZZLE);
    assert_eq!(
        records[1]["conflicts"],
        json!([
            {"unit": "row", "index": 1, "digit": 5, "cells": ["r1c1", "r1c2"]},
            {"unit": "box", "index": 1, "digit": 5, "cells": ["r1c1", "r1c2"]}
        ])
    );
    assert_keys(&records[5], &["source", "line", "status", "error"]);
    assert_eq!(records[5]["line"], 6);
    assert_eq!(
        got.stderr,
        format!(
            "sudoku: <stdin>:6:1: {}\n",
            records[5]["error"].as_str().unwrap()
        )
    );

    let got = run(
        &["validate", "--complete", "--format", "json"],
        format!("{PUZZLE}\n"),
    );
    let records = parse_json_lines(&got.stdout);
    assert_keys(&records[0], &base);
    assert_eq!(records[0]["status"], "incomplete");
}

// ---------------------------------------------------------------------
// --jobs: the output never depends on it.
// ---------------------------------------------------------------------

/// The records of `solve` over the mixed input, checked independently.
fn check_mixed(format: &str, stdout: &str, items: &[Item]) {
    let board_look = |item: &Item| match (format, item.solve_status(), item.grid) {
        ("grid", "solved", _) | ("auto", "solved", true) => Look::Grid,
        _ => Look::Line,
    };
    match format {
        "json" => {
            let records = parse_json_lines(stdout);
            assert_eq!(records.len(), items.len());
            for (record, item) in records.iter().zip(items) {
                assert_eq!(record["source"], "<stdin>");
                assert_eq!(record["line"], item.line, "{item:?}");
                assert_eq!(record["status"], item.solve_status(), "{item:?}");
                if let Some(puzzle) = &item.puzzle {
                    assert_eq!(record["puzzle"], dotted(puzzle));
                }
                if item.solve_status() == "solved" {
                    let puzzle = item.puzzle.as_ref().unwrap();
                    assert_solves(puzzle, record["solution"].as_str().unwrap());
                }
            }
        }
        _ => {
            let looks: Vec<Look> = items.iter().map(board_look).collect();
            let records = split_records(stdout, &looks, format == "grid");
            for (record, item) in records.iter().zip(items) {
                match item.solve_status() {
                    "solved" => assert_solves(item.puzzle.as_ref().unwrap(), record),
                    word => assert_eq!(record, word, "{item:?}"),
                }
            }
        }
    }
}

#[test]
fn output_is_byte_identical_whatever_the_number_of_jobs() {
    let (input, items) = mixed_input(700, 7);
    // The mix holds every kind of board, in both shapes.
    for kind in [
        Kind::Proper,
        Kind::Two,
        Kind::Empty,
        Kind::Unsolvable,
        Kind::Invalid,
        Kind::BadLine,
        Kind::BadGrid,
    ] {
        assert!(items.iter().any(|i| i.kind == kind), "{kind:?} missing");
    }
    assert!(items.iter().filter(|i| i.grid).count() > 100);
    let expected_errors: Vec<&str> = items.iter().filter_map(|i| i.error.as_deref()).collect();

    for format in ["line", "grid", "auto", "json"] {
        let runs: Vec<Run> = ["1", "2", "8"]
            .iter()
            .map(|jobs| run(&["solve", "--format", format, "-j", jobs], input.clone()))
            .collect();
        let first = &runs[0];
        assert_eq!(first.code, 2, "{format}: malformed boards are in the mix");
        assert_eq!(first.stderr_lines(), expected_errors, "{format}");
        check_mixed(format, &first.stdout, &items);
        for (other, jobs) in runs[1..].iter().zip(["2", "8"]) {
            assert!(
                other.stdout == first.stdout,
                "{format}: -j {jobs} differs from -j 1"
            );
            assert_eq!(other.stderr, first.stderr, "{format}: -j {jobs}");
            assert_eq!(other.code, first.code, "{format}: -j {jobs}");
        }
    }
}

#[test]
fn every_request_is_identical_whatever_the_number_of_jobs() {
    let (input, items) = mixed_input(400, 11);
    for args in [
        &["solve", "--unique"][..],
        &["solve", "--count", "--limit", "5"],
        &["validate"],
        &["validate", "--complete", "--unique"],
    ] {
        let one = run(
            &[args, &["--format", "json", "-j", "1"]].concat(),
            input.clone(),
        );
        let many = run(
            &[args, &["--format", "json", "-j", "8"]].concat(),
            input.clone(),
        );
        assert!(one.stdout == many.stdout, "{args:?}");
        assert_eq!(
            (one.code, &one.stderr),
            (many.code, &many.stderr),
            "{args:?}"
        );
        assert_eq!(parse_json_lines(&one.stdout).len(), items.len());
    }
}
