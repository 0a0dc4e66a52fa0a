//! Finds the slowest single boards: times every board of every file for
//! solving (limit 1), proving uniqueness (limit 2) and counting to the
//! default limit (1000), and prints the slowest boards of each mode with
//! their times. A benchmark, not a test: the target is that no board takes
//! more than 10 ms in any mode.
//!
//! ```sh
//! cargo run --release --example slowest                 # ../shared/puzzles/* and puzzles/adversarial.txt
//! cargo run --release --example slowest -- FILE...      # other files
//! cargo run --release --example slowest -- --top 20 --reps 50 FILE...
//! ```
//!
//! Every board is timed twice and keeps the better time; the slowest
//! `--candidates` (default 1000) of each mode are then timed `--reps` more
//! times (default 30) and keep their best time, which cuts the noise of a
//! busy machine (a preempted run can look slow; none looks fast). A `.csv` file is read
//! as `puzzle,solution` rows (the first field of each row; a header or any
//! row that is not a board is skipped); any other file with the crate's
//! reader, malformed boards skipped.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sudoku_cli::{solve, solve_counting_guesses, Board, Boards};

/// The modes timed, as (name, limit).
const MODES: [(&str, u32); 3] = [("solve", 1), ("unique", 2), ("count", 1000)];

/// The target: no board slower than this in any mode.
const TARGET: Duration = Duration::from_millis(10);

struct Entry {
    file: String,
    line: u64,
    board: Board,
}

fn main() {
    let mut top = 10;
    let mut reps = 30;
    let mut candidates = 1000;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> usize {
            args.next()
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{name} wants a number"))
        };
        match arg.as_str() {
            "--top" => top = number("--top"),
            "--reps" => reps = number("--reps").max(1),
            "--candidates" => candidates = number("--candidates"),
            "-h" | "--help" => {
                println!("usage: slowest [--top N] [--reps N] [--candidates N] [FILE...]");
                return;
            }
            _ => files.push(PathBuf::from(arg)),
        }
    }
    if files.is_empty() {
        files = default_files();
    }

    let mut entries = Vec::new();
    for file in &files {
        let read = read_boards(file);
        println!("{}: {} boards", file.display(), read.len());
        entries.extend(read);
    }
    println!(
        "{} boards; each timed twice, the slowest {candidates} per mode best of {} runs\n",
        entries.len(),
        reps + 2
    );

    let mut worst_overall: Option<(Duration, &str, usize)> = None;
    for (mode, limit) in MODES {
        let started = Instant::now();
        let mut times: Vec<(Duration, usize)> = entries
            .iter()
            .enumerate()
            .map(|(i, entry)| {
                let first = time_once(&entry.board, limit);
                (first.min(time_once(&entry.board, limit)), i)
            })
            .collect();
        let total = started.elapsed();
        times.sort_unstable_by(|a, b| b.cmp(a));
        times.truncate(candidates.max(top));
        for (best, i) in &mut times {
            for _ in 0..reps {
                *best = (*best).min(time_once(&entries[*i].board, limit));
            }
        }
        times.sort_unstable_by(|a, b| b.cmp(a));
        println!(
            "== {mode} (limit {limit}): all boards twice in {:.2} s, {:.1} us/board on average",
            total.as_secs_f64(),
            total.as_secs_f64() * 1e6 / 2.0 / entries.len().max(1) as f64
        );
        for (time, i) in times.iter().take(top) {
            let entry = &entries[*i];
            let (count, guesses) = match solve_counting_guesses(&entry.board, limit) {
                Ok((found, guesses)) => (found.count.to_string(), guesses),
                Err(_) => ("invalid".to_owned(), 0),
            };
            println!(
                "{:>10.1} us  {:>7} guesses  count {:>5}  {}:{}  {}",
                time.as_secs_f64() * 1e6,
                guesses,
                count,
                entry.file,
                entry.line,
                entry.board
            );
            if worst_overall.is_none_or(|(worst, _, _)| *time > worst) {
                worst_overall = Some((*time, mode, *i));
            }
        }
        println!();
    }
    if let Some((time, mode, i)) = worst_overall {
        let entry = &entries[i];
        let verdict = if time > TARGET {
            "OVER the 10 ms target"
        } else {
            "within the 10 ms target"
        };
        println!(
            "slowest: {:.3} ms ({mode}) {}:{} {} -- {verdict}",
            time.as_secs_f64() * 1e3,
            entry.file,
            entry.line,
            entry.board
        );
    }
}

/// One run of the solver on `board`.
fn time_once(board: &Board, limit: u32) -> Duration {
    let started = Instant::now();
    let found = solve(std::hint::black_box(board), limit);
    let elapsed = started.elapsed();
    std::hint::black_box(found.ok());
    elapsed
}

/// Every file of `../shared/puzzles/` (but its `.md`) and the adversarial
/// set.
fn default_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    if let Ok(dir) = std::fs::read_dir(root.join("../shared/puzzles")) {
        let mut shared: Vec<PathBuf> = dir
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| p.is_file() && p.extension().is_none_or(|e| e != "md"))
            .collect();
        shared.sort();
        files.extend(shared);
    } else {
        eprintln!("note: ../shared/puzzles/ is absent; timing the adversarial set only");
    }
    files.push(root.join("puzzles/adversarial.txt"));
    files
}

fn read_boards(path: &Path) -> Vec<Entry> {
    let text = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = path.display().to_string();
    if path.extension().is_some_and(|e| e == "csv") {
        return text
            .split(|&b| b == b'\n')
            .enumerate()
            .filter_map(|(i, row)| {
                let first = row.split(|&b| b == b',').next()?;
                let board = std::str::from_utf8(first).ok()?.trim().parse().ok()?;
                Some(Entry {
                    file: file.clone(),
                    line: i as u64 + 1,
                    board,
                })
            })
            .collect();
    }
    Boards::new(&text[..], file.as_str())
        .filter_map(|item| {
            let entry = item.ok()?;
            Some(Entry {
                file: file.clone(),
                line: entry.line,
                board: entry.board,
            })
        })
        .collect()
}
