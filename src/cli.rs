//! The command line: arguments as clap reads them, and what they ask of the
//! library.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sudoku_cli::canon::Order;
use sudoku_cli::generate::{fresh_seed, Givens, RatingRange, Recipe, RecipeError, Symmetry};
use sudoku_cli::generation::RunOptions;
use sudoku_cli::logic::Technique;
use sudoku_cli::reader::io_reason;
use sudoku_cli::transform::Transform;
use sudoku_cli::{Format, Input, Layouts, Options};
use sudoku_cli::{HintLevel, Look, Request};
use sudoku_engine::reader::{ReadOptions, Symbols};
use sudoku_engine::variant::setup::{Setup, VARIANTS};

use clap_complete::Shell;

/// Most worker threads actually started; more would only cost memory, and
/// the output never depends on the number.
pub const MAX_THREADS: usize = 256;

/// Sudoku boards from files or standard input: solve, validate, rate,
/// explain and hint them; generate new puzzles; canon and transform them
/// (canonical forms, look-alikes); completions and man pages.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku",
    version,
    arg_required_else_help = true,
    after_help = TOP_HELP
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Fill every board; prove it unique or count its solutions on request.
    #[command(after_help = SOLVE_HELP)]
    Solve(SolveArgs),
    /// Check every board against the rules and list each conflict.
    #[command(after_help = VALIDATE_HELP)]
    Validate(ValidateArgs),
    /// Rate every proper puzzle on Sudoku Explainer's scale: ER/EP/ED.
    #[command(after_help = RATE_HELP)]
    Rate(LogicArgs),
    /// Solve every proper puzzle step by step, as a person would, naming
    /// each technique.
    #[command(after_help = EXPLAIN_HELP, mut_arg("color", |arg| arg.hide(false)))]
    Explain(LogicArgs),
    /// Show the next step a person should look for in a board in progress.
    #[command(after_help = HINT_HELP, mut_arg("color", |arg| arg.hide(false)))]
    Hint(HintArgs),
    /// Make new puzzles with one solution each: symmetric, minimal, seeded.
    #[command(after_help = generate_help())]
    Generate(GenerateArgs),
    /// Print every board's canonical (minlex) form: the least of all its
    /// look-alikes, the same for every look-alike.
    #[command(after_help = CANON_HELP)]
    Canon(CanonArgs),
    /// Print every board turned, mirrored, relabelled, or as random
    /// look-alikes.
    #[command(after_help = TRANSFORM_HELP)]
    Transform(TransformArgs),
    /// Print a completion script for bash, zsh, fish, PowerShell or elvish.
    #[command(after_help = COMPLETIONS_HELP)]
    Completions(CompletionsArgs),
    /// Print the man page of sudoku or of one command, or write them all.
    #[command(after_help = MAN_HELP)]
    Man(ManArgs),
}

#[derive(Debug, Args)]
pub struct LogicArgs {
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, Args)]
pub struct HintArgs {
    /// Start from the pencil marks of 729-cell input lines instead of
    /// recomputing the candidates from the digits.
    #[arg(long)]
    candidates: bool,
    /// How much to show: `technique` (its name and difficulty), `pattern`
    /// (also the cells and digits it rests on, for a chain its
    /// assumptions, but not its result) or `step` (the whole step, a chain
    /// with every branch).
    #[arg(long, value_enum, default_value_t = LevelArg::Step)]
    level: LevelArg,
    /// The puzzles the boards came from: the n-th board of FILE is the
    /// n-th board's puzzle. Entries that differ from its solution are named
    /// instead of a hint (`wrong: r1c1`), never the right digit; a board
    /// that changed a given says so (`givens not kept: r3c4`).
    #[arg(long, value_name = "FILE")]
    puzzle: Option<PathBuf>,
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, Args)]
pub struct CanonArgs {
    /// The least pattern of givens first (empty before given), then the
    /// least digits with that pattern (instead of the least string).
    #[arg(long)]
    pattern_first: bool,
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("map").required(true).multiple(true)
    .args(["rotate", "mirror", "flip", "transpose", "relabel", "random"])))]
pub struct TransformArgs {
    /// Turn clockwise by this many degrees.
    #[arg(long, value_name = "DEGREES", value_parser = ["90", "180", "270"])]
    rotate: Option<String>,
    /// Mirror left-right (column c becomes column 10 - c).
    #[arg(long)]
    mirror: bool,
    /// Mirror top-bottom (row r becomes row 10 - r).
    #[arg(long)]
    flip: bool,
    /// Mirror in the main diagonal (rows become columns).
    #[arg(long)]
    transpose: bool,
    /// Relabel: digit d becomes the d-th of these nine digits (each of 1-9
    /// once), e.g. 987654321.
    #[arg(long, value_name = "DIGITS", value_parser = parse_relabel)]
    relabel: Option<Transform>,
    /// Print random look-alikes instead, drawn uniformly from all maps and
    /// relabellings.
    #[arg(long, conflicts_with_all = ["rotate", "mirror", "flip", "transpose", "relabel"])]
    random: bool,
    /// With --random: the run's seed (default: a random one, given in every
    /// JSON record's `seed`).
    #[arg(long, value_name = "S", requires = "random", value_parser = parse_seed)]
    seed: Option<u64>,
    /// With --random: look-alikes per board.
    #[arg(short = 'n', long = "count", value_name = "N", requires = "random",
          default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    count: u32,
    #[command(flatten)]
    common: Common,
}

