//! Boards and steps as SVG: a 9x9 grid with row and column labels, each
//! cell's digit or its candidates as small digits in a 3x3 block, and a
//! step's marks in colour.
//!
//! The drawing uses classes, not inline colours, so a page styles every
//! picture with one stylesheet ([`STYLE`]); [`standalone`] wraps a picture
//! with the stylesheet for use on its own. Marked candidates carry
//! `data-cell` and `data-digit`, so a reader (or a test) finds each
//! elimination and placement by what it is, at the place [`Layout`] gives.

use std::io::Write;

use super::highlight::{Highlight, Link};
use sudoku_engine::board::{Board, Cell};
use sudoku_engine::logic::{Grid, StateName};

/// Where things are in a picture, in SVG user units (one unit is one CSS
/// pixel at the size the picture is written with).
#[derive(Clone, Copy, Debug)]
pub struct Layout;

impl Layout {
    /// The side of one cell.
    pub const CELL: u32 = 48;
    /// The side of one candidate's square within a cell (three per side).
    pub const CANDIDATE: u32 = Self::CELL / 3;
    /// The margin above and left of the grid, holding the labels.
    pub const MARGIN: u32 = 22;
    /// The width (and height) of a whole picture.
    pub const SIZE: u32 = Self::MARGIN + 9 * Self::CELL + 4;
    /// The width of the frame and of the lines between boxes.
    pub const THICK: u32 = 2;

    /// The top-left corner of `cell` (0-80).
    pub const fn cell_origin(cell: usize) -> (u32, u32) {
        (
            Self::MARGIN + (cell % 9) as u32 * Self::CELL,
            Self::MARGIN + (cell / 9) as u32 * Self::CELL,
        )
    }

    /// The centre of `cell`.
    pub const fn cell_center(cell: usize) -> (u32, u32) {
        let (x, y) = Self::cell_origin(cell);
        (x + Self::CELL / 2, y + Self::CELL / 2)
    }

    /// The centre of candidate `digit` (1-9) in `cell`: 1-3 on the top row
    /// of the cell, 4-6 in the middle, 7-9 at the bottom, as on paper.
    pub const fn candidate_center(cell: usize, digit: u8) -> (u32, u32) {
        let (x, y) = Self::cell_origin(cell);
        let d = (digit - 1) as u32;
        (
            x + d % 3 * Self::CANDIDATE + Self::CANDIDATE / 2,
            y + d / 3 * Self::CANDIDATE + Self::CANDIDATE / 2,
        )
    }
}

/// The stylesheet of every picture: its classes and colours.
pub const STYLE: &str = "\
svg.board{font-family:'DejaVu Sans','Liberation Sans',Arial,sans-serif;background:#fff}\
.thin{stroke:#9aa0a6;stroke-width:1;fill:none}\
.thick{stroke:#202124;stroke-width:2;fill:none}\
text.label{font-size:11px;fill:#5f6368;text-anchor:middle;dominant-baseline:central}\
.board text{text-anchor:middle;dominant-baseline:central}\
.board .v{font-size:30px}\
.given{fill:#202124;font-weight:bold}\
.solved{fill:#1a56c4}\
.pattern text,.eliminated text{font-size:12px}\
.board .shade{fill:#fdf3c4}\
.board .conflict{fill:#f8c4c0}\
.board .pattern circle{fill:#bcd6fb}\
.board .pattern text{fill:#0b3d91;font-weight:bold}\
.board .eliminated circle{fill:#fbd3d0}\
.board .eliminated text{fill:#d50000;font-weight:bold}\
.board .eliminated line{stroke:#d50000;stroke-width:2}\
.board .placed rect{fill:#b7e4c0}\
.board .placed text{fill:#0a7d2c;font-weight:bold}\
.board .link{fill:none;stroke-width:1.8;stroke-linecap:round}\
.board .link [data-to*=\">\"]{stroke-dasharray:5 4}\
.board .link .nested{opacity:.55}\
.board .b0{stroke:#e8710a;marker-end:url(#sudoku-head0)}.h0{fill:#e8710a}\
.board .b1{stroke:#9334e6;marker-end:url(#sudoku-head1)}.h1{fill:#9334e6}\
.board .b2{stroke:#129eaf;marker-end:url(#sudoku-head2)}.h2{fill:#129eaf}\
.board .b3{stroke:#b06000;marker-end:url(#sudoku-head3)}.h3{fill:#b06000}\
.board .b4{stroke:#d01884;marker-end:url(#sudoku-head4)}.h4{fill:#d01884}\
.vs{font-size:.625px;text-anchor:middle;dominant-baseline:central}\
.cs{font-size:.75px;fill:#5f6368;text-anchor:middle;dominant-baseline:central}\
.cd{font-size:.25px;fill:#5f6368;text-anchor:middle;dominant-baseline:central}";

