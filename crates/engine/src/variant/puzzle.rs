//! A variant puzzle: its layout, givens and rules, checked once, and the
//! tables the search and the checker read (houses, peers, pair relations,
//! house crossings), built once per puzzle so that the search allocates
//! nothing per node.

use std::collections::BTreeMap;

use super::layout::{CellName, Layout, MAX_SIZE};
use super::rule::{PairKind, Rule};

/// Why a puzzle cannot be made from its parts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The givens do not hold one digit per cell.
    #[error("{found} givens for a {size}x{size} board of {expected} cells")]
    GivenCount {
        /// The board's size.
        size: usize,
        /// Cells on the board.
        expected: usize,
        /// Givens passed.
        found: usize,
    },
    /// A given digit above the board's size.
    #[error("given {digit} at {cell} is above the board's size {size}")]
    Digit {
        /// Where it stands.
        cell: CellName,
        /// The digit.
        digit: u8,
        /// The board's size.
        size: usize,
    },
    /// A rule names a cell that is not on the board.
    #[error("{rule} names cell {cell}, outside the {cells} cells of the board")]
    CellOutside {
        /// The rule's name.
        rule: &'static str,
        /// The cell index named.
        cell: usize,
        /// Cells on the board.
        cells: usize,
    },
    /// A rule names a digit outside 1..=size.
    #[error("{rule} digit {digit} is not between 1 and the board's size {size}")]
    RuleDigit {
        /// The rule's name.
        rule: &'static str,
        /// The digit.
        digit: u8,
        /// The board's size.
        size: usize,
    },
    /// Windoku on a board that is not 9x9.
    #[error("windoku needs a 9x9 board, not {0}x{0}")]
    Windoku(usize),
    /// Disjoint groups on a board without boxes.
    #[error("disjoint groups need a board with boxes, not jigsaw regions")]
    Disjoint,
    /// A house of distinct digits larger than the alphabet.
    #[error(
        "{rule} at {first} has {cells} cells, more than the {size} digits: a digit would repeat"
    )]
    HouseTooLarge {
        /// The rule's name.
        rule: &'static str,
        /// Its first cell.
        first: CellName,
        /// Its cells.
        cells: usize,
        /// The board's size.
        size: usize,
    },
    /// A clone rule whose two lists differ in length.
    #[error("clone lists {cells} cells but {clones} clones")]
    CloneLength {
        /// Original cells.
        cells: usize,
        /// Clone cells.
        clones: usize,
    },
}

/// What a house is, for naming it in conflicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Label {
    /// Row, from 1.
    Row(usize),
    /// Column, from 1.
    Column(usize),
    /// Box, from 1 in reading order of first cells.
    Box(usize),
    /// Jigsaw region, from 1 in reading order of first cells.
    Region(usize),
    /// A main diagonal.
    Diagonal { falling: bool },
    /// Windoku window, from 1.
    Window(usize),
    /// Disjoint group, from 1 (its place in the box in reading order).
    Disjoint(usize),
    /// Extra region, from 1 among the extra regions.
    Extra(usize),
    /// Killer cage, by its first cell.
    Cage(usize),
}

impl Label {
    /// The conflict's `rule`.
    pub(crate) fn rule(self) -> &'static str {
        match self {
            Label::Row(_) => "row",
            Label::Column(_) => "column",
            Label::Box(_) => "box",
            Label::Region(_) => "region",
            Label::Diagonal { .. } => "diagonal",
            Label::Window(_) => "windoku",
            Label::Disjoint(_) => "disjoint",
            Label::Extra(_) => "extra region",
            Label::Cage(_) => "killer cage",
        }
    }

    /// The conflict's `index`: the number of a numbered house.
    pub(crate) fn index(self) -> Option<usize> {
        match self {
            Label::Row(i)
            | Label::Column(i)
            | Label::Box(i)
            | Label::Region(i)
            | Label::Window(i)
            | Label::Disjoint(i)
            | Label::Extra(i) => Some(i),
            Label::Diagonal { .. } | Label::Cage(_) => None,
        }
    }

    /// Where a repeated digit stands: `in row 1`, `on the main diagonal`.
    pub(crate) fn place(self, layout: &Layout) -> String {
        match self {
            Label::Row(i) => format!("in row {i}"),
            Label::Column(i) => format!("in column {i}"),
            Label::Box(i) => format!("in box {i}"),
            Label::Region(i) => format!("in region {i}"),
            Label::Diagonal { falling: true } => "on the main diagonal".into(),
            Label::Diagonal { falling: false } => "on the anti-diagonal".into(),
            Label::Window(i) => format!("in window {i}"),
            Label::Disjoint(i) => format!("in disjoint group {i}"),
            Label::Extra(i) => format!("in extra region {i}"),
            Label::Cage(cell) => format!("in killer cage at {}", layout.name(cell)),
        }
    }
}