fn parse_relabel(text: &str) -> Result<Transform, String> {
    Transform::relabel(text).map_err(|error| error.to_string())
}

impl TransformArgs {
    /// The look-alikes asked for: the named maps composed in the
    /// contract's order (rotate, mirror, flip, transpose, relabel), or
    /// random ones.
    fn look(&self) -> Look {
        if self.random {
            return Look::Random {
                seed: self.seed.unwrap_or_else(fresh_seed),
                copies: self.count,
            };
        }
        let mut map = Transform::IDENTITY;
        if let Some(degrees) = &self.rotate {
            let degrees = degrees.parse().unwrap_or(0);
            map = map.then(&Transform::rotate(degrees).unwrap_or_default());
        }
        if self.mirror {
            map = map.then(&Transform::mirror());
        }
        if self.flip {
            map = map.then(&Transform::flip());
        }
        if self.transpose {
            map = map.then(&Transform::transposition());
        }
        if let Some(relabel) = &self.relabel {
            map = map.then(relabel);
        }
        Look::Fixed(map)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum LevelArg {
    Technique,
    Pattern,
    Step,
}

impl From<LevelArg> for HintLevel {
    fn from(level: LevelArg) -> HintLevel {
        match level {
            LevelArg::Technique => HintLevel::Technique,
            LevelArg::Pattern => HintLevel::Pattern,
            LevelArg::Step => HintLevel::Step,
        }
    }
}

/// What every board-reading command accepts, for its `--help`.
macro_rules! formats_help {
    () => {
        "\
Input: any number of boards per file: a line of 81 cells, 9 lines of 9 cells
(a grid), or a line of 729 cells with pencil marks (81 groups of 9, place d
holding d while d is a candidate, `.` or `0` once it is not). Cells: 1-9
given; `.`, `0`, `_` empty; spaces and `|+-=[]\"',` are ignored.
Output (--format): auto (each board in the shape it was read), line (81
characters), grid (boxed 9x9), json (JSON Lines), candidates (729-cell
pencilmark lines, readable back as input), html (one standalone web page,
boards and steps drawn)."
    };
}

/// What `--color` does, for the `--help` of the commands it works on
/// (`hint` and `explain`; the others take it and ignore it, unlisted).
macro_rules! color_help {
    () => {
        "
--color: with --format grid, each step is drawn on the candidate grid of
the position it is taken on, in colour (auto: only when standard output is
a terminal and NO_COLOR is unset or empty)."
    };
}

const SOLVE_HELP: &str = concat!(
    "\
Examples:
  sudoku solve puzzles.txt                 one solution per board
  sudoku solve --unique --format json -    prove each unique, JSON Lines
  sudoku solve --count --limit 2 a.txt     `1`, `2+` (two or more) or `0`

",
    formats_help!(),
    "

Exit status: 0 every board solved (with --count: counted); 1 some board
invalid, unsolvable or (with --unique) multiple; 2 usage error, unreadable
file or malformed input."
);

const VALIDATE_HELP: &str = concat!(
    "\
Examples:
  sudoku validate board.txt                `valid` or `invalid: ` + conflicts
  sudoku validate --complete --unique a.txt   proper, filled-in check
  sudoku validate --puzzle puzzles.txt answers.txt
                                           each answer against its puzzle:
                                           `wrong: r1c1, r5c7` names mistakes

--puzzle FILE pairs the boards with FILE's in order. Before the rules, each
board is checked against its puzzle: `improper puzzle: multiple` (or
`unsolvable`, `invalid`) when the puzzle has no unique solution,
`givens not kept: r3c4` when a given was changed or erased, `wrong: ` and
every entry that differs from the solution. A malformed board in FILE, or
none left in it, is an `error` record in that board's place.

",
    formats_help!(),
    "

Exit status: 0 every board valid under the options asked; 1 some board
invalid, incomplete, unsolvable or multiple (with --puzzle: also wrong,
givens not kept, improper puzzle); 2 usage error, unreadable file or
malformed input."
);

/// `sudoku --help`'s epilogue (and the EXAMPLES and EXIT STATUS of
/// `sudoku(1)`).
const TOP_HELP: &str = "\
Examples:
  sudoku solve puzzles.txt                 one solution per board
  sudoku validate --complete --unique a.txt   proper, filled-in check
  sudoku rate puzzles.txt                  `ER/EP/ED` per proper puzzle
  sudoku hint game.txt                     the next step from a board in progress
  sudoku generate -n 10 --seed 42          ten puzzles, the same every run
  sudoku solve --help                      a command's options and examples
  sudoku man solve | man -l -              a command's man page

Exit status: 0 every board met the request (also when there were no boards,
and for --help and --version); 1 at least one board did not (invalid,
unsolvable, multiple, incomplete; generate: its --timeout came first); 2
usage error, unreadable file or malformed input. The highest that applies
wins. A closed standard output (| head) ends the run with 0. Bare sudoku
prints this help on standard error and exits 2.";

const COMPLETIONS_HELP: &str = "\
Examples:
  sudoku completions bash > ~/.local/share/bash-completion/completions/sudoku
  sudoku completions zsh > ~/.zfunc/_sudoku    # with fpath+=~/.zfunc
  sudoku completions fish > ~/.config/fish/completions/sudoku.fish
  sudoku completions powershell >> $PROFILE

Exit status: 0, or 2 for a usage error.";

const MAN_HELP: &str = "\
Examples:
  sudoku man | man -l -
  sudoku man solve > sudoku-solve.1
  sudoku man --dir ~/.local/share/man/man1

Exit status: 0; 2 for a usage error, an unknown command or a directory that
cannot be written.";

const RATE_HELP: &str = concat!(
    "\
Examples:
  sudoku rate puzzles.txt                  `ER/EP/ED` per proper puzzle
  sudoku rate --format json - | jq .er     the numbers and the hardest step

Ratings: ER/EP/ED are Sudoku Explainer's ratings, as its serate program
(Sukaku Explainer 1.15.10) computes them. The puzzle is solved step by step,
each step the first one SE's ladder of techniques yields, each technique
with its difficulty (1.0 full house ... 2.3 naked single ... 4.2 XY-wing ...
6.6 and up forcing chains ... 10.5 and up nested chains). Of those steps:
  ER  the rating: the largest difficulty of any step (the hardest step;
      JSON names its technique under `hardest`);
  EP  the largest difficulty of the steps up to and including the first
      step that places a digit;
  ED  the difficulty of the first step.
So ER >= EP >= ED; a puzzle with ER = EP is a pearl, with ER = EP = ED a
diamond. A proper puzzle the ladder cannot finish rates ER 20.0; a full,
valid board 0.0/0.0/0.0. Boards that are invalid, unsolvable or have several
solutions get their status word instead of a rating.

",
    formats_help!(),
    "

Exit status: 0 every board rated; 1 some board invalid, unsolvable or
multiple; 2 usage error, unreadable file or malformed input."
);

const EXPLAIN_HELP: &str = concat!(
    "\
Examples:
  sudoku explain puzzle.txt                the rating, every step, the solution
  sudoku explain --format json puzzle.txt  steps as objects

A chain step (6.5 and up) is followed by its branches, one line each,
indented: the proof link by link (see `sudoku hint --help` on reading them);
JSON gives them under `chains`. An explained puzzle's record starts with its
rating, `ER/EP/ED` as `sudoku rate` prints it (`sudoku rate --help` defines
them).

",
    formats_help!(),
    color_help!(),
    "

Exit status: 0 every board explained; 1 some board invalid, unsolvable or
multiple; 2 usage error, unreadable file or malformed input."
);

const HINT_HELP: &str = concat!(
    "\
Examples:
  sudoku hint game.txt                     the next step from a board in progress
  sudoku hint --candidates marks.txt       from a player's 729-cell pencil marks
  sudoku hint --level technique game.txt   a nudge: the technique and its difficulty,
                                           e.g. `2.6  Pointing`
  sudoku hint --level pattern game.txt     also what it rests on (cells and digits;
                                           a chain's assumptions), not its result:
                                           `2.6  Pointing (5 of box 4 in column 2)`
  sudoku hint --level step game.txt        the whole step (the default); a chain
                                           with one line per branch:
    7.1  Forcing Chain (r8c1.4 off): r8c1<>4
        r8c1=4 -> r8c1<>8 (cell) -> r9c1=8 (box 7) -> ... -> r8c1<>4 (row 8)
  sudoku hint --puzzle puzzle.txt game.txt the entries that differ from the
                                           puzzle's solution, `wrong: r1c1`,
                                           else the next step

Reading a branch: its assumption, then each state that follows (`=` the cell
holds the digit, `<>` it does not) with its reason in brackets: `cell`, a
house (`row 9`, `column 4`, `box 7`), or `chain` (a nested chain, whose
branches follow on lines indented four spaces more). The states it rests
on, when not just the one before it, follow the reason:
`(box 5: r5c4<>8, r4c4<>8)`.

",
    formats_help!(),
    color_help!(),
    "

Exit status: 0 a hint for every board (or it is solved); 1 some board
invalid, unsolvable, multiple, with an erased mark (--candidates), beyond
the ladder, or (--puzzle) wrong, givens not kept or an improper puzzle; 2
usage error, unreadable file or malformed input."
);

const GENERATE_HELP: &str = "\
Examples:
  sudoku generate -n 10 --seed 42          ten puzzles, the same every run
  sudoku generate --symmetry rotate180 --minimal --rating 4.0..6.0
  sudoku generate --difficulty hard --format json
  sudoku generate -n 20 --technique x-wing  hardest step an X-wing

Output (--format): auto and line (one line per puzzle), grid (boxed 9x9),
json (JSON Lines with solution, givens, er, ep, ed and the replaying seed),
candidates (each puzzle as a 729-cell pencilmark line), html (one web page,
each puzzle beside its solution).

Exit status: 0 every puzzle asked was made; 1 the --timeout came first; 2
usage error or an impossible request (e.g. --givens 16).";

/// `generate`'s epilogue: the examples, then the techniques
/// `--technique` takes.
fn generate_help() -> String {
    let (body, exit) = GENERATE_HELP
        .split_once("\n\nExit status:")
        .unwrap_or((GENERATE_HELP, ""));
    let mut help = format!(
        "{body}\n\nTechniques (--technique, as explain names them, case, spaces and\n\
         hyphens ignored; each with the ratings its steps have):"
    );
    let mut line = String::new();
    for technique in Technique::ALL {
        let name = format!(" {} {},", technique.name(), technique.rating_text());
        if line.len() + name.len() > 78 {
            help.push('\n');
            help.push_str(line.trim_start());
            line.clear();
        }
        line.push_str(&name);
    }
    help.push('\n');
    help.push_str(line.trim_start().trim_end_matches(','));
    help.push_str("\n\nExit status:");
    help.push_str(exit);
    help
}

const CANON_HELP: &str = concat!(
    "\
Examples:
  sudoku canon puzzles.txt                 each board's minlex form
  sudoku canon puzzles.txt | sort -u       one board per class of look-alikes
  sudoku canon --format json a.txt         with the map, automorphisms, symmetry
  sudoku canon --pattern-first a.txt       least pattern of givens first

Look-alikes: boards one map turns into the other: transposing; permuting the
bands, the rows within a band, the stacks, the columns within a stack; and
relabelling the digits. Minlex: the least 81-character string of all of them,
`.` before digits. Any board: puzzles, full grids, invalid ones; 729-cell
positions give their least 729-character form.

",
    formats_help!(),
    "

Exit status: 0 unless something is malformed or unreadable (then 2); 2 also
for a usage error."
);

const TRANSFORM_HELP: &str = concat!(
    "\
Examples:
  sudoku transform --rotate 90 a.txt       each board turned clockwise
  sudoku transform --mirror --relabel 987654321 a.txt
  sudoku transform --random -n 10 --seed 7 a.txt   ten look-alikes each

Several named maps apply in this order: --rotate, --mirror, --flip,
--transpose, --relabel. --random draws uniformly from all 3,359,232 maps and
9! relabellings; the same seed prints the same bytes whatever --jobs is, and
each JSON record's `seed` replays it alone with -n 1. JSON `transform` is the
map from the input onto the result (as `canon` prints it).

",
    formats_help!(),
    "

Exit status: 0 unless something is malformed or unreadable (then 2); 2 also
for a usage error (no map, or --random with a named map)."
);

/// The output options of the commands that read no boards: never
/// consulted, since `main` answers those commands before any run.
static NO_OUTPUT: Output = Output {
    format: FormatArg::Auto,
    quiet: false,
    jobs: None,
    stats: false,
    color: ColorArg::Never,
};

/// No sizes or variants, for the commands that take classic boards only.
static NO_VARIANTS: Variants = Variants {
    size: None,
    boxes: None,
    symbols: None,
    variant: Vec::new(),
    regions: None,
};

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
    #[command(flatten)]
    variants: Variants,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Also require every cell to be filled (status `incomplete`).
    #[arg(long)]
    complete: bool,
    /// Also require exactly one solution (statuses `unsolvable`, `multiple`).
    #[arg(long)]
    unique: bool,
    /// The puzzles the boards came from: the n-th board of FILE is the
    /// n-th board's puzzle. Entries that differ from its solution are named
    /// (`wrong: r1c1, r5c7`), never the right digit; a board that changed a
    /// given says so (`givens not kept: r3c4`).
    #[arg(long, value_name = "FILE")]
    puzzle: Option<PathBuf>,
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    variants: Variants,
}

/// How `solve` and `validate` read boards of other sizes, and the rules
/// they put on every board.
#[derive(Debug, Default, Args)]
pub struct Variants {
    /// Every board is N x N (4-25): a line of N cells is a grid row, of
    /// N² cells a board (needed for 16x16 grids, whose rows of 16 cells
    /// would read as 4x4 boards).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(4..=25))]
    size: Option<u8>,
    /// Boxes of R rows by C columns (`--box 3x2`) instead of the size's
    /// usual ones (2x3 for 6x6, 3x4 for 12x12, ...).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    boxes: Option<(u8, u8)>,
    /// The size's symbols in order (`--symbols 0123456789ABCDEF`: `0` is
    /// then a digit, and only `.` and `_` are empty); sets the size.
    #[arg(long, value_name = "STRING", value_parser = parse_symbols)]
    symbols: Option<Symbols>,
    /// Rules for every board, comma-separated: x, windoku, disjoint,
    /// anti-knight, anti-king, non-consecutive.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = VARIANTS)]
    variant: Vec<String>,
    /// Jigsaw regions instead of boxes: N² symbols, one per cell, naming
    /// its region (`--regions 1122112233443344`), or a file of such lines,
    /// one per board in order (read as the boards are; a pipe will do).
    #[arg(long, value_name = "LAYOUT")]
    regions: Option<String>,
}

impl Variants {
    /// How boards are read: `--size` (or the number of `--symbols`).
    pub fn read(&self) -> ReadOptions {
        let size = self
            .size
            .or_else(|| self.symbols.as_ref().and_then(Symbols::size));
        ReadOptions {
            size,
            symbols: self.symbols.clone(),
        }
    }

    /// The rules and shape every board gets, and the file of layouts that
    /// gives each board its regions in turn (`--regions FILE`); an error
    /// (a usage error) for a region layout that cannot be read, or a file
    /// whose first layout cannot (its later ones are read as boards come,
    /// a bad one that board's error).
    pub fn setup(&self) -> Result<(Setup, Option<Layouts>), String> {
        let mut setup = Setup {
            boxes: self.boxes,
            ..Setup::default()
        };
        for name in &self.variant {
            let rules = Setup::variant(name).ok_or_else(|| format!("unknown variant {name:?}"))?;
            for rule in rules {
                if !setup.rules.contains(&rule) {
                    setup.rules.push(rule);
                }
            }
        }
        let Some(layout) = &self.regions else {
            return Ok((setup, None));
        };
        // Anything but a directory is a file: a pipe too (`--regions
        // <(...)`), its layouts then streamed as the boards are.
        let found = std::fs::metadata(layout);
        if found.as_ref().is_ok_and(|metadata| !metadata.is_dir()) {
            return Ok((setup, Some(Layouts::open(layout)?)));
        }
        let (_, regions) = Setup::read_regions(layout.as_bytes()).map_err(|error| {
            match found {
                Ok(_) => format!("--regions {layout}: a directory, not a file of layouts"),
                // Neither a file nor a layout, and more like a file's name
                // than a layout: the message answers both readings.
                Err(io) if looks_like_a_path(layout) => format!(
                    "--regions {layout}: {} (and as a layout: {error})",
                    io_reason(&io)
                ),
                Err(_) => format!("--regions: {error}"),
            }
        })?;
        setup.regions.push(regions);
        Ok((setup, None))
    }
}

/// Whether a `--regions` argument that is neither a file nor a layout was
/// more likely meant as a file: shorter than the smallest layout (16
/// symbols), or with a directory separator or an extension.
fn looks_like_a_path(text: &str) -> bool {
    text.len() < 16
        || text.contains(['/', '\\'])
        || std::path::Path::new(text).extension().is_some()
}

/// `RxC`: rows and columns of a box, each 1 to 25.
fn parse_box(text: &str) -> Result<(u8, u8), String> {
    let (rows, columns) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected RxC (rows x columns, such as 3x2), found {text:?}"))?;
    let number = |part: &str| {
        part.trim()
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=25).contains(n))
            .ok_or_else(|| format!("expected RxC with R and C from 1 to 25, found {text:?}"))
    };
    Ok((number(rows)?, number(columns)?))
}

