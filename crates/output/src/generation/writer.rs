//! Writing generated puzzles as records: a line, a grid, or a JSON object
//! with the keys the contract names.

use crate::format::{write_grid, Format, SCALE};

use sudoku_engine::generate::Puzzle;

/// Writes generated puzzles in one format; records are numbered from 1.
#[derive(Clone, Copy, Debug)]
pub struct GeneratedWriter {
    format: Format,
}

/// The JSON object of one generated puzzle.
#[derive(serde::Serialize)]
struct JsonGenerated<'a> {
    source: &'static str,
    line: u64,
    status: &'static str,
    puzzle: &'a str,
    solution: &'a str,
    givens: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    er: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ep: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ed: Option<f64>,
    /// The technique that gave ER, with the rating (`null`: none did).
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<Option<&'static str>>,
    /// The scale of the rating, with it.
    #[serde(skip_serializing_if = "Option::is_none")]
    scale: Option<&'static str>,
    seed: u64,
}

impl GeneratedWriter {
    /// A writer in `format` (`auto` writes lines, as `line` does).
    pub fn new(format: Format) -> GeneratedWriter {
        GeneratedWriter { format }
    }

    /// What the output starts with: the page's head for `html`.
    pub fn begin(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if self.format == Format::Html {
            crate::render::html::begin(&mut out, "sudoku generate");
        }
        out
    }

    /// What the output ends with: the page's footer for `html`.
    pub fn end(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if self.format == Format::Html {
            crate::render::html::end(&mut out);
        }
        out
    }

    /// Appends record `number` (from 1), ending with a newline; in `grid`
    /// format a blank line goes before every record but the first.
    pub fn write(&self, out: &mut Vec<u8>, number: u64, made: &Puzzle) {
        match self.format {
            Format::Auto | Format::Line => {
                out.extend_from_slice(&made.puzzle.to_line());
                out.push(b'\n');
            }
            Format::Candidates => {
                let marks = sudoku_engine::candidates::Candidates::from_board(&made.puzzle);
                out.extend_from_slice(&marks.to_line());
                out.push(b'\n');
            }
            Format::Grid => {
                if number > 1 {
                    out.push(b'\n');
                }
                write_grid(out, &made.puzzle);
            }
            Format::Html => crate::format::page::write_generated(
                out,
                number,
                &made.puzzle,
                &made.solution,
                made.rating,
            ),
            Format::Json => {
                let (puzzle, solution) = (made.puzzle.to_line(), made.solution.to_line());
                let json = JsonGenerated {
                    source: "generate",
                    line: number,
                    status: "generated",
                    // to_line only yields ASCII digits and dots.
                    puzzle: std::str::from_utf8(&puzzle).unwrap_or_default(),
                    solution: std::str::from_utf8(&solution).unwrap_or_default(),
                    givens: made.givens(),
                    er: made.rating.map(|r| r.er.value()),
                    ep: made.rating.map(|r| r.ep.value()),
                    ed: made.rating.map(|r| r.ed.value()),
                    hardest: made.rating.map(|r| r.hardest.map(|t| t.name())),
                    scale: made.rating.map(|_| SCALE),
                    seed: made.seed,
                };
                // Serializing plain fields into a Vec cannot fail.
                let _ = serde_json::to_writer(&mut *out, &json);
                out.push(b'\n');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::board::Board;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn made() -> Puzzle {
        Puzzle {
            puzzle: PUZZLE.parse::<Board>().unwrap(),
            solution: SOLVED.parse::<Board>().unwrap(),
            seed: u64::MAX,
            rating: None,
        }
    }

    fn written(format: Format) -> String {
        let writer = GeneratedWriter::new(format);
        let mut out = Vec::new();
        writer.write(&mut out, 1, &made());
        writer.write(&mut out, 2, &made());
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn lines_and_grids() {
        assert_eq!(written(Format::Line), format!("{PUZZLE}\n{PUZZLE}\n"));
        assert_eq!(written(Format::Auto), written(Format::Line));
        let mut grid = Vec::new();
        write_grid(&mut grid, &made().puzzle);
        let grid = String::from_utf8(grid).unwrap();
        assert_eq!(written(Format::Grid), format!("{grid}\n{grid}"));
    }

    #[test]
    fn json_has_the_contract_keys() {
        let text = written(Format::Json);
        let second: serde_json::Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
        assert_eq!(
            second,
            serde_json::json!({
                "source": "generate", "line": 2, "status": "generated",
                "puzzle": PUZZLE, "solution": SOLVED, "givens": 30, "seed": u64::MAX
            })
        );
    }
}