/// A house: cells holding distinct digits (every digit when `full`).
#[derive(Clone, Debug)]
pub(crate) struct House {
    /// Its cells in `Puzzle::house_cells`.
    pub(crate) start: u32,
    /// How many.
    pub(crate) len: u32,
    /// Whether it holds `size` cells, so every digit once.
    pub(crate) full: bool,
    /// Its name in conflicts.
    pub(crate) label: Label,
    /// The rule that made it, if any.
    pub(crate) rule: Option<usize>,
}

/// Two full houses sharing two or more cells (a box and a line, say): a
/// digit of one confined to the shared cells leaves the other's rest.
///
/// The shared cells are a segment (`Puzzle::segments`); each house's rest
/// is covered by other segments where they fit (a row's rest by its other
/// box segments) and single cells elsewhere, so that a pass ORs each
/// segment's candidates once and each crossing a few such ORs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Crossing {
    /// The two houses.
    pub(crate) houses: [u16; 2],
    /// The shared cells: a position in `Puzzle::segments`.
    pub(crate) shared: u32,
    /// The first house's rest, then the second's, as spans of
    /// `Puzzle::crossing_items`: `[start, mid, end]`.
    pub(crate) bounds: [u32; 3],
}

/// A list per cell, stored flat.
#[derive(Clone, Debug, Default)]
pub(crate) struct PerCell<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T: Copy> PerCell<T> {
    fn from_lists(lists: Vec<Vec<T>>) -> Self {
        let mut start = Vec::with_capacity(lists.len() + 1);
        let mut items = Vec::new();
        start.push(0);
        for list in lists {
            items.extend(list);
            start.push(items.len() as u32);
        }
        PerCell { start, items }
    }

    /// The list of `cell`.
    #[inline]
    pub(crate) fn of(&self, cell: usize) -> &[T] {
        &self.items[self.start[cell] as usize..self.start[cell + 1] as usize]
    }

    /// Lists made by `fill(i, items)` appending list `i`'s items, for
    /// `i` in `0..count`.
    fn build(count: usize, mut fill: impl FnMut(usize, &mut Vec<T>)) -> Self {
        let mut start = Vec::with_capacity(count + 1);
        let mut items = Vec::new();
        start.push(0);
        for i in 0..count {
            fill(i, &mut items);
            start.push(items.len() as u32);
        }
        PerCell { start, items }
    }

    /// How many lists.
    pub(crate) fn len(&self) -> usize {
        self.start.len().saturating_sub(1)
    }
}

/// A variant puzzle: layout, givens and rules, with the tables its search
/// needs. Made by [`Puzzle::new`], which checks the parts fit together.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub(crate) layout: Layout,
    pub(crate) givens: Vec<u8>,
    pub(crate) rules: Vec<Rule>,
    /// Every house: rows, columns, boxes or regions (by number), then the
    /// rules' houses in rule order.
    pub(crate) houses: Vec<House>,
    pub(crate) house_cells: Vec<u16>,
    /// Words of a bit set over the houses (bit `h % 64` of word `h / 64`).
    pub(crate) house_words: usize,
    /// Each cell's houses as such a set, `house_words` words per cell: a
    /// narrowed cell marks its houses with a few ORs.
    pub(crate) cell_house_bits: Vec<u64>,
    /// The houses that are not full, as such a set: only those are
    /// scanned for their digit count (full ones keep counts per digit).
    pub(crate) partial: Vec<u64>,
    /// Each cell's full houses.
    pub(crate) cell_full: PerCell<u16>,
    /// Words of a bit set over the cells (bit `c % 64` of word `c / 64`).
    pub(crate) cell_words: usize,
    /// Each cell's peers as such a set, `cell_words` words per cell: a
    /// placed digit's peers that still hold it are this AND the digit's
    /// cells.
    pub(crate) peer_bits: Vec<u64>,
    /// Each house's cells as such a set, `cell_words` words per house: a
    /// digit's cells in a house are this AND the digit's cells.
    pub(crate) house_bits: Vec<u64>,
    /// Whether every house is full and there are no relations or pruned
    /// rules: narrowing a cell then queues nothing but its digits.
    pub(crate) plain: bool,
    /// On a plain board whose every cell lies in exactly three full
    /// houses (rows, columns and boxes or regions, say), each cell's three
    /// houses; empty otherwise. The search's fast path for placed digits
    /// reads these fixed triples instead of `cell_full`'s lists.
    pub(crate) full3: Vec<[u16; 3]>,
    /// Whether the houses are the rows, columns and boxes of a boxed
    /// layout and nothing else (`full3` set): the search then finds
    /// locked candidates by `search/boxed.rs`, and no crossings are made.
    pub(crate) boxed: bool,
    /// Each cell's peers: cells that may not share its digit (houses,
    /// anti-knight, anti-king), each once.
    pub(crate) peers: PerCell<u16>,
    /// Each cell's pair relations: (partner, table).
    pub(crate) edges: PerCell<(u16, u16)>,
    /// Relation tables: `tables[t][d]` is the mask a partner may hold when
    /// the cell holds digit `d + 1` (every relation is symmetric).
    pub(crate) tables: Vec<[u32; MAX_SIZE]>,
    /// Each cell's starting candidates (all digits, less those a relation
    /// of the cell with itself rules out).
    pub(crate) domain: Vec<u32>,
    /// Indices of the rules pruned by `rules::prune`.
    pub(crate) pruned: Vec<usize>,
    /// Each cell's rules (positions in `pruned`) to prune again when it
    /// changes.
    pub(crate) cell_rules: PerCell<u16>,
    /// Each pruned rule's cells (by position in `pruned`): those its
    /// pruning reads and may narrow.
    pub(crate) rule_cells: PerCell<u16>,
    pub(crate) crossings: Vec<Crossing>,
    /// The rests of the crossings: an item below `segments`' count is a
    /// segment, any other is the cell `item - count`.
    pub(crate) crossing_items: Vec<u32>,
    /// Each crossing's shared cells, each distinct set once.
    pub(crate) segments: PerCell<u16>,
    /// Each house's crossings (positions in `crossings`): a pass of
    /// locked candidates looks only at those of changed houses.
    pub(crate) house_crossings: PerCell<u32>,
}

