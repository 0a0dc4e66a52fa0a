//! From the f-puzzles JSON object to a layout, givens and rules.

use serde_json::{Map, Value};
use sudoku_engine::variant::{Layout, PairKind, Rule, MAX_SIZE, MIN_SIZE};

use crate::{FPuzzle, FpuzzlesError};

/// Element keys that draw shapes and carry no rule of their own.
const COSMETIC: [&str; 5] = ["cage", "circle", "line", "rectangle", "text"];

/// Keys that describe the puzzle or the editor's state rather than rule it
/// (`negative` is read with the marks it qualifies).
const NOT_RULES: [&str; 12] = [
    "activeConstraints",
    "author",
    "disabledlogic",
    "grid",
    "highlightConflicts",
    "negative",
    "ruleset",
    "size",
    "solution",
    "successMessage",
    "title",
    "truecandidatesoptions",
];

type Result<T> = std::result::Result<T, FpuzzlesError>;

/// Reads the JSON text of one puzzle.
pub(crate) fn read(text: &[u8]) -> Result<FPuzzle> {
    let value: Value =
        serde_json::from_slice(text).map_err(|e| FpuzzlesError::Json(e.to_string()))?;
    let Value::Object(data) = value else {
        return Err(FpuzzlesError::Json("the data is not a JSON object".into()));
    };
    let board = Board {
        size: read_size(&data)?,
        data: &data,
    };
    let (layout, givens, mut rules) = board.grid()?;
    let mut keys: Vec<&String> = data.keys().collect();
    keys.sort();
    let mut ignored = Vec::new();
    for key in keys {
        let value = &data[key.as_str()];
        if NOT_RULES.contains(&key.as_str()) {
            continue;
        }
        if COSMETIC.contains(&key.as_str()) {
            if board.draws_more_than_rules(value) {
                ignored.push(key.clone());
            }
            continue;
        }
        board.element(key, value, &mut rules)?;
    }
    if let Some(kinds) = data.get("negative") {
        board.negative(kinds, &mut rules)?;
    }
    Ok(FPuzzle {
        layout,
        givens,
        rules,
        title: text_of(&data, "title"),
        author: text_of(&data, "author"),
        ignored,
    })
}

/// A non-empty string under `key`.
fn text_of(data: &Map<String, Value>, key: &str) -> Option<String> {
    match data.get(key) {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        _ => None,
    }
}

fn read_size(data: &Map<String, Value>) -> Result<usize> {
    let value = data
        .get("size")
        .ok_or_else(|| FpuzzlesError::Size("is missing".into()))?;
    let size = match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    match size.and_then(|s| usize::try_from(s).ok()) {
        Some(size) if (MIN_SIZE..=MAX_SIZE).contains(&size) => Ok(size),
        _ => Err(FpuzzlesError::Size(format!(
            "{value} is not a size from {MIN_SIZE} to {MAX_SIZE}"
        ))),
    }
}

/// `RrCc` (either case), rows and columns from 1, as written: 0 and
/// size + 1 are the clue cells around the grid.
fn cell_name(name: &str) -> Option<(usize, usize)> {
    let rest = name.strip_prefix(['R', 'r'])?;
    let (row, column) = rest.split_once(['C', 'c'])?;
    let number = |s: &str| -> Option<usize> {
        (!s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    Some((number(row)?, number(column)?))
}

/// A rule element's fault.
fn fault(rule: &str, problem: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::Rule {
        rule: rule.to_owned(),
        problem: problem.into(),
    }
}

/// The elements of a rule key: a list (null reads as none).
fn list<'a>(rule: &str, value: &'a Value) -> Result<&'a [Value]> {
    match value {
        Value::Array(items) => Ok(items),
        Value::Null => Ok(&[]),
        other => Err(fault(
            rule,
            format!("expected a list of elements, found {other}"),
        )),
    }
}

/// One element: an object.
fn object<'a>(rule: &str, value: &'a Value) -> Result<&'a Map<String, Value>> {
    value
        .as_object()
        .ok_or_else(|| fault(rule, format!("an element is not an object: {value}")))
}

