//! Property tests (proptest): the promises that must hold for *every*
//! board and every input, checked on random ones.
//!
//! - every solution returned is a full valid grid keeping every given;
//! - a board made by blanking cells of a random valid grid is solvable, and
//!   its count (with a limit) agrees with the reference counter below;
//! - the count is invariant under the sudoku symmetries;
//! - validate's conflicts are exactly those a brute-force pairwise check
//!   finds;
//! - reading is total (any bytes give boards and errors, never a panic, the
//!   same however the bytes are buffered), and a board printed as a line or
//!   a grid reads back as the same board;
//! - `--jobs 1` and `--jobs N` print byte-identical output.
//!
//! The reference counter and the random grids are written here, sharing no
//! code with `src/solver.rs`; solutions are checked with the independent
//! checker of `tests/common`. Case counts (see [`cases`]) keep the whole
//! file well under a minute in `cargo test`.

use crate::common;

use std::io::{self, BufReader, Read};

use proptest::prelude::*;
use proptest::sample::subsequence;
use sudoku_cli::format::write_grid;
use sudoku_cli::reader::Other;
use sudoku_cli::{conflicts, is_consistent, solve, Board, Boards, Problem, ReadError, Request};
use sudoku_cli::{Shape, Status};

use common::{check_solution, run, variant, Rng, FULL, HARD, PUZZLE, TWO};

/// `release` cases for a property, a tenth of them where debug assertions
/// are on (an unoptimized build is many times slower). The README's
/// `cargo test` (optimized, debug assertions off) runs them all;
/// `PROPTEST_CASES=N` sets every property to N cases instead.
fn cases(release: u32) -> u32 {
    if cfg!(debug_assertions) {
        (release / 10).max(8)
    } else {
        release
    }
}

// ---------------------------------------------------------------------
// The reference counter and random grids, written for these tests only.
// ---------------------------------------------------------------------

/// Whether `digit` may go on the empty cell `at`: not in its row, column or
/// box.
fn allowed(grid: &[u8; 81], at: usize, digit: u8) -> bool {
    let (row, column) = (at / 9, at % 9);
    let (top, left) = (row / 3 * 3, column / 3 * 3);
    (0..9).all(|k| {
        grid[row * 9 + k] != digit
            && grid[k * 9 + column] != digit
            && grid[(top + k / 3) * 9 + left + k % 3] != digit
    })
}

/// Whether any given repeats a digit in a row, column or box.
fn givens_conflict(puzzle: &[u8; 81]) -> bool {
    let mut grid = *puzzle;
    (0..81).any(|at| {
        let digit = grid[at];
        if digit == 0 {
            return false;
        }
        grid[at] = 0;
        let conflict = !allowed(&grid, at, digit);
        grid[at] = digit;
        conflict
    })
}

/// The reference counter: plain backtracking over the empty cells in
/// reading order, trying 1-9 in each, stopping at `limit` solutions.
/// Deliberately naive (no propagation, no cell choice), so it is only fed
/// boards with plenty of givens.
fn reference_count(puzzle: &[u8; 81], limit: u32) -> u32 {
    fn search(grid: &mut [u8; 81], from: usize, limit: u32, found: &mut u32) {
        let Some(at) = (from..81).find(|&i| grid[i] == 0) else {
            *found += 1;
            return;
        };
        for digit in 1..=9 {
            if allowed(grid, at, digit) {
                grid[at] = digit;
                search(grid, at + 1, limit, found);
                grid[at] = 0;
                if *found >= limit {
                    return;
                }
            }
        }
    }
    if givens_conflict(puzzle) {
        return 0;
    }
    let mut grid = *puzzle;
    let mut found = 0;
    search(&mut grid, 0, limit, &mut found);
    found
}