impl Puzzle {
    /// Makes a puzzle of `layout` with `givens` (one digit per cell in
    /// reading order, 0 for empty) and `rules`, checking that every digit
    /// and cell fits the board and that each rule suits the layout.
    pub fn new(layout: Layout, givens: Vec<u8>, rules: Vec<Rule>) -> Result<Puzzle, PuzzleError> {
        check_givens(&layout, &givens)?;
        for rule in &rules {
            validate_rule(rule, &layout)?;
        }
        let mut builder = Builder::new(&layout);
        builder.layout_houses();
        let mut extra = 0;
        for (index, rule) in rules.iter().enumerate() {
            builder.rule(index, rule, &mut extra)?;
        }
        Ok(builder.finish(givens, rules))
    }

    /// This puzzle with other `givens` (checked as [`Puzzle::new`] checks
    /// them): its tables are copied, not built again.
    pub fn with_givens(&self, givens: Vec<u8>) -> Result<Puzzle, PuzzleError> {
        check_givens(&self.layout, &givens)?;
        let mut puzzle = self.clone();
        puzzle.givens = givens;
        Ok(puzzle)
    }

    /// The board's layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The givens, one per cell in reading order, 0 for empty.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The rules, in the order given.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The names of the rules that apply, each once, in order of first
    /// appearance: `region` first on a jigsaw layout, then each
    /// [`Rule::name`].
    pub fn rule_names(&self) -> Vec<&'static str> {
        let mut names = Vec::new();
        if self.layout.box_shape().is_none() {
            names.push("region");
        }
        for rule in &self.rules {
            let name = rule.name();
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }

    /// The cells of house `h`.
    #[inline]
    pub(crate) fn house(&self, h: usize) -> &[u16] {
        let house = &self.houses[h];
        &self.house_cells[house.start as usize..(house.start + house.len) as usize]
    }

    /// The two rests of a crossing, as items of `crossing_items`.
    #[inline]
    pub(crate) fn crossing_rests(&self, x: &Crossing) -> [&[u32]; 2] {
        let [a, b, c] = x.bounds.map(|v| v as usize);
        [&self.crossing_items[a..b], &self.crossing_items[b..c]]
    }
}

