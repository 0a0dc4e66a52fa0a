//! `--puzzle FILE` on `validate` and `hint`: the n-th board of FILE is the
//! puzzle the n-th position came from, and every entry of the position
//! that differs from the puzzle's solution is named (`wrong: r1c1`), never
//! the right digit; givens not kept and puzzles without one solution are
//! said so; FILE is read in step with the positions, a missing or
//! malformed puzzle an `error` record in its position's place.

use crate::common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use common::*;
use serde_json::Value;

/// A small deterministic generator (SplitMix64), so that every run tests
/// the same positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The name of cell `index` (0-80), as records print it.
fn name(index: usize) -> String {
    format!("r{}c{}", index / 9 + 1, index % 9 + 1)
}

/// 30 puzzles of the Sudoku Exchange bank sample, spread over it, each with
/// its solution (solved by the binary, checked by the independent checker).
fn bank() -> Vec<(String, String)> {
    let all = data_puzzles("se_bank_sample.serate.txt");
    let puzzles: Vec<String> = all
        .iter()
        .step_by(all.len() / 30)
        .take(30)
        .cloned()
        .collect();
    assert_eq!(puzzles.len(), 30);
    let solved = run(&["solve", "--unique"], puzzles.join("\n"));
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let solutions = solved.stdout_lines();
    assert_eq!(solutions.len(), 30);
    puzzles
        .iter()
        .zip(solutions)
        .map(|(puzzle, solution)| {
            let puzzle = dotted(puzzle);
            assert_solves(&puzzle, solution);
            (puzzle, solution.to_owned())
        })
        .collect()
}

/// A position of `puzzle`: its givens, and some of the solution's digits
/// in its empty cells (always at least three).
fn progress(puzzle: &str, solution: &str, rng: &mut Rng) -> Vec<u8> {
    let mut cells = puzzle.as_bytes().to_vec();
    let empty: Vec<usize> = (0..81).filter(|&i| cells[i] == b'.').collect();
    let filled = 3 + rng.below(empty.len() - 2);
    let mut order = empty.clone();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    for &cell in &order[..filled] {
        cells[cell] = solution.as_bytes()[cell];
    }
    cells
}

/// `position` with 1-3 of its entries (cells not given in `puzzle`)
/// changed to another digit, which may or may not break a rule; returns
/// the changed cells.
fn spoil(puzzle: &str, position: &mut [u8], rng: &mut Rng) -> BTreeSet<usize> {
    let entries: Vec<usize> = (0..81)
        .filter(|&i| puzzle.as_bytes()[i] == b'.' && position[i] != b'.')
        .collect();
    let count = 1 + rng.below(3);
    let mut changed = BTreeSet::new();
    while changed.len() < count {
        let cell = entries[rng.below(entries.len())];
        if changed.insert(cell) {
            let right = position[cell];
            let mut digit = b'1' + rng.below(9) as u8;
            while digit == right {
                digit = b'1' + rng.below(9) as u8;
            }
            position[cell] = digit;
        }
    }
    changed
}

/// The `wrong: ` record naming `cells`.
fn wrong_record(cells: &BTreeSet<usize>) -> String {
    let names: Vec<String> = cells.iter().map(|&cell| name(cell)).collect();
    format!("wrong: {}", names.join(", "))
}

/// Positions made from the bank's puzzles, each after its puzzle in the
/// lists returned: for every puzzle a correct position, then the same
/// position with 1-3 entries changed (the cells it changed).
struct Cases {
    puzzles: Vec<String>,
    positions: Vec<String>,
    /// Per position, the cells changed (empty for a correct one).
    changed: Vec<BTreeSet<usize>>,
}

fn cases() -> Cases {
    let mut rng = Rng(41);
    let mut cases = Cases {
        puzzles: Vec::new(),
        positions: Vec::new(),
        changed: Vec::new(),
    };
    for (puzzle, solution) in bank() {
        let right = progress(&puzzle, &solution, &mut rng);
        let mut wrong = right.clone();
        let changed = spoil(&puzzle, &mut wrong, &mut rng);
        for (position, changed) in [(right, BTreeSet::new()), (wrong, changed)] {
            cases.puzzles.push(puzzle.clone());
            cases.positions.push(String::from_utf8(position).unwrap());
            cases.changed.push(changed);
        }
    }
    cases
}

