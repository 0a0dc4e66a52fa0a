//! The turbot fish family: two strong links on one digit joined by a weak
//! link (skyscraper, 2-string kite, turbot crane), and their grouped forms
//! where a box or a line holds the digit in two crossing groups (empty
//! rectangle, grouped skyscraper, grouped 2-string kite).
//!
//! Sudoku Explainer collects every such hint, then takes the easiest, the
//! one removing most candidates among equals, plain before one grouped
//! link before two, and the first found among the rest. The search order
//! therefore matters for ties: house-kind pairs (rows with rows, columns
//! with columns, columns with rows, rows with boxes, columns with boxes),
//! then digit, first house, its link reading, second house, its reading,
//! then which end of each link meets the other.

use super::grid::{
    bits, cells_of, Cells, Digits, Grid, HouseKind, CELL_HOUSE_SETS, HOUSE_CELLS, HOUSE_MASKS,
    PEERS,
};
use super::step::{Difficulty, Pattern, Step, Technique};
use crate::logic::grid::count;
use crate::logic::proof::Chains;

/// The kind pairs (first link's house, second link's house), in Sudoku
/// Explainer's order.
const KIND_PAIRS: [(HouseKind, HouseKind); 5] = [
    (HouseKind::Row, HouseKind::Row),
    (HouseKind::Column, HouseKind::Column),
    (HouseKind::Column, HouseKind::Row),
    (HouseKind::Row, HouseKind::Box),
    (HouseKind::Column, HouseKind::Box),
];

/// A box's crosses by heart position: the positions off the heart's row
/// and column (the "rectangle"), the rest of the heart's column, the rest
/// of its row.
const fn box_crosses() -> [(u16, u16, u16); 9] {
    let mut table = [(0u16, 0u16, 0u16); 9];
    let mut heart = 0;
    while heart < 9 {
        let (row, column) = (heart / 3, heart % 3);
        let mut p = 0;
        while p < 9 {
            let (r, c) = (p / 3, p % 3);
            if r != row && c != column {
                table[heart].0 |= 1 << p;
            } else if c == column && r != row {
                table[heart].1 |= 1 << p;
            } else if r == row && c != column {
                table[heart].2 |= 1 << p;
            }
            p += 1;
        }
        heart += 1;
    }
    table
}

const BOX_CROSSES: [(u16, u16, u16); 9] = box_crosses();

/// A line's box segments: the one lacking the digit, then the two others.
const LINE_SEGMENTS: [(u16, u16, u16); 3] = [
    (0o007, 0o070, 0o700),
    (0o070, 0o007, 0o700),
    (0o700, 0o007, 0o070),
];

/// One end of a link: a cell and, for a group, a second cell of it.
pub(super) type End = (u8, Option<u8>);

/// One reading of a link: its two ends.
#[derive(Clone, Copy)]
pub(super) struct LinkEnds {
    /// The first end.
    pub(super) a: End,
    /// The second end.
    pub(super) b: End,
}

/// A house's (possibly grouped) strong link on a digit, with the readings
/// Sudoku Explainer takes of it, in its order.
#[derive(Clone, Copy)]
pub(super) struct Link {
    /// Whether the link is grouped.
    pub(super) grouped: bool,
    /// One or two readings.
    pub(super) readings: [Option<LinkEnds>; 2],
}

