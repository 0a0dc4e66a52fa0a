//! `hint --level technique|pattern|step`: the exact text and JSON at each
//! level, on a position whose next step is a chain (a forcing chain) and on
//! one whose next step is simple (pointing).

use assert_cmd::Command;

/// Pencil marks whose next step is `7.1  Forcing Chain (r8c1.4 off): r8c1<>4`.
const CHAIN: &str = "1..4..7..1..4..7...2............6...1.34..78.........9....5....1.....78.1.3......1..4..7.9.......8.1...5.7.91.345.....2..........45.7..1.....7.9.....6...1.3.....9.....6.....3......1...5.7.91...5..8.1.....78.....5.78.1.....789.2..........4.....1.....7.91...5.7.9...4.....12..5..8.1.....789.....6.....3......1.....7.912......9.2.......1...5.7.9.......8.1.3.5....1.3...7.9....5.7.....4.....1.....7.9.....6.....3...........6...1.....7.912.4.....1..4..7.9.2.4..7..12....7.9....5...........8.....5....1..4....91.......9.2.4...8......6....2.4...8.1......89..3............7..1..4..78.1..4..7.......6...........9....5......3......12.....8.1..4...8.12..........4...89.2.........3............7.....4...8.1.............6......4...89....5....";

/// Pencil marks whose next step is `2.6  Pointing (5 of box 4 in column 2): r1c2<>5`.
const SIMPLE: &str = "1..4..7..1..45.7...2............6...1.34..78.........91...5.78.1.....78.1.3......1..4..7.9.......8.1...5.7.91.345.....2..........45.7..1...5.7.9.....6...1.3.....9.....6.....3......1...5.7.91...5..8.1.....78.....5.78.1...5.789.2..........4.....1.....7.91...5.7.9...4.....12..5..8.1.....789.....6.....3......1.....7.912......9.2.......1...5.7.9.......8.1.3.5....1.3...7.9....5.7.....4.....1.....7.9.....6.....3...........6...1.....7.912.4.....1..4..7.9.2.4..7..12....7.9....5...........8.....5....1..4....91.......9.2.4...8......6....2.4...8.12.....89..3............7..1..4..78.1..4..7.......6...........9....5......3......12.....8.1..4...8.12..........4...89.2.........3............7.....4...8.1.............6......4...89....5....";

