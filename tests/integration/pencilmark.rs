//! Pencilmark input (729-cell lines), the marks as constraints for `solve`
//! and `validate`, the `candidates` JSON key and `--format candidates`.
//!
//! The pencilmark texts are built here cell by cell, not by the library.

use crate::common;

use common::*;

/// Candidates per cell, bit `d - 1` for digit `d`.
type Marks = Vec<u16>;

/// The marks of an 81-cell board: a given is its one candidate, an empty
/// cell has all nine.
fn marks_of(board: &str) -> Marks {
    cells(board)
        .iter()
        .map(|&c| if c == 0 { 0x1FF } else { 1 << (c - 1) })
        .collect()
}

/// Sukaku's 729-cell text of `marks`, `empty` for a missing candidate.
fn text_with(marks: &Marks, empty: char) -> String {
    let mut text = String::with_capacity(729);
    for &mask in marks {
        for digit in 1..=9u8 {
            text.push(if mask >> (digit - 1) & 1 != 0 {
                char::from(b'0' + digit)
            } else {
                empty
            });
        }
    }
    text
}

fn text(marks: &Marks) -> String {
    text_with(marks, '.')
}

/// Cell index of `rNcM` (1-based).
fn at(row: usize, column: usize) -> usize {
    9 * (row - 1) + column - 1
}

/// Whether every cell of `solution` holds one of its candidates.
fn within(marks: &Marks, solution: &str) -> bool {
    cells(solution)
        .iter()
        .zip(marks)
        .all(|(&digit, &mask)| digit != 0 && mask >> (digit - 1) & 1 != 0)
}

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON object per line"))
        .collect()
}

#[test]
fn a_pencilmark_line_solves_like_its_board() {
    let marks = marks_of(PUZZLE);
    for empty in ['.', '0'] {
        let got = run(
            &["solve", "--unique"],
            format!("{}\n", text_with(&marks, empty)),
        );
        assert_eq!((got.code, got.stderr.as_str()), (0, ""));
        assert_eq!(got.stdout_lines().len(), 1);
        assert_solves(PUZZLE, got.stdout_lines()[0]);
    }
}

#[test]
fn marks_narrow_the_solutions() {
    // LeetCode's puzzle with each empty cell down to two candidates, one
    // of them its solution's digit (FULL's): still that one solution.
    let mut marks = marks_of(PUZZLE);
    let (puzzle, full) = (cells(PUZZLE), cells(FULL));
    for cell in 0..81 {
        if puzzle[cell] == 0 {
            let digit = full[cell];
            let other = if digit == 9 { 1 } else { digit + 1 };
            marks[cell] = 1 << (digit - 1) | 1 << (other - 1);
        }
    }
    let got = run(&["solve", "--unique"], text(&marks));
    assert_eq!(got.code, 0, "{}", got.stderr);
    assert_eq!(got.stdout, format!("{FULL}\n"));
    assert!(within(&marks, FULL));

    // Only one cell narrowed: many solutions, all within the marks.
    let mut marks = vec![0x1FF; 81];
    marks[at(5, 5)] = 1 << 6;
    let got = run(&["solve"], text(&marks));
    let solution = got.stdout.trim_end();
    assert_solves(&empty(), solution);
    assert!(within(&marks, solution), "{solution}");
    let got = run(&["solve", "--count", "--limit", "5"], text(&marks));
    assert_eq!(got.stdout, "5+\n");
}

#[test]
fn a_cell_without_candidates_is_unsolvable() {
    let mut marks = marks_of(PUZZLE);
    marks[at(1, 3)] = 0;
    let input = text(&marks);
    let got = run(&["solve"], input.clone());
    assert_eq!(
        (got.code, got.stdout.as_str(), got.stderr.as_str()),
        (1, "unsolvable\n", "")
    );
    let got = run(&["solve", "--count"], input.clone());
    assert_eq!((got.code, got.stdout.as_str()), (0, "0\n"));
    // No rule is broken, so plain validate is content; --unique is not.
    let got = run(&["validate"], input.clone());
    assert_eq!((got.code, got.stdout.as_str()), (0, "valid\n"));
    let got = run(&["validate", "--unique"], input);
    assert_eq!((got.code, got.stdout.as_str()), (1, "unsolvable\n"));
}