/// `--symbols`: 4 to 25 distinct symbols.
fn parse_symbols(text: &str) -> Result<Symbols, String> {
    Symbols::custom(text.as_bytes()).map_err(|e| e.to_string())
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many puzzles to write (all distinct).
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    pub count: u64,
    /// The run's seed: the same seed and options print the same puzzles
    /// (default: a random seed, shown by --stats and in JSON).
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = parse_seed)]
    pub seed: Option<u64>,
    /// The pattern of givens is unchanged by this map.
    #[arg(long, value_enum, value_name = "MAP", default_value_t = SymmetryArg::None)]
    symmetry: SymmetryArg,
    /// Removing any given (or symmetric group of givens) leaves more than
    /// one solution.
    #[arg(long)]
    minimal: bool,
    /// The number of givens: N, or a range MIN..MAX (either end may be
    /// left out).
    #[arg(long, value_name = "N|MIN..MAX")]
    givens: Option<Givens>,
    /// The puzzles' ER (as `sudoku rate` gives it) lies in MIN..MAX, both
    /// ends included, either left out (e.g. `7.0..`).
    #[arg(long, value_name = "MIN..MAX", conflicts_with = "difficulty")]
    rating: Option<RatingRange>,
    /// Shorthand for the Sudoku Exchange's ER buckets: easy (below 1.5),
    /// medium (1.5 to 2.4), hard (2.5 to 4.9), diabolical (5.0 and up).
    #[arg(long, value_enum, value_name = "BUCKET")]
    difficulty: Option<DifficultyArg>,
    /// The puzzles' hardest step (the one that gives their ER) is a step of
    /// this technique, named as `explain` names it (listed below).
    // No file names to complete: the names are listed in --help.
    #[arg(long, value_name = "NAME", value_parser = parse_technique, value_hint = clap::ValueHint::Other)]
    technique: Option<Technique>,
    /// Stop after this many seconds, printing the puzzles found (exit 1 if
    /// fewer than asked).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    #[command(flatten)]
    pub output: Output,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum DifficultyArg {
    Easy,
    Medium,
    Hard,
    Diabolical,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SymmetryArg {
    None,
    Rotate180,
    Rotate90,
    Mirror,
    Flip,
    Diagonal,
    Antidiagonal,
}

/// Reads a technique's name, as `explain` prints it (loosely).
fn parse_technique(text: &str) -> Result<Technique, String> {
    Technique::named(text).ok_or_else(|| {
        format!("no technique is named {text:?}; `sudoku generate --help` lists them")
    })
}

/// Reads `--jobs`: a whole number of threads, at least 1.
fn parse_jobs(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("at least one job is needed".to_string()),
        Ok(jobs) => Ok(jobs),
        Err(_) => Err(format!(
            "the number of jobs must be a whole number, not {text:?}"
        )),
    }
}

