//! A run as one standalone HTML5 page: a header, one `<section>` per
//! record, a footer. Inline CSS and SVG only: no script, no external
//! resource, so the page opens anywhere, offline, and is safe to mail.
//!
//! The page is also well-formed XML (XHTML-compatible HTML5): every element
//! closed, every attribute quoted, text escaped. Pieces are written into
//! byte buffers, so worker threads draw their share of records and the
//! page is streamed as records come.

use std::io::Write;

use super::highlight::Highlight;
use super::svg::{self, Picture};
use sudoku_engine::answer::HintLevel;
use sudoku_engine::board::Board;
use sudoku_engine::logic::{Branch, Grid, Rating, Rule, StateName, Step};

/// The page's stylesheet: layout, then the pictures' own classes.
const PAGE_STYLE: &str = "\
body{font-family:'DejaVu Sans','Liberation Sans',Arial,sans-serif;color:#202124;\
background:#f1f3f4;margin:0 auto;padding:16px 24px;max-width:1500px}\
header h1{font-size:22px;margin:4px 0 16px}\
section.record{background:#fff;border:1px solid #dadce0;border-radius:8px;\
margin:0 0 20px;padding:12px 16px}\
section.record h2{font-size:16px;margin:0 0 10px;font-weight:normal}\
h2 .where{font-family:'DejaVu Sans Mono',monospace;color:#5f6368}\
h2 .status{font-weight:bold;margin-left:8px}\
h2 .rating{margin-left:8px}\
.figures{display:flex;flex-wrap:wrap;gap:16px 24px;align-items:flex-start}\
figure{margin:0;width:458px}\
figcaption{font-size:14px;margin-top:6px;line-height:1.4;overflow-wrap:anywhere}\
figcaption .n{color:#5f6368}\
figcaption .d{font-weight:bold;margin-right:6px}\
details.chains summary{cursor:pointer;color:#5f6368;margin-top:4px}\
figure.long{width:auto;flex-basis:100%}figure.long>svg{float:left;margin:0 16px 8px 0}\
figure.long figcaption{margin-top:0}figure.long details{clear:both}\
div.parts{display:flex;flex-wrap:wrap;gap:12px 20px;margin-top:8px}\
figure.part{width:458px}p.part{margin:6px 0 0}figure.part pre,figure.long pre{font-size:11px;line-height:1.35;\
white-space:pre-wrap;margin:4px 0 0;background:#f8f9fa;padding:6px;overflow-wrap:anywhere}\
details.chains pre{font-size:11px;line-height:1.35;white-space:pre-wrap;margin:4px 0 0;\
max-height:360px;overflow:auto;background:#f8f9fa;padding:6px}\
p.text{font-family:'DejaVu Sans Mono',monospace;font-size:14px;margin:8px 0 0;\
overflow-wrap:anywhere}\
.error p.text{color:#d50000}\
footer{color:#5f6368;font-size:13px;margin:8px 0 24px}\
svg.defs{position:absolute}";

/// Appends `text` with the five markup characters escaped, for element
/// text and quoted attribute values alike. What XML forbids outright (C0
/// control characters other than tab, line feed and carriage return, and
/// U+FFFE, U+FFFF) becomes U+FFFD, so a file name or label holding them
/// still gives a well-formed page; tab, line feed and carriage return are
/// written as character references, which attribute values keep as they
/// are.
pub fn escape_into(out: &mut Vec<u8>, text: &str) {
    for ch in text.chars() {
        match ch {
            '&' => out.extend_from_slice(b"&amp;"),
            '<' => out.extend_from_slice(b"&lt;"),
            '>' => out.extend_from_slice(b"&gt;"),
            '"' => out.extend_from_slice(b"&quot;"),
            '\'' => out.extend_from_slice(b"&#39;"),
            '\t' => out.extend_from_slice(b"&#9;"),
            '\n' => out.extend_from_slice(b"&#10;"),
            '\r' => out.extend_from_slice(b"&#13;"),
            '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => {
                out.extend_from_slice("\u{fffd}".as_bytes());
            }
            _ => {
                let mut buffer = [0; 4];
                out.extend_from_slice(ch.encode_utf8(&mut buffer).as_bytes());
            }
        }
    }
}

