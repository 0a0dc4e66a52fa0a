//! Helpers shared by the CLI tests: fixture boards, a command builder, an
//! output-layout parser and, above all, an independent solution checker.
//!
//! The checker below is deliberately written from scratch: it never calls
//! the library (`is_solved_by`, `is_consistent`, `conflicts`) and never
//! compares with the solver's own output, so a solver bug cannot hide
//! behind a checker bug of the same making.

#![allow(dead_code)]

use std::fs;
use std::path::PathBuf;
use std::time::Duration;

use assert_cmd::Command;

/// LeetCode 37's example: one solution.
pub const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Arto Inkala's "world's hardest sudoku": one solution.
pub const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// A full, valid grid (LeetCode 37's answer). Used only as *input* (to
/// validate), never as the expected output of the solver.
pub const FULL: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// `FULL` with a deadly rectangle emptied (r4c6, r4c9, r5c6, r5c9 hold
/// 1/3 and 3/1 across two boxes): exactly two solutions.
pub const TWO: &str =
    "53467891267219534819834256785976.42.42685.79.713924856961537284287419635345286179";

/// 9x9 regions (`--regions`): the usual boxes.
pub const BOXES_LAYOUT: &str =
    "AAABBBCCC AAABBBCCC AAABBBCCC DDDEEEFFF DDDEEEFFF DDDEEEFFF GGGHHHIII GGGHHHIII GGGHHHIII";

/// 9x9 regions: the rows (nine regions of nine cells too).
pub const ROWS_LAYOUT: &str =
    "AAAAAAAAA BBBBBBBBB CCCCCCCCC DDDDDDDDD EEEEEEEEE FFFFFFFFF GGGGGGGGG HHHHHHHHH IIIIIIIII";

/// A 1 at r1c1 and at r2c2: twice in a box, but in two rows as regions,
/// so its `validate` record says which layout it got.
pub const TWO_ONES: &str =
    "1.........1......................................................................";

/// Row 1 holds 1-8 and r9c9 holds 9, so r1c9 can take nothing: consistent
/// givens, no solution.
pub fn unsolvable() -> String {
    format!("12345678.{}9", ".".repeat(71))
}

/// Two 5s in row 1 (and box 1).
pub fn invalid() -> String {
    format!("55{}", ".".repeat(79))
}

/// No givens at all.
pub fn empty() -> String {
    ".".repeat(81)
}

/// A file of `tests/data/` (see tests/data/SOURCES.md); panics if it is
/// missing, so a test that reads it can never pass without it.
pub fn data(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    assert!(
        path.is_file(),
        "{}: missing (see tests/data/SOURCES.md)",
        path.display()
    );
    path
}

/// The puzzles of `tests/data/{name}`: the first field of each line that
/// is neither blank nor a `#` comment. Panics if the file is missing.
pub fn data_puzzles(name: &str) -> Vec<String> {
    let path = data(name);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

/// The `sudoku` binary under test.
pub fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("sudoku")
}

/// A command for the binary, with a timeout so a hang fails the test.
pub fn sudoku() -> Command {
    let mut command = Command::new(bin());
    command.timeout(Duration::from_secs(120));
    command
}

/// What a run left behind.
#[derive(Debug, PartialEq, Eq)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn stdout_lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    pub fn stderr_lines(&self) -> Vec<&str> {
        self.stderr.lines().collect()
    }
}