#[test]
fn an_erased_solution_digit_leaves_no_solution() {
    // LeetCode's r1c3 is 4 in the only solution.
    let mut marks = marks_of(PUZZLE);
    marks[at(1, 3)] &= !(1 << 3);
    let got = run(&["solve", "--unique"], text(&marks));
    assert_eq!((got.code, got.stdout.as_str()), (1, "unsolvable\n"));
    // Erasing any other digit there keeps the solution.
    marks = marks_of(PUZZLE);
    marks[at(1, 3)] = 1 << 3 | 1 << 0;
    let got = run(&["solve", "--unique"], text(&marks));
    assert_eq!(got.code, 0);
    assert_solves(PUZZLE, got.stdout.trim_end());
}

#[test]
fn one_candidate_cells_are_givens_that_validate_checks() {
    let mut marks = vec![0x1FF; 81];
    marks[at(1, 1)] = 1 << 4;
    marks[at(1, 4)] = 1 << 4;
    marks[at(2, 5)] = 1 << 4;
    let got = run(&["validate"], text(&marks));
    assert_eq!(got.code, 1);
    // Worded for marks: nobody need have written those fives down.
    assert_eq!(
        got.stdout,
        "invalid: 5 is the only candidate of 2 cells in row 1 (r1c1, r1c4); \
         5 is the only candidate of 2 cells in box 2 (r1c4, r2c5)\n"
    );
    let hint = run(&["hint", "--candidates"], text(&marks));
    assert_eq!((hint.code, hint.stdout.as_str()), (1, got.stdout.as_str()));
    // The same digits as a plain board clash as digits.
    let digits = run(
        &["validate"],
        format!("5..5{}5{}", ".".repeat(9), ".".repeat(67)),
    );
    assert_eq!(
        digits.stdout,
        "invalid: 5 twice in row 1 (r1c1, r1c4); 5 twice in box 2 (r1c4, r2c5)\n"
    );
    let got = run(&["solve"], text(&marks));
    assert_eq!((got.code, got.stdout.as_str()), (1, "invalid\n"));
    // JSON: the one-candidate cells are the puzzle's digits.
    let got = run(&["validate", "--format", "json"], text(&marks));
    let record = &json_lines(&got.stdout)[0];
    let puzzle = format!("5..5{}5{}", ".".repeat(9), ".".repeat(67));
    assert_eq!(record["puzzle"], puzzle);
    assert_eq!(record["conflicts"].as_array().unwrap().len(), 2);
}

#[test]
fn json_adds_candidates_only_for_marked_input() {
    let mut marks = marks_of(PUZZLE);
    marks[at(1, 3)] = 0b1011;
    let input = format!("{}\n{PUZZLE}\n", text_with(&marks, '0'));
    let got = run(&["solve", "--format", "json"], input);
    assert_eq!(got.code, 0, "{}", got.stderr);
    let records = json_lines(&got.stdout);
    assert_eq!(records[0]["puzzle"], PUZZLE);
    assert_eq!(records[0]["candidates"], text(&marks));
    assert_solves(PUZZLE, records[0]["solution"].as_str().unwrap());
    assert!(records[1].get("candidates").is_none());
    assert_eq!(records[1]["puzzle"], PUZZLE);
}

#[test]
fn the_candidates_format_reads_back_as_the_same_position() {
    let input = format!(
        "{PUZZLE}\n{}{}\n{}\n",
        plain_grid(HARD),
        text(&marks_of(PUZZLE)),
        unsolvable()
    );
    let got = run(&["solve", "--format", "candidates"], input.clone());
    assert_eq!(got.code, 1);
    let lines = got.stdout_lines();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[3], "unsolvable");
    let solutions = run(&["solve", "--format", "line"], input).stdout;
    for (line, solution) in lines.iter().zip(solutions.lines()).take(3) {
        assert_eq!(line.len(), 729);
        assert_eq!(*line, text(&marks_of(solution)));
    }
    // Read back: each position's JSON gives the same board and marks, and
    // writing it again gives the same bytes.
    let boards: String = lines[..3].iter().map(|l| format!("{l}\n")).collect();
    let back = run(&["solve", "--format", "json"], boards.clone());
    for (record, (line, solution)) in json_lines(&back.stdout)
        .iter()
        .zip(lines.iter().zip(solutions.lines()))
    {
        assert_eq!(record["puzzle"], solution);
        assert_eq!(record["candidates"], *line);
    }
    let again = run(&["solve", "--format", "candidates"], boards.clone());
    assert_eq!(again.stdout, boards);
}