/// Reads a seed: a whole number that fits in 64 bits.
fn parse_seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>().map_err(|_| {
        format!(
            "the seed must be a whole number from 0 to 2^64-1 ({}), not {text:?}",
            u64::MAX
        )
    })
}

/// Reads a non-negative number of seconds, fractions allowed.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .ok_or_else(|| format!("expected a number of seconds, not {text:?}"))
}

impl GenerateArgs {
    /// What every puzzle must be; an impossible request is an error.
    pub fn recipe(&self) -> Result<Recipe, RecipeError> {
        let symmetry = match self.symmetry {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotate180 => Symmetry::Rotate180,
            SymmetryArg::Rotate90 => Symmetry::Rotate90,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Flip => Symmetry::Flip,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
            SymmetryArg::Antidiagonal => Symmetry::Antidiagonal,
        };
        let range = match self.difficulty {
            Some(DifficultyArg::Easy) => RatingRange::bucket("easy"),
            Some(DifficultyArg::Medium) => RatingRange::bucket("medium"),
            Some(DifficultyArg::Hard) => RatingRange::bucket("hard"),
            Some(DifficultyArg::Diabolical) => RatingRange::bucket("diabolical"),
            None => self.rating,
        };
        // JSON records always carry the rating.
        let rate_all = self.output.format() == Format::Json;
        Recipe::new(symmetry, self.minimal, self.givens)?
            .with_rating(range, rate_all)?
            .with_technique(self.technique)
    }

