//! Paths on stderr are written exactly as given, bytes and all, even when
//! they are not UTF-8 (Unix only: elsewhere a path is not bytes).

use crate::common;

use std::ffi::OsStr;
use std::fs;
use std::os::unix::ffi::OsStrExt;

use common::*;

#[test]
fn a_path_that_is_not_utf8_is_written_as_its_bytes() {
    let dir = temp_dir("paths_not_utf8");
    let bad = dir.join(OsStr::from_bytes(b"bad\xff.txt"));
    fs::write(&bad, format!("{PUZZLE}\n12x\n")).unwrap();
    let missing = dir.join(OsStr::from_bytes(b"no\xfe"));
    let output = sudoku()
        .arg("solve")
        .arg(&bad)
        .arg(&missing)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let mut expected = b"sudoku: ".to_vec();
    expected.extend_from_slice(bad.as_os_str().as_bytes());
    expected.extend_from_slice(b":2:3: unexpected character 'x'\nsudoku: ");
    expected.extend_from_slice(missing.as_os_str().as_bytes());
    expected.extend_from_slice(b": ");
    assert!(
        output.stderr.starts_with(&expected),
        "{:?}",
        String::from_utf8_lossy(&output.stderr)
    );
    // One line per problem, and no replacement character (its UTF-8
    // bytes) anywhere.
    assert_eq!(output.stderr.iter().filter(|&&b| b == b'\n').count(), 2);
    let replacement = "\u{FFFD}".as_bytes();
    assert!(!output.stderr.windows(3).any(|bytes| bytes == replacement));
    // The records are unchanged: the board solved, then the error.
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_solves(PUZZLE, lines[0]);
    assert_eq!(lines[1], "error");
}

#[test]
fn a_utf8_path_is_written_as_given() {
    let dir = temp_dir("paths_utf8");
    let path = dir.join("naïve.txt");
    fs::write(&path, "12x\n").unwrap();
    let output = sudoku().arg("solve").arg(&path).output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        format!("sudoku: {}:1:3: unexpected character 'x'\n", path.display())
    );
}
