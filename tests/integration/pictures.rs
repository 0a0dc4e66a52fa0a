//! `--format html` pages and `--color` grids: every page is well-formed
//! XML, holds one section per record in input order with the statuses JSON
//! gives, and draws every elimination and placement of every step where the
//! layout puts it; colour appears exactly when asked.

use crate::common;

use std::collections::BTreeSet;
use std::process::Command;

use common::*;
use roxmltree::{Document, Node};
use sudoku_cli::render::svg::Layout;

/// A solve-able mix: one board per status, a malformed one, a grid.
fn mixed() -> String {
    std::fs::read_to_string("puzzles/mixed.txt").unwrap()
}

fn html(args: &[&str], stdin: &str) -> String {
    let mut full = args.to_vec();
    full.extend(["--format", "html"]);
    run(&full, stdin).stdout
}

fn json(args: &[&str], stdin: &str) -> Vec<serde_json::Value> {
    let mut full = args.to_vec();
    full.extend(["--format", "json"]);
    let out = run(&full, stdin).stdout;
    out.lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Parses `page` as XML, or fails naming the problem.
fn parse(page: &str) -> Document<'_> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    Document::parse_with_options(page, options)
        .unwrap_or_else(|error| panic!("not well-formed XML: {error}\n{page:.2000}"))
}

fn sections<'a>(doc: &'a Document<'a>) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.has_tag_name("section"))
        .collect()
}

fn class_has(node: &Node, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|classes| classes.split(' ').any(|c| c == class))
}