/// Appends `text` as element content: as [`escape_into`], but `>`, `"`
/// and `'` as they are (content needs them escaped only in `]]>`, kept
/// escaped), so a chain's `r1c3<>6 -> r2c3=6` costs 3 bytes less a link.
pub fn escape_text_into(out: &mut Vec<u8>, text: &str) {
    let mut last = ['\0'; 2];
    for ch in text.chars() {
        match ch {
            '>' if last != [']', ']'] => out.push(b'>'),
            '"' | '\'' => out.push(ch as u8),
            _ => escape_into(out, ch.encode_utf8(&mut [0; 4])),
        }
        last = [last[1], ch];
    }
}

/// `text` escaped, as a new string.
pub fn escape(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len());
    escape_into(&mut out, text);
    // Characters were replaced by characters: the bytes stay UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

/// Writes the page up to the first record: titled `title` (e.g.
/// `sudoku explain`).
pub fn begin(out: &mut Vec<u8>, title: &str) {
    out.extend_from_slice(
        b"<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\
          <meta charset=\"utf-8\"/><meta name=\"viewport\" content=\"width=device-width\"/>\
          <title>",
    );
    escape_into(out, title);
    let _ = write!(
        out,
        "</title><style>{PAGE_STYLE}{}</style></head>\n<body>\n<header><h1>",
        svg::STYLE
    );
    escape_into(out, title);
    // What every picture shares, drawn by none itself.
    out.extend_from_slice(
        b"</h1></header>\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"defs\" \
          width=\"0\" height=\"0\" viewBox=\"0 0 0 0\" aria-hidden=\"true\">",
    );
    svg::defs(out);
    out.extend_from_slice(b"</svg>\n<main>\n");
}

/// Writes the page after the last record.
pub fn end(out: &mut Vec<u8>) {
    let _ = write!(
        out,
        "</main>\n<footer>Made by sudoku-cli {}. Shaded cells: the pattern; \
         red and struck: eliminated; green: placed.</footer>\n</body>\n</html>\n",
        env!("CARGO_PKG_VERSION")
    );
}

/// The heading of a record's section: where it was read and its status.
#[derive(Clone, Copy, Debug)]
pub struct Heading<'a> {
    /// The input's name.
    pub source: &'a str,
    /// The line the board starts on (the record's number for `generate`).
    pub line: u64,
    /// The status word, as in JSON.
    pub status: &'a str,
    /// The rating, when the record carries one.
    pub rating: Option<Rating>,
    /// The label after the board on its line, if any.
    pub label: Option<&'a [u8]>,
}

/// Opens a record's section and writes its heading; [`close_section`]
/// ends it. The section carries its source, line and status as `data-`
/// attributes, so a page reads back as the run's records.
pub fn open_section(out: &mut Vec<u8>, heading: &Heading) {
    out.extend_from_slice(b"<section class=\"record ");
    escape_into(out, heading.status);
    out.extend_from_slice(b"\" data-source=\"");
    escape_into(out, heading.source);
    let _ = write!(
        out,
        "\" data-line=\"{}\" data-status=\"{}\"",
        heading.line,
        escape(heading.status)
    );
    let label = heading.label.map(String::from_utf8_lossy);
    if let Some(label) = &label {
        out.extend_from_slice(b" data-label=\"");
        escape_into(out, label);
        out.push(b'"');
    }
    out.extend_from_slice(b">\n<h2><span class=\"where\">");
    escape_into(out, heading.source);
    let _ = write!(
        out,
        ":{}</span><span class=\"status\">{}</span>",
        heading.line,
        escape(heading.status)
    );
    if let Some(label) = &label {
        out.extend_from_slice(b"<span class=\"label\">");
        escape_into(out, label);
        out.extend_from_slice(b"</span>");
    }
    if let Some(rating) = heading.rating {
        let _ = write!(out, "<span class=\"rating\">ER/EP/ED {rating}");
        if let Some(hardest) = rating.hardest {
            let _ = write!(out, " (hardest: {})", escape(hardest.name()));
        }
        out.extend_from_slice(b"</span>");
    }
    out.extend_from_slice(b"</h2>\n");
}

/// Ends a section opened by [`open_section`].
pub fn close_section(out: &mut Vec<u8>) {
    out.extend_from_slice(b"</section>\n");
}

/// Starts a row of figures.
pub fn open_figures(out: &mut Vec<u8>) {
    out.extend_from_slice(b"<div class=\"figures\">\n");
}

/// Ends a row of figures.
pub fn close_figures(out: &mut Vec<u8>) {
    out.extend_from_slice(b"</div>\n");
}

