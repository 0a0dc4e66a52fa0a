//! Labels after a board (the contract's "Labels after a board"): kept, not
//! read as cells, and carried by every record: after a tab on a record of
//! one line, on a `# LABEL` line before a grid or an explanation, as
//! `label` in JSON and on HTML sections.

use crate::common;

use std::fs;

use common::*;

/// Runs `args` on `stdin` and returns stdout as bytes (labels need not be
/// UTF-8), with the exit code.
fn run_bytes(args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>) {
    let output = sudoku().args(args).write_stdin(stdin).output().unwrap();
    (output.status.code().unwrap(), output.stdout)
}

#[test]
fn every_separator_gives_a_label_on_the_record_line() {
    let input = format!(
        "{PUZZLE} 7.2\n{PUZZLE}\t7.2\n{PUZZLE};10.3/1.2/1.2;champagne\n\
         {PUZZLE}  # from the forum\n{PUZZLE},{FULL}\n{PUZZLE} ;\n{PUZZLE}\n"
    );
    let got = run(&["solve"], input.clone());
    assert_eq!(got.code, 0, "{}", got.stderr);
    let labels = [
        "\t7.2",
        "\t7.2",
        "\t10.3/1.2/1.2;champagne",
        "\tfrom the forum",
        &format!("\t{FULL}"),
        "",
        "",
    ];
    let expected: String = labels.iter().map(|l| format!("{FULL}{l}\n")).collect();
    assert_eq!(got.stdout, expected);
    // Words and counts carry it the same way, whatever -j is.
    let validate = run(&["validate", "-j", "1"], input.clone()).stdout;
    assert_eq!(
        validate,
        run(&["validate", "-j", "2"], input.clone()).stdout
    );
    assert!(
        validate.starts_with("valid\t7.2\nvalid\t7.2\n"),
        "{validate}"
    );
    let counted = run(&["solve", "--count", "-j", "2"], input).stdout;
    assert!(counted.starts_with("1\t7.2\n"), "{counted}");
}

#[test]
fn json_grid_and_explanations_carry_the_label() {
    let input = format!("{PUZZLE} # from the forum\n");
    let json = run(&["solve", "--format", "json"], input.clone()).stdout;
    let record: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(record["label"], "from the forum");
    assert_eq!(record["solution"], FULL);
    let unlabelled = run(&["solve", "--format", "json"], format!("{PUZZLE}\n")).stdout;
    assert!(!unlabelled.contains("label"), "{unlabelled}");

    // A grid: the label on a comment line before it, so it reads back.
    let grid = run(&["solve", "--format", "grid"], input.clone()).stdout;
    assert!(
        grid.starts_with("# from the forum\n5 3 4 | 6 7 8 | 9 1 2\n"),
        "{grid}"
    );
    let again = run(&["solve", "--format", "line"], grid).stdout;
    assert_eq!(again, format!("{FULL}\n"));

    // An explanation spans lines: the label comes first.
    let explained = run(&["explain"], input.clone()).stdout;
    assert!(
        explained.starts_with("# from the forum\n1.2/1.2/1.2\n"),
        "{explained}"
    );

    // HTML: an attribute and the heading.
    let page = run(&["solve", "--format", "html"], input).stdout;
    assert!(page.contains(" data-label=\"from the forum\""), "{page}");
}

#[test]
fn pencilmark_lines_take_labels_too() {
    let marks: String = PUZZLE
        .bytes()
        .flat_map(|b| (b'1'..=b'9').map(move |d| if b == b'.' || b == d { d as char } else { '.' }))
        .collect();
    let spaced = marks
        .as_bytes()
        .chunks(9)
        .map(|group| std::str::from_utf8(group).unwrap())
        .collect::<Vec<_>>()
        .join(" ");
    let input = format!("{marks} first\n{spaced}\n{spaced};second\n");
    let got = run(&["solve", "-j", "2"], input);
    assert_eq!(
        got.stdout,
        format!("{FULL}\tfirst\n{FULL}\n{FULL}\tsecond\n")
    );
}

#[test]
fn a_label_that_is_not_utf8_is_kept_byte_for_byte() {
    let input = [format!("{PUZZLE} ").as_bytes(), b"caf\xe9 \xff\n"].concat();
    let (code, line) = run_bytes(&["solve"], &input);
    assert_eq!(code, 0);
    assert_eq!(
        line,
        [format!("{FULL}\t").as_bytes(), b"caf\xe9 \xff\n"].concat()
    );
    let (_, json) = run_bytes(&["solve", "--format", "json"], &input);
    let record: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(record["label"], "caf\u{fffd} \u{fffd}");
}

#[test]
fn what_is_not_a_label_stays_malformed() {
    for (line, error) in [
        (
            format!("{PUZZLE}5"),
            "expected 81 or 729 cells on a line, found 82",
        ),
        (format!("{PUZZLE}x 7.2"), ":82: unexpected character 'x'"),
        (
            format!("{}#{}", &PUZZLE[..40], &PUZZLE[40..]),
            ":41: unexpected character '#'",
        ),
    ] {
        let got = run(&["solve"], format!("{line}\n"));
        assert_eq!((got.code, got.stdout.as_str()), (2, "error\n"), "{line}");
        assert!(got.stderr.contains(error), "{line}: {}", got.stderr);
    }
}

/// A collector's list keeps its labels: the bank lines `PUZZLE ER/EP/ED`
/// rated give `ER/EP/ED<TAB>ER/EP/ED`, and Kaggle's `puzzle,solution` rows
/// solved give `SOLUTION<TAB>SOLUTION`: each record's two halves agree.
#[test]
fn labelled_lists_stay_lists_and_agree_with_their_labels() {
    let bank = fs::read_to_string(data("se_bank_sample.serate.txt")).unwrap();
    let sample: String = bank.lines().step_by(20).map(|l| format!("{l}\n")).collect();
    let rated = run(&["rate"], sample.clone());
    assert_eq!(rated.code, 0, "{}", rated.stderr);
    let lines: Vec<&str> = rated.stdout.lines().collect();
    assert_eq!(lines.len(), sample.lines().count());
    assert_eq!(lines.len(), 100);
    for line in lines {
        let (rating, label) = line.split_once('\t').expect("a label");
        assert_eq!(rating, label);
    }

    let kaggle = fs::read_to_string(data("kaggle_first1000.csv")).unwrap();
    let solved = run(&["solve"], kaggle);
    // The header row is no board.
    assert_eq!(solved.code, 2);
    let mut rows = solved.stdout.lines();
    assert_eq!(rows.next(), Some("error"));
    let mut count = 0;
    for row in rows {
        let (solution, label) = row.split_once('\t').expect("a label");
        assert_eq!(solution, label);
        count += 1;
    }
    assert_eq!(count, 1000);
}
