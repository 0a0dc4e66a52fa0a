//! Shell completions, man pages and `--help` texts: generated from the clap
//! definition, so the tests ask the binary itself which subcommands exist.

use crate::common;

use std::fs;

use common::*;

/// The subcommands `sudoku --help` lists (without clap's `help`).
fn subcommands() -> Vec<String> {
    let got = run(&["--help"], "");
    assert_eq!(got.code, 0);
    let section = got
        .stdout
        .split("Commands:\n")
        .nth(1)
        .expect("a Commands section");
    let names: Vec<String> = section
        .lines()
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect();
    assert!(names.len() >= 4, "{names:?}");
    names
}

#[test]
fn every_shell_gets_a_completion_script() {
    for (shell, marker) in [
        ("bash", "complete -F _sudoku"),
        ("zsh", "#compdef sudoku"),
        ("fish", "complete -c sudoku"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[sudoku]"),
    ] {
        let got = run(&["completions", shell], "");
        assert_eq!((got.code, got.stderr.as_str()), (0, ""), "{shell}");
        assert!(got.stdout.contains(marker), "{shell}: no {marker:?}");
        assert!(got.stdout.contains("format"), "{shell}");
    }
    let got = run(&["completions", "tcsh"], "");
    assert_eq!(got.code, 2);
    assert!(
        got.stderr.contains("invalid value 'tcsh'"),
        "{}",
        got.stderr
    );
}

#[test]
fn the_bash_completion_names_every_subcommand_and_format() {
    let script = run(&["completions", "bash"], "").stdout;
    for name in subcommands() {
        assert!(
            script.contains(&format!("sudoku__subcmd__{name})"))
                || script.contains(&format!("sudoku__{name})")),
            "bash completion lacks {name}"
        );
        assert!(script.contains(&name), "{name}");
    }
    for format in ["auto", "line", "grid", "json", "candidates"] {
        assert!(script.contains(format), "{format}");
    }
    // Fish lists each subcommand with its description.
    let fish = run(&["completions", "fish"], "").stdout;
    for name in subcommands() {
        assert!(
            fish.contains(&format!("-a \"{name}\"")),
            "fish lacks {name}"
        );
    }
}

#[test]
fn the_man_page_covers_every_subcommand() {
    let got = run(&["man"], "");
    assert_eq!(got.code, 0, "{}", got.stderr);
    assert!(
        got.stdout.contains(".TH sudoku 1"),
        "{}",
        &got.stdout[..200]
    );
    for name in subcommands() {
        assert!(
            got.stdout.contains(&format!("sudoku\\-{name}(1)")),
            "{name}"
        );
        let page = run(&["man", &name], "");
        assert_eq!(page.code, 0, "{name}: {}", page.stderr);
        assert!(
            page.stdout.contains(&format!(".TH sudoku-{name} 1")),
            "{name}"
        );
    }
    let solve = run(&["man", "solve"], "").stdout;
    assert!(solve.contains("\\-\\-unique"));
    // The examples keep their lines, unfilled, under sections of their own.
    assert!(!solve.contains(".SH EXTRA"), "{solve}");
    let examples = solve
        .split(".SH EXAMPLES\n.nf\n")
        .nth(1)
        .expect("an EXAMPLES section");
    assert!(
        examples.starts_with(" sudoku solve puzzles.txt                 one solution per board\n"),
        "{examples}"
    );
    assert!(
        solve.contains(".SH \"EXIT STATUS\"\n.nf\n0 every board solved"),
        "{solve}"
    );

    let got = run(&["man", "nope"], "");
    assert_eq!((got.code, got.stdout.as_str()), (2, ""));
    assert!(
        got.stderr.contains("invalid value 'nope'"),
        "{}",
        got.stderr
    );
    assert!(
        got.stderr.contains("possible values: solve, validate"),
        "{}",
        got.stderr
    );
}

#[test]
fn man_completes_command_names_and_the_help_names_every_command() {
    let bash = run(&["completions", "bash"], "").stdout;
    let man = bash
        .split("sudoku__subcmd__man)")
        .last()
        .and_then(|rest| rest.lines().find(|line| line.contains("opts=")))
        .expect("the man command's options");
    let help = run(&["--help"], "").stdout;
    let about = help.lines().next().unwrap();
    for name in subcommands() {
        if name != "help" {
            assert!(man.contains(&format!(" {name}")), "man {name}: {man}");
            assert!(
                about.contains(&name),
                "--help's first line names {name}: {about}"
            );
        }
    }
}

#[test]
fn man_dir_writes_every_page() {
    let dir = temp_dir("man_dir");
    let got = run(&["man", "--dir", dir.to_str().unwrap()], "");
    assert_eq!((got.code, got.stdout.as_str()), (0, ""), "{}", got.stderr);
    let top = fs::read_to_string(dir.join("sudoku.1")).unwrap();
    assert_eq!(top, run(&["man"], "").stdout);
    for name in subcommands() {
        let page = fs::read_to_string(dir.join(format!("sudoku-{name}.1"))).unwrap();
        assert_eq!(page, run(&["man", &name], "").stdout, "{name}");
    }
    let got = run(&["man", "--dir", "/nonexistent/dir"], "");
    assert_eq!(got.code, 2);
    assert!(
        got.stderr.starts_with("sudoku: /nonexistent/dir"),
        "{}",
        got.stderr
    );
}

#[test]
fn every_subcommand_help_shows_an_example_and_exit_statuses() {
    for name in subcommands() {
        for flag in ["-h", "--help"] {
            let got = run(&[&name, flag], "");
            assert_eq!(got.code, 0, "{name} {flag}");
            let help = &got.stdout;
            assert!(
                help.contains("Examples:\n  sudoku "),
                "{name} {flag}:\n{help}"
            );
            assert!(help.contains("Exit status: 0"), "{name} {flag}:\n{help}");
            if help.contains("--format") {
                for format in ["auto", "line", "grid", "json", "candidates", "729"] {
                    assert!(help.contains(format), "{name} {flag}: {format}");
                }
            }
        }
    }
}
