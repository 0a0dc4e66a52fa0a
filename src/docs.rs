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
        return write_pages(&command, dir).with_context(|| format!("{}", dir.display()));
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

/// Writes the page of `command` and of every subcommand into `dir`.
fn write_pages(command: &clap::Command, dir: &Path) -> io::Result<()> {
    for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        write_pages(sub, dir)?;
    }
    let name = clap_mangen::Man::new(command.clone()).get_filename();
    let mut text = Vec::new();
    render_page(command, &mut text)?;
    std::fs::write(dir.join(name), text)
}

/// A man page: clap_mangen's title, name, synopsis, description, options
/// and subcommands, then the `--help` epilogue as sections of its own
/// (EXAMPLES, INPUT AND OUTPUT, EXIT STATUS) with its lines kept, where
/// clap_mangen would fill it into one EXTRA paragraph.
fn render_page(command: &clap::Command, out: &mut Vec<u8>) -> io::Result<()> {
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    if command.get_arguments().any(|arg| !arg.is_hide_set()) {
        man.render_options_section(out)?;
    }
    if command.get_subcommands().any(|sub| !sub.is_hide_set()) {
        man.render_subcommands_section(out)?;
    }
    if let Some(epilogue) = command.get_after_help() {
        write_epilogue(&epilogue.to_string(), out);
    }
    if command.get_version().is_some() {
        man.render_version_section(out)?;
    }
    Ok(())
}

/// The epilogue's paragraphs, each under the section its first word names,
/// written without filling so examples keep their columns.
fn write_epilogue(epilogue: &str, out: &mut Vec<u8>) {
    let mut last = "";
    for paragraph in epilogue.split("\n\n") {
        let (heading, body) = match paragraph.split_once(':') {
            Some(("Examples", body)) => ("EXAMPLES", body),
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
