//! Every size and the common variants (the contract's "Every size and the
//! common variants"): boards of 4x4 to 25x25 on one line, as grids and as
//! numbers; `--size`, `--box`, `--symbols`, `--variant`, `--regions`; the
//! f-puzzles forms; the other commands refusing them. Solutions are
//! checked here against the rules as the contract states them, not by
//! the engine that found them.

use crate::common;

use common::*;
use serde_json::Value;

/// The symbols of the default alphabet, value 1 first.
const ALPHABET: &[u8] = b"123456789ABCDEFGHIJKLMNOP";

/// The value of a symbol of the default alphabet, 0 for empty.
fn value(symbol: u8) -> u8 {
    ALPHABET
        .iter()
        .position(|&s| s == symbol.to_ascii_uppercase())
        .map_or(0, |i| i as u8 + 1)
}

/// The usual box shape of a size, as the contract lists them.
fn boxes(size: usize) -> (usize, usize) {
    match size {
        4 => (2, 2),
        6 => (2, 3),
        8 => (2, 4),
        9 => (3, 3),
        10 => (2, 5),
        12 => (3, 4),
        15 => (3, 5),
        16 => (4, 4),
        20 => (4, 5),
        25 => (5, 5),
        _ => panic!("no boxes for {size}"),
    }
}

/// Each cell's region under boxes of `rows` x `columns`.
fn box_regions(size: usize, (rows, columns): (usize, usize)) -> Vec<usize> {
    (0..size * size)
        .map(|cell| (cell / size / rows) * (size / columns) + cell % size / columns)
        .collect()
}

/// Checks that `solution` fills `puzzle` (keeping its givens) and repeats
/// no value in a row, column or region.
fn check(puzzle: &[u8], solution: &[u8], size: usize, regions: &[usize]) -> Result<(), String> {
    if solution.len() != size * size {
        return Err(format!("{} cells, not {}", solution.len(), size * size));
    }
    for (i, (&p, &s)) in puzzle.iter().zip(solution).enumerate() {
        if s == 0 || usize::from(s) > size {
            return Err(format!("cell {i} holds {s}"));
        }
        if p != 0 && p != s {
            return Err(format!("given {p} at cell {i} became {s}"));
        }
    }
    for a in 0..size * size {
        for b in a + 1..size * size {
            let same_row = a / size == b / size;
            let same_column = a % size == b % size;
            if (same_row || same_column || regions[a] == regions[b]) && solution[a] == solution[b] {
                return Err(format!("cells {a} and {b} both hold {}", solution[a]));
            }
        }
    }
    Ok(())
}

fn values(line: &str) -> Vec<u8> {
    line.bytes().map(value).collect()
}

/// A symbol line of `values`.
fn line_of(values: &[u8]) -> String {
    values
        .iter()
        .map(|&v| {
            if v == 0 {
                '.'
            } else {
                ALPHABET[usize::from(v) - 1] as char
            }
        })
        .collect()
}

/// Whether `digit` at cell `at` of a 4x4 board with boxes `regions`
/// repeats a digit of its row, column or box.
fn clashes_4x4(cells: &[u8], at: usize, digit: u8, regions: &[usize]) -> bool {
    (0..16).any(|other| {
        cells[other] == digit
            && (other / 4 == at / 4 || other % 4 == at % 4 || regions[other] == regions[at])
    })
}

/// Solutions of a 4x4 board (0 for empty), counted by plain recursion.
fn brute_force_4x4(cells: &[u8]) -> u64 {
    let regions = box_regions(4, (2, 2));
    let Some(empty) = cells.iter().position(|&v| v == 0) else {
        return u64::from(check(cells, cells, 4, &regions).is_ok());
    };
    let mut total = 0;
    for digit in 1..=4 {
        if !clashes_4x4(cells, empty, digit, &regions) {
            let mut next = cells.to_vec();
            next[empty] = digit;
            total += brute_force_4x4(&next);
        }
    }
    total
}

