//! `rate`, `explain` and `hint` through the command line: records, statuses,
//! formats, JSON keys and exit codes as the contract's "Puzzle-maker
//! commands" section states them. Every explained solution is checked by
//! the independent checker, and every step of `explain --format json` is
//! replayed here on a candidate grid written for this test.

use crate::common;

use common::*;
use serde_json::Value;

/// A bank puzzle SE rates 2.6/1.2/1.2 (pointing); used as a fixture.
const POINTING: &str =
    "....927...71.8..4.8......3.5..8.3...61.....89...9.1..6.6......4.4..3.82...924....";

/// A bank puzzle SE rates 3.2/1.2/1.2 (X-wings).
const X_WING: &str =
    "..3......58..7..9.6...425.19......5....634....1......82.718...3.6..9..14......7..";

/// A bank puzzle SE rates 6.6/1.2/1.2 (a forcing chain).
const CHAINS: &str =
    ".7.9.2.3.3.......1..93.65.....2.4....84.7.29.6.......3....8.....4.129.8....4.7...";

fn lines(run: &Run) -> Vec<&str> {
    run.stdout_lines()
}

#[test]
fn rate_prints_er_ep_ed_and_turns_away_improper_boards() {
    let input = format!("{PUZZLE}\n{}\n{TWO}\n{}\n", unsolvable(), invalid());
    let run = run(&["rate"], input);
    assert_eq!(
        lines(&run),
        ["1.2/1.2/1.2", "unsolvable", "multiple", "invalid"]
    );
    assert_eq!(run.code, 1, "improper boards are not met");
    assert_eq!(run.stderr, "");

    let run = common::run(&["rate"], format!("{PUZZLE}\n{FULL}\n"));
    assert_eq!(lines(&run), ["1.2/1.2/1.2", "0.0/0.0/0.0"]);
    assert_eq!(run.code, 0);
}

#[test]
fn rate_keeps_going_after_a_malformed_board() {
    let run = run(&["rate"], format!("{PUZZLE}x\n{PUZZLE}\n"));
    assert_eq!(lines(&run), ["error", "1.2/1.2/1.2"]);
    assert_eq!(run.code, 2);
    assert!(run
        .stderr
        .starts_with("sudoku: <stdin>:1:82: unexpected character 'x'"));
}

#[test]
fn rate_json_has_the_numbers_and_the_hardest_technique() {
    let run = run(
        &["rate", "--format", "json"],
        format!("{POINTING}\n{}\n", invalid()),
    );
    let records: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records[0]["status"], "rated");
    assert_eq!(records[0]["er"], 2.6);
    assert_eq!(records[0]["ep"], 1.2);
    assert_eq!(records[0]["ed"], 1.2);
    assert_eq!(records[0]["hardest"], "Pointing");
    assert_eq!(records[0]["scale"], "SE 1.15.10");
    assert_eq!(records[0]["puzzle"], POINTING);
    assert_eq!(records[1]["status"], "invalid");
    assert_eq!(records[1]["conflicts"].as_array().unwrap().len(), 2);
    assert!(records[1].get("er").is_none());
    assert!(records[1].get("scale").is_none(), "no rating, no scale");
    // explain's records carry the scale with their rating too.
    let explained = common::run(&["explain", "--format", "json"], format!("{POINTING}\n"));
    let record: Value = serde_json::from_str(explained.stdout.trim_end()).unwrap();
    assert_eq!(record["scale"], "SE 1.15.10");
}

#[test]
fn grid_input_rates_on_one_line_and_grid_format_separates_records() {
    let run = run(&["rate"], plain_grid(PUZZLE));
    assert_eq!(run.stdout, "1.2/1.2/1.2\n");
    let run = common::run(
        &["rate", "--format", "grid"],
        format!("{PUZZLE}\n{PUZZLE}\n"),
    );
    assert_eq!(run.stdout, "1.2/1.2/1.2\n\n1.2/1.2/1.2\n");
}

