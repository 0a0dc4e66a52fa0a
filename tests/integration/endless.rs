//! Endless and hostile input: a million boards through a pipe, 200,000
//! with a `--regions` file as long, a 100 MB line, every kind of
//! unreadable or broken input in one run, a stdout closed mid-stream, more
//! jobs than boards, and the reader's memory on a huge rejected line (peak
//! RSS of the binary, and the library's own allocations counted byte by
//! byte).
//!
//! The long streams are `#[ignore]`d (minutes in a debug build);
//! `.ci/run` runs it after the main suite:
//! `cargo test --locked --test integration endless:: -- --ignored`.
//! Peak memory is read from `/proc` and measured with GNU `/usr/bin/time`
//! (Linux); where either is missing the memory tests fail.

use crate::common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fs;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use common::*;

// ---------------------------------------------------------------------
// Helpers: peak memory of a child, waiting with a deadline.
// ---------------------------------------------------------------------

/// The child's peak resident set so far (VmHWM), in KiB, from `/proc`;
/// panics where `/proc` does not tell.
fn peak_rss_kib(child: &Child) -> u64 {
    let path = format!("/proc/{}/status", child.id());
    let status = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .unwrap_or_else(|| panic!("{path}: no VmHWM line"));
    line.split_whitespace()
        .nth(1)
        .and_then(|kib| kib.parse().ok())
        .unwrap_or_else(|| panic!("{path}: {line}"))
}

/// Waits for the child, killing it and failing after `limit`.
fn wait_within(child: &mut Child, limit: Duration, what: &str) -> i32 {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code().expect("exited, not killed");
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("{what}: still running after {limit:?}");
        }
        thread::sleep(Duration::from_millis(10));
    }
}

fn spawn(args: &[&str]) -> Child {
    Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Reads the child's stderr to the end on a thread.
fn collect_stderr(child: &mut Child) -> thread::JoinHandle<String> {
    let mut stderr = child.stderr.take().unwrap();
    thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).unwrap();
        text
    })
}

// ---------------------------------------------------------------------
// A million boards through stdin.
// ---------------------------------------------------------------------

/// Board `i` of the endless stream: a proper puzzle with its digits
/// relabelled by `i`, so that an answer out of order fails its givens.
/// Every 1000th (offset 999) is a malformed line, every 1000th (offset 500)
/// unsolvable.
fn stream_board(i: u64, bases: &[String]) -> String {
    match i % 1000 {
        999 => format!("{}x\n", &PUZZLE[..40]),
        500 => format!("{}\n", unsolvable()),
        _ => {
            let base = bases[(i % bases.len() as u64) as usize].as_bytes();
            let mut digits = *b"123456789";
            let mut state = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for k in (1..9).rev() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                digits.swap(k, (state % (k as u64 + 1)) as usize);
            }
            let mut line: Vec<u8> = base
                .iter()
                .map(|&c| match c {
                    b'1'..=b'9' => digits[usize::from(c - b'1')],
                    c => c,
                })
                .collect();
            line.push(b'\n');
            String::from_utf8(line).unwrap()
        }
    }
}

/// What [`stream`] saw of a run.
struct Streamed {
    /// Peak memory (KiB) every so many records, and last at the end.
    peaks: Vec<u64>,
    code: i32,
    stderr: String,
}