/// How many colours a step's branches cycle through (classes `b0`-`b4`).
pub const BRANCH_COLOURS: usize = 5;

/// What to draw: a position, the puzzle's givens (drawn apart from the
/// digits found since), and optionally a step's marks.
#[derive(Clone, Copy, Debug)]
pub struct Picture<'a> {
    /// The position: values and candidates.
    pub grid: &'a Grid,
    /// The puzzle's givens.
    pub givens: &'a Board,
    /// Draw the candidates of empty cells.
    pub candidates: bool,
    /// The marks of a step, drawn on `grid`.
    pub marks: Option<&'a Highlight>,
    /// Cells that break a rule (bit = cell index), drawn red.
    pub conflicts: u128,
    /// When set, the only unmarked candidates drawn (per cell, digits 1-9
    /// as bits 0-8): a part of a long chain shows the candidates its
    /// arrows join, not the whole position again.
    pub shown: Option<&'a [u16; 81]>,
}

impl<'a> Picture<'a> {
    /// A board's digits alone: `givens` in black, the rest of `board` blue.
    pub fn digits(grid: &'a Grid, givens: &'a Board) -> Picture<'a> {
        Picture {
            grid,
            givens,
            candidates: false,
            marks: None,
            conflicts: 0,
            shown: None,
        }
    }

    /// Whether an unmarked candidate `digit` of `cell` is drawn.
    fn shows(&self, cell: usize, digit: u8) -> bool {
        self.shown
            .is_none_or(|shown| shown[cell] >> (digit - 1) & 1 != 0)
    }
}

/// Writes `picture` as one `<svg>` element (no XML declaration), labelled
/// `label` (plain text, escaped here) for screen readers.
pub fn write(out: &mut Vec<u8>, picture: &Picture, label: &str) {
    write_shared(out, picture, label, None);
}

/// What the pictures of one walkthrough share: a digit layer (the givens,
/// the digits found, the candidates of one digit) drawn as an earlier
/// picture of the record drew it is not written again but drawn with a
/// `<use>` of it. Each step changes a digit or two, so most of a step's
/// picture is its predecessor's. Ids are the record's `prefix` and a
/// number; only the pictures of steps define layers (the parts of a long
/// chain, folded, only use them).
#[derive(Debug)]
pub struct Shared {
    prefix: String,
    /// Each layer defined so far (its element, less the id) and its id.
    layers: std::collections::HashMap<Vec<u8>, String>,
    /// Whether the next pictures are parts of a step (which define nothing).
    in_parts: bool,
}

impl Shared {
    /// Layers of one record, with ids starting `prefix` (unique on the page).
    pub fn new(prefix: String) -> Shared {
        Shared {
            prefix,
            layers: std::collections::HashMap::new(),
            in_parts: false,
        }
    }

    /// The next pictures are parts of a step (`true`) or steps.
    pub fn set_parts(&mut self, parts: bool) {
        self.in_parts = parts;
    }

    /// Writes layer `element` (`<text ...>...</text>`): a `<use>` of it
    /// where an earlier picture defined it, else the element with an id
    /// (in a step's picture) or without (in a part's).
    fn layer(&mut self, out: &mut Vec<u8>, element: Vec<u8>) {
        if let Some(id) = self.layers.get(&element) {
            let _ = write!(out, "<use href=\"#{id}\"/>");
            return;
        }
        if self.in_parts {
            out.extend_from_slice(&element);
            return;
        }
        let id = format!("{}{}", self.prefix, self.layers.len());
        // `<text` then ` id="..."` then the rest.
        out.extend_from_slice(&element[..5]);
        let _ = write!(out, " id=\"{id}\"");
        out.extend_from_slice(&element[5..]);
        self.layers.insert(element, id);
    }
}

