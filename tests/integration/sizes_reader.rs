//! Lines whose size cannot be told (the contract's "Every size and the
//! common variants", Sizes: "A line whose size cannot be told is
//! malformed, with a message that says what to add"): each is an `error`
//! record and one stderr line `sudoku: SOURCE:LINE[:COL]: message` naming
//! the `--size` or `--symbols` that reads it, and adding it does.

use crate::common;

use common::*;
use serde_json::Value;

/// The symbols of the default alphabet, value 1 first.
const ALPHABET: &[u8] = b"123456789ABCDEFGHIJKLMNOP";

/// A solved N x N board (N = R x C, boxes of R rows and C columns), row by
/// row, as values from 1.
fn solved(rows: usize, columns: usize) -> Vec<Vec<usize>> {
    let n = rows * columns;
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| (r % rows * columns + r / rows + c) % n + 1)
                .collect()
        })
        .collect()
}

/// `board` one row a line in the default symbols.
fn symbol_rows(board: &[Vec<usize>]) -> String {
    board
        .iter()
        .map(|row| {
            let symbols: String = row.iter().map(|&v| char::from(ALPHABET[v - 1])).collect();
            format!("{symbols}\n")
        })
        .collect()
}

/// `board` one row a line as numbers (`[1, 2, 16, ...],`).
fn number_rows(board: &[Vec<usize>]) -> String {
    board
        .iter()
        .map(|row| {
            let numbers: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            format!("[{}],\n", numbers.join(", "))
        })
        .collect()
}

/// Checks that every stderr line of `run` is `sudoku: <stdin>:LINE:COL: `
/// and ends with `hint`, and that there is one per `error` record.
fn assert_hinted(run: &Run, hint: &str) {
    assert_eq!(run.code, 2, "{run:?}");
    let errors = run.stdout_lines().iter().filter(|l| **l == "error").count();
    assert!(errors > 0, "{run:?}");
    assert_eq!(run.stderr_lines().len(), errors, "{run:?}");
    for line in run.stderr_lines() {
        let rest = line.strip_prefix("sudoku: <stdin>:").expect(line);
        let mut parts = rest.splitn(3, ':');
        let line_number: u64 = parts.next().unwrap().parse().expect(line);
        let column: u64 = parts.next().unwrap().parse().expect(line);
        assert!(line_number >= 1 && column >= 1, "{line}");
        assert!(line.ends_with(hint), "{line} should end with {hint}");
    }
}

#[test]
fn a_sixteen_by_sixteen_grid_one_row_a_line_names_size_16() {
    let board = solved(4, 4);
    let size = "a 16x16 grid written one row a line needs --size 16";
    // Written with letters, the rows may be in other symbols too; written
    // as numbers, only a 16x16 grid is left.
    let letters = format!("({size}; other symbols need --symbols)");
    let numbers = format!("({size})");
    for (text, hint) in [
        (symbol_rows(&board), letters),
        (number_rows(&board), numbers),
    ] {
        // Every row holds a digit above 4: no 4x4 board, a 16x16 row.
        let untold = run(&["validate"], text.as_str());
        assert_eq!(untold.stdout_lines(), ["error"; 16], "{untold:?}");
        assert_hinted(&untold, &hint);
        // The first row, 1 to 16, is cited at its 16.
        let first = untold.stderr_lines()[0];
        assert!(
            first.starts_with("sudoku: <stdin>:1:")
                && first.contains(": a 4x4 board has no digit 16 "),
            "{first}"
        );
        let told = run(&["validate", "--size", "16"], text.as_str());
        assert_eq!(
            (told.code, told.stdout.as_str()),
            (0, "valid\n"),
            "{told:?}"
        );
    }
}

#[test]
fn a_twenty_five_by_twenty_five_grid_one_row_a_line_names_size_25() {
    let text = symbol_rows(&solved(5, 5));
    let untold = run(&["validate"], text.as_str());
    assert_eq!(untold.stdout_lines(), ["error"; 25], "{untold:?}");
    // Its rows are written with letters too: other symbols are named.
    assert_hinted(
        &untold,
        "(a 25x25 grid written one row a line needs --size 25; \
         other symbols need --symbols)",
    );
    let told = run(&["validate", "--size", "25"], text.as_str());
    assert_eq!(
        (told.code, told.stdout.as_str()),
        (0, "valid\n"),
        "{told:?}"
    );
}

