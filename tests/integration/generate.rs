//! `sudoku generate`: the contract's promises, checked as properties over
//! many seeds, and its command-line behaviour (formats, exit statuses,
//! seeds, threads, timeouts, closed pipes).
//!
//! Uniqueness and minimality are counted by the library's solver (limit
//! 2); solutions are checked by the independent checker of `tests/common`,
//! and the symmetry maps are written here again, sharing no code with
//! `src/generate`.

use crate::common;

use std::collections::HashSet;
use std::process::Command;

use serde_json::Value;
use sudoku_cli::{solve, Board};

use common::*;

/// The symmetry names `--symmetry` takes.
const SYMMETRIES: [&str; 7] = [
    "none",
    "rotate180",
    "rotate90",
    "mirror",
    "flip",
    "diagonal",
    "antidiagonal",
];

/// The image of (row, column), 0-8, under the named map.
fn image(symmetry: &str, r: usize, c: usize) -> (usize, usize) {
    match symmetry {
        "none" => (r, c),
        "rotate180" => (8 - r, 8 - c),
        "rotate90" => (c, 8 - r),
        "mirror" => (r, 8 - c),
        "flip" => (8 - r, c),
        "diagonal" => (c, r),
        "antidiagonal" => (8 - c, 8 - r),
        _ => panic!("unknown symmetry {symmetry}"),
    }
}

/// The cells of `start`'s orbit under the map (itself included).
fn orbit(symmetry: &str, start: usize) -> Vec<usize> {
    let mut cells = vec![start];
    loop {
        let last = *cells.last().unwrap();
        let (r, c) = image(symmetry, last / 9, last % 9);
        let next = r * 9 + c;
        if next == start {
            return cells;
        }
        cells.push(next);
    }
}

/// Runs `sudoku generate ARGS`, expecting exit 0.
fn generate(args: &[&str]) -> String {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let out = run(&all, "");
    assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
    assert_eq!(out.stderr, "", "{args:?}");
    out.stdout
}

/// The JSON records of `sudoku generate --format json ARGS`.
fn records(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    generate(&all)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect()
}

fn text<'a>(record: &'a Value, key: &str) -> &'a str {
    record[key]
        .as_str()
        .unwrap_or_else(|| panic!("no {key} in {record}"))
}

/// The number of solutions of `cells`, counted to 2 by the solver.
fn count(cells: &[u8]) -> u32 {
    let board = Board::new(cells.try_into().unwrap()).unwrap();
    solve(&board, 2).map_or(0, |found| found.count)
}

/// Checks everything a record promises on its own: keys, a unique
/// puzzle, the right solution, the givens count, the symmetric pattern,
/// and (if asked) minimality over symmetric groups.
fn check_record(record: &Value, number: usize, symmetry: &str, minimal: bool) -> Vec<u8> {
    assert_eq!(record["source"], "generate");
    assert_eq!(record["status"], "generated");
    assert_eq!(record["line"].as_u64(), Some(number as u64));
    assert!(record["seed"].is_u64(), "{record}");
    let puzzle = text(record, "puzzle");
    let cells = cells(puzzle);
    assert_solves(puzzle, text(record, "solution"));
    assert_eq!(count(&cells), 1, "not unique: {puzzle}");
    let givens = cells.iter().filter(|&&c| c != 0).count();
    assert_eq!(record["givens"].as_u64(), Some(givens as u64));
    for i in 0..81 {
        let (r, c) = image(symmetry, i / 9, i % 9);
        assert_eq!(cells[i] == 0, cells[r * 9 + c] == 0, "{symmetry}: {puzzle}");
    }
    if minimal {
        let mut tried = [false; 81];
        for i in 0..81 {
            if cells[i] == 0 || tried[i] {
                continue;
            }
            let mut less = cells.clone();
            for j in orbit(symmetry, i) {
                tried[j] = true;
                less[j] = 0;
            }
            assert_eq!(
                count(&less),
                2,
                "{symmetry}: r{}c{} removable from {puzzle}",
                i / 9 + 1,
                i % 9 + 1
            );
        }
    }
    cells
}