/// Runs `sudoku ARGS` with `records` lines, `line(i)` each, written to its
/// stdin from a thread, and hands record `i` to `check` as it comes. Reads
/// the peak memory every `every` records and after the last one, stdin
/// held open until then (a process that has exited has no memory to read).
fn stream(
    args: &[&str],
    records: u64,
    line: impl Fn(u64) -> String + Send + 'static,
    every: u64,
    mut check: impl FnMut(u64, &str),
) -> Streamed {
    let mut child = spawn(args);
    let stderr = collect_stderr(&mut child);
    let mut stdin = child.stdin.take().unwrap();
    let (close_tx, close_rx) = mpsc::channel::<()>();
    let writer = thread::spawn(move || {
        let mut out = BufWriter::with_capacity(1 << 16, &mut stdin);
        for i in 0..records {
            out.write_all(line(i).as_bytes()).unwrap();
        }
        out.flush().unwrap();
        drop(out);
        let _ = close_rx.recv();
        drop(stdin);
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut record = String::new();
    let mut peaks = Vec::new();
    for i in 0..records {
        record.clear();
        let read = stdout.read_line(&mut record).unwrap();
        assert!(read > 0, "the output ended after {i} records");
        check(i, record.trim_end());
        if (i + 1) % every == 0 {
            peaks.push(peak_rss_kib(&child));
        }
    }
    peaks.push(peak_rss_kib(&child));
    close_tx.send(()).unwrap();
    record.clear();
    assert_eq!(stdout.read_line(&mut record).unwrap(), 0, "no extra output");
    let code = wait_within(&mut child, Duration::from_secs(60), "the stream");
    writer.join().unwrap();
    Streamed {
        peaks,
        code,
        stderr: stderr.join().unwrap(),
    }
}

#[test]
#[ignore = "a million boards: seconds; .ci/run runs it after the main suite"]
fn a_million_boards_through_stdin_are_all_answered_in_order_in_flat_memory() {
    const BOARDS: u64 = 1_000_000;
    let bases: Vec<String> = (0..997).map(variant).collect();
    let writer_bases = bases.clone();
    let started = Instant::now();
    let run = stream(
        &["solve", "--format", "line"],
        BOARDS,
        move |i| stream_board(i, &writer_bases),
        100_000,
        |i, record| match i % 1000 {
            999 => assert_eq!(record, "error", "record {i}"),
            500 => assert_eq!(record, "unsolvable", "record {i}"),
            _ => {
                let puzzle = stream_board(i, &bases);
                if let Err(why) = check_solution(puzzle.trim_end(), record) {
                    panic!("record {i}: {why}");
                }
            }
        },
    );
    let elapsed = started.elapsed();
    let (peaks, final_peak) = (&run.peaks[..10], run.peaks[10]);
    assert_eq!(run.code, 2, "malformed lines are in the stream");
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(errors.len() as u64, BOARDS / 1000);
    assert_eq!(
        errors[0],
        "sudoku: <stdin>:1000:41: unexpected character 'x'"
    );
    eprintln!(
        "1,000,000 boards answered in {:.1} s; peak RSS (KiB) every 100,000 boards: {peaks:?}, at the end: {final_peak:?}",
        elapsed.as_secs_f64()
    );
    let (early, last) = (peaks[0], final_peak);
    assert!(last < 32 * 1024, "peak RSS {last} KiB");
    assert!(
        last <= early + 4 * 1024,
        "memory grew with the input: {early} KiB after 100,000 boards, {last} KiB after 1,000,000"
    );
}

#[test]
#[ignore = "200,000 boards: seconds; .ci/run runs it after the main suite"]
fn a_regions_file_as_long_as_the_input_is_read_in_flat_memory() {
    const BOARDS: u64 = 200_000;
    // Every third board takes the boxes: its record says which it got.
    let layout = |i: u64| {
        if i.is_multiple_of(3) {
            BOXES_LAYOUT
        } else {
            ROWS_LAYOUT
        }
    };
    let path = temp_dir("endless_regions").join("layouts.txt");
    let mut file = BufWriter::new(fs::File::create(&path).unwrap());
    for i in 0..BOARDS {
        writeln!(file, "{}", layout(i)).unwrap();
    }
    file.into_inner().unwrap().sync_all().unwrap();
    let run = stream(
        &["validate", "--regions", path.to_str().unwrap()],
        BOARDS,
        |_| format!("{TWO_ONES}\n"),
        50_000,
        |i, record| {
            let expected = if layout(i) == BOXES_LAYOUT {
                "invalid: 1 twice in region 1 (r1c1, r2c2)"
            } else {
                "valid"
            };
            assert_eq!(record, expected, "record {i}");
        },
    );
    assert_eq!((run.code, run.stderr.as_str()), (1, ""));
    let peaks = run.peaks;
    eprintln!("peak RSS (KiB) every 50,000 boards, and at the end: {peaks:?}");
    // The file is 18 MB; held in memory it would cost more than that.
    let (early, last) = (peaks[0], *peaks.last().unwrap());
    assert!(last < 16 * 1024, "peak RSS {last} KiB");
    assert!(
        last <= early + 2 * 1024,
        "memory grew with the layouts: {early} KiB after 50,000 boards, {last} KiB after 200,000"
    );
}

// ---------------------------------------------------------------------
// A 100 MB line without a newline, and huge rejected lines.
// ---------------------------------------------------------------------

/// Runs `sudoku ARGS` with `head` then `size` bytes of `pattern`
/// (repeated, no newline) on stdin; returns the output and the peak RSS in
/// KiB, measured by GNU `/usr/bin/time` (a missing one fails the test).
fn huge_stdin(args: &[&str], head: &str, pattern: &[u8], size: usize) -> (Run, u64) {
    let time = std::path::Path::new("/usr/bin/time");
    assert!(
        time.exists(),
        "no /usr/bin/time to measure memory (apt-get install time)"
    );
    let run_number = RSS_RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let rss_file = temp_dir(&format!("huge_stdin_{run_number}")).join("rss");
    let mut child = Command::new(time)
        .arg("-f")
        .arg("%M")
        .arg("-o")
        .arg(&rss_file)
        .arg(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = collect_stderr(&mut child);
    let mut stdout = child.stdout.take().unwrap();
    let out = thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).unwrap();
        text
    });
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(head.as_bytes()).unwrap();
    let block: Vec<u8> = pattern.iter().copied().cycle().take(1 << 16).collect();
    let mut left = size;
    while left > 0 {
        let n = left.min(block.len());
        stdin.write_all(&block[..n]).unwrap();
        left -= n;
    }
    drop(stdin);
    let code = wait_within(&mut child, Duration::from_secs(120), "huge line");
    let rss =
        fs::read_to_string(&rss_file).unwrap_or_else(|e| panic!("{}: {e}", rss_file.display()));
    let peak = rss
        .trim()
        .lines()
        .last()
        .and_then(|kib| kib.parse().ok())
        .unwrap_or_else(|| panic!("/usr/bin/time wrote {rss:?}"));
    let run = Run {
        code,
        stdout: out.join().unwrap(),
        stderr: stderr.join().unwrap(),
    };
    (run, peak)
}