/// A solved grid of every size with boxes, found by the CLI from an empty
/// board; then half its cells blanked and solved again.
#[test]
fn every_size_solves_and_validates() {
    for size in [4, 6, 8, 10, 12, 15, 16, 20, 25] {
        let regions = box_regions(size, boxes(size));
        let empty = ".".repeat(size * size);
        let solved = run(&["solve"], format!("{empty}\n"));
        assert_eq!(solved.code, 0, "{size}: {}", solved.stderr);
        let solution = values(solved.stdout.trim_end());
        check(&vec![0; size * size], &solution, size, &regions).unwrap();
        // Every other cell blanked: the solution found keeps the rest.
        let puzzle: Vec<u8> = solution
            .iter()
            .enumerate()
            .map(|(i, &v)| if i % 2 == 0 { v } else { 0 })
            .collect();
        let again = run(
            &["solve", "--format", "json"],
            format!("{}\n", line_of(&puzzle)),
        );
        assert_eq!(again.code, 0, "{size}: {}", again.stderr);
        let json: Value = serde_json::from_str(again.stdout.trim_end()).unwrap();
        assert_eq!(json["size"], size);
        let (r, c) = boxes(size);
        assert_eq!(json["box"], serde_json::json!([r, c]));
        let found = values(json["solution"].as_str().unwrap());
        check(&puzzle, &found, size, &regions).unwrap();
        let valid = run(
            &["validate", "--complete"],
            format!("{}\n", line_of(&found)),
        );
        assert_eq!(
            (valid.code, valid.stdout.as_str()),
            (0, "valid\n"),
            "{size}"
        );
    }
}

#[test]
fn validate_options_and_statuses_hold_for_other_sizes() {
    // The contract: `--complete` and `--unique` as for classic boards, the
    // first status that applies winning (invalid, incomplete, unsolvable,
    // multiple).
    let cases = [
        (
            &["validate", "--complete"][..],
            "1234341221434321\n",
            "valid",
            0,
        ),
        (
            &["validate", "--complete"],
            ".234341221434321\n",
            "incomplete",
            1,
        ),
        (
            &["validate", "--unique"],
            "................\n",
            "multiple",
            1,
        ),
        (
            &["validate", "--unique"],
            "12........3...4.\n",
            "unsolvable",
            1,
        ),
        (
            &["validate", "--complete", "--unique"],
            "11..............\n",
            "invalid",
            1,
        ),
        (&["solve", "--unique"], "................\n", "multiple", 1),
        (&["solve"], "12........3...4.\n", "unsolvable", 1),
    ];
    for (args, board, status, code) in cases {
        let got = run(args, board);
        let word = got.stdout.trim_end().split(':').next().unwrap().to_owned();
        assert_eq!(
            (word.as_str(), got.code),
            (status, code),
            "{args:?} {board}"
        );
    }
}

#[test]
fn a_sized_grid_reads_and_prints_with_its_box_lines() {
    let grid = "1 . | . .\n. . | 1 .\n----+----\n. 1 | . .\n. . | . 1\n";
    let got = run(&["solve", "--count"], grid);
    assert_eq!(
        got.stdout,
        format!(
            "{}\n",
            brute_force_4x4(&values(&grid.replace(['|', '-', '+', ' ', '\n'], "")))
        )
    );
    let solved = run(
        &["solve"],
        "1 2 | . .\n. . | 1 2\n----+----\n2 1 | . .\n. . | 2 1\n",
    );
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    assert_eq!(
        solved.stdout,
        "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
    );
    // The printed grid reads back as the same board.
    let back = run(&["validate", "--complete"], solved.stdout.clone());
    assert_eq!(back.stdout, "valid\n");
}

#[test]
fn sixteen_by_sixteen_grids_need_the_size_and_take_numbers() {
    let empty = ".".repeat(256);
    let solution = values(run(&["solve"], format!("{empty}\n")).stdout.trim_end());
    let rows: String = solution
        .chunks(16)
        .map(|row| {
            let words: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            format!("[{}],\n", words.join(", "))
        })
        .collect();
    let got = run(&["validate", "--size", "16"], rows.clone());
    assert_eq!(
        (got.code, got.stdout.as_str()),
        (0, "valid\n"),
        "{}",
        got.stderr
    );
    // Solving keeps the numbers: a grid of numbers, padded to two columns.
    let mut puzzle = rows.replacen("[1,", "[.,", 1);
    if puzzle == rows {
        puzzle = rows.replacen(" 1,", " .,", 1);
    }
    let solved = run(&["solve", "--size", "16", "--format", "grid"], puzzle);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let first = solved.stdout.lines().next().unwrap();
    assert_eq!(first.split(" | ").count(), 4, "{first}");
    assert!(
        first.contains("16") || solved.stdout.contains("16"),
        "{}",
        solved.stdout
    );
    // JSON writes N² symbols whatever the input's form.
    let json = run(&["solve", "--size", "16", "--format", "json"], rows.clone());
    let record: Value = serde_json::from_str(json.stdout.trim_end()).unwrap();
    assert_eq!(record["puzzle"].as_str().unwrap().len(), 256);
    assert_eq!(values(record["solution"].as_str().unwrap()), solution);
    // Without --size, a line of 16 cells is a 4x4 board.
    let four = run(&["validate"], "1234341221434321\n");
    assert_eq!(four.stdout, "valid\n");
}

