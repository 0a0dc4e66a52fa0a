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
    assert_eq!(got.code, 0, "{}", got.stderr);
    // It names every file it wrote, one a line, the top page last.
    let written: Vec<String> = subcommands()
        .iter()
        .map(|name| format!("sudoku-{name}.1"))
        .chain(["sudoku.1".to_string()])
        .map(|name| dir.join(name).display().to_string())
        .collect();
    assert_eq!(got.stdout.lines().collect::<Vec<_>>(), written);
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

#[cfg(unix)]
#[test]
fn man_dir_replaces_links_and_never_writes_through_them() {
    use std::os::unix::fs::symlink;
    let dir = temp_dir("man_dir_links");
    let outside = temp_dir("man_dir_links_outside");
    let target = outside.join("precious.txt");
    fs::write(&target, "keep me\n").unwrap();
    symlink(&target, dir.join("sudoku.1")).unwrap();
    symlink(outside.join("created.txt"), dir.join("sudoku-solve.1")).unwrap();
    fs::write(dir.join("sudoku-rate.1"), "an old page\n").unwrap();
    let got = run(&["man", "--dir", dir.to_str().unwrap()], "");
    assert_eq!(got.code, 0, "{}", got.stderr);
    // The link's target is untouched, a dangling link creates nothing:
    // each link was replaced by a regular file holding the page.
    assert_eq!(fs::read_to_string(&target).unwrap(), "keep me\n");
    assert!(!outside.join("created.txt").exists());
    for (name, page) in [
        ("sudoku.1", None),
        ("sudoku-solve.1", Some("solve")),
        ("sudoku-rate.1", Some("rate")),
    ] {
        let path = dir.join(name);
        assert!(
            fs::symlink_metadata(&path).unwrap().file_type().is_file(),
            "{name}"
        );
        let args: Vec<&str> = ["man"].into_iter().chain(page).collect();
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            run(&args, "").stdout,
            "{name}"
        );
    }
    // No temporary file is left behind.
    let left: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.ends_with(".1"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
#[cfg_attr(not(target_os = "linux"), ignore = "needs /dev/full")]
fn help_version_man_and_completions_into_a_full_disk_are_errors() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["solve", "--help"],
        &["man"],
        &["completions", "bash"],
    ] {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full opens for writing");
        let output = std::process::Command::new(bin())
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.contains("No space left on device"),
            "{args:?}: {stderr}"
        );
    }
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

/// Every man page: `sudoku(1)` (as `"sudoku"`) and each command's, as roff.
fn man_pages() -> Vec<(String, String)> {
    let mut pages = vec![("sudoku".to_owned(), run(&["man"], "").stdout)];
    for name in subcommands() {
        let page = run(&["man", &name], "");
        assert_eq!(page.code, 0, "{name}: {}", page.stderr);
        pages.push((name, page.stdout));
    }
    pages
}

/// The lines of section `heading` (as `.SH` writes it) of a page.
fn man_section<'a>(page: &'a str, heading: &str) -> &'a str {
    let start = page
        .find(&format!(".SH {heading}\n"))
        .unwrap_or_else(|| panic!("no {heading} section:\n{page}"));
    let body = &page[start..];
    let body = &body[body.find('\n').unwrap() + 1..];
    body.find("\n.SH ").map_or(body, |end| &body[..=end])
}

#[test]
fn no_man_page_prints_markdown_marks() {
    for (name, page) in man_pages() {
        for mark in ["`", "**", "__"] {
            let line = page.lines().find(|line| line.contains(mark));
            assert!(line.is_none(), "{name}: {mark:?} in {line:?}");
        }
    }
    // Code spans become bold type; those without a letter are quoted too,
    // so they stand out where bold does not show.
    let rate = run(&["man", "rate"], "").stdout;
    assert!(rate.contains("under \\fBhardest\\fR"), "{rate}");
    let solve = run(&["man", "solve"], "").stdout;
    assert!(
        solve.contains("\\fB\"1\"\\fR, \\fB\"2+\"\\fR (two or more) or \\fB\"0\"\\fR"),
        "{solve}"
    );
    // `--help` keeps its marks: only the pages drop them.
    let help = run(&["solve", "--help"], "").stdout;
    assert!(help.contains("`1`, `2+` (two or more) or `0`"), "{help}");
}

