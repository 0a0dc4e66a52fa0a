//! Output formats: how a record is written as a line, a grid or JSON.
//!
//! A record is either a board (a solution) or a one-line text: a status
//! word, a count, or `invalid: ` and the conflicts. Records are written into
//! [`Text`] buffers so that worker threads can format their share; the
//! blank line that may stand between two records is decided from the shapes
//! of the two records alone, so buffers join without rereading them.

use std::io::Write;

use serde::ser::{Serialize, SerializeMap, SerializeSeq, SerializeStruct, Serializer};

use crate::render::{ansi, html};
use sudoku_engine::answer::mistakes::Mistake;
use sudoku_engine::answer::{Answer, Explained, HintLevel, Request, Status, Verdict};
use sudoku_engine::board::{Board, Cell, Shape};
use sudoku_engine::candidates::Candidates;
use sudoku_engine::logic::{Branch, Rating, Rule, StateName, Step};
use sudoku_engine::reader::Malformed;

pub mod page;
pub mod variant;

pub mod wrap;
use sudoku_engine::transform::Transform;
use sudoku_engine::validate::Conflict;
pub use variant::{About, VariantRecord};

/// The output format, as `--format` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Boards keep the shape they were read in.
    Auto,
    /// Every board on one line of 81 characters.
    Line,
    /// Every board as a boxed grid; a blank line between any two records.
    Grid,
    /// JSON Lines: one object per record.
    Json,
    /// Every board on one line of 729 cells, Sukaku's pencilmark form
    /// ([`Candidates::to_line`]), which reads back as the same position.
    Candidates,
    /// One standalone HTML5 page for the whole run, each record a section
    /// with its boards and steps drawn in SVG ([`crate::render`]).
    Html,
}

/// One record to write: an answered board, or a malformed one.
#[derive(Clone, Copy, Debug)]
pub enum Record<'a> {
    /// A board that was read and answered.
    Answered {
        /// The input's name.
        source: &'a str,
        /// The line the board starts on.
        line: u64,
        /// The shape the board was read in.
        shape: Shape,
        /// The board as read.
        puzzle: &'a Board,
        /// The pencil marks the board was read with, if any.
        candidates: Option<&'a Candidates>,
        /// The answer to the request.
        answer: &'a Answer,
        /// The label after the board on its line, if any: a record keeps
        /// it, so a labelled list stays labelled through any command.
        label: Option<&'a [u8]>,
    },
    /// A malformed board.
    Malformed(&'a Malformed),
    /// A board of another size or with variant rules, answered.
    Variant(&'a VariantRecord<'a>),
}

impl Record<'_> {
    /// The label the board was read with, if any.
    pub fn label(&self) -> Option<&[u8]> {
        match *self {
            Record::Answered { label, .. } => label,
            Record::Malformed(_) | Record::Variant(_) => None,
        }
    }
}

/// How a record looks on the page, which decides the blank lines around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Printed {
    /// A single line (a board in line form, a word, a count, JSON).
    Line,
    /// A board as a nine-row grid.
    Grid,
}

/// Writes records for one request in one format.
#[derive(Clone, Copy, Debug)]
pub struct RecordWriter {
    format: Format,
    request: Request,
    color: bool,
}

impl RecordWriter {
    /// A writer of `request`'s records in `format`.
    pub fn new(format: Format, request: Request) -> RecordWriter {
        RecordWriter {
            format,
            request,
            color: false,
        }
    }

    /// With `color`, `grid` records of `hint` and `explain` show before
    /// each step the candidate grid of the position it is taken on, the
    /// step in ANSI colour ([`crate::render::ansi`]); other records and
    /// formats are unchanged.
    pub fn with_color(self, color: bool) -> RecordWriter {
        RecordWriter { color, ..self }
    }

    /// Whether steps are drawn as coloured candidate grids.
    fn draws_steps(&self) -> bool {
        self.color
            && self.format == Format::Grid
            && matches!(self.request, Request::Explain | Request::Hint { .. })
    }

    /// Whether a blank line stands between a record printed as `before` and
    /// one printed as `after`.
    pub fn separated(&self, before: Printed, after: Printed) -> bool {
        if self.request == Request::Explain && self.format != Format::Json {
            // An explanation spans many lines: a blank line between any two.
            return true;
        }
        match self.format {
            Format::Grid => true,
            Format::Auto => before == Printed::Grid || after == Printed::Grid,
            Format::Line | Format::Json | Format::Candidates | Format::Html => false,
        }
    }

