//! A step of logic: the technique, its difficulty, the cells and digits
//! that justify it, and what it places or eliminates.

use std::fmt::{self, Write as _};

use super::grid::{house_name, Grid};
use super::proof::{Candidate, Chains};
use crate::board::Cell;

/// A difficulty on Sudoku Explainer's scale, in tenths (`12` is 1.2), so
/// that sums and comparisons are exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Difficulty(pub u16);

impl Difficulty {
    /// What Sudoku Explainer prints for a puzzle its ladder cannot finish.
    pub const BEYOND: Difficulty = Difficulty(200);

    /// The difficulty as a number, e.g. `4.2`.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Difficulty {
    /// Writes one decimal, as `serate` prints it: `4.2`, `20.0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// The techniques of Sudoku Explainer's ladder that this engine applies,
/// by the names players know them by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// The only place for a digit in a box.
    HiddenSingleBox,
    /// The only place for a digit in a row.
    HiddenSingleRow,
    /// The only place for a digit in a column.
    HiddenSingleColumn,
    /// A box's digit locked in a line leaves a hidden single elsewhere.
    DirectPointing,
    /// A line's digit locked in a box leaves a hidden single elsewhere.
    DirectClaiming,
    /// A hidden pair leaves a hidden single in its house.
    DirectHiddenPair,
    /// The only candidate left in a cell.
    NakedSingle,
    /// A hidden triple leaves a hidden single in its house.
    DirectHiddenTriple,
    /// A box's digit locked in a line.
    Pointing,
    /// A line's digit locked in a box.
    Claiming,
    /// Two cells of a house holding only the same two digits.
    NakedPair,
    /// A digit in two rows (columns) confined to two columns (rows).
    XWing,
    /// Two digits confined to two cells of a house.
    HiddenPair,
    /// Three cells of a house holding only three digits.
    NakedTriple,
    /// A digit in three rows (columns) confined to three columns (rows).
    Swordfish,
    /// Three digits confined to three cells of a house.
    HiddenTriple,
    /// Four cells of a house holding only four digits.
    NakedQuad,
    /// A digit in four rows (columns) confined to four columns (rows).
    Jellyfish,
    /// Four digits confined to four cells of a house.
    HiddenQuad,
    /// Two parallel lines' strong links on a digit, joined at one end.
    Skyscraper,
    /// A row's and a column's strong links on a digit, joined in a box.
    TwoStringKite,
    /// A line's and a box's strong links on a digit, joined by a weak link.
    TurbotCrane,
    /// A line's strong link and a box holding the digit in one row and one
    /// column only.
    EmptyRectangle,
    /// A skyscraper with a grouped link (the digit in two boxes of a line).
    GroupedSkyscraper,
    /// A 2-string kite with a grouped link.
    GroupedTwoStringKite,
    /// A bivalue pivot and two bivalue pincers (xy, xz, yz).
    XyWing,
    /// A trivalue pivot and two bivalue pincers within its digits.
    XyzWing,
    /// Three strong links on a digit in parallel lines.
    ThreeSkyscrapers,
    /// Three strong links on a digit in rows and columns.
    ThreeStringKite,
    /// Three strong links on a digit, one or more in a box.
    ThreeStrongLinksWithBox,
    /// Three strong links on a digit, one or more grouped.
    GroupedThreeStrongLinks,
    /// Three mutually seeing cells holding four digits and a bivalue cell.
    WxyzWing,
    /// Four mutually seeing cells holding five digits and a bivalue cell.
    VwxyzWing,
    /// A unique rectangle whose one cell with extra candidates loses the
    /// rectangle's digits.
    UniqueRectangleType1,
    /// A unique rectangle whose extra cells share one extra digit, removed
    /// from the cells seeing them all.
    UniqueRectangleType2,
    /// A unique rectangle whose two extra cells form a set with others.
    UniqueRectangleType3,
    /// A unique rectangle with one digit locked in its extra cells' house.
    UniqueRectangleType4,
    /// A unique loop (6 cells or more), type 1.
    UniqueLoopType1,
    /// A unique loop, type 2.
    UniqueLoopType2,
    /// A unique loop, type 3.
    UniqueLoopType3,
    /// A unique loop, type 4.
    UniqueLoopType4,
    /// BUG with one cell of three candidates or more.
    BugType1,
    /// BUG whose extra cells share one extra digit.
    BugType2,
    /// BUG whose extra digits form a naked set with other cells.
    BugType3,
    /// BUG with two extra cells sharing a digit locked in their house.
    BugType4,
    /// Two cells whose candidate combinations an excluder rules out.
    AlignedPairExclusion,
    /// Three cells whose candidate combinations excluders rule out.
    AlignedTripletExclusion,
    /// A loop of one digit's strong and weak links (Sudoku Explainer's
    /// bidirectional X-cycle).
    BidirectionalXCycle,
    /// A bidirectional X-cycle through four cells.
    GeneralizedXWing,
    /// A loop of bivalue cells (bidirectional Y-cycle).
    BidirectionalYCycle,
    /// A loop mixing both link kinds (bidirectional cycle).
    BidirectionalCycle,
    /// One digit's links lead from an assumption to its own negation.
    ForcingXChain,
    /// A forcing X-chain of six links' states.
    TurbotFish,
    /// A forcing chain using both link kinds.
    ForcingChain,
    /// A candidate whose assumption makes a single digit contradict itself.
    NishioForcingChains,
    /// Every candidate of a cell implies the same conclusion.
    CellForcingChains,
    /// Every place of a digit in a house implies the same conclusion.
    RegionForcingChains,
    /// Dynamic cell forcing chains at a nesting level (0-4).
    DynamicCellForcingChains(u8),
    /// Dynamic region forcing chains at a nesting level (0-4).
    DynamicRegionForcingChains(u8),
    /// A candidate both true and false implies the same conclusion.
    DynamicDoubleForcingChains(u8),
    /// A candidate's assumption leads to a contradiction.
    DynamicContradictionForcingChains(u8),
}

