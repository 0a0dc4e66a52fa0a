//! `sudoku canon` and `sudoku transform` through the binary: records, JSON
//! maps that really map, -j independence, seeds that replay, errors and
//! exit statuses; the published 17-clue list (a slice in `tests/data/`).

use crate::common;

use common::{data, run, FULL, HARD, PUZZLE};
use serde_json::Value;
use sudoku_cli::transform::Transform;
use sudoku_cli::{Board, Candidates};

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// The `transform` object of a record, as the library's type.
fn map_of(record: &Value) -> Transform {
    let map = &record["transform"];
    let lines = |key: &str| -> [u8; 9] {
        let list: Vec<u8> = map[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u8)
            .collect();
        list.try_into().unwrap()
    };
    let digits: Vec<u8> = map["digits"]
        .as_str()
        .unwrap()
        .bytes()
        .map(|b| b - b'0')
        .collect();
    Transform {
        transpose: map["transpose"].as_bool().unwrap(),
        rows: lines("rows"),
        cols: lines("cols"),
        digits: digits.try_into().unwrap(),
    }
}

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

/// A mix of boards: puzzles, a full grid, an invalid and an empty board.
fn mix() -> String {
    let invalid = format!("55{}", ".".repeat(79));
    [PUZZLE, HARD, FULL, &invalid, &".".repeat(81)].join("\n") + "\n"
}

#[test]
fn look_alikes_share_one_canonical_form() {
    for input in [PUZZLE, HARD, FULL] {
        let looks = run(&["transform", "--random", "-n", "20", "--seed", "9"], input);
        assert_eq!(looks.code, 0, "{}", looks.stderr);
        assert_eq!(looks.stdout_lines().len(), 20);
        let canon = run(&["canon"], looks.stdout.as_bytes());
        assert_eq!(canon.code, 0);
        let forms = canon.stdout_lines();
        assert_eq!(forms.len(), 20);
        assert!(forms.iter().all(|form| *form == forms[0]), "{input}");
        let direct = run(&["canon"], input);
        assert_eq!(direct.stdout_lines(), vec![forms[0]]);
    }
}