    /// The board this record prints, if it prints one: a solution (never
    /// for `rate`, `explain` and `hint`, whose records are ratings and
    /// steps).
    fn board<'a>(&self, record: &Record<'a>) -> Option<(&'a Board, Shape)> {
        match *record {
            Record::Answered {
                shape,
                answer: Answer::Solved(solution),
                ..
            } => Some((solution, shape)),
            Record::Answered {
                shape,
                answer: Answer::Canonical(canon),
                ..
            } => Some((&canon.canonical.form, shape)),
            Record::Answered {
                shape,
                answer: Answer::Form(form),
                ..
            } => Some((form, shape)),
            Record::Answered {
                shape,
                answer: Answer::Transformed(look),
                ..
            } => Some((&look.board, shape)),
            _ => None,
        }
    }

    /// The pencil marks this record prints instead of its board: those of
    /// a 729-cell position that `canon` or `transform` moved, unless a grid
    /// is asked for.
    fn marks<'a>(&self, record: &Record<'a>) -> Option<&'a Candidates> {
        let Record::Answered { answer, .. } = *record else {
            return None;
        };
        let marks = match answer {
            Answer::Canonical(canon) => canon.marks.as_ref(),
            Answer::Transformed(look) => look.marks.as_ref(),
            _ => None,
        };
        marks.filter(|_| self.format != Format::Grid)
    }

    /// How `record` will look when written.
    pub fn printed(&self, record: &Record) -> Printed {
        if self.marks(record).is_some() {
            return Printed::Line;
        }
        if let Record::Variant(variant) = record {
            let grid = self.format == Format::Grid
                || (self.format == Format::Auto && variant.shape == Shape::Grid);
            return match variant.board() {
                Some(_) if grid => Printed::Grid,
                _ => Printed::Line,
            };
        }
        match (self.format, self.board(record)) {
            (Format::Grid, Some(_)) | (Format::Auto, Some((_, Shape::Grid))) => Printed::Grid,
            _ => Printed::Line,
        }
    }

    /// What the output starts with before the first record: the page's
    /// head for `html`, nothing otherwise.
    pub fn begin(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if self.format == Format::Html {
            html::begin(&mut out, page::title(self.request));
        }
        out
    }

    /// What the output ends with after the last record: the page's footer
    /// for `html`, nothing otherwise.
    pub fn end(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if self.format == Format::Html {
            html::end(&mut out);
        }
        out
    }

    /// Appends `record` to `out`, ending with a newline (no separator).
    /// A labelled record carries its label: after a tab on a record of one
    /// line, on a comment line `# LABEL` before a record of several (a
    /// grid, an explanation); in JSON and HTML as a key of its own.
    pub fn write(&self, out: &mut Vec<u8>, record: &Record) {
        let start = out.len();
        self.write_unlabelled(out, record);
        if let Some(label) = record.label() {
            if !matches!(self.format, Format::Json | Format::Html) {
                add_label(out, start, label);
            }
        }
    }

    /// [`RecordWriter::write`] without the label in plain text.
    fn write_unlabelled(&self, out: &mut Vec<u8>, record: &Record) {
        if self.format == Format::Html {
            page::write_record(out, record, self.request);
            return;
        }
        if let Record::Variant(variant) = record {
            match (self.format, variant.board()) {
                (Format::Json, _) => variant::write_json(out, variant, self.request.is_validate()),
                (_, Some(board)) if self.printed(record) == Printed::Grid => {
                    return variant.write_grid(out, board)
                }
                (_, Some(board)) => out.extend_from_slice(variant.line_of(board).as_bytes()),
                (_, None) => return variant.write_text(out, self.request.lists_conflicts()),
            }
            out.push(b'\n');
            return;
        }
        if self.format == Format::Json {
            write_json(out, record, self.request);
            out.push(b'\n');
            return;
        }
        if let Some(marks) = self.marks(record) {
            out.extend_from_slice(&marks.to_line());
            out.push(b'\n');
            return;
        }
        match (self.board(record), self.printed(record)) {
            (Some((board, _)), _) if self.format == Format::Candidates => {
                out.extend_from_slice(&Candidates::from_board(board).to_line());
                out.push(b'\n');
            }
            (Some((board, _)), Printed::Grid) => write_grid(out, board),
            (Some((board, _)), Printed::Line) => {
                out.extend_from_slice(&board.to_line());
                out.push(b'\n');
            }
            (None, _) => self.write_text(out, record),
        }
    }

    /// Writes a record that is not a board: a word, a count, conflicts, a
    /// rating or steps.
    fn write_text(&self, out: &mut Vec<u8>, record: &Record) {
        let Record::Answered {
            answer,
            puzzle,
            candidates,
            ..
        } = record
        else {
            out.extend_from_slice(b"error\n");
            return;
        };
        let start = || page::start_position(self.request, puzzle, *candidates);
        // Writing into a Vec cannot fail.
        match answer {
            Answer::Explained(explained) if self.draws_steps() => {
                let _ = writeln!(out, "{}", explained.rating);
                let steps = &explained.steps;
                ansi::walkthrough(
                    out,
                    start(),
                    puzzle,
                    steps,
                    HintLevel::Step,
                    write_step_wrapped,
                );
                out.extend_from_slice(&explained.solution.to_line());
                out.push(b'\n');
            }
            Answer::Hint(hint) if self.draws_steps() => {
                let level = hint_level(self.request);
                let steps = std::slice::from_ref(&hint.step);
                ansi::walkthrough(out, start(), puzzle, steps, level, |out, step| {
                    write_hint(out, step, level)
                });
            }
            Answer::Counted(count, _) => {
                let plus = if count.limit_reached { "+" } else { "" };
                let _ = writeln!(out, "{}{plus}", count.solutions);
            }
            Answer::Rated(rating) => {
                let _ = writeln!(out, "{rating}");
            }
            Answer::Explained(explained) => write_explained(out, explained),
            // The position after the step at `step` level; below it, the
            // one before (the after would give the result away).
            Answer::Hint(hint) if self.format == Format::Candidates => {
                let marks = match hint_level(self.request) {
                    HintLevel::Step => hint.after,
                    _ => start().marks(),
                };
                out.extend_from_slice(&marks.to_line());
                out.push(b'\n');
            }
            Answer::Hint(hint) => write_hint(out, &hint.step, hint_level(self.request)),
            Answer::Erased(erased) => {
                out.extend_from_slice(b"erased:");
                for (i, &(cell, digit)) in erased.iter().enumerate() {
                    let sep = if i == 0 { " " } else { "; " };
                    let _ = write!(out, "{sep}{} lacks {digit}", Cell(cell));
                }
                out.push(b'\n');
            }
            Answer::Mistaken(mistake, _) => write_mistake(out, mistake),
            Answer::Refused(Verdict::Invalid(conflicts)) if self.request.lists_conflicts() => {
                out.extend_from_slice(b"invalid:");
                for (i, conflict) in conflicts.iter().enumerate() {
                    let sep = if i == 0 { " " } else { "; " };
                    // In marks, the clashing digits are one-candidate cells.
                    let _ = match candidates {
                        Some(_) => write!(out, "{sep}{}", conflict.in_marks()),
                        None => write!(out, "{sep}{conflict}"),
                    };
                }
                out.push(b'\n');
            }
            _ => {
                out.extend_from_slice(answer.status().word().as_bytes());
                out.push(b'\n');
            }
        }
    }
}