/// How `house` holds the digit whose positions are `places`, as Sudoku
/// Explainer reads it: two places make a plain link; three to six (five
/// in a box) make a grouped one when the first empty configuration (box:
/// a heart whose off-cross positions lack the digit; line: a segment
/// lacking it) leaves both groups non-empty.
///
/// Readings: a plain link has one; a grouped link with a single-cell group
/// has one per such group (that cell against the other group, named from
/// the heart backed by its first cell in a box, by its first two cells in
/// a line); otherwise one reading, group against group, each named by its
/// first two cells.
pub(super) fn link_of(house: usize, places: u16) -> Option<Link> {
    let is_box = house < 9;
    let size = count(places);
    if !(2..=6).contains(&size) || (is_box && size > 5) {
        return None;
    }
    let cell = |p: u32| HOUSE_CELLS[house][p as usize];
    let first = |m: u16| m.trailing_zeros();
    let second = |m: u16| first(m & (m - 1));
    if size == 2 {
        let a = (cell(first(places)), None);
        let b = (cell(second(places)), None);
        return Some(Link {
            grouped: false,
            readings: [Some(LinkEnds { a, b }), None],
        });
    }
    let configurations: &[(u16, u16, u16)] = if is_box { &BOX_CROSSES } else { &LINE_SEGMENTS };
    // Only the first configuration lacking the digit counts.
    let heart = configurations
        .iter()
        .position(|&(empty, _, _)| places & empty == 0)?;
    let (_, group1, group2) = configurations[heart];
    let (b1, b2) = (places & group1, places & group2);
    if b1 == 0 || b2 == 0 {
        return None;
    }
    let mut readings = [None, None];
    if count(b1) == 1 || count(b2) == 1 {
        for (k, (single, group)) in [(b1, b2), (b2, b1)].into_iter().enumerate() {
            if count(single) != 1 {
                continue;
            }
            let b = if is_box {
                (cell(heart as u32), Some(cell(first(group))))
            } else {
                (cell(first(group)), Some(cell(second(group))))
            };
            readings[k] = Some(LinkEnds {
                a: (cell(first(single)), None),
                b,
            });
        }
    } else {
        readings[0] = Some(LinkEnds {
            a: (cell(first(b1)), Some(cell(second(b1)))),
            b: (cell(first(b2)), Some(cell(second(b2)))),
        });
    }
    Some(Link {
        grouped: true,
        readings,
    })
}

/// The cells seeing every cell of an end (a cell and its group's extra
/// cell when `grouped`).
fn seeing(end: (u8, Option<u8>), grouped: bool) -> Cells {
    let mut seen = PEERS[usize::from(end.0)];
    if let (true, Some(extra)) = (grouped, end.1) {
        seen &= PEERS[usize::from(extra)];
    }
    seen
}

/// A hint's rank in Sudoku Explainer's sort: difficulty, more removals
/// first, fewer grouped links first; then the order found (house-kind pair,
/// digit, and the scan within them).
type Rank = (u16, std::cmp::Reverse<u32>, u8, usize, u8);

/// Where the scan within a house-kind pair and digit meets a hint: the
/// first link's house and reading number, the second's, then the side
/// the chain starts from and the side of the second link it enters. Of
/// hints of equal rank the first met is taken, so the smallest place wins.
type Place = [u8; 6];

/// The most readings a digit's links have: two per house.
const MOST_READINGS: usize = 54;

/// One digit's link readings as chain pieces. Reading `r` (numbered by
/// house, then reading number) has two nodes, `2r` for its end `a` and
/// `2r + 1` for its end `b`, so node numbers rise with houses and a
/// node's other end is `node ^ 1`. Node sets are `u128` bitmasks.
struct Pieces {
    /// How many readings.
    readings: usize,
    /// Each reading's link house.
    house: [u8; MOST_READINGS],
    /// Each reading's number in its link (0 or 1).
    number: [u8; MOST_READINGS],
    /// Whether each reading's link is grouped.
    grouped: [bool; MOST_READINGS],
    /// Each node's end.
    end: [End; 2 * MOST_READINGS],
    /// Per house, the nodes whose end (cell and group cell) it holds.
    holding: [u128; 27],
    /// Per house, the nodes whose end's cell it holds but not the end's
    /// group cell.
    holding_cell: [u128; 27],
    /// Per house number h (0-27), the first node of links in houses from
    /// h on (the node count for 27).
    first_node: [u8; 28],
    /// The nodes of box links, then with row links, then all.
    up_to_kind: [u128; 3],
}

/// The houses holding every cell of an end (its cell, and its group's
/// second cell).
fn houses_holding(end: End) -> u32 {
    let houses = CELL_HOUSE_SETS[usize::from(end.0)];
    end.1
        .map_or(houses, |s| houses & CELL_HOUSE_SETS[usize::from(s)])
}

/// Iterates the members of a node set in increasing order (the walk of a
/// cell set's).
fn nodes(set: u128) -> impl Iterator<Item = usize> {
    cells_of(set)
}

