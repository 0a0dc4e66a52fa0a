//! The progress indicator: on stderr only when stderr is a terminal and
//! the run has lasted over a second. A terminal is had from util-linux
//! `script`; without it the test fails. (That a pipe never
//! gets progress is checked in `input.rs`, with a run of over a second.)

use crate::common;

use std::process::Command;

use common::*;

/// Runs `pipeline` (a shell command using `$SUDOKU`) under `script`, with
/// the terminal as its stderr; returns what reached the terminal. Panics
/// if `script` is not available.
fn on_a_terminal(pipeline: &str) -> String {
    let output = Command::new("script")
        .args(["-q", "-e", "-c", pipeline, "/dev/null"])
        .env("SUDOKU", bin())
        .output()
        .expect("util-linux `script` runs (apt-get install util-linux)");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
#[cfg_attr(not(target_os = "linux"), ignore = "needs util-linux `script`")]
fn a_terminal_gets_progress_only_after_a_second() {
    for jobs in ["1", "3"] {
        // Three boards over about two seconds: progress appears, and is
        // erased at the end.
        let slow = format!(
            r#"(echo '{PUZZLE}'; sleep 1.5; echo '{PUZZLE}'; sleep 0.4; echo '{HARD}') | "$SUDOKU" solve -j {jobs} >/dev/null"#
        );
        let shown = on_a_terminal(&slow);
        assert!(
            shown.contains("sudoku: "),
            "-j {jobs}: no progress: {shown:?}"
        );
        assert!(shown.contains("boards"), "-j {jobs}: {shown:?}");
        assert!(
            shown.ends_with("\r\x1b[2K"),
            "-j {jobs}: progress left on screen: {shown:?}"
        );

        // A quick run: nothing.
        let quick = format!(r#"echo '{PUZZLE}' | "$SUDOKU" solve -j {jobs} >/dev/null"#);
        let shown = on_a_terminal(&quick);
        assert_eq!(shown, "", "-j {jobs}");
    }
}