/// Adds `label` to the record written from `start` on: before its line end
/// after a tab when it is one line, else on a line `# LABEL` before it
/// (which reads back as a comment).
fn add_label(out: &mut Vec<u8>, start: usize, label: &[u8]) {
    let lines = out[start..].iter().filter(|&&b| b == b'\n').count();
    if lines <= 1 && out.last() == Some(&b'\n') {
        let end = out.len() - 1;
        out.splice(end..end, [b'\t'].into_iter().chain(label.iter().copied()));
    } else {
        let line = [b"# ", label, b"\n"].concat();
        out.splice(start..start, line);
    }
}

/// Writes what is wrong with a position against its puzzle (`--puzzle`):
/// `wrong: r1c1, r5c7`, `givens not kept: r3c4` or `improper puzzle:
/// multiple` (the puzzle's status word). Never the right digit.
fn write_mistake(out: &mut Vec<u8>, mistake: &Mistake) {
    let cells = match mistake {
        Mistake::Wrong(cells) => {
            out.extend_from_slice(b"wrong:");
            cells
        }
        Mistake::GivensNotKept(cells) => {
            out.extend_from_slice(b"givens not kept:");
            cells
        }
        Mistake::Puzzle(verdict) => {
            let _ = writeln!(out, "improper puzzle: {}", verdict.status().word());
            return;
        }
    };
    for (i, &cell) in cells.iter().enumerate() {
        let sep = if i == 0 { " " } else { ", " };
        let _ = write!(out, "{sep}{}", Cell(cell));
    }
    out.push(b'\n');
}

/// Writes an explained puzzle: `ER/EP/ED`, one line per step, and the
/// solution as one line.
fn write_explained(out: &mut Vec<u8>, explained: &Explained) {
    let _ = writeln!(out, "{}", explained.rating);
    for step in &explained.steps {
        write_step_wrapped(out, step);
    }
    out.extend_from_slice(&explained.solution.to_line());
    out.push(b'\n');
}

/// Writes a step's line and, for a chain, one line per branch under it.
fn write_step(out: &mut Vec<u8>, step: &Step) {
    let _ = writeln!(out, "{step}");
    if !step.chains.is_empty() {
        let mut text = String::new();
        step.write_chains(&mut text);
        out.extend_from_slice(text.as_bytes());
    }
}