/// The turbot-family step Sudoku Explainer takes, if any, searching the
/// digits of `digits` (bits 0-8; the ladder leaves out digits unchanged
/// since this search last found nothing).
///
/// Sudoku Explainer tries every pair of houses of the kind pairs it
/// lists, then the four ways their links' ends may meet. This search
/// starts from the first link's ends and takes only the links whose ends
/// meet them (see `Pieces::search`): the same hints, and the one kept is
/// the least by rank, then place, the one Sudoku Explainer keeps.
pub fn turbot_fish(grid: &Grid, digits: Digits) -> Option<Step> {
    let mut best = None;
    let mut pieces = Pieces::empty();
    for digit in bits(digits).map(|d| d as u8 + 1) {
        pieces.fill(grid, digit);
        pieces.search(grid, digit, &mut best);
    }
    best.map(Found::step)
}

impl Pieces {
    /// Room for a digit's pieces (all zero).
    fn empty() -> Pieces {
        Pieces {
            readings: 0,
            house: [0; MOST_READINGS],
            number: [0; MOST_READINGS],
            grouped: [false; MOST_READINGS],
            end: [(0, None); 2 * MOST_READINGS],
            holding: [0; 27],
            holding_cell: [0; 27],
            first_node: [0; 28],
            up_to_kind: [0; 3],
        }
    }

    /// Reads `digit`'s links in every house, in place of the pieces held
    /// (only the first `readings` entries of the per-reading and per-node
    /// tables are ever read).
    fn fill(&mut self, grid: &Grid, digit: u8) {
        self.readings = 0;
        self.holding = [0; 27];
        self.holding_cell = [0; 27];
        for house in 0..27 {
            self.first_node[house] = 2 * self.readings as u8;
            let Some(link) = link_of(house, grid.places(house, digit)) else {
                continue;
            };
            for (number, reading) in link.readings.iter().enumerate() {
                if let Some(reading) = reading {
                    self.add(house, number, link.grouped, reading);
                }
            }
        }
        self.first_node[27] = 2 * self.readings as u8;
        self.up_to_kind = [9, 18, 27].map(|house| self.below(house));
    }

    /// The nodes of links in houses below `house`.
    fn below(&self, house: usize) -> u128 {
        (1u128 << self.first_node[house]) - 1
    }

    /// Adds a reading's two nodes.
    fn add(&mut self, house: usize, number: usize, grouped: bool, reading: &LinkEnds) {
        let r = self.readings;
        self.readings += 1;
        self.house[r] = house as u8;
        self.number[r] = number as u8;
        self.grouped[r] = grouped;
        let low = 1u128 << (2 * r);
        for (side, end) in [reading.a, reading.b].into_iter().enumerate() {
            let node = low << side;
            self.end[2 * r + side] = end;
            let whole = houses_holding(end);
            let mut houses = whole;
            while houses != 0 {
                self.holding[houses.trailing_zeros() as usize] |= node;
                houses &= houses - 1; // clear the lowest set bit
            }
            // Only an end with a group cell has houses holding its cell alone.
            let mut houses = CELL_HOUSE_SETS[usize::from(end.0)] & !whole;
            while houses != 0 {
                self.holding_cell[houses.trailing_zeros() as usize] |= node;
                houses &= houses - 1;
            }
        }
    }

    /// The nodes of the links a link in line `base` may pair with, by
    /// Sudoku Explainer's kind pairs: rows with later rows and boxes,
    /// columns with later columns, rows and boxes.
    fn partners(&self, base: usize) -> u128 {
        let kind = base / 9;
        let later_lines = self.up_to_kind[kind] & !self.below(base + 1);
        later_lines | self.up_to_kind[kind - 1]
    }