#[test]
fn explain_prints_the_rating_the_steps_and_a_checked_solution() {
    let run = run(&["explain"], format!("{POINTING}\n{}\n", unsolvable()));
    let records: Vec<&str> = run.stdout.split("\n\n").collect();
    assert_eq!(records.len(), 2, "one blank line between records");
    assert_eq!(records[1], "unsolvable\n");
    let record: Vec<&str> = records[0].lines().collect();
    assert_eq!(record[0], "2.6/1.2/1.2", "the same numbers as rate");
    let solution = record.last().unwrap();
    assert_solves(POINTING, solution);
    let steps = &record[1..record.len() - 1];
    assert!(steps.len() > 40, "every step is listed");
    for step in steps {
        let (rating, text) = step.split_once("  ").expect("difficulty, two spaces");
        let rating: f64 = rating.parse().expect("a difficulty");
        assert!((1.0..=2.6).contains(&rating), "no step above ER: {step}");
        assert!(text.contains(": r"), "{step}");
    }
    assert!(steps.iter().any(|s| s.starts_with("2.6  Pointing (")));
    assert_eq!(run.code, 1);
}

/// Replays JSON steps on a candidate grid kept by this test alone.
struct Replay {
    candidates: [u16; 81],
    values: [u8; 81],
}

impl Replay {
    fn new(puzzle: &str) -> Replay {
        let givens = cells(puzzle);
        let mut replay = Replay {
            candidates: [0x1ff; 81],
            values: [0; 81],
        };
        for (cell, &digit) in givens.iter().enumerate() {
            if digit != 0 {
                replay.place(cell, digit);
            }
        }
        replay
    }

    fn place(&mut self, cell: usize, digit: u8) {
        assert!(
            self.candidates[cell] >> (digit - 1) & 1 == 1,
            "placing a removed candidate"
        );
        self.values[cell] = digit;
        self.candidates[cell] = 0;
        for other in 0..81 {
            let (r, c, or, oc) = (cell / 9, cell % 9, other / 9, other % 9);
            if r == or || c == oc || (r / 3 == or / 3 && c / 3 == oc / 3) {
                self.candidates[other] &= !(1 << (digit - 1));
            }
        }
    }
}

fn cell_index(name: &str) -> usize {
    let bytes = name.as_bytes();
    usize::from(bytes[1] - b'1') * 9 + usize::from(bytes[3] - b'1')
}

/// Checks each step of an `explain --format json` record against the
/// solution and replays them; returns the number of steps.
fn replay_explanation(record: &Value) -> usize {
    let puzzle = record["puzzle"].as_str().unwrap();
    let solution = cells(record["solution"].as_str().unwrap());
    let mut replay = Replay::new(puzzle);
    let steps = record["steps"].as_array().unwrap();
    let mut er: f64 = 0.0;
    for step in steps {
        er = er.max(step["rating"].as_f64().unwrap());
        for pair in step["eliminated"].as_array().unwrap() {
            let cell = cell_index(pair[0].as_str().unwrap());
            let digit = pair[1].as_u64().unwrap() as u8;
            assert_ne!(solution[cell], digit, "{step} removes the solution's digit");
            replay.candidates[cell] &= !(1 << (digit - 1));
        }
        for pair in step["placed"].as_array().unwrap() {
            let cell = cell_index(pair[0].as_str().unwrap());
            let digit = pair[1].as_u64().unwrap() as u8;
            assert_eq!(solution[cell], digit, "{step} places a wrong digit");
            replay.place(cell, digit);
        }
    }
    if record["er"].as_f64().unwrap() < 20.0 {
        assert_eq!(
            replay.values.to_vec(),
            solution,
            "the steps solve the board"
        );
        assert_eq!(record["er"].as_f64().unwrap(), er, "ER is the hardest step");
        assert_eq!(
            record["ed"].as_f64().unwrap(),
            steps[0]["rating"].as_f64().unwrap()
        );
    }
    steps.len()
}

#[test]
fn explain_json_steps_are_sound_and_solve_the_puzzle() {
    let input = format!("{POINTING}\n{PUZZLE}\n{X_WING}\n{CHAINS}\n");
    let run = run(&["explain", "--format", "json"], input);
    let mut replayed = 0;
    for line in run.stdout.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["status"], "rated");
        assert_solves(
            record["puzzle"].as_str().unwrap(),
            record["solution"].as_str().unwrap(),
        );
        replay_explanation(&record);
        replayed += 1;
    }
    assert_eq!(replayed, 4);
}

