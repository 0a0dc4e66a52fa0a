//! `sudoku`: the command-line front end. It parses arguments, runs the
//! library over the inputs, and decides the exit status in one place.

mod cli;
mod report;

use std::io::{self, BufWriter, ErrorKind, IsTerminal, LineWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::error::ErrorKind as ClapErrorKind;
use clap::Parser;
use sudoku_cli::Tally;

use crate::cli::Cli;
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
        Ok(cli) => run(&cli),
        Err(error) => {
            // Help and version go to stdout, usage errors to stderr.
            let _ = error.print();
            match error.kind() {
                ClapErrorKind::DisplayHelp | ClapErrorKind::DisplayVersion => Outcome::Informed,
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

fn run(cli: &Cli) -> Outcome {
    let started = Instant::now();
    let mut report = Stderr::new(started);
    if let Some(jobs) = cli.jobs_over_cap() {
        let most = cli::MAX_THREADS;
        let _ = writeln!(
            io::stderr(),
            "sudoku: --jobs {jobs} is above the limit of {most} threads; using {most}"
        );
    }
    let stdout = io::stdout();
    let result = if stdout.is_terminal() {
        // Someone is watching: each record as soon as it is written.
        let mut out = LineWriter::new(stdout.lock());
        sudoku_cli::run(cli.inputs(), &cli.options(), &mut out, &mut report)
    } else {
        let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
        sudoku_cli::run(cli.inputs(), &cli.options(), &mut out, &mut report)
    };
    report.clear_progress();
    match result {
        Ok(tally) => {
            if cli.common().stats {
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