/// The (source, line, status) of each record, from the page and from JSON.
fn records_agree(args: &[&str], stdin: &str) {
    let page = html(args, stdin);
    let doc = parse(&page);
    let from_page: Vec<(String, u64, String)> = sections(&doc)
        .iter()
        .map(|s| {
            (
                s.attribute("data-source").unwrap().to_string(),
                s.attribute("data-line").unwrap().parse().unwrap(),
                s.attribute("data-status").unwrap().to_string(),
            )
        })
        .collect();
    let from_json: Vec<(String, u64, String)> = json(args, stdin)
        .iter()
        .map(|r| {
            (
                r["source"].as_str().unwrap().to_string(),
                r["line"].as_u64().unwrap(),
                r["status"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(!from_json.is_empty(), "{args:?}");
    assert_eq!(from_page, from_json, "{args:?}");
}

/// What a standalone page must not hold: script, or anything fetched.
fn assert_self_contained(page: &str) {
    let doc = parse(page);
    let root = doc.root_element();
    assert!(root.has_tag_name(("http://www.w3.org/1999/xhtml", "html")));
    for node in doc.descendants().filter(Node::is_element) {
        let name = node.tag_name().name();
        assert!(
            !matches!(name, "script" | "link" | "img" | "iframe" | "object"),
            "<{name}>"
        );
        for attribute in node.attributes() {
            let n = attribute.name();
            // A `<use>` of the page's own shared drawing fetches nothing.
            let local = name == "use" && n == "href" && attribute.value().starts_with('#');
            assert!(
                local || !(n == "href" || n == "src" || n.starts_with("on")),
                "attribute {n} on <{name}>"
            );
        }
        if name == "svg" {
            assert_eq!(
                node.tag_name().namespace(),
                Some("http://www.w3.org/2000/svg")
            );
        }
        if node.tag_name().namespace() == Some("http://www.w3.org/2000/svg") {
            svg_element_is_valid(&node);
        }
    }
    let style: String = doc
        .descendants()
        .filter(|n| n.has_tag_name("style"))
        .filter_map(|n| n.text())
        .collect();
    // Only the page's own arrowheads: `url(#...)`.
    assert!(!style.replace("url(#", "").contains("url(") && !style.contains("@import"));
    assert!(page.starts_with("<!DOCTYPE html>\n"));
    assert!(page.ends_with("</html>\n"));
    uses_resolve(&doc);
}

/// Every `<use>` draws an element the page defined before it, outside any
/// fold (so it is drawn wherever the use is), with an id no other element
/// has; what a picture draws by reference is in [`resolved`].
pub(crate) fn uses_resolve(doc: &Document) {
    let mut ids = std::collections::BTreeMap::new();
    for node in doc.descendants().filter(Node::is_element) {
        if let Some(id) = node.attribute("id") {
            assert!(ids.insert(id.to_string(), node).is_none(), "id {id} twice");
            assert!(
                !node.ancestors().any(|a| a.has_tag_name("details")),
                "{id} defined in a fold"
            );
        }
        if node.has_tag_name("use") {
            let href = node.attribute("href").unwrap();
            let id = href.strip_prefix('#').unwrap();
            assert!(
                ids.contains_key(id),
                "<use href={href:?}> before its element"
            );
        }
    }
}

/// The elements `svg` draws, each `<use>` replaced by what it refers to.
pub(crate) fn resolved<'a>(doc: &'a Document<'a>, svg: Node<'a, 'a>) -> Vec<Node<'a, 'a>> {
    let mut found = Vec::new();
    for node in svg.descendants() {
        match node.attribute("href").and_then(|h| h.strip_prefix('#')) {
            Some(id) if node.has_tag_name("use") => {
                let target = doc
                    .descendants()
                    .find(|n| n.attribute("id") == Some(id))
                    .unwrap();
                found.extend(target.descendants());
            }
            _ => found.push(node),
        }
    }
    found
}

/// An SVG element of the pictures: one of the few they use, with the
/// attributes SVG requires of it, numbers where SVG wants numbers.
fn svg_element_is_valid(node: &Node) {
    let name = node.tag_name().name();
    let required: &[&str] = match name {
        "svg" => &["width", "height"],
        "rect" => &["x", "y", "width", "height"],
        "circle" => &["cx", "cy", "r"],
        "line" => &["x1", "y1", "x2", "y2"],
        "text" => &["x", "y"],
        "g" | "path" | "polygon" | "defs" | "use" => &[],
        "marker" => &["markerWidth", "markerHeight"],
        other => panic!("unexpected SVG element <{other}>"),
    };
    for attribute in required {
        let value = node
            .attribute(*attribute)
            .unwrap_or_else(|| panic!("<{name}> without {attribute}"));
        // A text places each glyph on its own with a list of numbers.
        let numbers = match name {
            "text" => value.split(' ').collect(),
            _ => vec![value],
        };
        assert!(
            numbers.iter().all(|n| n.parse::<f64>().is_ok()),
            "<{name} {attribute}={value:?}>"
        );
    }
    match name {
        "svg" => {
            let view = node.attribute("viewBox").unwrap().split(' ');
            assert_eq!(view.filter(|n| n.parse::<f64>().is_ok()).count(), 4);
        }
        "path" => {
            let d = node.attribute("d").unwrap();
            let commands = |c: char| "MQqvhz0123456789.- ".contains(c);
            assert!(
                d.starts_with('M') && d.chars().all(commands),
                "path d={d:?}"
            );
        }
        "polygon" => {
            let points = node.attribute("points").unwrap();
            let numbers: Vec<&str> = points.split([' ', ',']).collect();
            assert!(
                numbers.len() >= 6 && numbers.len().is_multiple_of(2),
                "{points}"
            );
            assert!(numbers.iter().all(|n| n.parse::<f64>().is_ok()), "{points}");
        }
        "text" => assert!(node.text().is_some_and(|t| !t.is_empty())),
        _ => {}
    }
}

#[test]
fn every_command_writes_one_well_formed_page_with_a_section_per_record() {
    let input = format!("{}\n{}\n", mixed(), PUZZLE);
    for args in [
        vec!["solve"],
        vec!["solve", "--unique"],
        vec!["solve", "--count", "--limit", "5"],
        vec!["rate"],
        vec!["explain"],
        vec!["hint"],
        vec!["validate"],
    ] {
        let page = html(&args, &input);
        assert_self_contained(&page);
        records_agree(&args, &input);
    }
    let page = run(
        &["generate", "-n", "3", "--seed", "5", "--format", "html"],
        "",
    )
    .stdout;
    assert_self_contained(&page);
    let doc = parse(&page);
    let lines: Vec<&str> = sections(&doc)
        .iter()
        .map(|s| s.attribute("data-line").unwrap())
        .collect();
    assert_eq!(lines, ["1", "2", "3"]);
    let generated = json(&["generate", "-n", "3", "--seed", "5"], "");
    for (section, record) in sections(&doc).iter().zip(&generated) {
        assert_eq!(section.attribute("data-status"), Some("generated"));
        // The solution's digits appear in its picture.
        let texts = digits_of(section, 1);
        assert_eq!(texts, record["solution"].as_str().unwrap());
    }
}

/// The 81 digits drawn in the `index`th picture of `section`, `.` for a
/// cell without a value.
fn digits_of(section: &Node, index: usize) -> String {
    let svg = section
        .descendants()
        .filter(|n| n.has_tag_name("svg"))
        .nth(index)
        .unwrap();
    let doc = section.document();
    let mut cells = vec!['.'; 81];
    let list = |text: &Node, name| -> Vec<u32> {
        let value = text.attribute(name).unwrap();
        value.split(' ').map(|n| n.parse().unwrap()).collect()
    };
    for text in resolved(doc, svg)
        .into_iter()
        .filter(|n| n.has_tag_name("text"))
    {
        let glyphs: Vec<char> = text.text().unwrap().chars().collect();
        let (xs, ys) = (list(&text, "x"), list(&text, "y"));
        if class_has(&text, "v") {
            // One digit where the layout puts it.
            let column = (xs[0] - Layout::MARGIN) / Layout::CELL;
            let row = (ys[0] - Layout::MARGIN) / Layout::CELL;
            cells[(row * 9 + column) as usize] = glyphs[0];
        } else if class_has(&text, "vs") {
            // Digits in units of a cell, scaled back to the layout's centres.
            let expected = format!(
                "matrix({0} 0 0 {0} {1} {2})",
                Layout::CELL,
                Layout::cell_center(0).0,
                Layout::cell_center(0).1
            );
            assert_eq!(text.attribute("transform"), Some(expected.as_str()));
            assert_eq!((xs.len(), ys.len()), (glyphs.len(), glyphs.len()));
            for ((x, y), glyph) in xs.iter().zip(&ys).zip(&glyphs) {
                cells[(y * 9 + x) as usize] = *glyph;
            }
        }
    }
    cells.into_iter().collect()
}

fn cell_index(name: &str) -> usize {
    let bytes = name.as_bytes();
    assert_eq!((bytes[0], bytes[2]), (b'r', b'c'), "{name}");
    usize::from(bytes[1] - b'1') * 9 + usize::from(bytes[3] - b'1')
}

/// The marks of class `class` in `figure`: (cell name, digit), each checked
/// to sit where the layout puts it.
fn marks(figure: &Node, class: &str) -> BTreeSet<(String, u8)> {
    let mut found = BTreeSet::new();
    for mark in figure.descendants().filter(|n| class_has(n, class)) {
        let cell = mark.attribute("data-cell").unwrap().to_string();
        let digit: u8 = mark.attribute("data-digit").unwrap().parse().unwrap();
        let index = cell_index(&cell);
        let text = mark.children().find(|n| n.has_tag_name("text")).unwrap();
        assert_eq!(text.text(), Some(digit.to_string().as_str()));
        let at = (
            text.attribute("x").unwrap().parse::<u32>().unwrap(),
            text.attribute("y").unwrap().parse::<u32>().unwrap(),
        );
        let expected = if class == "placed" {
            Layout::cell_center(index)
        } else {
            Layout::candidate_center(index, digit)
        };
        assert_eq!(at, expected, "{class} {cell}={digit}");
        assert!(found.insert((cell, digit)), "drawn twice");
    }
    found
}

fn pairs(list: &serde_json::Value) -> BTreeSet<(String, u8)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|pair| {
            (
                pair[0].as_str().unwrap().to_string(),
                pair[1].as_u64().unwrap() as u8,
            )
        })
        .collect()
}

/// Every step's eliminations and placement, exactly, in its own figure.
fn steps_are_drawn(section: &Node, steps: &[serde_json::Value]) {
    let figures: Vec<Node> = section
        .descendants()
        .filter(|n| n.has_tag_name("figure") && class_has(n, "step"))
        .collect();
    assert_eq!(figures.len(), steps.len());
    for (i, (figure, step)) in figures.iter().zip(steps).enumerate() {
        assert_eq!(
            figure.attribute("data-step"),
            Some((i + 1).to_string().as_str())
        );
        assert_eq!(
            marks(figure, "eliminated"),
            pairs(&step["eliminated"]),
            "step {i}"
        );
        assert_eq!(marks(figure, "placed"), pairs(&step["placed"]), "step {i}");
        let caption: String = figure
            .descendants()
            .filter(|n| n.is_text())
            .filter(|n| n.ancestors().any(|a| a.has_tag_name("figcaption")))
            .filter_map(|n| n.text())
            .collect();
        assert!(
            caption.contains(step["text"].as_str().unwrap()),
            "{caption}"
        );
    }
}

#[test]
fn explain_draws_every_elimination_and_placement_of_every_step() {
    // An easy puzzle (singles), a hard one (chains, wings, subsets), and a
    // few generated ones for variety.
    let generated = run(&["generate", "-n", "4", "--seed", "11"], "").stdout;
    let input = format!("{PUZZLE}\n{HARD}\n{generated}");
    let page = html(&["explain"], &input);
    let doc = parse(&page);
    let records = json(&["explain"], &input);
    let found = sections(&doc);
    assert_eq!(found.len(), records.len());
    let mut kinds = BTreeSet::new();
    for (section, record) in found.iter().zip(&records) {
        let steps = record["steps"].as_array().unwrap();
        steps_are_drawn(section, steps);
        kinds.extend(
            steps
                .iter()
                .map(|s| s["technique"].as_str().unwrap().to_string()),
        );
        // The puzzle first, the solution last.
        assert_eq!(digits_of(section, 0), record["puzzle"].as_str().unwrap());
        let pictures = section
            .descendants()
            .filter(|n| n.has_tag_name("svg"))
            .count();
        // A long chain's later parts have pictures of their own.
        let parts = section
            .descendants()
            .filter(|n| n.has_tag_name("figure") && class_has(n, "part"))
            .count();
        assert_eq!(pictures, steps.len() + 2 + parts);
        assert_eq!(
            digits_of(section, pictures - 1),
            record["solution"].as_str().unwrap()
        );
    }
    assert!(
        kinds.len() >= 8,
        "too few techniques to mean much: {kinds:?}"
    );
}

#[test]
fn hint_draws_its_step_from_digits_and_from_pencil_marks() {
    let marks = std::fs::read_to_string("puzzles/pencilmark.txt").unwrap();
    for (args, input) in [
        (vec!["hint"], format!("{PUZZLE}\n{HARD}\n")),
        (vec!["hint", "--candidates"], marks.clone()),
        (vec!["hint"], marks),
    ] {
        let page = html(&args, &input);
        let doc = parse(&page);
        let records = json(&args, &input);
        for (section, record) in sections(&doc).iter().zip(&records) {
            if record["status"] == "hint" {
                steps_are_drawn(section, std::slice::from_ref(&record["step"]));
            }
        }
        records_agree(&args, &input);
    }
}

#[test]
fn a_page_draws_its_own_sections_of_untrusted_names_safely() {
    let dir = temp_dir("pictures_names");
    let path = dir.join("a&b<c>'d\".txt");
    std::fs::write(&path, format!("{PUZZLE}\n")).unwrap();
    let out = sudoku()
        .args(["solve", "--format", "html"])
        .arg(&path)
        .output()
        .unwrap();
    let page = String::from_utf8(out.stdout).unwrap();
    let doc = parse(&page);
    let section = sections(&doc)[0];
    assert_eq!(
        section.attribute("data-source"),
        Some(path.to_str().unwrap())
    );
}

#[test]
fn a_file_name_with_every_control_character_still_gives_a_well_formed_page() {
    let dir = temp_dir("pictures_controls");
    let controls: String = (1u8..0x20).map(char::from).collect();
    let path = dir.join(format!("x{controls}y.txt"));
    std::fs::write(&path, format!("{PUZZLE}\nnot a board\n")).unwrap();
    for command in ["solve", "rate", "explain"] {
        let out = sudoku()
            .args([command, "--format", "html"])
            .arg(&path)
            .output()
            .unwrap();
        let page = String::from_utf8(out.stdout).unwrap();
        // Parsed as XML: a raw control character would fail here.
        let doc = parse(&page);
        let found = sections(&doc);
        assert_eq!(found.len(), 2, "{command}");
        let source = found[0].attribute("data-source").unwrap();
        // Tab, line feed and carriage return are kept; the rest replaced.
        let expected: String = path
            .to_str()
            .unwrap()
            .chars()
            .map(|c| match c {
                '\t' | '\n' | '\r' => c,
                c if c < ' ' => '\u{fffd}',
                c => c,
            })
            .collect();
        assert_eq!(source, expected, "{command}");
    }
}

#[test]
fn quiet_prints_no_page_and_an_empty_run_an_empty_page() {
    assert_eq!(run(&["solve", "-q", "--format", "html"], PUZZLE).stdout, "");
    let page = html(&["solve"], "");
    assert_self_contained(&page);
    assert!(sections(&parse(&page)).is_empty());
}

#[test]
fn a_closed_pipe_ends_an_html_run_quietly() {
    let dir = temp_dir("pictures_pipe");
    let big = dir.join("big.txt");
    std::fs::write(&big, format!("{PUZZLE}\n").repeat(50_000)).unwrap();
    let output = Command::new("bash")
        .arg("-c")
        .arg(r#""$SUDOKU" solve --format html "$BIG" 2>"$BIG.err" | head -c 5000 >/dev/null; echo "status=${PIPESTATUS[0]}""#)
        .env("SUDOKU", bin())
        .env("BIG", &big)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "status=0\n");
    let err = std::fs::read_to_string(dir.join("big.txt.err")).unwrap();
    assert_eq!(err, "", "stderr after a closed pipe");
}

// `--color`.

const ESC: char = '\x1b';

#[test]
fn color_always_draws_candidate_grids_in_ansi_and_never_changes_nothing() {
    let input = format!("{PUZZLE}\n{HARD}\n");
    for command in ["hint", "explain"] {
        let plain = run(&[command, "--format", "grid"], input.as_str());
        assert!(!plain.stdout.contains(ESC), "auto off a terminal");
        let never = run(
            &[command, "--format", "grid", "--color", "never"],
            input.as_str(),
        );
        assert_eq!(never, plain);
        let always = run(
            &[command, "--format", "grid", "--color", "always"],
            input.as_str(),
        );
        assert_eq!(always.code, plain.code);
        assert!(always.stdout.contains("\x1b[9;31m") || always.stdout.contains("\x1b[1;32m"));
        // Once the escapes and the candidate grids are taken out, the text
        // is the plain text.
        let stripped: String = strip_ansi(&always.stdout)
            .lines()
            .filter(|line| !is_candidate_grid_line(line))
            .map(|line| format!("{line}\n"))
            .collect();
        assert_eq!(stripped, plain.stdout, "{command}");
        // One candidate grid (13 lines) per step.
        let steps = plain
            .stdout
            .lines()
            // A step's line starts with its difficulty; branches are indented.
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()) && l.contains("  "))
            .count();
        let grids = strip_ansi(&always.stdout)
            .lines()
            .filter(|l| l.starts_with('.'))
            .count();
        assert_eq!(grids, steps, "{command}");
        // NO_COLOR turns auto off; an explicit `always` still wins.
        let no_color = sudoku()
            .args([command, "--format", "grid", "--color", "auto"])
            .env("NO_COLOR", "1")
            .write_stdin(input.as_str())
            .output()
            .unwrap();
        assert!(!String::from_utf8(no_color.stdout).unwrap().contains(ESC));
        let forced = sudoku()
            .args([command, "--format", "grid", "--color", "always"])
            .env("NO_COLOR", "1")
            .write_stdin(input.as_str())
            .output()
            .unwrap();
        assert!(String::from_utf8(forced.stdout).unwrap().contains(ESC));
    }
    // Other formats and commands never colour.
    for args in [
        vec!["hint", "--color", "always"],
        vec!["explain", "--format", "json", "--color", "always"],
        vec!["solve", "--format", "grid", "--color", "always"],
    ] {
        assert!(!run(&args, PUZZLE).stdout.contains(ESC), "{args:?}");
    }
}