#[test]
fn explain_output_does_not_depend_on_jobs() {
    let input = format!("{POINTING}\n{PUZZLE}\n{}\n{TWO}\n{CHAINS}\n", invalid()).repeat(5);
    let one = run(&["explain", "-j", "1"], input.clone());
    let two = run(&["explain", "-j", "2"], input);
    assert_eq!(one, two);
}

#[test]
fn hint_gives_the_next_step_or_says_what_is_wrong() {
    let two_fives = ".".repeat(78);
    let input = format!(
        "{PUZZLE}\n5.5{two_fives}\n{}\n{TWO}\n{FULL}\n",
        unsolvable()
    );
    let run = run(&["hint"], input);
    assert_eq!(
        lines(&run),
        [
            "1.2  Hidden single in box 2: r1c6=8",
            "invalid: 5 twice in row 1 (r1c1, r1c3); 5 twice in box 1 (r1c1, r1c3)",
            "unsolvable",
            "multiple",
            "solved",
        ]
    );
    assert_eq!(run.code, 1);
}

#[test]
fn hint_reads_a_board_in_progress() {
    // LeetCode 37 with r1c6=8 already entered: the next step moves on.
    let played = format!("{}8{}", &PUZZLE[..5], &PUZZLE[6..]);
    let run = run(&["hint", "--format", "json"], format!("{played}\n"));
    let record: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(record["status"], "hint");
    let step = &record["step"];
    assert_eq!(step["rating"], 1.2);
    assert_eq!(step["technique"], "Hidden single in box");
    let placed = step["placed"].as_array().unwrap();
    assert_eq!(placed.len(), 1);
    assert_ne!(placed[0][0], "r1c6");
    let text = step["text"].as_str().unwrap();
    assert!(text.starts_with("Hidden single in box "), "{text}");
    assert_eq!(run.code, 0);
}

/// The 729-cell pencilmark line of `board` with every digit marked in each
/// empty cell, less `erase` (cell, digit) marks.
fn marks_line(board: &str, erase: &[(usize, u8)]) -> String {
    let mut line = String::new();
    for (cell, byte) in board.bytes().enumerate() {
        for digit in 1..=9u8 {
            let marked = match byte {
                b'1'..=b'9' => byte - b'0' == digit,
                _ => !erase.contains(&(cell, digit)),
            };
            line.push(if marked {
                char::from(b'0' + digit)
            } else {
                '.'
            });
        }
    }
    line
}

#[test]
fn hint_with_candidates_names_an_erased_mark() {
    // LeetCode 37's answer has 4 in r1c3 and 6 in r1c4 (2 is wrong there).
    let marks = marks_line(PUZZLE, &[(2, 4), (3, 6), (3, 2)]);
    let run = run(&["hint", "--candidates"], format!("{marks}\n"));
    assert_eq!(lines(&run), ["erased: r1c3 lacks 4; r1c4 lacks 6"]);
    assert_eq!(run.code, 1);
    // Without --candidates the digits alone count: the usual first step.
    let run = common::run(&["hint"], format!("{marks}\n"));
    assert_eq!(lines(&run), ["1.2  Hidden single in box 2: r1c6=8"]);
    let json = common::run(
        &["hint", "--candidates", "--format", "json"],
        format!("{marks}\n"),
    );
    let record: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(record["status"], "erased");
    assert_eq!(record["erased"][0][0], "r1c3");
    assert_eq!(record["erased"][0][1], 4);
}

#[test]
fn hint_with_candidates_starts_from_the_marks() {
    // Erase a wrong mark: r1c3 can be 1, 2 or 4; without 1 and 2 it is a
    // naked single that the digits alone do not show.
    let marks = marks_line(PUZZLE, &[(2, 1), (2, 2)]);
    let with = run(&["hint", "--candidates"], format!("{marks}\n"));
    assert_eq!(with.code, 0);
    // r1c3 now holds one mark: it is read as a given, so the hint moves on.
    assert_ne!(
        lines(&with),
        ["1.2  Hidden single in box 2: r1c6=8"],
        "{}",
        with.stdout
    );
    let rated = common::run(&["rate"], format!("{marks}\n"));
    assert_eq!(rated.code, 0);
    assert_eq!(lines(&rated).len(), 1);
}
