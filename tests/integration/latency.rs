//! Records reach a pipe as they are answered, not when a 64 KiB block
//! fills or the input ends; and a reader that stops (`| head -1`) ends the
//! run while input is still coming. No timing bound: the input takes
//! seconds to answer, far longer than a record should take to come out,
//! and the tests check that it had not all been read (or fed) when the
//! first record came.

use crate::common;

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use common::*;

/// Boards the feeder offers: `solve --count` prints 2 bytes for each, so
/// all their records together fit in one 64 KiB block, and solving them
/// takes seconds even in release (each is one of the slowest public boards).
const BOARDS: u64 = 20_000;

/// A forum-hardest puzzle that takes this solver ~800 guesses to count.
const SLOW: &str =
    "........1....23.....45...2...5..6.3..7......89.....1....6.3..1..8.4....91..6..7..";

fn spawn(jobs: &str) -> Child {
    Command::new(bin())
        .args(["solve", "--count", "-j", jobs])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sudoku starts")
}

/// Feeds `SLOW` to `stdin` board by board until `stop` is set, the pipe
/// closes or `BOARDS` are written; then closes it. Counts what it fed.
fn feed(mut stdin: ChildStdin, stop: Arc<AtomicBool>, fed: Arc<AtomicU64>) -> JoinHandle<()> {
    thread::spawn(move || {
        let line = format!("{SLOW}\n");
        while fed.load(Ordering::SeqCst) < BOARDS && !stop.load(Ordering::SeqCst) {
            if stdin.write_all(line.as_bytes()).is_err() {
                return;
            }
            fed.fetch_add(1, Ordering::SeqCst);
        }
    })
}

/// Where the process `pid` stands in reading `path`: the offset of its
/// descriptor open on it, from Linux's `/proc`; `None` once it has closed it.
fn read_offset(pid: u32, path: &Path) -> Option<u64> {
    for fd in fs::read_dir(format!("/proc/{pid}/fd")).ok()?.flatten() {
        if fs::read_link(fd.path()).ok()? == path {
            let info =
                fs::read_to_string(format!("/proc/{pid}/fdinfo/{}", fd.file_name().to_str()?))
                    .ok()?;
            let pos = info.lines().find_map(|line| line.strip_prefix("pos:"))?;
            return pos.trim().parse().ok();
        }
    }
    None
}

#[test]
#[cfg_attr(not(target_os = "linux"), ignore = "reads /proc/PID/fdinfo")]
fn the_first_record_comes_out_before_the_input_is_read() {
    assert!(
        Path::new("/proc/self/fdinfo").exists(),
        "no /proc/self/fdinfo to read the binary's file offset from"
    );
    // A regular file: reading it never waits, so only the clock can let
    // the first records out before the end.
    let path = fs::canonicalize(temp_dir("latency_file"))
        .unwrap()
        .join("slow.txt");
    fs::write(&path, format!("{SLOW}\n").repeat(BOARDS as usize)).unwrap();
    let size = fs::metadata(&path).unwrap().len();
    for jobs in ["1", "2"] {
        let mut child = Command::new(bin())
            .args(["solve", "--count", "-j", jobs])
            .arg(&path)
            .stdout(Stdio::piped())
            .spawn()
            .expect("sudoku starts");
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        out.read_line(&mut first).unwrap();
        let offset = read_offset(child.id(), &path);
        assert_eq!(first, "1\n", "-j {jobs}");
        assert!(
            offset.is_some_and(|offset| offset < size),
            "-j {jobs}: the first record waited for the whole input ({offset:?} of {size} bytes read)"
        );
        // Done: stop it as `head -1` would.
        drop(out);
        assert!(child.wait().unwrap().success());
    }
}

#[test]
fn a_reader_that_stops_ends_the_run_while_input_still_comes() {
    for jobs in ["1", "2"] {
        let mut child = spawn(jobs);
        let (stop, fed) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicU64::new(0)),
        );
        let feeder = feed(child.stdin.take().unwrap(), stop, fed.clone());
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        out.read_line(&mut first).unwrap();
        // Like `head -1`: read one line and go.
        drop(out);
        let status = child.wait().unwrap();
        // The feeder stops when sudoku's stdin closes with it.
        feeder.join().unwrap();
        assert_eq!(first, "1\n", "-j {jobs}");
        assert!(status.success(), "-j {jobs}: {status}");
        assert!(
            fed.load(Ordering::SeqCst) < BOARDS,
            "-j {jobs}: the run went on to the end of the input"
        );
    }
}

// ---------------------------------------------------------------------
// Slow boards: a record finished before a board that takes seconds is not
// held back by it, and a reader that stops while every worker is busy on
// such a board ends the run at once. These bounds are generous (a loaded
// CI machine): the record is ready in about a millisecond, the slow board
// takes seconds to rate.
// ---------------------------------------------------------------------

/// A bank puzzle rated 1.2, in about a millisecond.
const EASY: &str =
    "37.5....9.65.78.23....3..8..3.817..2.872.634.6..453.7..5..2....74.98.13.8....1.54";

/// The forum puzzle slowest to rate here (seconds, 11.8/11.8/11.1): its
/// very first step is a nested chain, so even its hint takes a while.
const SLOWEST: &str =
    "6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1";