    /// `--timeout`, if given.
    pub fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    /// The run's options, with `seed` for the run.
    pub fn run_options(&self, seed: u64) -> RunOptions {
        RunOptions {
            count: self.count,
            seed,
            jobs: self.output.jobs(),
            format: self.output.format(),
            quiet: self.output.quiet,
            timeout: self.timeout,
        }
    }
}

/// The options every subcommand that reads boards takes.
#[derive(Debug, Args)]
pub struct Common {
    /// Input files, read in order; `-` or none means standard input.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    pub output: Output,
}

/// The options every subcommand takes: how and where to print.
#[derive(Debug, Args)]
pub struct Output {
    /// Output format: `auto` keeps each board's input shape (for
    /// `generate`, a line per puzzle).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = FormatArg::Auto)]
    format: FormatArg,
    /// Print no records; only the exit status and errors tell.
    #[arg(short, long)]
    quiet: bool,
    /// Worker threads (default: the number of CPUs); output never depends on it.
    #[arg(short, long, value_name = "N", value_parser = parse_jobs)]
    jobs: Option<u64>,
    /// Print a summary on stderr after the run.
    #[arg(long)]
    pub stats: bool,
    /// With --format grid, draw the candidate grid before each step, the
    /// step in colour: auto (only on a terminal and when NO_COLOR is
    /// unset), always, never.
    // Only `hint` and `explain` colour: they list it (`mut_arg` on their
    // variants); every other command takes it, as before, but unlisted.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorArg::Auto, hide = true)]
    color: ColorArg,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum FormatArg {
    Auto,
    Line,
    Grid,
    Json,
    /// Boards as 729-cell pencilmark lines (Sukaku's form), readable back.
    Candidates,
    /// One standalone HTML page for the run, boards and steps drawn in SVG.
    Html,
}

impl Output {
    /// Worker threads: as asked, else one per CPU; at most [`MAX_THREADS`].
    pub fn jobs(&self) -> usize {
        let jobs = match self.jobs {
            Some(jobs) => usize::try_from(jobs).unwrap_or(MAX_THREADS),
            None => std::thread::available_parallelism().map_or(1, usize::from),
        };
        jobs.min(MAX_THREADS)
    }

