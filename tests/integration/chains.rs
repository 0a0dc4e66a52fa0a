//! Chain steps carry proofs a program can check: every chain step that
//! `explain` takes on the Sudoku Exchange bank sample and on the forum's
//! hardest puzzles (`tests/data/`; a missing file fails the test) has
//! branches, and an independent checker (`chain_checker`) finds every link
//! justified and every step's result proved. The step lines themselves are
//! held to what they were before steps carried proofs.

use crate::chain_checker;
use crate::common::data_puzzles;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use chain_checker::Tally;

/// The Sudoku Exchange bank sample's 1,991 puzzles (without their ratings).
fn bank() -> Vec<String> {
    let bank = data_puzzles("se_bank_sample.serate.txt");
    assert_eq!(bank.len(), 1_991, "se_bank_sample.serate.txt");
    bank
}

/// The forum's 375 hardest puzzles (HardestDatabase110626).
fn forums_hardest() -> Vec<String> {
    let hardest = data_puzzles("forum_hardest_1106.txt");
    assert_eq!(hardest.len(), 375, "forum_hardest_1106.txt");
    hardest
}

/// `sudoku explain --format json` on `puzzles`, each record checked from
/// its JSON alone.
fn check_all(puzzles: &[String]) -> Tally {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["explain", "--format", "json", "-j2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sudoku runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = puzzles.join("\n") + "\n";
    let feeder = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    let mut records = 0;
    let (mut bytes, mut chain_steps_without) = (0, 0);
    for line in stdout.lines() {
        let line = line.unwrap();
        records += 1;
        let record: serde_json::Value = serde_json::from_str(&line).expect("a JSON record");
        for step in record["steps"].as_array().into_iter().flatten() {
            let technique = step["technique"].as_str().unwrap_or("");
            let chained = ["Chain", "Cycle", "X-Wing", "Turbot Fish"]
                .iter()
                .any(|word| technique.contains(word));
            if chained && step.get("chains").is_none() {
                chain_steps_without += 1;
                failures.push(format!("{}: {}: no chains", record["puzzle"], step["text"]));
            }
            if let Some(chains) = step.get("chains") {
                bytes = bytes.max(chains.to_string().len());
            }
        }
        match chain_checker::check_record(&record) {
            Ok(one) => tally.add(one),
            Err(e) => failures.push(e),
        }
    }
    feeder.join().unwrap().unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(records, puzzles.len());
    assert_eq!(chain_steps_without, 0);
    eprintln!("largest chains key: {bytes} bytes of JSON");
    eprintln!(
        "{} puzzles: {} chain steps, {} branches, {} links checked by rule, {} nested-chain \
         links checked through their branches, {} links unchecked; largest proof {} implications",
        puzzles.len(),
        tally.steps,
        tally.branches,
        tally.links,
        tally.nested,
        tally.unchecked,
        tally.largest
    );
    for failure in failures.iter().take(10) {
        eprintln!("FAIL {failure}");
    }
    assert!(failures.is_empty(), "{} puzzles fail", failures.len());
    assert_eq!(tally.unchecked, 0);
    tally
}

#[test]
fn every_chain_step_on_the_bank_sample_is_proved() {
    let tally = check_all(&bank());
    assert!(tally.steps > 1000, "{tally:?}");
}

#[test]
fn every_chain_step_on_the_forums_hardest_first_ten_is_proved() {
    let tally = check_all(&forums_hardest()[..10]);
    assert!(tally.nested > 0, "{tally:?}");
}

/// All 375 (about ten minutes of CPU):
/// `cargo test --test integration chains::every_chain_step_on_all -- --ignored --nocapture`.
#[test]
#[ignore = "about ten minutes of CPU"]
fn every_chain_step_on_all_the_forums_hardest_is_proved() {
    check_all(&forums_hardest());
}

/// FNV-1a, 64 bits: a digest the test can compute without a dependency.
fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(hash, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100000001b3))
}

/// Every step line `explain` printed on the bank sample before steps
/// carried proofs: 133,527 lines, digested as `sudoku explain` printed
/// them (each line and its newline, in order). Re-pinned when unique
/// rectangle type 3 came to try hidden pairs with three extra digits, as
/// SE does: 11 puzzles take such a type 3 (4.5), the line count and every
/// rating unchanged (`scripts/digest.sh` also hashes the chain lines).
#[test]
fn step_lines_on_the_bank_sample_are_unchanged() {
    let (mut hash, mut lines) = (0xcbf29ce484222325u64, 0);
    for puzzle in &bank() {
        let explained = sudoku_cli::logic::explain(&puzzle.parse().unwrap());
        for step in &explained.steps {
            hash = fnv(hash, format!("{step}\n").as_bytes());
            lines += 1;
        }
    }
    assert_eq!((lines, hash), (133_527, 0xfe54164986f2639b));
}

/// Checks the records of a file of `explain --format json` output, named
/// by `CHAINS_JSON` (e.g. all of the forum's hardest, made once with the
/// release binary): `CHAINS_JSON=out.json cargo test --test integration
/// chains::every_chain_step_of_a_json_file -- --ignored --nocapture`.
#[test]
#[ignore = "needs CHAINS_JSON, a file of explain --format json output"]
fn every_chain_step_of_a_json_file_is_proved() {
    let path = std::env::var("CHAINS_JSON").expect("set CHAINS_JSON to a file of JSON records");
    let text = std::fs::read_to_string(path).expect("a readable file");
    let (mut tally, mut failures, mut records, mut bytes) = (Tally::default(), Vec::new(), 0, 0);
    for line in text.lines() {
        records += 1;
        let record: serde_json::Value = serde_json::from_str(line).expect("a JSON record");
        for step in record["steps"].as_array().into_iter().flatten() {
            if let Some(chains) = step.get("chains") {
                bytes = bytes.max(chains.to_string().len());
            }
        }
        match chain_checker::check_record(&record) {
            Ok(one) => tally.add(one),
            Err(e) => failures.push(e),
        }
    }
    eprintln!(
        "{records} records: {} chain steps, {} branches, {} links checked by rule, {} \
         nested-chain links checked through their branches, {} unchecked; largest proof {} \
         implications, {bytes} bytes of JSON",
        tally.steps, tally.branches, tally.links, tally.nested, tally.unchecked, tally.largest
    );
    for failure in failures.iter().take(10) {
        eprintln!("FAIL {failure}");
    }
    assert!(failures.is_empty(), "{} records fail", failures.len());
}
