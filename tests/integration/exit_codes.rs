//! Exit statuses, usage errors, help and version, `-q/--quiet` and
//! `--stats`.

use crate::common;

use common::*;
use predicates::prelude::*;

// ---------------------------------------------------------------------
// Usage, help and version.
// ---------------------------------------------------------------------

#[test]
fn bare_sudoku_prints_help_on_stderr_and_exits_2() {
    sudoku()
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("Usage:"))
        .stderr(predicate::str::contains("solve"))
        .stderr(predicate::str::contains("validate"));
}

#[test]
fn help_goes_to_stdout_and_exits_0() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["solve", "--help"],
        &["validate", "--help"],
    ] {
        sudoku()
            .args(args)
            .assert()
            .code(0)
            .stdout(predicate::str::contains("Usage:"))
            .stderr(predicate::str::is_empty());
    }
    sudoku()
        .args(["solve", "--help"])
        .assert()
        .stdout(predicate::str::contains("--unique"))
        .stdout(predicate::str::contains("--count"))
        .stdout(predicate::str::contains("--limit"))
        .stdout(predicate::str::contains("--jobs"))
        .stdout(predicate::str::contains("--stats"))
        .stdout(predicate::str::contains("--quiet"))
        .stdout(predicate::str::contains("--format"));
    sudoku()
        .args(["validate", "--help"])
        .assert()
        .stdout(predicate::str::contains("--complete"))
        .stdout(predicate::str::contains("--unique"));
}

#[test]
fn version_goes_to_stdout_and_exits_0() {
    sudoku()
        .arg("--version")
        .assert()
        .code(0)
        .stdout(format!("sudoku {}\n", env!("CARGO_PKG_VERSION")))
        .stderr(predicate::str::is_empty());
}

/// Usage errors exit 2, print nothing on stdout and something on stderr,
/// and read no input.
#[track_caller]
fn usage_error(args: &[&str]) {
    let got = run(args, format!("{PUZZLE}\n"));
    assert_eq!(got.code, 2, "{args:?}: {got:?}");
    assert_eq!(got.stdout, "", "{args:?}");
    assert!(!got.stderr.is_empty(), "{args:?}: no message");
}

#[test]
fn limit_without_count_is_a_usage_error() {
    usage_error(&["solve", "--limit", "3"]);
    usage_error(&["solve", "--unique", "--limit", "2"]);
    usage_error(&["validate", "--limit", "3"]);
}

#[test]
fn limit_and_jobs_must_be_at_least_one() {
    usage_error(&["solve", "--count", "--limit", "0"]);
    usage_error(&["solve", "--count", "--limit", "-1"]);
    usage_error(&["solve", "-j", "0"]);
    usage_error(&["solve", "--jobs", "0"]);
    usage_error(&["validate", "-j", "0"]);
    usage_error(&["solve", "-j", "many"]);
}

#[test]
fn unknown_subcommands_options_and_formats_are_usage_errors() {
    usage_error(&["frobnicate"]);
    usage_error(&["solve", "--frobnicate"]);
    usage_error(&["solve", "--format", "xml"]);
    usage_error(&["validate", "--count"]);
    usage_error(&["solve", "--complete"]);
}

#[test]
fn the_limit_and_jobs_options_accept_valid_values() {
    let got = run(
        &["solve", "--count", "--limit", "1", "-j", "3"],
        format!("{PUZZLE}\n"),
    );
    assert_eq!((got.code, got.stdout.as_str()), (0, "1+\n"));
    let got = run(&["validate", "--jobs=1"], format!("{PUZZLE}\n"));
    assert_eq!((got.code, got.stdout.as_str()), (0, "valid\n"));
}

// ---------------------------------------------------------------------
// Exit statuses: 0, 1, 2, the highest wins.
// ---------------------------------------------------------------------

#[test]
fn every_board_met_exits_0_with_empty_stderr() {
    let input = format!("{PUZZLE}\n{HARD}\n{}", plain_grid(TWO));
    let solved = run(&["solve", "--format", "line"], input.clone());
    assert_eq!((solved.code, solved.stderr.as_str()), (0, ""));
    let lines = solved.stdout_lines();
    assert_eq!(lines.len(), 3);
    for (line, puzzle) in lines.iter().zip([PUZZLE, HARD, TWO]) {
        assert_solves(puzzle, line);
    }
    sudoku()
        .args(["validate"])
        .write_stdin(input)
        .assert()
        .code(0)
        .stdout("valid\nvalid\nvalid\n")
        .stderr(predicate::str::is_empty());
}