/// Every cell a rule names.
pub(crate) fn named_cells(rule: &Rule) -> Vec<u16> {
    match rule {
        Rule::Diagonal { .. }
        | Rule::Windoku
        | Rule::Disjoint
        | Rule::AntiKnight
        | Rule::AntiKing
        | Rule::NonConsecutive => Vec::new(),
        Rule::ExtraRegion { cells }
        | Rule::Killer { cells, .. }
        | Rule::LittleKiller { cells, .. }
        | Rule::Thermometer { cells, .. }
        | Rule::Whispers { cells, .. }
        | Rule::Renban { cells }
        | Rule::Palindrome { cells }
        | Rule::Between { cells }
        | Rule::RegionSum { cells }
        | Rule::Entropic { cells }
        | Rule::Modular { cells }
        | Rule::Zipper { cells }
        | Rule::Lockout { cells, .. }
        | Rule::Quadruple { cells, .. }
        | Rule::ColumnIndexer { cells }
        | Rule::RowIndexer { cells } => cells.clone(),
        Rule::Sandwich { line, .. } | Rule::XSum { line, .. } | Rule::Skyscraper { line, .. } => {
            line.clone()
        }
        Rule::Arrow { circle, line } => circle.iter().chain(line).copied().collect(),
        Rule::Pair { cells, .. } => cells.to_vec(),
        Rule::Negative { marked, .. } => marked.iter().flatten().copied().collect(),
        Rule::Odd { cell } | Rule::Even { cell } => vec![*cell],
        Rule::Minimum { cell, than } | Rule::Maximum { cell, than } => {
            std::iter::once(cell).chain(than).copied().collect()
        }
        Rule::Clone { cells, clones } => cells.iter().chain(clones).copied().collect(),
    }
}

/// The cells whose candidates a rule's pruning reads: those it names, and
/// for minimum/maximum cells their neighbours, for indexers their rows or
/// columns.
fn affected_cells(rule: &Rule, layout: &Layout) -> Vec<usize> {
    let n = layout.size();
    let mut cells: Vec<usize> = named_cells(rule).into_iter().map(usize::from).collect();
    match rule {
        Rule::ColumnIndexer { cells: named } => {
            for &c in named {
                let row = layout.row_of(usize::from(c));
                cells.extend((0..n).map(|column| layout.cell(row, column)));
            }
        }
        Rule::RowIndexer { cells: named } => {
            for &c in named {
                let column = layout.column_of(usize::from(c));
                cells.extend((0..n).map(|row| layout.cell(row, column)));
            }
        }
        _ => {}
    }
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The orthogonal neighbours of `cell`.
pub(crate) fn orthogonal(layout: &Layout, cell: usize) -> impl Iterator<Item = usize> {
    offsets(layout, cell, &[(-1, 0), (0, -1), (0, 1), (1, 0)])
}

/// The cells at the given (row, column) offsets from `cell` that are on
/// the board.
pub(crate) fn offsets(
    layout: &Layout,
    cell: usize,
    steps: &'static [(i32, i32)],
) -> impl Iterator<Item = usize> {
    let n = layout.size() as i32;
    let (r, c) = (layout.row_of(cell) as i32, layout.column_of(cell) as i32);
    steps.iter().filter_map(move |&(dr, dc)| {
        let (r2, c2) = (r + dr, c + dc);
        ((0..n).contains(&r2) && (0..n).contains(&c2)).then_some((r2 * n + c2) as usize)
    })
}

/// A knight's moves.
pub(crate) const KNIGHT: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// A king's diagonal moves (its straight moves stay in a row or column).
pub(crate) const KING: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Whether digits `a` and `b` stand in `kind`'s relation with `value`.
pub(crate) fn related(kind: PairKind, value: u32, a: u32, b: u32) -> bool {
    match kind {
        PairKind::Difference => a.abs_diff(b) == value,
        PairKind::Ratio => a == value * b || b == value * a,
        PairKind::Sum => a + b == value,
    }
}

fn validate_rule(rule: &Rule, layout: &Layout) -> Result<(), PuzzleError> {
    let cells = layout.cells();
    if let Some(&cell) = named_cells(rule).iter().find(|&&c| usize::from(c) >= cells) {
        return Err(PuzzleError::CellOutside {
            rule: rule.name(),
            cell: usize::from(cell),
            cells,
        });
    }
    match rule {
        Rule::Windoku if layout.size() != 9 => Err(PuzzleError::Windoku(layout.size())),
        Rule::Disjoint if layout.box_shape().is_none() => Err(PuzzleError::Disjoint),
        Rule::Clone { cells, clones } if cells.len() != clones.len() => {
            Err(PuzzleError::CloneLength {
                cells: cells.len(),
                clones: clones.len(),
            })
        }
        Rule::Quadruple { digits, .. } => match digits
            .iter()
            .find(|&&d| d == 0 || usize::from(d) > layout.size())
        {
            Some(&digit) => Err(PuzzleError::RuleDigit {
                rule: rule.name(),
                digit,
                size: layout.size(),
            }),
            None => Ok(()),
        },
        _ => Ok(()),
    }
}

/// Whether `givens` holds one digit (or 0) per cell of `layout`, none above
/// its size.
fn check_givens(layout: &Layout, givens: &[u8]) -> Result<(), PuzzleError> {
    let size = layout.size();
    let cells = layout.cells();
    if givens.len() != cells {
        return Err(PuzzleError::GivenCount {
            size,
            expected: cells,
            found: givens.len(),
        });
    }
    if let Some((cell, &digit)) = givens
        .iter()
        .enumerate()
        .find(|(_, &d)| usize::from(d) > size)
    {
        return Err(PuzzleError::Digit {
            cell: layout.name(cell),
            digit,
            size,
        });
    }
    Ok(())
}

/// Words of a bit set over the cells of the largest board.
pub(crate) const CELL_WORDS: usize = super::layout::MAX_CELLS.div_ceil(64);

/// Calls `f` with each set bit's position in `words` (bit `i % 64` of word
/// `i / 64`), lowest first.
fn for_bits(words: &[u64], mut f: impl FnMut(usize)) {
    for (w, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1; // clears the lowest set bit
        }
    }
}