/// A random full valid grid: backtracking fill in reading order, digits
/// tried in a random order per cell.
fn random_grid(seed: u64) -> [u8; 81] {
    fn fill(grid: &mut [u8; 81], at: usize, rng: &mut Rng) -> bool {
        if at == 81 {
            return true;
        }
        let mut digits: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut digits);
        for digit in digits {
            if allowed(grid, at, digit) {
                grid[at] = digit;
                if fill(grid, at + 1, rng) {
                    return true;
                }
                grid[at] = 0;
            }
        }
        false
    }
    let mut rng = Rng(seed | 1);
    let mut grid = [0; 81];
    assert!(fill(&mut grid, 0, &mut rng), "an empty grid always fills");
    grid
}

fn text(cells: &[u8; 81]) -> String {
    cells
        .iter()
        .map(|&c| if c == 0 { '.' } else { char::from(b'0' + c) })
        .collect()
}

fn board(cells: &[u8; 81]) -> Board {
    Board::new(*cells).expect("cells 0-9")
}

/// A random full grid with `blanks` of its cells emptied.
fn blanked(blanks: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = [u8; 81]> {
    (
        any::<u64>(),
        subsequence((0..81).collect::<Vec<usize>>(), blanks),
    )
        .prop_map(|(seed, cells)| {
            let mut puzzle = random_grid(seed);
            for at in cells {
                puzzle[at] = 0;
            }
            puzzle
        })
}

/// `blanked` with one more cell set to a random digit: often unsolvable,
/// sometimes invalid, sometimes still fine.
fn tampered(blanks: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = [u8; 81]> {
    (blanked(blanks), 0..81usize, 1..=9u8).prop_map(|(mut puzzle, at, digit)| {
        puzzle[at] = digit;
        puzzle
    })
}

/// A few random givens anywhere: sparse boards, consistent or not.
fn sparse() -> impl Strategy<Value = [u8; 81]> {
    proptest::collection::vec((0..81usize, 1..=9u8), 0..24).prop_map(|givens| {
        let mut cells = [0; 81];
        for (at, digit) in givens {
            cells[at] = digit;
        }
        cells
    })
}

// ---------------------------------------------------------------------
// Solutions and counts.
// ---------------------------------------------------------------------

/// What every answer to `solve` must satisfy, whatever the board.
fn check_solve(puzzle: &[u8; 81]) -> Result<(), TestCaseError> {
    let shown = text(puzzle);
    for limit in [1, 2, 1000] {
        match solve(&board(puzzle), limit) {
            Err(_) => prop_assert!(
                givens_conflict(puzzle),
                "InvalidGivens for consistent givens: {shown}"
            ),
            Ok(found) => {
                prop_assert!(
                    !givens_conflict(puzzle),
                    "conflicting givens solved: {shown}"
                );
                prop_assert!(found.count <= limit);
                prop_assert_eq!(found.count == 0, found.first.is_none());
                if let Some(solution) = found.first {
                    if let Err(why) = check_solution(&shown, &solution.to_string()) {
                        return Err(TestCaseError::fail(format!(
                            "limit {limit}: wrong solution for {shown}: {why}"
                        )));
                    }
                }
            }
        }
    }
    let answer = Request::Solve { unique: false }.answer(&board(puzzle));
    if let Some(solution) = answer.solution() {
        prop_assert_eq!(answer.status(), Status::Solved);
        prop_assert!(check_solution(&shown, &solution.to_string()).is_ok());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(10_000), ..ProptestConfig::default() })]

    #[test]
    fn every_solution_is_a_full_valid_grid_keeping_the_givens(
        puzzle in prop_oneof![blanked(20..=81), tampered(30..=60), sparse()]
    ) {
        check_solve(&puzzle)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(4_000), ..ProptestConfig::default() })]

    #[test]
    fn a_blanked_grid_is_solvable_and_counts_as_the_reference_does(
        puzzle in blanked(40..=55),
        limit in 1..=20u32,
    ) {
        let found = solve(&board(&puzzle), limit).expect("consistent givens");
        prop_assert!(found.count >= 1, "unsolved: {}", text(&puzzle));
        prop_assert_eq!(found.count, reference_count(&puzzle, limit), "{}", text(&puzzle));
    }

    #[test]
    fn a_tampered_grid_counts_as_the_reference_does(
        puzzle in tampered(40..=55),
        limit in 1..=20u32,
    ) {
        let expected = reference_count(&puzzle, limit);
        let found = solve(&board(&puzzle), limit).map_or(0, |s| s.count);
        prop_assert_eq!(found, expected, "{}", text(&puzzle));
    }
}

