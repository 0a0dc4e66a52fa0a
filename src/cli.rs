//! The command line: arguments as clap reads them, and what they ask of the
//! library.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sudoku_cli::{Format, Input, Options, Request};

/// Most worker threads actually started; more would only cost memory, and
/// the output never depends on the number.
pub const MAX_THREADS: usize = 256;

/// Solve and validate sudoku boards from files or standard input.
#[derive(Debug, Parser)]
#[command(name = "sudoku", version, arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Fill every board; prove it unique or count its solutions on request.
    Solve(SolveArgs),
    /// Check every board against the rules and list each conflict.
    Validate(ValidateArgs),
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Also prove the solution is the only one (status `multiple` if not).
    #[arg(long)]
    unique: bool,
    /// Print the number of solutions instead of a board.
    #[arg(long)]
    count: bool,
    /// With --count, stop counting at N and print `N+`.
    #[arg(long, value_name = "N", requires = "count", default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..))]
    limit: u32,
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Also require every cell to be filled (status `incomplete`).
    #[arg(long)]
    complete: bool,
    /// Also require exactly one solution (statuses `unsolvable`, `multiple`).
    #[arg(long)]
    unique: bool,
    #[command(flatten)]
    common: Common,
}

/// The options every subcommand takes.
#[derive(Debug, Args)]
pub struct Common {
    /// Input files, read in order; `-` or none means standard input.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Output format: `auto` keeps each board's input shape.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = FormatArg::Auto)]
    format: FormatArg,
    /// Print no records; only the exit status and errors tell.
    #[arg(short, long)]
    quiet: bool,
    /// Worker threads (default: the number of CPUs); output never depends on it.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    jobs: Option<u64>,
    /// Print a summary on stderr after the run.
    #[arg(long)]
    pub stats: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum FormatArg {
    Auto,
    Line,
    Grid,
    Json,
}

impl Cli {
    /// The options shared by both subcommands.
    pub fn common(&self) -> &Common {
        match &self.command {
            Command::Solve(args) => &args.common,
            Command::Validate(args) => &args.common,
        }
    }

    /// What to ask of each board.
    pub fn request(&self) -> Request {
        match &self.command {
            Command::Solve(args) if args.count => Request::Count { limit: args.limit },
            Command::Solve(args) => Request::Solve {
                unique: args.unique,
            },
            Command::Validate(args) => Request::Validate {
                complete: args.complete,
                unique: args.unique,
            },
        }
    }

    /// The library's run options.
    pub fn options(&self) -> Options {
        let common = self.common();
        let jobs = match common.jobs {
            Some(jobs) => usize::try_from(jobs).unwrap_or(MAX_THREADS),
            None => std::thread::available_parallelism().map_or(1, usize::from),
        };
        Options {
            request: self.request(),
            format: match common.format {
                FormatArg::Auto => Format::Auto,
                FormatArg::Line => Format::Line,
                FormatArg::Grid => Format::Grid,
                FormatArg::Json => Format::Json,
            },
            jobs: jobs.min(MAX_THREADS),
            quiet: common.quiet,
        }
    }

    /// `--jobs` when it asks for more than [`MAX_THREADS`] threads.
    pub fn jobs_over_cap(&self) -> Option<u64> {
        self.common().jobs.filter(|&jobs| jobs > MAX_THREADS as u64)
    }

    /// The inputs in order; none given means standard input.
    pub fn inputs(&self) -> Vec<Input> {
        let files = &self.common().files;
        if files.is_empty() {
            return vec![Input::stdin()];
        }
        files
            .iter()
            .map(|path| {
                if path.as_os_str() == "-" {
                    Input::stdin()
                } else {
                    Input::path(path)
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("sudoku").chain(args.iter().copied()))
    }

    #[test]
    fn the_clap_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn requests_follow_the_flags() {
        let cli = parse(&["solve", "--count", "--limit", "7"]).unwrap();
        assert_eq!(cli.request(), Request::Count { limit: 7 });
        let cli = parse(&["solve", "--unique"]).unwrap();
        assert_eq!(cli.request(), Request::Solve { unique: true });
        let cli = parse(&["validate", "--complete", "--unique"]).unwrap();
        assert_eq!(
            cli.request(),
            Request::Validate {
                complete: true,
                unique: true
            }
        );
    }

    #[test]
    fn limit_needs_count_and_jobs_at_least_one() {
        assert!(parse(&["solve", "--limit", "3"]).is_err());
        assert!(parse(&["solve", "--count", "--limit", "0"]).is_err());
        assert!(parse(&["solve", "-j", "0"]).is_err());
        assert_eq!(
            parse(&["solve", "-j", "99999"]).unwrap().options().jobs,
            MAX_THREADS
        );
    }

    #[test]
    fn dash_and_nothing_mean_stdin() {
        let cli = parse(&["validate"]).unwrap();
        assert_eq!(cli.inputs(), [Input::stdin()]);
        let cli = parse(&["validate", "a.txt", "-", "b.txt"]).unwrap();
        let inputs = cli.inputs();
        let names: Vec<&str> = inputs.iter().map(Input::name).collect();
        assert_eq!(names, ["a.txt", "<stdin>", "b.txt"]);
    }
}