/// Writes a step as [`write_step`] does, its lines cut at
/// [`wrap::WIDTH`] (`explain`'s text; `hint` keeps its lines whole).
fn write_step_wrapped(out: &mut Vec<u8>, step: &Step) {
    let mut lines = Vec::new();
    write_step(&mut lines, step);
    wrap::wrap_into(out, &lines);
}

/// Writes a hint at `level`: `4.2  XY-wing`; then with the pattern
/// (`4.2  XY-wing (pivot r5c5, pincers r5c1, r2c5)`); or the whole step.
fn write_hint(out: &mut Vec<u8>, step: &Step, level: HintLevel) {
    match level {
        HintLevel::Technique => {
            let _ = writeln!(out, "{}  {}", step.difficulty, step.technique.name());
        }
        HintLevel::Pattern => {
            let _ = writeln!(out, "{}  {}", step.difficulty, step.pattern_text());
        }
        HintLevel::Step => write_step(out, step),
    }
}

/// How much of its step a `hint` record shows (all of it elsewhere).
fn hint_level(request: Request) -> HintLevel {
    match request {
        Request::Hint { level, .. } => level,
        _ => HintLevel::Step,
    }
}

/// Writes `board` as the contract's boxed grid: nine rows, `|` between
/// stacks and a rule between bands. It reads back as the same board.
///
/// ```
/// use sudoku_engine::Board;
/// use sudoku_output::format::write_grid;
///
/// let mut out = Vec::new();
/// write_grid(&mut out, &Board::EMPTY);
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with(". . . | . . . | . . .\n"));
/// assert_eq!(text.lines().nth(3), Some("------+-------+------"));
/// assert_eq!(text.parse::<Board>().unwrap(), Board::EMPTY);
/// ```
pub fn write_grid(out: &mut Vec<u8>, board: &Board) {
    let line = board.to_line();
    for (row, cells) in line.chunks(9).enumerate() {
        if row == 3 || row == 6 {
            out.extend_from_slice(b"------+-------+------\n");
        }
        for (column, &cell) in cells.iter().enumerate() {
            match column {
                0 => {}
                3 | 6 => out.extend_from_slice(b" | "),
                _ => out.push(b' '),
            }
            out.push(cell);
        }
        out.push(b'\n');
    }
}

/// A text of records in order, with the shapes of its first and last record,
/// so that texts made apart join with the right blank line between them.
#[derive(Debug, Default)]
pub struct Text {
    /// The written records.
    pub bytes: Vec<u8>,
    /// How the first record looks, if there is one.
    pub first: Option<Printed>,
    /// How the last record looks, if there is one.
    pub last: Option<Printed>,
}

impl Text {
    /// Appends `record`, preceded by a blank line if the format wants one.
    pub fn push(&mut self, writer: &RecordWriter, record: &Record) {
        let printed = writer.printed(record);
        match self.last {
            Some(last) if writer.separated(last, printed) => self.bytes.push(b'\n'),
            Some(_) => {}
            None => self.first = Some(printed),
        }
        writer.write(&mut self.bytes, record);
        self.last = Some(printed);
    }

    /// Moves `later`'s records after these (with the blank line between
    /// them that the format wants), leaving `later` empty with its buffer
    /// kept.
    pub fn append(&mut self, writer: &RecordWriter, later: &mut Text) {
        if later.first.is_none() {
            return;
        }
        if later.separated_from(writer, self.last) {
            self.bytes.push(b'\n');
        }
        self.bytes.extend_from_slice(&later.bytes);
        self.first = self.first.or(later.first);
        self.last = later.last;
        later.clear();
    }

    /// Empties the text, keeping its buffer.
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.first = None;
        self.last = None;
    }

    /// Whether a blank line must stand between a text ending with a record
    /// printed as `before` and this one.
    pub fn separated_from(&self, writer: &RecordWriter, before: Option<Printed>) -> bool {
        match (before, self.first) {
            (Some(before), Some(first)) => writer.separated(before, first),
            _ => false,
        }
    }
}

/// Serializes 81 cells as a JSON string without allocating.
struct Cells([u8; 81]);

impl Serialize for Cells {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Board::to_line only yields ASCII digits and dots.
        let text = std::str::from_utf8(&self.0).unwrap_or_default();
        serializer.serialize_str(text)
    }
}

/// Serializes pencil marks as their 729-character JSON string.
struct Marks([u8; 729]);

impl Serialize for Marks {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Candidates::to_line only yields ASCII digits and dots.
        let text = std::str::from_utf8(&self.0).unwrap_or_default();
        serializer.serialize_str(text)
    }
}

/// A map as `{"transpose": bool, "rows": [...], "cols": [...], "digits":
/// "123456789"}`.
struct JsonTransform<'a>(&'a Transform);