/// Whether a boolean rule is on.
fn flag(rule: &str, value: &Value) -> Result<bool> {
    match value {
        Value::Bool(on) => Ok(*on),
        Value::Null => Ok(false),
        other => Err(fault(
            rule,
            format!("expected true or false, found {other}"),
        )),
    }
}

/// A whole number under `field`: `None` when absent, null or empty.
fn number(rule: &str, element: &Map<String, Value>, field: &str) -> Result<Option<u32>> {
    let bad = |v: &Value| fault(rule, format!("\"{field}\" {v} is not a whole number"));
    match element.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(v @ Value::String(s)) => s.trim().parse().map(Some).map_err(|_| bad(v)),
        Some(v @ Value::Number(n)) => n
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| bad(v)),
        Some(v) => Err(bad(v)),
    }
}

/// "1 cell", "3 cells": a count of `what` as a message says it.
fn counted(count: usize, what: &str) -> String {
    if count == 1 {
        format!("1 {what}")
    } else {
        format!("{count} {what}s")
    }
}

/// A pair of cells, sorted.
fn sorted(pair: [u16; 2]) -> [u16; 2] {
    [pair[0].min(pair[1]), pair[0].max(pair[1])]
}

/// Lowercase letters and digits of a name: `Region Sum Line` and
/// `regionsumline` match.
fn squeeze(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Whether a key's value states a rule: true, or a non-empty list.
fn active(value: &Value) -> bool {
    match value {
        Value::Bool(on) => *on,
        Value::Array(items) => !items.is_empty(),
        _ => false,
    }
}

/// The puzzle being read: its size and its data.
struct Board<'a> {
    size: usize,
    data: &'a Map<String, Value>,
}