    /// Offers every chain on the digit removing some candidate.
    ///
    /// A chain runs the first link (a row's or a column's) from its start
    /// end to its exit end, a weak link to the second link's entry end,
    /// the second link to its end. Sudoku Explainer takes each pair of
    /// houses of its kind pairs sharing no candidate cell, each reading
    /// of each, then each start and entry side, and keeps the meetings
    /// whose weak link's house (the first of column, row, box holding
    /// both ends, see `shared_house`) is neither link's. Here the first
    /// link runs over every line reading and start side, and the second
    /// over the readings of its partners whose entry ends its exit end
    /// meets, split by that house: the same chains, each once. Removals
    /// (candidates seeing the start and the end, outside both link
    /// houses) narrow as each piece is chosen.
    fn search(&self, grid: &Grid, digit: u8, best: &mut Option<Found>) {
        let candidates = grid.digit_cells(digit);
        // Box links are never the first; readings run in house order.
        for r in usize::from(self.first_node[9]) / 2..self.readings {
            let base = usize::from(self.house[r]);
            let outside = candidates & !HOUSE_MASKS[base];
            let near =
                [2 * r, 2 * r + 1].map(|start| seeing(self.end[start], self.grouped[r]) & outside);
            if near == [0, 0] {
                continue;
            }
            let open = self.partners(base);
            if open == 0 {
                continue;
            }
            // Links in houses sharing a candidate cell with the base (the
            // houses of its candidate cells) never pair with it.
            let mut clashing = 0;
            for p in bits(grid.places(base, digit)) {
                clashing |= CELL_HOUSE_SETS[usize::from(HOUSE_CELLS[base][p])];
            }
            for (side, near) in near.into_iter().enumerate() {
                if near != 0 {
                    self.meet(grid, digit, 2 * r + side, (open, clashing), near, best);
                }
            }
        }
    }

    /// Offers the chains from node `start` (the first link's start end)
    /// through the nodes of `open` outside the `clashing` houses, whose
    /// candidates seeing the start outside the first link's house are
    /// `near`.
    fn meet(
        &self,
        grid: &Grid,
        digit: u8,
        start: usize,
        (open, clashing): (u128, u32),
        near: Cells,
        best: &mut Option<Found>,
    ) {
        let candidates = grid.digit_cells(digit);
        let exit = self.end[start ^ 1];
        let base = usize::from(self.house[start / 2]);
        // `shared_house` reads the exit's group cell, or else the entry's.
        let cell_only = if exit.1.is_some() { u128::MAX } else { 0 };
        let mut taken = !open;
        let mut houses = houses_holding(exit);
        while houses != 0 {
            // The weak link's house is the highest-numbered holding both
            // ends (column, then row, then box; one of each at most).
            let weak = 31 - houses.leading_zeros() as usize;
            houses &= !(1 << weak);
            let holding = self.holding[weak] | self.holding_cell[weak] & cell_only;
            let met = holding & !taken;
            taken |= holding;
            if weak == base {
                continue;
            }
            for entry in nodes(met) {
                let r = entry / 2;
                let cover = usize::from(self.house[r]);
                // The weak link may lie in neither link's house.
                if cover == weak || clashing >> cover & 1 != 0 {
                    continue;
                }
                let end_sees = seeing(self.end[entry ^ 1], self.grouped[r]);
                let removed = near & end_sees & candidates & !HOUSE_MASKS[cover];
                if removed != 0 {
                    self.offer(digit, [start, entry], removed, best);
                }
            }
        }
    }

    /// Keeps the chain from node `start` (the first link's) entering node
    /// `entry` (the second link's) if it comes before the best hint so far.
    // Out of line: few partial chains remove anything, and inlined, the
    // best hint's fields would ride in the search loops' registers.
    #[cold]
    #[inline(never)]
    fn offer(
        &self,
        digit: u8,
        [start, entry]: [usize; 2],
        removed: Cells,
        best: &mut Option<Found>,
    ) {
        let (r, s) = (start / 2, entry / 2);
        let (base, cover) = (usize::from(self.house[r]), usize::from(self.house[s]));
        let (base_kind, cover_kind) = (HouseKind::of(base), HouseKind::of(cover));
        let order = KIND_PAIRS
            .iter()
            .position(|&pair| pair == (base_kind, cover_kind))
            .expect("the first link's partners are of a listed kind pair");
        let (base_grouped, cover_grouped) = (self.grouped[r], self.grouped[s]);
        let (technique, tenths) = technique_of(
            base_kind == cover_kind,
            cover_kind == HouseKind::Box,
            base_grouped,
            cover_grouped,
        );
        let rank = (
            tenths,
            std::cmp::Reverse(removed.count_ones()),
            u8::from(base_grouped) + u8::from(cover_grouped),
            order,
            digit,
        );
        let place = [
            self.house[r],
            self.number[r],
            self.house[s],
            self.number[s],
            (start & 1) as u8,
            (entry & 1) as u8,
        ];
        if best
            .as_ref()
            .is_some_and(|b| (b.rank, b.place) <= (rank, place))
        {
            return;
        }
        let cell = |node: usize| self.end[node].0;
        *best = Some(Found {
            rank,
            place,
            technique,
            digit,
            cells: [cell(start), cell(start ^ 1), cell(entry), cell(entry ^ 1)],
            removed,
        });
    }
}

