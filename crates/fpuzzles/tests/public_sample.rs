//! The public f-puzzles sample (`../shared/puzzles/variants/fpuzzles_public.jsonl`
//! beside the checkout, 206 published puzzles, for testing only): every
//! link reads, or is refused as an unsupported rule; every puzzle without
//! cosmetic elements solves to its setter's solution when the data carries
//! one, or else to a unique solution (puzzles with several solutions, whose
//! ruleset text adds rules the data cannot state, are listed, not failed).
//!
//! Each puzzle is solved in a child process of this test binary, stopped
//! after `FPUZZLES_SECONDS` (default 60) and counted as given up.
//!
//! `cargo test -p sudoku-fpuzzles --test public_sample -- --ignored --nocapture`

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use sudoku_fpuzzles::{parse, FpuzzlesError};

/// Where the sample may lie: `shared/` beside the checkout, or inside it;
/// `FPUZZLES_SAMPLE` names another file.
fn sample() -> (PathBuf, String) {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let tail = "shared/puzzles/variants/fpuzzles_public.jsonl";
    let mut tried: Vec<PathBuf> = std::env::var_os("FPUZZLES_SAMPLE")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    tried.push(manifest.join("../..").join(tail));
    tried.push(manifest.join("../../..").join(tail));
    for path in &tried {
        if let Ok(text) = std::fs::read_to_string(path) {
            return (path.clone(), text);
        }
    }
    panic!("the f-puzzles sample is missing: tried {tried:?} (set FPUZZLES_SAMPLE)");
}

/// The setter's solution the puzzle's own JSON carries (`solution`, one
/// number per cell), decoded here independently of the crate.
fn json_solution(url: &str, cells: usize) -> Option<Vec<u8>> {
    let at = ["load=", "fpuzzles", "fpuz"]
        .iter()
        .find_map(|m| url.find(m).map(|i| i + m.len()))?;
    let payload = url[at..]
        .replace("%2B", "+")
        .replace("%2F", "/")
        .replace("%3D", "=");
    let text = String::from_utf16(&lz_str::decompress_from_base64(&payload)?).ok()?;
    let data: Value = serde_json::from_str(&text).ok()?;
    let digits: Vec<u8> = data
        .get("solution")?
        .as_array()?
        .iter()
        .map(|v| v.as_u64().and_then(|d| u8::try_from(d).ok()))
        .collect::<Option<_>>()?;
    (digits.len() == cells && !digits.contains(&0)).then_some(digits)
}

/// The sample's `solution` string, where it holds one digit per cell.
fn listed_solution(record: &Value, cells: usize) -> Option<Vec<u8>> {
    let text = record.get("solution")?.as_str()?;
    let digits: Vec<u8> = text
        .bytes()
        .map(|b| b.is_ascii_digit().then(|| b - b'0'))
        .collect::<Option<_>>()?;
    (digits.len() == cells && !digits.contains(&0)).then_some(digits)
}