fn hint(marks: &str, args: &[&str]) -> String {
    let output = Command::cargo_bin("sudoku")
        .unwrap()
        .args(["hint", "--candidates"])
        .args(args)
        .write_stdin(format!("{marks}\n"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

fn step_json(marks: &str, level: &str) -> serde_json::Value {
    let line = hint(marks, &["--level", level, "--format", "json"]);
    let record: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(record["status"], "hint");
    // The position after the step would give its result away.
    assert_eq!(record.get("after").is_some(), level == "step", "{record}");
    record["step"].clone()
}

#[test]
fn a_chain_hint_at_each_level() {
    assert_eq!(
        hint(CHAIN, &["--level", "technique"]),
        "7.1  Forcing Chain\n"
    );
    assert_eq!(
        hint(CHAIN, &["--level", "pattern"]),
        "7.1  Forcing Chain (assuming r8c1=4)\n"
    );
    let whole = "7.1  Forcing Chain (r8c1.4 off): r8c1<>4\n    \
        r8c1=4 -> r8c1<>8 (cell) -> r9c1=8 (box 7) -> r9c1<>9 (cell) -> r9c8=9 (row 9) \
        -> r9c8<>4 (cell) -> r8c8=4 (box 9) -> r8c1<>4 (row 8)\n";
    assert_eq!(hint(CHAIN, &["--level", "step"]), whole);
    assert_eq!(hint(CHAIN, &[]), whole);
}

#[test]
fn a_chain_hint_in_json_at_each_level() {
    assert_eq!(
        step_json(CHAIN, "technique"),
        serde_json::json!({"rating": 7.1, "technique": "Forcing Chain"})
    );
    assert_eq!(
        step_json(CHAIN, "pattern"),
        serde_json::json!({
            "rating": 7.1,
            "technique": "Forcing Chain",
            "text": "Forcing Chain (assuming r8c1=4)",
            "assume": ["r8c1=4"]
        })
    );
    let link = |state: &str, from: &str, rule: &str| serde_json::json!({"state": state, "from": [from], "rule": rule});
    assert_eq!(
        step_json(CHAIN, "step"),
        serde_json::json!({
            "rating": 7.1,
            "technique": "Forcing Chain",
            "text": "Forcing Chain (r8c1.4 off): r8c1<>4",
            "placed": [],
            "eliminated": [["r8c1", 4]],
            "chains": [{
                "assume": "r8c1=4",
                "implies": [
                    link("r8c1<>8", "r8c1=4", "cell"),
                    link("r9c1=8", "r8c1<>8", "box 7"),
                    link("r9c1<>9", "r9c1=8", "cell"),
                    link("r9c8=9", "r9c1<>9", "row 9"),
                    link("r9c8<>4", "r9c8=9", "cell"),
                    link("r8c8=4", "r9c8<>4", "box 9"),
                    link("r8c1<>4", "r8c8=4", "row 8"),
                ]
            }]
        })
    );
}

#[test]
fn a_simple_hint_at_each_level() {
    assert_eq!(hint(SIMPLE, &["--level", "technique"]), "2.6  Pointing\n");
    assert_eq!(
        hint(SIMPLE, &["--level", "pattern"]),
        "2.6  Pointing (5 of box 4 in column 2)\n"
    );
    assert_eq!(
        hint(SIMPLE, &["--level", "step"]),
        "2.6  Pointing (5 of box 4 in column 2): r1c2<>5\n"
    );
    assert_eq!(
        step_json(SIMPLE, "technique"),
        serde_json::json!({"rating": 2.6, "technique": "Pointing"})
    );
    assert_eq!(
        step_json(SIMPLE, "pattern"),
        serde_json::json!({
            "rating": 2.6,
            "technique": "Pointing",
            "text": "Pointing (5 of box 4 in column 2)"
        })
    );
    assert_eq!(
        step_json(SIMPLE, "step"),
        serde_json::json!({
            "rating": 2.6,
            "technique": "Pointing",
            "text": "Pointing (5 of box 4 in column 2): r1c2<>5",
            "placed": [],
            "eliminated": [["r1c2", 5]]
        })
    );
}

#[test]
fn an_unknown_level_is_a_usage_error() {
    Command::cargo_bin("sudoku")
        .unwrap()
        .args(["hint", "--level", "answer"])
        .write_stdin("")
        .assert()
        .code(2);
}

/// Cycles, chains and simple steps: the results each step's full text
/// names (`r8c1<>4`, ...), which no level below `step` may show.
fn results(marks: &str) -> Vec<String> {
    let whole = hint(marks, &["--level", "step"]);
    let first = whole.lines().next().unwrap();
    let results = first.rsplit_once(": ").unwrap().1;
    results.split(", ").map(str::to_owned).collect()
}

/// No level below `step` reveals the step's result in any format: the
/// text names none of its eliminations or placements, `candidates` prints
/// the position before the step (the input's marks: it reads back as the
/// same hint), HTML shades no more than the text names (nothing at
/// `technique`; at `pattern` a chain's assumptions only), and the
/// coloured grid the same.
#[test]
fn no_level_below_step_gives_the_result_away() {
    let cycle = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/cycle.txt"),
    )
    .unwrap();
    let cycle = cycle.lines().find(|l| l.len() == 729).unwrap().to_string();
    for marks in [CHAIN, SIMPLE, &cycle] {
        let results = results(marks);
        assert!(!results.is_empty());
        let after = hint(marks, &["--level", "step", "--format", "candidates"]);
        assert_ne!(after.trim(), marks);
        for level in ["technique", "pattern"] {
            for format in ["line", "grid", "json", "html"] {
                let text = hint(marks, &["--level", level, "--format", format]);
                for result in &results {
                    assert!(
                        !text.contains(result.as_str()),
                        "{level} {format}: {result} in {text}"
                    );
                }
            }
            let before = hint(marks, &["--level", level, "--format", "candidates"]);
            assert_eq!(before.trim(), marks, "{level}");
            let page = hint(marks, &["--level", level, "--format", "html"]);
            let shaded = page.matches("class=\"shade\"").count();
            let pattern = hint(marks, &["--level", "pattern"]);
            match level {
                "technique" => assert_eq!(shaded, 0),
                _ if pattern.contains("(assuming ") => {
                    let assumed = pattern.matches('=').count();
                    assert_eq!(shaded, assumed, "{pattern}");
                }
                _ => assert!(shaded > 0),
            }
        }
    }
}