/// Gathers the tables while the rules are read.
struct Builder<'a> {
    layout: &'a Layout,
    full: u32,
    houses: Vec<House>,
    house_cells: Vec<u16>,
    /// Extra peers (anti-knight, anti-king), per cell.
    extra_peers: Vec<Vec<u16>>,
    /// Relations by cell pair (lower cell first), AND-ed together.
    relations: BTreeMap<(u16, u16), [u32; MAX_SIZE]>,
    domain: Vec<u32>,
    pruned: Vec<usize>,
}

impl<'a> Builder<'a> {
    fn new(layout: &'a Layout) -> Self {
        let n = layout.size();
        // The low n bits: every digit.
        let full = u32::MAX >> (32 - n);
        Builder {
            layout,
            full,
            houses: Vec::new(),
            house_cells: Vec::new(),
            extra_peers: vec![Vec::new(); layout.cells()],
            relations: BTreeMap::new(),
            domain: vec![full; layout.cells()],
            pruned: Vec::new(),
        }
    }

    fn house(&mut self, mut cells: Vec<usize>, label: Label, rule: Option<usize>) {
        cells.sort_unstable();
        cells.dedup();
        let start = self.house_cells.len() as u32;
        self.house_cells.extend(cells.iter().map(|&c| c as u16));
        self.houses.push(House {
            start,
            len: cells.len() as u32,
            full: cells.len() == self.layout.size(),
            label,
            rule,
        });
    }

    fn layout_houses(&mut self) {
        let layout = self.layout;
        let n = layout.size();
        for row in 0..n {
            self.house(
                (0..n).map(|c| layout.cell(row, c)).collect(),
                Label::Row(row + 1),
                None,
            );
        }
        for column in 0..n {
            self.house(
                (0..n).map(|r| layout.cell(r, column)).collect(),
                Label::Column(column + 1),
                None,
            );
        }
        // Regions numbered in reading order of their first cells.
        let mut order: Vec<usize> = Vec::new();
        for cell in 0..layout.cells() {
            let region = layout.region_of(cell);
            if !order.contains(&region) {
                order.push(region);
            }
        }
        let boxed = layout.box_shape().is_some();
        for (number, &region) in order.iter().enumerate() {
            let label = if boxed {
                Label::Box(number + 1)
            } else {
                Label::Region(number + 1)
            };
            self.house(layout.region_cells(region).collect(), label, None);
        }
    }

    fn relation(&mut self, a: usize, b: usize, allow: impl Fn(u32, u32) -> bool) {
        let n = self.layout.size() as u32;
        if a == b {
            for d in 1..=n {
                if !allow(d, d) {
                    self.domain[a] &= !(1 << (d - 1));
                }
            }
            return;
        }
        let key = (a.min(b) as u16, a.max(b) as u16);
        let full = self.full;
        let table = self.relations.entry(key).or_insert([full; MAX_SIZE]);
        for da in 1..=n {
            for db in 1..=n {
                if !allow(da, db) {
                    table[da as usize - 1] &= !(1 << (db - 1));
                }
            }
        }
    }