/// A figure of `board`'s digits, `givens` bold, captioned `caption`.
pub fn board_figure(out: &mut Vec<u8>, board: &Board, givens: &Board, caption: &str) {
    digits_figure(out, board, givens, caption, 0);
}

/// A figure of `board`'s digits with the cells of `conflicts` (bit = cell)
/// drawn red, captioned `caption`.
pub fn conflict_figure(out: &mut Vec<u8>, board: &Board, caption: &str, conflicts: u128) {
    digits_figure(out, board, board, caption, conflicts);
}

fn digits_figure(out: &mut Vec<u8>, board: &Board, givens: &Board, caption: &str, conflicts: u128) {
    let grid = Grid::new(board);
    let picture = Picture {
        conflicts,
        ..Picture::digits(&grid, givens)
    };
    figure(out, &picture, caption);
}

/// The most arrows one picture draws. A chain step with more links is
/// drawn in parts: its own picture shows what it assumes and proves, and
/// under a fold each part of at most this many links has a picture and
/// the text of its links. Short branches share a part; a long one is cut
/// into several.
pub const ARROWS_PER_PICTURE: usize = 20;

/// A figure of `step` (the `number`th, from 1) drawn on `grid`, the
/// position before it, showing as much as `level` does (a hint may hide
/// its result), with the step's line as its caption and, for a chain at
/// `step` level, its branches beneath (folded, as they may be long; over
/// [`ARROWS_PER_PICTURE`] links, in parts with a picture each).
pub fn step_figure(
    out: &mut Vec<u8>,
    grid: &Grid,
    givens: &Board,
    step: &Step,
    number: usize,
    level: HintLevel,
) {
    shared_step_figure(out, grid, givens, step, (number, level), None);
}

/// [`step_figure`], its pictures sharing layers with the walkthrough's
/// others through `shared`.
fn shared_step_figure(
    out: &mut Vec<u8>,
    grid: &Grid,
    givens: &Board,
    step: &Step,
    (number, level): (usize, HintLevel),
    mut shared: Option<&mut svg::Shared>,
) {
    let chains = level == HintLevel::Step && !step.chains.is_empty();
    let parts = if chains {
        parts(&step.chains)
    } else {
        Vec::new()
    };
    let folded = parts.len() > 1;
    let marks = if folded {
        // The first part's arrows on the whole position; the rest folded.
        let mut marks = Highlight::summary(grid, step);
        marks.links = part_links(step, &parts[0]);
        marks
    } else {
        Highlight::at_level(grid, step, level)
    };
    let picture = Picture {
        grid,
        givens,
        candidates: true,
        marks: Some(&marks),
        conflicts: 0,
        shown: None,
    };
    let text = match level {
        HintLevel::Technique => step.technique.name().to_string(),
        HintLevel::Pattern => step.pattern_text(),
        HintLevel::Step => step.text(),
    };
    // The caption beneath says the rest; the technique is named at every
    // level.
    let label = format!("Step {number}: {}", step.technique.name());
    let class = if folded { "step long" } else { "step" };
    let _ = write!(out, "<figure class=\"{class}\" data-step=\"{number}\">");
    if let Some(shared) = shared.as_deref_mut() {
        shared.set_parts(false);
    }
    svg::write_shared(out, &picture, &label, shared.as_deref_mut());
    let _ = write!(
        out,
        "<figcaption><span class=\"n\">{number}.</span> <span class=\"d\">{}</span>",
        step.difficulty
    );
    escape_text_into(out, &text);
    let branches = match step.chains.len() {
        1 => "1 branch".to_string(),
        n => format!("{n} branches"),
    };
    if folded {
        let links: usize = parts.iter().map(|part| part.arrows).sum();
        let _ = write!(
            out,
            "<details class=\"chains parts\"><summary>{branches}, {links} links in {} \
             pictures of at most {ARROWS_PER_PICTURE} arrows (solid: strong, dashed: \
             weak)</summary><div class=\"parts\">",
            parts.len()
        );
        let _ = write!(
            out,
            "<p class=\"part\"><span class=\"n\">Part 1 of {}</span>, {} arrows (the picture \
             above)</p><pre>",
            parts.len(),
            parts[0].arrows
        );
        escape_text_into(out, &part_text(step, &parts[0]));
        out.extend_from_slice(b"</pre>");
        if let Some(shared) = shared.as_deref_mut() {
            shared.set_parts(true);
        }
        for (i, part) in parts.iter().enumerate().skip(1) {
            let label = format!("Step {number}.");
            let n = (i + 1, parts.len());
            part_figure(
                out,
                (grid, givens),
                step,
                part,
                n,
                &label,
                shared.as_deref_mut(),
            );
        }
        out.extend_from_slice(b"</div></details>");
    } else if chains {
        let mut lines = String::new();
        step.write_chains(&mut lines);
        let links = marks.links.len();
        let _ = write!(
            out,
            "<details class=\"chains\"><summary>{branches}, {links} links (solid: strong, \
             dashed: weak)</summary><pre>"
        );
        escape_text_into(out, &lines);
        out.extend_from_slice(b"</pre></details>");
    }
    out.extend_from_slice(b"</figcaption></figure>\n");
}