#[test]
fn symbols_name_the_digits_and_print_them_back() {
    let got = run(&["solve", "--symbols", "ABCD"], "AB..\n..AB\n....\n....\n");
    assert_eq!(got.code, 0, "{}", got.stderr);
    assert!(
        got.stdout
            .lines()
            .all(|l| l.bytes().all(|b| b"ABCD |-+".contains(&b))),
        "{}",
        got.stdout
    );
    let zero = run(&["validate", "--symbols", "0123"], "0123230110323210\n");
    assert_eq!(zero.stdout, "valid\n");
    let bad = run(&["solve", "--symbols", "ABCA"], "");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("twice"), "{}", bad.stderr);
}

#[test]
fn box_shapes_and_regions_replace_the_usual_boxes() {
    // 3x2 boxes: 3 rows by 2 columns.
    let empty = ".".repeat(36);
    let tall = run(
        &["solve", "--box", "3x2", "--format", "json"],
        format!("{empty}\n"),
    );
    let json: Value = serde_json::from_str(tall.stdout.trim_end()).unwrap();
    assert_eq!(json["box"], serde_json::json!([3, 2]));
    let solution = values(json["solution"].as_str().unwrap());
    check(&[0; 36], &solution, 6, &box_regions(6, (3, 2))).unwrap();
    // A jigsaw 5x5: no boxes at all without regions.
    let layout = "AAABB AABBB CCCDD CEEDD CEEED";
    let regions: Vec<usize> = layout
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .map(|b| usize::from(b - b'A'))
        .collect();
    let no_regions = run(&["solve"], format!("{}\n", ".".repeat(25)));
    assert_eq!(no_regions.code, 2);
    assert!(
        no_regions.stderr.contains("--regions"),
        "{}",
        no_regions.stderr
    );
    let jigsaw = run(
        &["solve", "--size", "5", "--regions", layout],
        format!("{}\n", ".".repeat(25)),
    );
    assert_eq!(jigsaw.code, 0, "{}", jigsaw.stderr);
    check(&[0; 25], &values(jigsaw.stdout.trim_end()), 5, &regions).unwrap();
    let conflict = run(
        &["validate", "--size", "5", "--regions", layout],
        "11.......................\n",
    );
    assert_eq!(conflict.code, 1);
    assert!(
        conflict.stdout.contains("1 twice in region 1 (r1c1, r1c2)"),
        "{}",
        conflict.stdout
    );
}

/// A 5x5 jigsaw, and its transpose: a board's answer under one breaks
/// the other's regions, so a board given the wrong layout shows.
const JIGSAW: &str = "AAABB AABBB CCCDD CEEDD CEEED";
const TRANSPOSED: &str = "AACCC AACEE ABCEE BBDDE BBDDD";

/// Each cell's region in a layout of letters `A`, `B`, ...
fn layout_regions(layout: &str) -> Vec<usize> {
    layout
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .map(|b| usize::from(b - b'A'))
        .collect()
}

/// 5x5 board `i` of a run: one given, placed and valued by `i`, so that
/// the boards' answers differ (one given never makes a jigsaw unsolvable).
fn jigsaw_board(i: usize) -> String {
    let mut cells = vec![0u8; 25];
    cells[i * 7 % 25] = (i / 25 % 5) as u8 + 1;
    line_of(&cells)
}

/// A `--regions` file of `lines` in `test`'s temp dir, and its path as
/// records and messages name it.
fn layouts_file(test: &str, lines: &[&str]) -> String {
    let path = temp_dir(test).join("layouts.txt");
    std::fs::write(&path, lines.concat()).unwrap();
    path.to_str().unwrap().to_owned()
}

