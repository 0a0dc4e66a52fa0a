//! `sudoku completions SHELL` and `sudoku man`: shell completion scripts
//! and man pages, generated from the clap definition so they never drift
//! from the options the binary takes.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use crate::cli::Cli;

/// `sudoku completions SHELL`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: Shell,
}

/// `sudoku man [COMMAND] [--dir DIR]`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The subcommand whose page to print (`sudoku-COMMAND(1)`); none
    /// prints `sudoku(1)`.
    #[arg(value_name = "COMMAND", conflicts_with = "dir")]
    command: Option<String>,
    /// Write every page (`sudoku.1`, `sudoku-solve.1`, ...) into DIR
    /// instead of printing one.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Writes the completion script for `args.shell` to `out`.
pub fn completions(args: &CompletionsArgs, out: &mut dyn Write) -> io::Result<()> {
    let mut command = Cli::command();
    // Generated into memory first: the generators panic on a failed write,
    // and a closed pipe must end the run quietly instead.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "sudoku", &mut script);
    out.write_all(&script)?;
    out.flush()
}

/// Writes the man page asked for to `out`, or every page into a directory.
pub fn man(args: &ManArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut command = Cli::command().disable_help_subcommand(true);
    // Building names each subcommand's page `sudoku-NAME`.
    command.build();
    if let Some(dir) = &args.dir {
        return write_pages(command, dir);
    }
    let page = match &args.command {
        None => command,
        Some(name) => command
            .find_subcommand(name)
            .cloned()
            .ok_or_else(|| anyhow::anyhow!("no such command: {name}"))?,
    };
    clap_mangen::Man::new(page).render(out)?;
    out.flush()?;
    Ok(())
}

fn write_pages(command: clap::Command, dir: &Path) -> anyhow::Result<()> {
    use anyhow::Context;
    clap_mangen::generate_to(command, dir).with_context(|| format!("{}", dir.display()))
}