/// The names of the dynamic chain techniques by kind (cell, region,
/// double, contradiction) and nesting level.
const DYNAMIC_NAMES: [[&str; 5]; 4] = [
    [
        "Dynamic Cell Forcing Chains",
        "Dynamic Cell Forcing Chains (+)",
        "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
    ],
    [
        "Dynamic Region Forcing Chains",
        "Dynamic Region Forcing Chains (+)",
        "Dynamic Region Forcing Chains (+ Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
    ],
    [
        "Dynamic Double Forcing Chains",
        "Dynamic Double Forcing Chains (+)",
        "Dynamic Double Forcing Chains (+ Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains",
        "Dynamic Contradiction Forcing Chains (+)",
        "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
    ],
];

impl Technique {
    /// Every technique of the ladder (each dynamic kind at each nesting
    /// level), in the ladder's order of families.
    pub const ALL: [Technique; 78] = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleRow,
        Technique::HiddenSingleColumn,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotCrane,
        Technique::EmptyRectangle,
        Technique::GroupedSkyscraper,
        Technique::GroupedTwoStringKite,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::ThreeSkyscrapers,
        Technique::ThreeStringKite,
        Technique::ThreeStrongLinksWithBox,
        Technique::GroupedThreeStrongLinks,
        Technique::WxyzWing,
        Technique::VwxyzWing,
        Technique::UniqueRectangleType1,
        Technique::UniqueRectangleType2,
        Technique::UniqueRectangleType3,
        Technique::UniqueRectangleType4,
        Technique::UniqueLoopType1,
        Technique::UniqueLoopType2,
        Technique::UniqueLoopType3,
        Technique::UniqueLoopType4,
        Technique::BugType1,
        Technique::BugType2,
        Technique::BugType3,
        Technique::BugType4,
        Technique::AlignedPairExclusion,
        Technique::AlignedTripletExclusion,
        Technique::BidirectionalXCycle,
        Technique::GeneralizedXWing,
        Technique::BidirectionalYCycle,
        Technique::BidirectionalCycle,
        Technique::ForcingXChain,
        Technique::TurbotFish,
        Technique::ForcingChain,
        Technique::NishioForcingChains,
        Technique::CellForcingChains,
        Technique::RegionForcingChains,
        Technique::DynamicCellForcingChains(0),
        Technique::DynamicCellForcingChains(1),
        Technique::DynamicCellForcingChains(2),
        Technique::DynamicCellForcingChains(3),
        Technique::DynamicCellForcingChains(4),
        Technique::DynamicRegionForcingChains(0),
        Technique::DynamicRegionForcingChains(1),
        Technique::DynamicRegionForcingChains(2),
        Technique::DynamicRegionForcingChains(3),
        Technique::DynamicRegionForcingChains(4),
        Technique::DynamicDoubleForcingChains(0),
        Technique::DynamicDoubleForcingChains(1),
        Technique::DynamicDoubleForcingChains(2),
        Technique::DynamicDoubleForcingChains(3),
        Technique::DynamicDoubleForcingChains(4),
        Technique::DynamicContradictionForcingChains(0),
        Technique::DynamicContradictionForcingChains(1),
        Technique::DynamicContradictionForcingChains(2),
        Technique::DynamicContradictionForcingChains(3),
        Technique::DynamicContradictionForcingChains(4),
    ];

    /// [`Technique::difficulty_range`] as people read it: `3.2`, or
    /// `6.6-11.9` where the step's size adds to it.
    pub fn rating_text(self) -> String {
        match self.difficulty_range() {
            (low, high) if low == high => low.to_string(),
            (low, high) => format!("{low}-{high}"),
        }
    }

    /// The least and the greatest difficulty a step of this technique can
    /// have (loose where the step's size adds to it: up to the highest
    /// rating known, 11.9).
    pub fn difficulty_range(self) -> (Difficulty, Difficulty) {
        use Technique::*;
        let fixed = |tenths| (Difficulty(tenths), Difficulty(tenths));
        let from = |tenths| (Difficulty(tenths), Difficulty(119));
        match self {
            FullHouse => fixed(10),
            HiddenSingleBox => fixed(12),
            HiddenSingleRow | HiddenSingleColumn => fixed(15),
            DirectPointing => fixed(17),
            DirectClaiming => fixed(19),
            DirectHiddenPair => fixed(20),
            NakedSingle => fixed(23),
            DirectHiddenTriple => fixed(25),
            Pointing => fixed(26),
            Claiming => fixed(28),
            NakedPair => fixed(30),
            XWing => fixed(32),
            HiddenPair => fixed(34),
            NakedTriple => fixed(36),
            Swordfish => fixed(38),
            HiddenTriple | Skyscraper => fixed(40),
            TwoStringKite => fixed(41),
            TurbotCrane | XyWing => fixed(42),
            XyzWing => fixed(44),
            NakedQuad => fixed(50),
            Jellyfish => fixed(52),
            HiddenQuad => fixed(54),
            BugType1 => fixed(56),
            BugType2 | BugType4 => fixed(57),
            AlignedPairExclusion => fixed(62),
            AlignedTripletExclusion => fixed(75),
            NishioForcingChains => from(75),
            CellForcingChains | RegionForcingChains => from(80),
            DynamicCellForcingChains(level)
            | DynamicRegionForcingChains(level)
            | DynamicDoubleForcingChains(level)
            | DynamicContradictionForcingChains(level) => from(85 + 5 * u16::from(level.min(4))),
            _ if self.is_chain() => from(65),
            // Turbot family, wings, unique loops, BUG type 3, 3 strong links.
            _ => from(40),
        }
    }

    /// The technique `explain` names `name`, case, spaces and hyphens
    /// ignored (`xy-wing`, `"XY-wing"`, `xywing`).
    ///
    /// ```
    /// use sudoku_engine::logic::Technique;
    ///
    /// assert_eq!(Technique::named("xy wing"), Some(Technique::XyWing));
    /// assert_eq!(Technique::named("X-Wing"), Some(Technique::XWing));
    /// assert_eq!(Technique::named("no such"), None);
    /// ```
    pub fn named(name: &str) -> Option<Technique> {
        let wanted = loose(name);
        Technique::ALL
            .into_iter()
            .find(|t| loose(t.name()) == wanted)
    }

    /// The technique's name, as `explain` prints it and JSON's `technique`
    /// and `hardest` hold it.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full house",
            Technique::HiddenSingleBox => "Hidden single in box",
            Technique::HiddenSingleRow => "Hidden single in row",
            Technique::HiddenSingleColumn => "Hidden single in column",
            Technique::DirectPointing => "Direct pointing",
            Technique::DirectClaiming => "Direct claiming",
            Technique::DirectHiddenPair => "Direct hidden pair",
            Technique::NakedSingle => "Naked single",
            Technique::DirectHiddenTriple => "Direct hidden triple",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::NakedPair => "Naked pair",
            Technique::XWing => "X-wing",
            Technique::HiddenPair => "Hidden pair",
            Technique::NakedTriple => "Naked triple",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "Hidden triple",
            Technique::NakedQuad => "Naked quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "Hidden quad",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-string kite",
            Technique::TurbotCrane => "Turbot crane",
            Technique::EmptyRectangle => "Empty rectangle",
            Technique::GroupedSkyscraper => "Grouped skyscraper",
            Technique::GroupedTwoStringKite => "Grouped 2-string kite",
            Technique::XyWing => "XY-wing",
            Technique::XyzWing => "XYZ-wing",
            Technique::ThreeSkyscrapers => "3 skyscrapers",
            Technique::ThreeStringKite => "3-string kite",
            Technique::ThreeStrongLinksWithBox => "3 strong links with a box",
            Technique::GroupedThreeStrongLinks => "Grouped 3 strong links",
            Technique::WxyzWing => "WXYZ-wing",
            Technique::VwxyzWing => "VWXYZ-wing",
            Technique::UniqueRectangleType1 => "Unique rectangle type 1",
            Technique::UniqueRectangleType2 => "Unique rectangle type 2",
            Technique::UniqueRectangleType3 => "Unique rectangle type 3",
            Technique::UniqueRectangleType4 => "Unique rectangle type 4",
            Technique::UniqueLoopType1 => "Unique loop type 1",
            Technique::UniqueLoopType2 => "Unique loop type 2",
            Technique::UniqueLoopType3 => "Unique loop type 3",
            Technique::UniqueLoopType4 => "Unique loop type 4",
            Technique::BugType1 => "BUG type 1",
            Technique::BugType2 => "BUG type 2",
            Technique::BugType3 => "BUG type 3",
            Technique::BugType4 => "BUG type 4",
            Technique::AlignedPairExclusion => "Aligned pair exclusion",
            Technique::AlignedTripletExclusion => "Aligned triplet exclusion",
            Technique::BidirectionalXCycle => "Bidirectional X-Cycle",
            Technique::GeneralizedXWing => "Generalized X-Wing",
            Technique::BidirectionalYCycle => "Bidirectional Y-Cycle",
            Technique::BidirectionalCycle => "Bidirectional Cycle",
            Technique::ForcingXChain => "Forcing X-Chain",
            Technique::TurbotFish => "Turbot Fish",
            Technique::ForcingChain => "Forcing Chain",
            Technique::NishioForcingChains => "Nishio Forcing Chains",
            Technique::CellForcingChains => "Cell Forcing Chains",
            Technique::RegionForcingChains => "Region Forcing Chains",
            Technique::DynamicCellForcingChains(level) => DYNAMIC_NAMES[0][level_index(level)],
            Technique::DynamicRegionForcingChains(level) => DYNAMIC_NAMES[1][level_index(level)],
            Technique::DynamicDoubleForcingChains(level) => DYNAMIC_NAMES[2][level_index(level)],
            Technique::DynamicContradictionForcingChains(level) => {
                DYNAMIC_NAMES[3][level_index(level)]
            }
        }
    }

    /// Whether the technique is a chain (from bidirectional cycles on),
    /// whose steps carry branches.
    pub fn is_chain(self) -> bool {
        use Technique::*;
        matches!(
            self,
            BidirectionalXCycle
                | GeneralizedXWing
                | BidirectionalYCycle
                | BidirectionalCycle
                | ForcingXChain
                | TurbotFish
                | ForcingChain
                | NishioForcingChains
                | CellForcingChains
                | RegionForcingChains
                | DynamicCellForcingChains(_)
                | DynamicRegionForcingChains(_)
                | DynamicDoubleForcingChains(_)
                | DynamicContradictionForcingChains(_)
        )
    }
}