#[test]
fn every_puzzle_is_unique_symmetric_and_distinct_for_every_symmetry() {
    for (k, symmetry) in SYMMETRIES.iter().enumerate() {
        let seed = (1000 + k).to_string();
        let found = records(&["-n", "60", "--seed", &seed, "--symmetry", symmetry]);
        assert_eq!(found.len(), 60);
        let mut seen = HashSet::new();
        for (i, record) in found.iter().enumerate() {
            // A full pass over the groups makes every default puzzle
            // minimal too: checked here for the first ten.
            let cells = check_record(record, i + 1, symmetry, i < 10);
            assert!(seen.insert(cells), "{symmetry}: a repeated puzzle");
        }
    }
}

#[test]
fn minimal_puzzles_need_every_given_and_every_group() {
    for (k, symmetry) in SYMMETRIES.iter().enumerate() {
        let seed = (2000 + k).to_string();
        let found = records(&[
            "-n",
            "25",
            "--minimal",
            "--seed",
            &seed,
            "--symmetry",
            symmetry,
        ]);
        for (i, record) in found.iter().enumerate() {
            check_record(record, i + 1, symmetry, true);
        }
    }
    // With a range of givens too.
    for (i, record) in records(&["-n", "20", "--minimal", "--givens", "24..26", "--seed", "3"])
        .iter()
        .enumerate()
    {
        let cells = check_record(record, i + 1, "none", true);
        let givens = cells.iter().filter(|&&c| c != 0).count();
        assert!((24..=26).contains(&givens), "{givens}");
    }
}

#[test]
fn givens_lie_in_the_range_asked() {
    let cases: [(&[&str], std::ops::RangeInclusive<usize>); 6] = [
        (&["--givens", "30..35"], 30..=35),
        (&["--givens", "40"], 40..=40),
        (&["--givens", "..27"], 17..=27),
        (&["--givens", "60.."], 60..=81),
        (&["--givens", "81"], 81..=81),
        (&["--givens", "28..33", "--symmetry", "rotate90"], 28..=33),
    ];
    for (args, range) in cases {
        let symmetry = if args.contains(&"rotate90") {
            "rotate90"
        } else {
            "none"
        };
        let mut all = vec!["-n", "40", "--seed", "11"];
        all.extend_from_slice(args);
        let mut counts = HashSet::new();
        for (i, record) in records(&all).iter().enumerate() {
            let cells = check_record(record, i + 1, symmetry, false);
            let givens = cells.iter().filter(|&&c| c != 0).count();
            assert!(range.contains(&givens), "{args:?}: {givens}");
            counts.insert(givens);
        }
        if symmetry == "rotate90" {
            assert!(counts.iter().all(|g| g % 4 <= 1), "{counts:?}");
        }
        if args == ["--givens", "30..35"] {
            assert!(
                counts.len() > 1,
                "the counts spread over the range: {counts:?}"
            );
        }
    }
}

#[test]
fn the_same_seed_prints_the_same_bytes_with_any_number_of_threads() {
    for args in [
        &["-n", "300", "--seed", "7"][..],
        &[
            "-n",
            "50",
            "--seed",
            "8",
            "--format",
            "json",
            "--symmetry",
            "mirror",
        ],
        &[
            "-n", "20", "--seed", "9", "--format", "grid", "--givens", "25..40",
        ],
        &[
            "-n",
            "30",
            "--seed",
            "10",
            "--minimal",
            "--symmetry",
            "rotate180",
        ],
    ] {
        let one = generate(&[args, &["-j", "1"]].concat());
        assert_eq!(generate(&[args, &["-j", "2"]].concat()), one, "{args:?}");
        assert_eq!(generate(&[args, &["-j", "5"]].concat()), one, "{args:?}");
        assert_eq!(generate(args), one, "{args:?}");
    }
    assert_ne!(
        generate(&["-n", "5", "--seed", "1"]),
        generate(&["-n", "5", "--seed", "2"])
    );
}

