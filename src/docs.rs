//! `sudoku completions SHELL` and `sudoku man`: shell completion scripts
//! and man pages, generated from the clap definition so they never drift
//! from the options the binary takes.

use std::io::{self, Write};
use std::path::Path;

use clap_complete::Shell;

/// Writes the completion script of `command` (the whole CLI) for `shell`
/// to `out`.
pub fn completions(
    mut command: clap::Command,
    shell: Shell,
    out: &mut dyn Write,
) -> io::Result<()> {
    // Generated into memory first: the generators panic on a failed write,
    // and a closed pipe must end the run quietly instead.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "sudoku", &mut script);
    out.write_all(&script)?;
    out.flush()
}

/// Writes the man page of `command` (the whole CLI) or of its subcommand
/// `page` to `out`, or every page into `dir`.
pub fn man(
    command: clap::Command,
    page: Option<&str>,
    dir: Option<&Path>,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let mut command = command.disable_help_subcommand(true);
    // Building names each subcommand's page `sudoku-NAME`.
    command.build();
    if let Some(dir) = dir {
        use anyhow::Context;
        write_pages(&command, dir, out).with_context(|| format!("{}", dir.display()))?;
        out.flush()?;
        return Ok(());
    }
    let page = match page {
        None => &command,
        Some(name) => command
            .find_subcommand(name)
            .ok_or_else(|| anyhow::anyhow!("no such command: {name}"))?,
    };
    let mut text = Vec::new();
    render_page(page, &mut text)?;
    out.write_all(&text)?;
    out.flush()?;
    Ok(())
}

/// Writes the page of `command` and of every subcommand into `dir`, and
/// names each file written on `out`, one path a line.
fn write_pages(command: &clap::Command, dir: &Path, out: &mut dyn Write) -> io::Result<()> {
    for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        write_pages(sub, dir, out)?;
    }
    let name = clap_mangen::Man::new(command.clone()).get_filename();
    let mut text = Vec::new();
    render_page(command, &mut text)?;
    let path = dir.join(name);
    replace_file(&path, &text)?;
    writeln!(out, "{}", path.display())
}