    /// Whether to colour: `always`; `auto` when standard output is a
    /// terminal and `NO_COLOR` is unset or empty (no-color.org: an explicit
    /// `--color always` wins over it).
    pub fn color(&self) -> bool {
        match self.color {
            ColorArg::Always => true,
            ColorArg::Never => false,
            ColorArg::Auto => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                !no_color && std::io::stdout().is_terminal()
            }
        }
    }

    /// The library's format.
    pub fn format(&self) -> Format {
        match self.format {
            FormatArg::Auto => Format::Auto,
            FormatArg::Line => Format::Line,
            FormatArg::Grid => Format::Grid,
            FormatArg::Json => Format::Json,
            FormatArg::Candidates => Format::Candidates,
            FormatArg::Html => Format::Html,
        }
    }
}

impl Cli {
    /// The input files, for the subcommands that read boards.
    fn files(&self) -> &[PathBuf] {
        match &self.command {
            Command::Solve(args) => &args.common.files,
            Command::Validate(args) => &args.common.files,
            Command::Rate(args) | Command::Explain(args) => &args.common.files,
            Command::Hint(args) => &args.common.files,
            Command::Canon(args) => &args.common.files,
            Command::Transform(args) => &args.common.files,
            Command::Generate(_) | Command::Completions(_) | Command::Man(_) => &[],
        }
    }