#[test]
fn a_records_seed_replays_that_puzzle_with_n_1() {
    for options in [
        &[][..],
        &["--symmetry", "diagonal"],
        &["--givens", "30..40"],
        &["--minimal", "--symmetry", "rotate90"],
    ] {
        let run = records(&[options, &["-n", "12", "--seed", "99"]].concat());
        assert_eq!(
            run[0]["seed"].as_u64(),
            Some(99),
            "the first is the run's seed"
        );
        for record in run.iter().step_by(3) {
            let seed = record["seed"].to_string();
            let replay = records(&[options, &["-n", "1", "--seed", &seed]].concat());
            assert_eq!(replay.len(), 1);
            assert_eq!(
                replay[0]["puzzle"], record["puzzle"],
                "{options:?} seed {seed}"
            );
            assert_eq!(replay[0]["solution"], record["solution"]);
        }
    }
}

#[test]
fn without_a_seed_one_is_drawn_shown_and_replayable() {
    let out = run(&["generate", "-n", "3", "--format", "json", "--stats"], "");
    assert_eq!(out.code, 0);
    let first: Value = serde_json::from_str(out.stdout.lines().next().unwrap()).unwrap();
    let seed = first["seed"].as_u64().unwrap();
    assert!(seed < 1 << 53, "exact in any JSON reader");
    let stats = out.stderr_lines();
    assert_eq!(stats.len(), 1, "{stats:?}");
    assert!(
        stats[0].starts_with(&format!(
            "sudoku: stats: seed {seed}, 3 puzzles asked, 3 generated"
        )),
        "{}",
        stats[0]
    );
    let replay = generate(&["-n", "3", "--format", "json", "--seed", &seed.to_string()]);
    assert_eq!(replay, out.stdout);
    let other = run(&["generate", "-n", "3"], "");
    assert_ne!(
        generate(&["-n", "3", "--seed", &seed.to_string()]),
        other.stdout
    );
}

#[test]
fn line_grid_and_auto_formats_read_back_as_the_puzzles() {
    let lines = generate(&["-n", "4", "--seed", "5"]);
    assert_eq!(
        generate(&["-n", "4", "--seed", "5", "--format", "line"]),
        lines
    );
    let puzzles: Vec<&str> = lines.lines().collect();
    assert!(puzzles
        .iter()
        .all(|p| p.len() == 81 && p.bytes().all(|b| b == b'.' || b.is_ascii_digit())));
    let grids = generate(&["-n", "4", "--seed", "5", "--format", "grid"]);
    let blocks: Vec<&str> = grids.split("\n\n").collect();
    assert_eq!(blocks.len(), 4, "one blank line between grids: {grids}");
    assert!(!grids.starts_with('\n') && !grids.ends_with("\n\n"));
    for (block, puzzle) in blocks.iter().zip(&puzzles) {
        assert_eq!(block.lines().count(), 11);
        assert_eq!(block.parse::<Board>().unwrap().to_string(), *puzzle);
    }
    // The output is input: every puzzle is proper.
    let validated = run(&["validate", "--unique"], grids.clone());
    assert_eq!((validated.code, validated.stdout), (0, "valid\n".repeat(4)));
    let json = records(&["-n", "4", "--seed", "5"]);
    let from_json: Vec<&str> = json.iter().map(|r| text(r, "puzzle")).collect();
    assert_eq!(from_json, puzzles);
}

#[test]
fn quiet_and_zero_print_nothing_and_exit_0() {
    assert_eq!(generate(&["-n", "5", "-q", "--seed", "1"]), "");
    assert_eq!(generate(&["-n", "0"]), "");
}