/// [`write`], sharing the layers of a walkthrough's pictures through
/// `shared`.
pub fn write_shared(
    out: &mut Vec<u8>,
    picture: &Picture,
    label: &str,
    shared: Option<&mut Shared>,
) {
    let size = Layout::SIZE;
    // Writing into a Vec cannot fail.
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" width=\"{size}\" \
         height=\"{size}\" viewBox=\"0 0 {size} {size}\" role=\"img\" aria-label=\""
    );
    super::html::escape_into(out, label);
    out.extend_from_slice(b"\">");
    write_backgrounds(out, picture);
    let _ = write!(out, "<use href=\"#{GRID_ID}\"/>");
    write_plain(out, picture, shared);
    for cell in 0..81 {
        write_cell(out, picture, cell);
    }
    if let Some(marks) = picture.marks {
        // The links of a branch in one group, which gives their colour.
        let mut colour = None;
        for link in &marks.links {
            let branch = link.branch % BRANCH_COLOURS;
            if colour != Some(branch) {
                if colour.is_some() {
                    out.extend_from_slice(b"</g>");
                }
                let _ = write!(out, "<g class=\"link b{branch}\">");
                colour = Some(branch);
            }
            write_link(out, link);
        }
        if colour.is_some() {
            out.extend_from_slice(b"</g>");
        }
    }
    out.extend_from_slice(b"</svg>");
}

/// The `id` of the lines and labels every picture shares ([`defs`]).
pub const GRID_ID: &str = "sudoku-grid";

/// What every picture draws alike, the grid's lines and the row and column
/// labels, defined once (as `<defs>`, for the first `<svg>` of a page or a
/// standalone picture) and drawn by each picture with a `<use>` of
/// [`GRID_ID`]: the same pixels, a few bytes a picture.
pub fn defs(out: &mut Vec<u8>) {
    let _ = write!(out, "<defs><g id=\"{GRID_ID}\">");
    write_lines(out);
    write_labels(out);
    out.extend_from_slice(b"</g>");
    // Arrowheads, one per branch colour (`.bN path` ends in `hN`).
    for colour in 0..BRANCH_COLOURS {
        let _ = write!(
            out,
            "<marker id=\"sudoku-head{colour}\" class=\"h{colour}\" markerUnits=\"userSpaceOnUse\" \
             markerWidth=\"8\" markerHeight=\"8\" refX=\"7\" refY=\"4\" orient=\"auto\">\
             <polygon points=\"0,0.5 7,4 0,7.5\"/></marker>"
        );
    }
    out.extend_from_slice(b"</defs>");
}

