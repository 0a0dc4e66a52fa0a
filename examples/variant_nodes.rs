//! Per board of a file, the variant search's work: nodes (choices made)
//! and time to prove the answer (`solve(2)`), slowest last. Lines are
//! f-puzzles data (links, payloads, JSON) or one-line boards of N x N
//! cells in the symbols `1-9A-P` with `.` or `0` for an empty cell.
//!
//! Run with `cargo run --release --example variant_nodes -- FILE`.

use std::time::Instant;

use sudoku_cli::variant::{Layout, Puzzle};

fn main() {
    let path = std::env::args().nth(1).expect("usage: variant_nodes FILE");
    let text = std::fs::read_to_string(&path).expect("readable file");
    let mut rows = Vec::new();
    let (mut all_nodes, mut all_secs) = (0u64, 0f64);
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let start = Instant::now();
        let puzzle = if sudoku_fpuzzles::looks_like_fpuzzles(line.as_bytes()) {
            match sudoku_fpuzzles::parse(line.as_bytes()).map(|f| f.into_puzzle()) {
                Ok(Ok(p)) => p,
                _ => continue,
            }
        } else {
            let n = (line.len() as f64).sqrt() as usize;
            let givens = line
                .bytes()
                .map(|b| match b {
                    b'1'..=b'9' => b - b'0',
                    b'A'..=b'P' => b - b'A' + 10,
                    _ => 0,
                })
                .collect();
            Puzzle::new(Layout::standard(n).expect("a size"), givens, Vec::new()).expect("a puzzle")
        };
        let made = start.elapsed().as_secs_f64();
        let (outcome, nodes) = puzzle.solve_counting_nodes(2);
        let secs = start.elapsed().as_secs_f64();
        all_nodes += nodes;
        all_secs += secs;
        rows.push((secs, made, nodes, outcome.count, i + 1));
    }
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (secs, made, nodes, count, line) in rows.iter().rev().take(12).rev() {
        println!(
            "line {line:4}: {:9.3} ms ({:.3} ms set-up), {nodes:8} nodes, {count} solution(s)",
            secs * 1e3,
            made * 1e3
        );
    }
    println!(
        "{} boards, {all_nodes} nodes, {:.1} ms",
        rows.len(),
        all_secs * 1e3
    );
}