/// A name as `Technique::named` compares it: lowercase, without spaces or
/// hyphens.
pub fn loose(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

fn level_index(level: u8) -> usize {
    usize::from(level.min(4))
}

/// What a step rests on, for its text: the houses, cells and digits that
/// justify it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// A single in a house (hidden single, full house): `in box 3`.
    House {
        /// The house (0-26).
        house: u8,
    },
    /// A naked single: the cell itself is the reason.
    Cell,
    /// A digit of one house confined to its intersection with another.
    Locked {
        /// The digit.
        digit: u8,
        /// The house the digit is confined in.
        from: u8,
        /// The crossing house it is removed from.
        to: u8,
    },
    /// A naked or hidden set: digits and cells of one house.
    Subset {
        /// The house.
        house: u8,
        /// The set's digits (bits 0-8).
        digits: u16,
        /// The set's cells, in the house's order.
        cells: Vec<u8>,
    },
    /// A fish: a digit's base lines covered by as many cross lines.
    Fish {
        /// The digit.
        digit: u8,
        /// The base houses.
        base: Vec<u8>,
        /// The cover houses.
        cover: Vec<u8>,
    },
    /// A chain of strong links on one digit: its cells from start to end,
    /// two per link (a grouped link's end named by one of its cells).
    StrongLinks {
        /// The digit.
        digit: u8,
        /// The link ends, in chain order.
        cells: Vec<u8>,
    },
    /// A wing: a pivot cell and its pincers.
    Wing {
        /// The pivot.
        pivot: u8,
        /// The pincers, in the order found.
        pincers: Vec<u8>,
    },
    /// A unique rectangle or loop: its cells in loop order, its two digits
    /// and what the type adds.
    UniqueLoop {
        /// The loop's cells, in the order the loop runs.
        cells: Vec<u8>,
        /// The loop's two digits (bits 0-8).
        digits: u16,
        /// The type's own part.
        detail: LoopDetail,
    },
    /// A bivalue universal grave: the cells with extra candidates, their
    /// extra digits and what the type adds.
    Bug {
        /// The BUG cells, in the order found.
        cells: Vec<u8>,
        /// Their extra digits (bits 0-8).
        digits: u16,
        /// The type's own part.
        detail: LoopDetail,
    },
    /// An aligned pair or triplet: its cells.
    Aligned {
        /// The cells, in the order the scan took them.
        cells: Vec<u8>,
    },
    /// A bidirectional cycle: its cells, from where it starts.
    Cycle {
        /// The cells in the order the cycle visits them.
        cells: Vec<u8>,
    },
    /// A forcing chain: an assumption implies its own negation, so the
    /// chain's end holds.
    ForcingChain {
        /// The conclusion.
        target: Candidate,
    },
    /// A binary chain: a candidate's assumption leads to a contradiction
    /// (`contradiction`), or both its states lead to the same `target`.
    Binary {
        /// The assumption (for a double chain, the candidate assumed both
        /// ways).
        source: Candidate,
        /// The conclusion, or the candidate found both on and off.
        target: Candidate,
        /// Whether the assumption contradicts itself.
        contradiction: bool,
    },
    /// Cell forcing chains: every candidate of `cell` implies `target`.
    CellForcing {
        /// The cell.
        cell: u8,
        /// The common conclusion.
        target: Candidate,
    },
    /// Region forcing chains: every place of `digit` in `house` implies
    /// `target`.
    RegionForcing {
        /// The house (0-26).
        house: u8,
        /// The digit.
        digit: u8,
        /// The common conclusion.
        target: Candidate,
    },
}