// ---------------------------------------------------------------------
// Symmetries.
// ---------------------------------------------------------------------

/// One of the sudoku symmetries that map valid grids to valid grids.
#[derive(Clone, Debug)]
enum Symmetry {
    /// Digit `d` becomes `digits[d - 1]`.
    Relabel(Vec<u8>),
    /// Swap two rows of one band.
    SwapRows {
        band: usize,
        a: usize,
        b: usize,
    },
    /// Swap two columns of one stack.
    SwapColumns {
        stack: usize,
        a: usize,
        b: usize,
    },
    SwapBands(usize, usize),
    SwapStacks(usize, usize),
    Transpose,
}

impl Symmetry {
    fn apply(&self, cells: &[u8; 81]) -> [u8; 81] {
        let swap = |i: usize, x: usize, y: usize| match i {
            _ if i == x => y,
            _ if i == y => x,
            _ => i,
        };
        let mut out = [0; 81];
        for (at, slot) in out.iter_mut().enumerate() {
            let (row, column) = (at / 9, at % 9);
            let from = match *self {
                Symmetry::Relabel(ref digits) => {
                    let digit = cells[at];
                    *slot = if digit == 0 {
                        0
                    } else {
                        digits[usize::from(digit) - 1]
                    };
                    continue;
                }
                Symmetry::SwapRows { band, a, b } => {
                    (swap(row, band * 3 + a, band * 3 + b), column)
                }
                Symmetry::SwapColumns { stack, a, b } => {
                    (row, swap(column, stack * 3 + a, stack * 3 + b))
                }
                Symmetry::SwapBands(a, b) => (swap(row / 3, a, b) * 3 + row % 3, column),
                Symmetry::SwapStacks(a, b) => (row, swap(column / 3, a, b) * 3 + column % 3),
                Symmetry::Transpose => (column, row),
            };
            *slot = cells[from.0 * 9 + from.1];
        }
        out
    }
}

fn symmetry() -> impl Strategy<Value = Symmetry> {
    prop_oneof![
        Just((1..=9).collect::<Vec<u8>>())
            .prop_shuffle()
            .prop_map(Symmetry::Relabel),
        (0..3usize, 0..3usize, 0..3usize).prop_map(|(band, a, b)| Symmetry::SwapRows {
            band,
            a,
            b
        }),
        (0..3usize, 0..3usize, 0..3usize).prop_map(|(stack, a, b)| Symmetry::SwapColumns {
            stack,
            a,
            b
        }),
        (0..3usize, 0..3usize).prop_map(|(a, b)| Symmetry::SwapBands(a, b)),
        (0..3usize, 0..3usize).prop_map(|(a, b)| Symmetry::SwapStacks(a, b)),
        Just(Symmetry::Transpose),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(10_000), ..ProptestConfig::default() })]

    #[test]
    fn the_count_is_invariant_under_the_sudoku_symmetries(
        puzzle in prop_oneof![blanked(40..=64), tampered(40..=60)],
        symmetries in proptest::collection::vec(symmetry(), 1..6),
        limit in prop_oneof![Just(1u32), Just(2), Just(3), Just(1000), 4..=100u32],
    ) {
        let mut moved = puzzle;
        for s in &symmetries {
            moved = s.apply(&moved);
        }
        let before = solve(&board(&puzzle), limit);
        let after = solve(&board(&moved), limit);
        prop_assert_eq!(before.is_err(), after.is_err(), "validity changed");
        let (Ok(before), Ok(after)) = (before, after) else {
            return Ok(());
        };
        prop_assert_eq!(before.count, after.count, "{} vs {}", text(&puzzle), text(&moved));
        // The moved solution solves the moved board; when the solution is
        // unique it is exactly the one found for the moved board.
        if let (Some(solution), Some(found)) = (before.first, after.first) {
            let mut image = *solution.cells();
            for s in &symmetries {
                image = s.apply(&image);
            }
            prop_assert!(check_solution(&text(&moved), &text(&image)).is_ok());
            if before.count == 1 && limit > 1 {
                prop_assert_eq!(text(&image), found.to_string());
            }
        }
    }
}

