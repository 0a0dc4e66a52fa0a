//! A closed stdout (`| head`) ends the run at once, quietly, with status 0.

use crate::common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::*;

/// Runs `script` in bash with `$SUDOKU` set to the binary and `$BIG` to
/// `big`; returns bash's stdout and stderr.
fn bash(script: &str, big: &Path) -> (String, String) {
    let output = Command::new("bash")
        .arg("-c")
        .arg(script)
        .env("SUDOKU", bin())
        .env("BIG", big)
        .output()
        .expect("bash runs");
    assert!(output.status.success(), "bash: {output:?}");
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A file of 200,000 copies of `first` then the LeetCode puzzle.
fn big_file(test: &str, first: &str) -> std::path::PathBuf {
    let dir = temp_dir(test);
    let path = dir.join("big.txt");
    let mut text = String::with_capacity(200_000 * 82);
    text.push_str(first);
    for _ in 0..200_000 {
        text.push_str(PUZZLE);
        text.push('\n');
    }
    fs::write(&path, text).unwrap();
    path
}

#[test]
fn head_closing_the_pipe_ends_the_run_with_0_and_empty_stderr() {
    let big = big_file("pipe_plain", "");
    for args in [
        "",
        "-j 1",
        "-j 4",
        "--stats",
        "--format json",
        "--format grid --stats -j 2",
    ] {
        // `timeout` turns a run that keeps going into a failure (124).
        let script = format!(
            r#"timeout 60 "$SUDOKU" solve {args} "$BIG" 2>"$BIG.err" | head -n 1; echo "status=${{PIPESTATUS[0]}}""#
        );
        let (stdout, stderr) = bash(&script, &big);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{args}: {stdout:?} {stderr:?}");
        assert_eq!(lines[1], "status=0", "{args}");
        let err = fs::read_to_string(big.with_extension("txt.err")).unwrap();
        assert_eq!(
            err, "",
            "{args}: stderr must stay empty (no stats, no message)"
        );
        match args {
            a if a.contains("json") => {
                let record: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
                assert_solves(PUZZLE, record["solution"].as_str().unwrap());
            }
            a if a.contains("grid") => assert_eq!(lines[0], "5 3 4 | 6 7 8 | 9 1 2"),
            _ => assert_solves(PUZZLE, lines[0]),
        }
    }
}

#[test]
fn a_closed_pipe_exits_0_whatever_came_before() {
    // A malformed board first: its error line is printed before the pipe
    // closes; after that nothing more (no --stats), and the status is 0.
    let big = big_file(
        "pipe_after_error",
        &format!("{PUZZLE}x\n{}\n", unsolvable()),
    );
    for jobs in ["1", "4"] {
        let script = format!(
            r#"timeout 60 "$SUDOKU" solve --stats -j {jobs} "$BIG" 2>"$BIG.err" | head -n 2; echo "status=${{PIPESTATUS[0]}}""#
        );
        let (stdout, _) = bash(&script, &big);
        assert_eq!(stdout, "error\nunsolvable\nstatus=0\n", "-j {jobs}");
        let err = fs::read_to_string(big.with_extension("txt.err")).unwrap();
        assert_eq!(
            err,
            format!("sudoku: {}:1:82: unexpected character 'x'\n", big.display()),
            "-j {jobs}"
        );
    }
}

#[test]
fn endless_input_stops_being_read_when_the_pipe_closes() {
    let dir = temp_dir("pipe_endless");
    let script = format!(
        r#"yes '{PUZZLE}' | timeout 60 "$SUDOKU" solve 2>"$BIG.err" | head -n 3 >/dev/null; echo "status=${{PIPESTATUS[1]}}""#
    );
    let (stdout, _) = bash(&script, &dir.join("none"));
    assert_eq!(stdout, "status=0\n");
    assert_eq!(fs::read_to_string(dir.join("none.err")).unwrap(), "");
}

#[test]
#[cfg_attr(not(target_os = "linux"), ignore = "needs /dev/full")]
fn a_failing_stdout_other_than_a_closed_pipe_is_an_error() {
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens for writing");
    let input = temp_dir("dev_full").join("in.txt");
    fs::write(&input, format!("{PUZZLE}\n")).unwrap();
    let output = Command::new(bin())
        .arg("solve")
        .stdin(fs::File::open(&input).unwrap())
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("sudoku: "), "{stderr}");
    assert!(stderr.contains("No space left on device"), "{stderr}");
}

/// `transform --random -n N` yields its N records through the same bounded
/// window as N boards: the first reaches the pipe while the run goes on,
/// and closing the pipe ends it quietly. (It used to make all N records
/// before writing any: at this N it ran out of memory first.)
#[test]
fn transform_random_streams_its_copies_and_stops_at_a_closed_pipe() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    for jobs in ["1", "2"] {
        let mut child = Command::new(bin())
            .args(["transform", "--random", "--seed", "1", "-n", "100000000"])
            .args(["-j", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(format!("{FULL}\n").as_bytes())
            .unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        out.read_line(&mut first).unwrap();
        assert_eq!(first.trim_end().len(), 81, "{first:?}");
        // The run is still going: the other records are not made yet.
        assert!(child.try_wait().unwrap().is_none(), "-j {jobs}");
        drop(out);
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "-j {jobs}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "-j {jobs}");
    }
}

/// A million look-alikes in flat memory (GNU `/usr/bin/time`'s peak RSS).
#[test]
#[cfg_attr(not(target_os = "linux"), ignore = "needs GNU time")]
fn transform_random_keeps_memory_flat() {
    let dir = temp_dir("transform_flat");
    let input = dir.join("in.txt");
    fs::write(&input, format!("{FULL}\n")).unwrap();
    let rss = dir.join("rss");
    let status = Command::new("/usr/bin/time")
        .args(["-f", "%M", "-o"])
        .arg(&rss)
        .arg(bin())
        .args([
            "transform",
            "--random",
            "--seed",
            "1",
            "-n",
            "1000000",
            "-j",
            "2",
        ])
        .arg(&input)
        .stdout(std::process::Stdio::null())
        .status()
        .expect("GNU time runs (apt-get install time)");
    assert!(status.success());
    let kib: u64 = fs::read_to_string(&rss).unwrap().trim().parse().unwrap();
    // The whole output would be 82 MB held at once.
    assert!(kib < 20_000, "peak {kib} KiB");
}
