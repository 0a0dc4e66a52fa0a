//! `sudoku`: the command-line front end. It parses arguments, runs the
//! library over the inputs, and decides the exit status in one place.

mod cli;
mod docs;
mod report;

use std::io::{self, BufWriter, ErrorKind, IsTerminal, LineWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::error::ErrorKind as ClapErrorKind;
use clap::{CommandFactory, Parser};
use sudoku_cli::generate::fresh_seed;
use sudoku_cli::{Generation, Tally};

use crate::cli::{Cli, Command, GenerateArgs};
use crate::report::Stderr;

/// How a run ended, before it becomes an exit status.
enum Outcome {
    /// Every input was read; the totals decide the status.
    Finished(Tally),
    /// Standard output closed (e.g. `| head`): stop quietly.
    Closed,
    /// Arguments were wrong (clap has already explained).
    Usage,
    /// Help or version was asked for and printed.
    Informed,
    /// Writing the output failed for another reason.
    Failed(anyhow::Error),
}

fn main() -> ExitCode {
    let outcome = match Cli::try_parse() {
        Ok(cli) => match (&cli.command, note_jobs_cap(&cli).options()) {
            (Command::Generate(args), _) => generate(args),
            (Command::Completions(args), _) => {
                let out = &mut io::stdout().lock();
                document(docs::completions(Cli::command(), args.shell, out).map_err(Into::into))
            }
            (Command::Man(args), _) => {
                let out = &mut io::stdout().lock();
                let (page, dir) = (args.command.as_deref(), args.dir.as_deref());
                document(docs::man(Cli::command(), page, dir, out))
            }
            (_, Some(_)) if cli.usage_error().is_some() => usage(&cli),
            (_, Some(Ok(options))) => run(&cli, &options),
            (_, Some(Err(message))) => {
                eprintln!("sudoku: {message}");
                Outcome::Usage
            }
            // Every other subcommand reads boards, so has options.
            (_, None) => Outcome::Usage,
        },
        Err(error) => {
            // Help and version go to stdout, usage errors to stderr.
            let printed = error.print().and_then(|()| io::stdout().flush());
            match error.kind() {
                ClapErrorKind::DisplayHelp | ClapErrorKind::DisplayVersion => {
                    // Help that could not be written (a full disk) is an
                    // error like any failed write; a closed pipe is not.
                    document(printed.map_err(Into::into))
                }
                _ => Outcome::Usage,
            }
        }
    };
    exit_code(outcome)
}

/// The one place that maps outcomes to exit statuses: 0 every board met the
/// request, 1 some did not, 2 usage errors, unreadable or malformed input.
fn exit_code(outcome: Outcome) -> ExitCode {
    match outcome {
        Outcome::Finished(tally) if tally.malformed > 0 || tally.unreadable > 0 => {
            ExitCode::from(2)
        }
        Outcome::Finished(tally) if tally.not_met > 0 => ExitCode::from(1),
        Outcome::Finished(_) | Outcome::Closed | Outcome::Informed => ExitCode::SUCCESS,
        Outcome::Usage => ExitCode::from(2),
        Outcome::Failed(error) => {
            let _ = writeln!(io::stderr(), "sudoku: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// Says on stderr when `--jobs` asks for more threads than are started.
fn note_jobs_cap(cli: &Cli) -> &Cli {
    if let Some(jobs) = cli.jobs_over_cap() {
        let most = cli::MAX_THREADS;
        let _ = writeln!(
            io::stderr(),
            "sudoku: --jobs {jobs} is above the limit of {most} threads; using {most}"
        );
    }
    cli
}

/// Prints a usage error the parser could not see, as clap prints its own
/// (with the subcommand's usage line).
fn usage(cli: &Cli) -> Outcome {
    let mut command = Cli::command();
    command.build();
    let message = cli.usage_error().unwrap_or_default();
    let name = match cli.command {
        Command::Hint(_) => "hint",
        _ => "validate",
    };
    let error = match command.find_subcommand_mut(name) {
        Some(sub) => sub.error(ClapErrorKind::ArgumentConflict, message),
        None => command.error(ClapErrorKind::ArgumentConflict, message),
    };
    let _ = error.print();
    Outcome::Usage
}

/// The outcome of printing a completion script or man page.
fn document(result: anyhow::Result<()>) -> Outcome {
    match result {
        Ok(()) => Outcome::Informed,
        Err(error) if is_broken_pipe(&error) => Outcome::Closed,
        Err(error) => Outcome::Failed(error),
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|error| error.kind() == ErrorKind::BrokenPipe)
}

fn run(cli: &Cli, options: &sudoku_cli::Options) -> Outcome {
    let started = Instant::now();
    let mut report = Stderr::new(started);
    let stdout = io::stdout();
    let result = if stdout.is_terminal() {
        // Someone is watching: each record as soon as it is written.
        let mut out = LineWriter::new(stdout.lock());
        sudoku_cli::run(cli.inputs(), options, &mut out, &mut report)
    } else {
        let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
        sudoku_cli::run(cli.inputs(), options, &mut out, &mut report)
    };
    report.clear_progress();
    match result {
        Ok(tally) => {
            if cli.output().stats {
                report.stats(&tally, started.elapsed());
            }
            Outcome::Finished(tally)
        }
        Err(error) if error.kind() == ErrorKind::BrokenPipe => Outcome::Closed,
        Err(error) => {
            Outcome::Failed(anyhow::Error::new(error).context("writing to standard output"))
        }
    }
}

/// `sudoku generate`: an impossible request is a usage error; a run that
/// made fewer puzzles than asked (the timeout) says so and exits 1.
fn generate(args: &GenerateArgs) -> Outcome {
    let recipe = match args.recipe() {
        Ok(recipe) => recipe,
        Err(error) => {
            // Through clap, so it reads like every other usage error, with
            // generate's usage line.
            let mut command = Cli::command();
            command.build();
            let message = format!("impossible request: {error}");
            let error = match command.find_subcommand_mut("generate") {
                Some(generate) => generate.error(ClapErrorKind::ValueValidation, message),
                None => command.error(ClapErrorKind::ValueValidation, message),
            };
            let _ = error.print();
            return Outcome::Usage;
        }
    };
    let started = Instant::now();
    let mut report = Stderr::new(started);
    if args.timeout().is_none() {
        report = report.with_slow_notice();
    }
    let options = args.run_options(args.seed.unwrap_or_else(fresh_seed));
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    // The recipe holds every test a puzzle must pass (ratings included).
    let result = sudoku_cli::generation::run(&recipe, &options, |_| true, &mut out, &mut report);
    report.clear_progress();
    match result {
        Ok(made) => {
            report_shortfall(&made, &options);
            if args.output.stats {
                report.generate_stats(&made, started.elapsed());
            }
            Outcome::Finished(made.tally())
        }
        Err(error) if error.kind() == ErrorKind::BrokenPipe => Outcome::Closed,
        Err(error) => {
            Outcome::Failed(anyhow::Error::new(error).context("writing to standard output"))
        }
    }
}

/// The stderr line of a run that stopped at its timeout short of the count.
fn report_shortfall(made: &Generation, options: &sudoku_cli::generation::RunOptions) {
    if made.found < made.asked {
        let seconds = options.timeout.map_or(0.0, |timeout| timeout.as_secs_f64());
        let _ = writeln!(
            io::stderr(),
            "sudoku: generate: asked for {} puzzle{}, found {} within the {seconds} s timeout",
            made.asked,
            if made.asked == 1 { "" } else { "s" },
            made.found,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(outcome: Outcome) -> ExitCode {
        exit_code(outcome)
    }

    #[test]
    fn the_highest_status_wins() {
        let tally = |not_met, malformed, unreadable| Tally {
            boards: 3,
            met: 1,
            not_met,
            malformed,
            unreadable,
        };
        assert_eq!(status(Outcome::Finished(tally(0, 0, 0))), ExitCode::SUCCESS);
        assert_eq!(status(Outcome::Finished(tally(1, 0, 0))), ExitCode::from(1));
        assert_eq!(status(Outcome::Finished(tally(1, 1, 0))), ExitCode::from(2));
        assert_eq!(status(Outcome::Finished(tally(0, 0, 1))), ExitCode::from(2));
        assert_eq!(status(Outcome::Closed), ExitCode::SUCCESS);
        assert_eq!(status(Outcome::Usage), ExitCode::from(2));
    }
}