/// `solve --size 5 -j JOBS --format json --regions PATH` on `input`: the
/// run and its records.
fn solve_5x5_json(jobs: &str, path: &str, input: &str) -> (Run, Vec<Value>) {
    let args = [
        "solve",
        "--size",
        "5",
        "-j",
        jobs,
        "--format",
        "json",
        "--regions",
        path,
    ];
    let got = run(&args, input);
    let records = got
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (got, records)
}

/// The records' statuses.
fn statuses(records: &[Value]) -> Vec<&str> {
    records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect()
}

#[test]
fn a_regions_file_gives_each_board_its_own_layout_in_order() {
    const BOARDS: usize = 300;
    let layouts = [JIGSAW, TRANSPOSED];
    let mut lines = vec!["# two jigsaws, taking turns\n".to_owned()];
    for i in 0..BOARDS {
        if i % 50 == 0 {
            lines.push("\n# another fifty\n".to_owned());
        }
        lines.push(format!("{}\n", layouts[i % 2]));
    }
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let path = layouts_file("regions_file_order", &lines);
    let boards: Vec<String> = (0..BOARDS).map(jigsaw_board).collect();
    let input: String = boards.iter().map(|b| format!("{b}\n")).collect();
    // What one layout for every board answers (the path that reads no
    // file), each board taken from the run of its own layout.
    let alone: Vec<Vec<String>> = layouts
        .iter()
        .enumerate()
        .map(|(turn, layout)| {
            let mine: String = boards
                .iter()
                .skip(turn)
                .step_by(2)
                .map(|b| format!("{b}\n"))
                .collect();
            let got = run(&["solve", "--size", "5", "--regions", layout], mine);
            assert_eq!(got.code, 0, "{}", got.stderr);
            got.stdout_lines().iter().map(|l| l.to_string()).collect()
        })
        .collect();
    let expected: String = (0..BOARDS)
        .map(|i| format!("{}\n", alone[i % 2][i / 2]))
        .collect();
    for jobs in ["1", "3"] {
        let got = run(
            &["solve", "--size", "5", "-j", jobs, "--regions", &path],
            input.clone(),
        );
        assert_eq!((got.code, got.stderr.as_str()), (0, ""), "-j {jobs}");
        for (i, (board, answer)) in boards.iter().zip(got.stdout_lines()).enumerate() {
            let regions = layout_regions(layouts[i % 2]);
            check(&values(board), &values(answer), 5, &regions)
                .unwrap_or_else(|why| panic!("-j {jobs}, board {}: {why}", i + 1));
        }
        assert_eq!(got.stdout, expected, "-j {jobs}");
    }
}

#[test]
fn a_bad_layout_line_is_its_boards_error_and_the_boards_around_it_go_on() {
    let bad = "AAAAA BBBBB";
    let path = layouts_file(
        "regions_file_bad_line",
        &[
            &format!("{JIGSAW}\n"),
            &format!("{TRANSPOSED}\n"),
            &format!("{bad}\n"),
            &format!("{TRANSPOSED}\n"),
            &format!("{JIGSAW}\n"),
        ],
    );
    let layouts = [JIGSAW, TRANSPOSED, bad, TRANSPOSED, JIGSAW];
    let boards: Vec<String> = (0..5).map(jigsaw_board).collect();
    let input: String = boards.iter().map(|b| format!("{b}\n")).collect();
    let message = format!(
        "--regions {path}:3: a region layout needs N x N symbols (N from 4 to 25), found 10"
    );
    for jobs in ["1", "2"] {
        let got = run(
            &["solve", "--size", "5", "-j", jobs, "--regions", &path],
            input.clone(),
        );
        assert_eq!(got.code, 2, "-j {jobs}: {}", got.stderr);
        assert_eq!(
            got.stderr,
            format!("sudoku: <stdin>:3: {message}\n"),
            "-j {jobs}"
        );
        let answers = got.stdout_lines();
        assert_eq!(answers.len(), 5, "-j {jobs}: {}", got.stdout);
        assert_eq!(answers[2], "error", "-j {jobs}");
        for i in [0, 1, 3, 4] {
            let regions = layout_regions(layouts[i]);
            check(&values(&boards[i]), &values(answers[i]), 5, &regions)
                .unwrap_or_else(|why| panic!("-j {jobs}, board {}: {why}", i + 1));
        }
        let (_, records) = solve_5x5_json(jobs, &path, &input);
        let statuses = statuses(&records);
        assert_eq!(statuses, ["solved", "solved", "error", "solved", "solved"]);
        assert_eq!(records[2]["line"], 3);
        assert_eq!(records[2]["error"], message.as_str());
    }
}