/// Wraps a picture as a standalone SVG document with its stylesheet.
pub fn standalone(picture: &Picture, label: &str) -> Vec<u8> {
    let mut body = Vec::new();
    write(&mut body, picture, label);
    let mut out = Vec::with_capacity(body.len() + STYLE.len() + 64);
    out.extend_from_slice(b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    // Insert the stylesheet as the root's first child.
    let close = body.iter().position(|&b| b == b'>').map_or(0, |i| i + 1);
    out.extend_from_slice(&body[..close]);
    let _ = write!(out, "<style>{STYLE}</style>");
    defs(&mut out);
    out.extend_from_slice(&body[close..]);
    out.push(b'\n');
    out
}

fn write_backgrounds(out: &mut Vec<u8>, picture: &Picture) {
    let side = Layout::CELL;
    for cell in 0..81 {
        if picture.conflicts >> cell & 1 != 0 {
            let (x, y) = Layout::cell_origin(cell);
            let _ = write!(
                out,
                "<rect class=\"conflict\" data-cell=\"{}\" x=\"{x}\" y=\"{y}\" \
                 width=\"{side}\" height=\"{side}\"/>",
                Cell(cell as u8)
            );
        }
    }
    let Some(marks) = picture.marks else { return };
    for cell in 0..81 {
        if marks.is_shaded(cell) && marks.placed.is_none_or(|(c, _)| usize::from(c) != cell) {
            // A path is half the bytes of a rect.
            let (x, y) = Layout::cell_origin(cell);
            let _ = write!(
                out,
                "<path class=\"shade\" d=\"M{x} {y}h{side}v{side}h-{side}z\"/>"
            );
        }
    }
}

/// The grid: thin lines between cells, thick ones between boxes and
/// around, each set as one path.
fn write_lines(out: &mut Vec<u8>) {
    let (m, span) = (Layout::MARGIN, 9 * Layout::CELL);
    let mut thin = String::new();
    let mut thick = String::new();
    for i in 0..=9 {
        let at = m + i * Layout::CELL;
        let path = if i % 3 == 0 { &mut thick } else { &mut thin };
        // Vertical then horizontal, each a move and a relative line.
        path.push_str(&format!("M{at} {m}v{span}M{m} {at}h{span}"));
    }
    let _ = write!(
        out,
        "<path class=\"thin\" d=\"{thin}\"/><path class=\"thick\" d=\"{thick}\"/>"
    );
}

/// `c1`-`c9` above the columns and `r1`-`r9` left of the rows, so a cell
/// named in a step's text is found at once. Each is one `<text>` placing
/// every glyph on its own (`c` left of the number): a fraction of the bytes
/// of a `<text>` per label.
fn write_labels(out: &mut Vec<u8>) {
    let half = Layout::MARGIN / 2;
    let (mut along, mut across, mut level) = (Vec::new(), Vec::new(), Vec::new());
    let mut names = String::new();
    for i in 0..9u32 {
        let at = Layout::MARGIN + i * Layout::CELL + Layout::CELL / 2;
        along.extend([at - LABEL_SHIFT, at + LABEL_SHIFT]);
        across.extend([half - LABEL_SHIFT, half + LABEL_SHIFT]);
        level.extend([at, at]);
        names.push_str(&format!("?{}", i + 1));
    }
    let columns = names.replace('?', "c");
    let rows = names.replace('?', "r");
    let _ = write!(
        out,
        "<text class=\"label\" x=\"{}\" y=\"{half}\">{columns}</text>\
         <text class=\"label\" x=\"{}\" y=\"{}\">{rows}</text>",
        numbers(&along),
        numbers(&across),
        numbers(&level)
    );
}

/// How far a label's letter and number sit left and right of its centre.
const LABEL_SHIFT: u32 = 3;

/// `values` as SVG's list of numbers: `46 94 142`.
fn numbers(values: &[u32]) -> String {
    let text: Vec<String> = values.iter().map(u32::to_string).collect();
    text.join(" ")
}

/// The digits and candidates that carry no mark: one `<text>` for the
/// givens, one for the other digits, one for the small candidates, each
/// glyph placed at its own centre (`x` and `y` list one number per glyph)
/// in units of a cell or of a candidate's square (the `transform` scales
/// them back), so most numbers are one digit. A picture's bulk is these glyphs; written
/// one element each they made a long walkthrough several megabytes.
///
/// Shared by a walkthrough's pictures ([`Shared`]), the candidates are a
/// `<text>` per digit (class `cd`, in units of a cell from that digit's
/// place in a cell), all the position's candidates: a marked one is drawn
/// over its plain glyph, so a digit's layer changes only when its
/// candidates do.
fn write_plain(out: &mut Vec<u8>, picture: &Picture, mut shared: Option<&mut Shared>) {
    let placed = picture.marks.and_then(|marks| marks.placed);
    let is_placed = |cell: usize| placed.is_some_and(|(c, _)| usize::from(c) == cell);
    let (centre, step) = (Layout::cell_center(0), Layout::CELL);
    for class in ["given", "solved"] {
        let (mut xs, mut ys, mut glyphs) = (Vec::new(), Vec::new(), String::new());
        for cell in 0..81 {
            let value = picture.grid.value(cell);
            let given = picture.givens.cell(cell) == value;
            if value == 0 || is_placed(cell) || given != (class == "given") {
                continue;
            }
            xs.push(cell as u32 % 9);
            ys.push(cell as u32 / 9);
            glyphs.push(char::from(b'0' + value));
        }
        if !glyphs.is_empty() {
            let mut element = Vec::new();
            let _ = write!(
                element,
                "<text class=\"vs {class}\" transform=\"matrix({step} 0 0 {step} {} {})\" \
                 x=\"{}\" y=\"{}\">{glyphs}</text>",
                centre.0,
                centre.1,
                numbers(&xs),
                numbers(&ys)
            );
            match shared.as_deref_mut() {
                Some(shared) => shared.layer(out, element),
                None => out.extend_from_slice(&element),
            }
        }
    }
    if !picture.candidates {
        return;
    }
    if let Some(shared) = shared.filter(|shared| !shared.in_parts) {
        for digit in 1..=9u8 {
            let (mut xs, mut ys) = (Vec::new(), Vec::new());
            for cell in 0..81 {
                if picture.grid.value(cell) == 0 && picture.grid.has(cell, digit) {
                    xs.push(cell as u32 % 9);
                    ys.push(cell as u32 / 9);
                }
            }
            if xs.is_empty() {
                continue;
            }
            let (x, y) = Layout::candidate_center(0, digit);
            let glyphs = char::from(b'0' + digit).to_string().repeat(xs.len());
            let mut element = Vec::new();
            let _ = write!(
                element,
                "<text class=\"cd\" transform=\"matrix({step} 0 0 {step} {x} {y})\" x=\"{}\" \
                 y=\"{}\">{glyphs}</text>",
                numbers(&xs),
                numbers(&ys)
            );
            shared.layer(out, element);
        }
        return;
    }
    let (mut xs, mut ys, mut glyphs) = (Vec::new(), Vec::new(), String::new());
    for cell in 0..81 {
        if picture.grid.value(cell) != 0 || is_placed(cell) {
            continue;
        }
        let candidates = picture.grid.candidates(cell);
        for digit in 1..=9u8 {
            let bit = 1 << (digit - 1);
            let marked = picture
                .marks
                .is_some_and(|m| (m.eliminated[cell] | m.pattern[cell]) & bit != 0);
            if candidates & bit != 0 && !marked && picture.shows(cell, digit) {
                let d = u32::from(digit - 1);
                xs.push(cell as u32 % 9 * 3 + d % 3);
                ys.push(cell as u32 / 9 * 3 + d / 3);
                glyphs.push(char::from(b'0' + digit));
            }
        }
    }
    if !glyphs.is_empty() {
        let (first, step) = (Layout::candidate_center(0, 1), Layout::CANDIDATE);
        let _ = write!(
            out,
            "<text class=\"cs\" transform=\"matrix({step} 0 0 {step} {} {})\" x=\"{}\" \
             y=\"{}\">{glyphs}</text>",
            first.0,
            first.1,
            numbers(&xs),
            numbers(&ys)
        );
    }
}

fn write_cell(out: &mut Vec<u8>, picture: &Picture, cell: usize) {
    let value = picture.grid.value(cell);
    let placed = picture
        .marks
        .and_then(|marks| marks.placed)
        .filter(|&(c, _)| usize::from(c) == cell);
    if let Some((_, digit)) = placed {
        let (x, y) = Layout::cell_origin(cell);
        let (cx, cy) = Layout::cell_center(cell);
        let side = Layout::CELL;
        let _ = write!(
            out,
            "<g class=\"placed\" data-cell=\"{}\" data-digit=\"{digit}\">\
             <rect x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\"/>\
             <text class=\"v\" x=\"{cx}\" y=\"{cy}\">{digit}</text></g>",
            Cell(cell as u8)
        );
        return;
    }
    if value == 0 && picture.candidates {
        write_candidates(out, picture, cell);
    }
}

fn write_candidates(out: &mut Vec<u8>, picture: &Picture, cell: usize) {
    let candidates = picture.grid.candidates(cell);
    let marks = picture.marks;
    let radius = Layout::CANDIDATE / 2 - 1;
    for digit in 1..=9u8 {
        let bit = 1 << (digit - 1);
        if candidates & bit == 0 {
            continue;
        }
        let (x, y) = Layout::candidate_center(cell, digit);
        let eliminated = marks.is_some_and(|m| m.eliminated[cell] & bit != 0);
        let pattern = marks.is_some_and(|m| m.pattern[cell] & bit != 0);
        if eliminated {
            // Struck through from corner to corner of its square.
            let h = radius as i32;
            let (x0, y0, x1, y1) = (x as i32 - h, y as i32 + h, x as i32 + h, y as i32 - h);
            let _ = write!(
                out,
                "<g class=\"eliminated\" data-cell=\"{}\" data-digit=\"{digit}\">\
                 <circle cx=\"{x}\" cy=\"{y}\" r=\"{radius}\"/>\
                 <text x=\"{x}\" y=\"{y}\">{digit}</text>\
                 <line x1=\"{x0}\" y1=\"{y0}\" x2=\"{x1}\" y2=\"{y1}\"/></g>",
                Cell(cell as u8)
            );
        } else if pattern {
            let _ = write!(
                out,
                "<g class=\"pattern\" data-cell=\"{}\" data-digit=\"{digit}\">\
                 <circle cx=\"{x}\" cy=\"{y}\" r=\"{radius}\"/>\
                 <text x=\"{x}\" y=\"{y}\">{digit}</text></g>",
                Cell(cell as u8)
            );
        }
    }
}

/// A chain link as an arrow from one candidate to the other: a slight
/// curve (so links along one line stay apart), solid when strong, dashed
/// when weak, coloured by branch. `data-from` and `data-to` name the
/// states as the step's text does (`r1c7=6`, `r1c3<>6`).
fn write_link(out: &mut Vec<u8>, link: &Link) {
    let point = |c: &sudoku_engine::logic::Candidate| {
        let (x, y) = Layout::candidate_center(usize::from(c.cell), c.digit);
        (f64::from(x), f64::from(y))
    };
    let ((x0, y0), (x1, y1)) = (point(&link.from), point(&link.to));
    let (dx, dy) = (x1 - x0, y1 - y0);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1.0 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    // Leave the candidates' digits readable: start and end off them.
    let gap = f64::from(Layout::CANDIDATE) / 2.0;
    let (sx, sy) = (x0 + ux * gap, y0 + uy * gap);
    let (ex, ey) = (x1 - ux * gap, y1 - uy * gap);
    let bend = (length * 0.15).min(24.0);
    let (cx, cy) = ((sx + ex) / 2.0 - uy * bend, (sy + ey) / 2.0 + ux * bend);
    // The head is the marker of its branch's colour ([`defs`]), pointing
    // along the curve's last tangent; the group around gives the colour,
    // and a weak link (to a state `<>`) is dashed by the stylesheet.
    let nested = if link.nested { " class=\"nested\"" } else { "" };
    // `>` needs no escape in an attribute: `r1c3<>6` costs 3 bytes less.
    let name = |c| super::html::escape(&StateName(c).to_string()).replace("&gt;", ">");
    // Whole units, the control and end points relative to the start.
    let whole = |v: f64| v.round() as i32;
    let (sx, sy) = (whole(sx), whole(sy));
    // A minus sign separates numbers as well as a space does.
    let mut d = format!("M{sx} {sy}q");
    for (i, n) in [cx, cy, ex, ey].into_iter().enumerate() {
        let n = whole(n) - if i % 2 == 0 { sx } else { sy };
        if i > 0 && n >= 0 {
            d.push(' ');
        }
        d.push_str(&n.to_string());
    }
    let _ = write!(
        out,
        "<path{nested} data-from=\"{}\" data-to=\"{}\" d=\"{d}\"/>",
        name(link.from),
        name(link.to),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn the_layout_puts_candidates_in_their_cell() {
        assert_eq!(Layout::cell_origin(0), (Layout::MARGIN, Layout::MARGIN));
        assert_eq!(
            Layout::cell_origin(80),
            (Layout::MARGIN + 8 * 48, Layout::MARGIN + 8 * 48)
        );
        for cell in [0, 40, 80] {
            let (x, y) = Layout::cell_origin(cell);
            for digit in 1..=9 {
                let (cx, cy) = Layout::candidate_center(cell, digit);
                assert!(cx > x && cx < x + Layout::CELL && cy > y && cy < y + Layout::CELL);
            }
        }
        assert_eq!(Layout::candidate_center(0, 5), Layout::cell_center(0));
    }

    #[test]
    fn a_position_draws_givens_and_every_candidate() {
        let board: Board = PUZZLE.parse().unwrap();
        let grid = Grid::new(&board);
        let picture = Picture {
            candidates: true,
            ..Picture::digits(&grid, &board)
        };
        let mut out = Vec::new();
        write(&mut out, &picture, "a <puzzle>");
        let text = String::from_utf8(out).unwrap();
        // One text of glyphs per kind: its content is every glyph.
        let glyphs = |class: &str| -> String {
            let open = format!("<text class=\"{class}\"");
            let at = text.find(&open).unwrap();
            let body = &text[at..];
            let start = body.find('>').unwrap() + 1;
            body[start..body.find("</text>").unwrap()].to_string()
        };
        assert_eq!(glyphs("vs given").len(), board.givens());
        let candidates: u32 = (0..81).map(|c| grid.candidates(c).count_ones()).sum();
        assert_eq!(glyphs("cs").len(), candidates as usize);
        assert!(text.contains("aria-label=\"a &lt;puzzle&gt;\""));
        let alone = String::from_utf8(standalone(&picture, "p")).unwrap();
        assert!(alone.starts_with("<?xml"));
        // A picture on its own carries the grid it uses.
        assert!(alone.contains(&format!("<g id=\"{GRID_ID}\">")));
        assert!(alone.contains(&format!("<use href=\"#{GRID_ID}\"/>")));
    }
}