impl Board<'_> {
    fn name(&self, cell: u16) -> String {
        let cell = usize::from(cell);
        format!("R{}C{}", cell / self.size + 1, cell % self.size + 1)
    }

    /// The grid: layout, givens, and the rules cells carry (`parity`).
    fn grid(&self) -> Result<(Layout, Vec<u8>, Vec<Rule>)> {
        let n = self.size;
        let rows = match self.data.get("grid") {
            Some(Value::Array(rows)) => rows,
            Some(other) => {
                return Err(FpuzzlesError::Grid(format!(
                    "expected {n} rows of {n} cells, found {}",
                    kind(other)
                )))
            }
            None => return Err(FpuzzlesError::Grid("is missing".into())),
        };
        if rows.len() != n {
            return Err(FpuzzlesError::Grid(format!(
                "{}, not {n}",
                counted(rows.len(), "row")
            )));
        }
        let mut givens = vec![0u8; n * n];
        let mut regions: Vec<Option<u8>> = vec![None; n * n];
        let mut rules = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let cells = match row {
                Value::Array(cells) if cells.len() == n => cells,
                Value::Array(cells) => {
                    return Err(FpuzzlesError::Grid(format!(
                        "row {} has {}, not {n}",
                        r + 1,
                        counted(cells.len(), "cell")
                    )))
                }
                other => {
                    return Err(FpuzzlesError::Grid(format!(
                        "row {} is {}, not a list of cells",
                        r + 1,
                        kind(other)
                    )))
                }
            };
            for (c, cell) in cells.iter().enumerate() {
                let index = r * n + c;
                let here = || format!("R{}C{}", r + 1, c + 1);
                let cell = match cell {
                    Value::Object(cell) => cell,
                    Value::Null => continue,
                    other => {
                        return Err(FpuzzlesError::Grid(format!(
                            "{} is {}, not a cell",
                            here(),
                            kind(other)
                        )))
                    }
                };
                if cell.get("given") == Some(&Value::Bool(true)) {
                    match cell.get("value") {
                        None | Some(Value::Null) => {}
                        Some(v) => match v.as_u64() {
                            Some(0) => {}
                            Some(d) if d <= n as u64 => givens[index] = d as u8,
                            _ => {
                                return Err(FpuzzlesError::Grid(format!(
                                    "{} holds {v}, not a digit from 1 to {n}",
                                    here()
                                )))
                            }
                        },
                    }
                }
                match cell.get("region") {
                    None | Some(Value::Null) => {}
                    Some(v) => match v.as_u64() {
                        Some(region) if region < n as u64 => regions[index] = Some(region as u8),
                        _ => {
                            return Err(FpuzzlesError::Grid(format!(
                                "{} is in region {v}, not one from 0 to {}",
                                here(),
                                n - 1
                            )))
                        }
                    },
                }
                match cell.get("parity") {
                    None | Some(Value::Null) => {}
                    Some(Value::String(p)) if p.eq_ignore_ascii_case("odd") => {
                        rules.push(Rule::Odd { cell: index as u16 })
                    }
                    Some(Value::String(p)) if p.eq_ignore_ascii_case("even") => {
                        rules.push(Rule::Even { cell: index as u16 })
                    }
                    Some(v) => {
                        return Err(fault(
                            "parity",
                            format!("{} has parity {v}, not \"Odd\" or \"Even\"", here()),
                        ))
                    }
                }
            }
        }
        Ok((self.layout(&regions)?, givens, rules))
    }

    /// The layout: boxes, or regions where any cell names one. The others
    /// keep their default region: their box, or on a size without boxes
    /// (5, 7, ...) their row, as f-puzzles numbers them.
    fn layout(&self, regions: &[Option<u8>]) -> Result<Layout> {
        let n = self.size;
        let standard = Layout::standard(n).ok();
        if let Some(layout) = &standard {
            if regions.iter().all(Option::is_none) {
                return Ok(layout.clone());
            }
        }
        let map: Vec<u8> = regions
            .iter()
            .enumerate()
            .map(|(cell, region)| {
                region.unwrap_or_else(|| match &standard {
                    Some(layout) => layout.region_of(cell) as u8,
                    None => (cell / n) as u8,
                })
            })
            .collect();
        match standard {
            Some(layout) if layout.regions() == map.as_slice() => Ok(layout),
            _ => Layout::with_regions(n, &map).map_err(FpuzzlesError::Regions),
        }
    }

    /// A cell on the board, by name.
    fn cell(&self, rule: &str, value: &Value) -> Result<u16> {
        let name = value
            .as_str()
            .ok_or_else(|| fault(rule, format!("{value} is not a cell name")))?;
        let (row, column) =
            cell_name(name).ok_or_else(|| fault(rule, format!("\"{name}\" is not a cell name")))?;
        if (1..=self.size).contains(&row) && (1..=self.size).contains(&column) {
            Ok(((row - 1) * self.size + column - 1) as u16)
        } else {
            Err(FpuzzlesError::Cell {
                rule: rule.to_owned(),
                cell: name.to_owned(),
                size: self.size,
            })
        }
    }

    /// The cells listed under `field`, at least one.
    fn cells(&self, rule: &str, element: &Map<String, Value>, field: &str) -> Result<Vec<u16>> {
        let cells = self.cell_list(rule, element.get(field), field)?;
        if cells.is_empty() {
            return Err(fault(rule, format!("\"{field}\" lists no cells")));
        }
        Ok(cells)
    }

    /// A list of cell names (empty names skipped, as f-puzzles leaves them).
    fn cell_list(&self, rule: &str, value: Option<&Value>, field: &str) -> Result<Vec<u16>> {
        match value {
            Some(Value::Array(names)) => names
                .iter()
                .filter(|v| v.as_str() != Some(""))
                .map(|v| self.cell(rule, v))
                .collect(),
            None | Some(Value::Null) => Err(fault(rule, format!("an element has no \"{field}\""))),
            Some(other) => Err(fault(
                rule,
                format!("\"{field}\" is {}, not a list of cells", kind(other)),
            )),
        }
    }

    /// The cell under `cell` of a single-cell mark.
    fn single(&self, rule: &str, element: &Map<String, Value>) -> Result<u16> {
        match element.get("cell") {
            Some(v) => self.cell(rule, v),
            None => Err(fault(rule, "an element has no \"cell\"")),
        }
    }

    /// The lines of a line element, each a non-empty list of cells.
    fn lines(&self, rule: &str, element: &Map<String, Value>) -> Result<Vec<Vec<u16>>> {
        let lines = match element.get("lines") {
            Some(Value::Array(lines)) => lines,
            None | Some(Value::Null) => return Err(fault(rule, "an element has no \"lines\"")),
            Some(other) => {
                return Err(fault(
                    rule,
                    format!("\"lines\" is {}, not a list of lines", kind(other)),
                ))
            }
        };
        let mut out = Vec::with_capacity(lines.len());
        for line in lines {
            let cells = self.cell_list(rule, Some(line), "lines")?;
            if !cells.is_empty() {
                out.push(cells);
            }
        }
        Ok(out)
    }

    /// Two orthogonal neighbours under `cells`.
    fn pair(&self, rule: &str, element: &Map<String, Value>) -> Result<[u16; 2]> {
        let cells = self.cells(rule, element, "cells")?;
        let [a, b] = cells[..] else {
            return Err(fault(
                rule,
                format!("a mark has {}, not 2", counted(cells.len(), "cell")),
            ));
        };
        let n = self.size;
        let (ra, ca) = (usize::from(a) / n, usize::from(a) % n);
        let (rb, cb) = (usize::from(b) / n, usize::from(b) % n);
        if ra.abs_diff(rb) + ca.abs_diff(cb) != 1 {
            return Err(fault(
                rule,
                format!(
                    "{} and {} are not orthogonal neighbours",
                    self.name(a),
                    self.name(b)
                ),
            ));
        }
        Ok([a, b])
    }

    /// The row or column a clue outside the grid looks along, in order
    /// away from the clue.
    fn line_from(&self, rule: &str, element: &Map<String, Value>) -> Result<Vec<u16>> {
        let value = element
            .get("cell")
            .ok_or_else(|| fault(rule, "an element has no \"cell\""))?;
        let name = value
            .as_str()
            .ok_or_else(|| fault(rule, format!("{value} is not a cell name")))?;
        let (row, column) =
            cell_name(name).ok_or_else(|| fault(rule, format!("\"{name}\" is not a cell name")))?;
        let n = self.size;
        let inside = |i: usize| (1..=n).contains(&i);
        let at = |r: usize, c: usize| (r * n + c) as u16;
        let line: Vec<u16> = if row == 0 && inside(column) {
            (0..n).map(|r| at(r, column - 1)).collect()
        } else if row == n + 1 && inside(column) {
            (0..n).rev().map(|r| at(r, column - 1)).collect()
        } else if column == 0 && inside(row) {
            (0..n).map(|c| at(row - 1, c)).collect()
        } else if column == n + 1 && inside(row) {
            (0..n).rev().map(|c| at(row - 1, c)).collect()
        } else {
            return Err(fault(
                rule,
                format!("clue cell \"{name}\" is not beside a row or column of the {n}x{n} board"),
            ));
        };
        Ok(line)
    }

    /// A little killer's cells: as listed, or along `direction` from the
    /// clue when none are.
    fn diagonal(&self, rule: &str, element: &Map<String, Value>) -> Result<Vec<u16>> {
        if let Some(Value::Array(cells)) = element.get("cells") {
            if !cells.is_empty() {
                return self.cells(rule, element, "cells");
            }
        }
        let clue = element
            .get("cell")
            .and_then(Value::as_str)
            .and_then(cell_name)
            .ok_or_else(|| fault(rule, "an element has neither \"cells\" nor a clue \"cell\""))?;
        let (dr, dc): (isize, isize) = match element.get("direction").and_then(Value::as_str) {
            Some("UR") => (-1, 1),
            Some("UL") => (-1, -1),
            Some("DR") => (1, 1),
            Some("DL") => (1, -1),
            _ => return Err(fault(rule, "an element has no \"cells\" and no direction")),
        };
        let n = self.size as isize;
        let (mut r, mut c) = (clue.0 as isize - 1 + dr, clue.1 as isize - 1 + dc);
        let mut cells = Vec::new();
        while (0..n).contains(&r) && (0..n).contains(&c) {
            cells.push((r * n + c) as u16);
            r += dr;
            c += dc;
        }
        if cells.is_empty() {
            return Err(fault(rule, "the clue's diagonal holds no cell"));
        }
        Ok(cells)
    }

    /// The marks of a dot or XV key: their cells, sorted, and values.
    fn marks(&self, key: &str) -> Result<Vec<([u16; 2], Option<u32>)>> {
        let Some(value) = self.data.get(key) else {
            return Ok(Vec::new());
        };
        list(key, value)?
            .iter()
            .map(|element| {
                let element = object(key, element)?;
                let value = if key == "xv" {
                    self.xv(element)?
                } else {
                    number(key, element, "value")?
                };
                Ok((sorted(self.pair(key, element)?), value))
            })
            .collect()
    }

    /// An XV mark's sum: X is 10, V is 5, none when blank.
    fn xv(&self, element: &Map<String, Value>) -> Result<Option<u32>> {
        match element.get("value") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) if s.eq_ignore_ascii_case("x") => Ok(Some(10)),
            Some(Value::String(s)) if s.eq_ignore_ascii_case("v") => Ok(Some(5)),
            Some(v) => Err(fault("xv", format!("\"value\" {v} is not \"X\" or \"V\""))),
        }
    }

    /// Whether a cosmetic key draws anything beyond the rules the data
    /// holds: an element without `fromConstraint`, or naming a rule key
    /// that is absent.
    fn draws_more_than_rules(&self, value: &Value) -> bool {
        let Value::Array(elements) = value else {
            return false;
        };
        elements.iter().any(
            |element| match element.get("fromConstraint").and_then(Value::as_str) {
                Some(from) => {
                    let from = squeeze(from);
                    !self.data.iter().any(|(key, value)| {
                        !COSMETIC.contains(&key.as_str()) && squeeze(key) == from && active(value)
                    })
                }
                None => true,
            },
        )
    }

    /// The rules of one key.
    fn element(&self, key: &str, value: &Value, rules: &mut Vec<Rule>) -> Result<()> {
        let n = self.size;
        match key {
            "diagonal+" | "diagonal-" => {
                rules.extend(flag(key, value)?.then_some(Rule::Diagonal {
                    falling: key == "diagonal-",
                }))
            }
            "antiknight" | "antiking" | "disjointgroups" => {
                rules.extend(flag(key, value)?.then_some(match key {
                    "antiknight" => Rule::AntiKnight,
                    "antiking" => Rule::AntiKing,
                    _ => Rule::Disjoint,
                }))
            }
            "nonconsecutive" => {
                // With white dots, f-puzzles' non-consecutive is their
                // negative constraint: unmarked neighbours are not
                // consecutive, dotted ones may be.
                let on = flag(key, value)?;
                let marked: Vec<[u16; 2]> =
                    self.marks("difference")?.into_iter().map(|m| m.0).collect();
                rules.extend(on.then(|| {
                    if marked.is_empty() {
                        Rule::NonConsecutive
                    } else {
                        Rule::Negative {
                            kind: PairKind::Difference,
                            values: vec![1],
                            marked: dedup(marked),
                        }
                    }
                }));
            }
            "difference" | "ratio" | "xv" => {
                let (kind, default) = match key {
                    "difference" => (PairKind::Difference, 1),
                    "ratio" => (PairKind::Ratio, 2),
                    _ => (PairKind::Sum, 0),
                };
                for element in list(key, value)? {
                    let element = object(key, element)?;
                    let cells = self.pair(key, element)?;
                    let value = if kind == PairKind::Sum {
                        match self.xv(element)? {
                            Some(v) => v,
                            None => continue,
                        }
                    } else {
                        number(key, element, "value")?.unwrap_or(default)
                    };
                    rules.push(Rule::Pair { kind, cells, value });
                }
            }
            "killercage" => {
                for element in list(key, value)? {
                    let element = object(key, element)?;
                    rules.push(Rule::Killer {
                        cells: self.cells(key, element, "cells")?,
                        sum: number(key, element, "value")?,
                    });
                }
            }
            "extraregion" | "columnindexer" | "rowindexer" => {
                for element in list(key, value)? {
                    let cells = self.cells(key, object(key, element)?, "cells")?;
                    rules.push(match key {
                        "extraregion" => Rule::ExtraRegion { cells },
                        "columnindexer" => Rule::ColumnIndexer { cells },
                        _ => Rule::RowIndexer { cells },
                    });
                }
            }
            "littlekillersum" => {
                for element in list(key, value)? {
                    let element = object(key, element)?;
                    let Some(sum) = number(key, element, "value")? else {
                        continue;
                    };
                    rules.push(Rule::LittleKiller {
                        cells: self.diagonal(key, element)?,
                        sum,
                    });
                }
            }
            "sandwichsum" | "xsum" | "skyscraper" => {
                for element in list(key, value)? {
                    let element = object(key, element)?;
                    let line = self.line_from(key, element)?;
                    let Some(v) = number(key, element, "value")? else {
                        continue;
                    };
                    rules.push(match key {
                        "sandwichsum" => Rule::Sandwich { line, sum: v },
                        "xsum" => Rule::XSum { line, sum: v },
                        _ => Rule::Skyscraper { line, count: v },
                    });
                }
            }
            "odd" | "even" => {
                for element in list(key, value)? {
                    let cell = self.single(key, object(key, element)?)?;
                    rules.push(match key {
                        "odd" => Rule::Odd { cell },
                        _ => Rule::Even { cell },
                    });
                }
            }
            "minimum" | "maximum" => {
                let mut marked = Vec::new();
                for element in list(key, value)? {
                    marked.push(self.single(key, object(key, element)?)?);
                }
                // Each is compared with the neighbours not marked alike.
                let n = self.size as u16;
                for &cell in &marked {
                    let (r, c) = (cell / n, cell % n);
                    let around = [
                        (r > 0).then(|| cell - n),
                        (c > 0).then(|| cell - 1),
                        (c + 1 < n).then(|| cell + 1),
                        (r + 1 < n).then(|| cell + n),
                    ];
                    let than = around
                        .into_iter()
                        .flatten()
                        .filter(|nb| !marked.contains(nb))
                        .collect();
                    rules.push(match key {
                        "minimum" => Rule::Minimum { cell, than },
                        _ => Rule::Maximum { cell, than },
                    });
                }
            }
            "arrow" => {
                for element in list(key, value)? {
                    let element = object(key, element)?;
                    let mut circle = self.cells(key, element, "cells")?;
                    circle.sort_unstable();
                    circle.dedup();
                    for path in self.lines(key, element)? {
                        let line: Vec<u16> =
                            path.into_iter().filter(|c| !circle.contains(c)).collect();
                        if !line.is_empty() {
                            rules.push(Rule::Arrow {
                                circle: circle.clone(),
                                line,
                            });
                        }
                    }
                }
            }
            "clone" => {
                for element in list(key, value)? {
                    let element = object(key, element)?;
                    let cells = self.cells(key, element, "cells")?;
                    let clones = self.cells(key, element, "cloneCells")?;
                    if cells.len() != clones.len() {
                        return Err(fault(
                            key,
                            format!("{} cells but {} clone cells", cells.len(), clones.len()),
                        ));
                    }
                    rules.push(Rule::Clone { cells, clones });
                }
            }
            "quadruple" => {
                for element in list(key, value)? {
                    let element = object(key, element)?;
                    let cells = self.cells(key, element, "cells")?;
                    if cells.len() > 4 {
                        return Err(fault(key, format!("{} cells, not 4", cells.len())));
                    }
                    let digits = match element.get("values") {
                        Some(Value::Array(values)) => values
                            .iter()
                            .map(|v| {
                                let d = match v {
                                    Value::Number(d) => d.as_u64(),
                                    Value::String(s) => s.trim().parse().ok(),
                                    _ => None,
                                };
                                match d {
                                    Some(d) if (1..=n as u64).contains(&d) => Ok(d as u8),
                                    _ => {
                                        Err(fault(key, format!("{v} is not a digit from 1 to {n}")))
                                    }
                                }
                            })
                            .collect::<Result<Vec<u8>>>()?,
                        None | Some(Value::Null) => Vec::new(),
                        Some(other) => {
                            return Err(fault(
                                key,
                                format!("\"values\" is {}, not a list of digits", kind(other)),
                            ))
                        }
                    };
                    if digits.len() > cells.len() {
                        return Err(fault(
                            key,
                            format!("{} digits for {} cells", digits.len(), cells.len()),
                        ));
                    }
                    if !digits.is_empty() {
                        rules.push(Rule::Quadruple { cells, digits });
                    }
                }
            }
            "thermometer" | "slowthermometer" | "whispers" | "renban" | "palindrome"
            | "betweenline" | "regionsumline" | "entropicline" | "modularline" | "zipperline"
            | "lockout" => {
                for element in list(key, value)? {
                    let element = object(key, element)?;
                    let gap = number(key, element, "value")?;
                    for cells in self.lines(key, element)? {
                        rules.push(match key {
                            "thermometer" => Rule::Thermometer { cells, slow: false },
                            "slowthermometer" => Rule::Thermometer { cells, slow: true },
                            // (size + 1) / 2: 5 on 9x9, 3 on 6x6, 2 on 4x4.
                            "whispers" => Rule::Whispers {
                                cells,
                                gap: gap.unwrap_or(n.div_ceil(2) as u32),
                            },
                            "renban" => Rule::Renban { cells },
                            "palindrome" => Rule::Palindrome { cells },
                            "betweenline" => Rule::Between { cells },
                            "regionsumline" => Rule::RegionSum { cells },
                            "entropicline" => Rule::Entropic { cells },
                            "modularline" => Rule::Modular { cells },
                            "zipperline" => Rule::Zipper { cells },
                            // size / 2: 4 on 9x9, 3 on 6x6, 2 on 4x4.
                            _ => Rule::Lockout {
                                cells,
                                gap: gap.unwrap_or((n / 2) as u32),
                            },
                        });
                    }
                }
            }
            // The lit cells of a fog-of-war puzzle.
            "foglight" if active(value) => {
                return Err(FpuzzlesError::Unsupported("fogofwar".into()));
            }
            _ if active(value) => return Err(FpuzzlesError::Unsupported(key.to_owned())),
            _ => {}
        }
        Ok(())
    }

    /// The `negative` list: for each kind named, unmarked neighbours have
    /// none of the relations its marks state.
    fn negative(&self, kinds: &Value, rules: &mut Vec<Rule>) -> Result<()> {
        for name in list("negative", kinds)? {
            let name = name
                .as_str()
                .ok_or_else(|| fault("negative", format!("{name} is not a rule name")))?;
            let (kind, key, default) = match name {
                "ratio" => (PairKind::Ratio, "ratio", vec![2]),
                "difference" => (PairKind::Difference, "difference", vec![1]),
                // f-puzzles rules out both X and V, whichever marks appear.
                "xv" => (PairKind::Sum, "xv", vec![5, 10]),
                other => return Err(FpuzzlesError::Unsupported(format!("negative {other}"))),
            };
            let marks = self.marks(key)?;
            let mut values: Vec<u32> = if kind == PairKind::Sum {
                default.clone()
            } else {
                marks.iter().map(|m| m.1.unwrap_or(default[0])).collect()
            };
            if values.is_empty() {
                values = default;
            }
            values.sort_unstable();
            values.dedup();
            rules.push(Rule::Negative {
                kind,
                values,
                marked: dedup(marks.into_iter().map(|m| m.0).collect()),
            });
        }
        Ok(())
    }
}

/// Sorted, without repeats.
fn dedup(mut pairs: Vec<[u16; 2]>) -> Vec<[u16; 2]> {
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// What kind of JSON value `value` is, for messages.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}