#[test]
fn boards_past_the_last_layout_are_each_an_error() {
    let path = layouts_file(
        "regions_file_ran_out",
        &["# two only\n", &format!("{JIGSAW}\n\n{TRANSPOSED}\n")],
    );
    let input: String = (0..4).map(|i| format!("{}\n", jigsaw_board(i))).collect();
    for jobs in ["1", "2"] {
        let (got, records) = solve_5x5_json(jobs, &path, &input);
        assert_eq!(got.code, 2, "-j {jobs}: {}", got.stderr);
        let statuses = statuses(&records);
        assert_eq!(
            statuses,
            ["solved", "solved", "error", "error"],
            "-j {jobs}"
        );
        for board in [3, 4] {
            let message = format!("--regions {path} gives 2 layouts; this is board {board}");
            assert_eq!(records[board - 1]["error"], message.as_str(), "-j {jobs}");
            assert!(
                got.stderr
                    .contains(&format!("sudoku: <stdin>:{board}: {message}\n")),
                "-j {jobs}: {}",
                got.stderr
            );
        }
    }
}

#[test]
fn a_regions_file_without_a_good_first_layout_is_a_usage_error() {
    let input = format!("{}\n", jigsaw_board(0));
    // The first layout is read before any board: a wrong file answers none.
    let bad = layouts_file(
        "regions_file_bad_first",
        &["# jigsaws\n", "AAAAA\n", &format!("{JIGSAW}\n")],
    );
    let got = run(&["solve", "--size", "5", "--regions", &bad], input.clone());
    assert_eq!(
        (got.code, got.stdout.as_str(), got.stderr.as_str()),
        (
            2,
            "",
            format!(
                "sudoku: --regions {bad}:2: a region layout needs N x N symbols (N from 4 to 25), found 5\n"
            )
            .as_str()
        )
    );
    let empty = layouts_file("regions_file_empty", &["# no layout\n", "\n"]);
    let got = run(&["solve", "--size", "5", "--regions", &empty], input);
    assert_eq!(
        (got.code, got.stdout.as_str(), got.stderr.as_str()),
        (
            2,
            "",
            format!("sudoku: --regions {empty}: no layout in the file\n").as_str()
        )
    );
}

#[test]
fn a_regions_argument_that_is_neither_file_nor_layout_says_what_it_is() {
    let input = format!("{}\n", jigsaw_board(0));
    // A mistyped file name reads as neither: the message says both. The
    // name is relative (a path's length would change the symbols' count).
    let missing = "no-such-layouts.txt";
    assert!(!std::path::Path::new(missing).exists());
    let got = run(
        &["solve", "--size", "5", "--regions", missing],
        input.clone(),
    );
    assert_eq!(
        (got.code, got.stdout.as_str(), got.stderr.as_str()),
        (
            2,
            "",
            "sudoku: --regions no-such-layouts.txt: No such file or directory (and as a \
             layout: a region layout needs N x N symbols (N from 4 to 25), found 17)\n"
        )
    );
    let dir = temp_dir("regions_not_a_file");
    let dir = dir.to_str().unwrap();
    let got = run(&["solve", "--size", "5", "--regions", dir], input.clone());
    assert_eq!(
        (got.code, got.stdout.as_str(), got.stderr.as_str()),
        (
            2,
            "",
            format!("sudoku: --regions {dir}: a directory, not a file of layouts\n").as_str()
        )
    );
    // Not path-like: the layout's own message, as before.
    let got = run(
        &[
            "solve",
            "--size",
            "5",
            "--regions",
            "AAAAA BBBBB CCCCC DDDDD",
        ],
        input,
    );
    assert_eq!(
        got.stderr,
        "sudoku: --regions: a region layout needs N x N symbols (N from 4 to 25), found 20\n"
    );
}

#[test]
fn a_regions_file_may_start_with_a_byte_order_mark() {
    let input = format!("{}\n", jigsaw_board(3));
    let path = layouts_file("regions_file_bom", &[&format!("\u{FEFF}{JIGSAW}\r\n")]);
    let marked = run(&["solve", "--size", "5", "--regions", &path], input.clone());
    let inline = run(&["solve", "--size", "5", "--regions", JIGSAW], input);
    assert_eq!((marked.code, marked.stderr.as_str()), (0, ""));
    assert_eq!(marked.stdout, inline.stdout);
    assert_eq!(marked.stdout.len(), 26);
}

