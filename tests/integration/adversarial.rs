//! The adversarial set, `puzzles/adversarial.txt`: every board's expected
//! count (its `# expect:` line) is proved by a reference counter written
//! here, and the CLI must answer each board accordingly in every mode.
//!
//! The reference is exact cover done plainly: at each step it takes the
//! constraint with the fewest ways left (a cell's digits, or a digit's
//! places in a row, column or box) and tries each. No propagation, no code
//! shared with `src/solver.rs`; choosing digit places as well as cells is
//! what lets it refute the deep contradictions of this set in well under a
//! second each, where plain cell-by-cell backtracking takes minutes.

use crate::common;

use std::path::PathBuf;

use common::*;

/// What a board's `# expect:` line says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// Conflicting givens.
    Invalid,
    /// Exactly this many solutions (below 1000).
    Exactly(u32),
    /// At least 1000 solutions.
    Many,
}

#[derive(Debug)]
struct Case {
    line: usize,
    board: String,
    expect: Expect,
}

fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("puzzles/adversarial.txt")
}

/// The boards of the set, each with the `# expect:` line before it.
fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(path()).unwrap();
    let mut expect = None;
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(what) = line.strip_prefix("# expect: ") {
            expect = Some(match what {
                "invalid" => Expect::Invalid,
                "1000+" => Expect::Many,
                n => Expect::Exactly(n.parse().expect("a count")),
            });
        } else if !line.is_empty() && !line.starts_with('#') {
            assert_eq!(line.len(), 81, "line {}: one board per line", i + 1);
            cases.push(Case {
                line: i + 1,
                board: line.to_owned(),
                expect: expect
                    .take()
                    .unwrap_or_else(|| panic!("line {}: no `# expect:`", i + 1)),
            });
        }
    }
    cases
}