/// Writes `lines` to `dir/name`, one board a line.
fn write(dir: &Path, name: &str, lines: &[String]) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

fn path(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn validate_names_every_changed_entry_and_nothing_on_correct_positions() {
    let cases = cases();
    let dir = temp_dir("puzzle_flag_validate");
    let puzzles = write(&dir, "puzzles.txt", &cases.puzzles);
    let positions = write(&dir, "positions.txt", &cases.positions);
    let got = run(
        &["validate", "--puzzle", path(&puzzles), path(&positions)],
        "",
    );
    assert_eq!(got.code, 1, "wrong positions do not meet the request");
    assert_eq!(got.stderr, "");
    let expected: Vec<String> = cases
        .changed
        .iter()
        .map(|changed| match changed.is_empty() {
            true => "valid".to_owned(),
            false => wrong_record(changed),
        })
        .collect();
    assert_eq!(got.stdout_lines(), expected);

    // Correct positions alone: every one valid, exit 0, also when complete.
    let right: Vec<String> = cases.positions.iter().step_by(2).cloned().collect();
    let right_puzzles: Vec<String> = cases.puzzles.iter().step_by(2).cloned().collect();
    let right = write(&dir, "right.txt", &right);
    let right_puzzles = write(&dir, "right-puzzles.txt", &right_puzzles);
    let args = ["validate", "--puzzle", path(&right_puzzles), path(&right)];
    let got = run(&args, "");
    assert_eq!((got.code, got.stdout.clone()), (0, "valid\n".repeat(30)));
    let complete = run(&[&args[..], &["--complete", "--unique"]].concat(), "");
    assert_eq!(complete.stdout, "incomplete\n".repeat(30));

    // The solutions against their puzzles: valid and complete.
    let bank = bank();
    let solutions: Vec<String> = bank.iter().map(|(_, s)| s.clone()).collect();
    let solutions = write(&dir, "solutions.txt", &solutions);
    let got = run(
        &[
            "validate",
            "--complete",
            "--puzzle",
            path(&right_puzzles),
            path(&solutions),
        ],
        "",
    );
    assert_eq!((got.code, got.stdout), (0, "valid\n".repeat(30)));
}

#[test]
fn hint_names_the_wrong_entries_instead_of_a_hint() {
    let cases = cases();
    let dir = temp_dir("puzzle_flag_hint");
    let puzzles = write(&dir, "puzzles.txt", &cases.puzzles);
    let positions = write(&dir, "positions.txt", &cases.positions);
    let got = run(&["hint", "--puzzle", path(&puzzles), path(&positions)], "");
    assert_eq!(got.code, 1);
    let lines = got.stdout_lines();
    assert_eq!(lines.len(), cases.positions.len(), "{}", got.stdout);
    for (i, (line, changed)) in lines.iter().zip(&cases.changed).enumerate() {
        if changed.is_empty() {
            // A hint, as without --puzzle: `1.2  Hidden single ...`.
            let plain = run(&["hint"], cases.positions[i].clone());
            assert_eq!(format!("{line}\n"), plain.stdout, "position {i}");
            assert!(!line.starts_with("wrong"), "position {i}: {line}");
        } else {
            assert_eq!(*line, wrong_record(changed), "position {i}");
        }
    }
}

#[test]
fn json_records_list_the_wrong_cells_and_never_the_right_digit() {
    let cases = cases();
    let dir = temp_dir("puzzle_flag_json");
    let puzzles = write(&dir, "puzzles.txt", &cases.puzzles);
    let positions = write(&dir, "positions.txt", &cases.positions);
    for command in ["validate", "hint"] {
        let args = [command, "--format", "json", "--puzzle", path(&puzzles)];
        let got = run(&[&args[..], &[path(&positions)]].concat(), "");
        assert_eq!(got.code, 1);
        let records: Vec<Value> = got
            .stdout_lines()
            .iter()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(records.len(), cases.positions.len());
        for (i, (record, changed)) in records.iter().zip(&cases.changed).enumerate() {
            assert_eq!(record["puzzle"], cases.positions[i].as_str());
            if changed.is_empty() {
                assert!(record.get("wrong").is_none(), "{command} {i}: {record}");
                let status = if command == "validate" {
                    "valid"
                } else {
                    "hint"
                };
                assert_eq!(record["status"], status, "{command} {i}");
                continue;
            }
            assert_eq!(record["status"], "wrong", "{command} {i}");
            let names: Vec<String> = changed.iter().map(|&c| name(c)).collect();
            assert_eq!(record["wrong"], serde_json::json!(names), "{command} {i}");
            // Nothing that could hold the answer: no step, no solution.
            for key in ["step", "after", "solution"] {
                assert!(record.get(key).is_none(), "{command} {i}: {record}");
            }
            assert_eq!(record.get("conflicts").is_some(), command == "validate");
        }
    }
}

#[test]
fn output_is_the_same_on_any_number_of_threads() {
    let cases = cases();
    let dir = temp_dir("puzzle_flag_jobs");
    let puzzles = write(&dir, "puzzles.txt", &cases.puzzles);
    // One malformed position among them, and one puzzle missing at the end.
    let mut positions = cases.positions.clone();
    positions.insert(7, "12x".to_owned());
    let positions = write(&dir, "positions.txt", &positions);
    for command in ["validate", "hint"] {
        let args = |jobs| {
            let (p, q) = (path(&puzzles), path(&positions));
            run(
                &[command, "-j", jobs, "--format", "json", "--puzzle", p, q],
                "",
            )
        };
        let one = args("1");
        assert_eq!(one.code, 2, "{command}: a malformed board");
        assert_eq!(args("2"), one, "{command}");
        assert_eq!(args("4"), one, "{command}");
        assert_eq!(one.stdout_lines().len(), cases.positions.len() + 1);
    }
}

#[test]
fn changed_givens_are_named_before_any_wrong_entry() {
    let bank = bank();
    let (puzzle, solution) = &bank[0];
    let mut position = puzzle.as_bytes().to_vec();
    let givens: Vec<usize> = (0..81).filter(|&i| position[i] != b'.').collect();
    let empty: Vec<usize> = (0..81).filter(|&i| position[i] == b'.').collect();
    // One given changed, one erased, one entry wrong.
    let (changed, erased, entry) = (givens[3], givens[10], empty[0]);
    position[changed] = if position[changed] == b'9' {
        b'1'
    } else {
        position[changed] + 1
    };
    position[erased] = b'.';
    position[entry] = if solution.as_bytes()[entry] == b'9' {
        b'1'
    } else {
        b'9'
    };
    let position = String::from_utf8(position).unwrap();
    let dir = temp_dir("puzzle_flag_givens");
    let puzzles = write(&dir, "puzzles.txt", std::slice::from_ref(puzzle));
    let (first, second) = if changed < erased {
        (changed, erased)
    } else {
        (erased, changed)
    };
    let expected = format!("givens not kept: {}, {}\n", name(first), name(second));
    for command in ["validate", "hint"] {
        let got = run(&[command, "--puzzle", path(&puzzles)], position.clone());
        assert_eq!((got.code, got.stdout), (1, expected.clone()), "{command}");
        let json = run(
            &[command, "--format", "json", "--puzzle", path(&puzzles)],
            position.clone(),
        );
        let record: Value = serde_json::from_str(json.stdout.trim_end()).unwrap();
        assert_eq!(record["status"], "givens-not-kept");
        assert_eq!(
            record["givens_not_kept"],
            serde_json::json!([name(first), name(second)])
        );
    }
}

#[test]
fn a_puzzle_without_one_solution_is_said_so() {
    let dir = temp_dir("puzzle_flag_improper");
    let puzzles = write(&dir, "puzzles.txt", &[empty(), unsolvable(), invalid()]);
    let positions = format!("{FULL}\n{}\n{}\n", unsolvable(), invalid());
    let got = run(&["validate", "--puzzle", path(&puzzles)], positions.clone());
    assert_eq!(got.code, 1);
    assert_eq!(
        got.stdout,
        "improper puzzle: multiple\nimproper puzzle: unsolvable\nimproper puzzle: invalid\n"
    );
    let json = run(
        &["hint", "--format", "json", "--puzzle", path(&puzzles)],
        positions,
    );
    let statuses: Vec<(Value, Value)> = json
        .stdout_lines()
        .iter()
        .map(|line| {
            let record: Value = serde_json::from_str(line).unwrap();
            (record["status"].clone(), record["puzzle_status"].clone())
        })
        .collect();
    let expected =
        ["multiple", "unsolvable", "invalid"].map(|s| ("improper-puzzle".into(), s.into()));
    assert_eq!(statuses, expected);
}

#[test]
fn positions_beyond_the_puzzle_file_are_errors_and_the_run_goes_on() {
    let dir = temp_dir("puzzle_flag_count");
    let puzzles = write(&dir, "puzzles.txt", &[PUZZLE.to_owned(), "1.2".to_owned()]);
    let positions = format!("{PUZZLE}\n{PUZZLE}\n{PUZZLE}\n{PUZZLE}\n");
    let got = run(&["validate", "--puzzle", path(&puzzles)], positions.clone());
    assert_eq!(got.code, 2, "malformed or missing puzzles: exit 2");
    assert_eq!(got.stdout, "valid\nerror\nerror\nerror\n");
    let puzzles_name = path(&puzzles);
    assert_eq!(
        got.stderr_lines(),
        [
            format!("sudoku: {puzzles_name}:2: expected 9 cells in a grid row, found 3"),
            "sudoku: <stdin>:3: no puzzle for this board: the puzzle file has 2 boards".to_owned(),
            "sudoku: <stdin>:4: no puzzle for this board: the puzzle file has 2 boards".to_owned(),
        ]
    );
    let json = run(
        &["validate", "--format", "json", "--puzzle", puzzles_name],
        positions,
    );
    let records: Vec<Value> = json
        .stdout_lines()
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records[1]["source"], puzzles_name, "the puzzle's own error");
    assert_eq!(records[1]["line"], 2);
    assert_eq!(records[2]["source"], "<stdin>");
    assert_eq!(records[2]["line"], 3);
    assert_eq!(records[2]["status"], "error");
    assert_eq!(
        records[3]["error"],
        "no puzzle for this board: the puzzle file has 2 boards"
    );

    // More puzzles than positions: the rest are not read.
    let got = run(
        &["validate", "--puzzle", puzzles_name],
        format!("{PUZZLE}\n"),
    );
    assert_eq!(
        (got.code, got.stdout.as_str(), got.stderr.as_str()),
        (0, "valid\n", "")
    );

    // A malformed position keeps its place: the next one takes the next puzzle.
    let puzzles = write(&dir, "two.txt", &[empty(), PUZZLE.to_owned()]);
    let got = run(
        &["validate", "--puzzle", path(&puzzles)],
        format!("12x\n{}\n", PUZZLE.replacen('.', "1", 1)),
    );
    assert_eq!((got.code, got.stdout.as_str()), (2, "error\nwrong: r1c3\n"));
}