#[test]
#[cfg_attr(not(target_os = "linux"), ignore = "needs util-linux `script`")]
fn color_auto_on_a_terminal_colours_unless_no_color() {
    // util-linux `script` gives the command a terminal for stdout; a
    // missing or broken one fails the test.
    let probe = Command::new("script")
        .arg("--version")
        .output()
        .expect("util-linux `script` runs (apt-get install util-linux)");
    assert!(probe.status.success(), "`script --version`: {probe:?}");
    let on_tty = |no_color: Option<&str>| {
        let mut command = Command::new("script");
        command
            .args(["-qec"])
            .arg(format!(
                "echo {PUZZLE} | '{}' hint --format grid",
                bin().display()
            ))
            .arg("/dev/null");
        command.env_remove("NO_COLOR");
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        String::from_utf8_lossy(&command.output().unwrap().stdout).into_owned()
    };
    assert!(on_tty(None).contains("\x1b[1;32m"), "{}", on_tty(None));
    assert!(!on_tty(Some("1")).contains(ESC));
}

fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == ESC {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn is_candidate_grid_line(line: &str) -> bool {
    line.starts_with("| ")
        || line.starts_with('.')
        || line.starts_with(':')
        || line.starts_with('\'')
}

#[test]
fn an_invalid_board_shows_its_conflicting_cells_red() {
    let input = format!("{}\n", invalid());
    for command in ["solve", "validate", "hint", "explain"] {
        let page = html(&[command], &input);
        let doc = parse(&page);
        let record = &json(&[command], &input)[0];
        let expected: BTreeSet<&str> = record["conflicts"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| c["cells"].as_array().unwrap())
            .map(|cell| cell.as_str().unwrap())
            .collect();
        assert!(!expected.is_empty());
        let drawn: BTreeSet<&str> = doc
            .descendants()
            .filter(|n| class_has(n, "conflict"))
            .map(|n| n.attribute("data-cell").unwrap())
            .collect();
        assert_eq!(drawn, expected, "{command}");
        assert!(page.contains("5 twice in row 1 (r1c1, r1c2)"), "{command}");
    }
}

/// Every link of every branch of a chain step, as (from, to, strong), from
/// the JSON `chains` (top level: nested chains are their own proofs).
fn json_links(step: &serde_json::Value) -> Vec<(String, String, bool)> {
    let mut links = Vec::new();
    for branch in step["chains"].as_array().into_iter().flatten() {
        for implication in branch["implies"].as_array().unwrap() {
            let to = implication["state"].as_str().unwrap();
            for from in implication["from"].as_array().unwrap() {
                links.push((
                    from.as_str().unwrap().to_string(),
                    to.to_string(),
                    !to.contains("<>"),
                ));
            }
        }
    }
    links.sort();
    links
}

/// The links drawn in `figure`: each a path naming its two states, in a
/// group of class `link` and a branch colour; strong when it turns its
/// state on (solid), weak when off (`<>`: dashed by the stylesheet).
pub(crate) fn drawn_links(figure: &Node) -> Vec<(String, String, bool)> {
    let mut links: Vec<(String, String, bool)> = figure
        .descendants()
        .filter(|n| n.has_attribute("data-from"))
        .map(|n| {
            assert!(n.has_tag_name("path"));
            assert!(n.attribute("d").unwrap().starts_with('M'));
            let group = n.parent_element().unwrap();
            assert!(class_has(&group, "link"), "a link in a group of links");
            assert!((0..5).any(|b| class_has(&group, &format!("b{b}"))));
            let to = n.attribute("data-to").unwrap().to_string();
            let strong = !to.contains("<>");
            assert!(strong || to.contains("<>"), "{to}");
            (n.attribute("data-from").unwrap().to_string(), to, strong)
        })
        .collect();
    links.sort();
    links
}

#[test]
fn chain_steps_draw_every_link_strong_solid_and_weak_dashed() {
    // Generated puzzles rated 6.6-7.3: cycles and forcing chains.
    let input = "\
.....51.73.......9......84..26.........9.....1.....428.574.6....1.8.....8...3965.
.......581.....4...6472...39..8...25..79...4.5...3......9.7..3........17..2...8..
";
    let page = html(&["explain"], input);
    // A link to a state turned off (`<>`) is dashed.
    assert!(page.contains(".board .link [data-to*=\">\"]{stroke-dasharray:"));
    assert_self_contained(&page);
    let doc = parse(&page);
    let records = json(&["explain"], input);
    let mut chain_steps = 0;
    for (section, record) in sections(&doc).iter().zip(&records) {
        let figures: Vec<Node> = section
            .descendants()
            .filter(|n| n.has_tag_name("figure") && class_has(n, "step"))
            .collect();
        for (figure, step) in figures.iter().zip(record["steps"].as_array().unwrap()) {
            let expected = json_links(step);
            assert_eq!(drawn_links(figure), expected, "{}", step["text"]);
            if !expected.is_empty() {
                chain_steps += 1;
                assert!(expected.iter().any(|l| l.2) && expected.iter().any(|l| !l.2));
            }
        }
    }
    assert!(chain_steps >= 3, "only {chain_steps} chain steps");
}

#[test]
fn a_hint_below_step_level_draws_no_result() {
    let input = format!("{PUZZLE}\n");
    for level in ["technique", "pattern"] {
        let page = html(&["hint", "--level", level], &input);
        let doc = parse(&page);
        for class in ["eliminated", "placed", "link"] {
            assert_eq!(
                doc.descendants().filter(|n| class_has(n, class)).count(),
                0,
                "{level}: {class}"
            );
        }
        assert!(!doc.descendants().any(|n| n.has_attribute("data-from")));
        assert!(!page.contains("r1c6=8"), "{level} gives the answer away");
        let coloured = run(
            &[
                "hint", "--level", level, "--format", "grid", "--color", "always",
            ],
            PUZZLE,
        );
        assert!(
            !coloured.stdout.contains("\x1b[1;32m"),
            "{level}: green on the terminal"
        );
        assert!(!strip_ansi(&coloured.stdout).contains("r1c6=8"));
    }
    let page = html(&["hint"], &input);
    assert!(page.contains("r1c6=8"));
}

#[test]
fn every_bundled_file_draws_a_well_formed_page() {
    let mut input = String::new();
    for entry in std::fs::read_dir("puzzles").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            // One input, the files back to back: whatever it reads as, the
            // page and JSON must agree on it.
            input.push_str(&std::fs::read_to_string(&path).unwrap());
            input.push('\n');
        }
    }
    for args in [
        vec!["solve", "--unique"],
        vec!["hint", "--candidates"],
        vec!["hint", "--level", "pattern"],
        vec!["validate"],
    ] {
        let page = html(&args, &input);
        assert_self_contained(&page);
        records_agree(&args, &input);
    }
}
