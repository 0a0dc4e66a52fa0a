//! Records reach a pipe as they are answered, not when a 64 KiB block
//! fills or the input ends; and a reader that stops (`| head -1`) ends the
//! run while input is still coming. No timing bound: the input takes
//! seconds to answer, far longer than a record should take to come out,
//! and the tests check that it had not all been read (or fed) when the
//! first record came.

mod common;

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};

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
fn the_first_record_comes_out_before_the_input_is_read() {
    if !Path::new("/proc/self/fdinfo").exists() {
        eprintln!("note: no /proc/self/fdinfo; skipping");
        return;
    }
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
