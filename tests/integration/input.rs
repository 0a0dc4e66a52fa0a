//! Input: stdin, files and `-`; every board shape; malformed boards and
//! their stderr lines; unreadable files; odd bytes and huge lines.

use crate::common;

use std::fs;

use common::*;
use predicates::prelude::*;

/// Solves `input` with `--format json` and returns the parsed records.
fn json_records(args: &[&str], input: impl Into<Vec<u8>>) -> (Run, Vec<serde_json::Value>) {
    let got = run(&[args, &["--format", "json"]].concat(), input);
    let records = got
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is a JSON object"))
        .collect();
    (got, records)
}

/// The `line` of each JSON record.
fn start_lines(records: &[serde_json::Value]) -> Vec<u64> {
    records
        .iter()
        .map(|r| r["line"].as_u64().expect("a line number"))
        .collect()
}

/// Checks a `solved` JSON record: its puzzle and an independent check of
/// its solution.
#[track_caller]
fn assert_solved_record(record: &serde_json::Value, puzzle: &str) {
    assert_eq!(record["status"], "solved", "{record}");
    assert_eq!(record["puzzle"], dotted(puzzle), "{record}");
    assert_solves(puzzle, record["solution"].as_str().expect("a solution"));
}

// ---------------------------------------------------------------------
// stdin, files, `-`, order.
// ---------------------------------------------------------------------

#[test]
fn no_file_reads_stdin() {
    let (got, records) = json_records(&["solve"], format!("{PUZZLE}\n"));
    assert_eq!(got.code, 0);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["source"], "<stdin>");
    assert_eq!(records[0]["line"], 1);
    assert_solved_record(&records[0], PUZZLE);
}

#[test]
fn dash_reads_stdin() {
    let (_, records) = json_records(&["solve", "-"], format!("\n{HARD}\n"));
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["source"], "<stdin>");
    assert_eq!(records[0]["line"], 2);
    assert_solved_record(&records[0], HARD);
}