    fn rule(&mut self, index: usize, rule: &Rule, extra: &mut usize) -> Result<(), PuzzleError> {
        let layout = self.layout;
        let n = layout.size();
        match rule {
            Rule::Diagonal { falling } => {
                let cells = (0..n)
                    .map(|i| layout.cell(if *falling { i } else { n - 1 - i }, i))
                    .collect();
                self.house(cells, Label::Diagonal { falling: *falling }, Some(index));
            }
            Rule::Windoku => {
                for (w, (top, left)) in [(1, 1), (1, 5), (5, 1), (5, 5)].into_iter().enumerate() {
                    let cells = (0..9)
                        .map(|i| layout.cell(top + i / 3, left + i % 3))
                        .collect();
                    self.house(cells, Label::Window(w + 1), Some(index));
                }
            }
            Rule::Disjoint => {
                let (rows, columns) = layout.box_shape().ok_or(PuzzleError::Disjoint)?;
                for group in 0..n {
                    let cells = (0..layout.cells())
                        .filter(|&c| {
                            (layout.row_of(c) % rows) * columns + layout.column_of(c) % columns
                                == group
                        })
                        .collect();
                    self.house(cells, Label::Disjoint(group + 1), Some(index));
                }
            }
            Rule::ExtraRegion { cells } | Rule::Killer { cells, .. } => {
                let mut list: Vec<usize> = cells.iter().map(|&c| usize::from(c)).collect();
                list.sort_unstable();
                list.dedup();
                if list.len() > n {
                    return Err(PuzzleError::HouseTooLarge {
                        rule: rule.name(),
                        first: layout.name(list[0]),
                        cells: list.len(),
                        size: n,
                    });
                }
                let label = if let Rule::ExtraRegion { .. } = rule {
                    *extra += 1;
                    Label::Extra(*extra)
                } else {
                    self.pruned.push(index);
                    Label::Cage(list.first().copied().unwrap_or(0))
                };
                if list.len() >= 2 {
                    self.house(list, label, Some(index));
                }
            }
            Rule::AntiKnight | Rule::AntiKing => {
                let steps: &'static [(i32, i32)] = if let Rule::AntiKnight = rule {
                    &KNIGHT
                } else {
                    &KING
                };
                for cell in 0..layout.cells() {
                    let others: Vec<usize> = offsets(layout, cell, steps).collect();
                    self.extra_peers[cell].extend(others.into_iter().map(|c| c as u16));
                }
            }
            Rule::NonConsecutive => {
                for cell in 0..layout.cells() {
                    for other in orthogonal(layout, cell).filter(|&o| o > cell) {
                        self.relation(cell, other, |a, b| a.abs_diff(b) != 1);
                    }
                }
            }
            Rule::Pair { kind, cells, value } => {
                let (kind, value) = (*kind, *value);
                self.relation(usize::from(cells[0]), usize::from(cells[1]), |a, b| {
                    related(kind, value, a, b)
                });
            }
            Rule::Negative {
                kind,
                values,
                marked,
            } => {
                let kind = *kind;
                for cell in 0..layout.cells() {
                    for other in orthogonal(layout, cell).filter(|&o| o > cell) {
                        let pair = [cell as u16, other as u16];
                        if marked.iter().any(|m| *m == pair || [m[1], m[0]] == pair) {
                            continue;
                        }
                        self.relation(cell, other, |a, b| {
                            !values.iter().any(|&v| related(kind, v, a, b))
                        });
                    }
                }
            }
            Rule::Clone { cells, clones } => {
                for (&a, &b) in cells.iter().zip(clones) {
                    self.relation(usize::from(a), usize::from(b), |x, y| x == y);
                }
            }
            _ => self.pruned.push(index),
        }
        Ok(())
    }

    fn finish(self, givens: Vec<u8>, rules: Vec<Rule>) -> Puzzle {
        let layout = self.layout.clone();
        let cells = layout.cells();
        let houses = &self.houses;
        let house_of = |h: usize| {
            let house = &houses[h];
            let start = house.start as usize;
            &self.house_cells[start..start + house.len as usize]
        };
        // Bit sets over cells and over houses, built with ORs: no sorting
        // or list per cell while the tables are made.
        let cell_words = cells.div_ceil(64);
        let house_words = houses.len().div_ceil(64);
        let mut house_bits = vec![[0u64; CELL_WORDS]; houses.len()];
        let mut cell_house_bits = vec![0u64; cells * house_words];
        for (h, bits) in house_bits.iter_mut().enumerate() {
            for &c in house_of(h) {
                let c = usize::from(c);
                bits[c / 64] |= 1 << (c % 64);
                cell_house_bits[c * house_words + h / 64] |= 1 << (h % 64);
            }
        }
        let houses_of = |cell: usize, out: &mut Vec<u16>, full_only: bool| {
            let words = &cell_house_bits[cell * house_words..(cell + 1) * house_words];
            for_bits(words, |h| {
                if !full_only || houses[h].full {
                    out.push(h as u16);
                }
            });
        };
        let cell_full = PerCell::build(cells, |cell, out| houses_of(cell, out, true));
        let mut peer_bits = vec![0u64; cells * cell_words];
        for (cell, bits) in peer_bits.chunks_exact_mut(cell_words).enumerate() {
            let words = &cell_house_bits[cell * house_words..(cell + 1) * house_words];
            for_bits(words, |h| {
                for (b, &w) in bits.iter_mut().zip(&house_bits[h]) {
                    *b |= w;
                }
            });
            for &q in &self.extra_peers[cell] {
                bits[usize::from(q) / 64] |= 1 << (q % 64);
            }
            bits[cell / 64] &= !(1 << (cell % 64));
        }
        let peers = PerCell::build(cells, |cell, out| {
            for_bits(
                &peer_bits[cell * cell_words..(cell + 1) * cell_words],
                |q| out.push(q as u16),
            );
        });
        let mut edges = vec![Vec::new(); cells];
        let mut tables = Vec::with_capacity(self.relations.len());
        for (&(a, b), table) in &self.relations {
            let t = tables.len() as u16;
            tables.push(*table);
            edges[usize::from(a)].push((b, t));
            edges[usize::from(b)].push((a, t));
        }
        let mut cell_rules = vec![Vec::new(); cells];
        let mut rule_cells = Vec::with_capacity(self.pruned.len());
        for (position, &r) in self.pruned.iter().enumerate() {
            let affected = affected_cells(&rules[r], &layout);
            for &c in &affected {
                cell_rules[c].push(position as u16);
            }
            rule_cells.push(affected.into_iter().map(|c| c as u16).collect());
        }
        let mut partial = vec![0u64; house_words];
        for (h, house) in houses.iter().enumerate() {
            if !house.full {
                partial[h / 64] |= 1 << (h % 64);
            }
        }
        let plain = partial.iter().all(|&w| w == 0) && tables.is_empty() && self.pruned.is_empty();
        let full3 = if plain && (0..cells).all(|c| cell_full.of(c).len() == 3) {
            (0..cells)
                .map(|c| {
                    let f = cell_full.of(c);
                    [f[0], f[1], f[2]]
                })
                .collect()
        } else {
            Vec::new()
        };
        // A board of rows, columns and boxes only: the search's `boxed.rs`
        // works its locked candidates out without the crossings' lists.
        let boxed =
            !full3.is_empty() && houses.len() == 3 * layout.size() && layout.box_shape().is_some();
        let (crossings, crossing_items, segments, house_crossings) = if boxed {
            let none = PerCell::build(houses.len(), |_, _| {});
            (Vec::new(), Vec::new(), PerCell::build(0, |_, _| {}), none)
        } else {
            crossings_of(houses, &house_bits)
        };
        Puzzle {
            plain,
            full3,
            boxed,
            layout,
            givens,
            rules,
            houses: self.houses,
            house_cells: self.house_cells,
            house_words,
            cell_house_bits,
            partial,
            cell_full,
            cell_words,
            peer_bits,
            house_bits: house_bits
                .iter()
                .flat_map(|bits| bits[..cell_words].iter().copied())
                .collect(),
            peers,
            edges: PerCell::from_lists(edges),
            tables,
            domain: self.domain,
            pruned: self.pruned,
            cell_rules: PerCell::from_lists(cell_rules),
            rule_cells: PerCell::from_lists(rule_cells),
            crossings,
            crossing_items,
            segments,
            house_crossings,
        }
    }
}