#[test]
fn wrong_counts_near_729_name_what_was_expected() {
    let marks = text(&marks_of(PUZZLE));
    let input = format!(
        "{PUZZLE}\n{}\n{marks}12\n{}\n{HARD}\n",
        &marks[..728],
        &marks[..300]
    );
    let got = run(&["solve"], input);
    assert_eq!(got.code, 2);
    assert_eq!(got.stdout_lines().len(), 5);
    assert_eq!(got.stdout_lines()[1..4], ["error", "error", "error"]);
    assert_solves(HARD, got.stdout_lines()[4]);
    assert_eq!(
        got.stderr_lines(),
        [
            "sudoku: <stdin>:2: expected 81 or 729 cells on a line, found 728",
            "sudoku: <stdin>:3:730: more than 729 cells on one line",
            "sudoku: <stdin>:4: expected 81 or 729 cells on a line, found 300",
        ]
    );
}

#[test]
fn a_digit_out_of_its_place_is_an_error_at_its_column() {
    let mut marks = text(&marks_of(PUZZLE)).into_bytes();
    // r2c1's group is bytes 81-89; place 3 is byte 83 (column 84).
    marks[83] = b'8';
    let got = run(&["validate", "--format", "json"], marks);
    assert_eq!(got.code, 2);
    assert_eq!(
        got.stderr,
        "sudoku: <stdin>:1:84: expected 3 or an empty mark for candidate 3 of r2c1, found 8\n"
    );
    let record = &json_lines(&got.stdout)[0];
    assert_eq!(record["status"], "error");
    assert_eq!(
        record["error"],
        "expected 3 or an empty mark for candidate 3 of r2c1, found 8"
    );
}

#[test]
fn a_pencilmark_line_cuts_a_grid_short_and_layout_is_ignored() {
    let marks = text(&marks_of(PUZZLE));
    let spaced: Vec<&str> = (0..81).map(|c| &marks[9 * c..9 * c + 9]).collect();
    let input = format!("123456789\n{}\r\n", spaced.join(" | "));
    let got = run(&["solve"], input);
    assert_eq!(got.code, 2);
    assert_eq!(
        got.stderr,
        "sudoku: <stdin>:1: grid cut short after 1 of 9 rows\n"
    );
    assert_eq!(got.stdout_lines()[0], "error");
    assert_solves(PUZZLE, got.stdout_lines()[1]);
}

#[test]
fn jobs_do_not_change_pencilmark_output() {
    let mut input = String::new();
    for cell in 0..60 {
        let mut marks = marks_of(PUZZLE);
        marks[cell] &= !(1 << (cell % 9));
        input.push_str(&text(&marks));
        input.push('\n');
    }
    let one = run(&["solve", "--format", "json", "-j", "1"], input.clone());
    let four = run(&["solve", "--format", "json", "-j", "4"], input);
    assert_eq!(one, four);
    assert_eq!(one.stdout.lines().count(), 60);
}