/// Implications `range` of branch `branch` of a step: what one part draws
/// of that branch.
#[derive(Clone, Debug)]
struct Piece {
    branch: usize,
    range: std::ops::Range<usize>,
}

/// One picture's share of a long chain: whole short branches, or a run of
/// one long branch's implications, with at most [`ARROWS_PER_PICTURE`]
/// links (unless one implication alone rests on more).
#[derive(Clone, Debug, Default)]
struct Part {
    pieces: Vec<Piece>,
    arrows: usize,
}

/// Cuts `chains` into parts, in order: a branch that fits in what is left
/// of the current part joins it, else starts the next; a branch longer
/// than a part is cut between implications.
fn parts(chains: &[Branch]) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut current = Part::default();
    for (b, branch) in chains.iter().enumerate() {
        let total: usize = branch.implies.iter().map(|i| i.from.len()).sum();
        if current.arrows > 0 && current.arrows + total > ARROWS_PER_PICTURE {
            parts.push(std::mem::take(&mut current));
        }
        let mut start = 0;
        for (k, implication) in branch.implies.iter().enumerate() {
            let n = implication.from.len();
            if current.arrows > 0 && current.arrows + n > ARROWS_PER_PICTURE {
                if k > start {
                    current.pieces.push(Piece {
                        branch: b,
                        range: start..k,
                    });
                }
                parts.push(std::mem::take(&mut current));
                start = k;
            }
            current.arrows += n;
        }
        if start < branch.implies.len() || branch.implies.is_empty() {
            current.pieces.push(Piece {
                branch: b,
                range: start..branch.implies.len(),
            });
        }
    }
    if !current.pieces.is_empty() {
        parts.push(current);
    }
    parts
}

/// Part `n` of `of` of a long chain step: a picture of its links (and only
/// the candidates they join, so the arrows stand out and the page stays
/// small), captioned with the text of those links.
fn part_figure(
    out: &mut Vec<u8>,
    (grid, givens): (&Grid, &Board),
    step: &Step,
    part: &Part,
    (n, of): (usize, usize),
    label: &str,
    shared: Option<&mut svg::Shared>,
) {
    let mut marks = Highlight {
        links: part_links(step, part),
        ..Highlight::default()
    };
    let mut shown = [0u16; 81];
    for piece in &part.pieces {
        let branch = &step.chains[piece.branch];
        if piece.range.start == 0 {
            // Where the branch starts stands out.
            let assume = branch.assume;
            let cell = usize::from(assume.cell);
            if grid.has(cell, assume.digit) {
                marks.pattern[cell] |= 1 << (assume.digit - 1);
            }
        }
    }
    for link in &marks.links {
        for state in [link.from, link.to] {
            shown[usize::from(state.cell)] |= 1 << (state.digit - 1);
        }
    }
    let picture = Picture {
        grid,
        givens,
        candidates: true,
        marks: Some(&marks),
        conflicts: 0,
        shown: Some(&shown),
    };
    let _ = write!(out, "<figure class=\"part\" data-part=\"{n}\">");
    svg::write_shared(out, &picture, &format!("{label} Part {n} of {of}"), shared);
    let _ = write!(
        out,
        "<figcaption><span class=\"n\">Part {n} of {of}</span>, {} arrows<pre>",
        part.arrows
    );
    escape_text_into(out, &part_text(step, part));
    out.extend_from_slice(b"</pre></figcaption></figure>\n");
}