// ---------------------------------------------------------------------
// Validate's conflicts.
// ---------------------------------------------------------------------

/// The conflicts a brute-force look at every pair of cells finds, in the
/// contract's order: rows, columns, boxes; by unit number, then digit;
/// cells in reading order. Each is (unit, index 1-9, digit, cells).
fn pairwise_conflicts(cells: &[u8; 81]) -> Vec<(&'static str, u8, u8, Vec<String>)> {
    use std::collections::{BTreeMap, BTreeSet};
    // (unit order, unit index, digit) -> cells
    let mut found: BTreeMap<(u8, u8, u8), BTreeSet<usize>> = BTreeMap::new();
    for i in 0..81 {
        for j in i + 1..81 {
            if cells[i] == 0 || cells[i] != cells[j] {
                continue;
            }
            let (ri, ci, rj, cj) = (i / 9, i % 9, j / 9, j % 9);
            let units = [
                (0, ri == rj, ri),
                (1, ci == cj, ci),
                (2, ri / 3 == rj / 3 && ci / 3 == cj / 3, ri / 3 * 3 + ci / 3),
            ];
            for (kind, shared, index) in units {
                if shared {
                    let cells_of = found.entry((kind, index as u8 + 1, cells[i])).or_default();
                    cells_of.insert(i);
                    cells_of.insert(j);
                }
            }
        }
    }
    found
        .into_iter()
        .map(|((kind, index, digit), at)| {
            let name = ["row", "column", "box"][usize::from(kind)];
            let names = at
                .into_iter()
                .map(|a| format!("r{}c{}", a / 9 + 1, a % 9 + 1))
                .collect();
            (name, index, digit, names)
        })
        .collect()
}

/// Random boards with many repeated digits: dense random cells, or a valid
/// grid with a few cells overwritten.
fn conflicted() -> impl Strategy<Value = [u8; 81]> {
    prop_oneof![
        proptest::collection::vec(prop_oneof![3 => Just(0u8), 1 => 1..=9u8], 81)
            .prop_map(|v| v.try_into().unwrap()),
        proptest::collection::vec(0..=9u8, 81).prop_map(|v| v.try_into().unwrap()),
        (
            any::<u64>(),
            proptest::collection::vec((0..81usize, 1..=9u8), 0..6)
        )
            .prop_map(|(seed, changes)| {
                let mut cells = random_grid(seed);
                for (at, digit) in changes {
                    cells[at] = digit;
                }
                cells
            }),
        blanked(0..=81),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(10_000), ..ProptestConfig::default() })]

    #[test]
    fn validate_finds_exactly_the_pairwise_conflicts(cells in conflicted()) {
        let expected = pairwise_conflicts(&cells);
        let b = board(&cells);
        let got: Vec<(&str, u8, u8, Vec<String>)> = conflicts(&b)
            .iter()
            .map(|c| {
                let cells = c.cells.iter().map(ToString::to_string).collect();
                (c.unit.name(), c.index, c.digit, cells)
            })
            .collect();
        prop_assert_eq!(&got, &expected, "{}", text(&cells));
        prop_assert_eq!(is_consistent(&b), expected.is_empty());
        // The words, as the contract spells them.
        for (conflict, (unit, index, digit, cells)) in conflicts(&b).iter().zip(&expected) {
            let times = match cells.len() {
                2 => "twice".to_owned(),
                n => format!("{n} times"),
            };
            let words = format!("{digit} {times} in {unit} {index} ({})", cells.join(", "));
            prop_assert_eq!(conflict.to_string(), words);
        }
        // Both requests agree on validity.
        let validate = Request::Validate { complete: false, unique: false }.answer(&b);
        let solve = Request::Solve { unique: false }.answer(&b);
        let invalid = !expected.is_empty();
        prop_assert_eq!(validate.status() == Status::Invalid, invalid);
        prop_assert_eq!(solve.status() == Status::Invalid, invalid);
        prop_assert_eq!(validate.conflicts().len(), expected.len());
    }
}