/// The best hint met so far, with what makes its step.
struct Found {
    rank: Rank,
    place: Place,
    technique: Technique,
    digit: u8,
    /// The chain's cells: start, the weak link's ends, end.
    cells: [u8; 4],
    removed: Cells,
}

impl Found {
    fn step(self) -> Step {
        Step {
            technique: self.technique,
            difficulty: Difficulty(self.rank.0),
            pattern: Pattern::StrongLinks {
                digit: self.digit,
                cells: self.cells.to_vec(),
            },
            placed: None,
            eliminated: cells_of(self.removed)
                .map(|c| (c as u8, self.digit))
                .collect(),
            chains: Chains::NONE,
        }
    }
}

/// The name and difficulty Sudoku Explainer gives: any grouped link makes
/// 4.3 (an empty rectangle when the box link is grouped); otherwise two
/// parallel lines 4.0, crossing lines 4.1, a box link 4.2.
fn technique_of(
    same_kind: bool,
    cover_box: bool,
    base_grouped: bool,
    cover_grouped: bool,
) -> (Technique, u16) {
    if base_grouped || cover_grouped {
        let technique = if cover_box && cover_grouped {
            Technique::EmptyRectangle
        } else if same_kind {
            Technique::GroupedSkyscraper
        } else {
            Technique::GroupedTwoStringKite
        };
        return (technique, 43);
    }
    if cover_box {
        (Technique::TurbotCrane, 42)
    } else if same_kind {
        (Technique::Skyscraper, 40)
    } else {
        (Technique::TwoStringKite, 41)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{first_step_of, for_bank_positions, Origin};
    use super::*;

    /// Sudoku Explainer's search as it runs (every pair of houses, then
    /// the four ways their links meet): the reference the chain search
    /// must agree with.
    mod plain {
        use super::super::*;

        /// The house holding both bridge ends, as Sudoku Explainer tests it:
        /// column, then row, then box; a group's extra cell is checked against the
        /// other end only (and only one of the two extra cells when both exist).
        fn shared_house(b1: (u8, Option<u8>), b2: (u8, Option<u8>)) -> Option<usize> {
            let keys: [fn(u8) -> usize; 3] = [
                |c| 18 + usize::from(c % 9),
                |c| 9 + usize::from(c / 9),
                |c| crate::geometry::box_of(usize::from(c)),
            ];
            // Ends in no common house cannot share one (a quick test first).
            if b1.0 != b2.0 && PEERS[usize::from(b1.0)] >> b2.0 & 1 == 0 {
                return None;
            }
            for key in keys {
                if key(b1.0) != key(b2.0) {
                    continue;
                }
                let holds = match (b1.1, b2.1) {
                    (None, None) => true,
                    (None, Some(s2)) => key(b1.0) == key(s2),
                    (Some(s1), _) => key(b2.0) == key(s1),
                };
                if holds {
                    return Some(key(b1.0));
                }
            }
            None
        }

        /// The turbot-family step, found as Sudoku Explainer searches: every
        /// pair of houses of each kind pair, then the ways their links meet.
        pub(super) fn turbot_fish(grid: &Grid, digits: Digits) -> Option<Step> {
            let mut best: Option<(Rank, Step)> = None;
            for digit in bits(digits).map(|d| d as u8 + 1) {
                let mut links = [None; 27];
                for (house, link) in links.iter_mut().enumerate() {
                    *link = link_of(house, grid.places(house, digit));
                }
                for (order, (base_kind, cover_kind)) in KIND_PAIRS.into_iter().enumerate() {
                    let pair = Pair {
                        grid,
                        digit,
                        base_kind,
                        cover_kind,
                        order,
                    };
                    pair.scan(&links, &mut best);
                }
            }
            best.map(|(_, step)| step)
        }

        /// One house-kind pair's search on one digit.
        struct Pair<'a> {
            grid: &'a Grid,
            digit: u8,
            base_kind: HouseKind,
            cover_kind: HouseKind,
            /// The pair's place in Sudoku Explainer's order: it runs every digit
            /// of a pair before the next pair, and ties go to the first found.
            order: usize,
        }

        impl Pair<'_> {
            fn scan(&self, links: &[Option<Link>; 27], best: &mut Option<(Rank, Step)>) {
                let candidates = self.grid.digit_cells(self.digit);
                let same_kind = self.base_kind == self.cover_kind;
                for i1 in 0..9 {
                    let base = self.base_kind.first() + i1;
                    let Some(base_link) = links[base] else {
                        continue;
                    };
                    for base_ends in base_link.readings.iter().flatten() {
                        for i2 in if same_kind { i1 + 1 } else { 0 }..9 {
                            let cover = self.cover_kind.first() + i2;
                            let Some(cover_link) = links[cover] else {
                                continue;
                            };
                            // Houses sharing a candidate cell of the digit make no pair.
                            if candidates & HOUSE_MASKS[base] & HOUSE_MASKS[cover] != 0 {
                                continue;
                            }
                            for cover_ends in cover_link.readings.iter().flatten() {
                                // Victims see an end cell of each link, outside
                                // both houses: a quick test first.
                                let reach = |ends: &LinkEnds| {
                                    PEERS[usize::from(ends.a.0)] | PEERS[usize::from(ends.b.0)]
                                };
                                let outside = !(HOUSE_MASKS[base] | HOUSE_MASKS[cover]);
                                if reach(base_ends) & reach(cover_ends) & candidates & outside == 0
                                {
                                    continue;
                                }
                                let houses = (base, cover);
                                let grouped = (base_link.grouped, cover_link.grouped);
                                self.join(houses, grouped, base_ends, cover_ends, best);
                            }
                        }
                    }
                }
            }

            /// Tries the four ways two links' ends can meet.
            fn join(
                &self,
                (base, cover): (usize, usize),
                (base_grouped, cover_grouped): (bool, bool),
                base_ends: &LinkEnds,
                cover_ends: &LinkEnds,
                best: &mut Option<(Rank, Step)>,
            ) {
                let candidates = self.grid.digit_cells(self.digit);
                let base_pair = [base_ends.a, base_ends.b];
                let cover_pair = [cover_ends.a, cover_ends.b];
                for i in 0..2 {
                    for j in 0..2 {
                        let Some(shared) = shared_house(base_pair[1 - i], cover_pair[j]) else {
                            continue;
                        };
                        if shared == base || shared == cover {
                            continue;
                        }
                        let (start, end) = (base_pair[i], cover_pair[1 - j]);
                        let victims = seeing(start, base_grouped)
                            & seeing(end, cover_grouped)
                            & !(1u128 << start.0)
                            & !(1u128 << end.0)
                            & !HOUSE_MASKS[base]
                            & !HOUSE_MASKS[cover];
                        let removed = victims & candidates;
                        if removed == 0 {
                            continue;
                        }
                        let grouped = u8::from(base_grouped) + u8::from(cover_grouped);
                        let (technique, tenths) = technique_of(
                            self.base_kind == self.cover_kind,
                            self.cover_kind == HouseKind::Box,
                            base_grouped,
                            cover_grouped,
                        );
                        let rank = (
                            tenths,
                            std::cmp::Reverse(removed.count_ones()),
                            grouped,
                            self.order,
                            self.digit,
                        );
                        if best.as_ref().is_some_and(|(b, _)| *b <= rank) {
                            continue;
                        }
                        let step = Step {
                            technique,
                            difficulty: Difficulty(tenths),
                            pattern: Pattern::StrongLinks {
                                digit: self.digit,
                                cells: vec![start.0, base_pair[1 - i].0, cover_pair[j].0, end.0],
                            },
                            placed: None,
                            eliminated: cells_of(removed).map(|c| (c as u8, self.digit)).collect(),
                            chains: Chains::NONE,
                        };
                        *best = Some((rank, step));
                    }
                }
            }
        }
    }

    /// Bank puzzles (Sudoku Exchange sample) and the step Sudoku Explainer
    /// takes there, as it rates them.
    #[test]
    fn each_form_on_a_bank_puzzle() {
        let cases = [
            (
                ".965.74.....94...15....1..94.5....92.6.....8.81....3.66..7....37...34.....48.621.",
                Technique::Skyscraper,
                "4.0  Skyscraper (9 in r5c1, r5c6, r7c6, r7c3): r6c3<>9, r9c1<>9",
            ),
            (
                "4.73......3..7...2.2...6...7.6.5..2.8.......1.4..6.8.3...4...3.5...3..9......82.4",
                Technique::TwoStringKite,
                "4.1  2-string kite (5 in r7c9, r1c9, r2c7, r2c6): r7c6<>5",
            ),
            (
                "3....5..9..81..3...2..6..7.1...9..2...72.41...8..1...4.7..5..1...6..28..4..8....7",
                Technique::TurbotCrane,
                "4.2  Turbot crane (9 in r5c8, r5c2, r9c2, r8c1): r8c8<>9",
            ),
            (
                "9..468..2..........16...58..2..1..9.....5....4.8.2.1.7..........6.2.9.5.84.....26",
                Technique::EmptyRectangle,
                "4.3  Empty rectangle (3 in r9c5, r2c5, r2c7, r1c7): r9c7<>3",
            ),
            (
                "5.43..8.7....5.6..86...4..5..8.....6.5..2..8.3.....1..7..5...68..5.4....6.2..87.4",
                Technique::GroupedSkyscraper,
                "4.3  Grouped skyscraper (7 in r3c5, r3c3, r5c3, r5c4): r4c5<>7",
            ),
            (
                "2...54..9.3....41..1.7.....1...4.9..5..9.2..3..9.1...2.....3.6..94....5.7..58...4",
                Technique::GroupedTwoStringKite,
                "4.3  Grouped 2-string kite (6 in r8c1, r6c1, r5c2, r5c5): r8c5<>6",
            ),
        ];
        for (puzzle, technique, text) in cases {
            assert_eq!(first_step_of(puzzle, technique).to_string(), text);
        }
    }

    /// The chain search takes the step Sudoku Explainer's scan takes (the
    /// same chain, removals and name): on the positions met while
    /// explaining bank puzzles, and on positions with candidates taken out
    /// at random, where chains abound and many tie; with all digits, and
    /// with each digit alone as the ladder may ask.
    #[test]
    fn chains_agree_with_the_plain_search() {
        use crate::logic::grid::ALL_DIGITS;
        let agree = |grid: &Grid, digits: Digits| {
            let fast = turbot_fish(grid, digits);
            let plain = plain::turbot_fish(grid, digits);
            assert_eq!(fast, plain, "{grid:?} {digits:#b}");
            fast.is_some()
        };
        let (mut real, mut random) = (0, 0);
        for_bank_positions(20, (6, 25), |grid, origin| match origin {
            Origin::Explained => real += usize::from(agree(grid, ALL_DIGITS)),
            Origin::Random { round } => {
                random += usize::from(agree(grid, ALL_DIGITS));
                for d in 0..9 {
                    random += usize::from(agree(grid, 1 << d) && round > 2);
                }
            }
        });
        assert!(real > 1000 && random > 500, "{real} {random}");
    }

    #[test]
    fn links_follow_the_first_empty_configuration() {
        // Two places in row 1: a plain link, one reading.
        let plain = link_of(9, 0b100_000_001).unwrap();
        assert!(!plain.grouped && plain.readings[1].is_none());
        // Row 1 holding the digit in its first and last boxes: grouped, the
        // middle segment being the first empty one; group against group.
        let line = link_of(9, 0b110_000_011).unwrap();
        let ends = line.readings[0].unwrap();
        assert!(line.grouped);
        assert_eq!((ends.a, ends.b), ((0, Some(1)), (7, Some(8))));
        // Box 1 holding the digit at r1c1, r1c2 and r2c1: the first cross
        // (heart r1c1) lacks it off its lines; each single-cell group is
        // read against the other group, named from the heart.
        let cross = link_of(0, 0b000_001_011).unwrap();
        let first = cross.readings[0].unwrap();
        let second = cross.readings[1].unwrap();
        assert_eq!((first.a, first.b), ((9, None), (0, Some(1))));
        assert_eq!((second.a, second.b), ((1, None), (0, Some(9))));
        // A box holding the digit in one row only has no useful cross.
        assert!(link_of(0, 0b000_000_111).is_none());
        // Seven places in a line are too many.
        assert!(link_of(9, 0b001_111_111).is_none());
    }
}