    /// The options every subcommand shares.
    pub fn output(&self) -> &Output {
        match &self.command {
            Command::Solve(args) => &args.common.output,
            Command::Validate(args) => &args.common.output,
            Command::Rate(args) | Command::Explain(args) => &args.common.output,
            Command::Hint(args) => &args.common.output,
            Command::Canon(args) => &args.common.output,
            Command::Transform(args) => &args.common.output,
            Command::Generate(args) => &args.output,
            Command::Completions(_) | Command::Man(_) => &NO_OUTPUT,
        }
    }

    /// What to ask of each board; `None` for `generate`, which reads none.
    pub fn request(&self) -> Option<Request> {
        Some(match &self.command {
            Command::Solve(args) if args.count => Request::Count { limit: args.limit },
            Command::Solve(args) => Request::Solve {
                unique: args.unique,
            },
            Command::Validate(args) => Request::Validate {
                complete: args.complete,
                unique: args.unique,
            },
            Command::Rate(_) => Request::Rate,
            Command::Explain(_) => Request::Explain,
            Command::Hint(args) => Request::Hint {
                candidates: args.candidates,
                level: args.level.into(),
            },
            Command::Canon(args) => Request::Canon {
                order: if args.pattern_first {
                    Order::PatternFirst
                } else {
                    Order::Minlex
                },
                // Only JSON records print the map, automorphisms and
                // symmetries: the other formats need the form alone.
                maps: args.common.output.format() == Format::Json,
            },
            Command::Transform(args) => Request::Transform(args.look()),
            Command::Generate(_) | Command::Completions(_) | Command::Man(_) => return None,
        })
    }

    /// The library's run options, for the subcommands that read boards;
    /// `Err` for a `--regions` layout that cannot be read.
    pub fn options(&self) -> Option<Result<Options, String>> {
        let output = self.output();
        let request = self.request()?;
        let variants = match &self.command {
            Command::Solve(args) => &args.variants,
            Command::Validate(args) => &args.variants,
            _ => &NO_VARIANTS,
        };
        let (setup, layouts) = match variants.setup() {
            Ok(setup) => setup,
            Err(message) => return Some(Err(message)),
        };
        Some(Ok(Options {
            request,
            format: output.format(),
            jobs: output.jobs(),
            quiet: output.quiet,
            color: output.color(),
            read: variants.read(),
            setup: std::sync::Arc::new(setup),
            layouts,
            puzzles: self.puzzles(),
        }))
    }

    /// `--puzzle FILE` (`validate`, `hint`): `-` is standard input.
    fn puzzles(&self) -> Option<Input> {
        let path = match &self.command {
            Command::Validate(args) => args.puzzle.as_ref(),
            Command::Hint(args) => args.puzzle.as_ref(),
            _ => None,
        }?;
        Some(if path.as_os_str() == "-" {
            Input::stdin()
        } else {
            Input::path(path)
        })
    }

    /// A usage error the parser cannot see: `--puzzle -` while the boards
    /// are read from standard input too.
    pub fn usage_error(&self) -> Option<String> {
        let stdin = Input::stdin();
        (self.puzzles().as_ref() == Some(&stdin) && self.inputs().contains(&stdin)).then(|| {
            "--puzzle - reads standard input, so the boards must come from files".to_owned()
        })
    }

    /// `--jobs` when it asks for more than [`MAX_THREADS`] threads.
    pub fn jobs_over_cap(&self) -> Option<u64> {
        self.output().jobs.filter(|&jobs| jobs > MAX_THREADS as u64)
    }

