//! Walkthroughs a person can read (issue 41): `explain` on the forum's
//! first hardest puzzle (the first of `forum_hardest_1106.txt`, ER 10.3,
//! chains of up to 114 links). Its text keeps to [`WIDTH`] columns and
//! joins back into the JSON's steps; its page stays within a budget, draws
//! no picture with more than [`ARROWS_PER_PICTURE`] arrows, and folds every
//! longer chain into parts, a picture each.

use crate::common;

use crate::pictures::{resolved, uses_resolve};
use common::*;
use roxmltree::{Document, Node};
use serde_json::Value;
use sudoku_cli::render::html::ARROWS_PER_PICTURE;

/// The widest text line (`sudoku_output::format::wrap::WIDTH`).
const WIDTH: usize = 100;

/// The page's size budget in bytes, as the issue asks. The page was 1.7 MB
/// before parts and compact pictures, 649 KB after them, 465 KB since the
/// pictures of a walkthrough share the digit layers they draw alike
/// (`<use>`), its links are grouped by branch and write relative curves.
const PAGE_BUDGET: usize = 500_000;

fn hardest() -> String {
    let list = std::fs::read_to_string("tests/data/forum_hardest_1106.txt").unwrap();
    let first = list
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty());
    format!("{}\n", first.unwrap())
}

fn json(input: &str) -> Value {
    let out = run(&["explain", "--format", "json"], input);
    serde_json::from_str(out.stdout.trim_end()).unwrap()
}

