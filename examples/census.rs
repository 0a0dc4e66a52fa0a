//! Solves every board of the given files with a limit and prints, per file,
//! boards per second of the solver alone (wall clock, and CPU time of this
//! thread where Linux reports it), guesses (branches tried) and nodes
//! (choices, tdoku's unit) per board: a quick tool for tuning the solver.
//!
//! `cargo run --release --example census -- [--limit N] [--rounds R] FILE...`
//!
//! `--rounds R` solves each file R times in a row (the counts are per
//! round), so that a small set runs long enough to time on a noisy host.

use std::time::Instant;

use sudoku_cli::{solve_with_effort, Board, Boards, Effort};

/// This thread's time on a CPU so far, in seconds, from Linux's schedstat
/// (its first field is nanoseconds run); `None` elsewhere. Unlike the wall
/// clock it leaves out the time other processes held the CPU.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 * 1e-9)
}

fn main() {
    let (mut limit, mut rounds) = (2, 1u64);
    let mut args = std::env::args().skip(1);
    let mut files = Vec::new();
    while let Some(arg) = args.next() {
        if arg == "--limit" {
            limit = args.next().and_then(|n| n.parse().ok()).expect("--limit N");
        } else if arg == "--rounds" {
            rounds = args
                .next()
                .and_then(|n| n.parse().ok())
                .expect("--rounds R");
        } else {
            files.push(arg);
        }
    }
    for file in files {
        let text = std::fs::read(&file).expect("readable file");
        let boards: Vec<Board> = Boards::new(&text[..], file.as_str())
            .filter_map(|item| Some(item.ok()?.board))
            .collect();
        let (started, cpu_started) = (Instant::now(), cpu_seconds());
        let (mut effort, mut solutions) = (Effort::default(), 0u64);
        for _ in 0..rounds {
            for board in &boards {
                if let Ok((found, spent)) = solve_with_effort(board, limit) {
                    effort.guesses += spent.guesses;
                    effort.nodes += spent.nodes;
                    solutions += u64::from(found.count);
                }
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        let solved = (boards.len() as u64 * rounds) as f64;
        let cpu = match (cpu_started, cpu_seconds()) {
            (Some(from), Some(to)) => format!(", {:.0} boards/s cpu", solved / (to - from)),
            _ => String::new(),
        };
        let per_board = |n: u64| n as f64 / solved.max(1.0);
        println!(
            "{file}: {} boards, {:.0} boards/s{cpu}, {:.2} guesses/board, {} solutions, \
             {:.2} nodes/board",
            boards.len(),
            solved / seconds,
            per_board(effort.guesses),
            solutions / rounds,
            per_board(effort.nodes),
        );
    }
}