/// Text records, which need the form alone (found without the maps),
/// print the form JSON records print, in either order.
#[test]
fn text_forms_are_the_json_forms() {
    for order in [&[][..], &["--pattern-first"][..]] {
        let text = run(&[&["canon"][..], order].concat(), mix());
        let json = run(&[&["canon", "--format", "json"][..], order].concat(), mix());
        let forms: Vec<String> = json_lines(&json.stdout)
            .iter()
            .map(|record| record["canonical"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(forms.len(), 5);
        assert_eq!(text.stdout_lines(), forms, "{order:?}");
    }
}

#[test]
fn the_json_transform_maps_the_input_onto_the_form() {
    let out = run(&["canon", "--format", "json"], mix());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let records = json_lines(&out.stdout);
    assert_eq!(records.len(), 5);
    for record in &records {
        assert_eq!(record["status"], "canonical");
        let puzzle = board(record["puzzle"].as_str().unwrap());
        let form = board(record["canonical"].as_str().unwrap());
        let map = map_of(record);
        assert!(map.is_valid());
        assert_eq!(map.apply(&puzzle), form, "{record}");
        assert!(record["automorphisms"].as_u64().unwrap() >= 1);
        assert!(record["symmetry"].is_array());
    }
    // LeetCode's puzzle: one automorphism, half-turn symmetric.
    assert_eq!(records[0]["automorphisms"], 1);
    assert_eq!(records[0]["symmetry"], serde_json::json!(["rotate180"]));
    // The empty board: every map and relabelling (3,359,232 x 9!).
    assert_eq!(records[4]["automorphisms"], 3_359_232u64 * 362_880);
    assert_eq!(records[4]["symmetry"].as_array().unwrap().len(), 6);
}

#[test]
fn pattern_first_puts_the_least_pattern_first() {
    let minlex = run(&["canon"], PUZZLE);
    let pattern = run(&["canon", "--pattern-first"], PUZZLE);
    let mask = |s: &str| s.bytes().map(|b| b != b'.').collect::<Vec<_>>();
    let (m, p) = (minlex.stdout.trim(), pattern.stdout.trim());
    assert!(mask(p) <= mask(m));
    assert!(m <= p);
    let looks = run(&["transform", "--random", "-n", "8", "--seed", "3"], PUZZLE);
    let again = run(&["canon", "--pattern-first"], looks.stdout.as_bytes());
    assert!(again.stdout_lines().iter().all(|line| *line == p));
}

#[test]
fn named_transforms_follow_the_contract() {
    let b = board(PUZZLE);
    let cell = |text: &str, r: usize, c: usize| text.as_bytes()[r * 9 + c];
    let turned = run(&["transform", "--rotate", "90"], PUZZLE);
    let t = turned.stdout.trim();
    // Clockwise: r1c1 goes to r1c9, r9c1 to r1c1.
    assert_eq!(cell(t, 0, 8), cell(PUZZLE, 0, 0));
    assert_eq!(cell(t, 0, 0), cell(PUZZLE, 8, 0));
    let mirrored = run(&["transform", "--mirror"], PUZZLE);
    assert_eq!(cell(mirrored.stdout.trim(), 0, 8), cell(PUZZLE, 0, 0));
    let flipped = run(&["transform", "--flip"], PUZZLE);
    assert_eq!(cell(flipped.stdout.trim(), 8, 0), cell(PUZZLE, 0, 0));
    let transposed = run(&["transform", "--transpose"], PUZZLE);
    assert_eq!(cell(transposed.stdout.trim(), 1, 0), cell(PUZZLE, 0, 1));
    let relabelled = run(&["transform", "--relabel", "987654321"], PUZZLE);
    assert_eq!(cell(relabelled.stdout.trim(), 0, 0), b'5'); // 5 stays 5
    assert_eq!(cell(relabelled.stdout.trim(), 0, 1), b'7'); // 3 becomes 7
                                                            // Several apply in the contract's order: rotate, then mirror, ...
    let both = run(
        &[
            "transform",
            "--rotate",
            "90",
            "--mirror",
            "--format",
            "json",
        ],
        PUZZLE,
    );
    let record = &json_lines(&both.stdout)[0];
    let expected = Transform::mirror().apply(&Transform::rotate(90).unwrap().apply(&b));
    assert_eq!(
        record["transformed"].as_str().unwrap(),
        expected.to_string()
    );
    assert_eq!(map_of(record).apply(&b), expected);
    assert_eq!(record["status"], "transformed");
    assert_eq!(record["puzzle"].as_str().unwrap(), PUZZLE);
    // Four quarter turns are the identity; a grid stays a grid.
    let grid = run(&["solve", "--format", "grid"], PUZZLE).stdout;
    let mut text = grid.clone();
    for _ in 0..4 {
        text = run(&["transform", "--rotate", "90"], text).stdout;
    }
    assert_eq!(text, grid);
}

#[test]
fn random_look_alikes_replay_and_ignore_jobs() {
    let input = mix().repeat(20);
    fn args(jobs: &str) -> Vec<&str> {
        vec![
            "transform",
            "--random",
            "-n",
            "3",
            "--seed",
            "77",
            "--format",
            "json",
            "-j",
            jobs,
        ]
    }
    let one = run(&args("1"), input.as_bytes());
    let four = run(&args("4"), input.as_bytes());
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(one.stdout, four.stdout);
    let records = json_lines(&one.stdout);
    assert_eq!(records.len(), 300);
    assert_eq!(
        records[0]["seed"], 77,
        "the first record's seed is the run's"
    );
    for record in records.iter().step_by(17) {
        let puzzle = record["puzzle"].as_str().unwrap();
        let transformed = record["transformed"].as_str().unwrap();
        assert_eq!(
            map_of(record).apply(&board(puzzle)).to_string(),
            transformed
        );
        let seed = record["seed"].as_u64().unwrap().to_string();
        let replay = run(&["transform", "--random", "--seed", &seed], puzzle);
        assert_eq!(replay.stdout.trim(), transformed);
    }
    // Different seeds give different look-alikes.
    let other = run(&["transform", "--random", "--seed", "78"], PUZZLE);
    let first = run(&["transform", "--random", "--seed", "77"], PUZZLE);
    assert_ne!(other.stdout, first.stdout);
}

#[test]
fn pencilmark_positions_move_and_canonicalise_as_positions() {
    let marks = run(&["solve", "--format", "candidates"], HARD).stdout;
    let mut position = marks.trim().as_bytes().to_vec();
    // Keep a few extra candidates so the position is not just a grid.
    for (at, byte) in position.iter_mut().enumerate() {
        if at % 37 == 5 {
            *byte = b'1' + (at % 9) as u8;
        }
    }
    let position = String::from_utf8(position).unwrap();
    let turned = run(&["transform", "--rotate", "180"], position.as_bytes());
    assert_eq!(turned.stdout.trim().len(), 729, "{}", turned.stderr);
    let a = run(&["canon"], position.as_bytes());
    let b = run(&["canon"], turned.stdout.as_bytes());
    assert_eq!(a.code, 0, "{}", a.stderr);
    assert_eq!(a.stdout.trim().len(), 729);
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn pencilmark_look_alikes_share_the_form_and_the_automorphisms() {
    // Every candidate everywhere: every map and relabelling fixes it, and
    // the first map is the identity.
    let full = "123456789".repeat(81);
    let out = run(&["canon", "--format", "json"], full.as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let record = &json_lines(&out.stdout)[0];
    assert_eq!(record["canonical"].as_str(), Some(full.as_str()));
    assert_eq!(record["automorphisms"].as_u64(), Some(3_359_232 * 362_880));
    let identity: Vec<u64> = (0..9).collect();
    assert_eq!(record["transform"]["rows"], serde_json::json!(identity));
    assert_eq!(record["transform"]["cols"], serde_json::json!(identity));
    // A solution's single digits, a few cells holding one more: the first
    // rows read alike under every column order. Its look-alikes share the
    // form and the automorphisms, and each one's map maps it onto the form.
    let marks = run(&["solve", "--format", "candidates"], HARD).stdout;
    let mut position = marks.trim().as_bytes().to_vec();
    for at in [40, 301, 555] {
        position[at] = b'1' + (at % 9) as u8;
    }
    let looks = run(
        &["transform", "--random", "-n", "6", "--seed", "4"],
        &position[..],
    );
    assert_eq!(looks.code, 0, "{}", looks.stderr);
    let input = format!("{}\n{}", String::from_utf8(position).unwrap(), looks.stdout);
    let out = run(&["canon", "--format", "json"], input.as_bytes());
    assert_eq!(out.code, 0, "{}", out.stderr);
    let records = json_lines(&out.stdout);
    assert_eq!(records.len(), 7);
    for record in &records {
        assert_eq!(record["canonical"], records[0]["canonical"]);
        assert_eq!(record["automorphisms"], records[0]["automorphisms"]);
        let text = record["candidates"].as_str().unwrap().as_bytes();
        let masks = std::array::from_fn(|cell| {
            (0..9).fold(0, |mask, d| match text[cell * 9 + d] {
                b'.' => mask,
                _ => mask | 1 << d,
            })
        });
        let form = map_of(record).apply_marks(&Candidates::new(masks).unwrap());
        let form: String = form
            .masks()
            .iter()
            .flat_map(|&mask| {
                (0..9u8).map(move |d| match mask >> d & 1 {
                    0 => '.',
                    _ => char::from(b'1' + d),
                })
            })
            .collect();
        assert_eq!(record["canonical"].as_str(), Some(form.as_str()));
    }
}

#[test]
fn errors_and_exit_statuses() {
    let input = format!("{PUZZLE}\n{}x\n{HARD}\n", ".".repeat(40));
    for args in [vec!["canon"], vec!["transform", "--mirror"]] {
        let out = run(&args, input.as_bytes());
        assert_eq!(out.code, 2, "{args:?}");
        let lines = out.stdout_lines();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[1], "error");
        assert!(
            out.stderr
                .contains("<stdin>:2:41: unexpected character 'x'"),
            "{}",
            out.stderr
        );
        let quiet = run(&[&args[..], &["-q"]].concat(), PUZZLE);
        assert_eq!((quiet.code, quiet.stdout.as_str()), (0, ""));
    }
    for bad in [
        vec!["transform"],
        vec!["transform", "--rotate", "45"],
        vec!["transform", "--relabel", "123"],
        vec!["transform", "--random", "--mirror"],
        vec!["transform", "--seed", "4"],
        vec!["transform", "--random", "-n", "0"],
    ] {
        let out = run(&bad, PUZZLE);
        assert_eq!(out.code, 2, "{bad:?}");
        assert!(out.stdout.is_empty());
    }
    // Invalid and unsolvable boards are records, not errors.
    let invalid = run(&["canon"], format!("55{}", ".".repeat(79)));
    assert_eq!(invalid.code, 0);
    assert_eq!(invalid.stdout.trim(), format!("{}11", ".".repeat(79)));
}

#[test]
fn published_lists_are_classes_of_their_own() {
    // The 17-clue catalogue lists essentially different puzzles: every
    // canonical form is distinct, and canonicalising twice changes
    // nothing. Every 10th of its 49,158 puzzles is committed.
    let path = data("17_clue_every10th.txt");
    let out = run(&["canon", path.to_str().unwrap()], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut forms: Vec<&str> = out.stdout_lines();
    let total = forms.len();
    assert_eq!(total, 4_916);
    let again = run(&["canon"], out.stdout.as_bytes());
    assert_eq!(again.stdout, out.stdout);
    forms.sort_unstable();
    forms.dedup();
    assert_eq!(forms.len(), total);
}