impl Serialize for JsonTransform<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let map = self.0;
        let mut object = serializer.serialize_struct("Transform", 4)?;
        object.serialize_field("transpose", &map.transpose)?;
        object.serialize_field("rows", &map.rows)?;
        object.serialize_field("cols", &map.cols)?;
        object.serialize_field("digits", &map.digits_text())?;
        object.end()
    }
}

struct JsonConflicts<'a>(&'a [Conflict]);

impl Serialize for JsonConflicts<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for conflict in self.0 {
            seq.serialize_element(&JsonConflict(conflict))?;
        }
        seq.end()
    }
}

struct JsonConflict<'a>(&'a Conflict);

impl Serialize for JsonConflict<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let conflict = self.0;
        let mut object = serializer.serialize_struct("Conflict", 4)?;
        object.serialize_field("unit", conflict.unit.name())?;
        object.serialize_field("index", &conflict.index)?;
        object.serialize_field("digit", &conflict.digit)?;
        let cells: Vec<String> = conflict.cells.iter().map(ToString::to_string).collect();
        object.serialize_field("cells", &cells)?;
        object.end()
    }
}

/// A step as JSON: `{"rating": 1.2, "technique": ..., "text": ...,
/// "placed": [["r2c3", 7]], "eliminated": [["r5c7", 3]]}`, a chain step
/// with its `chains`; a hint below `step` level only what its text shows
/// (`rating` and `technique`; at `pattern` also `text`, the pattern's,
/// and for a chain `assume`, its assumptions).
struct JsonStep<'a>(&'a Step, HintLevel);

impl Serialize for JsonStep<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let JsonStep(step, level) = *self;
        let pairs = |list: &mut dyn Iterator<Item = &(u8, u8)>| -> Vec<(String, u8)> {
            list.map(|&(cell, digit)| (Cell(cell).to_string(), digit))
                .collect()
        };
        let mut object = serializer.serialize_map(None)?;
        object.serialize_entry("rating", &step.difficulty.value())?;
        object.serialize_entry("technique", step.technique.name())?;
        match level {
            HintLevel::Technique => {}
            HintLevel::Pattern => {
                object.serialize_entry("text", &step.pattern_text())?;
                if !step.chains.is_empty() {
                    let names: Vec<String> = step
                        .assumptions()
                        .into_iter()
                        .map(|a| StateName(a).to_string())
                        .collect();
                    object.serialize_entry("assume", &names)?;
                }
            }
            HintLevel::Step => {
                object.serialize_entry("text", &step.text())?;
                object.serialize_entry("placed", &pairs(&mut step.placed.iter()))?;
                object.serialize_entry("eliminated", &pairs(&mut step.eliminated.iter()))?;
                if !step.chains.is_empty() {
                    object.serialize_entry("chains", &JsonBranches(&step.chains))?;
                }
            }
        }
        object.end()
    }
}

/// Branches as JSON: `[{"assume": "r1c7=6", "implies": [{"state":
/// "r1c3<>6", "from": ["r1c7=6"], "rule": "row 1"}, ...]}]`; a `chain`
/// rule adds its own `chains`.
struct JsonBranches<'a>(&'a [Branch]);

impl Serialize for JsonBranches<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(JsonBranch))
    }
}

struct JsonBranch<'a>(&'a Branch);

impl Serialize for JsonBranch<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let branch = self.0;
        let mut object = serializer.serialize_struct("Branch", 2)?;
        object.serialize_field("assume", &StateName(branch.assume).to_string())?;
        let implies: Vec<JsonImplication> = branch
            .implies
            .iter()
            .map(|implication| JsonImplication(branch, implication))
            .collect();
        object.serialize_field("implies", &implies)?;
        object.end()
    }
}

struct JsonImplication<'a>(&'a Branch, &'a sudoku_engine::logic::Implication);

impl Serialize for JsonImplication<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let JsonImplication(branch, implication) = *self;
        let mut object = serializer.serialize_map(None)?;
        object.serialize_entry("state", &StateName(implication.state).to_string())?;
        let from: Vec<String> = implication
            .from
            .iter()
            .map(|&k| StateName(branch.state_at(k)).to_string())
            .collect();
        object.serialize_entry("from", &from)?;
        object.serialize_entry("rule", &implication.rule.name())?;
        if let Rule::Chain(nested) = &implication.rule {
            object.serialize_entry("chains", &JsonBranches(nested))?;
        }
        object.end()
    }
}

struct JsonSteps<'a>(&'a [Step]);

impl Serialize for JsonSteps<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|step| JsonStep(step, HintLevel::Step)))
    }
}

/// The scale every rating is on, as JSON's `scale` names it.
pub const SCALE: &str = "SE 1.15.10";

