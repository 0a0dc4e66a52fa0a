//! Records of boards of other sizes and of variant puzzles, in `line`,
//! `grid` and JSON: the board in the input's symbols (numbers when it was
//! written as numbers), `size` and `box`, the rules and the conflicts
//! named by rule.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use sudoku_engine::answer::Status;
use sudoku_engine::reader::Symbols;
use sudoku_engine::variant::answer::Answer;
use sudoku_engine::variant::{Conflict, Puzzle};
use sudoku_engine::Shape;

/// What an f-puzzles puzzle says of itself besides its rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct About {
    /// Its title, if it has one.
    pub title: Option<String>,
    /// Its author, if named.
    pub author: Option<String>,
    /// The cosmetic elements present (`line`, `circle`, ...), not read.
    pub ignored: Vec<String>,
}

/// A variant board answered: what a record of it prints.
#[derive(Clone, Copy, Debug)]
pub struct VariantRecord<'a> {
    /// The input's name.
    pub source: &'a str,
    /// The line the board starts on.
    pub line: u64,
    /// The shape the board was read in.
    pub shape: Shape,
    /// The puzzle: layout, givens, rules.
    pub puzzle: &'a Puzzle,
    /// The symbols to write its digits with.
    pub symbols: &'a Symbols,
    /// Whether its cells were written as numbers (`10 11 . 3`).
    pub numbers: bool,
    /// The answer.
    pub answer: &'a Answer,
    /// Title, author and ignored elements of f-puzzles data.
    pub about: Option<&'a About>,
}

impl VariantRecord<'_> {
    /// The board the record prints: the solution, when there is one.
    pub fn board(&self) -> Option<&[u8]> {
        self.answer.solution.as_deref()
    }

    /// `cells` as one line: N² symbols, or numbers parted by spaces.
    pub fn line_of(&self, cells: &[u8]) -> String {
        if self.numbers {
            let words: Vec<String> = cells.iter().map(|&v| self.number(v)).collect();
            words.join(" ")
        } else {
            cells
                .iter()
                .map(|&v| char::from(self.symbols.symbol(v)))
                .collect()
        }
    }

    /// `cells` as N² symbols, whatever the input's form: JSON's `puzzle`
    /// and `solution` (a board read as numbers gets the letters of the
    /// default symbols for 10-25).
    pub fn symbols_of(&self, cells: &[u8]) -> String {
        cells
            .iter()
            .map(|&v| char::from(self.symbols.symbol(v)))
            .collect()
    }

    /// One cell as a number, `.` when empty.
    fn number(&self, value: u8) -> String {
        if value == 0 {
            ".".to_owned()
        } else {
            value.to_string()
        }
    }

    /// Writes `cells` as a grid: N rows, ` | ` between boxes and a rule of
    /// `-` and `+` between bands (none for jigsaw regions), so that it
    /// reads back as the same board.
    pub fn write_grid(&self, out: &mut Vec<u8>, cells: &[u8]) {
        let layout = self.puzzle.layout();
        let size = layout.size();
        let shape = layout.box_shape();
        let width = if self.numbers && size > 9 { 2 } else { 1 };
        let mut rule = None;
        for (row, values) in cells.chunks(size).enumerate() {
            let mut text = String::new();
            for (column, &value) in values.iter().enumerate() {
                if column > 0 {
                    match shape {
                        Some((_, c)) if column % c == 0 => text.push_str(" | "),
                        _ => text.push(' '),
                    }
                }
                let cell = if self.numbers {
                    self.number(value)
                } else {
                    char::from(self.symbols.symbol(value)).to_string()
                };
                text.push_str(&format!("{cell:>width$}"));
            }
            if let Some((r, _)) = shape {
                if row > 0 && row % r == 0 {
                    let line = rule.get_or_insert_with(|| {
                        text.chars()
                            .map(|c| if c == '|' { '+' } else { '-' })
                            .collect::<String>()
                    });
                    out.extend_from_slice(line.as_bytes());
                    out.push(b'\n');
                }
            }
            out.extend_from_slice(text.trim_end().as_bytes());
            out.push(b'\n');
        }
    }

    /// Writes a record that is not a board: a word, a count, or (when
    /// `lists` conflicts, as `validate` does) `invalid: ` and them.
    pub fn write_text(&self, out: &mut Vec<u8>, lists: bool) {
        let answer = self.answer;
        if let Some((count, reached)) = answer.count {
            let plus = if reached { "+" } else { "" };
            out.extend_from_slice(format!("{count}{plus}\n").as_bytes());
            return;
        }
        out.extend_from_slice(answer.status.word().as_bytes());
        if answer.status == Status::Invalid && !answer.conflicts.is_empty() && lists {
            out.push(b':');
            for (i, conflict) in answer.conflicts.iter().enumerate() {
                out.extend_from_slice(if i == 0 { b" " } else { b"; " });
                out.extend_from_slice(conflict.text.as_bytes());
            }
        }
        out.push(b'\n');
    }
}

/// Writes `record` as one JSON object (no line end).
pub fn write_json(out: &mut Vec<u8>, record: &VariantRecord, validate: bool) {
    // Serializing these plain values into a Vec cannot fail.
    let _ = serde_json::to_writer(out, &Json { record, validate });
}