/// The links `part` of `step`'s chain draws.
fn part_links(step: &Step, part: &Part) -> Vec<super::highlight::Link> {
    part.pieces
        .iter()
        .flat_map(|piece| {
            let branch = &step.chains[piece.branch];
            super::highlight::links_of(branch, piece.branch, piece.range.clone())
        })
        .collect()
}

/// The text of `part`'s links, a line per piece of a branch.
fn part_text(step: &Step, part: &Part) -> String {
    let mut lines = String::new();
    for piece in &part.pieces {
        piece_text(&step.chains[piece.branch], piece, &mut lines);
    }
    lines
}

/// The text of `piece` as the step's text writes its branch, cut to its
/// implications: `r1c7=6 -> r1c3<>6 (row 1) -> ...` where it starts the
/// branch, `... -> ` before it where it goes on from an earlier part, and
/// ` -> ...` after it where a later part goes on; its nested chains on the
/// lines after it, indented.
fn piece_text(branch: &Branch, piece: &Piece, out: &mut String) {
    use std::fmt::Write as _;
    let _ = write!(out, "Branch {}: ", piece.branch + 1);
    if piece.range.start == 0 {
        let _ = write!(out, "{}", StateName(branch.assume));
    } else {
        out.push_str("...");
    }
    branch.write_implications(piece.range.clone(), out);
    if piece.range.end < branch.implies.len() {
        out.push_str(" -> ...");
    }
    out.push('\n');
    for implication in &branch.implies[piece.range.clone()] {
        if let Rule::Chain(nested) = &implication.rule {
            for inner in nested {
                inner.write_text(4, out);
            }
        }
    }
}

/// A picture with `caption` beneath, which also labels it.
fn figure(out: &mut Vec<u8>, picture: &Picture, caption: &str) {
    out.extend_from_slice(b"<figure>");
    svg::write(out, picture, caption);
    out.extend_from_slice(b"<figcaption>");
    escape_into(out, caption);
    out.extend_from_slice(b"</figcaption></figure>\n");
}

/// A paragraph of record text (a status, a count, conflicts, an error).
pub fn text(out: &mut Vec<u8>, text: &str) {
    out.extend_from_slice(b"<p class=\"text\">");
    escape_into(out, text);
    out.extend_from_slice(b"</p>\n");
}

/// Writes every step of an explanation, each on the position before it,
/// starting from `grid`. The pictures share what they draw alike
/// ([`svg::Shared`]) under ids starting `id`, which no other record of the
/// page may start its ids with.
pub fn walkthrough(out: &mut Vec<u8>, mut grid: Grid, givens: &Board, steps: &[Step], id: &str) {
    let mut shared = svg::Shared::new(id.to_string());
    for (i, step) in steps.iter().enumerate() {
        let at = (i + 1, HintLevel::Step);
        shared_step_figure(out, &grid, givens, step, at, Some(&mut shared));
        step.apply(&mut grid);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_are_escaped() {
        assert_eq!(escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
        assert_eq!(escape("r1c1<>3"), "r1c1&lt;&gt;3");
    }

    #[test]
    fn a_section_names_its_record() {
        let mut out = Vec::new();
        let heading = Heading {
            source: "a&b.txt",
            line: 7,
            status: "solved",
            rating: None,
            label: Some(b"7.2 <hard>"),
        };
        open_section(&mut out, &heading);
        close_section(&mut out);
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with(
            "<section class=\"record solved\" data-source=\"a&amp;b.txt\" data-line=\"7\" \
             data-status=\"solved\" data-label="
        ));
        assert!(text.contains("a&amp;b.txt:7"));
        assert!(text.contains(" data-label=\"7.2 &lt;hard&gt;\">"), "{text}");
        assert!(text.contains("<span class=\"label\">7.2 &lt;hard&gt;</span>"));
    }

    #[test]
    fn what_xml_forbids_never_reaches_the_page() {
        let every_control: String = (1u8..0x20).map(char::from).collect();
        let text = escape(&format!("a{every_control}\u{fffe}b"));
        assert!(
            text.chars().all(|c| c >= ' ' && c != '\u{fffe}'),
            "{text:?}"
        );
        assert!(text.starts_with("a\u{fffd}"));
        assert!(text.contains("&#9;&#10;\u{fffd}\u{fffd}&#13;"));
        assert!(text.ends_with("\u{fffd}\u{fffd}b"));
        assert_eq!(escape("é<ü>"), "é&lt;ü&gt;");
    }
}