#[test]
fn impossible_or_misspelled_requests_are_usage_errors() {
    for args in [
        &["--givens", "16"][..],
        &["--givens", "..16"],
        &["--givens", "81", "--minimal"],
        &["--givens", "41..", "--minimal"],
        &["--givens", "30..20"],
        &["--givens", "82"],
        &["--givens", "many"],
        &["--givens", "26..27", "--symmetry", "rotate90"],
        &["--symmetry", "half"],
        &["--seed", "-3"],
        &["--timeout", "soon"],
        &["-j", "0"],
        &["puzzles.txt"],
    ] {
        let out = run(&[&["generate"][..], args].concat(), "");
        assert_eq!(out.code, 2, "{args:?}: {out:?}");
        assert_eq!(out.stdout, "", "{args:?}");
        assert!(out.stderr.contains("error"), "{args:?}: {}", out.stderr);
    }
    let out = run(&["generate", "--givens", "16"], "");
    assert!(out.stderr.contains("17"), "says why: {}", out.stderr);
    let out = run(&["generate", "--seed", "-1"], "");
    assert!(
        out.stderr
            .contains("the seed must be a whole number from 0 to 2^64-1"),
        "{}",
        out.stderr
    );
}

#[test]
fn requests_no_puzzle_can_meet_say_why_and_exit_2() {
    for (args, why) in [
        (&["--rating", "1.1"][..], "no step of the scale rates 1.1"),
        (&["--rating", "1.3..1.4"], "1.0, 1.2, 1.5"),
        (&["--rating", "20.0"], "no puzzle is known to rate 20.0"),
        (&["--rating", "12.."], "the hardest known rate 11.9"),
        (&["--rating", "1.0"], "at least 54 givens"),
        (
            &["--rating", "1.0", "--givens", "40..53"],
            "at least 54 givens",
        ),
        (
            &["--rating", "..1.1", "--givens", "60..", "--minimal"],
            "minimal",
        ),
    ] {
        let out = run(&[&["generate"][..], args].concat(), "");
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{args:?}");
        assert!(out.stderr.contains(why), "{args:?}: {}", out.stderr);
    }
    // Full houses alone can rate a puzzle with 54 givens or more.
    let out = run(
        &[
            "generate", "--rating", "1.0", "--givens", "54..", "-n", "3", "--seed", "2",
        ],
        "",
    );
    assert_eq!(out.code, 0, "{out:?}");
    let rated = run(&["rate"], out.stdout.clone());
    assert_eq!(rated.stdout, "1.0/1.0/1.0\n".repeat(3));
}

#[test]
fn a_search_that_finds_nothing_says_so_once_after_ten_seconds() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    // The top of the scale: random digging practically never gets there.
    let started = Instant::now();
    let mut child = Command::new(bin())
        .args(["generate", "--rating", "11.9", "-j", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudoku starts");
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    let after = started.elapsed();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        line.starts_with("sudoku: generate: still searching: no puzzle found in 10 s"),
        "{line:?}"
    );
    assert!(
        line.contains("--timeout SECONDS"),
        "says how to bound it: {line:?}"
    );
    assert!(after >= Duration::from_secs(10), "came after {after:?}");
    // With a timeout it ends instead, and says nothing of searching.
    let out = run(&["generate", "--rating", "11.9", "--timeout", "0.5"], "");
    assert_eq!(out.code, 1);
    assert!(!out.stderr.contains("still searching"), "{}", out.stderr);
}

#[test]
fn a_timeout_prints_what_was_found_says_so_and_exits_1() {
    // 17 givens without --minimal: random digging all but never gets there.
    for jobs in ["1", "2"] {
        let out = run(
            &[
                "generate",
                "--givens",
                "17..18",
                "-n",
                "3",
                "--timeout",
                "0.3",
                "-j",
                jobs,
            ],
            "",
        );
        assert_eq!(out.code, 1, "{out:?}");
        let found = out.stdout.lines().count();
        assert!(found < 3);
        assert_eq!(
            out.stderr_lines(),
            [format!(
                "sudoku: generate: asked for 3 puzzles, found {found} within the 0.3 s timeout"
            )]
        );
    }
    // A timeout that is not reached changes nothing.
    let out = run(
        &["generate", "-n", "3", "--seed", "4", "--timeout", "60"],
        "",
    );
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout, generate(&["-n", "3", "--seed", "4"]));
}