#[test]
#[ignore = "reads the public sample beside the checkout; run with --ignored"]
fn every_public_puzzle_reads_and_solves() {
    let (path, text) = sample();
    let mut read = 0;
    let mut unsupported: BTreeMap<String, usize> = BTreeMap::new();
    let mut cosmetic = 0;
    let mut failures = Vec::new();
    let mut solved = 0;
    let mut unique = 0;
    let mut refused = Vec::new();
    let mut multiple = Vec::new();
    let mut wrong = Vec::new();
    let mut gave_up = Vec::new();
    let limit = Duration::from_secs(
        std::env::var("FPUZZLES_SECONDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(60),
    );
    let started = Instant::now();
    for (index, line) in text.lines().enumerate() {
        let record: Value = serde_json::from_str(line).expect("a JSON record per line");
        let url = record["url"].as_str().expect("a url");
        let label = format!(
            "line {} ({})",
            index + 1,
            record["title"].as_str().unwrap_or("untitled")
        );
        let puzzle = match parse(url.as_bytes()) {
            Ok(puzzle) => puzzle,
            Err(FpuzzlesError::Unsupported(name)) => {
                *unsupported.entry(name).or_default() += 1;
                continue;
            }
            Err(error) => {
                failures.push(format!("{label}: {error}"));
                continue;
            }
        };
        read += 1;
        assert_eq!(
            Some(puzzle.layout.size() as u64),
            record["size"].as_u64(),
            "{label}"
        );
        if !puzzle.ignored.is_empty() {
            cosmetic += 1;
            continue;
        }
        let cells = puzzle.layout.cells();
        let expected = json_solution(url, cells).or_else(|| listed_solution(&record, cells));
        let timer = Instant::now();
        let answer = solve_in_child(index, limit);
        let seconds = timer.elapsed().as_secs_f64();
        if seconds > 5.0 {
            println!("slow: {label} took {seconds:.1} s");
        }
        let (count, found) = match answer {
            Answer::Solved(count, found) => (count, found),
            Answer::Refused(error) => {
                refused.push(format!("{label}: {error}"));
                continue;
            }
            Answer::GaveUp => {
                gave_up.push(label);
                continue;
            }
        };
        let found = found.as_deref();
        match (&expected, count) {
            (_, 0) => wrong.push(format!("{label}: no solution found")),
            (Some(want), 1) if found == Some(want.as_slice()) => solved += 1,
            (Some(_), 1) => wrong.push(format!(
                "{label}: a unique solution other than the setter's"
            )),
            (None, 1) => unique += 1,
            (Some(want), _) if found == Some(want.as_slice()) => multiple.push(format!(
                "{label}: several solutions, the setter's among them"
            )),
            _ => multiple.push(format!("{label}: several solutions")),
        }
    }
    let unsupported_total: usize = unsupported.values().sum();
    println!(
        "f-puzzles sample {}: {} links",
        path.display(),
        read + unsupported_total + failures.len()
    );
    println!(
        "  read {read}; unsupported {unsupported_total} {unsupported:?}; errors {}",
        failures.len()
    );
    println!(
        "  with cosmetic elements (not solved) {cosmetic}; solved to the setter's solution {solved}; \
         unique (no setter's solution) {unique}; refused by the engine {}; \
         given up after {} s {}; several solutions {}; wrong {}",
        refused.len(),
        limit.as_secs(),
        gave_up.len(),
        multiple.len(),
        wrong.len()
    );
    println!("  in {:.1} s", started.elapsed().as_secs_f64());
    for line in failures
        .iter()
        .chain(&refused)
        .chain(&multiple)
        .chain(&wrong)
    {
        println!("  {line}");
    }
    assert!(failures.is_empty(), "links that do not read: {failures:#?}");
    // A puzzle whose ruleset gives a rule element another meaning than
    // f-puzzles' (an arrow's circle as the largest digit on it) cannot be
    // solved from its data.
    let redefined = ["Max Arrow"];
    wrong.retain(|w| !redefined.iter().any(|t| w.contains(t)));
    assert!(wrong.is_empty(), "wrong answers: {wrong:#?}");
    assert!(
        refused.is_empty(),
        "puzzles the engine refused: {refused:#?}"
    );
    assert!(
        multiple.is_empty(),
        "puzzles with several solutions: {multiple:#?}"
    );
}

/// What a child process answered for one puzzle.
enum Answer {
    /// Solutions counted (at most 2) and the first.
    Solved(u64, Option<Vec<u8>>),
    /// The engine's `Puzzle::new` refused the parts.
    Refused(String),
    /// Stopped at the time limit.
    GaveUp,
}

/// Solves the sample's puzzle on line `index` (from 0) in a child process
/// running [`solve_one_public_puzzle`], stopped after `limit`.
fn solve_in_child(index: usize, limit: Duration) -> Answer {
    let mut child = Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "--ignored",
            "--exact",
            "solve_one_public_puzzle",
            "--nocapture",
        ])
        .env("FPUZZLES_LINE", index.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("a child test process");
    let started = Instant::now();
    loop {
        if child.try_wait().expect("the child's status").is_some() {
            break;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Answer::GaveUp;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("the child's output");
    let text = String::from_utf8_lossy(&output.stdout);
    for line in text.lines() {
        if let Some(error) = line.strip_prefix("REFUSED ") {
            return Answer::Refused(error.to_owned());
        }
        if let Some(rest) = line.strip_prefix("SOLVED ") {
            let (count, digits) = rest.split_once(' ').unwrap_or((rest, ""));
            let found = (!digits.is_empty()).then(|| {
                digits
                    .split(',')
                    .map(|d| d.parse().expect("a digit"))
                    .collect()
            });
            return Answer::Solved(count.parse().expect("a count"), found);
        }
    }
    panic!("line {}: the child answered nothing: {text}", index + 1);
}

/// The child's side of [`solve_in_child`]: with `FPUZZLES_LINE` set,
/// solves that line's puzzle and prints the outcome; without, nothing.
#[test]
#[ignore = "run by every_public_puzzle_reads_and_solves, one puzzle at a time"]
fn solve_one_public_puzzle() {
    let Some(index) = std::env::var("FPUZZLES_LINE")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
    else {
        return;
    };
    let (_, text) = sample();
    let record: Value =
        serde_json::from_str(text.lines().nth(index).expect("the line")).expect("a JSON record");
    let url = record["url"].as_str().expect("a url");
    let puzzle = parse(url.as_bytes()).expect("a puzzle that reads");
    match puzzle.into_puzzle() {
        Err(error) => println!("REFUSED {error}"),
        Ok(engine) => {
            let outcome = engine.solve(2);
            let digits: Vec<String> = outcome
                .solution
                .iter()
                .flat_map(|s| s.iter().map(u8::to_string))
                .collect();
            println!("SOLVED {} {}", outcome.count, digits.join(","));
        }
    }
}
