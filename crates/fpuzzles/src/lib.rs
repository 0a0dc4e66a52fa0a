//! Reads f-puzzles data, the format setters' tools exchange (f-puzzles,
//! SudokuPad), into the engine's variant puzzle: a [`Layout`], the givens
//! and the [`Rule`]s.
//!
//! One line is one puzzle: an f-puzzles link
//! (`https://f-puzzles.com/?load=PAYLOAD`), a SudokuPad link carrying
//! f-puzzles data (`https://sudokupad.app/fpuzPAYLOAD`, `.../fpuzzlesPAYLOAD`,
//! also on `app.crackingthecryptic.com` and sudocle's `?puzzleid=fpuzzles`),
//! percent-encoded or not, the bare PAYLOAD (lz-string `compressToBase64` of
//! the JSON), or the JSON object itself.
//!
//! Every rule element is read or refused ([`FpuzzlesError::Unsupported`]):
//! none is dropped. Cosmetic elements (`line`, `circle`, `rectangle`,
//! `text`, `cage`) carry no rule; the ones present are listed in
//! [`FPuzzle::ignored`].

mod json;
mod link;

use sudoku_engine::variant::{LayoutError, Puzzle, PuzzleError, Rule};

pub use sudoku_engine::variant::Layout;

/// A puzzle read from f-puzzles data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FPuzzle {
    /// The board's size and regions (boxes, or the `region`s of the grid).
    pub layout: Layout,
    /// The clues in reading order, 0 for an empty cell: the cells with
    /// `"given": true` and a value.
    pub givens: Vec<u8>,
    /// Every rule element: the grid's cell marks (`parity`) first, then
    /// each rule key's elements, keys in sorted order, `negative` last.
    pub rules: Vec<Rule>,
    /// The `title`, when the data has a non-empty one.
    pub title: Option<String>,
    /// The `author`, when the data has a non-empty one.
    pub author: Option<String>,
    /// The cosmetic element keys present (`line`, `circle`, `rectangle`,
    /// `text`, `cage`), sorted: their elements carry no rule the data can
    /// state, though the puzzle's `ruleset` text may give them one.
    /// Elements that f-puzzles drew for a rule that the data also holds
    /// (`fromConstraint` naming a key present) are not counted.
    pub ignored: Vec<String>,
}

impl FPuzzle {
    /// The engine's puzzle of this layout, these givens and rules, checked
    /// by [`Puzzle::new`] (a rule may not suit the layout: disjoint groups
    /// on a jigsaw, say).
    pub fn into_puzzle(self) -> Result<Puzzle, PuzzleError> {
        Puzzle::new(self.layout, self.givens, self.rules)
    }
}

/// Why a line could not be read as f-puzzles data.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FpuzzlesError {
    /// The payload is not lz-string base64 that decompresses to text.
    #[error("the payload does not decompress (not lz-string base64 of f-puzzles data)")]
    Payload,
    /// The text is not JSON, or not a JSON object.
    #[error("the f-puzzles JSON does not parse: {0}")]
    Json(String),
    /// `size` is missing or not a size from 4 to 25.
    #[error("the f-puzzles size {0}")]
    Size(String),
    /// The grid is not `size` rows of `size` cells, or one of its cells
    /// holds something that cannot be read (a digit out of range, a bad
    /// region).
    #[error("the f-puzzles grid: {0}")]
    Grid(String),
    /// The regions do not make `size` regions of `size` cells.
    #[error("the f-puzzles regions: {0}")]
    Regions(LayoutError),
    /// A rule names a cell that is not on the board.
    #[error("{rule}: cell \"{cell}\" is not on the {size}x{size} board")]
    Cell {
        /// The rule's key (`killercage`, ...).
        rule: String,
        /// The cell as written.
        cell: String,
        /// The board's size.
        size: usize,
    },
    /// A rule element of the wrong shape: what is wrong with it.
    #[error("{rule}: {problem}")]
    Rule {
        /// The rule's key (`killercage`, ...).
        rule: String,
        /// What is wrong.
        problem: String,
    },
    /// A rule element this program cannot check.
    #[error("unsupported f-puzzles rule \"{0}\"")]
    Unsupported(String),
}