static RSS_RUNS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

#[test]
#[cfg_attr(not(target_os = "linux"), ignore = "needs GNU /usr/bin/time")]
fn a_100_mb_line_without_a_newline_between_two_good_files() {
    let dir = temp_dir("endless_100mb");
    fs::write(dir.join("a.txt"), format!("{PUZZLE}\n")).unwrap();
    fs::write(dir.join("c.txt"), plain_grid(HARD)).unwrap();
    let a = dir.join("a.txt");
    let c = dir.join("c.txt");
    let args = [
        "solve",
        "--format",
        "line",
        a.to_str().unwrap(),
        "-",
        c.to_str().unwrap(),
    ];
    let mut peaks = Vec::new();
    for (pattern, message) in [
        (&b"1"[..], ":730: more than 729 cells on one line"),
        (b"1 2|", ":1459: more than 729 cells on one line"),
        (b"5x", ":2: unexpected character 'x'"),
    ] {
        let (got, peak) = huge_stdin(&args, &format!("{HARD}\n"), pattern, 100 << 20);
        assert_eq!(got.code, 2);
        assert_eq!(
            got.stderr,
            format!("sudoku: <stdin>:2{message}\n"),
            "{pattern:?}"
        );
        let lines = got.stdout_lines();
        assert_eq!(lines.len(), 4, "{pattern:?}: {lines:?}");
        assert_solves(PUZZLE, lines[0]);
        assert_solves(HARD, lines[1]);
        assert_eq!(lines[2], "error");
        assert_solves(HARD, lines[3]);
        peaks.push(peak);
    }
    eprintln!("peak RSS (KiB) with a 100 MB line: {peaks:?}");
    for peak in peaks {
        assert!(peak < 16 * 1024, "peak RSS {peak} KiB for a 100 MB line");
    }
}

#[test]
#[cfg_attr(not(target_os = "linux"), ignore = "needs GNU /usr/bin/time")]
fn a_huge_rejected_line_costs_no_more_memory_than_a_short_one() {
    // The same run with a 1 KB and a 64 MB bad line: the peak may not grow
    // by more than the pipe and I/O buffers' worth.
    let mut peaks = Vec::new();
    for size in [1 << 10, 64 << 20] {
        let (got, peak) = huge_stdin(&["validate"], &format!("{PUZZLE}\n"), b"\xff\x00junk", size);
        assert_eq!(got.code, 2);
        assert_eq!(got.stdout, "valid\nerror\n");
        assert_eq!(
            got.stderr,
            "sudoku: <stdin>:2:1: unexpected character '\\xff'\n"
        );
        peaks.push(peak);
    }
    eprintln!("peak RSS (KiB) with a 1 KB and a 64 MB bad line: {peaks:?}");
    let (small, huge) = (peaks[0], peaks[1]);
    assert!(
        huge <= small + 2048,
        "a 64 MB bad line raised the peak from {small} KiB to {huge} KiB"
    );
}

// ---------------------------------------------------------------------
// The reader's own allocations, counted.
// ---------------------------------------------------------------------