const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn variant_rules_change_the_answers_and_name_their_conflicts() {
    // LeetCode's puzzle breaks the X rule: no solution keeps both diagonals.
    let x = run(
        &["solve", "--variant", "x", "--count"],
        format!("{LEETCODE}\n"),
    );
    assert_eq!(x.stdout, "0\n");
    let diagonal = run(
        &["validate", "--variant", "x", "--format", "json"],
        "1...............................................................................1\n"
            .to_owned(),
    );
    let json: Value = serde_json::from_str(diagonal.stdout.trim_end()).unwrap();
    assert_eq!(json["conflicts"][0]["rule"], "diagonal");
    assert_eq!(json["rules"], serde_json::json!(["diagonal"]));
    assert!(json["conflicts"][0]["text"]
        .as_str()
        .unwrap()
        .contains("main diagonal"));
    // Non-consecutive names the pair and the rule.
    let pair = run(
        &["validate", "--variant", "non-consecutive"],
        format!("45{}\n", ".".repeat(79)),
    );
    assert_eq!(pair.code, 1);
    assert!(
        pair.stdout
            .contains("4 and 5 adjacent (non-consecutive: r1c1, r1c2)"),
        "{}",
        pair.stdout
    );
    // A rule only ever removes solutions: the counts of a board with a
    // few hundred solutions, with each rule, are at most the plain count,
    // and together the rules remove some.
    let open = format!("{}{}\n", &FULL[..45], ".".repeat(36));
    let count = |args: &[&str]| -> u64 {
        let got = run(
            &[&["solve", "--count", "--limit", "100000"], args].concat(),
            open.clone(),
        );
        got.stdout.trim_end().parse().unwrap()
    };
    let plain = count(&[]);
    assert!(plain > 1, "{plain}");
    let mut removed = false;
    for variant in [
        "x",
        "windoku",
        "disjoint",
        "anti-knight",
        "anti-king",
        "non-consecutive",
    ] {
        let with = count(&["--variant", variant]);
        assert!(with <= plain, "{variant}: {with} above {plain}");
        removed |= with < plain;
    }
    assert!(removed);
}

/// f-puzzles JSON of a 4x4 killer: one cage of r1c1-r1c2 summing to 3.
const KILLER: &str = r#"{"size":4,"title":"Tiny","author":"Us","grid":[[{},{},{},{}],[{},{},{},{}],[{"value":4,"given":true},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"line":[{"lines":[["R4C1","R4C2"]]}]}"#;

#[test]
fn f_puzzles_json_and_links_read_as_one_board_each() {
    let json = run(&["solve", "--format", "json"], format!("{KILLER}\n"));
    assert_eq!(json.code, 0, "{}", json.stderr);
    let record: Value = serde_json::from_str(json.stdout.trim_end()).unwrap();
    assert_eq!(record["title"], "Tiny");
    assert_eq!(record["author"], "Us");
    assert_eq!(record["ignored"], serde_json::json!(["line"]));
    assert_eq!(record["rules"], serde_json::json!(["killer cage"]));
    let solution = values(record["solution"].as_str().unwrap());
    assert_eq!(solution[0] + solution[1], 3, "{solution:?}");
    assert_eq!(solution[8], 4);
    // The same puzzle as a payload and as links, plain and percent-encoded.
    let payload = lz_str::compress_to_base64(KILLER);
    let encoded = payload
        .replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D");
    let input = format!(
        "{payload}\nhttps://f-puzzles.com/?load={payload}\nhttps://sudokupad.app/fpuzzles{encoded}\n"
    );
    let links = run(&["solve", "--count", "-j", "2"], input);
    assert_eq!(links.code, 0, "{}", links.stderr);
    let counts = run(&["solve", "--count"], format!("{KILLER}\n")).stdout;
    assert_eq!(links.stdout, counts.repeat(3));
}