#[test]
fn no_boards_at_all_exits_0() {
    for input in [
        "",
        "\n\n",
        "# only a comment\n",
        "\u{feff}",
        "------+-------+------\n",
    ] {
        for sub in ["solve", "validate"] {
            sudoku()
                .arg(sub)
                .write_stdin(input)
                .assert()
                .code(0)
                .stdout(predicate::str::is_empty())
                .stderr(predicate::str::is_empty());
        }
    }
}

#[test]
fn a_board_not_met_exits_1_and_prints_nothing_on_stderr() {
    let cases: [(&[&str], String); 6] = [
        (&["solve"], unsolvable()),
        (&["solve"], invalid()),
        (&["solve", "--unique"], TWO.to_owned()),
        (&["validate"], invalid()),
        (&["validate", "--complete"], PUZZLE.to_owned()),
        (&["validate", "--unique"], empty()),
    ];
    for (args, board) in cases {
        let input = format!("{PUZZLE}\n{board}\n{PUZZLE}\n");
        let got = run(args, input);
        assert_eq!(got.code, 1, "{args:?} {board}: {got:?}");
        assert_eq!(got.stderr, "", "{args:?}: results are records, not errors");
        let lines = got.stdout_lines();
        assert_eq!(lines.len(), 3);
        if args[0] == "solve" {
            assert_solves(PUZZLE, lines[0]);
            assert_solves(PUZZLE, lines[2]);
        }
    }
}

#[test]
fn malformed_or_unreadable_input_exits_2_even_with_boards_not_met() {
    // 2 beats 1 in either order.
    let got = run(&["solve"], format!("{}\n{}x\n", unsolvable(), PUZZLE));
    assert_eq!(got.code, 2, "{got:?}");
    let got = run(&["solve"], format!("{}x\n{}\n", PUZZLE, unsolvable()));
    assert_eq!(got.code, 2, "{got:?}");
    // An unreadable file alone, after a board not met.
    let dir = temp_dir("exit_2_unreadable");
    let bad = dir.join("unsolvable.txt");
    std::fs::write(&bad, format!("{}\n", unsolvable())).unwrap();
    let missing = dir.join("missing.txt");
    sudoku()
        .arg("solve")
        .arg(&bad)
        .arg(&missing)
        .assert()
        .code(2)
        .stdout("unsolvable\n");
}

#[test]
fn count_exits_0_unless_something_is_malformed_or_unreadable() {
    let input = format!(
        "{}\n{}\n{}\n{TWO}\n{PUZZLE}\n",
        unsolvable(),
        invalid(),
        empty()
    );
    sudoku()
        .args(["solve", "--count"])
        .write_stdin(input.clone())
        .assert()
        .code(0)
        .stdout("0\n0\n1000+\n2\n1\n")
        .stderr(predicate::str::is_empty());
    sudoku()
        .args(["solve", "--count"])
        .write_stdin(format!("{input}oops\n"))
        .assert()
        .code(2);
    sudoku()
        .args(["solve", "--count", "-", "/nonexistent/sudoku/file"])
        .write_stdin(input)
        .assert()
        .code(2);
}

// ---------------------------------------------------------------------
// -q/--quiet.
// ---------------------------------------------------------------------

#[test]
fn quiet_prints_no_records_but_keeps_status_and_errors() {
    let inputs = [
        format!("{PUZZLE}\n"),
        format!("{PUZZLE}\n{}\n", unsolvable()),
        format!("{PUZZLE}\n12x\n{PUZZLE}\n{}\n", unsolvable()),
    ];
    for input in inputs {
        for args in [
            &["solve"][..],
            &["solve", "--unique"],
            &["solve", "--count"],
            &["validate", "--complete"],
        ] {
            for format in ["auto", "line", "grid", "json"] {
                let loud = run(&[args, &["--format", format]].concat(), input.clone());
                for quiet in ["-q", "--quiet"] {
                    let hushed = run(
                        &[args, &["--format", format, quiet]].concat(),
                        input.clone(),
                    );
                    assert_eq!(hushed.stdout, "", "{args:?} {quiet}");
                    assert_eq!(hushed.code, loud.code, "{args:?} {quiet}");
                    assert_eq!(hushed.stderr, loud.stderr, "{args:?} {quiet}");
                }
            }
        }
    }
}