#[test]
fn files_are_read_in_order_named_as_given_and_stdin_is_ignored() {
    let dir = temp_dir("files_in_order");
    fs::write(dir.join("a.txt"), format!("{PUZZLE}\n{}\n", unsolvable())).unwrap();
    fs::write(dir.join("b.txt"), format!("# b\n{}", plain_grid(HARD))).unwrap();
    let output = sudoku()
        .current_dir(&dir)
        .args(["solve", "--format", "json", "b.txt", "./a.txt", "b.txt"])
        .write_stdin(format!("{TWO}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stderr.is_empty());
    let records: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let where_: Vec<(String, u64, String)> = records
        .iter()
        .map(|r| {
            (
                r["source"].as_str().unwrap().to_owned(),
                r["line"].as_u64().unwrap(),
                r["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let expect = |s: &str, l: u64, st: &str| (s.to_owned(), l, st.to_owned());
    assert_eq!(
        where_,
        [
            expect("b.txt", 2, "solved"),
            expect("./a.txt", 1, "solved"),
            expect("./a.txt", 2, "unsolvable"),
            expect("b.txt", 2, "solved"),
        ]
    );
    assert_solved_record(&records[0], HARD);
    assert_solved_record(&records[1], PUZZLE);
    assert_solved_record(&records[3], HARD);
}

#[test]
fn dash_among_files_reads_stdin_at_its_place() {
    let dir = temp_dir("dash_among_files");
    let a = dir.join("a.txt");
    let b = dir.join("b.txt");
    fs::write(&a, format!("{PUZZLE}\n")).unwrap();
    fs::write(&b, format!("{HARD}\n")).unwrap();
    let (got, records) = json_records(
        &["solve", a.to_str().unwrap(), "-", b.to_str().unwrap()],
        format!("# from stdin\n{TWO}\n"),
    );
    assert_eq!(got.code, 0);
    let sources: Vec<&str> = records
        .iter()
        .map(|r| r["source"].as_str().unwrap())
        .collect();
    assert_eq!(
        sources,
        [a.to_str().unwrap(), "<stdin>", b.to_str().unwrap()]
    );
    assert_eq!(records[1]["line"], 2);
    assert_solved_record(&records[0], PUZZLE);
    assert_solved_record(&records[1], TWO);
    assert_solved_record(&records[2], HARD);
}

#[test]
fn a_grid_never_spans_two_files() {
    let dir = temp_dir("grid_spans_files");
    let grid = plain_grid(PUZZLE);
    let (head, tail) = grid.split_at(40); // 4 rows, then 5
    fs::write(dir.join("head.txt"), head).unwrap();
    fs::write(dir.join("tail.txt"), tail).unwrap();
    sudoku()
        .current_dir(&dir)
        .args(["solve", "head.txt", "tail.txt"])
        .assert()
        .code(2)
        .stdout("error\nerror\n")
        .stderr(
            predicate::str::starts_with("sudoku: head.txt:1: ")
                .and(predicate::str::contains("\nsudoku: tail.txt:1: "))
                .and(predicate::function(|s: &str| s.lines().count() == 2)),
        );
}

// ---------------------------------------------------------------------
// Board shapes.
// ---------------------------------------------------------------------

#[test]
fn one_line_boards_with_every_blank() {
    let input = format!(
        "{PUZZLE}\n{}\n{}\n",
        PUZZLE.replace('.', "0"),
        PUZZLE.replace('.', "_")
    );
    let (got, records) = json_records(&["solve"], input);
    assert_eq!(got.code, 0);
    assert_eq!(records.len(), 3);
    for (i, record) in records.iter().enumerate() {
        assert_eq!(record["line"], i + 1);
        assert_solved_record(record, PUZZLE);
    }
}

#[test]
fn grids_plain_boxed_and_back_to_back() {
    let input = format!(
        "{}{}{}",
        plain_grid(PUZZLE),
        boxed_grid(HARD),
        plain_grid(&TWO.replace('.', "0"))
    );
    let (got, records) = json_records(&["solve"], input);
    assert_eq!(got.code, 0, "{got:?}");
    let lines = start_lines(&records);
    assert_eq!(lines, [1, 10, 21]);
    assert_solved_record(&records[0], PUZZLE);
    assert_solved_record(&records[1], HARD);
    assert_solved_record(&records[2], TWO);
}

#[test]
fn boxed_grid_with_borders_blanks_and_comments_inside() {
    let input = "\
# Inkala's puzzle, boxed
+-------+-------+-------+
| 8 . . | . . . | . . . |

| . . 3 | 6 . . | . . . |
| . 7 . | . 9 . | 2 . . |
+=======+=======+=======+
| . 5 . | . . 7 | . . . |
   # a comment in the middle of a grid
| . . . | . 4 5 | 7 . . |
| . . . | 1 . . | . 3 . |
+-------+-------+-------+
| . . 1 | . . . | . 6 8 |
| . . 8 | 5 . . | . 1 . |
| . 9 . | . . . | 4 . . |
+-------+-------+-------+
";
    let (got, records) = json_records(&["solve"], input);
    assert_eq!(got.code, 0, "{got:?}");
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["line"], 3);
    assert_solved_record(&records[0], HARD);
}

fn leetcode_rows(puzzle: &str) -> Vec<String> {
    puzzle
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect()
}

#[test]
fn leetcode_string_array_forms() {
    let quoted: Vec<String> = leetcode_rows(PUZZLE)
        .iter()
        .map(|r| format!("\"{r}\""))
        .collect();
    // LeetCode 36's one-line form, and the same array one row a line.
    let one_line = format!("[{}]\n", quoted.join(","));
    let multi_line = format!("[\n  {}\n]\n", quoted.join(",\n  "));
    let (got, records) = json_records(&["solve"], format!("{one_line}{multi_line}"));
    assert_eq!(got.code, 0, "{got:?}");
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["line"], 1);
    assert_eq!(records[1]["line"], 3);
    assert_solved_record(&records[0], PUZZLE);
    assert_solved_record(&records[1], PUZZLE);
}

#[test]
fn leetcode_nested_array_forms() {
    let nested: Vec<String> = leetcode_rows(PUZZLE)
        .iter()
        .map(|r| {
            let cells: Vec<String> = r.chars().map(|c| format!("\"{c}\"")).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let one_line = format!("[{}]\n", nested.join(","));
    let multi_line = format!("[\n{}\n]\n", nested.join(",\n"));
    let (got, records) = json_records(&["solve"], format!("{one_line}{multi_line}"));
    assert_eq!(got.code, 0, "{got:?}");
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["line"], 1);
    assert_eq!(records[1]["line"], 3);
    for record in &records {
        assert_solved_record(record, PUZZLE);
    }
    // auto mirrors the shape: the one-line form answers on one line, the
    // multi-line form as a grid.
    let got = run(&["solve"], format!("{one_line}{multi_line}"));
    let records = split_records(&got.stdout, &[Look::Line, Look::Grid], false);
    for record in &records {
        assert_solves(PUZZLE, record);
    }
}

#[test]
fn comments_and_blank_lines_are_skipped_anywhere() {
    let grid = plain_grid(HARD);
    let rows: Vec<&str> = grid.lines().collect();
    let input = format!(
        "# header\n\n   # indented comment\n{PUZZLE}\n\t\n{}\n# between rows\n\n  \n{}\n# end\n",
        rows[..5].join("\n"),
        rows[5..].join("\n")
    );
    let (got, records) = json_records(&["solve"], input);
    assert_eq!(got.code, 0, "{got:?}");
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["line"], 4);
    assert_eq!(records[1]["line"], 6);
    assert_solved_record(&records[0], PUZZLE);
    assert_solved_record(&records[1], HARD);
}

#[test]
fn crlf_line_ends_and_a_final_cr() {
    let grid = plain_grid(HARD).replace('\n', "\r\n");
    let input = format!("# dos\r\n{PUZZLE}\r\n{grid}\r\n{TWO}\r");
    let (got, records) = json_records(&["solve"], input);
    assert_eq!(got.code, 0, "{got:?}");
    assert_eq!(got.stderr, "");
    let lines = start_lines(&records);
    assert_eq!(lines, [2, 3, 13]);
    assert_solved_record(&records[0], PUZZLE);
    assert_solved_record(&records[1], HARD);
    assert_solved_record(&records[2], TWO);
}

#[test]
fn a_bom_is_skipped_at_the_start_of_each_input_and_not_counted_in_columns() {
    let (got, records) = json_records(&["solve"], format!("\u{feff}{PUZZLE}\n"));
    assert_eq!(got.code, 0, "{got:?}");
    assert_solved_record(&records[0], PUZZLE);

    let dir = temp_dir("bom");
    fs::write(dir.join("a.txt"), format!("\u{feff}# a\n{PUZZLE}\n")).unwrap();
    fs::write(dir.join("b.txt"), format!("\u{feff}{}", plain_grid(HARD))).unwrap();
    fs::write(dir.join("c.txt"), "\u{feff}53x\n").unwrap();
    let output = sudoku()
        .current_dir(&dir)
        .args(["solve", "a.txt", "b.txt", "c.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "sudoku: c.txt:1:3: unexpected character 'x'\n"
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let records = split_records(&stdout, &[Look::Line, Look::Grid, Look::Line], false);
    assert_solves(PUZZLE, &records[0]);
    assert_solves(HARD, &records[1]);
    assert_eq!(records[2], "error");
}

#[test]
fn layout_characters_are_ignored_wherever_they_appear() {
    let noisy: String = PUZZLE
        .chars()
        .enumerate()
        .map(|(i, c)| {
            let noise = [" ", "\t", "|", "+", "-", "=", "[", "]", "\"", "'", ","][i % 11];
            format!("{noise}{c}")
        })
        .collect();
    let (got, records) = json_records(&["solve"], format!("{noisy}\n"));
    assert_eq!(got.code, 0, "{got:?}");
    assert_solved_record(&records[0], PUZZLE);
}

// ---------------------------------------------------------------------
// Malformed boards: an error record at its place, one stderr line each.
// ---------------------------------------------------------------------

/// Runs `solve` on `input` and checks that exactly the expected stderr
/// lines came out, that stdout holds `error` exactly where expected and
/// independently checked solutions elsewhere. `expect` lists the puzzle
/// of each record, or `None` for an error. An expected stderr line ending
/// in `": "` is a prefix (the contract fixes the position, not the
/// wording, of messages other than unexpected characters).
#[track_caller]
fn assert_errors(input: &str, expect: &[Option<&str>], stderr: &[&str]) {
    let got = run(&["solve", "--format", "line"], input);
    assert_eq!(got.code, 2, "{got:?}");
    let lines = got.stderr_lines();
    assert_eq!(lines.len(), stderr.len(), "stderr: {lines:?}");
    for (line, want) in lines.iter().zip(stderr) {
        if want.ends_with(": ") {
            assert!(
                line.starts_with(want),
                "{line:?} should start with {want:?}"
            );
        } else {
            assert_eq!(line, want);
        }
    }
    let lines = got.stdout_lines();
    assert_eq!(lines.len(), expect.len(), "records: {lines:?}");
    for (line, puzzle) in lines.iter().zip(expect) {
        assert!(
            !line.starts_with("sudoku"),
            "an error message on stdout: {line}"
        );
        match puzzle {
            None => assert_eq!(*line, "error"),
            Some(p) => assert_solves(p, line),
        }
    }
}

#[test]
fn a_malformed_line_between_two_good_boards() {
    let bad = format!("{}x{}", &PUZZLE[..6], &PUZZLE[6..]);
    assert_errors(
        &format!("{PUZZLE}\n{bad}\n{HARD}\n"),
        &[Some(PUZZLE), None, Some(HARD)],
        &["sudoku: <stdin>:2:7: unexpected character 'x'"],
    );
}

#[test]
fn a_malformed_grid_between_two_good_grids() {
    let mut rows: Vec<String> = boxed_grid(PUZZLE).lines().map(str::to_owned).collect();
    rows[5] = rows[5].replacen('.', "?", 1); // grid row 5, output line 6
    let bad = format!("{}\n", rows.join("\n"));
    let col = rows[5].find('?').unwrap() + 1;
    let input = format!("{}\n{bad}\n{}", plain_grid(HARD), plain_grid(TWO));
    assert_errors(
        &input,
        &[Some(HARD), None, Some(TWO)],
        &[&format!(
            "sudoku: <stdin>:16:{col}: unexpected character '?'"
        )],
    );
    // JSON: the error record names the line the board starts on, and its
    // `error` is the stderr message after the position.
    let (_, records) = json_records(&["solve"], input);
    assert_eq!(records[1]["line"], 11);
    assert_eq!(records[1]["status"], "error");
    assert_eq!(records[1]["error"], "unexpected character '?'");
}

#[test]
fn only_the_first_problem_of_a_board_is_cited() {
    let mut rows: Vec<String> = plain_grid(PUZZLE).lines().map(str::to_owned).collect();
    rows[2] = format!("{}!", rows[2]);
    rows[6] = format!("@{}", rows[6]);
    let input = format!("{}\n{PUZZLE}z!\n", rows.join("\n"));
    assert_errors(
        &input,
        &[None, None],
        &[
            "sudoku: <stdin>:3:10: unexpected character '!'",
            "sudoku: <stdin>:10:82: unexpected character 'z'",
        ],
    );
}

#[test]
fn a_grid_cut_short_by_the_end_of_input() {
    let grid = plain_grid(HARD);
    let input = format!("{PUZZLE}\n\n{}", &grid[..50]); // 5 rows
                                                        // Cited at the grid's first line, with no column.
    assert_errors(&input, &[Some(PUZZLE), None], &["sudoku: <stdin>:3: "]);
}

#[test]
fn a_grid_cut_short_by_an_81_cell_line() {
    let grid = plain_grid(HARD);
    let input = format!("{}{PUZZLE}\n{}", &grid[..30], plain_grid(TWO));
    let got = run(&["solve", "--format", "json"], input.clone());
    assert_eq!(got.code, 2);
    let lines = got.stderr_lines();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("sudoku: <stdin>:1: "), "{}", lines[0]);
    let records: Vec<serde_json::Value> = got
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["status"], "error");
    assert_eq!(records[0]["line"], 1);
    assert_eq!(
        lines[0],
        format!(
            "sudoku: <stdin>:1: {}",
            records[0]["error"].as_str().unwrap()
        )
    );
    // The interrupting line is a board of its own, and reading goes on.
    assert_eq!(records[1]["line"], 4);
    assert_solved_record(&records[1], PUZZLE);
    assert_eq!(records[2]["line"], 5);
    assert_solved_record(&records[2], TWO);
}

#[test]
fn a_grid_cut_short_by_a_bad_one_line_board() {
    let grid = plain_grid(HARD);
    let input = format!("{}{}\n{PUZZLE}\n", &grid[..20], "x".repeat(41));
    assert_errors(
        &input,
        &[None, None, Some(PUZZLE)],
        &[
            "sudoku: <stdin>:1: ",
            "sudoku: <stdin>:3:1: unexpected character 'x'",
        ],
    );
}

#[test]
fn a_bad_line_of_at_most_40_is_a_grid_row_a_longer_one_a_board() {
    let rows: Vec<String> = plain_grid(PUZZLE).lines().map(str::to_owned).collect();
    // 39 cells and one unexpected byte: a bad row; the grid keeps nine rows.
    let forty = format!("{}x", "1".repeat(39));
    let mut with_forty = rows.clone();
    with_forty[4] = forty;
    assert_errors(
        &format!("{}\n{HARD}\n", with_forty.join("\n")),
        &[None, Some(HARD)],
        &["sudoku: <stdin>:5:40: unexpected character 'x'"],
    );
    // 40 cells and one: a bad one-line board that cuts the grid in three.
    let forty_one = format!("{}x", "1".repeat(40));
    let mut with_forty_one = rows;
    with_forty_one[4] = forty_one;
    let got = run(
        &["solve"],
        format!("{}\n{HARD}\n", with_forty_one.join("\n")),
    );
    assert_eq!(got.code, 2);
    assert_eq!(got.stdout_lines()[..3], ["error", "error", "error"]);
    assert_eq!(got.stdout_lines().len(), 4);
    assert_solves(HARD, got.stdout_lines()[3]);
    let err = got.stderr_lines();
    assert_eq!(err.len(), 3, "{err:?}");
    assert!(err[0].starts_with("sudoku: <stdin>:1: "));
    assert_eq!(err[1], "sudoku: <stdin>:5:41: unexpected character 'x'");
    assert!(err[2].starts_with("sudoku: <stdin>:6: "));
}

#[test]
fn wrong_cell_counts_are_bad_lines() {
    // 80 cells on a line: a bad one-line board.
    let got = run(&["solve"], format!("{}\n{PUZZLE}\n", &PUZZLE[..80]));
    assert_eq!(got.code, 2);
    assert_eq!(got.stdout_lines()[0], "error");
    assert_solves(PUZZLE, got.stdout_lines()[1]);
    assert_eq!(got.stderr_lines().len(), 1);
    assert!(
        got.stderr.starts_with("sudoku: <stdin>:1:"),
        "{}",
        got.stderr
    );
    // 82 cells: between a board and a pencilmark board.
    let got = run(&["solve"], format!("{PUZZLE}1\n"));
    assert_eq!(got.stdout, "error\n");
    assert_eq!(
        got.stderr,
        "sudoku: <stdin>:1: expected 81 or 729 cells on a line, found 82\n"
    );
    // A grid row of 8 cells spoils its grid.
    let mut grid = plain_grid(PUZZLE);
    grid.replace_range(21..22, "");
    let got = run(&["solve"], format!("{grid}{PUZZLE}\n"));
    assert_eq!(got.code, 2);
    assert_eq!(got.stdout_lines()[0], "error");
    assert_eq!(got.stdout_lines().len(), 2);
    assert_eq!(got.stderr_lines().len(), 1);
    assert!(
        got.stderr.starts_with("sudoku: <stdin>:3"),
        "{}",
        got.stderr
    );
}

#[test]
fn a_hash_within_a_board_is_unexpected_and_after_it_starts_a_label() {
    let spoiled = format!("{}#{}", &PUZZLE[..40], &PUZZLE[40..]);
    assert_errors(
        &format!("{spoiled}\n{HARD}\n"),
        &[None, Some(HARD)],
        &["sudoku: <stdin>:1:41: unexpected character '#'"],
    );
    let got = run(&["solve"], format!("{PUZZLE} # note\n"));
    assert_eq!(
        (got.code, got.stdout.as_str()),
        (0, &*format!("{FULL}\tnote\n"))
    );
}

#[test]
fn unexpected_bytes_are_named_as_escape_ascii_writes_them() {
    let cases: [(&[u8], &str); 6] = [
        (b"\\", r"'\\'"),
        (b"\xff", r"'\xff'"),
        (b"\x00", r"'\x00'"),
        (b"\x7f", r"'\x7f'"),
        (b"\t\r", r"'\r'"),
        (b"a", "'a'"),
    ];
    for (bytes, shown) in cases {
        let mut input = PUZZLE.as_bytes()[..10].to_vec();
        input.extend_from_slice(bytes);
        input.extend_from_slice(&PUZZLE.as_bytes()[10..]);
        input.extend_from_slice(b"\n");
        input.extend_from_slice(HARD.as_bytes());
        input.push(b'\n');
        let col = 10 + bytes.len();
        let got = run(&["solve"], input);
        assert_eq!(got.code, 2, "{shown}");
        assert_eq!(
            got.stderr,
            format!("sudoku: <stdin>:1:{col}: unexpected character {shown}\n")
        );
        assert_eq!(got.stdout_lines()[0], "error");
        assert_solves(HARD, got.stdout_lines()[1]);
    }
}

#[test]
fn invalid_utf8_and_nul_bytes_between_good_boards() {
    let mut input = format!("{PUZZLE}\n").into_bytes();
    input.extend_from_slice(b"\xc3\x28\xa0\xa1 caf\xe9\n\x00\x00\x00\n");
    input.extend_from_slice(format!("{HARD}\n").as_bytes());
    let got = run(&["solve"], input);
    assert_eq!(got.code, 2);
    assert_eq!(
        got.stderr_lines(),
        ["sudoku: <stdin>:2:1: unexpected character '\\xc3'"]
    );
    // The two bad lines are short: grid rows of one cut-short grid.
    let lines = got.stdout_lines();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_solves(PUZZLE, lines[0]);
    assert_eq!(lines[1], "error");
    assert_solves(HARD, lines[2]);
}

#[test]
fn binary_garbage_gives_errors_not_a_crash() {
    let garbage: Vec<u8> = (0..=255u8).cycle().take(20_000).collect();
    let mut input = format!("{PUZZLE}\n").into_bytes();
    input.extend_from_slice(&garbage);
    input.extend_from_slice(format!("\n{HARD}\n").as_bytes());
    let got = run(&["solve"], input);
    assert_eq!(got.code, 2);
    assert!(!got.stderr.contains("panicked"), "{}", got.stderr);
    let out = got.stdout_lines();
    let err = got.stderr_lines();
    assert_solves(PUZZLE, out[0]);
    assert_solves(HARD, out[out.len() - 1]);
    let errors = out.iter().filter(|l| **l == "error").count();
    assert!(errors >= 1);
    assert_eq!(errors, err.len(), "one stderr line per error record");
    assert!(err.iter().all(|l| l.starts_with("sudoku: <stdin>:")));
}

#[test]
fn a_10_mb_line_is_one_clear_error_and_the_boards_around_it_are_answered() {
    let huge = "1".repeat(10 << 20);
    // Followed by a newline and a good board...
    let got = run(&["solve"], format!("{PUZZLE}\n{huge}\n{HARD}\n"));
    assert_eq!(got.code, 2);
    let err = got.stderr_lines();
    assert_eq!(err.len(), 1, "{err:?}");
    assert!(err[0].starts_with("sudoku: <stdin>:2:"), "{}", err[0]);
    let out = got.stdout_lines();
    assert_eq!(out.len(), 3);
    assert_solves(PUZZLE, out[0]);
    assert_eq!(out[1], "error");
    assert_solves(HARD, out[2]);
    // ...and at the very end, without a newline.
    let got = run(&["solve", "--format", "json"], format!("{PUZZLE}\n{huge}"));
    assert_eq!(got.code, 2);
    assert_eq!(got.stderr_lines().len(), 1);
    let out = got.stdout_lines();
    assert_eq!(out.len(), 2);
    let last: serde_json::Value = serde_json::from_str(out[1]).unwrap();
    assert_eq!(last["status"], "error");
    assert_eq!(last["line"], 2);
    // A 10 MB line of unexpected bytes, from a file.
    let dir = temp_dir("huge_line");
    let path = dir.join("huge.txt");
    fs::write(&path, format!("{PUZZLE}\n{}\n{HARD}", "x".repeat(10 << 20))).unwrap();
    let got = sudoku().arg("solve").arg(&path).output().unwrap();
    assert_eq!(got.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&got.stderr),
        format!("sudoku: {}:2:1: unexpected character 'x'\n", path.display())
    );
    let stdout = String::from_utf8(got.stdout).unwrap();
    let out: Vec<&str> = stdout.lines().collect();
    assert_eq!(out.len(), 3);
    assert_solves(PUZZLE, out[0]);
    assert_eq!(out[1], "error");
    assert_solves(HARD, out[2]);
}

#[test]
fn empty_input_gives_no_output_and_exit_0() {
    let dir = temp_dir("empty_input");
    let empty_file = dir.join("empty.txt");
    fs::write(&empty_file, "").unwrap();
    for args in [
        &["solve"][..],
        &["validate", "--unique"],
        &["solve", "--count"],
    ] {
        sudoku()
            .args(args)
            .assert()
            .code(0)
            .stdout(predicate::str::is_empty())
            .stderr(predicate::str::is_empty());
        sudoku()
            .args(args)
            .arg(&empty_file)
            .args(["--format", "json"])
            .assert()
            .code(0)
            .stdout(predicate::str::is_empty())
            .stderr(predicate::str::is_empty());
    }
}

// ---------------------------------------------------------------------
// Unreadable inputs: one stderr line, no record, the run goes on.
// ---------------------------------------------------------------------

#[test]
fn a_missing_file_between_two_good_files() {
    let dir = temp_dir("missing_file");
    fs::write(dir.join("a.txt"), format!("{PUZZLE}\n")).unwrap();
    fs::write(dir.join("c.txt"), format!("{HARD}\n")).unwrap();
    let output = sudoku()
        .current_dir(&dir)
        .args(["solve", "a.txt", "b.txt", "c.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "sudoku: b.txt: No such file or directory\n"
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "no record for the missing file");
    assert_solves(PUZZLE, lines[0]);
    assert_solves(HARD, lines[1]);
}

#[test]
fn a_directory_as_input() {
    let dir = temp_dir("directory_input");
    fs::create_dir(dir.join("sub")).unwrap();
    fs::write(dir.join("a.txt"), format!("{PUZZLE}\n")).unwrap();
    let output = sudoku()
        .current_dir(&dir)
        .args(["validate", "--format", "json", "sub", "a.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr, "sudoku: sub: Is a directory\n");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1);
    let record: serde_json::Value = serde_json::from_str(stdout.trim_end()).unwrap();
    assert_eq!(record["source"], "a.txt");
    assert_eq!(record["status"], "valid");
}

/// As root (CI containers) permissions do not apply, so the binary then
/// runs as `nobody` (uid and gid 65534, no supplementary groups) through
/// util-linux's `setpriv`: a missing `setpriv` fails the test.
#[test]
#[cfg(unix)]
fn an_unreadable_file_is_reported_as_permission_denied() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("no_permission");
    let locked = dir.join("locked.txt");
    fs::write(&locked, format!("{PUZZLE}\n")).unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    let mut command = if fs::read(&locked).is_ok() {
        let mut command = assert_cmd::Command::new("setpriv");
        command
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .arg(bin());
        command
    } else {
        assert_cmd::Command::new(bin())
    };
    command
        .timeout(std::time::Duration::from_secs(120))
        .arg("solve")
        .arg(&locked)
        .write_stdin("")
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(format!("sudoku: {}: Permission denied\n", locked.display()));
}

// ---------------------------------------------------------------------
// Streaming: answers come before the input ends.
// ---------------------------------------------------------------------

#[test]
fn answers_stream_before_the_input_ends_and_no_progress_goes_to_a_pipe() {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::time::Duration;

    for jobs in ["1", "4"] {
        let mut child = Command::new(bin())
            .args(["solve", "-j", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.unwrap()).is_err() {
                    return;
                }
            }
        });
        writeln!(stdin, "{PUZZLE}").unwrap();
        stdin.flush().unwrap();
        let first = rx.recv_timeout(Duration::from_secs(30));
        let Ok(first) = first else {
            let _ = child.kill();
            panic!("-j {jobs}: no answer while the input is still open");
        };
        assert_solves(PUZZLE, &first);
        // Keep the run going for more than a second: stderr is a pipe, so
        // no progress indicator may appear.
        std::thread::sleep(Duration::from_millis(1300));
        writeln!(stdin, "{HARD}").unwrap();
        drop(stdin);
        let second = rx.recv_timeout(Duration::from_secs(30)).unwrap();
        assert_solves(HARD, &second);
        let status = child.wait().unwrap();
        reader.join().unwrap();
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        assert_eq!(status.code(), Some(0));
        assert_eq!(stderr, "", "-j {jobs}: stderr must stay empty");
    }
}

#[test]
#[cfg_attr(not(target_os = "linux"), ignore = "needs GNU /usr/bin/time")]
fn a_long_line_is_not_buffered() {
    use std::process::Command;
    assert!(
        std::path::Path::new("/usr/bin/time").exists(),
        "no /usr/bin/time to measure memory (apt-get install time)"
    );
    let dir = temp_dir("long_line_memory");
    // A 30 MB line of cells, then a good board.
    let script = format!(
        r#"(head -c 30000000 /dev/zero | tr '\0' 1; printf '\n{PUZZLE}\n') | /usr/bin/time -f %M -o "$DIR/rss" "$SUDOKU" solve >"$DIR/out" 2>"$DIR/err"; echo "${{PIPESTATUS[1]}}""#
    );
    let output = Command::new("bash")
        .arg("-c")
        .arg(script)
        .env("SUDOKU", bin())
        .env("DIR", &dir)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "2\n", "{output:?}");
    let out = fs::read_to_string(dir.join("out")).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "error");
    assert_solves(PUZZLE, lines[1]);
    assert_eq!(
        fs::read_to_string(dir.join("err")).unwrap().lines().count(),
        1
    );
    let rss = fs::read_to_string(dir.join("rss")).unwrap();
    let kib: u64 = rss.trim().lines().last().unwrap().parse().unwrap();
    assert!(kib < 20_000, "peak memory {kib} KiB for a 30 MB line");
}
