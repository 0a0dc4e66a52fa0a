//! The shared benchmark sets, when `../shared/puzzles/` is present: every
//! puzzle is solved with `--unique`, and every answer is checked by the
//! independent checker. Skips (and passes) when the folder is absent.
//!
//! Run alone with `cargo test --release --test shared_sets`.

mod common;

use std::fs;
use std::path::PathBuf;

use common::*;

fn shared_puzzles() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles");
    dir.is_dir().then_some(dir)
}

/// Solves every puzzle of `name` and checks each answer.
fn solve_set(dir: &std::path::Path, name: &str) {
    let path = dir.join(name);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let puzzles: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert!(!puzzles.is_empty(), "{name}: no puzzles");
    let output = sudoku()
        .args(["solve", "--unique", "--format", "line"])
        .arg(&path)
        .timeout(std::time::Duration::from_secs(3600))
        .output()
        .unwrap();
    assert!(
        output.stderr.is_empty(),
        "{name}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(0), "{name}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        answers.len(),
        puzzles.len(),
        "{name}: one record per puzzle"
    );
    for (i, (puzzle, answer)) in puzzles.iter().zip(&answers).enumerate() {
        if let Err(why) = check_solution(puzzle, answer) {
            panic!("{name}: puzzle {} ({puzzle}): {why}", i + 1);
        }
    }
    eprintln!("{name}: {} puzzles solved and checked", puzzles.len());
}

#[test]
fn shared_sets_are_solved_uniquely_and_correctly() {
    let Some(dir) = shared_puzzles() else {
        eprintln!("note: ../shared/puzzles/ is absent; skipping the shared sets");
        return;
    };
    for name in ["puzzles2_17_clue", "puzzles3_magictour_top1465"] {
        solve_set(&dir, name);
    }
}
