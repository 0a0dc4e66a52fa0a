//! The variant rules: one value per rule element of a puzzle, its cells
//! named by index in reading order (`row * size + column`, both from 0).
//!
//! A rule is data here; [`super::search`] prunes candidates with it and
//! [`super::check`] checks a grid against it. Digits are 1..=size.

/// Which pairs a `negative` rule forbids among orthogonal neighbours that
/// carry no dot of that kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PairKind {
    /// Kropki white dots: digits differing by the value.
    Difference,
    /// Kropki black dots: one digit the value times the other.
    Ratio,
    /// XV: digits summing to the value (X = 10, V = 5).
    Sum,
}

/// One rule element of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A main diagonal is a house: `falling` is top-left to bottom-right
    /// (f-puzzles `diagonal-`), otherwise bottom-left to top-right
    /// (`diagonal+`).
    Diagonal {
        /// Which diagonal.
        falling: bool,
    },
    /// 9x9 only: the four 3x3 windows with top-left cells r2c2, r2c6, r6c2,
    /// r6c6 are houses.
    Windoku,
    /// The cells at the same place in every box form a house (boxed
    /// layouts only).
    Disjoint,
    /// Equal digits never a chess knight's move apart.
    AntiKnight,
    /// Equal digits never a chess king's move apart (diagonal touch).
    AntiKing,
    /// Orthogonal neighbours never differ by 1.
    NonConsecutive,
    /// The cells form a house: no digit twice (and every digit, when it
    /// has `size` cells).
    ExtraRegion {
        /// The region's cells.
        cells: Vec<u16>,
    },
    /// Killer cage: no digit twice; the digits sum to `sum` when it has one.
    Killer {
        /// The cage's cells.
        cells: Vec<u16>,
        /// The sum, if the cage is clued.
        sum: Option<u32>,
    },
    /// Little killer: the digits on the diagonal `cells` sum to `sum`
    /// (digits may repeat).
    LittleKiller {
        /// The cells along the clue's diagonal.
        cells: Vec<u16>,
        /// Their sum.
        sum: u32,
    },
    /// Sandwich: in `line` (a whole row or column), the digits strictly
    /// between 1 and `size` sum to `sum`.
    Sandwich {
        /// The row or column, in order from the clue.
        line: Vec<u16>,
        /// The sum between the 1 and the highest digit.
        sum: u32,
    },
    /// X-sum: the first X cells of `line`, X being the first cell's digit,
    /// sum to `sum`.
    XSum {
        /// The row or column, in order from the clue.
        line: Vec<u16>,
        /// The sum of the first X digits.
        sum: u32,
    },
    /// Skyscraper: seen from the clue, `count` digits are higher than
    /// every digit before them.
    Skyscraper {
        /// The row or column, in order from the clue.
        line: Vec<u16>,
        /// How many are seen.
        count: u32,
    },
    /// Thermometer from its bulb `cells[0]`: digits increase along it,
    /// strictly, or (slow) never decrease.
    Thermometer {
        /// The cells from the bulb.
        cells: Vec<u16>,
        /// Slow: equal neighbours allowed.
        slow: bool,
    },
    /// Arrow: the digits on `line` sum to the number the circle's cells
    /// read as, in order (a two-cell pill `3`,`5` reads 35).
    Arrow {
        /// The circle or pill cells, in reading order of the number.
        circle: Vec<u16>,
        /// One arrow's cells, the circle excluded.
        line: Vec<u16>,
    },
    /// A dot or XV sign between two orthogonal neighbours.
    Pair {
        /// What relation the mark states.
        kind: PairKind,
        /// The two cells.
        cells: [u16; 2],
        /// Difference, ratio or sum.
        value: u32,
    },
    /// No pair of orthogonal neighbours outside `marked` has a relation of
    /// `kind` with any of `values` (f-puzzles `negative`).
    Negative {
        /// The relation ruled out.
        kind: PairKind,
        /// The values ruled out (the values of that kind's marks, or its
        /// default).
        values: Vec<u32>,
        /// The pairs that carry a mark of this kind, each sorted.
        marked: Vec<[u16; 2]>,
    },
    /// The cell holds an odd digit.
    Odd {
        /// The cell.
        cell: u16,
    },
    /// The cell holds an even digit.
    Even {
        /// The cell.
        cell: u16,
    },
    /// The cell is lower than each cell of `than`: its orthogonal
    /// neighbours that are not minimum cells too (f-puzzles compares a
    /// minimum only with the cells around it that are not).
    Minimum {
        /// The cell.
        cell: u16,
        /// The cells it is lower than.
        than: Vec<u16>,
    },
    /// The cell is higher than each cell of `than`: its orthogonal
    /// neighbours that are not maximum cells too.
    Maximum {
        /// The cell.
        cell: u16,
        /// The cells it is higher than.
        than: Vec<u16>,
    },
    /// German whispers: neighbours on the line differ by at least `gap`.
    Whispers {
        /// The line's cells in order.
        cells: Vec<u16>,
        /// The least difference (5 on 9x9 by default).
        gap: u32,
    },
    /// Renban: the line holds distinct consecutive digits, in any order.
    Renban {
        /// The line's cells.
        cells: Vec<u16>,
    },
    /// Palindrome: the line reads the same from either end.
    Palindrome {
        /// The line's cells in order.
        cells: Vec<u16>,
    },
    /// Between line: every cell between the ends holds a digit strictly
    /// between the ends' digits.
    Between {
        /// The line's cells in order, ends included.
        cells: Vec<u16>,
    },
    /// Region-sum line: the line's parts in each region (boxes or
    /// regions) sum to the same total.
    RegionSum {
        /// The line's cells in order.
        cells: Vec<u16>,
    },
    /// Entropic line: any three consecutive cells hold one low, one middle
    /// and one high digit (1-3, 4-6, 7-9 on 9x9; the size split in thirds);
    /// on a line of two cells, the two differ in third.
    Entropic {
        /// The line's cells in order.
        cells: Vec<u16>,
    },
    /// Modular line: any three consecutive cells hold digits of different
    /// remainders mod 3; on a line of two cells, the two differ mod 3.
    Modular {
        /// The line's cells in order.
        cells: Vec<u16>,
    },
    /// Zipper line: cells the same distance from the line's middle sum to
    /// the same total (the middle cell's digit on an odd-length line).
    Zipper {
        /// The line's cells in order.
        cells: Vec<u16>,
    },
    /// Lockout line: its ends differ by at least `gap`, and no other cell
    /// of the line holds a digit between the ends' digits, inclusive.
    Lockout {
        /// The line's cells in order, ends included.
        cells: Vec<u16>,
        /// The least difference of the ends (4 on 9x9 by default).
        gap: u32,
    },
    /// Clone: `cells[i]` holds the same digit as `clones[i]`.
    Clone {
        /// The original cells.
        cells: Vec<u16>,
        /// Their clones, in the same order.
        clones: Vec<u16>,
    },
    /// Quadruple: every digit of `digits` (with repeats) appears among the
    /// four cells around the clue.
    Quadruple {
        /// The four cells.
        cells: Vec<u16>,
        /// The digits that must appear.
        digits: Vec<u8>,
    },
    /// Column indexer: a digit d in cell (r, c) means cell (r, d) holds
    /// c + 1 (columns from 1).
    ColumnIndexer {
        /// The indexer cells.
        cells: Vec<u16>,
    },
    /// Row indexer: a digit d in cell (r, c) means cell (d, c) holds r + 1.
    RowIndexer {
        /// The indexer cells.
        cells: Vec<u16>,
    },
}