#[test]
fn head_closing_the_pipe_ends_the_run_with_0_and_empty_stderr() {
    for args in ["", "-j 1", "-j 2 --stats", "--format json --minimal"] {
        // `timeout` turns a run that keeps going into a failure (124).
        let script = format!(
            r#"timeout 60 "$SUDOKU" generate -n 100000000 {args} 2>"$ERR" | head -n 2; echo "status=${{PIPESTATUS[0]}}""#
        );
        let err = temp_dir("generate_pipe").join("err.txt");
        let output = Command::new("bash")
            .arg("-c")
            .arg(&script)
            .env("SUDOKU", bin())
            .env("ERR", &err)
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 3, "{args}: {stdout}");
        assert_eq!(lines[2], "status=0", "{args}");
        assert_eq!(std::fs::read_to_string(&err).unwrap(), "", "{args}");
    }
}

/// The ER of each puzzle of `lines`, as `sudoku rate` gives it.
fn ers(lines: &str) -> Vec<f64> {
    let rated = run(&["rate"], lines.to_string());
    assert_eq!(rated.code, 0, "{}", rated.stderr);
    rated
        .stdout
        .lines()
        .map(|l| l.split('/').next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn rating_ranges_and_buckets_hold_as_rate_computes_them() {
    let made = generate(&["-n", "6", "--seed", "11", "--rating", "3.0..5.0"]);
    let er = ers(&made);
    assert_eq!(er.len(), 6);
    assert!(er.iter().all(|&e| (3.0..=5.0).contains(&e)), "{er:?}");

    let easy = ers(&generate(&[
        "-n",
        "6",
        "--seed",
        "5",
        "--difficulty",
        "easy",
    ]));
    assert!(easy.iter().all(|&e| e < 1.5), "{easy:?}");
    let hard = ers(&generate(&[
        "-n",
        "4",
        "--seed",
        "5",
        "--difficulty",
        "hard",
    ]));
    assert!(hard.iter().all(|&e| (2.5..5.0).contains(&e)), "{hard:?}");
}

#[test]
fn json_records_carry_the_rating_rate_gives() {
    for record in records(&["-n", "4", "--seed", "21"]) {
        let puzzle = text(&record, "puzzle");
        let rated = run(&["rate", "--format", "json"], format!("{puzzle}\n"));
        let expected: Value = serde_json::from_str(rated.stdout.trim()).unwrap();
        for key in ["er", "ep", "ed"] {
            assert_eq!(record[key], expected[key], "{puzzle} {key}");
        }
    }
}

#[test]
fn an_empty_rating_range_is_a_usage_error() {
    for range in ["5..4", "..0.5", "x", "4.25"] {
        let got = run(&["generate", "--rating", range], "");
        assert_eq!(got.code, 2, "{range}");
        assert!(got.stdout.is_empty());
    }
    let got = run(
        &["generate", "--rating", "3..4", "--difficulty", "easy"],
        "",
    );
    assert_eq!(got.code, 2);
}

#[test]
fn technique_puzzles_have_that_hardest_step() {
    for (name, technique) in [
        ("x-wing", "X-wing"),
        ("Swordfish", "Swordfish"),
        ("XY wing", "XY-wing"),
        ("unique rectangle type 1", "Unique rectangle type 1"),
        ("bug type 1", "BUG type 1"),
        ("forcing chain", "Forcing Chain"),
    ] {
        let args = [
            "generate",
            "-n",
            "2",
            "--seed",
            "1",
            "--technique",
            name,
            "--format",
            "json",
        ];
        let out = run(&args, "");
        assert_eq!(out.code, 0, "{name}: {}", out.stderr);
        let lines: Vec<Value> = out
            .stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2, "{name}");
        for record in &lines {
            assert_eq!(record["hardest"], technique, "{name}: {record}");
            assert_eq!(record["scale"], "SE 1.15.10");
            // rate agrees with the record.
            let rated = run(&["rate", "--format", "json"], text(record, "puzzle"));
            let rated: Value = serde_json::from_str(rated.stdout.trim_end()).unwrap();
            assert_eq!(rated["hardest"], technique, "{name}");
        }
    }
    // The rare ones end at their timeout with what was found.
    let out = run(
        &[
            "generate",
            "-n",
            "50",
            "--technique",
            "aligned pair exclusion",
            "--timeout",
            "0.5",
        ],
        "",
    );
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("asked for 50 puzzles"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_technique_that_cannot_be_the_hardest_step_asked_is_a_usage_error() {
    for (args, why) in [
        (
            &["--technique", "x-wing", "--rating", "5.0.."][..],
            "hardest step of X-wing",
        ),
        (
            &["--technique", "x-wing", "--difficulty", "easy"],
            "hardest step of X-wing",
        ),
        (&["--technique", "full house"], "at least 54 givens"),
        (&["--technique", "no such thing"], "no technique is named"),
        // Three empty cells or fewer: full houses only. These ran for ever.
        (
            &["--technique", "xy-wing", "--givens", "80"],
            "every step is a full house",
        ),
        (
            &["--technique", "xy-wing", "--givens", "79"],
            "every step is a full house",
        ),
        (
            &["--technique", "Naked single", "--givens", "80"],
            "every step is a full house",
        ),
        (
            &["--rating", "1.2..", "--givens", "78..81"],
            "every step is a full house",
        ),
    ] {
        let out = run(&[&["generate"][..], args].concat(), "");
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{args:?}");
        assert!(out.stderr.contains(why), "{args:?}: {}", out.stderr);
    }
    // The bound is exact: 78 givens with full houses only can be made.
    let made = run(
        &[
            "generate",
            "--technique",
            "full house",
            "--givens",
            "78",
            "--seed",
            "3",
        ],
        "",
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    assert_eq!(made.stdout.bytes().filter(|&b| b == b'.').count(), 3);
    let help = run(&["generate", "--help"], "").stdout;
    assert!(
        help.contains("Aligned pair exclusion") && help.contains("XY-wing"),
        "{help}"
    );
}

/// The smaller messages say what is meant: a technique's ratings in
/// `--help` and in the refusal, `-j 0`, one puzzle in the singular, and
/// no file names offered to complete `--technique`.
#[test]
fn messages_say_what_is_meant() {
    let help = run(&["generate", "--help"], "").stdout;
    assert!(help.contains("X-wing 3.2,"), "{help}");
    assert!(help.contains("Forcing Chain 6.5-11.9,"), "{help}");
    let refused = run(
        &["generate", "--technique", "x-wing", "--rating", "5.0.."],
        "",
    );
    assert!(
        refused.stderr.contains("its steps rate 3.2"),
        "{}",
        refused.stderr
    );
    let jobs = run(&["solve", "-j", "0"], "");
    assert_eq!(jobs.code, 2);
    assert!(
        jobs.stderr.contains("at least one job is needed"),
        "{}",
        jobs.stderr
    );
    let short = run(
        &[
            "generate",
            "-n",
            "1",
            "--rating",
            "9.0..",
            "--timeout",
            "0.001",
        ],
        "",
    );
    assert!(
        short.stderr.contains("asked for 1 puzzle, found 0"),
        "{}",
        short.stderr
    );
    let bash = run(&["completions", "bash"], "").stdout;
    let technique = bash
        .split("--technique)")
        .nth(1)
        .expect("a --technique case");
    let case = &technique[..technique.find(";;").unwrap()];
    assert!(!case.contains("compgen -f"), "{case}");
}
