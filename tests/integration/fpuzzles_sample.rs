//! The public f-puzzles sample (206 published puzzles, kept outside the
//! project and not to be copied into it; `.ci/run` names the file in
//! `FPUZZLES_SAMPLE`). The test
//! asserts that every link reads, or is refused naming the unsupported rule
//! (a key of its JSON); that the setter's solution, where the data carries
//! one, keeps the givens and breaks none of the rules read; that every
//! puzzle without cosmetic elements solves to its setter's solution, or
//! uniquely where it carries none; that no answer is wrong but for the
//! puzzles whose ruleset redefines an element ([`REDEFINED`]); and that the
//! only puzzles with several solutions are those whose rules the data
//! cannot hold ([`BEYOND_DATA`]), each named with its reason.
//!
//! Each puzzle is solved by the `sudoku` binary (`solve --unique --format
//! json`, the link on standard input), stopped
//! after `FPUZZLES_SECONDS` (default 10) of CPU time and reported as given
//! up, not failed; more than `FPUZZLES_GAVE_UP` (default 5) given up fails
//! the test, which stops there, so that a run stays within a few minutes
//! (CI runs it).
//! One paragraph sums the run up.
//!
//! `FPUZZLES_SAMPLE=FILE cargo test --test integration fpuzzles_sample:: -- --ignored --nocapture`

use crate::common;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use sudoku_fpuzzles::{parse, FpuzzlesError};

/// The sample, from the file `FPUZZLES_SAMPLE` names: a run without it
/// fails saying so (the test is ignored in a plain `cargo test`).
fn sample() -> (PathBuf, String) {
    let Some(path) = std::env::var_os("FPUZZLES_SAMPLE").map(PathBuf::from) else {
        panic!("set FPUZZLES_SAMPLE to the f-puzzles sample (fpuzzles_public.jsonl)");
    };
    match std::fs::read_to_string(&path) {
        Ok(text) => (path, text),
        Err(err) => panic!("the f-puzzles sample {}: {err}", path.display()),
    }
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

/// Puzzles whose ruleset gives a rule element another meaning than
/// f-puzzles' (matched by title): no answer from their data can be right,
/// and a wrong one is expected.
const REDEFINED: [(&str, &str); 1] = [(
    "April 27, 2022: Max Arrow",
    "an arrow's circle is the largest digit on its line, not their sum",
)];

/// Puzzles whose rules are in their `ruleset` text only (or drawn with
/// cell colours, which carry no rule), or redefine an element narrowly: the
/// data admits several solutions, and 'several' is the right answer for the
/// data given (`solve --unique` says `multiple`). Matched by title, or by a
/// piece of the link for an untitled one.
const BEYOND_DATA: [(&str, &str); 10] = [
    (
        "nBXtrvdkAbDdnDfvrFbGIK2/htERAA",
        "untitled solver test grid (sigh's collections.js): sandwich sums of 18, no givens",
    ),
    (
        "Stuck in Bakpao's Puzzle Mine",
        "red cells (cell colours) sit at their digit's position in the box",
    ),
    (
        "Oct. 22, 2023: Botez Gambit",
        "anti-queen on the 5s, in the ruleset text only",
    ),
    (
        "Apr. 24, 2023: The Phisto King",
        "pro-king: grey cells (cell colours) touch a like digit diagonally",
    ),
    (
        "Jan 15, 2022: Counting Cages",
        "a cage of N cells holds 1 to N (a cage without a sum only forbids repeats)",
    ),
    (
        "Nov 16, 2021: Fortress Sudoku",
        "shaded cells (cell colours) exceed their unshaded neighbours",
    ),
    (
        "Apr 16, 2022: Magic Squares",
        "blue 3x3 areas (cell colours) are magic squares",
    ),
    (
        "Nine Pins Sudoku",
        "each digit three in a row on a diagonal, in the ruleset text only",
    ),
    (
        "August 20, 2021: 159 Sudoku",
        "columns 1, 5 and 9 index the 1s, 5s and 9s: no indexer element, cells coloured",
    ),
    (
        "7/20/22: A Lasting Impression",
        "grey cells (cell colours) lie between their row's and column's end digits",
    ),
];

/// The entry of `list` naming this puzzle: its whole title, or a piece of
/// its link.
fn listed<'a>(
    list: &'a [(&'a str, &'a str)],
    title: Option<&str>,
    url: &str,
) -> Option<&'a (&'a str, &'a str)> {
    list.iter()
        .find(|(key, _)| title == Some(key) || url.contains(key))
}

/// A number from the environment, or `default`.
fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(default)
}