/// What a uniqueness pattern's type adds to the loop or BUG cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopDetail {
    /// Nothing (type 1).
    None,
    /// One extra digit shared by the extra cells (type 2).
    Extra {
        /// The digit.
        digit: u8,
    },
    /// A naked or hidden set the extra cells form with other cells of a
    /// house (type 3).
    Set {
        /// Hidden (else naked).
        hidden: bool,
        /// The house.
        house: u8,
        /// The set's digits (bits 0-8).
        digits: u16,
        /// The set's other cells, in the house's order.
        cells: Vec<u8>,
    },
    /// A digit locked in a house the extra cells share (type 4).
    Locked {
        /// The digit.
        digit: u8,
        /// The house.
        house: u8,
    },
}

impl LoopDetail {
    /// Writes the detail after the cells, e.g. `, naked set r1c3: 4, 5 in row 1`.
    fn write(&self, out: &mut String) {
        match self {
            LoopDetail::None => {}
            LoopDetail::Extra { digit } => {
                let _ = write!(out, ", extra {digit}");
            }
            LoopDetail::Set {
                hidden,
                house,
                digits,
                cells,
            } => {
                let _ = write!(
                    out,
                    ", {} set {}: {} in {}",
                    if *hidden { "hidden" } else { "naked" },
                    cell_list(cells),
                    digit_list(*digits),
                    house_name(usize::from(*house))
                );
            }
            LoopDetail::Locked { digit, house } => {
                let _ = write!(
                    out,
                    ", {digit} locked in {}",
                    house_name(usize::from(*house))
                );
            }
        }
    }
}