#[test]
fn quiet_still_reports_malformed_input_and_unreadable_files() {
    let dir = temp_dir("quiet_errors");
    let missing = dir.join("missing.txt");
    let got = run(
        &["solve", "-q", "-", missing.to_str().unwrap()],
        format!("{PUZZLE}\n{PUZZLE}x\n"),
    );
    assert_eq!(got.code, 2);
    assert_eq!(got.stdout, "");
    assert_eq!(
        got.stderr_lines(),
        [
            "sudoku: <stdin>:2:82: unexpected character 'x'".to_owned(),
            format!("sudoku: {}: No such file or directory", missing.display()),
        ]
    );
}

// ---------------------------------------------------------------------
// --stats.
// ---------------------------------------------------------------------

#[test]
fn stats_is_one_summary_line_on_stderr_and_changes_nothing_else() {
    let input = format!(
        "{PUZZLE}\n{HARD}\n{}\n{}\n{}",
        unsolvable(),
        invalid(),
        plain_grid(TWO)
    );
    let plain = run(&["solve"], input.clone());
    let stats = run(&["solve", "--stats"], input.clone());
    assert_eq!(stats.stdout, plain.stdout);
    assert_eq!(stats.code, plain.code);
    assert_eq!(stats.code, 1);
    let lines = split_records(
        &plain.stdout,
        &[Look::Line, Look::Line, Look::Line, Look::Line, Look::Grid],
        false,
    );
    assert_solves(PUZZLE, &lines[0]);
    assert_solves(HARD, &lines[1]);
    assert_eq!(lines[2..4], ["unsolvable", "invalid"]);
    assert_solves(TWO, &lines[4]);
    let lines = stats.stderr_lines();
    assert_eq!(lines.len(), 1, "{:?}", stats.stderr);
    let summary = lines[0];
    assert!(summary.starts_with("sudoku: "), "{summary}");
    assert!(summary.contains("5 boards"), "{summary}");
    assert!(summary.contains("3 met"), "{summary}");
    assert!(summary.contains("2 not met"), "{summary}");
    assert!(
        summary.contains(" s,") || summary.contains(" s "),
        "elapsed: {summary}"
    );
    assert!(summary.ends_with("boards/s"), "rate: {summary}");

    // Quiet and stats: only the summary.
    let quiet = run(&["solve", "--stats", "-q"], input);
    assert_eq!(quiet.stdout, "");
    assert_eq!(quiet.stderr_lines().len(), 1);
}

#[test]
fn stats_counts_for_validate_and_an_empty_run() {
    let input = format!("{FULL}\n{PUZZLE}\n{}\n", invalid());
    let got = run(&["validate", "--complete", "--stats"], input);
    assert_eq!(got.stdout, "valid\nincomplete\ninvalid: 5 twice in row 1 (r1c1, r1c2); 5 twice in box 1 (r1c1, r1c2)\n");
    let lines = got.stderr_lines();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].contains("3 boards")
            && lines[0].contains("1 met")
            && lines[0].contains("2 not met")
    );

    let got = run(&["solve", "--stats"], "");
    assert_eq!((got.code, got.stdout.as_str()), (0, ""));
    assert_eq!(got.stderr_lines().len(), 1);
    assert!(got.stderr.contains("0 boards"), "{}", got.stderr);
}

#[test]
fn stats_comes_after_the_error_lines() {
    let got = run(
        &["solve", "--stats"],
        format!("{PUZZLE}\n{PUZZLE}x\n{PUZZLE}\n"),
    );
    assert_eq!(got.code, 2);
    let lines = got.stderr_lines();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0], "sudoku: <stdin>:2:82: unexpected character 'x'");
    assert!(lines[1].contains("3 boards"), "{}", lines[1]);
    assert!(lines[1].contains("2 met"), "{}", lines[1]);
}