/// Writes `text` to a new file beside `path` and renames it onto `path`:
/// the rename replaces whatever `path` was (a regular file, or a symlink,
/// which is replaced itself, never followed), so nothing but `path`
/// changes, and a reader never sees half a page.
fn replace_file(path: &Path, text: &[u8]) -> io::Result<()> {
    let file_name = path.file_name().unwrap_or_default().to_string_lossy();
    let temporary = path.with_file_name(format!(".{file_name}.{}.tmp", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)
        .and_then(|mut file| file.write_all(text).and_then(|()| file.sync_all()))
        .and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// A man page: clap_mangen's title, name, description, options and
/// subcommands, a synopsis of our own (clap_mangen's shows neither option
/// values nor that `FILE` repeats), then the `--help` epilogue as sections
/// of its own (EXAMPLES, RATINGS, INPUT AND OUTPUT, EXIT STATUS) with its
/// lines kept, where clap_mangen would fill it into one EXTRA paragraph.
/// The help texts' Markdown code spans become bold type ([`unmark`]).
fn render_page(command: &clap::Command, out: &mut Vec<u8>) -> io::Result<()> {
    // Repeating positionals (`[FILE]...`) are listed by hand: clap_mangen
    // would list them as taking one value.
    let repeating: Vec<&clap::Arg> = command
        .get_positionals()
        .filter(|arg| !arg.is_hide_set() && repeats(arg))
        .collect();
    let listed = repeating.iter().fold(command.clone(), |listed, arg| {
        listed.mut_arg(arg.get_id(), |arg| arg.hide(true))
    });
    let man = clap_mangen::Man::new(listed.clone());
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    write_synopsis(command, &mut page);
    man.render_description_section(&mut page)?;
    if listed.get_arguments().any(|arg| !arg.is_hide_set()) {
        man.render_options_section(&mut page)?;
    } else if !repeating.is_empty() {
        page.extend_from_slice(b".SH OPTIONS\n");
    }
    for arg in repeating {
        write_positional(arg, &mut page);
    }
    if command.get_subcommands().any(|sub| !sub.is_hide_set()) {
        man.render_subcommands_section(&mut page)?;
    }
    if let Some(epilogue) = command.get_after_help() {
        write_epilogue(&epilogue.to_string(), &mut page);
    }
    if command.get_version().is_some() {
        man.render_version_section(&mut page)?;
    }
    out.extend_from_slice(unmark(&String::from_utf8_lossy(&page)).as_bytes());
    Ok(())
}

/// Whether `arg` takes any number of values (`FILE...`).
fn repeats(arg: &clap::Arg) -> bool {
    matches!(
        arg.get_action(),
        clap::ArgAction::Append | clap::ArgAction::Count
    ) || arg
        .get_num_args()
        .is_some_and(|range| range.max_values() > 1)
}

/// The SYNOPSIS, in the notation of clap's usage line: `[--jobs <N>]`,
/// `<--mirror|--flip>` for a required group, `[FILE]...`, `<COMMAND>`.
fn write_synopsis(command: &clap::Command, out: &mut Vec<u8>) {
    let name = command.get_bin_name().unwrap_or_else(|| command.get_name());
    let mut line = format!("\\fB{}\\fR", roff_line(name));
    let groups: Vec<Vec<&clap::Arg>> = command
        .get_groups()
        .filter(|group| group.is_required_set())
        .map(|group| {
            group
                .get_args()
                .filter_map(|id| command.get_arguments().find(|arg| arg.get_id() == id))
                .filter(|arg| !arg.is_hide_set())
                .collect()
        })
        .filter(|members: &Vec<&clap::Arg>| !members.is_empty())
        .collect();
    let grouped = |arg: &clap::Arg| groups.iter().flatten().any(|m| m.get_id() == arg.get_id());
    let mut options: Vec<&clap::Arg> = command
        .get_arguments()
        .filter(|arg| !arg.is_hide_set() && !arg.is_positional() && !grouped(arg))
        .collect();
    options.sort_by_key(|arg| (arg.is_required_set(), arg.get_display_order()));
    for arg in options {
        line.push(' ');
        line.push_str(&synopsis_arg(arg, arg.is_required_set()));
    }
    for members in &groups {
        let members: Vec<String> = members.iter().map(|arg| synopsis_arg(arg, true)).collect();
        // `\:`: a line may break after a bar.
        line.push_str(&format!(" <{}>", members.join("|\\:")));
    }
    for arg in command.get_positionals() {
        if !arg.is_hide_set() && !grouped(arg) {
            line.push(' ');
            line.push_str(&synopsis_arg(arg, arg.is_required_set()));
        }
    }
    if command.has_subcommands() {
        let name = command.get_subcommand_value_name().unwrap_or("COMMAND");
        line.push_str(&format!(" <\\fI{}\\fR>", roff_line(name)));
    }
    // Left-aligned (`.na`), not spread to the margin; `.ad` restores it.
    out.extend_from_slice(format!(".SH SYNOPSIS\n.na\n{line}\n.ad\n").as_bytes());
}

/// One argument of the synopsis: `[-j|--jobs <N>]`, `[FILE]...`; without
/// the brackets when `required` (or inside a required group). Never
/// hyphenated (`\%`), nor broken between an option and its value (`\ `).
fn synopsis_arg(arg: &clap::Arg, required: bool) -> String {
    let value_names = || match arg.get_value_names() {
        Some(names) => names.iter().map(|name| name.to_string()).collect(),
        None => vec![arg.get_id().to_string().to_uppercase()],
    };
    let mut text = if arg.is_positional() {
        let names: Vec<String> = value_names();
        format!("\\fI{}\\fR", roff_line(&names.join(" ")))
    } else {
        let mut names = Vec::new();
        if let Some(short) = arg.get_short() {
            names.push(format!("\\fB\\-{}\\fR", roff_line(&short.to_string())));
        }
        if let Some(long) = arg.get_long() {
            names.push(format!("\\fB\\-\\-{}\\fR", roff_line(long)));
        }
        let mut text = names.join("|");
        if arg.get_num_args().is_some_and(|range| range.takes_values()) {
            for name in value_names() {
                text.push_str(&format!("\\ <\\fI{}\\fR>", roff_line(&name)));
            }
        }
        text
    };
    if arg.is_positional() && required {
        text = format!("<{text}>");
    } else if !required {
        text = format!("[{text}]");
    }
    if repeats(arg) {
        text.push_str("...");
    }
    format!("\\%{text}")
}

/// The OPTIONS entry of a repeating positional: `[FILE]...` and its help.
fn write_positional(arg: &clap::Arg, out: &mut Vec<u8>) {
    let header = synopsis_arg(arg, arg.is_required_set());
    out.extend_from_slice(format!(".TP\n{header}\n").as_bytes());
    let help = arg.get_long_help().or_else(|| arg.get_help());
    for line in help
        .map(|help| help.to_string())
        .unwrap_or_default()
        .lines()
    {
        if line.trim().is_empty() {
            out.extend_from_slice(b".PP\n");
        } else {
            out.extend_from_slice(format!("{}\n", roff_line(line)).as_bytes());
        }
    }
}

/// The page with the help texts' Markdown marks (code spans in backticks,
/// `**strong**`) turned into bold type, or in the NAME section (which
/// whatis(1) and apropos(1) read as plain text) dropped. A span without a
/// letter, or with a blank at an end (`.`, `2+`, `invalid: `), is also
/// put in double quotes (unless it holds one), so it still stands out
/// where bold does not show (`man ... | cat`). A mark without its closing twin on the same line is
/// left alone.
fn unmark(page: &str) -> String {
    let mut out = String::with_capacity(page.len());
    let mut section = "";
    for line in page.lines() {
        if let Some(heading) = line.strip_prefix(".SH ") {
            section = heading;
        }
        if line.starts_with(['.', '\'']) {
            out.push_str(line);
        } else {
            let plain = section == "NAME";
            let text = unmark_line(line, plain);
            if plain && text.starts_with(['.', '\'']) {
                out.push_str("\\&");
            }
            out.push_str(&text);
        }
        out.push('\n');
    }
    out
}

/// One line of text with its marked spans in bold (or `plain`).
fn unmark_line(line: &str, plain: bool) -> String {
    let mut out = String::with_capacity(line.len() + 16);
    let mut rest = line;
    loop {
        let next = ["`", "**"]
            .into_iter()
            .filter_map(|mark| rest.find(mark).map(|at| (at, mark)))
            .min();
        let Some((at, mark)) = next else {
            out.push_str(rest);
            return out;
        };
        let after = &rest[at + mark.len()..];
        match after.find(mark) {
            Some(end) if end > 0 => {
                out.push_str(&rest[..at]);
                let mut span = after[..end].to_owned();
                let bare = !span.contains(|c: char| c.is_ascii_alphabetic())
                    || span.starts_with(char::is_whitespace)
                    || span.ends_with(char::is_whitespace);
                if bare && !span.contains('"') {
                    span = format!("\"{span}\"");
                }
                if plain {
                    out.push_str(&span);
                } else {
                    out.push_str(&format!("\\fB{span}\\fR"));
                }
                rest = &after[end + mark.len()..];
            }
            _ => {
                out.push_str(&rest[..at + mark.len()]);
                rest = after;
            }
        }
    }
}

/// The epilogue's paragraphs, each under the section its first word names,
/// written without filling so examples keep their columns.
fn write_epilogue(epilogue: &str, out: &mut Vec<u8>) {
    let mut last = "";
    for paragraph in epilogue.split("\n\n") {
        let (heading, body) = match paragraph.split_once(':') {
            Some(("Examples", body)) => ("EXAMPLES", body),
            Some(("Ratings", body)) => ("RATINGS", body),
            Some(("Exit status", body)) => ("\"EXIT STATUS\"", body),
            Some((first, body)) if first.starts_with("Techniques") => ("TECHNIQUES", body),
            _ => ("\"INPUT AND OUTPUT\"", paragraph),
        };
        if heading != last {
            out.extend_from_slice(format!(".SH {heading}\n").as_bytes());
            last = heading;
        } else {
            out.extend_from_slice(b".PP\n");
        }
        out.extend_from_slice(b".nf\n");
        for line in body.trim_start_matches('\n').lines() {
            out.extend_from_slice(roff_line(line.strip_prefix(' ').unwrap_or(line)).as_bytes());
            out.push(b'\n');
        }
        out.extend_from_slice(b".fi\n");
    }
}

/// A line of text as roff prints it literally: backslashes and hyphens
/// escaped (a plain `-` may print as a hyphen, breaking copied options),
/// and a leading `.` or `'` kept from reading as a request.
fn roff_line(line: &str) -> String {
    let mut escaped = String::with_capacity(line.len() + 8);
    if line.starts_with(['.', '\'']) {
        escaped.push_str("\\&");
    }
    for c in line.chars() {
        match c {
            '\\' => escaped.push_str("\\e"),
            '-' => escaped.push_str("\\-"),
            _ => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roff_lines_print_literally() {
        assert_eq!(roff_line("a-b \\d"), "a\\-b \\ed");
        assert_eq!(roff_line(".hidden"), "\\&.hidden");
        assert_eq!(roff_line("'quoted'"), "\\&'quoted'");
    }

    #[test]
    fn markdown_marks_become_bold_type_or_go() {
        assert_eq!(
            unmark_line("status `multiple` if **not**", false),
            "status \\fBmultiple\\fR if \\fBnot\\fR"
        );
        // Spans without a letter, or with a blank at an end, are quoted.
        assert_eq!(
            unmark_line("`.` or `0`; `invalid: ` + `x`", false),
            "\\fB\".\"\\fR or \\fB\"0\"\\fR; \\fB\"invalid: \"\\fR + \\fBx\\fR"
        );
        assert_eq!(
            unmark_line("`.` and `ER/EP/ED`", true),
            "\".\" and ER/EP/ED"
        );
        // A mark without its twin, or around nothing, stays.
        assert_eq!(unmark_line("a ` b", false), "a ` b");
        assert_eq!(unmark_line("a `` b", false), "a `` b");
        // Requests are not text; NAME is plain, and never starts a request.
        let page = ".SH NAME\n`.x` \\- y\n.SH DESCRIPTION\n.TP\n`y`\n";
        assert_eq!(
            unmark(page),
            ".SH NAME\n\\&.x \\- y\n.SH DESCRIPTION\n.TP\n\\fBy\\fR\n"
        );
    }

    #[derive(clap::Parser)]
    #[command(name = "t")]
    #[allow(dead_code)] // only its command is asked for
    struct Files {
        /// The files.
        #[arg(value_name = "FILE")]
        files: Vec<String>,
        /// How many.
        #[arg(short, long, value_name = "N")]
        count: Option<u32>,
        #[arg(long)]
        all: bool,
    }

    #[test]
    fn the_synopsis_shows_values_and_repeats() {
        use clap::CommandFactory;
        let mut command = Files::command();
        command.build();
        let mut out = Vec::new();
        write_synopsis(&command, &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            ".SH SYNOPSIS\n.na\n\\fBt\\fR \\%[\\fB\\-c\\fR|\\fB\\-\\-count\\fR\\ <\\fIN\\fR>] \\%[\\fB\\-\\-all\\fR] \\%[\\fB\\-h\\fR|\\fB\\-\\-help\\fR] \\%[\\fIFILE\\fR]...\n.ad\n"
        );
        let mut page = Vec::new();
        render_page(&command, &mut page).unwrap();
        let page = String::from_utf8(page).unwrap();
        assert!(
            page.contains(".TP\n\\%[\\fIFILE\\fR]...\nThe files\n"),
            "{page}"
        );
        assert_eq!(page.matches("FILE").count(), 2, "{page}");
    }

    #[test]
    fn the_epilogue_keeps_its_lines_under_its_sections() {
        let mut out = Vec::new();
        write_epilogue(
            "Examples:\n  sudoku solve a.txt    one\n  sudoku solve -    two\n\nInput: any\nboards.\n\nExit status: 0 all; 1\nsome.",
            &mut out,
        );
        let page = String::from_utf8(out).unwrap();
        assert_eq!(
            page,
            ".SH EXAMPLES\n.nf\n sudoku solve a.txt    one\n sudoku solve \\-    two\n.fi\n\
             .SH \"INPUT AND OUTPUT\"\n.nf\nInput: any\nboards.\n.fi\n\
             .SH \"EXIT STATUS\"\n.nf\n0 all; 1\nsome.\n.fi\n"
        );
    }
}
