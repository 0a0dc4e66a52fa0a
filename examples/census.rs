//! Solves every board of the given files with a limit and prints, per file,
//! boards per second of the solver alone, guesses (branches tried) and nodes
//! (choices, tdoku's unit) per board: a quick tool for tuning the solver.
//!
//! `cargo run --release --example census -- [--limit N] FILE...`

use std::time::Instant;

use sudoku_cli::{solve_with_effort, Board, Boards, Effort};

fn main() {
    let mut limit = 2;
    let mut args = std::env::args().skip(1);
    let mut files = Vec::new();
    while let Some(arg) = args.next() {
        if arg == "--limit" {
            limit = args.next().and_then(|n| n.parse().ok()).expect("--limit N");
        } else {
            files.push(arg);
        }
    }
    for file in files {
        let text = std::fs::read(&file).expect("readable file");
        let boards: Vec<Board> = Boards::new(&text[..], file.as_str())
            .filter_map(|item| Some(item.ok()?.board))
            .collect();
        let started = Instant::now();
        let (mut effort, mut solutions) = (Effort::default(), 0u64);
        for board in &boards {
            if let Ok((found, spent)) = solve_with_effort(board, limit) {
                effort.guesses += spent.guesses;
                effort.nodes += spent.nodes;
                solutions += u64::from(found.count);
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        let per_board = |n: u64| n as f64 / boards.len().max(1) as f64;
        println!(
            "{file}: {} boards, {:.0} boards/s, {:.2} guesses/board, {solutions} solutions, \
             {:.2} nodes/board",
            boards.len(),
            boards.len() as f64 / seconds,
            per_board(effort.guesses),
            per_board(effort.nodes),
        );
    }
}