/// One step of logic, as the ladder found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Its difficulty.
    pub difficulty: Difficulty,
    /// What justifies it.
    pub pattern: Pattern,
    /// The value it places, as (cell, digit), if it places one.
    pub placed: Option<(u8, u8)>,
    /// The candidates it removes, as (cell, digit), in reading order.
    pub eliminated: Vec<(u8, u8)>,
    /// A chain step's proof: its branches (see [`Branch`](super::Branch)); empty for
    /// other steps, and for chain steps until [`explain`] fills them in
    /// (rating does not need them).
    ///
    /// [`explain`]: crate::logic::explain
    pub chains: Chains,
}

impl Step {
    /// Applies the step: its eliminations, then its placement.
    pub fn apply(&self, grid: &mut Grid) {
        for &(cell, digit) in &self.eliminated {
            grid.remove(usize::from(cell), digit);
        }
        if let Some((cell, digit)) = self.placed {
            grid.place(usize::from(cell), digit);
        }
    }

    /// The step's title: the technique and its pattern, e.g.
    /// `Hidden single in box 1` or `Naked pair (r1c2, r1c5: 3, 7 in row 1)`.
    pub fn title(&self) -> String {
        let mut out = String::from(self.technique.name());
        match &self.pattern {
            Pattern::House { house } => {
                let house = usize::from(*house);
                if self.technique == Technique::FullHouse {
                    let _ = write!(out, " in {}", house_name(house));
                } else {
                    let _ = write!(out, " {}", house % 9 + 1);
                }
            }
            Pattern::Cell => {}
            Pattern::Locked { digit, from, to } => {
                let _ = write!(
                    out,
                    " ({digit} of {} in {})",
                    house_name(usize::from(*from)),
                    house_name(usize::from(*to))
                );
            }
            Pattern::Subset {
                house,
                digits,
                cells,
            } => {
                let _ = write!(
                    out,
                    " ({}: {} in {})",
                    cell_list(cells),
                    digit_list(*digits),
                    house_name(usize::from(*house))
                );
            }
            Pattern::Fish { digit, base, cover } => {
                let _ = write!(
                    out,
                    " ({digit} in {} and {})",
                    house_list(base),
                    house_list(cover)
                );
            }
            Pattern::StrongLinks { digit, cells } => {
                let _ = write!(out, " ({digit} in {})", cell_list(cells));
            }
            Pattern::Wing { pivot, pincers } => {
                let _ = write!(
                    out,
                    " (pivot {}, pincers {})",
                    Cell(*pivot),
                    cell_list(pincers)
                );
            }
            Pattern::UniqueLoop {
                cells,
                digits,
                detail,
            }
            | Pattern::Bug {
                cells,
                digits,
                detail,
            } => {
                let _ = write!(out, " ({} on {}", cell_list(cells), digit_list(*digits));
                detail.write(&mut out);
                out.push(')');
            }
            Pattern::Aligned { cells } => {
                let _ = write!(out, " ({})", cell_list(cells));
            }
            Pattern::Cycle { cells } => {
                let _ = write!(out, " ({})", cell_list(cells));
            }
            Pattern::ForcingChain { target } => {
                let _ = write!(out, " ({target})");
            }
            Pattern::Binary {
                source,
                target,
                contradiction,
            } => {
                if *contradiction {
                    let cand = Candidate {
                        on: true,
                        ..*target
                    };
                    let name = format!("{}.{}", Cell(cand.cell), cand.digit);
                    let _ = write!(out, " ({source} ==> {name} both on & off)");
                } else {
                    let name = format!("{}.{}", Cell(source.cell), source.digit);
                    let _ = write!(out, " ({name} on & off ==> {target})");
                }
            }
            Pattern::CellForcing { cell, target } => {
                let _ = write!(out, " ({} ==> {target})", Cell(*cell));
            }
            Pattern::RegionForcing {
                house,
                digit,
                target,
            } => {
                let _ = write!(
                    out,
                    " ({digit} in {} ==> {target})",
                    house_name(usize::from(*house))
                );
            }
        }
        out
    }