/// A board's crossings, their items, its segments and each house's
/// crossings: see [`Puzzle::crossings`].
type Crossings = (Vec<Crossing>, Vec<u32>, PerCell<u16>, PerCell<u32>);

/// The crossings of houses `houses` (cells as bit sets in `house_bits`):
/// pairs of full houses sharing two or more cells.
fn crossings_of(houses: &[House], house_bits: &[[u64; CELL_WORDS]]) -> Crossings {
    // The distinct shared sets are the segments, each house knowing those
    // inside it (largest first, for the cover of its rests below).
    let full: Vec<usize> = (0..houses.len()).filter(|&h| houses[h].full).collect();
    let mut pairs: Vec<(usize, usize, u32)> = Vec::new();
    let mut segment_of: BTreeMap<[u64; CELL_WORDS], u32> = BTreeMap::new();
    let mut segment_bits: Vec<[u64; CELL_WORDS]> = Vec::new();
    let mut house_segments: Vec<Vec<u32>> = vec![Vec::new(); houses.len()];
    for (i, &a) in full.iter().enumerate() {
        for &b in &full[i + 1..] {
            let mut common = [0u64; CELL_WORDS];
            for (w, c) in common.iter_mut().enumerate() {
                *c = house_bits[a][w] & house_bits[b][w];
            }
            if common.iter().map(|w| w.count_ones()).sum::<u32>() < 2 {
                continue;
            }
            let id = *segment_of.entry(common).or_insert_with(|| {
                segment_bits.push(common);
                segment_bits.len() as u32 - 1
            });
            for h in [a, b] {
                if !house_segments[h].contains(&id) {
                    house_segments[h].push(id);
                }
            }
            pairs.push((a, b, id));
        }
    }
    let size_of = |id: u32| -> u32 {
        segment_bits[id as usize]
            .iter()
            .map(|w| w.count_ones())
            .sum()
    };
    for list in &mut house_segments {
        list.sort_by_key(|&id| std::cmp::Reverse(size_of(id)));
    }
    let count = segment_bits.len() as u32;
    let mut crossings = Vec::new();
    let mut crossing_items = Vec::new();
    for (a, b, id) in pairs {
        let shared = &segment_bits[id as usize];
        let rest = |h: usize| {
            let mut left = house_bits[h];
            for (l, s) in left.iter_mut().zip(shared) {
                *l &= !s;
            }
            left
        };
        let (rest_a, rest_b) = (rest(a), rest(b));
        if rest_a.iter().all(|&w| w == 0) || rest_b.iter().all(|&w| w == 0) {
            continue;
        }
        let start = crossing_items.len() as u32;
        let mut mid = start;
        for (i, (h, mut left)) in [(a, rest_a), (b, rest_b)].into_iter().enumerate() {
            // Segments that fit in what is left of the rest, then its
            // cells one by one.
            for &s in &house_segments[h] {
                let segment = &segment_bits[s as usize];
                if segment.iter().zip(&left).all(|(s, l)| s & !l == 0) {
                    crossing_items.push(s);
                    for (l, s) in left.iter_mut().zip(segment) {
                        *l &= !s;
                    }
                }
            }
            for_bits(&left, |c| crossing_items.push(count + c as u32));
            if i == 0 {
                mid = crossing_items.len() as u32;
            }
        }
        crossings.push(Crossing {
            houses: [a as u16, b as u16],
            shared: id,
            bounds: [start, mid, crossing_items.len() as u32],
        });
    }
    let house_crossings = PerCell::build(houses.len(), |h, out| {
        out.extend(
            (0..crossings.len() as u32)
                .filter(|&x| crossings[x as usize].houses.contains(&(h as u16))),
        );
    });
    let segments = PerCell::build(segment_bits.len(), |s, out| {
        for_bits(&segment_bits[s], |c| out.push(c as u16));
    });
    (crossings, crossing_items, segments, house_crossings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn make(layout: Layout, rules: Vec<Rule>) -> Result<Puzzle, PuzzleError> {
        let cells = layout.cells();
        Puzzle::new(layout, vec![0; cells], rules)
    }

    #[test]
    fn parts_that_do_not_fit_are_errors() {
        let nine = Layout::standard(9).unwrap();
        let err = Puzzle::new(nine.clone(), vec![0; 80], vec![]).unwrap_err();
        assert_eq!(err.to_string(), "80 givens for a 9x9 board of 81 cells");
        let mut givens = vec![0; 81];
        givens[10] = 10;
        let err = Puzzle::new(nine.clone(), givens, vec![]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "given 10 at r2c2 is above the board's size 9"
        );
        let err = make(nine.clone(), vec![Rule::Odd { cell: 81 }]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "odd names cell 81, outside the 81 cells of the board"
        );
        let err = make(Layout::standard(6).unwrap(), vec![Rule::Windoku]).unwrap_err();
        assert_eq!(err.to_string(), "windoku needs a 9x9 board, not 6x6");
        let regions: Vec<u8> = (0..25).map(|c| (c / 5) as u8).collect();
        let jigsaw = Layout::with_regions(5, &regions).unwrap();
        assert_eq!(
            make(jigsaw, vec![Rule::Disjoint]).unwrap_err(),
            PuzzleError::Disjoint
        );
        let big = Rule::ExtraRegion {
            cells: (0..10).collect(),
        };
        assert!(matches!(
            make(nine.clone(), vec![big]),
            Err(PuzzleError::HouseTooLarge { cells: 10, .. })
        ));
        let clone = Rule::Clone {
            cells: vec![1, 2],
            clones: vec![3],
        };
        assert!(matches!(
            make(nine.clone(), vec![clone]),
            Err(PuzzleError::CloneLength { .. })
        ));
        let quad = Rule::Quadruple {
            cells: vec![0, 1, 9, 10],
            digits: vec![0],
        };
        assert!(matches!(
            make(nine, vec![quad]),
            Err(PuzzleError::RuleDigit { digit: 0, .. })
        ));
    }

    #[test]
    fn rule_names_are_distinct_in_first_order() {
        let rules = vec![
            Rule::AntiKnight,
            Rule::Killer {
                cells: vec![0, 1],
                sum: Some(3),
            },
            Rule::Diagonal { falling: true },
            Rule::Killer {
                cells: vec![2, 3],
                sum: None,
            },
            Rule::Diagonal { falling: false },
        ];
        let puzzle = make(Layout::standard(9).unwrap(), rules).unwrap();
        assert_eq!(
            puzzle.rule_names(),
            ["anti-knight", "killer cage", "diagonal"]
        );
    }
}