// ---------------------------------------------------------------------
// Reading.
// ---------------------------------------------------------------------

/// Reads every item of `input`, describing each as text, with `reader`
/// deciding how the bytes arrive.
fn describe<R: io::BufRead>(reader: R) -> Vec<String> {
    Boards::new(reader, "t")
        .map(|item| match item {
            Ok(entry) => format!("{}:{:?}:{}", entry.line, entry.shape, entry.board),
            Err(error) => format!("{error:?}"),
        })
        .collect()
}

/// A reader that hands out the input in pieces of the given sizes, in
/// turn, to move the buffer boundaries around.
struct Pieces<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    turn: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()];
        self.turn += 1;
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// Bytes likely to find the reader's corners: pieces of boards, layout,
/// comments, CR/LF, BOMs, junk.
fn hostile_bytes() -> impl Strategy<Value = Vec<u8>> {
    let pieces: Vec<Vec<u8>> = vec![
        PUZZLE.as_bytes().to_vec(),
        PUZZLE.as_bytes()[..9].to_vec(),
        b"123456789\n".to_vec(),
        b"5 3 . | . 7 . | . . .\n".to_vec(),
        b"------+-------+------\n".to_vec(),
        b"[\"5\",\"3\",\".\"],".to_vec(),
        b"\n".to_vec(),
        b"\r\n".to_vec(),
        b"\r".to_vec(),
        b"# comment\n".to_vec(),
        b"  #".to_vec(),
        b"#".to_vec(),
        b"\xef\xbb\xbf".to_vec(),
        b"\xef\xbb".to_vec(),
        b"\xff\x00".to_vec(),
        b"x".to_vec(),
        b"0_.".to_vec(),
        b"1".repeat(40),
        b"1".repeat(41),
        b"9".repeat(82),
        b" \t|+-=[]\"',".to_vec(),
    ];
    proptest::collection::vec(
        prop_oneof![
            3 => proptest::sample::select(pieces),
            1 => proptest::collection::vec(any::<u8>(), 0..20),
        ],
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

/// Checks what the reader says about `input` against the bytes themselves.
fn check_positions(input: &[u8]) -> Result<(), TestCaseError> {
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if let Some(first) = lines.first_mut() {
        if let Some(rest) = first.strip_prefix(b"\xef\xbb\xbf".as_slice()) {
            *first = rest;
        }
    }
    let is_cell = |b: u8| b.is_ascii_digit() || b == b'.' || b == b'_';
    let mut last_start = 0;
    for item in Boards::new(input, "t") {
        let start = match item {
            Ok(entry) => {
                let line = lines[entry.line as usize - 1];
                if let Some(Other::Payload(text)) = entry.other.as_deref() {
                    // f-puzzles data: the line from its first non-blank byte.
                    let start = line.iter().position(|b| !b.is_ascii_whitespace()).unwrap();
                    prop_assert!(line[start..].starts_with(&text[..text.len().min(4)]));
                } else {
                    let symbol = |b: u8| is_cell(b) || b.is_ascii_alphabetic();
                    prop_assert!(line.iter().any(|&b| symbol(b)), "a board starts at a cell");
                }
                entry.line
            }
            Err(ReadError::Io { .. }) => {
                return Err(TestCaseError::fail("an I/O error from a byte slice"))
            }
            Err(ReadError::Malformed(m)) => {
                prop_assert!(m.start_line <= m.line && m.line as usize <= lines.len());
                let line = lines[m.line as usize - 1];
                if let Some(column) = m.column {
                    prop_assert!(column >= 1 && column as usize <= line.len(), "{m:?}");
                    let byte = line[column as usize - 1];
                    match m.problem {
                        Problem::UnexpectedByte(b) => prop_assert_eq!(byte, b, "{:?}", m),
                        Problem::TooManyCells => prop_assert!(is_cell(byte), "{:?}", m),
                        // A symbol above the board's size: a digit or letter.
                        Problem::SymbolRange { .. } => {
                            prop_assert!(byte.is_ascii_alphanumeric(), "{:?}", m)
                        }
                        // A 729-cell line cites the stray digit itself.
                        Problem::MisplacedMark {
                            position, found, ..
                        } => {
                            prop_assert_eq!(byte, b'0' + found, "{:?}", m);
                            prop_assert!(found != position, "{:?}", m);
                        }
                        _ => return Err(TestCaseError::fail(format!("a column for {m:?}"))),
                    }
                    let prefix = format!("t:{}:{column}: ", m.line);
                    prop_assert!(m.to_string().starts_with(&prefix), "{}", m);
                } else {
                    let prefix = format!("t:{}: ", m.line);
                    prop_assert!(m.to_string().starts_with(&prefix), "{}", m);
                }
                m.start_line
            }
        };
        prop_assert!(start > last_start, "items start on increasing lines");
        last_start = start;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(20_000), ..ProptestConfig::default() })]

    #[test]
    fn reading_is_total_and_independent_of_buffering(
        input in prop_oneof![hostile_bytes(), proptest::collection::vec(any::<u8>(), 0..600)],
        capacity in 1..100usize,
        sizes in proptest::collection::vec(1..50usize, 1..5),
    ) {
        let whole = describe(&input[..]);
        let pieces = Pieces { data: &input, sizes, turn: 0 };
        let buffered = describe(BufReader::with_capacity(capacity, pieces));
        prop_assert_eq!(&whole, &buffered);
        check_positions(&input)?;
    }
}