/// The JSON object of one record: the keys every record has, then those of
/// its kind of answer.
struct JsonRecord<'a> {
    record: &'a Record<'a>,
    request: Request,
}

impl Serialize for JsonRecord<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        match *self.record {
            Record::Answered {
                source,
                line,
                puzzle,
                candidates,
                answer,
                label,
                ..
            } => {
                map.serialize_entry("source", source)?;
                map.serialize_entry("line", &line)?;
                if let Some(label) = label {
                    // JSON holds text: bytes that are not UTF-8 become U+FFFD.
                    map.serialize_entry("label", &String::from_utf8_lossy(label))?;
                }
                map.serialize_entry("status", answer.status().word())?;
                map.serialize_entry("puzzle", &Cells(puzzle.to_line()))?;
                if let Some(marks) = candidates {
                    map.serialize_entry("candidates", &Marks(marks.to_line()))?;
                }
                answer_entries(&mut map, answer, self.request)?;
            }
            Record::Malformed(error) => {
                map.serialize_entry("source", &*error.input)?;
                map.serialize_entry("line", &error.start_line)?;
                map.serialize_entry("status", Status::Error.word())?;
                map.serialize_entry("error", &error.problem.to_string())?;
            }
            // Written by `variant::write_json` before reaching here.
            Record::Variant(_) => {}
        }
        map.end()
    }
}

/// The keys of one kind of answer.
fn answer_entries<M: SerializeMap>(
    map: &mut M,
    answer: &Answer,
    request: Request,
) -> Result<(), M::Error> {
    match answer {
        Answer::Solved(solution) => map.serialize_entry("solution", &Cells(solution.to_line()))?,
        Answer::Counted(count, _) => {
            map.serialize_entry("solutions", &count.solutions)?;
            map.serialize_entry("limit_reached", &count.limit_reached)?;
        }
        Answer::Rated(rating) => rating_entries(map, rating)?,
        Answer::Explained(explained) => {
            rating_entries(map, &explained.rating)?;
            map.serialize_entry("solution", &Cells(explained.solution.to_line()))?;
            map.serialize_entry("steps", &JsonSteps(&explained.steps))?;
        }
        Answer::Hint(hint) => {
            let level = hint_level(request);
            map.serialize_entry("step", &JsonStep(&hint.step, level))?;
            // The position after the step would give its result away.
            if level == HintLevel::Step {
                map.serialize_entry("after", &Marks(hint.after.to_line()))?;
            }
        }
        Answer::Erased(erased) => {
            let cells = erased.iter();
            let pairs: Vec<(String, u8)> = cells.map(|&(c, d)| (Cell(c).to_string(), d)).collect();
            map.serialize_entry("erased", &pairs)?;
        }
        Answer::Canonical(canon) => {
            match &canon.marks {
                Some(marks) => map.serialize_entry("canonical", &Marks(marks.to_line()))?,
                None => map.serialize_entry("canonical", &Cells(canon.canonical.form.to_line()))?,
            }
            map.serialize_entry("transform", &JsonTransform(&canon.canonical.transform))?;
            map.serialize_entry("automorphisms", &canon.canonical.automorphisms)?;
            let names: Vec<&str> = canon.symmetry.iter().map(|s| s.name()).collect();
            map.serialize_entry("symmetry", &names)?;
        }
        // Asked for without maps: the form is all there is to print.
        Answer::Form(form) => map.serialize_entry("canonical", &Cells(form.to_line()))?,
        Answer::Transformed(look) => {
            match &look.marks {
                Some(marks) => map.serialize_entry("transformed", &Marks(marks.to_line()))?,
                None => map.serialize_entry("transformed", &Cells(look.board.to_line()))?,
            }
            map.serialize_entry("transform", &JsonTransform(&look.transform))?;
            if let Some(seed) = look.seed {
                map.serialize_entry("seed", &seed)?;
            }
        }
        Answer::Mistaken(mistake, _) => {
            let names = |cells: &[u8]| -> Vec<String> {
                cells.iter().map(|&cell| Cell(cell).to_string()).collect()
            };
            match mistake {
                Mistake::Wrong(cells) => map.serialize_entry("wrong", &names(cells))?,
                Mistake::GivensNotKept(cells) => {
                    map.serialize_entry("givens_not_kept", &names(cells))?
                }
                Mistake::Puzzle(verdict) => {
                    map.serialize_entry("puzzle_status", verdict.status().word())?
                }
            }
        }
        Answer::Valid | Answer::Refused(_) | Answer::Full | Answer::Stuck => {}
    }
    // `validate` records always list conflicts; others only when invalid.
    if request.is_validate() || answer.status() == Status::Invalid {
        map.serialize_entry("conflicts", &JsonConflicts(answer.conflicts()))?;
    }
    Ok(())
}