#[test]
fn the_bundled_pencilmark_file() {
    let got = sudoku()
        .args(["solve", "puzzles/pencilmark.txt"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(got.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_solves(PUZZLE, lines[0]);
    assert_eq!(lines[1..], ["unsolvable", "invalid"]);
}

mod properties {
    use super::*;
    use proptest::prelude::*;
    use std::io::BufReader;
    use sudoku_cli::{solve_marked, Boards, Candidates};

    /// Masks of FULL's cells, each holding FULL's digit and random others.
    fn around_full() -> impl Strategy<Value = Vec<u16>> {
        proptest::collection::vec(0..0x200u16, 81).prop_map(|extra| {
            cells(FULL)
                .iter()
                .zip(extra)
                .map(|(&digit, extra)| extra | 1 << (digit - 1))
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn any_marks_read_back_alike_on_both_paths(
            masks in proptest::collection::vec(0..0x200u16, 81),
            empty in prop_oneof![Just('.'), Just('0'), Just('_')],
            spaced in any::<bool>(),
            crlf in any::<bool>(),
        ) {
            let plain = text_with(&masks, empty);
            let line = if spaced {
                let groups: Vec<&str> = (0..81).map(|c| &plain[9 * c..9 * c + 9]).collect();
                groups.join(" ")
            } else {
                plain
            };
            let input = format!("{line}{}{PUZZLE}\n", if crlf { "\r\n" } else { "\n" });
            let expected = Candidates::new(masks.clone().try_into().unwrap()).unwrap();
            for capacity in [1, 64, 1 << 16] {
                let entries: Vec<_> = Boards::new(BufReader::with_capacity(capacity, input.as_bytes()), "p")
                    .map(|item| item.expect("a good line"))
                    .collect();
                prop_assert_eq!(entries.len(), 2);
                prop_assert_eq!(entries[0].candidates.as_deref(), Some(&expected));
                prop_assert_eq!(entries[0].board, expected.board());
                prop_assert!(entries[1].candidates.is_none());
            }
        }

        #[test]
        fn a_solution_stays_within_the_marks(masks in around_full()) {
            let marks = Candidates::new(masks.clone().try_into().unwrap()).unwrap();
            let found = solve_marked(&marks.board(), &marks, 2);
            // FULL is within the marks, so its one-candidate cells agree.
            let found = found.expect("consistent givens");
            prop_assert!(found.count >= 1);
            let solution = found.first.unwrap().to_string();
            assert_solves(&marks.board().to_string(), &solution);
            prop_assert!(within(&masks, &solution), "{}", solution);
        }
    }
}

/// A position of marks alone: every cell holds two candidates, the
/// solution's digit and the digit of `OTHER` there, so no cell is a given
/// and the digits alone (an empty board) have countless solutions, while
/// the marks allow exactly one.
const OTHER: &str =
    "881597597436426462369278749961128197572445383279266274593874635415932341286548698";

/// LeetCode 37's solution, the one solution of the `OTHER` marks.
const SOLUTION: &str = FULL;

fn two_candidates_each() -> Marks {
    cells(SOLUTION)
        .iter()
        .zip(cells(OTHER))
        .map(|(&digit, other)| 1 << (digit - 1) | 1 << (other - 1))
        .collect()
}

#[test]
fn hint_with_candidates_judges_the_position_by_its_marks() {
    let marks = two_candidates_each();
    let input = text(&marks);
    // What solve says of the marks, hint --candidates says too.
    let solved = run(&["solve", "--unique"], input.clone());
    assert_eq!((solved.code, solved.stdout.trim_end()), (0, SOLUTION));
    let rated = run(&["rate"], input.clone());
    assert_eq!(rated.stdout, "1.2/1.2/1.2\n");
    let hint = run(&["hint", "--candidates"], input.clone());
    assert_eq!(
        (hint.code, hint.stdout.as_str()),
        (0, "1.2  Hidden single in box 1: r2c3=2\n")
    );
    // Without --candidates the digits alone decide: an empty board.
    let digits = run(&["hint"], input);
    assert_eq!((digits.code, digits.stdout.as_str()), (1, "multiple\n"));
}

#[test]
fn hint_with_candidates_calls_a_cell_without_any_unsolvable() {
    let mut marks = two_candidates_each();
    marks[at(2, 2)] = 0;
    let input = text(&marks);
    let solved = run(&["solve", "--unique"], input.clone());
    assert_eq!((solved.code, solved.stdout.as_str()), (1, "unsolvable\n"));
    let hint = run(&["hint", "--candidates"], input);
    assert_eq!((hint.code, hint.stdout.as_str()), (1, "unsolvable\n"));
}

#[test]
fn hints_chain_through_the_candidates_format() {
    let input = text(&two_candidates_each());
    let mut position = input.clone();
    let mut steps = Vec::new();
    // Each hint's `after` position is the next hint's input, to the end.
    for _ in 0..81 {
        let hint = run(&["hint", "--candidates"], position.clone());
        if hint.stdout == "solved\n" {
            break;
        }
        assert_eq!(hint.code, 0, "{}", hint.stdout);
        steps.push(hint.stdout.clone());
        let json = run(
            &["hint", "--candidates", "--format", "json"],
            position.clone(),
        );
        let after = run(
            &["hint", "--candidates", "--format", "candidates"],
            position,
        );
        position = after.stdout.trim_end().to_owned();
        assert_eq!(position.len(), 729);
        // JSON's `after` is the same position as the candidates format's.
        let record = &json_lines(&json.stdout)[0];
        assert_eq!(record["after"], position.as_str(), "{record}");
    }
    // A placement leaves its peers' other candidate alone in their cells,
    // and a cell with one candidate reads back as a given: few hints end it.
    assert!(
        !steps.is_empty() && steps.len() < 81,
        "{} steps",
        steps.len()
    );
    assert_eq!(steps[0], "1.2  Hidden single in box 1: r2c3=2\n");
    let solved = run(&["solve"], position);
    assert_eq!(solved.stdout.trim_end(), SOLUTION);
}