/// How a board is written for the round trip.
#[derive(Clone, Copy, Debug)]
enum Written {
    Line,
    Display,
    Zeros,
    Grid,
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(5_000), ..ProptestConfig::default() })]

    #[test]
    fn boards_printed_as_lines_or_grids_read_back_the_same(
        boards in proptest::collection::vec(
            (
                proptest::collection::vec(0..=9u8, 81),
                prop_oneof![
                    Just(Written::Line),
                    Just(Written::Display),
                    Just(Written::Zeros),
                    Just(Written::Grid),
                ],
                0..4u8,
            ),
            1..12,
        ),
        crlf in any::<bool>(),
    ) {
        let mut input = Vec::new();
        let mut expected = Vec::new();
        let mut line = 1u64;
        for (cells, written, gap) in &boards {
            let b = Board::new(cells.clone().try_into().unwrap()).unwrap();
            match gap {
                1 => input.extend_from_slice(b"\n"),
                2 => input.extend_from_slice(b"# between boards\n"),
                3 => input.extend_from_slice(b"------+-------+------\n"),
                _ => {}
            }
            line += u64::from(*gap != 0);
            let shape = match written {
                Written::Line => {
                    input.extend_from_slice(&b.to_line());
                    input.push(b'\n');
                    Shape::Line
                }
                Written::Display => {
                    input.extend_from_slice(format!("{b}\n").as_bytes());
                    Shape::Line
                }
                Written::Zeros => {
                    let zeros: Vec<u8> = b.to_line().iter().map(|&c| if c == b'.' { b'0' } else { c }).collect();
                    input.extend_from_slice(&zeros);
                    input.push(b'\n');
                    Shape::Line
                }
                Written::Grid => {
                    write_grid(&mut input, &b);
                    Shape::Grid
                }
            };
            expected.push(format!("{line}:{shape:?}:{b}"));
            line += if shape == Shape::Grid { 11 } else { 1 };
        }
        if crlf {
            input = input
                .iter()
                .flat_map(|&b| if b == b'\n' { vec![b'\r', b'\n'] } else { vec![b] })
                .collect();
        }
        prop_assert_eq!(describe(&input[..]), expected);
    }
}