    /// The step's result: placements as `r2c3=7`, eliminations as
    /// `r5c7<>3`, joined by `, `.
    pub fn result(&self) -> String {
        let mut out = String::new();
        for &(cell, digit) in &self.eliminated {
            if !out.is_empty() {
                out.push_str(", ");
            }
            let _ = write!(out, "{}<>{digit}", Cell(cell));
        }
        if let Some((cell, digit)) = self.placed {
            if !out.is_empty() {
                out.push_str(", ");
            }
            let _ = write!(out, "{}={digit}", Cell(cell));
        }
        out
    }

    /// What the step rests on without its result, as `hint --level
    /// pattern` prints it after its difficulty: the title, or for a chain
    /// its technique and the assumptions its branches start from, e.g.
    /// `Cell Forcing Chains (assuming r4c4=1, r4c4=5)`.
    pub fn pattern_text(&self) -> String {
        if self.chains.is_empty() {
            return self.title();
        }
        let mut out = format!("{} (assuming ", self.technique.name());
        for (k, assumption) in self.assumptions().iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "{}", super::proof::StateName(*assumption));
        }
        out.push(')');
        out
    }

    /// The states a chain step's branches start from, each once, in order.
    pub fn assumptions(&self) -> Vec<Candidate> {
        let mut out: Vec<Candidate> = Vec::new();
        for branch in &self.chains {
            if !out.contains(&branch.assume) {
                out.push(branch.assume);
            }
        }
        out
    }

    /// Writes the step's branches as `explain` prints them under its line,
    /// each line indented by four spaces (nested chains by more).
    pub fn write_chains(&self, out: &mut String) {
        for branch in &self.chains {
            branch.write_text(4, out);
        }
    }

    /// The step as `explain` prints it after its difficulty:
    /// `Hidden single in box 1: r2c3=7`.
    pub fn text(&self) -> String {
        format!("{}: {}", self.title(), self.result())
    }
}