/// Whether a line (surrounding whitespace allowed) looks like f-puzzles
/// data: an f-puzzles link, a SudokuPad or sudocle link carrying f-puzzles
/// data, a bare payload (starting `N4Ig`), or a JSON object (`{...`). A
/// cheap test of the form only: [`parse`] may still refuse the line.
pub fn looks_like_fpuzzles(line: &[u8]) -> bool {
    match link::source(line) {
        Some(link::Source::Json(_)) => true,
        Some(link::Source::Payload(payload)) => payload
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+/=-$% ".contains(&b)),
        None => false,
    }
}

/// Reads one line of f-puzzles data: a link (percent-encoded or not), a
/// bare payload, or one-line JSON. A line of no form [`looks_like_fpuzzles`]
/// knows is tried as a bare payload.
pub fn parse(line: &[u8]) -> Result<FPuzzle, FpuzzlesError> {
    let payload = match link::source(line) {
        Some(link::Source::Json(text)) => return json::read(text),
        Some(link::Source::Payload(payload)) => payload,
        None => std::str::from_utf8(line.trim_ascii()).map_err(|_| FpuzzlesError::Payload)?,
    };
    json::read(link::decompress(payload)?.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::variant::PairKind;

    /// A `size`x`size` f-puzzles JSON object with empty cells and the
    /// given extra members (`"key": value, ...`).
    fn json(size: usize, extra: &str) -> String {
        let row = vec!["{}"; size].join(",");
        let grid = vec![format!("[{row}]"); size].join(",");
        let extra = if extra.is_empty() {
            String::new()
        } else {
            format!(",{extra}")
        };
        format!("{{\"size\":{size},\"grid\":[{grid}]{extra}}}")
    }

    fn read(text: &str) -> Result<FPuzzle, FpuzzlesError> {
        parse(text.as_bytes())
    }

    /// The rules of a 9x9 puzzle with `extra` members.
    fn rules9(extra: &str) -> Vec<Rule> {
        read(&json(9, extra)).unwrap().rules
    }

    fn error9(extra: &str) -> String {
        read(&json(9, extra)).unwrap_err().to_string()
    }

    /// Cell index from 1-based row and column on 9x9.
    fn c9(row: u16, column: u16) -> u16 {
        (row - 1) * 9 + column - 1
    }

    #[test]
    fn every_link_form_reads_the_same_puzzle() {
        let text = json(4, "\"title\":\"T\",\"antiking\":true");
        let want = read(&text).unwrap();
        let payload = lz_str::compress_to_base64(&text);
        assert!(payload.starts_with("N4Ig"));
        let encoded = payload
            .replace('+', "%2B")
            .replace('/', "%2F")
            .replace('=', "%3D");
        let lines = [
            format!("https://f-puzzles.com/?load={payload}"),
            format!("https://www.f-puzzles.com/?load={payload}"),
            format!("http://f-puzzles.com/?load={encoded}"),
            format!("https://f-puzzles.com/?load={payload}&x=1"),
            format!("https://sudokupad.app/fpuz{payload}"),
            format!("https://sudokupad.app/fpuzzles{encoded}#top"),
            format!("https://sudokupad.app/fpuz{payload}?setting-nogrid=1"),
            format!("https://app.crackingthecryptic.com/fpuzzles{payload}"),
            format!("https://michelkraemer.com/sudocle/?puzzleid=fpuzzles{encoded}"),
            payload.clone(),
            format!("  {payload}\r"),
            text.clone(),
            lz_str::compress_to_encoded_uri_component(&text),
        ];
        for line in &lines {
            assert_eq!(read(line).as_ref(), Ok(&want), "{line}");
        }
        for line in &lines[..lines.len() - 1] {
            assert!(looks_like_fpuzzles(line.as_bytes()), "{line}");
        }
        assert_eq!(want.title.as_deref(), Some("T"));
        assert_eq!(want.rules, [Rule::AntiKing]);
    }

    #[test]
    fn other_lines_do_not_look_like_fpuzzles() {
        for line in [
            "",
            "   ",
            "4.3.....2.......1.5....8..7..6..4..3..8.4..6.....9..1.......3..5..1..2..7...6..4.",
            "https://example.com/",
            "https://f-puzzles.com/?load=",
            "https://sudokupad.app/ctc/abcdef",
            "N4Ig bad!",
        ] {
            assert!(!looks_like_fpuzzles(line.as_bytes()), "{line:?}");
        }
    }

    #[test]
    fn bad_payloads_do_not_decompress() {
        let want = "the payload does not decompress (not lz-string base64 of f-puzzles data)";
        for line in [
            "N4Ig!!!!",
            "https://f-puzzles.com/?load=N4Ig%ZZ",
            "https://sudokupad.app/fpuzN4Ig*",
            "hello",
            "",
        ] {
            assert_eq!(read(line).unwrap_err().to_string(), want, "{line}");
        }
        assert_eq!(parse(b"\xff\xfe"), Err(FpuzzlesError::Payload));
        // Decompresses, but not to JSON.
        let payload = lz_str::compress_to_base64("not json");
        assert!(matches!(read(&payload), Err(FpuzzlesError::Json(_))));
    }

    #[test]
    fn bad_json_is_named() {
        let error = read("{\"size\": 9,").unwrap_err();
        assert!(matches!(error, FpuzzlesError::Json(_)));
        assert!(
            error
                .to_string()
                .starts_with("the f-puzzles JSON does not parse: EOF while parsing"),
            "{error}"
        );
        let payload = lz_str::compress_to_base64("[1, 2]");
        assert_eq!(
            read(&payload).unwrap_err().to_string(),
            "the f-puzzles JSON does not parse: the data is not a JSON object"
        );
    }

    #[test]
    fn size_and_grid_shape() {
        assert_eq!(
            read("{\"grid\": []}").unwrap_err().to_string(),
            "the f-puzzles size is missing"
        );
        assert_eq!(
            read(&json(9, "").replace("\"size\":9", "\"size\":30"))
                .unwrap_err()
                .to_string(),
            "the f-puzzles size 30 is not a size from 4 to 25"
        );
        assert_eq!(
            read("{\"size\": 4}").unwrap_err().to_string(),
            "the f-puzzles grid: is missing"
        );
        assert_eq!(
            read(&json(4, "").replace("\"size\":4", "\"size\":6"))
                .unwrap_err()
                .to_string(),
            "the f-puzzles grid: 4 rows, not 6"
        );
        assert_eq!(
            read(&json(4, "").replacen("{},", "", 1))
                .unwrap_err()
                .to_string(),
            "the f-puzzles grid: row 1 has 3 cells, not 4"
        );
        assert_eq!(
            read(r#"{"size":4,"grid":[[{}],[{}],[{}],[{}]]}"#)
                .unwrap_err()
                .to_string(),
            "the f-puzzles grid: row 1 has 1 cell, not 4"
        );
        assert_eq!(
            read(r#"{"size":4,"grid":[[{},{},{},{}]]}"#)
                .unwrap_err()
                .to_string(),
            "the f-puzzles grid: 1 row, not 4"
        );
    }

    #[test]
    fn givens_are_the_given_values() {
        let text = json(4, "\"title\":\"Small\",\"author\":\"\"")
            .replacen("{}", "{\"value\":3,\"given\":true,\"c\":\"#FFF\"}", 1)
            .replacen("{}", "{\"value\":2}", 1)
            .replacen("{}", "{\"value\":4,\"given\":false}", 1)
            .replacen("{}", "{\"given\":true,\"centerPencilMarks\":[1,2]}", 1)
            .replacen("{}", "{\"value\":1,\"given\":true}", 1);
        let puzzle = read(&text).unwrap();
        let mut want = vec![0u8; 16];
        want[0] = 3;
        want[4] = 1;
        assert_eq!(puzzle.givens, want);
        assert_eq!(puzzle.title.as_deref(), Some("Small"));
        assert_eq!(puzzle.author, None);
        assert!(puzzle.rules.is_empty() && puzzle.ignored.is_empty());
        assert_eq!(puzzle.layout.box_shape(), Some((2, 2)));
        let bad = json(4, "").replacen("{}", "{\"value\":5,\"given\":true}", 1);
        assert_eq!(
            read(&bad).unwrap_err().to_string(),
            "the f-puzzles grid: R1C1 holds 5, not a digit from 1 to 4"
        );
    }

    #[test]
    fn regions_make_a_jigsaw() {
        // 4x4: r2c2 (box 0) and r2c3 (box 1) trade regions.
        let cells: Vec<String> = (0..16)
            .map(|i| match i {
                5 => "{\"region\":1}".to_string(),
                6 => "{\"region\":0}".to_string(),
                _ => "{}".to_string(),
            })
            .collect();
        let rows: Vec<String> = cells
            .chunks(4)
            .map(|r| format!("[{}]", r.join(",")))
            .collect();
        let text = format!("{{\"size\":4,\"grid\":[{}]}}", rows.join(","));
        let layout = read(&text).unwrap().layout;
        assert_eq!(layout.box_shape(), None);
        assert_eq!(
            layout.regions(),
            [0, 0, 1, 1, 0, 1, 0, 1, 2, 2, 3, 3, 2, 2, 3, 3]
        );
        // Regions that are the boxes keep the boxed layout.
        let boxed: Vec<String> = (0..4)
            .map(|r| {
                let row: Vec<String> = (0..4)
                    .map(|c| format!("{{\"region\":{}}}", (r / 2) * 2 + c / 2))
                    .collect();
                format!("[{}]", row.join(","))
            })
            .collect();
        let text = format!("{{\"size\":4,\"grid\":[{}]}}", boxed.join(","));
        assert_eq!(read(&text).unwrap().layout.box_shape(), Some((2, 2)));
        // Unbalanced regions.
        let text = json(4, "").replacen("{}", "{\"region\":1}", 1);
        assert_eq!(
            read(&text).unwrap_err().to_string(),
            "the f-puzzles regions: region 1 has 3 cells, not 4"
        );
    }

    #[test]
    fn sizes_without_boxes_default_to_rows() {
        // No regions: each row is its own region, as f-puzzles has it.
        let layout = read(&json(5, "")).unwrap().layout;
        assert_eq!(layout.box_shape(), None);
        assert_eq!(layout.region_of(7), 1);
        // Columns as regions, but r1c1 and r1c2 left to their row's.
        let rows: Vec<String> = (0..5)
            .map(|r| {
                let row: Vec<String> = (0..5)
                    .map(|c| {
                        if r == 0 && c < 2 {
                            "{}".to_string()
                        } else {
                            format!("{{\"region\":{c}}}")
                        }
                    })
                    .collect();
                format!("[{}]", row.join(","))
            })
            .collect();
        let text = format!("{{\"size\":5,\"grid\":[{}]}}", rows.join(","));
        assert_eq!(
            read(&text).unwrap_err().to_string(),
            "the f-puzzles regions: region 1 has 6 cells, not 5"
        );
        let text = text
            .replacen("{}", "{\"region\":0}", 1)
            .replacen("{}", "{\"region\":1}", 1);
        let layout = read(&text).unwrap().layout;
        assert_eq!(layout.region_of(7), 2);
    }

    #[test]
    fn boolean_rules() {
        let rules = rules9(
            "\"diagonal+\":true,\"diagonal-\":true,\"antiknight\":true,\"antiking\":true,\
             \"disjointgroups\":true,\"nonconsecutive\":true",
        );
        assert_eq!(
            rules,
            [
                Rule::AntiKing,
                Rule::AntiKnight,
                Rule::Diagonal { falling: false },
                Rule::Diagonal { falling: true },
                Rule::Disjoint,
                Rule::NonConsecutive,
            ]
        );
        assert!(rules9("\"diagonal+\":false,\"antiknight\":false").is_empty());
        assert_eq!(
            error9("\"antiknight\":\"yes\""),
            "antiknight: expected true or false, found \"yes\""
        );
    }

    #[test]
    fn cages_and_regions() {
        let rules = rules9(
            "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"7\"},\
             {\"cells\":[\"R9C9\"]},{\"cells\":[\"R2C1\"],\"value\":12}],\
             \"extraregion\":[{\"cells\":[\"R5C5\",\"R5C6\"]}]",
        );
        assert_eq!(
            rules,
            [
                Rule::ExtraRegion {
                    cells: vec![c9(5, 5), c9(5, 6)]
                },
                Rule::Killer {
                    cells: vec![0, 1],
                    sum: Some(7)
                },
                Rule::Killer {
                    cells: vec![80],
                    sum: None
                },
                Rule::Killer {
                    cells: vec![9],
                    sum: Some(12)
                },
            ]
        );
        assert_eq!(
            error9("\"killercage\":[{\"cells\":[\"R1C1\"],\"value\":\"seven\"}]"),
            "killercage: \"value\" \"seven\" is not a whole number"
        );
        assert_eq!(
            error9("\"killercage\":[{\"value\":\"7\"}]"),
            "killercage: an element has no \"cells\""
        );
    }

    #[test]
    fn cells_outside_the_board_are_named() {
        assert_eq!(
            error9("\"killercage\":[{\"cells\":[\"R1C1\",\"R10C3\"],\"value\":\"7\"}]"),
            "killercage: cell \"R10C3\" is not on the 9x9 board"
        );
        assert_eq!(
            error9("\"odd\":[{\"cell\":\"R0C1\"}]"),
            "odd: cell \"R0C1\" is not on the 9x9 board"
        );
        assert_eq!(
            error9("\"thermometer\":[{\"lines\":[[\"R1C1\",\"X2\"]]}]"),
            "thermometer: \"X2\" is not a cell name"
        );
        assert!(matches!(
            read(&json(9, "\"renban\":[{\"lines\":[[\"R1C1\",\"R1C10\"]]}]")),
            Err(FpuzzlesError::Cell { ref rule, ref cell, size: 9 }) if rule == "renban" && cell == "R1C10"
        ));
    }

    #[test]
    fn little_killers() {
        let rules = rules9(
            "\"littlekillersum\":[{\"cell\":\"R10C4\",\"cells\":[\"R9C5\",\"R8C6\"],\
             \"direction\":\"UR\",\"value\":\"30\"},\
             {\"cell\":\"R0C7\",\"direction\":\"DR\",\"value\":\"5\"},\
             {\"cell\":\"R0C2\",\"direction\":\"DR\",\"value\":\"\"}]",
        );
        assert_eq!(
            rules,
            [
                Rule::LittleKiller {
                    cells: vec![c9(9, 5), c9(8, 6)],
                    sum: 30
                },
                Rule::LittleKiller {
                    cells: vec![c9(1, 8), c9(2, 9)],
                    sum: 5
                },
            ]
        );
    }

    #[test]
    fn outside_clues_look_along_their_line() {
        let text = json(
            4,
            "\"sandwichsum\":[{\"cell\":\"R0C2\",\"value\":\"3\"}],\
             \"xsum\":[{\"cell\":\"R5C2\",\"value\":\"6\"},{\"cell\":\"R2C0\",\"value\":\"\"}],\
             \"skyscraper\":[{\"cell\":\"R2C0\",\"value\":\"2\"},{\"cell\":\"R3C5\",\"value\":4}]",
        );
        assert_eq!(
            read(&text).unwrap().rules,
            [
                Rule::Sandwich {
                    line: vec![1, 5, 9, 13],
                    sum: 3
                },
                Rule::Skyscraper {
                    line: vec![4, 5, 6, 7],
                    count: 2
                },
                Rule::Skyscraper {
                    line: vec![11, 10, 9, 8],
                    count: 4
                },
                Rule::XSum {
                    line: vec![13, 9, 5, 1],
                    sum: 6
                },
            ]
        );
        assert_eq!(
            read(&json(4, "\"xsum\":[{\"cell\":\"R2C2\",\"value\":\"3\"}]"))
                .unwrap_err()
                .to_string(),
            "xsum: clue cell \"R2C2\" is not beside a row or column of the 4x4 board"
        );
        assert_eq!(
            read(&json(
                4,
                "\"sandwichsum\":[{\"cell\":\"R0C0\",\"value\":\"3\"}]"
            ))
            .unwrap_err()
            .to_string(),
            "sandwichsum: clue cell \"R0C0\" is not beside a row or column of the 4x4 board"
        );
    }

    #[test]
    fn thermometers_and_lines() {
        let line = "[\"R1C1\",\"R1C2\",\"R2C2\"]";
        let keys = [
            "thermometer",
            "slowthermometer",
            "whispers",
            "renban",
            "palindrome",
            "betweenline",
            "regionsumline",
            "entropicline",
            "modularline",
            "zipperline",
            "lockout",
        ];
        let cells = vec![0, 1, 10];
        for key in keys {
            let rules = rules9(&format!(
                "\"{key}\":[{{\"lines\":[{line},[\"R9C9\"]]}},{{\"lines\":[]}}]"
            ));
            let want = |cells: Vec<u16>| match key {
                "thermometer" => Rule::Thermometer { cells, slow: false },
                "slowthermometer" => Rule::Thermometer { cells, slow: true },
                "whispers" => Rule::Whispers { cells, gap: 5 },
                "renban" => Rule::Renban { cells },
                "palindrome" => Rule::Palindrome { cells },
                "betweenline" => Rule::Between { cells },
                "regionsumline" => Rule::RegionSum { cells },
                "entropicline" => Rule::Entropic { cells },
                "modularline" => Rule::Modular { cells },
                "zipperline" => Rule::Zipper { cells },
                _ => Rule::Lockout { cells, gap: 4 },
            };
            assert_eq!(rules, [want(cells.clone()), want(vec![80])], "{key}");
        }
    }

    #[test]
    fn whispers_and_lockout_gaps() {
        let line = "\"lines\":[[\"R1C1\",\"R1C2\"]]";
        let six = read(&json(
            6,
            &format!("\"whispers\":[{{{line}}}],\"lockout\":[{{{line}}}]"),
        ))
        .unwrap();
        assert_eq!(
            six.rules,
            [
                Rule::Lockout {
                    cells: vec![0, 1],
                    gap: 3
                },
                Rule::Whispers {
                    cells: vec![0, 1],
                    gap: 3
                },
            ]
        );
        let rules = rules9(&format!(
            "\"whispers\":[{{{line},\"value\":\"4\"}}],\"lockout\":[{{{line},\"value\":5}}]"
        ));
        assert_eq!(
            rules,
            [
                Rule::Lockout {
                    cells: vec![0, 1],
                    gap: 5
                },
                Rule::Whispers {
                    cells: vec![0, 1],
                    gap: 4
                },
            ]
        );
    }

    #[test]
    fn arrows_drop_their_circle() {
        let rules = rules9(
            "\"arrow\":[{\"cells\":[\"R1C2\",\"R1C1\"],\
             \"lines\":[[\"R1C1\",\"R2C1\",\"R3C1\"],[\"R1C2\",\"R2C3\"]]},\
             {\"cells\":[\"R5C5\"],\"lines\":[[\"R5C5\",\"R6C6\"]]},\
             {\"cells\":[\"R9C9\"],\"lines\":[]}]",
        );
        assert_eq!(
            rules,
            [
                Rule::Arrow {
                    circle: vec![0, 1],
                    line: vec![c9(2, 1), c9(3, 1)]
                },
                Rule::Arrow {
                    circle: vec![0, 1],
                    line: vec![c9(2, 3)]
                },
                Rule::Arrow {
                    circle: vec![c9(5, 5)],
                    line: vec![c9(6, 6)]
                },
            ]
        );
    }

    #[test]
    fn dots_and_xv() {
        let rules = rules9(
            "\"difference\":[{\"cells\":[\"R1C1\",\"R1C2\"]},{\"cells\":[\"R2C1\",\"R1C1\"],\"value\":\"3\"}],\
             \"ratio\":[{\"cells\":[\"R5C5\",\"R5C6\"]},{\"cells\":[\"R5C5\",\"R4C5\"],\"value\":3}],\
             \"xv\":[{\"cells\":[\"R9C8\",\"R9C9\"],\"value\":\"X\"},{\"cells\":[\"R8C9\",\"R9C9\"],\"value\":\"V\"}]",
        );
        let pair = |kind, cells, value| Rule::Pair { kind, cells, value };
        assert_eq!(
            rules,
            [
                pair(PairKind::Difference, [0, 1], 1),
                pair(PairKind::Difference, [9, 0], 3),
                pair(PairKind::Ratio, [c9(5, 5), c9(5, 6)], 2),
                pair(PairKind::Ratio, [c9(5, 5), c9(4, 5)], 3),
                pair(PairKind::Sum, [c9(9, 8), c9(9, 9)], 10),
                pair(PairKind::Sum, [c9(8, 9), c9(9, 9)], 5),
            ]
        );
        assert_eq!(
            error9("\"ratio\":[{\"cells\":[\"R1C1\",\"R1C3\"]}]"),
            "ratio: R1C1 and R1C3 are not orthogonal neighbours"
        );
        assert_eq!(
            error9("\"xv\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"Y\"}]"),
            "xv: \"value\" \"Y\" is not \"X\" or \"V\""
        );
        assert_eq!(
            error9("\"difference\":[{\"cells\":[\"R1C1\"]}]"),
            "difference: a mark has 1 cell, not 2"
        );
    }

    #[test]
    fn negative_constraints() {
        let rules = rules9(
            "\"negative\":[\"ratio\",\"xv\"],\"ratio\":[],\
             \"xv\":[{\"cells\":[\"R1C2\",\"R1C1\"],\"value\":\"V\"}]",
        );
        assert_eq!(
            rules,
            [
                Rule::Pair {
                    kind: PairKind::Sum,
                    cells: [1, 0],
                    value: 5
                },
                Rule::Negative {
                    kind: PairKind::Ratio,
                    values: vec![2],
                    marked: vec![]
                },
                Rule::Negative {
                    kind: PairKind::Sum,
                    values: vec![5, 10],
                    marked: vec![[0, 1]]
                },
            ]
        );
        let rules = rules9(
            "\"negative\":[\"ratio\"],\"ratio\":[{\"cells\":[\"R2C2\",\"R2C1\"]},\
             {\"cells\":[\"R3C1\",\"R3C2\"],\"value\":\"3\"}]",
        );
        assert_eq!(
            rules[2],
            Rule::Negative {
                kind: PairKind::Ratio,
                values: vec![2, 3],
                marked: vec![[9, 10], [18, 19]]
            }
        );
        assert_eq!(
            error9("\"negative\":[\"quadruple\"]"),
            "unsupported f-puzzles rule \"negative quadruple\""
        );
    }

    #[test]
    fn nonconsecutive_with_white_dots_is_their_negative() {
        let rules =
            rules9("\"nonconsecutive\":true,\"difference\":[{\"cells\":[\"R1C2\",\"R1C1\"]}]");
        assert_eq!(
            rules,
            [
                Rule::Pair {
                    kind: PairKind::Difference,
                    cells: [1, 0],
                    value: 1
                },
                Rule::Negative {
                    kind: PairKind::Difference,
                    values: vec![1],
                    marked: vec![[0, 1]]
                },
            ]
        );
    }

    #[test]
    fn single_cell_marks() {
        let rules = rules9(
            "\"odd\":[{\"cell\":\"R1C1\"}],\"even\":[{\"cell\":\"R1C2\"}],\
             \"minimum\":[{\"cell\":\"R1C3\"}],\"maximum\":[{\"cell\":\"R1C4\"},{\"cell\":\"R1C5\"}]",
        );
        assert_eq!(
            rules,
            [
                Rule::Even { cell: 1 },
                // Two maximum cells side by side are not compared.
                Rule::Maximum {
                    cell: 3,
                    than: vec![2, 12]
                },
                Rule::Maximum {
                    cell: 4,
                    than: vec![5, 13]
                },
                Rule::Minimum {
                    cell: 2,
                    than: vec![1, 3, 11]
                },
                Rule::Odd { cell: 0 },
            ]
        );
        let text = json(4, "")
            .replacen("{}", "{\"parity\":\"Even\"}", 1)
            .replacen("{}", "{\"parity\":\"Odd\"}", 1);
        assert_eq!(
            read(&text).unwrap().rules,
            [Rule::Even { cell: 0 }, Rule::Odd { cell: 1 }]
        );
    }

    #[test]
    fn clones_quadruples_indexers() {
        let rules = rules9(
            "\"clone\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"cloneCells\":[\"R9C8\",\"R9C9\"]}],\
             \"quadruple\":[{\"cells\":[\"R1C1\",\"R1C2\",\"R2C1\",\"R2C2\"],\"values\":[1,4,4]}],\
             \"columnindexer\":[{\"cells\":[\"R1C1\",\"R2C1\"]}],\
             \"rowindexer\":[{\"cells\":[\"R1C5\"]}]",
        );
        assert_eq!(
            rules,
            [
                Rule::Clone {
                    cells: vec![0, 1],
                    clones: vec![79, 80]
                },
                Rule::ColumnIndexer { cells: vec![0, 9] },
                Rule::Quadruple {
                    cells: vec![0, 1, 9, 10],
                    digits: vec![1, 4, 4]
                },
                Rule::RowIndexer { cells: vec![4] },
            ]
        );
        assert_eq!(
            error9("\"clone\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"cloneCells\":[\"R9C8\"]}]"),
            "clone: 2 cells but 1 clone cells"
        );
        assert_eq!(
            error9(
                "\"quadruple\":[{\"cells\":[\"R1C1\",\"R1C2\",\"R2C1\",\"R2C2\"],\"values\":[0]}]"
            ),
            "quadruple: 0 is not a digit from 1 to 9"
        );
    }

    #[test]
    fn cosmetic_elements_are_listed_not_read() {
        let puzzle = read(&json(
            9,
            "\"line\":[{\"lines\":[[\"R1C1\",\"R2C2\"]],\"outlineC\":\"#000\"}],\
             \"circle\":[{\"cells\":[\"R1C1\"]}],\"rectangle\":[],\
             \"text\":[{\"cells\":[\"R1C1\"],\"value\":\"x\",\"fromConstraint\":\"X Sum\"}],\
             \"cage\":[{\"cells\":[\"R1C1\"],\"value\":\"1\"}]",
        ))
        .unwrap();
        assert_eq!(puzzle.ignored, ["cage", "circle", "line", "text"]);
        assert!(puzzle.rules.is_empty());
        // Drawn for a rule the data holds: not listed.
        let puzzle = read(&json(
            9,
            "\"xsum\":[{\"cell\":\"R0C1\",\"value\":\"10\"}],\
             \"text\":[{\"cells\":[\"R0C1\"],\"value\":\"10\",\"fromConstraint\":\"X Sum\"}]",
        ))
        .unwrap();
        assert!(puzzle.ignored.is_empty());
        assert_eq!(puzzle.rules.len(), 1);
    }

    #[test]
    fn descriptive_keys_are_not_rules() {
        let puzzle = read(&json(
            9,
            "\"ruleset\":\"Normal rules\",\"solution\":[1,2],\"successMessage\":\"Yes\",\
             \"disabledlogic\":[\"a\"],\"truecandidatesoptions\":[\"colored\"],\
             \"highlightConflicts\":true,\"activeConstraints\":[\"Little Killer Sum\"],\
             \"inequality\":[],\"somethingnew\":false,\"thermometer\":[],\"odd\":null",
        ))
        .unwrap();
        assert!(puzzle.rules.is_empty() && puzzle.ignored.is_empty());
    }

    #[test]
    fn unsupported_rules_are_named() {
        for (extra, name) in [
            ("\"fogofwar\":[\"R5C5\"]", "fogofwar"),
            ("\"foglight\":[\"R5C5\"]", "fogofwar"),
            (
                "\"inequality\":[{\"cells\":[\"R1C1\",\"R1C2\"]}]",
                "inequality",
            ),
            (
                "\"numberedroom\":[{\"cell\":\"R0C1\",\"value\":\"3\"}]",
                "numberedroom",
            ),
            ("\"somethingnew\":true", "somethingnew"),
        ] {
            assert_eq!(
                error9(extra),
                format!("unsupported f-puzzles rule \"{name}\""),
                "{extra}"
            );
        }
    }
}