/// Counts the bytes this thread has allocated and not freed, and their peak.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn track(delta: isize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every call is passed to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            track(layout.size() as isize);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        track(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            track(new_size as isize - layout.size() as isize);
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// A reader of `size` bytes of `pattern`, made up as they are read.
struct Made {
    pattern: &'static [u8],
    at: usize,
    size: usize,
}

impl Read for Made {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = buf.len().min(self.size - self.at);
        for (i, slot) in buf[..n].iter_mut().enumerate() {
            *slot = self.pattern[(self.at + i) % self.pattern.len()];
        }
        self.at += n;
        Ok(n)
    }
}

#[test]
fn the_reader_allocates_nothing_for_a_huge_rejected_line() {
    const BUFFER: usize = 1 << 16;
    let size = if cfg!(debug_assertions) {
        8 << 20
    } else {
        64 << 20
    };
    for pattern in [
        &b"1"[..],
        b"x",
        b"12345678x",
        b"\xff\x00",
        b"1 | 2 - 3",
        b"# a comment that never ends ",
    ] {
        let peak_before = {
            LIVE.with(|live| PEAK.with(|peak| peak.set(live.get())));
            LIVE.with(Cell::get)
        };
        let reader = BufReader::with_capacity(
            BUFFER,
            Made {
                pattern,
                at: 0,
                size,
            },
        );
        let items: Vec<String> = sudoku_cli::Boards::new(reader, "made")
            .map(|item| match item {
                Ok(entry) => format!("board at {}", entry.line),
                Err(error) => error.to_string(),
            })
            .collect();
        let grew = PEAK.with(Cell::get) - peak_before;
        assert!(items.len() <= 1, "{pattern:?}: {items:?}");
        assert!(
            grew < (BUFFER + 4096) as isize,
            "{pattern:?}: reading a {size}-byte line allocated up to {grew} bytes"
        );
    }
}

// ---------------------------------------------------------------------
// Everything broken at once, between good inputs.
// ---------------------------------------------------------------------

#[test]
fn every_kind_of_broken_input_in_one_run_and_the_good_ones_around_it() {
    let dir = temp_dir("endless_gauntlet");
    let write = |name: &str, bytes: &[u8]| fs::write(dir.join(name), bytes).unwrap();
    write("good1.txt", format!("{PUZZLE}\n").as_bytes());
    fs::create_dir(dir.join("folder")).unwrap();
    // A grid cut short at the end of its file, with no final newline.
    let cut = plain_grid(HARD);
    write("cut.txt", cut[..cut.len() - 41].trim_end().as_bytes());
    // Rows that would finish that grid, were grids to span files.
    write("rows.txt", &plain_grid(HARD).as_bytes()[50..]);
    write("nul.txt", b"\x00\x00\x00\n\xc3\x28 caf\xe9\n");
    write("bom_only.txt", b"\xef\xbb\xbf");
    write("empty.txt", b"");
    write("crlf.txt", format!("\r\n\r\n{HARD}\r\n").as_bytes());
    write("good2.txt", boxed_grid(PUZZLE).as_bytes());
    let names = [
        "good1.txt",
        "folder",
        "missing.txt",
        "cut.txt",
        "rows.txt",
        "nul.txt",
        "bom_only.txt",
        "empty.txt",
        "/dev/null",
        "crlf.txt",
        "good2.txt",
    ];
    let mut outputs = Vec::new();
    for jobs in ["1", "3", "64"] {
        let output = sudoku()
            .current_dir(&dir)
            .args(["solve", "--format", "line", "-j", jobs])
            .args(names)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "-j {jobs}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(
            stderr.lines().collect::<Vec<_>>(),
            [
                "sudoku: folder: Is a directory",
                "sudoku: missing.txt: No such file or directory",
                "sudoku: cut.txt:1: grid cut short after 5 of 9 rows",
                "sudoku: rows.txt:1: grid cut short after 4 of 9 rows",
                "sudoku: nul.txt:1:1: unexpected character '\\x00'",
            ],
            "-j {jobs}"
        );
        let stdout = String::from_utf8(output.stdout).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 6, "-j {jobs}: {lines:?}");
        assert_solves(PUZZLE, lines[0]);
        assert_eq!(lines[1..4], ["error", "error", "error"]);
        assert_solves(HARD, lines[4]);
        assert_solves(PUZZLE, lines[5]);
        outputs.push(stdout);
    }
    assert!(outputs.windows(2).all(|w| w[0] == w[1]));
}

// ---------------------------------------------------------------------
// A stdout closed mid-stream.
// ---------------------------------------------------------------------