impl fmt::Display for Step {
    /// Writes the step's line: `1.2  Hidden single in box 1: r2c3=7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}  {}", self.difficulty, self.text())
    }
}

fn cell_list(cells: &[u8]) -> String {
    let names: Vec<String> = cells.iter().map(|&c| Cell(c).to_string()).collect();
    names.join(", ")
}

fn digit_list(digits: u16) -> String {
    let names: Vec<String> = super::grid::bits(digits)
        .map(|d| (d + 1).to_string())
        .collect();
    names.join(", ")
}

/// Writes houses of one kind as `rows 2, 5` or `columns 1, 4, 9`.
fn house_list(houses: &[u8]) -> String {
    let Some(&first) = houses.first() else {
        return String::new();
    };
    let kind = super::grid::HouseKind::of(usize::from(first)).name();
    let numbers: Vec<String> = houses.iter().map(|&h| (h % 9 + 1).to_string()).collect();
    format!("{kind}s {}", numbers.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_has_its_own_loose_name() {
        let mut names: Vec<String> = Technique::ALL.iter().map(|t| loose(t.name())).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Technique::ALL.len());
        for technique in Technique::ALL {
            assert_eq!(Technique::named(technique.name()), Some(technique));
        }
    }

    #[test]
    fn difficulties_print_one_decimal() {
        assert_eq!(Difficulty(12).to_string(), "1.2");
        assert_eq!(Difficulty(200).to_string(), "20.0");
        assert_eq!(Difficulty(105).to_string(), "10.5");
        assert_eq!(Difficulty(42).value(), 4.2);
    }

    #[test]
    fn a_step_prints_as_the_contract_shows() {
        let step = Step {
            technique: Technique::HiddenSingleBox,
            difficulty: Difficulty(12),
            pattern: Pattern::House { house: 0 },
            placed: Some((11, 7)),
            eliminated: Vec::new(),
            chains: Chains::NONE,
        };
        assert_eq!(step.to_string(), "1.2  Hidden single in box 1: r2c3=7");
        let step = Step {
            technique: Technique::Pointing,
            difficulty: Difficulty(26),
            pattern: Pattern::Locked {
                digit: 3,
                from: 0,
                to: 10,
            },
            placed: None,
            eliminated: vec![(15, 3), (16, 3)],
            chains: Chains::NONE,
        };
        assert_eq!(
            step.to_string(),
            "2.6  Pointing (3 of box 1 in row 2): r2c7<>3, r2c8<>3"
        );
    }
}