/// The reference counter: counts solutions up to `limit`, `None` for
/// conflicting givens.
fn reference_count(board: &str, limit: u32) -> Option<u32> {
    /// Cells of the 27 units: rows, then columns, then boxes.
    fn units() -> [[usize; 9]; 27] {
        std::array::from_fn(|u| {
            let i = u % 9;
            std::array::from_fn(|k| match u / 9 {
                0 => i * 9 + k,
                1 => k * 9 + i,
                _ => (i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3,
            })
        })
    }
    /// The row, column and box of a cell, as unit numbers.
    fn units_of(at: usize) -> [usize; 3] {
        let (r, c) = (at / 9, at % 9);
        [r, 9 + c, 18 + r / 3 * 3 + c / 3]
    }
    struct State {
        units: [[usize; 9]; 27],
        grid: [u8; 81],
        /// Digits used per unit, bit `d`.
        used: [u16; 27],
    }
    impl State {
        fn free(&self, at: usize) -> u16 {
            let [r, c, b] = units_of(at);
            !(self.used[r] | self.used[c] | self.used[b]) & 0b11_1111_1110
        }
        fn toggle(&mut self, at: usize, digit: u8) {
            for u in units_of(at) {
                self.used[u] ^= 1 << digit;
            }
        }
        /// The moves of the most constrained constraint, or `None` when
        /// the grid is full; no moves is a dead end.
        fn fewest_moves(&self) -> Option<Moves> {
            let mut best: Option<Moves> = None;
            let mut consider = |moves: Moves| {
                if best.as_ref().is_none_or(|b| moves.len < b.len) {
                    best = Some(moves);
                }
            };
            let free: [u16; 81] =
                std::array::from_fn(|at| if self.grid[at] == 0 { self.free(at) } else { 0 });
            for at in (0..81).filter(|&at| self.grid[at] == 0) {
                let digits = (1..=9).filter(|d| free[at] & 1 << d != 0);
                consider(Moves::from(digits.map(|d| (at, d))));
            }
            for (u, cells) in self.units.iter().enumerate() {
                for digit in (1..=9u8).filter(|d| self.used[u] & 1 << d == 0) {
                    let places = cells
                        .iter()
                        .filter(|&&at| free[at] & 1 << digit != 0)
                        .map(|&at| (at, digit));
                    consider(Moves::from(places));
                }
            }
            best
        }
    }
    /// Up to nine (cell, digit) moves, without allocating.
    struct Moves {
        moves: [(usize, u8); 9],
        len: usize,
    }
    impl Moves {
        fn from(moves: impl Iterator<Item = (usize, u8)>) -> Moves {
            let mut out = Moves {
                moves: [(0, 0); 9],
                len: 0,
            };
            for m in moves {
                out.moves[out.len] = m;
                out.len += 1;
            }
            out
        }
    }
    fn search(state: &mut State, limit: u32, found: &mut u32) {
        let Some(moves) = state.fewest_moves() else {
            *found += 1;
            return;
        };
        for &(at, digit) in &moves.moves[..moves.len] {
            state.grid[at] = digit;
            state.toggle(at, digit);
            search(state, limit, found);
            state.toggle(at, digit);
            state.grid[at] = 0;
            if *found >= limit {
                return;
            }
        }
    }
    let mut state = State {
        units: units(),
        grid: [0; 81],
        used: [0; 27],
    };
    for (at, digit) in cells(board).into_iter().enumerate() {
        if digit != 0 {
            if state.free(at) & 1 << digit == 0 {
                return None;
            }
            state.grid[at] = digit;
            state.toggle(at, digit);
        }
    }
    let mut found = 0;
    search(&mut state, limit, &mut found);
    Some(found)
}

fn givens(board: &str) -> usize {
    board.bytes().filter(|b| (b'1'..=b'9').contains(b)).count()
}

#[test]
fn the_reference_counter_agrees_with_the_fixtures() {
    assert_eq!(reference_count(PUZZLE, 3), Some(1));
    assert_eq!(reference_count(HARD, 3), Some(1));
    assert_eq!(reference_count(TWO, 3), Some(2));
    assert_eq!(reference_count(&unsolvable(), 3), Some(0));
    assert_eq!(reference_count(&invalid(), 3), None);
    assert_eq!(reference_count(&empty(), 50), Some(50));
    assert_eq!(reference_count(FULL, 3), Some(1));
    // And with the tests' other counter, on boards both can afford.
    for seed in 0..20 {
        let mut board: Vec<u8> = variant(seed).into_bytes();
        // Open some givens up so that there are several solutions.
        for at in (0..81).step_by(7 + seed as usize % 5) {
            board[at] = b'.';
        }
        let board = String::from_utf8(board).unwrap();
        assert_eq!(
            reference_count(&board, 40),
            Some(count_solutions(&board, 40)),
            "{board}"
        );
    }
}

#[test]
fn the_set_holds_every_kind_of_board_the_issue_asks_for() {
    let cases = cases();
    let has = |f: &dyn Fn(&Case) -> bool| cases.iter().any(f);
    for n in [0, 1, 8, 16, 17, 80, 81] {
        assert!(has(&|c| givens(&c.board) == n), "a board with {n} givens");
    }
    assert!(has(&|c| c.expect == Expect::Invalid));
    assert!(has(&|c| c.expect == Expect::Exactly(2)));
    assert!(has(&|c| c.expect == Expect::Many));
    // Unsolvable with consistent givens and few clues.
    let unsolvable = cases
        .iter()
        .filter(|c| c.expect == Expect::Exactly(0))
        .count();
    assert!(unsolvable >= 4);
    assert!(has(
        &|c| c.expect == Expect::Exactly(0) && givens(&c.board) <= 6
    ));
    // A count just under the default limit: the whole tree is searched.
    assert!(has(
        &|c| matches!(c.expect, Expect::Exactly(n) if (900..1000).contains(&n))
    ));
}

#[test]
fn every_expectation_holds_by_the_reference_counter() {
    for case in cases() {
        if cfg!(debug_assertions) && case.expect == Expect::Many {
            // The 16-given board's dead ends take the reference minutes
            // in a debug build (seconds in release).
            eprintln!("note: debug build; line {}: 1000+ not recounted", case.line);
            continue;
        }
        // Counting to one more than expected proves an exact count.
        let (limit, expected) = match case.expect {
            Expect::Invalid => (1, None),
            Expect::Exactly(n) => (n + 1, Some(n)),
            Expect::Many => (1000, Some(1000)),
        };
        let got = reference_count(&case.board, limit);
        assert_eq!(got, expected, "line {}: {}", case.line, case.board);
    }
}

#[test]
fn the_cli_answers_every_board_as_expected_in_every_mode() {
    let cases = cases();
    let file = path();
    let json = |args: &[&str]| -> Vec<serde_json::Value> {
        let output = sudoku()
            .args(args)
            .args(["--format", "json"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(output.stderr.is_empty(), "{args:?}: stderr {output:?}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        let records: Vec<serde_json::Value> = stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(records.len(), cases.len(), "{args:?}: one record per board");
        for (record, case) in records.iter().zip(&cases) {
            assert_eq!(record["line"], case.line, "{args:?}");
            assert_eq!(record["puzzle"], dotted(&case.board), "{args:?}");
        }
        records
    };

    let solved = json(&["solve"]);
    let unique = json(&["solve", "--unique"]);
    let counted = json(&["solve", "--count"]);
    let two = json(&["solve", "--count", "--limit", "2"]);
    let validated = json(&["validate", "--unique"]);
    for (i, case) in cases.iter().enumerate() {
        let at = format!("line {}: {}", case.line, case.board);
        let solution = solved[i]["solution"].as_str();
        match case.expect {
            Expect::Invalid => {
                assert_eq!(solved[i]["status"], "invalid", "{at}");
                assert_eq!(unique[i]["status"], "invalid", "{at}");
                assert_eq!(counted[i]["solutions"], 0, "{at}");
                assert_eq!(counted[i]["status"], "invalid", "{at}");
                assert_eq!(validated[i]["status"], "invalid", "{at}");
                assert!(!validated[i]["conflicts"].as_array().unwrap().is_empty());
            }
            Expect::Exactly(0) => {
                for records in [&solved, &unique, &counted, &validated] {
                    assert_eq!(records[i]["status"], "unsolvable", "{at}");
                }
                assert_eq!(counted[i]["solutions"], 0, "{at}");
            }
            expect => {
                assert_eq!(solved[i]["status"], "solved", "{at}");
                assert_solves(&case.board, solution.unwrap());
                let (count, reached) = match expect {
                    Expect::Exactly(n) => (n, false),
                    _ => (1000, true),
                };
                assert_eq!(counted[i]["solutions"], count, "{at}");
                assert_eq!(counted[i]["limit_reached"], reached, "{at}");
                assert_eq!(two[i]["solutions"], count.min(2), "{at}");
                assert_eq!(two[i]["limit_reached"], count >= 2, "{at}");
                if count == 1 {
                    assert_eq!(unique[i]["status"], "solved", "{at}");
                    assert_eq!(unique[i]["solution"].as_str(), solution, "{at}");
                    assert_eq!(counted[i]["status"], "solved", "{at}");
                    assert_eq!(validated[i]["status"], "valid", "{at}");
                } else {
                    assert_eq!(unique[i]["status"], "multiple", "{at}");
                    assert_eq!(counted[i]["status"], "multiple", "{at}");
                    assert_eq!(validated[i]["status"], "multiple", "{at}");
                }
            }
        }
    }
}

#[test]
fn the_anti_backtracking_board_solves_to_987654321_in_its_first_row() {
    let case = &cases()[0];
    assert_eq!(case.expect, Expect::Exactly(1));
    let got = run(&["solve", "--unique"], format!("{}\n", case.board));
    assert_eq!(got.code, 0);
    assert_solves(&case.board, got.stdout.trim_end());
    assert!(got.stdout.starts_with("987654321"), "{}", got.stdout);
}

#[test]
fn the_full_board_is_its_own_solution_and_valid_complete() {
    let got = run(&["solve", "--unique"], format!("{FULL}\n"));
    assert_eq!((got.code, got.stdout.trim_end()), (0, FULL));
    let got = run(&["validate", "--complete", "--unique"], format!("{FULL}\n"));
    assert_eq!((got.code, got.stdout.as_str()), (0, "valid\n"));
}