/// Runs `sudoku ARGS` with `stdin` as its standard input.
pub fn run(args: &[&str], stdin: impl Into<Vec<u8>>) -> Run {
    let output = sudoku()
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("the binary runs");
    Run {
        code: output.status.code().expect("exited, not killed"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// A fresh, empty directory for one test under cargo's test tmpdir.
pub fn temp_dir(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli-tests")
        .join(test);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("create the temp dir");
    dir
}

// ---------------------------------------------------------------------
// The independent checker.
// ---------------------------------------------------------------------

/// The cells of an 81-character board text: `1`-`9` given, `.`, `0` and
/// `_` empty (0).
pub fn cells(board: &str) -> Vec<u8> {
    assert_eq!(board.len(), 81, "not 81 cells: {board:?}");
    board
        .bytes()
        .map(|b| match b {
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' | b'_' => 0,
            _ => panic!("not a cell {:?} in {board:?}", b as char),
        })
        .collect()
}

/// The board with `.` for every empty cell, as JSON's `puzzle` writes it.
pub fn dotted(board: &str) -> String {
    cells(board)
        .iter()
        .map(|&c| if c == 0 { '.' } else { char::from(b'0' + c) })
        .collect()
}

/// Whether `solution` solves `puzzle`: 81 digits 1-9, every row, column
/// and box holding each digit once, every given of the puzzle kept.
pub fn check_solution(puzzle: &str, solution: &str) -> Result<(), String> {
    let given = cells(puzzle);
    if solution.len() != 81 || !solution.bytes().all(|b| (b'1'..=b'9').contains(&b)) {
        return Err(format!("not 81 digits 1-9: {solution:?}"));
    }
    let filled: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
    for (i, (&g, &f)) in given.iter().zip(&filled).enumerate() {
        if g != 0 && g != f {
            return Err(format!(
                "given {g} at r{}c{} became {f} in {solution}",
                i / 9 + 1,
                i % 9 + 1
            ));
        }
    }
    for unit in 0..9 {
        let row: Vec<usize> = (0..9).map(|k| unit * 9 + k).collect();
        let column: Vec<usize> = (0..9).map(|k| k * 9 + unit).collect();
        let boxed: Vec<usize> = (0..9)
            .map(|k| (unit / 3 * 3 + k / 3) * 9 + unit % 3 * 3 + k % 3)
            .collect();
        for (name, indices) in [("row", row), ("column", column), ("box", boxed)] {
            let mut seen = [false; 10];
            for i in indices {
                seen[usize::from(filled[i])] = true;
            }
            if !seen[1..].iter().all(|&s| s) {
                return Err(format!("{name} {} misses a digit in {solution}", unit + 1));
            }
        }
    }
    Ok(())
}

/// Panics unless `solution` solves `puzzle`.
#[track_caller]
pub fn assert_solves(puzzle: &str, solution: &str) {
    if let Err(why) = check_solution(puzzle, solution) {
        panic!("wrong solution for {puzzle}: {why}");
    }
}

/// An independent, deliberately simple solution counter (fewest-candidates
/// backtracking over plain arrays), used only to prove the fixtures are what
/// their names claim.
pub fn count_solutions(puzzle: &str, limit: u32) -> u32 {
    fn candidates(grid: &[u8], at: usize) -> Vec<u8> {
        let (r, c) = (at / 9, at % 9);
        (1..=9)
            .filter(|&d| {
                (0..9).all(|k| {
                    grid[r * 9 + k] != d
                        && grid[k * 9 + c] != d
                        && grid[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] != d
                })
            })
            .collect()
    }
    fn go(grid: &mut Vec<u8>, limit: u32, found: &mut u32) {
        let mut best: Option<(usize, Vec<u8>)> = None;
        for at in 0..81 {
            if grid[at] == 0 {
                let c = candidates(grid, at);
                if best.as_ref().is_none_or(|(_, b)| c.len() < b.len()) {
                    best = Some((at, c));
                }
            }
        }
        let Some((at, options)) = best else {
            *found += 1;
            return;
        };
        for d in options {
            grid[at] = d;
            go(grid, limit, found);
            grid[at] = 0;
            if *found >= limit {
                return;
            }
        }
    }
    let mut grid = cells(puzzle);
    // Conflicting givens have no solution.
    for at in 0..81 {
        let d = grid[at];
        if d != 0 {
            grid[at] = 0;
            let ok = candidates(&grid, at).contains(&d);
            grid[at] = d;
            if !ok {
                return 0;
            }
        }
    }
    let mut found = 0;
    go(&mut grid, limit, &mut found);
    found
}

// ---------------------------------------------------------------------
// Writing boards as input, and reading the output's layout.
// ---------------------------------------------------------------------

/// A board as 9 plain lines of 9 cells.
pub fn plain_grid(board: &str) -> String {
    board
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect()
}

/// The contract's boxed grid layout, written here independently:
/// `5 3 4 | 6 7 8 | 9 1 2` rows and `------+-------+------` rules.
pub fn boxed_grid(board: &str) -> String {
    let mut out = String::new();
    for (r, row) in board.as_bytes().chunks(9).enumerate() {
        if r == 3 || r == 6 {
            out.push_str("------+-------+------\n");
        }
        let stacks: Vec<String> = row
            .chunks(3)
            .map(|s| {
                s.iter()
                    .map(|&b| char::from(b).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        out.push_str(&stacks.join(" | "));
        out.push('\n');
    }
    out
}

/// How a record is laid out on stdout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// One line.
    Line,
    /// A boxed 11-line grid.
    Grid,
}

/// Splits `text` into records whose layouts are `looks`, checking the
/// blank lines between them: between every two records when `every` (the
/// `grid` format), else only next to a grid (`auto`). Also checks there is
/// no blank line before the first or after the last record and that each
/// grid has exactly the contract's boxed layout. Grids come back as their
/// 81 cells on one line.
#[track_caller]
pub fn split_records(text: &str, looks: &[Look], every: bool) -> Vec<String> {
    if looks.is_empty() {
        assert_eq!(text, "", "expected no output");
        return Vec::new();
    }
    assert!(text.ends_with('\n'), "output does not end with a newline");
    let lines: Vec<&str> = text[..text.len() - 1].split('\n').collect();
    let mut at = 0;
    let mut records = Vec::new();
    for (i, &look) in looks.iter().enumerate() {
        if i > 0 && (every || look == Look::Grid || looks[i - 1] == Look::Grid) {
            assert_eq!(
                lines.get(at),
                Some(&""),
                "expected a blank line before record {i} (output line {})",
                at + 1
            );
            at += 1;
        }
        match look {
            Look::Line => {
                let line = lines
                    .get(at)
                    .unwrap_or_else(|| panic!("record {i} missing"));
                assert!(
                    !line.is_empty(),
                    "unexpected blank line before record {i} (output line {})",
                    at + 1
                );
                records.push((*line).to_owned());
                at += 1;
            }
            Look::Grid => {
                let rows = lines
                    .get(at..at + 11)
                    .unwrap_or_else(|| panic!("grid record {i} cut short"));
                let board: String = rows
                    .iter()
                    .filter(|row| !row.starts_with('-'))
                    .flat_map(|row| row.split(['|', ' ']).filter(|s| !s.is_empty()))
                    .collect();
                assert_eq!(board.len(), 81, "grid record {i} is not 81 cells: {rows:?}");
                let expected = boxed_grid(&board);
                let got = format!("{}\n", rows.join("\n"));
                assert_eq!(got, expected, "grid record {i} has the wrong layout");
                records.push(board);
                at += 11;
            }
        }
    }
    assert_eq!(
        at,
        lines.len(),
        "extra output after the last record: {:?}",
        &lines[at.min(lines.len())..]
    );
    records
}

// ---------------------------------------------------------------------
// Generated puzzles and a mixed input of every kind of board.
// ---------------------------------------------------------------------

/// A small deterministic generator (64-bit LCG).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// A different puzzle with one solution: `PUZZLE` (or `HARD`) with its
/// digits relabelled, bands, rows, stacks and columns shuffled, and maybe
/// transposed. Every such transform keeps exactly one solution.
pub fn variant(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let base = if seed % 5 == 4 { HARD } else { PUZZLE };
    let base = cells(base);
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let order = |rng: &mut Rng| {
        let mut bands = [0usize, 1, 2];
        rng.shuffle(&mut bands);
        let mut out = Vec::new();
        for band in bands {
            let mut inner = [0usize, 1, 2];
            rng.shuffle(&mut inner);
            out.extend(inner.iter().map(|k| band * 3 + k));
        }
        out
    };
    let rows = order(&mut rng);
    let columns = order(&mut rng);
    let transpose = rng.below(2) == 1;
    let mut out = String::with_capacity(81);
    for r in 0..9 {
        for c in 0..9 {
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            let v = base[rows[r] * 9 + columns[c]];
            out.push(if v == 0 {
                '.'
            } else {
                char::from(b'0' + digits[usize::from(v) - 1])
            });
        }
    }
    out
}

/// What a board in the mixed input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One solution.
    Proper,
    /// Exactly two solutions.
    Two,
    /// No givens.
    Empty,
    /// Consistent givens, no solution.
    Unsolvable,
    /// Repeated givens.
    Invalid,
    /// A bad one-line board (an `x` in an 81-cell line).
    BadLine,
    /// A nine-row grid with an `x` in its fourth row.
    BadGrid,
}

/// One board of the mixed input, and what is known about it.
#[derive(Clone, Debug)]
pub struct Item {
    pub kind: Kind,
    /// The 81 cells (`.` for empty); `None` for malformed boards.
    pub puzzle: Option<String>,
    /// Whether it was written as a grid.
    pub grid: bool,
    /// The line of its first cell.
    pub line: usize,
    /// For malformed boards, the exact stderr line expected for `<stdin>`.
    pub error: Option<String>,
}

impl Item {
    /// The record's status word for `sudoku solve` (no options).
    pub fn solve_status(&self) -> &'static str {
        match self.kind {
            Kind::Proper | Kind::Two | Kind::Empty => "solved",
            Kind::Unsolvable => "unsolvable",
            Kind::Invalid => "invalid",
            Kind::BadLine | Kind::BadGrid => "error",
        }
    }
}

/// A mixed input of `n` boards on `<stdin>` in every shape the reader
/// takes (lines with `.`, `0` or `_`, plain and boxed grids, LeetCode's
/// forms, CRLF), with comments, blank lines and border lines between them,
/// including two-solution, empty, unsolvable, invalid and malformed boards.
pub fn mixed_input(n: usize, seed: u64) -> (String, Vec<Item>) {
    let mut rng = Rng(seed);
    let mut text = String::new();
    let mut line = 1usize;
    let mut items = Vec::with_capacity(n);
    let push = |text: &mut String, line: &mut usize, s: &str| {
        text.push_str(s);
        *line += s.matches('\n').count();
    };
    for i in 0..n {
        match rng.below(8) {
            0 => push(&mut text, &mut line, "# a comment\n"),
            1 => push(&mut text, &mut line, "\n  \t\n"),
            2 => push(&mut text, &mut line, "------+-------+------\n"),
            _ => {}
        }
        let kind = match rng.below(20) {
            0 => Kind::Two,
            1 => Kind::Empty,
            2 => Kind::Unsolvable,
            3 => Kind::Invalid,
            4 => Kind::BadLine,
            5 => Kind::BadGrid,
            _ => Kind::Proper,
        };
        let start = line;
        let (puzzle, grid, error) = match kind {
            Kind::BadLine => {
                let at = rng.below(82) as usize;
                let bad = format!("{}x{}\n", &PUZZLE[..at], &PUZZLE[at..]);
                push(&mut text, &mut line, &bad);
                let error = format!(
                    "sudoku: <stdin>:{start}:{}: unexpected character 'x'",
                    at + 1
                );
                (None, false, Some(error))
            }
            Kind::BadGrid => {
                let mut rows: Vec<String> = plain_grid(PUZZLE).lines().map(str::to_owned).collect();
                rows[3].push('x');
                push(&mut text, &mut line, &format!("{}\n", rows.join("\n")));
                let error = format!("sudoku: <stdin>:{}:10: unexpected character 'x'", start + 3);
                (None, true, Some(error))
            }
            _ => {
                let puzzle = match kind {
                    Kind::Proper => variant(seed ^ ((i as u64) << 8)),
                    Kind::Two => TWO.to_owned(),
                    Kind::Empty => empty(),
                    Kind::Unsolvable => unsolvable(),
                    _ => invalid(),
                };
                let (shown, grid) = write_board(&mut rng, &puzzle);
                push(&mut text, &mut line, &shown);
                (Some(puzzle), grid, None)
            }
        };
        // A board starts at its first line holding a cell (the multi-line
        // LeetCode form opens with a `[` line).
        let start = if error.is_none() {
            start + first_cell_offset(&text, start)
        } else {
            start
        };
        items.push(Item {
            kind,
            puzzle,
            grid,
            line: start,
            error,
        });
    }
    (text, items)
}

/// How many lines after `start` the first line holding a cell is.
fn first_cell_offset(text: &str, start: usize) -> usize {
    text.split('\n')
        .skip(start - 1)
        .position(|l| {
            l.bytes()
                .any(|b| b.is_ascii_digit() || b == b'.' || b == b'_')
        })
        .expect("the board has a cell")
}

/// Writes `puzzle` in a random input shape; returns the text and whether
/// it is a grid.
fn write_board(rng: &mut Rng, puzzle: &str) -> (String, bool) {
    let rows: Vec<&str> = (0..9).map(|r| &puzzle[r * 9..r * 9 + 9]).collect();
    match rng.below(9) {
        0 => (format!("{puzzle}\n"), false),
        1 => (format!("{}\n", puzzle.replace('.', "0")), false),
        2 => (format!("{}\n", puzzle.replace('.', "_")), false),
        3 => (plain_grid(puzzle), true),
        4 => (boxed_grid(puzzle), true),
        5 => {
            let quoted: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
            (format!("[{}]\n", quoted.join(",")), false)
        }
        6 => {
            let nested: Vec<String> = rows
                .iter()
                .map(|r| {
                    let cells: Vec<String> = r.chars().map(|c| format!("\"{c}\"")).collect();
                    format!("[{}]", cells.join(","))
                })
                .collect();
            (format!("[\n{}\n]\n", nested.join(",\n")), true)
        }
        7 => (format!("{puzzle}\r\n"), false),
        _ => {
            let mut out = String::new();
            for (r, row) in rows.iter().enumerate() {
                if r == 4 {
                    out.push_str("# inside a grid\r\n\r\n");
                }
                out.push_str(&format!("{}\r\n", row.replace('.', "0")));
            }
            (out, true)
        }
    }
}