#[test]
fn an_unreadable_puzzle_file_leaves_every_position_unpaired() {
    let got = run(
        &["hint", "--puzzle", "no-such-puzzles.txt"],
        format!("{PUZZLE}\n{PUZZLE}\n"),
    );
    assert_eq!(got.code, 2);
    assert_eq!(got.stdout, "error\nerror\n");
    let lines = got.stderr_lines();
    assert_eq!(
        lines[0],
        "sudoku: no-such-puzzles.txt: No such file or directory"
    );
    assert_eq!(
        lines[1],
        "sudoku: <stdin>:1: no puzzle for this board: the puzzle file has 0 boards"
    );
}

#[test]
fn puzzles_may_come_from_standard_input_but_not_both() {
    let dir = temp_dir("puzzle_flag_stdin");
    let wrong = PUZZLE.replacen('.', "1", 1);
    let positions = write(&dir, "positions.txt", &[wrong, PUZZLE.to_owned()]);
    let got = run(
        &["validate", "--puzzle", "-", path(&positions)],
        format!("{PUZZLE}\n{PUZZLE}\n"),
    );
    assert_eq!((got.code, got.stdout.as_str()), (1, "wrong: r1c3\nvalid\n"));
    let both = run(&["hint", "--puzzle", "-"], format!("{PUZZLE}\n"));
    assert_eq!(both.code, 2);
    assert!(both.stderr.contains("--puzzle -"), "{}", both.stderr);
    assert_eq!(both.stdout, "");
}

#[test]
fn other_commands_take_no_puzzle_file() {
    for command in ["solve", "rate", "explain", "canon", "transform"] {
        let got = run(&[command, "--puzzle", "p.txt"], format!("{PUZZLE}\n"));
        assert_eq!(got.code, 2, "{command}");
    }
}