/// The most a ready record may take to reach the pipe, process start
/// included.
const RECORD_WITHIN: Duration = Duration::from_millis(200);

/// The most a run may take to end once its reader has gone.
const EXIT_WITHIN: Duration = Duration::from_millis(500);

/// Runs `args`, reads the first line of its output, then closes the pipe
/// as `head -1` does. Returns the line, how long it took to come, and
/// how long the process took to end after the pipe closed.
fn first_line_then_close(args: &[&str]) -> (String, Duration, Duration) {
    let started = Instant::now();
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sudoku starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let line_after = started.elapsed();
    drop(out);
    let closed = Instant::now();
    let status = child.wait().unwrap();
    let exit_after = closed.elapsed();
    assert!(status.success(), "{args:?}: {status}");
    (first, line_after, exit_after)
}

#[test]
fn a_slow_board_holds_back_neither_the_record_before_it_nor_a_closed_pipe() {
    let path = temp_dir("latency_slow").join("easy-then-slow.txt");
    fs::write(&path, format!("{EASY}\n{SLOWEST}\n{SLOWEST}\n")).unwrap();
    let file = path.to_str().unwrap();
    let expected = [
        ("rate", "1.2/1.0/1.0\n"),
        ("explain", "1.2/1.0/1.0\n"),
        ("hint", "1.0  Full house in box 5: r5c5=9\n"),
    ];
    for (command, first_line) in expected {
        for jobs in ["1", "2"] {
            let (line, came, ended) = first_line_then_close(&[command, "-j", jobs, file]);
            let run = format!("{command} -j {jobs}");
            assert_eq!(line, first_line, "{run}");
            assert!(
                came < RECORD_WITHIN,
                "{run}: the first record took {came:?}"
            );
            assert!(
                ended < EXIT_WITHIN,
                "{run}: ended {ended:?} after the pipe closed"
            );
        }
    }
}

#[test]
fn graded_generate_ends_at_once_when_its_reader_goes() {
    // Puzzles rated 9.0 or more: each takes a second or so to find.
    for jobs in ["1", "2"] {
        let args = [
            "generate", "-n", "10", "--seed", "1", "-j", jobs, "--rating", "9.0..",
        ];
        let (line, _, ended) = first_line_then_close(&args);
        assert_eq!(line.trim_end().len(), 81, "-j {jobs}: {line:?}");
        assert!(
            ended < EXIT_WITHIN,
            "-j {jobs}: ended {ended:?} after the pipe closed"
        );
    }
}

// ---------------------------------------------------------------------
// `--regions FILE` read in step with the boards: a pipe of layouts and a
// pipe of boards, each board answered while both are still open.
// ---------------------------------------------------------------------

#[test]
#[cfg_attr(
    not(target_os = "linux"),
    ignore = "opens a FIFO read-write, as Linux allows"
)]
fn layouts_from_a_pipe_are_read_in_step_with_the_boards() {
    let dir = temp_dir("latency_regions_fifo");
    for jobs in ["1", "2"] {
        let fifo = dir.join(format!("layouts-{jobs}"));
        let made = Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success(), "mkfifo {}", fifo.display());
        let mut child = Command::new(bin())
            .args(["validate", "-j", jobs, "--regions"])
            .arg(&fifo)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sudoku starts");
        // Read and write: on Linux that open never waits, so a run that
        // does not read the FIFO fails the test rather than hanging it.
        let mut layouts = fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&fifo)
            .unwrap();
        let mut boards = child.stdin.take().unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let (tx, rx) = std::sync::mpsc::channel();
        let reader = thread::spawn(move || {
            for line in out.lines() {
                if tx.send(line.unwrap()).is_err() {
                    return;
                }
            }
        });
        let expected = [
            (BOXES_LAYOUT, "invalid: 1 twice in region 1 (r1c1, r2c2)"),
            (ROWS_LAYOUT, "valid"),
            (ROWS_LAYOUT, "valid"),
            (BOXES_LAYOUT, "invalid: 1 twice in region 1 (r1c1, r2c2)"),
        ];
        for (i, (layout, record)) in expected.into_iter().enumerate() {
            writeln!(layouts, "{layout}").unwrap();
            layouts.flush().unwrap();
            writeln!(boards, "{TWO_ONES}").unwrap();
            boards.flush().unwrap();
            // Both pipes stay open: a run that read all the layouts first
            // would answer nothing until they closed.
            match rx.recv_timeout(Duration::from_secs(30)) {
                Ok(line) => assert_eq!(line, record, "-j {jobs}, board {}", i + 1),
                Err(_) => {
                    let _ = child.kill();
                    panic!(
                        "-j {jobs}: board {} not answered while the pipes were open",
                        i + 1
                    );
                }
            }
        }
        drop((layouts, boards));
        let status = child.wait().unwrap();
        reader.join().unwrap();
        assert!(
            rx.try_recv().is_err(),
            "-j {jobs}: more records than boards"
        );
        // 1: two of the boards are invalid.
        assert_eq!(status.code(), Some(1), "-j {jobs}: {status}");
    }
}