#[test]
fn the_synopsis_shows_that_files_repeat() {
    for (name, page) in man_pages() {
        let help = if name == "sudoku" {
            run(&["--help"], "").stdout
        } else {
            run(&[&name, "--help"], "").stdout
        };
        let synopsis = man_section(&page, "SYNOPSIS");
        assert!(!synopsis.contains("FILE\\fR]\n"), "{name}: {synopsis}");
        assert!(!synopsis.contains("FILE\\fR] "), "{name}: {synopsis}");
        if help.contains("[FILE]...") {
            // The synopsis and the entry under OPTIONS alike.
            assert!(
                synopsis.contains("\\%[\\fIFILE\\fR]..."),
                "{name}: {synopsis}"
            );
            let options = man_section(&page, "OPTIONS");
            assert!(
                options.contains(".TP\n\\%[\\fIFILE\\fR]...\nInput files"),
                "{name}: {options}"
            );
        } else {
            assert!(!page.contains("\\fIFILE"), "{name} takes no files: {page}");
        }
    }
    // Options show their values; a required group and a subcommand, as
    // clap's usage line has them.
    let transform = run(&["man", "transform"], "").stdout;
    let synopsis = man_section(&transform, "SYNOPSIS");
    assert!(
        synopsis.contains("\\%[\\fB\\-j\\fR|\\fB\\-\\-jobs\\fR\\ <\\fIN\\fR>]"),
        "{synopsis}"
    );
    assert!(
        synopsis
            .contains("<\\%\\fB\\-\\-rotate\\fR\\ <\\fIDEGREES\\fR>|\\:\\%\\fB\\-\\-mirror\\fR|"),
        "{synopsis}"
    );
    let top = run(&["man"], "").stdout;
    assert!(
        man_section(&top, "SYNOPSIS").contains(" <\\fICOMMAND\\fR>\n"),
        "{top}"
    );
    let completions = run(&["man", "completions"], "").stdout;
    assert!(
        man_section(&completions, "SYNOPSIS").contains(" \\%<\\fISHELL\\fR>\n"),
        "{completions}"
    );
}

#[test]
fn the_top_page_has_examples_and_exit_status() {
    let page = run(&["man"], "").stdout;
    let examples = man_section(&page, "EXAMPLES");
    assert!(examples.starts_with(".nf\n sudoku solve "), "{examples}");
    assert!(
        examples.contains("\n sudoku man solve | man \\-l \\-"),
        "{examples}"
    );
    let status = man_section(&page, "\"EXIT STATUS\"");
    for code in [
        "0 every board met the request",
        "1 at least one",
        "2\nusage error",
    ] {
        assert!(status.contains(code), "{code:?}: {status}");
    }
    // The page's sections come from `sudoku --help`'s epilogue.
    let help = run(&["--help"], "").stdout;
    assert!(help.contains("Examples:\n  sudoku solve "), "{help}");
    assert!(help.contains("Exit status: 0 every board"), "{help}");
    // So `sudoku(1)`: name, synopsis, description, options, subcommands,
    // examples, exit status, version.
    let headings: Vec<&str> = page
        .lines()
        .filter_map(|line| line.strip_prefix(".SH "))
        .collect();
    assert_eq!(
        headings,
        [
            "NAME",
            "SYNOPSIS",
            "DESCRIPTION",
            "OPTIONS",
            "SUBCOMMANDS",
            "EXAMPLES",
            "\"EXIT STATUS\"",
            "VERSION"
        ]
    );
}