// ---------------------------------------------------------------------
// --jobs: the same bytes out whatever the number of threads.
// ---------------------------------------------------------------------

/// A random mix of boards of every kind, in several shapes: proper,
/// two-solution, empty, unsolvable, invalid, blanked, and malformed (bad
/// lines, spoiled grids, grids cut short).
fn mix() -> impl Strategy<Value = Vec<(u8, u8, u64)>> {
    proptest::collection::vec((0..12u8, 0..5u8, any::<u64>()), 0..700)
}

fn render(mix: &[(u8, u8, u64)]) -> String {
    let mut text = String::new();
    for &(kind, shape, seed) in mix {
        let puzzle = match kind {
            0 => TWO.to_owned(),
            1 => ".".repeat(81),
            2 => format!("12345678.{}9", ".".repeat(71)),
            3 => format!("55{}", ".".repeat(79)),
            4 => text_of_blanked(seed),
            5 => HARD.to_owned(),
            6 => FULL.to_owned(),
            7 => {
                let at = (seed % 82) as usize;
                text.push_str(&format!("{}x{}\n", &PUZZLE[..at], &PUZZLE[at..]));
                continue;
            }
            8 => {
                let rows = 1 + seed % 8;
                for row in PUZZLE.as_bytes().chunks(9).take(rows as usize) {
                    text.push_str(std::str::from_utf8(row).unwrap());
                    text.push('\n');
                }
                continue;
            }
            9 => {
                text.push_str("# comment\n\n12345678\n");
                continue;
            }
            _ => variant(seed),
        };
        match shape {
            0 | 1 => text.push_str(&format!("{puzzle}\n")),
            2 => text.push_str(&common::plain_grid(&puzzle)),
            3 => text.push_str(&common::boxed_grid(&puzzle)),
            _ => text.push_str(&format!("{}\r\n", puzzle.replace('.', "0"))),
        }
    }
    text
}

fn text_of_blanked(seed: u64) -> String {
    let mut cells = random_grid(seed);
    let mut rng = Rng(seed.rotate_left(17) | 1);
    for _ in 0..55 {
        cells[rng.below(81) as usize] = 0;
    }
    text(&cells)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]

    #[test]
    fn jobs_1_and_jobs_n_print_the_same_bytes(
        mix in mix(),
        jobs in 2..=12u32,
        args in proptest::sample::select(vec![
            "solve",
            "solve --unique --format grid",
            "solve --count --limit 7 --format json",
            "solve --format auto --stats",
            "validate --unique",
            "validate --complete --format json",
        ]),
    ) {
        let input = render(&mix);
        let args: Vec<&str> = args.split(' ').collect();
        let one = run(&[&args[..], &["-j", "1"]].concat(), input.clone());
        let jobs = jobs.to_string();
        let many = run(&[&args[..], &["-j", &jobs]].concat(), input);
        prop_assert!(one.stdout == many.stdout, "stdout differs with -j {}", jobs);
        prop_assert_eq!(one.code, many.code);
        // --stats reports the elapsed time: compare everything else.
        let strip = |s: &str| -> Vec<String> {
            s.lines().filter(|l| !l.starts_with("sudoku: stats:")).map(str::to_owned).collect()
        };
        prop_assert_eq!(strip(&one.stderr), strip(&many.stderr));
        prop_assert!(!one.stderr.contains("panicked"), "{}", one.stderr);
    }
}