#[test]
fn a_bad_payload_or_an_unknown_rule_is_an_error_record_and_the_run_goes_on() {
    let unknown = KILLER.replace("\"killercage\"", "\"fogofwar\"");
    let input = format!("N4IgNotAPayload\n{unknown}\n{KILLER}\n");
    let got = run(&["solve"], input);
    assert_eq!(got.code, 2);
    let lines = got.stdout_lines();
    assert_eq!(lines.len(), 3, "{}", got.stdout);
    assert_eq!(&lines[..2], ["error", "error"]);
    let errors = got.stderr_lines();
    assert!(
        errors[0].starts_with("sudoku: <stdin>:1: "),
        "{}",
        got.stderr
    );
    assert!(
        errors[1].contains("unsupported f-puzzles rule \"fogofwar\""),
        "{}",
        got.stderr
    );
}

#[test]
fn other_commands_refuse_boards_that_are_not_classic() {
    for command in ["rate", "explain", "hint", "canon", "transform"] {
        let args: &[&str] = if command == "transform" {
            &[command, "--mirror"]
        } else {
            &[command]
        };
        let got = run(args, "1234341221434321\n");
        assert_eq!(got.code, 2, "{command}");
        assert_eq!(got.stdout, "error\n", "{command}");
        assert!(
            got.stderr.contains(&format!(
                "{command}: classic 9x9 boards only; this is a 4x4 board"
            )),
            "{command}: {}",
            got.stderr
        );
    }
    let killer = run(&["rate"], format!("{KILLER}\n"));
    assert!(
        killer
            .stderr
            .contains("an f-puzzles 4x4 board with rules (killer cage)"),
        "{}",
        killer.stderr
    );
}

#[test]
fn output_never_depends_on_jobs() {
    let mut input = String::new();
    for size in [4, 6, 9, 16] {
        for i in 0..8 {
            let mut board = vec![b'.'; size * size];
            board[i % (size * size)] = ALPHABET[i % size];
            input.push_str(std::str::from_utf8(&board).unwrap());
            input.push('\n');
        }
    }
    input.push_str(&format!("{KILLER}\n"));
    let one = run(&["solve", "--format", "json", "-j", "1"], input.clone());
    let four = run(&["solve", "--format", "json", "-j", "4"], input);
    assert_eq!(one, four);
    assert_eq!(one.stdout.lines().count(), 33);
}

/// Every 4x4 sudoku grid (288), by plain recursion.
fn all_4x4(cells: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
    let Some(empty) = cells.iter().position(|&v| v == 0) else {
        out.push(cells.clone());
        return;
    };
    let regions = box_regions(4, (2, 2));
    for digit in 1..=4 {
        if !clashes_4x4(cells, empty, digit, &regions) {
            cells[empty] = digit;
            all_4x4(cells, out);
            cells[empty] = 0;
        }
    }
}

/// Sum rules from f-puzzles data, pruned exactly when short (peers on an
/// arrow differ): the CLI's counts equal a brute force over every 4x4 grid
/// for an arrow (circle r1c1 over r1c2 and r2c2, all in one box) and a
/// little killer (the anti-diagonal), alone and together.
#[test]
fn arrows_and_little_killers_count_as_a_brute_force() {
    let arrow = r#""arrow":[{"lines":[["R1C1","R1C2","R2C2"]],"cells":["R1C1"]}]"#;
    let little = r#""littlekillersum":[{"cell":"R5C0","cells":["R4C1","R3C2","R2C3","R1C4"],"direction":"UR","value":"9"}]"#;
    let grid = r#""grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;
    let mut grids = Vec::new();
    all_4x4(&mut vec![0; 16], &mut grids);
    assert_eq!(grids.len(), 288);
    let keeps_arrow = |g: &[u8]| g[0] == g[1] + g[5];
    let keeps_little = |g: &[u8]| g[12] + g[9] + g[6] + g[3] == 9;
    for (rules, with_arrow, with_little) in [
        (arrow.to_string(), true, false),
        (little.to_string(), false, true),
        (format!("{arrow},{little}"), true, true),
    ] {
        let expected = grids
            .iter()
            .filter(|g| (!with_arrow || keeps_arrow(g)) && (!with_little || keeps_little(g)))
            .count();
        assert!(0 < expected && expected < 288, "{rules}: {expected}");
        let json = format!(r#"{{"size":4,{grid},{rules}}}"#);
        let counted = run(
            &["solve", "--count", "--format", "json"],
            format!("{json}\n"),
        );
        assert_eq!(counted.code, 0, "{}", counted.stderr);
        let record: Value = serde_json::from_str(counted.stdout.trim_end()).unwrap();
        assert_eq!(record["solutions"], expected as u64, "{rules}");
    }
}