#[test]
fn a_stdout_closed_mid_stream_ends_the_run_at_once_with_0_and_nothing_on_stderr() {
    for args in [
        &["solve"][..],
        &["solve", "-j", "1", "--stats"],
        &["solve", "-j", "4", "--format", "json"],
        &["solve", "--count", "--format", "grid"],
        &["validate", "--unique", "-j", "3", "--stats"],
    ] {
        let mut child = spawn(args);
        let stderr = collect_stderr(&mut child);
        let mut stdin = child.stdin.take().unwrap();
        // Endless input: the writer stops only when the pipe breaks.
        let writer = thread::spawn(move || {
            let chunk: String = (0..100)
                .map(|i| match i % 10 {
                    3 => format!("{}\n", unsolvable()),
                    7 => format!("{HARD}\n"),
                    _ => format!("{PUZZLE}\n"),
                })
                .collect();
            let mut written = 0u64;
            while stdin.write_all(chunk.as_bytes()).is_ok() {
                written += 1;
            }
            written
        });
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        for _ in 0..20_000 {
            line.clear();
            assert!(stdout.read_line(&mut line).unwrap() > 0, "{args:?}");
        }
        drop(stdout);
        let code = wait_within(&mut child, Duration::from_secs(30), "closed stdout");
        let chunks = writer.join().unwrap();
        assert_eq!(code, 0, "{args:?}");
        assert_eq!(stderr.join().unwrap(), "", "{args:?}: nothing on stderr");
        assert!(chunks > 0);
    }
}

// ---------------------------------------------------------------------
// Big records into a pipe nobody reads.
// ---------------------------------------------------------------------

#[test]
#[cfg_attr(not(target_os = "linux"), ignore = "reads peak memory from /proc")]
fn big_records_into_a_stalled_pipe_wait_in_bounded_memory() {
    // `explain --format html` writes about 350 KB per board:
    // 2,000 of them are 700 MB, which must never be held at once while the
    // reader of stdout sleeps.
    let input: String = (0..2000).map(|_| format!("{PUZZLE}\n")).collect();
    let mut child = spawn(&["explain", "--format", "html", "-j", "2"]);
    let stderr = collect_stderr(&mut child);
    let mut stdin = child.stdin.take().unwrap();
    let feeder = thread::spawn(move || stdin.write_all(input.as_bytes()));
    // Long enough to answer hundreds of boards, were nothing to stop it.
    thread::sleep(Duration::from_secs(3));
    let stalled = peak_rss_kib(&child);
    let mut boards = 0;
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while out.read_line(&mut line).unwrap() > 0 {
        if line.starts_with("<section class=\"record") {
            boards += 1;
            let at = format!(" data-line=\"{boards}\" ");
            assert!(line.contains(&at), "board {boards} out of order: {line}");
        }
        line.clear();
    }
    assert_eq!(wait_within(&mut child, Duration::from_secs(120), "html"), 0);
    feeder.join().unwrap().unwrap();
    assert_eq!(stderr.join().unwrap(), "");
    assert_eq!(boards, 2000, "every board's record is written");
    assert!(
        stalled < 200 * 1024,
        "{stalled} KiB held while stdout was not read"
    );
}

// ---------------------------------------------------------------------
// More jobs than boards.
// ---------------------------------------------------------------------

#[test]
fn more_jobs_than_boards_changes_nothing() {
    let inputs = [
        String::new(),
        "# only a comment\n".to_owned(),
        format!("{PUZZLE}\n"),
        format!("{PUZZLE}\n{}\n{HARD}x\n", unsolvable()),
        format!("{}\n{}", boxed_grid(PUZZLE), &plain_grid(HARD)[..30]),
    ];
    for input in inputs {
        for args in [&["solve"][..], &["solve", "--count"], &["validate"]] {
            let one = run(&[args, &["-j", "1"]].concat(), input.clone());
            for jobs in ["2", "64", "256"] {
                let many = run(&[args, &["-j", jobs]].concat(), input.clone());
                assert_eq!(many, one, "{args:?} -j {jobs} on {input:?}");
            }
            // Above the cap: the same run, with a note that says so first.
            let capped = run(&[args, &["-j", "500"]].concat(), input.clone());
            let note = "sudoku: --jobs 500 is above the limit of 256 threads; using 256\n";
            assert_eq!(capped.stderr, format!("{note}{}", one.stderr));
            assert_eq!((capped.code, &capped.stdout), (one.code, &one.stdout));
        }
    }
}