/// The commands `--color` changes the output of: with `--format grid`,
/// `hint` and `explain` draw each step in colour.
const COLOURED: [&str; 2] = ["hint", "explain"];

#[test]
fn color_is_listed_only_where_it_works() {
    for (name, page) in man_pages() {
        let help = if name == "sudoku" {
            run(&["--help"], "").stdout
        } else {
            run(&[&name, "--help"], "").stdout
        };
        let coloured = COLOURED.contains(&name.as_str());
        assert_eq!(page.contains("\\-\\-color"), coloured, "{name}'s page");
        assert_eq!(help.contains("--color"), coloured, "{name} --help");
        assert_eq!(
            run(&[&name, "-h"], "").stdout.contains("--color"),
            coloured && name != "sudoku",
            "{name} -h"
        );
        if coloured {
            let options = man_section(&page, "OPTIONS");
            assert!(
                options.contains("\\fB\\-\\-color\\fR \\fI<WHEN>\\fR"),
                "{name}: {options}"
            );
            assert!(
                man_section(&page, "SYNOPSIS").contains("[\\fB\\-\\-color\\fR\\ <\\fIWHEN\\fR>]"),
                "{name}"
            );
        }
    }
    // The commands that took --color before still take it (and ignore it).
    let input = format!("{PUZZLE}\n");
    for args in [
        &["solve"][..],
        &["validate"],
        &["rate"],
        &["canon"],
        &["transform", "--mirror"],
        &["generate", "--seed", "7"],
    ] {
        let plain = run(&[args, &["--format", "grid"]].concat(), input.as_str());
        assert_eq!(plain.code, 0, "{args:?}: {}", plain.stderr);
        for when in ["always", "never", "auto"] {
            let got = run(
                &[args, &["--format", "grid", "--color", when]].concat(),
                input.as_str(),
            );
            assert_eq!(got, plain, "{args:?} --color {when}");
        }
    }
    for args in [
        &["completions", "bash", "--color", "never"][..],
        &["man", "--color", "never"],
    ] {
        assert_eq!(run(args, "").code, 2, "{args:?}");
    }
}

#[test]
fn the_rate_page_says_what_er_ep_and_ed_are() {
    // As Sudoku Explainer's source defines them (docs/rating.md, "ER, EP, ED").
    let definitions = [
        "ER  the rating: the largest difficulty of any step",
        "EP  the largest difficulty of the steps up to and including the first\n      step that places a digit",
        "ED  the difficulty of the first step.",
    ];
    let page = run(&["man", "rate"], "").stdout;
    let ratings = man_section(&page, "RATINGS");
    assert!(
        ratings.starts_with(".nf\nER/EP/ED are Sudoku Explainer\\*(Aqs ratings")
            || ratings.starts_with(".nf\nER/EP/ED are Sudoku Explainer's ratings"),
        "{ratings}"
    );
    let help = run(&["rate", "--help"], "").stdout;
    for definition in definitions {
        assert!(
            help.contains(&format!("\n  {definition}")),
            "{definition:?}: {help}"
        );
        // In the page, lines lose one space of indent.
        let roff = definition.replace("\n ", "\n").replace('-', "\\-");
        assert!(
            ratings.contains(&format!("\n {roff}")),
            "{definition:?}: {ratings}"
        );
    }
    // The short help keeps the definitions in its epilogue too.
    let short = run(&["rate", "-h"], "").stdout;
    assert!(
        short.contains("ED  the difficulty of the first step."),
        "{short}"
    );
    // explain's page and help point there.
    for text in [
        run(&["explain", "--help"], "").stdout,
        run(&["man", "explain"], "").stdout,
    ] {
        assert!(text.contains("ER/EP/ED"), "{text}");
        assert!(
            text.contains("sudoku rate \\-\\-help") || text.contains("sudoku rate --help"),
            "{text}"
        );
    }
}