/// `er`, `ep`, `ed`, `hardest` (`null` when no technique gave ER: stuck,
/// or nothing to do) and `scale`.
fn rating_entries<M: SerializeMap>(map: &mut M, rating: &Rating) -> Result<(), M::Error> {
    map.serialize_entry("er", &rating.er.value())?;
    map.serialize_entry("ep", &rating.ep.value())?;
    map.serialize_entry("ed", &rating.ed.value())?;
    map.serialize_entry("hardest", &rating.hardest.map(|t| t.name()))?;
    map.serialize_entry("scale", SCALE)
}

fn write_json(out: &mut Vec<u8>, record: &Record, request: Request) {
    // Serializing these plain values into a Vec cannot fail.
    let _ = serde_json::to_writer(out, &JsonRecord { record, request });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use sudoku_engine::reader::Problem;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    fn render(format: Format, request: Request, records: &[Record]) -> String {
        let writer = RecordWriter::new(format, request);
        let mut text = Text::default();
        for record in records {
            text.push(&writer, record);
        }
        String::from_utf8(text.bytes).unwrap()
    }

    fn malformed() -> Malformed {
        Malformed {
            input: Arc::from("x.txt"),
            start_line: 10,
            line: 12,
            column: Some(7),
            problem: Problem::UnexpectedByte(b'x'),
        }
    }

    const SOLVE: Request = Request::Solve { unique: false };

    #[test]
    fn grid_layout_matches_the_contract() {
        let mut out = Vec::new();
        write_grid(&mut out, &board(SOLVED));
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "5 3 4 | 6 7 8 | 9 1 2");
        assert_eq!(lines[2], "1 9 8 | 3 4 2 | 5 6 7");
        assert_eq!(lines[3], "------+-------+------");
        assert_eq!(lines[7], "------+-------+------");
        assert_eq!(text.parse::<Board>().unwrap(), board(SOLVED));
    }

    #[test]
    fn auto_keeps_shapes_and_separates_grids_only() {
        let puzzle = board(PUZZLE);
        let solved = SOLVE.answer(&puzzle);
        let unsolved = Request::Solve { unique: true }.answer(&Board::EMPTY);
        let error = malformed();
        let answered = |shape, answer| Record::Answered {
            source: "s",
            line: 1,
            shape,
            puzzle: &puzzle,
            candidates: None,
            answer,
            label: None,
        };
        let records = [
            answered(Shape::Line, &solved),
            answered(Shape::Line, &unsolved),
            answered(Shape::Grid, &solved),
            Record::Malformed(&error),
            answered(Shape::Line, &solved),
        ];
        let text = render(Format::Auto, SOLVE, &records);
        let mut grid = Vec::new();
        write_grid(&mut grid, &board(SOLVED));
        let expected = format!(
            "{SOLVED}\nmultiple\n\n{}\nerror\n{SOLVED}\n",
            String::from_utf8(grid).unwrap()
        );
        assert_eq!(text, expected);

        let lines = render(Format::Line, SOLVE, &records);
        assert_eq!(
            lines,
            format!("{SOLVED}\nmultiple\n{SOLVED}\nerror\n{SOLVED}\n")
        );

        let grids = render(Format::Grid, SOLVE, &records[..2]);
        assert!(grids.ends_with("1 7 9\n\nmultiple\n"), "{grids}");
        assert!(!grids.starts_with('\n'));
    }

    #[test]
    fn validate_records_list_conflicts_and_solve_records_do_not() {
        let puzzle = board(&format!("5..5{}", ".".repeat(77)));
        let validate = Request::Validate {
            complete: false,
            unique: false,
        };
        let answer = validate.answer(&puzzle);
        let record = Record::Answered {
            source: "s",
            line: 1,
            shape: Shape::Line,
            puzzle: &puzzle,
            candidates: None,
            answer: &answer,
            label: None,
        };
        assert_eq!(
            render(Format::Auto, validate, &[record]),
            "invalid: 5 twice in row 1 (r1c1, r1c4)\n"
        );
        let answer = SOLVE.answer(&puzzle);
        let record = Record::Answered {
            source: "s",
            line: 1,
            shape: Shape::Line,
            puzzle: &puzzle,
            candidates: None,
            answer: &answer,
            label: None,
        };
        assert_eq!(render(Format::Auto, SOLVE, &[record]), "invalid\n");
    }

    #[test]
    fn counts_print_a_plus_at_the_limit() {
        let request = Request::Count { limit: 3 };
        let empty = request.answer(&Board::EMPTY);
        let puzzle = board(PUZZLE);
        let one = request.answer(&puzzle);
        let records = [
            Record::Answered {
                source: "s",
                line: 1,
                shape: Shape::Grid,
                puzzle: &Board::EMPTY,
                candidates: None,
                answer: &empty,
                label: None,
            },
            Record::Answered {
                source: "s",
                line: 2,
                shape: Shape::Grid,
                puzzle: &puzzle,
                candidates: None,
                answer: &one,
                label: None,
            },
        ];
        assert_eq!(render(Format::Auto, request, &records), "3+\n1\n");
    }

    fn json(request: Request, record: &Record) -> serde_json::Value {
        let text = render(Format::Json, request, &[*record]);
        assert_eq!(text.lines().count(), 1);
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn json_keys_for_a_solved_board() {
        let puzzle = board(PUZZLE);
        let answer = SOLVE.answer(&puzzle);
        let value = json(
            SOLVE,
            &Record::Answered {
                source: "p.txt",
                line: 4,
                shape: Shape::Grid,
                puzzle: &puzzle,
                candidates: None,
                answer: &answer,
                label: None,
            },
        );
        assert_eq!(
            value,
            serde_json::json!({
                "source": "p.txt", "line": 4, "status": "solved",
                "puzzle": PUZZLE, "solution": SOLVED
            })
        );
    }

    #[test]
    fn json_keys_for_counts_conflicts_and_errors() {
        let puzzle = board(&format!("5..5{}", ".".repeat(77)));
        let request = Request::Count { limit: 10 };
        let answer = request.answer(&puzzle);
        let record = Record::Answered {
            source: "s",
            line: 1,
            shape: Shape::Line,
            puzzle: &puzzle,
            candidates: None,
            answer: &answer,
            label: None,
        };
        assert_eq!(
            json(request, &record),
            serde_json::json!({
                "source": "s", "line": 1, "status": "invalid", "puzzle": puzzle.to_string(),
                "solutions": 0, "limit_reached": false,
                "conflicts": [{"unit": "row", "index": 1, "digit": 5, "cells": ["r1c1", "r1c4"]}]
            })
        );

        let validate = Request::Validate {
            complete: false,
            unique: false,
        };
        let valid = validate.answer(&Board::EMPTY);
        let record = Record::Answered {
            source: "s",
            line: 1,
            shape: Shape::Line,
            puzzle: &Board::EMPTY,
            candidates: None,
            answer: &valid,
            label: None,
        };
        let value = json(validate, &record);
        assert_eq!(value["status"], "valid");
        assert_eq!(value["conflicts"], serde_json::json!([]));

        let error = malformed();
        assert_eq!(
            json(SOLVE, &Record::Malformed(&error)),
            serde_json::json!({
                "source": "x.txt", "line": 10, "status": "error",
                "error": "unexpected character 'x'"
            })
        );
    }

    #[test]
    fn marks_print_as_729_cells_and_in_json() {
        let puzzle = board(PUZZLE);
        let mut masks = *Candidates::from_board(&puzzle).masks();
        masks[2] = 0b1010;
        let marks = Candidates::new(masks).unwrap();
        let answer = SOLVE.answer_marked(&puzzle, Some(&marks));
        let record = Record::Answered {
            source: "s",
            line: 3,
            shape: Shape::Line,
            puzzle: &puzzle,
            candidates: Some(&marks),
            answer: &answer,
            label: None,
        };
        let value = json(SOLVE, &record);
        assert_eq!(value["puzzle"], PUZZLE);
        assert_eq!(value["candidates"], marks.to_string());
        assert_eq!(value["solution"], SOLVED);

        let text = render(Format::Candidates, SOLVE, &[record, record]);
        let solved = Candidates::from_board(&board(SOLVED)).to_string();
        assert_eq!(text, format!("{solved}\n{solved}\n"));
        let back: Candidates = text.lines().next().unwrap().parse().unwrap();
        assert_eq!(back.board(), board(SOLVED));

        // Records that are not boards stay words; plain boards have no key.
        let multiple = Request::Solve { unique: true }.answer(&Board::EMPTY);
        let record = Record::Answered {
            source: "s",
            line: 1,
            shape: Shape::Grid,
            puzzle: &Board::EMPTY,
            candidates: None,
            answer: &multiple,
            label: None,
        };
        assert_eq!(render(Format::Candidates, SOLVE, &[record]), "multiple\n");
        assert!(json(SOLVE, &record).get("candidates").is_none());
    }

    #[test]
    fn texts_join_with_the_right_separator() {
        let writer = RecordWriter::new(Format::Auto, SOLVE);
        let text = Text {
            bytes: Vec::new(),
            first: Some(Printed::Line),
            last: Some(Printed::Line),
        };
        assert!(!text.separated_from(&writer, None));
        assert!(!text.separated_from(&writer, Some(Printed::Line)));
        assert!(text.separated_from(&writer, Some(Printed::Grid)));
        assert!(!Text::default().separated_from(&writer, Some(Printed::Grid)));
    }
}