#[test]
fn a_grid_whose_first_row_disagrees_with_its_second_names_the_size() {
    let dir = temp_dir("sizes_reader_first_row");
    let path = dir.join("eight.txt");
    // An 8x8 grid whose first row lost two cells.
    let rows = symbol_rows(&solved(2, 4));
    let mut lines: Vec<&str> = rows.lines().collect();
    lines[0] = &lines[0][..6];
    std::fs::write(&path, format!("{}\n", lines.join("\n"))).unwrap();
    let file = path.to_str().unwrap();
    let untold = run(&["validate", "--format", "json", file], "");
    assert_eq!(untold.code, 2, "{untold:?}");
    let message = "expected 6 cells in a grid row, found 8 \
                   (the first row made the grid 6x6: add --size 8 for rows of 8 cells)";
    // The 6x6 grid takes six lines; the last two are a grid cut short.
    assert_eq!(
        untold.stderr_lines(),
        [
            format!("sudoku: {file}:2: {message}"),
            format!("sudoku: {file}:7: grid cut short after 2 of 8 rows"),
        ]
    );
    let record: Value = serde_json::from_str(untold.stdout_lines()[0]).unwrap();
    assert_eq!(record["status"], "error");
    assert_eq!(record["line"], 1);
    assert_eq!(record["error"], message);
    // With the size named, the short row is the one cited.
    let told = run(&["validate", "--size", "8", file], "");
    assert_eq!(
        told.stderr_lines(),
        [format!(
            "sudoku: {file}:1: expected 8 cells in a grid row, found 6"
        )]
    );
    // A row that disagrees later, or a count that is no size, leaves the
    // size as the first row told it.
    let later = run(&["validate"], "123456\n456123\n12345678\n");
    assert_eq!(
        later.stderr_lines(),
        ["sudoku: <stdin>:3: expected 6 cells in a grid row, found 8"]
    );
    let short = run(&["validate"], "123456\n123\n");
    assert_eq!(
        short.stderr_lines(),
        ["sudoku: <stdin>:2: expected 6 cells in a grid row, found 3"]
    );
}

#[test]
fn letters_above_a_size_the_line_gave_name_symbols() {
    // A 4x4 board written with the letters A-D: 16 cells make a 4x4 board,
    // whose digits are 1-4; a row of a 16x16 grid is possible too.
    let words = "ABCDCDABBADCDCBA";
    let untold = run(&["validate"], format!("{words}\n"));
    assert_eq!(
        untold.stderr_lines(),
        [
            "sudoku: <stdin>:1:4: a 4x4 board has no digit 13 (a 16x16 grid written \
          one row a line needs --size 16; other symbols need --symbols)"
        ]
    );
    let told = run(&["validate", "--symbols", "ABCD"], format!("{words}\n"));
    assert_eq!(
        (told.code, told.stdout.as_str()),
        (0, "valid\n"),
        "{told:?}"
    );
    // 36 cells can only be a 6x6 board: a letter names --symbols alone.
    let six: String = symbol_rows(&solved(2, 3))
        .bytes()
        .filter(|b| *b != b'\n')
        .map(|b| char::from(b"ABCDEF"[usize::from(b - b'1')]))
        .collect();
    let untold = run(&["validate"], format!("{six}\n"));
    assert_eq!(
        untold.stderr_lines(),
        ["sudoku: <stdin>:1:6: a 6x6 board has no digit 15 (other symbols need --symbols)"]
    );
    let told = run(&["validate", "--symbols", "ABCDEF"], format!("{six}\n"));
    assert_eq!(
        (told.code, told.stdout.as_str()),
        (0, "valid\n"),
        "{told:?}"
    );
}

#[test]
fn a_size_that_is_told_gets_no_hint() {
    // --size 4: the 16 cells are a 4x4 board, so a 16 is just wrong.
    let told = run(&["validate", "--size", "4"], "12343412214343G1\n");
    assert_eq!(
        told.stderr_lines(),
        ["sudoku: <stdin>:1:15: a 4x4 board has no digit 16"]
    );
    // 36 cells are a 6x6 board whatever they hold: a 7 is just wrong.
    let seven = "723456456123231564564231312645645312";
    let wrong = run(&["validate"], format!("{seven}\n"));
    assert_eq!(
        wrong.stderr_lines(),
        ["sudoku: <stdin>:1:1: a 6x6 board has no digit 7"]
    );
    // Classic boards and grids read and fail as before.
    let classic = run(&["validate"], "123456789\n12345678\n");
    assert_eq!(
        classic.stderr_lines(),
        ["sudoku: <stdin>:2: expected 9 cells in a grid row, found 8"]
    );
}

#[test]
fn boards_of_another_size_after_a_malformed_line_are_each_answered() {
    // Nothing lost: a malformed short line began what might be a 9x9
    // grid, and the 4x4 boards after it went into its one error.
    let board = ".".repeat(16);
    let input = format!("{board}\n..x\n\n{board}\n{board}\n");
    let counted = run(&["solve", "--count", "--format", "json"], input);
    let lines: Vec<u64> = counted
        .stdout_lines()
        .iter()
        .map(|line| {
            serde_json::from_str::<Value>(line).unwrap()["line"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(lines, [1, 2, 4, 5]);
    assert_eq!(
        counted.stderr_lines(),
        ["sudoku: <stdin>:2:3: unexpected character 'x'"]
    );
    assert_eq!(counted.stdout.matches("\"solutions\":288").count(), 3);
}