/// The links of each part a step's chain is drawn in, cut as the page
/// cuts them: branches in order, a branch joining the current part if it
/// fits, a longer one cut between implications.
fn expected_parts(step: &Value) -> Vec<usize> {
    let mut parts = Vec::new();
    let mut current = 0;
    for branch in step["chains"].as_array().into_iter().flatten() {
        let links: Vec<usize> = branch["implies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["from"].as_array().unwrap().len())
            .collect();
        let total: usize = links.iter().sum();
        if current > 0 && current + total > ARROWS_PER_PICTURE {
            parts.push(current);
            current = 0;
        }
        for n in links {
            if current > 0 && current + n > ARROWS_PER_PICTURE {
                parts.push(current);
                current = 0;
            }
            current += n;
        }
    }
    if current > 0 {
        parts.push(current);
    }
    parts
}

#[test]
fn the_text_keeps_to_its_width_and_joins_back_into_the_json() {
    let input = hardest();
    let text = run(&["explain"], input.as_str()).stdout;
    let record = json(&input);
    for line in text.lines() {
        assert!(line.len() <= WIDTH, "{} columns: {line}", line.len());
    }
    // Continuation lines are indented 2, 6, 10, ... spaces: join them back.
    let mut joined: Vec<String> = Vec::new();
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        if indent % 4 == 2 {
            let last = joined.last_mut().expect("a line to continue");
            last.push(' ');
            last.push_str(line.trim_start());
        } else {
            joined.push(line.to_string());
        }
    }
    let steps = record["steps"].as_array().unwrap();
    let step_lines: Vec<&String> = joined.iter().filter(|l| !l.starts_with(' ')).collect();
    // The rating, a line per step, the solution.
    assert_eq!(step_lines.len(), steps.len() + 2);
    for (line, step) in step_lines[1..].iter().zip(steps) {
        let expected = format!(
            "{:.1}  {}",
            step["rating"].as_f64().unwrap(),
            step["text"].as_str().unwrap()
        );
        assert_eq!(**line, expected);
    }
    assert_eq!(
        *step_lines.last().unwrap(),
        record["solution"].as_str().unwrap()
    );
    let branches = joined
        .iter()
        .filter(|l| l.starts_with("    ") && !l.starts_with("     "))
        .count();
    let expected: usize = steps
        .iter()
        .map(|s| s["chains"].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(branches, expected);
    assert!(
        text.lines().any(|l| l.starts_with("      -> ")),
        "long branches are cut"
    );
    // JSON keeps every line whole.
    let out = run(&["explain", "--format", "json"], input.as_str()).stdout;
    assert_eq!(out.lines().count(), 1);
}

#[test]
fn the_page_keeps_to_its_budget_and_folds_long_chains_into_parts() {
    let input = hardest();
    let page = run(&["explain", "--format", "html"], input.as_str()).stdout;
    assert!(page.len() < PAGE_BUDGET, "{} bytes", page.len());
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc = Document::parse_with_options(&page, options).unwrap();
    let is = |n: &Node, class: &str| {
        n.attribute("class")
            .is_some_and(|c| c.split(' ').any(|c| c == class))
    };
    let arrows = |n: &Node| {
        n.descendants()
            .filter(|d| d.has_tag_name("path") && d.has_attribute("data-from"))
            .count()
    };
    uses_resolve(&doc);
    let mut most = 0;
    for svg in doc.descendants().filter(|n| n.has_tag_name("svg")) {
        most = most.max(arrows(&svg));
    }
    assert!(
        (1..=ARROWS_PER_PICTURE).contains(&most),
        "{most} arrows in a picture"
    );
    let record = json(&input);
    let steps = record["steps"].as_array().unwrap();
    let figures: Vec<Node> = doc
        .descendants()
        .filter(|n| n.has_tag_name("figure") && is(n, "step"))
        .collect();
    assert_eq!(figures.len(), steps.len());
    let mut folded = 0;
    for (figure, step) in figures.iter().zip(steps) {
        let parts = expected_parts(step);
        let pictures: Vec<Node> = figure
            .descendants()
            .filter(|n| n.has_tag_name("svg"))
            .collect();
        let details = figure.descendants().find(|n| n.has_tag_name("details"));
        let links: usize = parts.iter().sum();
        if parts.len() > 1 {
            folded += 1;
            // A picture per part: the first on the step's own, the rest
            // folded, each with as many arrows as its part has links.
            let details = details.expect("a long chain is folded");
            assert!(is(&details, "parts"));
            assert!(details.descendants().any(|n| n.has_tag_name("summary")));
            assert_eq!(pictures.len(), parts.len(), "{}", step["text"]);
            let drawn: Vec<usize> = pictures.iter().map(arrows).collect();
            assert_eq!(drawn, parts, "{}", step["text"]);
        } else {
            assert_eq!(pictures.len(), 1);
            assert_eq!(arrows(&pictures[0]), links);
            assert_eq!(details.is_some(), step.get("chains").is_some());
        }
    }
    assert!(folded >= 30, "only {folded} long chains");
    every_step_shows_the_position_before_it(&doc, &figures, steps, &input);
}

fn cell_index(name: &str) -> usize {
    let b = name.as_bytes();
    usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
}

/// Each step's picture draws every candidate of the position before it
/// (shared layers resolved): the puzzle's candidates, less what the steps
/// before it eliminated and what their placements took.
fn every_step_shows_the_position_before_it(
    doc: &Document,
    figures: &[Node],
    steps: &[Value],
    puzzle: &str,
) {
    let mut values: Vec<u8> = puzzle
        .trim()
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    let peers = |a: usize, b: usize| {
        a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
    };
    let mut candidates = [0u16; 81];
    for cell in (0..81).filter(|&c| values[c] == 0) {
        candidates[cell] = 0x1ff;
        for other in (0..81).filter(|&o| peers(cell, o) && values[o] != 0) {
            candidates[cell] &= !(1 << (values[other] - 1));
        }
    }
    for (figure, step) in figures.iter().zip(steps) {
        let svg = figure.children().find(|n| n.has_tag_name("svg")).unwrap();
        let mut drawn = [0u16; 81];
        for text in resolved(doc, svg) {
            let is_cd = text.attribute("class") == Some("cd");
            if !is_cd {
                continue;
            }
            let list = |name| -> Vec<usize> {
                let value = text.attribute(name).unwrap();
                value.split(' ').map(|n| n.parse().unwrap()).collect()
            };
            let glyphs = text.text().unwrap().as_bytes();
            for ((x, y), glyph) in list("x").into_iter().zip(list("y")).zip(glyphs) {
                let bit = 1 << (glyph - b'1');
                assert_eq!(drawn[y * 9 + x] & bit, 0, "drawn twice");
                drawn[y * 9 + x] |= bit;
            }
        }
        assert_eq!(drawn, candidates, "{}", step["text"]);
        for pair in step["eliminated"].as_array().unwrap() {
            let cell = cell_index(pair[0].as_str().unwrap());
            candidates[cell] &= !(1 << (pair[1].as_u64().unwrap() - 1));
        }
        for pair in step["placed"].as_array().unwrap() {
            let (cell, digit) = (
                cell_index(pair[0].as_str().unwrap()),
                pair[1].as_u64().unwrap(),
            );
            values[cell] = digit as u8;
            candidates[cell] = 0;
            for other in (0..81).filter(|&o| peers(cell, o)) {
                candidates[other] &= !(1 << (digit - 1));
            }
        }
    }
}