struct Json<'a> {
    record: &'a VariantRecord<'a>,
    validate: bool,
}

impl Serialize for Json<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let record = self.record;
        let answer = record.answer;
        let puzzle = record.puzzle;
        let layout = puzzle.layout();
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("source", record.source)?;
        map.serialize_entry("line", &record.line)?;
        map.serialize_entry("status", answer.status.word())?;
        map.serialize_entry("puzzle", &record.symbols_of(puzzle.givens()))?;
        if !layout.is_classic() {
            map.serialize_entry("size", &layout.size())?;
            if let Some((r, c)) = layout.box_shape() {
                map.serialize_entry("box", &[r, c])?;
            }
        }
        let rules = puzzle.rule_names();
        if !rules.is_empty() {
            map.serialize_entry("rules", &rules)?;
        }
        if let Some(about) = record.about {
            if let Some(title) = &about.title {
                map.serialize_entry("title", title)?;
            }
            if let Some(author) = &about.author {
                map.serialize_entry("author", author)?;
            }
            if !about.ignored.is_empty() {
                map.serialize_entry("ignored", &about.ignored)?;
            }
        }
        if let Some(solution) = &answer.solution {
            map.serialize_entry("solution", &record.symbols_of(solution))?;
        }
        if let Some((count, reached)) = answer.count {
            map.serialize_entry("solutions", &count)?;
            map.serialize_entry("limit_reached", &reached)?;
        }
        if self.validate || answer.status == Status::Invalid {
            let conflicts: Vec<JsonConflict> = answer
                .conflicts
                .iter()
                .map(|conflict| JsonConflict { conflict, puzzle })
                .collect();
            map.serialize_entry("conflicts", &conflicts)?;
        }
        map.end()
    }
}

struct JsonConflict<'a> {
    conflict: &'a Conflict,
    puzzle: &'a Puzzle,
}

impl Serialize for JsonConflict<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let conflict = self.conflict;
        let layout = self.puzzle.layout();
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("rule", conflict.rule)?;
        if matches!(conflict.rule, "row" | "column" | "box") {
            map.serialize_entry("unit", conflict.rule)?;
        }
        if let Some(index) = conflict.index {
            map.serialize_entry("index", &index)?;
        }
        if let Some(digit) = conflict.digit {
            map.serialize_entry("digit", &digit)?;
        }
        let cells: Vec<String> = conflict
            .cells
            .iter()
            .map(|&c| layout.name(c).to_string())
            .collect();
        map.serialize_entry("cells", &cells)?;
        map.serialize_entry("text", &conflict.text)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::answer::Request;
    use sudoku_engine::variant::{answer, Layout};

    fn six() -> Puzzle {
        let cells = "1.3...4.......2.......5.......6...1."
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        Puzzle::new(Layout::standard(6).unwrap(), cells, vec![]).unwrap()
    }

    fn record<'a>(
        puzzle: &'a Puzzle,
        answer: &'a Answer,
        symbols: &'a Symbols,
    ) -> VariantRecord<'a> {
        VariantRecord {
            source: "s",
            line: 3,
            shape: Shape::Grid,
            puzzle,
            symbols,
            numbers: false,
            answer,
            about: None,
        }
    }

    #[test]
    fn a_six_by_six_grid_has_its_box_lines_and_reads_back() {
        let puzzle = six();
        let answer = answer::answer(&Request::Solve { unique: false }, &puzzle).unwrap();
        let symbols = Symbols::default();
        let record = record(&puzzle, &answer, &symbols);
        let mut out = Vec::new();
        record.write_grid(&mut out, record.board().unwrap());
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 8, "{text}");
        assert_eq!(lines[2], "------+------");
        assert!(
            lines[0].starts_with("1 ") && lines[0].contains(" | "),
            "{text}"
        );
        let back: String = text.chars().filter(|c| c.is_ascii_digit()).collect();
        assert_eq!(back, record.line_of(record.board().unwrap()));
    }

    #[test]
    fn json_carries_size_box_and_named_conflicts() {
        let cells = vec![1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        let puzzle = Puzzle::new(Layout::standard(4).unwrap(), cells, vec![]).unwrap();
        let answer = answer::answer(
            &Request::Validate {
                complete: false,
                unique: false,
            },
            &puzzle,
        )
        .unwrap();
        let symbols = Symbols::default();
        let record = record(&puzzle, &answer, &symbols);
        let mut out = Vec::new();
        write_json(&mut out, &record, true);
        let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(json["size"], 4);
        assert_eq!(json["box"], serde_json::json!([2, 2]));
        assert_eq!(json["puzzle"], "11..............");
        assert_eq!(json["conflicts"][0]["rule"], "row");
        assert_eq!(
            json["conflicts"][0]["cells"],
            serde_json::json!(["r1c1", "r1c2"])
        );
        let mut text = Vec::new();
        record.write_text(&mut text, true);
        assert!(String::from_utf8(text)
            .unwrap()
            .starts_with("invalid: 1 twice in row 1 (r1c1, r1c2)"));
    }
}
