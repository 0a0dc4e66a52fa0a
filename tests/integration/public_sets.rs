//! Correctness against published facts, on the public sets committed in
//! `tests/data/` (slices of them; see tests/data/SOURCES.md): every puzzle
//! of the sets published as proper (17-clue, top1465, the forum's hardest)
//! is solved with `--unique` and every answer is checked by the independent
//! checker; every board of Serg's benchmark has two or more solutions;
//! Kaggle's puzzles solve to exactly the solutions the CSV publishes. A
//! missing data file fails the test. Besides: LeetCode 37's published
//! answer, and a board with exactly two known solutions.
//!
//! Run alone with `cargo test --test integration public_sets::`.

use crate::common;

use std::fs;
use std::path::PathBuf;

use common::*;

/// Solves every puzzle of `tests/data/{name}` (`expected` of them) and
/// checks each answer.
fn solve_set(name: &str, expected: usize) {
    let path = data(name);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let puzzles: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(puzzles.len(), expected, "{name}: puzzles");
    let output = sudoku()
        .args(["solve", "--unique", "--format", "line"])
        .arg(&path)
        .timeout(std::time::Duration::from_secs(3600))
        .output()
        .unwrap();
    assert!(
        output.stderr.is_empty(),
        "{name}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(0), "{name}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        answers.len(),
        puzzles.len(),
        "{name}: one record per puzzle"
    );
    for (i, (puzzle, answer)) in puzzles.iter().zip(&answers).enumerate() {
        if let Err(why) = check_solution(puzzle, answer) {
            panic!("{name}: puzzle {} ({puzzle}): {why}", i + 1);
        }
    }
    eprintln!("{name}: {} puzzles solved and checked", puzzles.len());
}

#[test]
fn published_sets_are_solved_uniquely_and_correctly() {
    for (name, puzzles) in [
        ("17_clue_every10th.txt", 4_916),
        ("magictour_top1465.txt", 1_465),
        ("forum_hardest_1106.txt", 375),
        ("forum_hardest_1905_11+_every10th.txt", 4_877),
    ] {
        solve_set(name, puzzles);
    }
}

#[test]
fn every_board_of_serg_benchmark_has_two_or_more_solutions() {
    let path = data("serg_benchmark_every5th.txt");
    let output = sudoku()
        .args(["solve", "--count", "--limit", "2"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 2_000);
    assert!(
        stdout.lines().all(|l| l == "2+"),
        "a board with fewer than 2"
    );
    let output = sudoku()
        .args(["validate", "--unique", "-q"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "none is a proper puzzle");
    // A sample of them, with the tests' own counter.
    let text = fs::read_to_string(&path).unwrap();
    let boards: Vec<&str> = text.lines().filter(|l| l.len() == 81).collect();
    assert_eq!(boards.len(), 2_000);
    let mut checked = 0;
    for board in boards.iter().step_by(100) {
        assert!(count_solutions(board, 2) >= 2, "{board}");
        checked += 1;
    }
    assert_eq!(checked, 20);
}

#[test]
fn kaggle_puzzles_solve_to_their_published_solutions() {
    let text = fs::read_to_string(data("kaggle_first1000.csv")).unwrap();
    let rows: Vec<(&str, &str)> = text
        .lines()
        .skip(1)
        .map(|row| row.split_once(',').expect("puzzle,solution"))
        .collect();
    assert_eq!(rows.len(), 1_000);
    let input: String = rows
        .iter()
        .map(|(puzzle, _)| format!("{puzzle}\n"))
        .collect();
    let got = run(&["solve", "--unique"], input);
    assert_eq!((got.code, got.stderr.as_str()), (0, ""));
    let answers = got.stdout_lines();
    assert_eq!(answers.len(), rows.len());
    for (i, ((puzzle, published), answer)) in rows.iter().zip(&answers).enumerate() {
        assert_eq!(answer, published, "row {}: {puzzle}", i + 2);
    }
}

/// LeetCode 37's published output for its example board.
const LEETCODE_37_ANSWER: [&str; 9] = [
    "534678912",
    "672195348",
    "198342567",
    "859761423",
    "426853791",
    "713924856",
    "961537284",
    "287419635",
    "345286179",
];

#[test]
fn the_leetcode_example_has_the_published_unique_solution() {
    let answer = LEETCODE_37_ANSWER.concat();
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("puzzles/leetcode37.txt");
    let output = sudoku()
        .args(["solve", "--unique", "--format", "line"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        stdout,
        format!("{answer}\n{answer}\n"),
        "both forms of the board"
    );
    let got = run(&["solve", "--count"], format!("{PUZZLE}\n"));
    assert_eq!(got.stdout, "1\n");
}

#[test]
fn a_board_with_exactly_two_solutions_gives_one_of_the_two() {
    // TWO empties a deadly rectangle of LeetCode's answer: its solutions are
    // that answer and the answer with the rectangle's 1s and 3s swapped.
    let answer = LEETCODE_37_ANSWER.concat();
    let swapped: String = answer
        .char_indices()
        .map(|(i, c)| match (i, c) {
            (32 | 35 | 41 | 44, '1') => '3',
            (32 | 35 | 41 | 44, '3') => '1',
            _ => c,
        })
        .collect();
    assert_ne!(swapped, answer);
    for solution in [&answer, &swapped] {
        assert_solves(TWO, solution);
    }
    let got = run(&["solve", "--count"], format!("{TWO}\n"));
    assert_eq!(got.stdout, "2\n");
    let got = run(&["solve"], format!("{TWO}\n"));
    let found = got.stdout.trim_end();
    assert!(found == answer || found == swapped, "{found}");
    assert_eq!(count_solutions(TWO, 5), 2);
}