    /// The inputs in order; none given means standard input.
    pub fn inputs(&self) -> Vec<Input> {
        let files = self.files();
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

/// `sudoku completions SHELL`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// The subcommands with a page of their own: the values `sudoku man`
/// takes (so shells complete them). A test holds it to the subcommands.
pub const PAGES: [&str; 10] = [
    "solve",
    "validate",
    "rate",
    "explain",
    "hint",
    "generate",
    "canon",
    "transform",
    "completions",
    "man",
];

/// `sudoku man [COMMAND] [--dir DIR]`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The subcommand whose page to print (`sudoku-COMMAND(1)`); none
    /// prints `sudoku(1)`.
    #[arg(
        value_name = "COMMAND",
        conflicts_with = "dir",
        value_parser = clap::builder::PossibleValuesParser::new(PAGES)
    )]
    pub command: Option<String>,
    /// Write every page (`sudoku.1`, `sudoku-solve.1`, ...) into DIR
    /// instead of printing one.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subcommand_has_a_page_to_ask_for() {
        let command = <Cli as clap::CommandFactory>::command().disable_help_subcommand(true);
        let names: Vec<&str> = command
            .get_subcommands()
            .map(|sub| sub.get_name())
            .collect();
        assert_eq!(names, PAGES);
    }

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
        assert_eq!(cli.request(), Some(Request::Count { limit: 7 }));
        let cli = parse(&["solve", "--unique"]).unwrap();
        assert_eq!(cli.request(), Some(Request::Solve { unique: true }));
        assert_eq!(parse(&["rate"]).unwrap().request(), Some(Request::Rate));
        assert_eq!(
            parse(&["explain"]).unwrap().request(),
            Some(Request::Explain)
        );
        assert_eq!(
            parse(&["hint", "--candidates"]).unwrap().request(),
            Some(Request::Hint {
                candidates: true,
                level: HintLevel::Step
            })
        );
        assert_eq!(
            parse(&["hint", "--level", "pattern"]).unwrap().request(),
            Some(Request::Hint {
                candidates: false,
                level: HintLevel::Pattern
            })
        );
        let cli = parse(&["validate", "--complete", "--unique"]).unwrap();
        assert_eq!(
            cli.request(),
            Some(Request::Validate {
                complete: true,
                unique: true
            })
        );
    }

    #[test]
    fn limit_needs_count_and_jobs_at_least_one() {
        assert!(parse(&["solve", "--limit", "3"]).is_err());
        assert!(parse(&["solve", "--count", "--limit", "0"]).is_err());
        assert!(parse(&["solve", "-j", "0"]).is_err());
        assert_eq!(
            parse(&["solve", "-j", "99999"]).unwrap().output().jobs(),
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

    #[test]
    fn puzzle_files_pair_with_validate_and_hint() {
        let cli = parse(&["validate", "--puzzle", "p.txt", "a.txt"]).unwrap();
        assert_eq!(
            cli.options().unwrap().unwrap().puzzles,
            Some(Input::path("p.txt"))
        );
        assert_eq!(cli.usage_error(), None);
        let cli = parse(&["hint", "--puzzle", "-", "a.txt"]).unwrap();
        assert_eq!(
            cli.options().unwrap().unwrap().puzzles,
            Some(Input::stdin())
        );
        assert_eq!(cli.usage_error(), None);
        assert!(parse(&["hint", "--puzzle", "-"])
            .unwrap()
            .usage_error()
            .is_some());
        assert_eq!(
            parse(&["hint", "a.txt"])
                .unwrap()
                .options()
                .unwrap()
                .unwrap()
                .puzzles,
            None
        );
        assert!(parse(&["solve", "--puzzle", "p.txt"]).is_err());
        assert!(parse(&["rate", "--puzzle", "p.txt"]).is_err());
    }

    #[test]
    fn generate_takes_its_options_and_no_files() {
        let cli = parse(&[
            "generate",
            "-n",
            "5",
            "--seed",
            "9",
            "--symmetry",
            "rotate90",
            "--givens",
            "21..25",
            "--minimal",
            "--timeout",
            "1.5",
            "-j",
            "2",
            "--format",
            "json",
        ])
        .unwrap();
        let Command::Generate(args) = &cli.command else {
            panic!("not generate: {cli:?}");
        };
        let recipe = args.recipe().unwrap();
        assert_eq!(recipe.symmetry(), Symmetry::Rotate90);
        assert!(recipe.minimal());
        assert_eq!(recipe.givens(), Some(Givens { min: 21, max: 25 }));
        let options = args.run_options(9);
        assert_eq!((options.count, options.seed, options.jobs), (5, 9, 2));
        assert_eq!(options.timeout, Some(Duration::from_millis(1500)));
        assert_eq!(options.format, Format::Json);
        assert_eq!(cli.request(), None);
        assert!(cli.options().is_none());
        assert!(cli.files().is_empty());

        assert!(parse(&["generate", "file.txt"]).is_err());
        assert!(parse(&["generate", "--givens", "x"]).is_err());
        assert!(parse(&["generate", "--symmetry", "half"]).is_err());
        assert!(parse(&["generate", "--timeout", "-1"]).is_err());
        assert!(parse(&["generate", "--seed", "-1"]).is_err());
        let cli = parse(&["generate", "--givens", "16"]).unwrap();
        let Command::Generate(args) = &cli.command else {
            panic!("not generate");
        };
        assert!(args.recipe().is_err(), "parsed, but impossible");
    }
}