#[test]
#[ignore = "reads the public sample FPUZZLES_SAMPLE names; .ci/run runs it"]
fn every_public_puzzle_reads_and_solves() {
    let (path, text) = sample();
    let limit = Duration::from_secs(setting("FPUZZLES_SECONDS", 10));
    let gave_up_max = usize::try_from(setting("FPUZZLES_GAVE_UP", 5)).unwrap_or(usize::MAX);
    let mut links = 0;
    let mut read = 0;
    let mut unsupported: BTreeMap<String, usize> = BTreeMap::new();
    let mut unnamed = Vec::new();
    let mut failures = Vec::new();
    let mut cosmetic = 0;
    let mut setter_checked = 0;
    let mut setter_broken = Vec::new();
    let mut solved = 0;
    let mut unique = 0;
    let mut refused = Vec::new();
    let mut beyond = Vec::new();
    let mut multiple = Vec::new();
    let mut stale = Vec::new();
    let mut redefined = Vec::new();
    let mut wrong = Vec::new();
    let mut gave_up = Vec::new();
    let mut slowest = (0.0, String::new());
    let started = Instant::now();
    for (index, line) in text.lines().enumerate() {
        if gave_up.len() > gave_up_max {
            break;
        }
        links += 1;
        let record: Value = serde_json::from_str(line).expect("a JSON record per line");
        let url = record["url"].as_str().expect("a url");
        let title = record["title"].as_str();
        let label = format!("line {} ({})", index + 1, title.unwrap_or("untitled"));
        let puzzle = match parse(url.as_bytes()) {
            Ok(puzzle) => puzzle,
            Err(FpuzzlesError::Unsupported(name)) => {
                // Named: a rule key of the puzzle's JSON, or the rule one
                // stands for (`foglight`, the lit cells of fog of war).
                let keys = record["constraints"].as_array();
                let named = keys.is_some_and(|keys| {
                    keys.iter()
                        .filter_map(Value::as_str)
                        .any(|key| key == name || (key == "foglight" && name == "fogofwar"))
                });
                if !named {
                    unnamed.push(format!("{label}: unsupported \"{name}\""));
                }
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
        let cells = puzzle.layout.cells();
        let expected = json_solution(url, cells).or_else(|| listed_solution(&record, cells));
        let redefines = listed(&REDEFINED, title, url);
        let has_cosmetic = !puzzle.ignored.is_empty();
        // The setter's solution keeps the givens and breaks no rule read
        // (cheap, so also for puzzles with cosmetic elements).
        if let (Some(want), None) = (&expected, redefines) {
            setter_checked += 1;
            let engine = puzzle.clone().into_puzzle();
            match engine {
                Ok(engine) => {
                    let kept = engine
                        .givens()
                        .iter()
                        .zip(want)
                        .all(|(&g, &w)| g == 0 || g == w);
                    let broken: Vec<String> =
                        engine.conflicts(want).into_iter().map(|c| c.text).collect();
                    if !kept || !broken.is_empty() {
                        setter_broken.push(format!(
                            "{label}: the setter's solution {}{}",
                            if kept { "" } else { "changes a given; " },
                            broken.join("; ")
                        ));
                    }
                }
                Err(error) => {
                    refused.push(format!("{label}: {error}"));
                    continue;
                }
            }
        }
        if has_cosmetic {
            cosmetic += 1;
            continue;
        }
        let timer = Instant::now();
        let answer = solve_in_child(url, limit);
        let (count, found) = match answer {
            Answer::Solved(count, found) => {
                let seconds = timer.elapsed().as_secs_f64();
                if seconds > slowest.0 {
                    slowest = (seconds, label.clone());
                }
                (count, found)
            }
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
        let outcome = match (&expected, count) {
            (_, 0) => Err("no solution found".to_owned()),
            (Some(want), 1) if found == Some(want.as_slice()) => Ok(true),
            (Some(_), 1) => Err("a unique solution other than the setter's".to_owned()),
            (None, 1) => Ok(false),
            (Some(want), _) if found == Some(want.as_slice()) => {
                Err("several solutions, the setter's among them".to_owned())
            }
            _ => Err("several solutions".to_owned()),
        };
        let beyond_data = listed(&BEYOND_DATA, title, url);
        match (outcome, redefines, beyond_data) {
            (Err(what), Some((_, why)), _) => {
                redefined.push(format!("{label}: {what} (redefined: {why})"));
            }
            (Err(what), None, Some((_, why))) if count > 1 => {
                beyond.push(format!("{label}: {what} (data incomplete: {why})"));
            }
            (Err(what), None, _) if count > 1 => multiple.push(format!("{label}: {what}")),
            (Err(what), ..) => wrong.push(format!("{label}: {what}")),
            (Ok(_), Some(_), _) | (Ok(_), None, Some(_)) => stale.push(format!(
                "{label}: answered uniquely, though listed as {}",
                if redefines.is_some() {
                    "REDEFINED"
                } else {
                    "BEYOND_DATA"
                }
            )),
            (Ok(true), None, None) => solved += 1,
            (Ok(false), None, None) => unique += 1,
        }
    }
    let unsupported_total: usize = unsupported.values().sum();
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "f-puzzles public sample ({}): of {links} links, {read} read and {unsupported_total} \
         refused as unsupported rules {unsupported:?}, {} failed to read; {cosmetic} have \
         cosmetic elements (rules drawn, not solved); the setter's solution was checked \
         against the rules read for {setter_checked} ({} broke one); of the rest, {solved} \
         solved to the setter's solution, {unique} uniquely (no setter's solution), {} have \
         several solutions as their data admits (rules in the ruleset text or colours), {} \
         redefine an element, {} were refused by the engine, {} were given up after {} s \
         of CPU each, {} answered unexpectedly with several solutions and {} wrong; in {seconds:.1} s \
         (slowest answered: {} in {:.1} s).",
        path.display(),
        failures.len(),
        setter_broken.len(),
        beyond.len(),
        redefined.len(),
        refused.len(),
        gave_up.len(),
        limit.as_secs(),
        multiple.len(),
        wrong.len(),
        slowest.1,
        slowest.0,
    );
    for line in failures
        .iter()
        .chain(&unnamed)
        .chain(&setter_broken)
        .chain(&refused)
        .chain(&beyond)
        .chain(&redefined)
        .chain(&stale)
        .chain(&multiple)
        .chain(&wrong)
    {
        println!("  {line}");
    }
    for label in &gave_up {
        println!("  {label}: given up after {} s of CPU", limit.as_secs());
    }
    assert!(failures.is_empty(), "links that do not read: {failures:#?}");
    assert!(
        unnamed.is_empty(),
        "unsupported rules not named by a key of the JSON: {unnamed:#?}"
    );
    assert!(
        setter_broken.is_empty(),
        "setters' solutions that break a rule as read: {setter_broken:#?}"
    );
    assert!(wrong.is_empty(), "wrong answers: {wrong:#?}");
    assert!(
        refused.is_empty(),
        "puzzles the engine refused: {refused:#?}"
    );
    assert!(
        multiple.is_empty(),
        "puzzles with several solutions that BEYOND_DATA does not explain: {multiple:#?}"
    );
    assert!(
        stale.is_empty(),
        "listed puzzles now answered uniquely (take them off the list): {stale:#?}"
    );
    assert!(
        gave_up.len() <= gave_up_max,
        "more than {gave_up_max} puzzles given up after {} s each (the run stopped there): \
         {gave_up:#?}",
        limit.as_secs()
    );
}

/// What the `sudoku` binary answered for one puzzle.
enum Answer {
    /// Solutions found (0, 1, or 2 for several) and the unique one.
    Solved(u64, Option<Vec<u8>>),
    /// An `error` record: the binary's message.
    Refused(String),
    /// Stopped at the time limit.
    GaveUp,
}

/// The CPU time a child process has had so far, all its threads (Linux:
/// `utime` and `stime` of `/proc/PID/stat`, in the kernel's fixed 100
/// ticks a second); `None` where that cannot be read.
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's `(name)`: state is the first, utime
    // and stime the 12th and 13th.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Solves `url` with the `sudoku` binary (`solve --unique --format json`),
/// stopped after `limit` of CPU time (of wall time where CPU time cannot
/// be read; and after four times `limit` of wall time in any case), so
/// that a loaded machine gives up on no more puzzles than an idle one.
fn solve_in_child(url: &str, limit: Duration) -> Answer {
    let mut child = Command::new(common::bin())
        .args(["solve", "--unique", "--format", "json", "-j", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sudoku binary runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    writeln!(stdin, "{url}").expect("the link written");
    drop(stdin);
    let started = Instant::now();
    loop {
        if child.try_wait().expect("the child's status").is_some() {
            break;
        }
        let wall = started.elapsed();
        let spent = cpu_time(child.id()).unwrap_or(wall);
        if spent > limit || wall > limit * 4 {
            let _ = child.kill();
            let _ = child.wait();
            return Answer::GaveUp;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("the child's output");
    let record: Value = serde_json::from_slice(&output.stdout).expect("one JSON record");
    let digits = |text: &str| -> Vec<u8> {
        let symbols = b"123456789ABCDEFGHIJKLMNOP";
        let value = |b: u8| {
            symbols
                .iter()
                .position(|&s| s == b)
                .map_or(0, |i| i as u8 + 1)
        };
        text.bytes().map(value).collect()
    };
    match record["status"].as_str().expect("a status") {
        "solved" => Answer::Solved(1, record["solution"].as_str().map(digits)),
        "multiple" => Answer::Solved(2, None),
        "unsolvable" | "invalid" => Answer::Solved(0, None),
        _ => Answer::Refused(String::from_utf8_lossy(&output.stderr).trim().to_owned()),
    }
}