impl Rule {
    /// The rule's name as records print it (`rules`, and a conflict's
    /// `rule`): `diagonal`, `anti-knight`, `killer cage`, `thermometer`, ...
    pub fn name(&self) -> &'static str {
        match self {
            Rule::Diagonal { .. } => "diagonal",
            Rule::Windoku => "windoku",
            Rule::Disjoint => "disjoint",
            Rule::AntiKnight => "anti-knight",
            Rule::AntiKing => "anti-king",
            Rule::NonConsecutive => "non-consecutive",
            Rule::ExtraRegion { .. } => "extra region",
            Rule::Killer { .. } => "killer cage",
            Rule::LittleKiller { .. } => "little killer",
            Rule::Sandwich { .. } => "sandwich",
            Rule::XSum { .. } => "x-sum",
            Rule::Skyscraper { .. } => "skyscraper",
            Rule::Thermometer { slow: false, .. } => "thermometer",
            Rule::Thermometer { slow: true, .. } => "slow thermometer",
            Rule::Arrow { .. } => "arrow",
            Rule::Pair {
                kind: PairKind::Difference,
                ..
            } => "difference dot",
            Rule::Pair {
                kind: PairKind::Ratio,
                ..
            } => "ratio dot",
            Rule::Pair {
                kind: PairKind::Sum,
                ..
            } => "xv",
            Rule::Negative { .. } => "negative",
            Rule::Odd { .. } => "odd",
            Rule::Even { .. } => "even",
            Rule::Minimum { .. } => "minimum",
            Rule::Maximum { .. } => "maximum",
            Rule::Whispers { .. } => "whispers",
            Rule::Renban { .. } => "renban",
            Rule::Palindrome { .. } => "palindrome",
            Rule::Between { .. } => "between line",
            Rule::RegionSum { .. } => "region-sum line",
            Rule::Entropic { .. } => "entropic line",
            Rule::Modular { .. } => "modular line",
            Rule::Zipper { .. } => "zipper line",
            Rule::Lockout { .. } => "lockout line",
            Rule::Clone { .. } => "clone",
            Rule::Quadruple { .. } => "quadruple",
            Rule::ColumnIndexer { .. } => "column indexer",
            Rule::RowIndexer { .. } => "row indexer",
        }
    }
}
