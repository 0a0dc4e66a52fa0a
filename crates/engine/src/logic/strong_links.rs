//! Three strong links on one digit chained by two weak links (Sudoku
//! Explainer's "3 strong links": 3 skyscrapers, 3-string kites, the same
//! with box links, and grouped forms).
//!
//! Sudoku Explainer collects every such hint, then takes the easiest, the
//! one removing most candidates among equals, then the smallest shape code
//! (grouped-link count, then the canonical house-kind sequence), and the
//! first found among the rest. The search runs over the ten multisets of
//! house kinds (box 0, row 1, column 2) in increasing order, then digit,
//! then the three houses (same-kind houses in increasing order) with each
//! house's readings, then three orders of the links and both directions of
//! each link.
//!
//! This module does not run that scan (its reference copy in the tests
//! does): it builds the chains from their middle link, which meets the
//! same hints far faster (see [`three_strong_links`]), and keeps the one
//! the scan keeps: the least rank, then the first in the scan's order.

use super::grid::{
    bits, cells_of, Cells, Digits, Grid, CELL_HOUSE_SETS, HOUSE_CELLS, HOUSE_MASKS, PEERS,
};
use super::step::{Difficulty, Pattern, Step, Technique};
use crate::logic::grid::count;
use crate::logic::proof::Chains;

/// A box's grouped-link configurations: positions that must lack the digit,
/// then the two groups. Configurations 0-8 are crosses centred on position
/// 0-8 (groups: the rest of its column, the rest of its row); 9-14 are
/// two parallel rows or columns of the box.
const fn box_configurations() -> [(u16, u16, u16); 15] {
    let mut table = [(0u16, 0u16, 0u16); 15];
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
    const ROWS: [u16; 3] = [0b000_000_111, 0b000_111_000, 0b111_000_000];
    const COLUMNS: [u16; 3] = [0b001_001_001, 0b010_010_010, 0b100_100_100];
    // Empty line, then the two others in increasing order: rows 2, 1, 0,
    // then columns 2, 1, 0.
    let mut k = 0;
    while k < 6 {
        let lines = if k < 3 { ROWS } else { COLUMNS };
        let empty = 2 - k % 3;
        let (first, second) = match empty {
            2 => (0, 1),
            1 => (0, 2),
            _ => (1, 2),
        };
        table[9 + k] = (lines[empty], lines[first], lines[second]);
        k += 1;
    }
    table
}

const BOX_CONFIGURATIONS: [(u16, u16, u16); 15] = box_configurations();

/// A line's grouped-link configurations: the box segment lacking the
/// digit, then the two other segments.
const LINE_CONFIGURATIONS: [(u16, u16, u16); 3] = [
    (0o007, 0o070, 0o700),
    (0o070, 0o007, 0o700),
    (0o700, 0o007, 0o070),
];

/// One reading of a link: its two ends (`a`, `b`), each with the second
/// cell of its group when grouped.
#[derive(Clone, Copy)]
struct Reading {
    ends: [(u8, Option<u8>); 2],
}

/// How a house holds the digit: its readings and whether it is a grouped
/// link.
#[derive(Clone, Copy)]
struct Link {
    grouped: bool,
    readings: [Option<Reading>; 2],
}

/// Reads a house's link on a digit as Sudoku Explainer's 3-link search
/// does; none when the house holds no usable link.
fn link_of(house: usize, places: u16) -> Option<Link> {
    let link = read_link(house, places);
    link.readings.iter().any(Option::is_some).then_some(link)
}

/// A house's link, with no readings when it is none.
fn read_link(house: usize, places: u16) -> Link {
    let mut link = Link {
        grouped: false,
        readings: [None, None],
    };
    let size = count(places);
    if !(2..=6).contains(&size) {
        return link;
    }
    let is_box = house < 9;
    let cell = |p: u32| HOUSE_CELLS[house][p as usize];
    let first = |m: u16| m.trailing_zeros();
    let second = |m: u16| first(m & (m - 1));
    if size == 2 {
        let (a, b) = (cell(first(places)), cell(second(places)));
        // A box's two places in one line are that line's link instead.
        if is_box && same_line(a, b) {
            return link;
        }
        link.readings[0] = Some(Reading {
            ends: [(a, None), (b, None)],
        });
        return link;
    }
    let configurations: &[(u16, u16, u16)] = if is_box {
        &BOX_CONFIGURATIONS
    } else {
        &LINE_CONFIGURATIONS
    };
    let mut found = None;
    for (e, &(empty, group1, group2)) in configurations.iter().enumerate() {
        if e > 8 && size < 4 {
            continue;
        }
        if places & empty == 0 {
            // Only the first configuration lacking the digit counts.
            let (b1, b2) = (places & group1, places & group2);
            if b1 != 0 && b2 != 0 {
                found = Some((e, b1, b2));
            }
            break;
        }
    }
    let Some((e, b1, b2)) = found else {
        return link;
    };
    link.grouped = true;
    if count(b1) == 1 || count(b2) == 1 {
        for (k, (single, group)) in [(b1, b2), (b2, b1)].into_iter().enumerate() {
            if count(single) != 1 {
                continue;
            }
            // Both groups of a box single cells (an L of three places, the
            // heart one of them): Sudoku Explainer reads the link one way
            // only, the cell of its first blade (the rest of the heart's
            // row) as the single end and the cell in the heart's column,
            // backed by the heart, as the group: its "prevent duplication"
            // step ends the loop over the two readings after the first when
            // both blades hold one cell. The mirror reading lets the column
            // cell bridge alone and finds chains Sudoku Explainer never
            // shows (bank puzzle `..4...95....8..6...`: 7.2, not its 7.8);
            // with this rule all 1,991 bank ratings agree.
            if is_box && k == 0 && count(group) == 1 {
                continue;
            }
            // A box's group is named by its first cell backed by the heart;
            // a line's by its first two cells. When both groups of a box are
            // single cells the heart still backs the other group: reading
            // the two cells as a plain pair (as one stored source does)
            // would be unsound, and disagrees with the bank's ratings.
            let support = if is_box {
                cell(e as u32)
            } else {
                cell(second(group))
            };
            link.readings[k] = Some(Reading {
                ends: [
                    (cell(first(single)), None),
                    (cell(first(group)), Some(support)),
                ],
            });
        }
    } else {
        let group_ends = Reading {
            ends: [
                (cell(first(b1)), Some(cell(second(b1)))),
                (cell(first(b2)), Some(cell(second(b2)))),
            ],
        };
        link.readings[0] = Some(group_ends);
        // Two parallel pairs in a box forming a rectangle are also read
        // across: first cells of both groups against the second cells.
        let [(a, a2), (b, b2_cell)] = group_ends.ends;
        let (a2, b2_cell) = (a2.unwrap_or(a), b2_cell.unwrap_or(b));
        if e > 8 && size == 4 && same_line(a2, b2_cell) && same_line(a, b) {
            link.readings[1] = Some(Reading {
                ends: [(a, Some(b)), (a2, Some(b2_cell))],
            });
        }
    }
    link
}

/// Whether two cells share a row or a column.
fn same_line(a: u8, b: u8) -> bool {
    a % 9 == b % 9 || a / 9 == b / 9
}

/// A hint's rank in Sudoku Explainer's sort: difficulty, more removals
/// first, then the smaller shape code (grouped-link count, house kinds).
type Rank = (u16, std::cmp::Reverse<u32>, [u8; 4]);

/// Where the search meets a hint, in Sudoku Explainer's scan order: the
/// three houses' kinds, the digit, each house (increasing) with its
/// reading number, the link order (see [`Pieces::offer`]), then the
/// direction bits. Of hints of equal rank the first met is taken, so the
/// smallest place wins.
type Place = [u8; 12];

/// The most readings a digit's links have: two per house.
const MOST_READINGS: usize = 54;

/// One digit's link readings as chain pieces. Reading `r` (numbered by
/// house, then reading number) has two nodes, `2r` for its end 0 and
/// `2r + 1` for its end 1, so node numbers rise with houses and a node's
/// other end is `node ^ 1`. Node sets are `u128` bitmasks.
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
    end: [(u8, Option<u8>); 2 * MOST_READINGS],
    /// The houses holding every cell of each node's end.
    holds: [u32; 2 * MOST_READINGS],
    /// The candidates seeing every cell of each node's end, outside its
    /// link's house: where a chain starting or ending there removes.
    sees: [Cells; 2 * MOST_READINGS],
    /// Per house, the nodes whose end it holds.
    within: [u128; 27],
    /// Per house, the nodes of links in houses sharing a candidate cell
    /// with it (itself included): Sudoku Explainer never chains two such
    /// links.
    clashing: [u128; 27],
    /// Per house, the nodes of links in later houses.
    later: [u128; 27],
}

/// The houses holding every cell of an end (its cell, and its group's
/// second cell).
fn holding(end: (u8, Option<u8>)) -> u32 {
    let houses = CELL_HOUSE_SETS[usize::from(end.0)];
    end.1
        .map_or(houses, |s| houses & CELL_HOUSE_SETS[usize::from(s)])
}

impl Pieces {
    /// Room for a digit's pieces (all zero).
    const fn empty() -> Pieces {
        Pieces {
            readings: 0,
            house: [0; MOST_READINGS],
            number: [0; MOST_READINGS],
            grouped: [false; MOST_READINGS],
            end: [(0, None); 2 * MOST_READINGS],
            holds: [0; 2 * MOST_READINGS],
            sees: [0; 2 * MOST_READINGS],
            within: [0; 27],
            clashing: [0; 27],
            later: [0; 27],
        }
    }

    /// Reads `digit`'s links in every house, in place of the pieces held:
    /// only the first `readings` entries of the per-reading and per-node
    /// tables are ever read, so only `within` needs clearing.
    fn fill(&mut self, grid: &Grid, digit: u8) {
        let candidates = grid.digit_cells(digit);
        self.readings = 0;
        self.within = [0; 27];
        let mut nodes_of = [0u128; 27];
        let mut clashes = [0u32; 27];
        for house in 0..27 {
            let places = grid.places(house, digit);
            if let Some(link) = link_of(house, places) {
                for (number, reading) in link.readings.iter().enumerate() {
                    if let Some(reading) = reading {
                        nodes_of[house] |=
                            self.add(house, number, link.grouped, reading, candidates);
                    }
                }
                // The houses of the link's candidate cells are those sharing one with it.
                for p in bits(places) {
                    clashes[house] |= CELL_HOUSE_SETS[usize::from(HOUSE_CELLS[house][p])];
                }
            }
        }
        let all = (1u128 << (2 * self.readings)) - 1;
        let mut before = 0u128;
        for house in 0..27 {
            before |= nodes_of[house];
            self.later[house] = all & !before;
            let mut clashing = 0;
            let mut houses = clashes[house];
            while houses != 0 {
                clashing |= nodes_of[houses.trailing_zeros() as usize];
                houses &= houses - 1; // clear the lowest set bit
            }
            self.clashing[house] = clashing;
        }
    }

    /// Adds a reading's two nodes; returns them as a node set.
    fn add(
        &mut self,
        house: usize,
        number: usize,
        grouped: bool,
        reading: &Reading,
        candidates: Cells,
    ) -> u128 {
        let r = self.readings;
        self.readings += 1;
        self.house[r] = house as u8;
        self.number[r] = number as u8;
        self.grouped[r] = grouped;
        for (side, &end) in reading.ends.iter().enumerate() {
            let node = 2 * r + side;
            self.end[node] = end;
            self.holds[node] = holding(end);
            // A plain link's ends are single cells (no second cell).
            let mut seeing = PEERS[usize::from(end.0)];
            if let Some(s) = end.1 {
                seeing &= PEERS[usize::from(s)];
            }
            self.sees[node] = seeing & candidates & !HOUSE_MASKS[house];
            let mut houses = self.holds[node];
            while houses != 0 {
                self.within[houses.trailing_zeros() as usize] |= 1 << node;
                houses &= houses - 1;
            }
        }
        0b11 << (2 * r)
    }

    /// The nodes among `open` whose ends share a house with `node`'s end,
    /// split by the house Sudoku Explainer names as the weak link's: of
    /// the houses holding both ends it tests column, row, then box, the
    /// highest-numbered first (two ends share at most one house of each
    /// kind). Returns up to three (house, nodes) pairs.
    fn meeting(&self, node: usize, open: u128) -> ([(usize, u128); 3], usize) {
        let mut met = [(0, 0); 3];
        let mut count = 0;
        let mut taken = !open;
        let mut houses = self.holds[node];
        while houses != 0 {
            let house = 31 - houses.leading_zeros() as usize;
            houses &= !(1 << house);
            let nodes = self.within[house] & !taken;
            taken |= self.within[house];
            if nodes != 0 {
                met[count] = (house, nodes);
                count += 1;
            }
        }
        (met, count)
    }
}

/// The best hint met so far, with what makes its step.
struct Found {
    rank: Rank,
    place: Place,
    technique: Technique,
    digit: u8,
    /// The chain's cells: start, the two weak links' ends, end.
    cells: [u8; 6],
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

/// Iterates the members of a node set in increasing order (the walk of a
/// cell set's).
fn nodes(set: u128) -> impl Iterator<Item = usize> {
    cells_of(set)
}

/// The name and difficulty (tenths) Sudoku Explainer gives a chain of
/// three strong links with `grouped` grouped links and houses of the
/// kinds `shape` (box 0, row 1, column 2 as `shape_code` writes them, so a
/// 2 only where a row and a column cross).
fn technique_of(grouped: u8, shape: [u8; 3]) -> (Technique, u16) {
    if grouped > 0 {
        (Technique::GroupedThreeStrongLinks, 57)
    } else if shape.contains(&0) {
        (Technique::ThreeStrongLinksWithBox, 55)
    } else if shape.contains(&2) {
        (Technique::ThreeStringKite, 56)
    } else {
        (Technique::ThreeSkyscrapers, 54)
    }
}

/// The 3-strong-links step Sudoku Explainer takes, if any, searching the
/// digits of `digits` (bits 0-8; the ladder leaves out digits unchanged
/// since this search last found nothing).
///
/// Sudoku Explainer tries every three houses (one reading of each link),
/// then every order and direction. This search builds the chains instead,
/// middle link first, from the weak links each end has: it meets the same
/// chains (see `Pieces::search`) and keeps the one of least rank, then
/// least place, which is the one Sudoku Explainer keeps.
pub fn three_strong_links(grid: &Grid, digits: Digits) -> Option<Step> {
    let mut best = None;
    PIECES.with_borrow_mut(|pieces| {
        for digit in bits(digits).map(|d| d as u8 + 1) {
            pieces.fill(grid, digit);
            pieces.search(digit, &mut best);
        }
    });
    best.map(Found::step)
}

thread_local! {
    /// Each thread's pieces: a call refills them digit by digit instead
    /// of clearing a fresh 4 KB table (most of a call's cost when it finds
    /// nothing on one or two digits).
    static PIECES: std::cell::RefCell<Pieces> = const { std::cell::RefCell::new(Pieces::empty()) };
}

impl Pieces {
    /// Offers every chain on the digit removing some candidate.
    ///
    /// A chain runs first link F from its start end, weak link to middle
    /// link M's entry end, M to its exit end, weak link to last link L's
    /// entry end, L to its end. Sudoku Explainer meets each chain once:
    /// it takes three houses h0 < h1 < h2 pairwise sharing no candidate
    /// cell, one reading of each, then the orders (h0, h1, h2), (h1, h0,
    /// h2) and (h0, h2, h1) (the permutations Fuchs' countdown QuickPerm
    /// yields, those not greater than their reverse), which put each
    /// house in the middle once with F's house below L's, then the eight
    /// directions. Here M runs over every reading and both entry ends, F
    /// over the readings whose exit end meets M's entry and L over those
    /// whose entry meets M's exit, F's house below L's, no two of the
    /// three houses sharing a candidate cell: the same chains, each once.
    /// A chain's removals (candidates seeing its start and its end,
    /// outside the three link houses and the two weak links' houses) are
    /// narrowed as each piece is chosen, so most partial chains stop
    /// early.
    fn search(&self, digit: u8, best: &mut Option<Found>) {
        for m in 0..self.readings {
            let middle = usize::from(self.house[m]);
            let open = !self.clashing[middle];
            // Each end's weak links serve as the firsts' at one entry and
            // the lasts' at the other; a chain needs both.
            let meets0 = self.meeting(2 * m, open);
            if meets0.1 == 0 {
                continue;
            }
            let meets1 = self.meeting(2 * m + 1, open);
            if meets1.1 == 0 {
                continue;
            }
            for entry in [2 * m, 2 * m + 1] {
                let ((firsts, first_count), (lasts, last_count)) = if entry & 1 == 0 {
                    (&meets0, &meets1)
                } else {
                    (&meets1, &meets0)
                };
                let lasts = &lasts[..*last_count];
                let any_last = lasts.iter().fold(0, |set, &(_, entries)| set | entries);
                for &(weak0, exits) in &firsts[..*first_count] {
                    let outside = !HOUSE_MASKS[middle] & !HOUSE_MASKS[weak0];
                    for exit in nodes(exits) {
                        let start = exit ^ 1;
                        let near = self.sees[start] & outside;
                        if near == 0 {
                            continue;
                        }
                        let first = usize::from(self.house[exit / 2]);
                        let open_last = self.later[first] & !self.clashing[first];
                        // No last link may follow this first: skip its weak links.
                        if any_last & open_last == 0 {
                            continue;
                        }
                        for &(weak1, entries) in lasts {
                            let near = near & !HOUSE_MASKS[weak1];
                            if near == 0 {
                                continue;
                            }
                            for last in nodes(entries & open_last) {
                                let removed = near & self.sees[last ^ 1];
                                if removed != 0 {
                                    let chain = [start, entry, last];
                                    self.offer(digit, chain, removed, best);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Keeps the chain from nodes `start` (F's), `entry` (M's) and `last`
    /// (L's entry) if it comes before the best hint so far.
    // Out of line: few partial chains remove anything, and inlined, the
    // best hint's fields would ride in the search loops' registers.
    #[cold]
    #[inline(never)]
    fn offer(
        &self,
        digit: u8,
        [start, entry, last]: [usize; 3],
        removed: Cells,
        best: &mut Option<Found>,
    ) {
        let readings = [start / 2, entry / 2, last / 2];
        let houses = readings.map(|r| self.house[r]);
        let grouped = readings.iter().filter(|&&r| self.grouped[r]).count() as u8;
        let shape = shape_code(houses.map(|h| usize::from(h / 9)));
        let (technique, tenths) = technique_of(grouped, shape);
        let rank = (
            tenths,
            std::cmp::Reverse(removed.count_ones()),
            [grouped, shape[0], shape[1], shape[2]],
        );
        // The middle link's place among the sorted houses picks the order
        // (see `search`): 0 has it second, 1 first, 2 last.
        let [first, middle, last_house] = houses;
        let (sorted, order) = if middle < first {
            ([readings[1], readings[0], readings[2]], 1)
        } else if middle > last_house {
            ([readings[0], readings[2], readings[1]], 2)
        } else {
            (readings, 0)
        };
        let [r0, r1, r2] = sorted;
        // Direction bits: the side F starts from, M and L are entered at.
        let directions = (start & 1) << 2 | (entry & 1) << 1 | last & 1;
        let place = [
            self.house[r0] / 9,
            self.house[r1] / 9,
            self.house[r2] / 9,
            digit,
            self.house[r0],
            self.number[r0],
            self.house[r1],
            self.number[r1],
            self.house[r2],
            self.number[r2],
            order,
            directions as u8,
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
            cells: [
                cell(start),
                cell(start ^ 1),
                cell(entry),
                cell(entry ^ 1),
                cell(last),
                cell(last ^ 1),
            ],
            removed,
        });
    }
}

/// Sudoku Explainer's shape code of a chain's house kinds (box 0, row 1,
/// column 2), in chain order: the sequence or its reverse, whichever is
/// smaller; then, when rows occur, the smallest of it and its row/column
/// swap read both ways; without rows, columns are written as rows.
fn shape_code(kinds: [usize; 3]) -> [u8; 3] {
    let mut seq = kinds.map(|k| k as u8);
    let mut reversed = seq;
    reversed.reverse();
    if reversed < seq {
        seq = reversed;
    }
    let swap = |k: u8| match k {
        1 => 2,
        2 => 1,
        other => other,
    };
    if seq.contains(&1) {
        let swapped = seq.map(swap);
        let mut swapped_reversed = swapped;
        swapped_reversed.reverse();
        let best_swap = swapped.min(swapped_reversed);
        seq.min(best_swap)
    } else {
        seq.map(|k| if k == 2 { 1 } else { k })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{first_step_of, for_bank_positions, Origin};
    use super::*;

    /// Sudoku Explainer's search as it runs (every three houses, then the
    /// orders and directions of their links): the reference the chain
    /// search must agree with.
    mod plain {
        use super::super::*;

        /// The house-kind multisets, in Sudoku Explainer's order.
        const KIND_SETS: [[usize; 3]; 10] = [
            [0, 0, 0],
            [0, 0, 1],
            [0, 0, 2],
            [0, 1, 1],
            [0, 1, 2],
            [0, 2, 2],
            [1, 1, 1],
            [1, 1, 2],
            [1, 2, 2],
            [2, 2, 2],
        ];

        /// The link orders tried: the permutations of three links in the order
        /// Fuchs' countdown QuickPerm yields them, keeping only those not greater
        /// than their reverse.
        const ORDERS: [[usize; 3]; 3] = [[0, 1, 2], [1, 0, 2], [0, 2, 1]];

        /// A house's link with its house.
        #[derive(Clone, Copy)]
        struct Housed {
            house: usize,
            grouped: bool,
            readings: [Option<Reading>; 2],
        }

        /// `link_of` with the house kept.
        fn housed(house: usize, places: u16) -> Option<Housed> {
            link_of(house, places).map(|link| Housed {
                house,
                grouped: link.grouped,
                readings: link.readings,
            })
        }

        /// The house holding two chain ends (with their group cells), tested
        /// column, row, then box, as Sudoku Explainer does.
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
                    (Some(s1), None) => key(b2.0) == key(s1),
                    (Some(s1), Some(s2)) => key(b2.0) == key(s1) && key(b1.0) == key(s2),
                };
                if holds {
                    return Some(key(b1.0));
                }
            }
            None
        }

        /// Whether some end of one reading shares a house with some end of the
        /// other (a weak link could join them).
        fn joinable(r: &Reading, s: &Reading) -> bool {
            r.ends
                .iter()
                .any(|&e| s.ends.iter().any(|&f| shared_house(e, f).is_some()))
        }

        /// For each reading (house * 2 + reading number), the readings of other
        /// houses it is joinable with, as bits.
        fn join_table(links: &[Option<Housed>; 27]) -> [u64; 54] {
            let mut readings: Vec<(usize, Reading)> = Vec::with_capacity(54);
            for (house, link) in links.iter().enumerate() {
                for (k, reading) in link.iter().flat_map(|l| l.readings.iter().enumerate()) {
                    if let Some(reading) = reading {
                        readings.push((house * 2 + k, *reading));
                    }
                }
            }
            // Ends sharing a house are peers (or the same cell): a quick test.
            let reach = |r: &Reading| {
                r.ends.iter().fold(0 as Cells, |set, e| {
                    set | PEERS[usize::from(e.0)] | 1 << e.0
                })
            };
            let ends = |r: &Reading| r.ends.iter().fold(0 as Cells, |set, e| set | 1 << e.0);
            let mut table = [0u64; 54];
            for (n, &(id, reading)) in readings.iter().enumerate() {
                let near = reach(&reading);
                for &(other, next) in &readings[n + 1..] {
                    if other / 2 != id / 2 && near & ends(&next) != 0 && joinable(&reading, &next) {
                        table[id] |= 1 << other;
                        table[other] |= 1 << id;
                    }
                }
            }
            table
        }

        /// The 3-strong-links step, found as Sudoku Explainer searches: every
        /// three houses, each order and direction of their links.
        pub(super) fn three_strong_links(grid: &Grid, digits: Digits) -> Option<Step> {
            let mut best: Option<(Rank, Step)> = None;
            let mut all_links: [[Option<Housed>; 27]; 9] = [[None; 27]; 9];
            for d in bits(digits) {
                for (house, link) in all_links[d].iter_mut().enumerate() {
                    *link = housed(house, grid.places(house, d as u8 + 1));
                }
            }
            let mut all_joins = [[0u64; 54]; 9];
            for d in bits(digits) {
                all_joins[d] = join_table(&all_links[d]);
            }
            for kinds in KIND_SETS {
                for digit in bits(digits).map(|d| d as u8 + 1) {
                    let candidates = grid.digit_cells(digit);
                    let links = &all_links[usize::from(digit - 1)];
                    let joins = &all_joins[usize::from(digit - 1)];
                    let link_at = |depth: usize, i: usize| links[kinds[depth] * 9 + i].as_ref();
                    for i0 in 0..9 {
                        let Some(l0) = link_at(0, i0) else { continue };
                        for (k0, r0) in l0.readings.iter().enumerate() {
                            let Some(r0) = r0 else { continue };
                            let join0 = joins[l0.house * 2 + k0];
                            for i1 in if kinds[1] == kinds[0] { i0 + 1 } else { 0 }..9 {
                                let Some(l1) = link_at(1, i1) else { continue };
                                if candidates & HOUSE_MASKS[l0.house] & HOUSE_MASKS[l1.house] != 0 {
                                    continue;
                                }
                                for (k1, r1) in l1.readings.iter().enumerate() {
                                    let Some(r1) = r1 else { continue };
                                    let id1 = l1.house * 2 + k1;
                                    let join1 = joins[id1];
                                    // A chain needs two of the three pairs joinable.
                                    let mut thirds = if join0 >> id1 & 1 == 1 {
                                        join0 | join1
                                    } else {
                                        join0 & join1
                                    };
                                    let first2 = if kinds[2] == kinds[1] { i1 + 1 } else { 0 };
                                    // Readings of the third kind's houses from `first2` on.
                                    thirds &= (1u64 << ((kinds[2] * 9 + 9) * 2)) - 1;
                                    thirds &= !((1u64 << ((kinds[2] * 9 + first2) * 2)) - 1);
                                    while thirds != 0 {
                                        let id2 = thirds.trailing_zeros() as usize;
                                        thirds &= thirds - 1;
                                        let Some(l2) = links[id2 / 2].as_ref() else {
                                            continue;
                                        };
                                        let covered = HOUSE_MASKS[l0.house] | HOUSE_MASKS[l1.house];
                                        if candidates & covered & HOUSE_MASKS[l2.house] != 0 {
                                            continue;
                                        }
                                        let Some(r2) = &l2.readings[id2 % 2] else {
                                            continue;
                                        };
                                        // Victims see a chain's two end cells, one
                                        // end of each of two links, and lie outside
                                        // the links' houses: a quick test first.
                                        let reach = |r: &Reading| {
                                            r.ends.iter().fold(0 as Cells, |set, e| {
                                                set | PEERS[usize::from(e.0)]
                                            })
                                        };
                                        let (a, b, c) = (reach(r0), reach(r1), reach(r2));
                                        let houses = covered | HOUSE_MASKS[l2.house];
                                        if (a & b | a & c | b & c) & candidates & !houses == 0 {
                                            continue;
                                        }
                                        let chosen = Chosen {
                                            grid,
                                            digit,
                                            kinds,
                                            links: [l0, l1, l2],
                                            readings: [r0, r1, r2],
                                        };
                                        chosen.chains(&mut best);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            best.map(|(_, step)| step)
        }

        /// Three links chosen for a chain, each with one of its readings.
        struct Chosen<'a> {
            grid: &'a Grid,
            digit: u8,
            kinds: [usize; 3],
            links: [&'a Housed; 3],
            readings: [&'a Reading; 3],
        }

        impl Chosen<'_> {
            /// Tries every order and direction of the three links.
            fn chains(&self, best: &mut Option<(Rank, Step)>) {
                let candidates = self.grid.digit_cells(self.digit);
                let links = self.links;
                // The house shared by end `sa` of link `a` and end `sb` of link `b`.
                let mut meets = [[[[None; 2]; 2]; 3]; 3];
                for (a, b) in [(0, 1), (0, 2), (1, 2)] {
                    for sa in 0..2 {
                        for sb in 0..2 {
                            let house =
                                shared_house(self.readings[a].ends[sa], self.readings[b].ends[sb]);
                            meets[a][b][sa][sb] = house;
                            meets[b][a][sb][sa] = house;
                        }
                    }
                }
                for order in ORDERS {
                    for directions in 0..8u8 {
                        // Direction bits, first link most significant.
                        let u = |w: usize| usize::from(directions >> (2 - w) & 1);
                        let end_of = |w: usize, side: usize| self.readings[order[w]].ends[side];
                        let mut shared = [0usize; 2];
                        let mut bridges = [(0u8, 0u8); 2];
                        let mut linked = true;
                        for w in 0..2 {
                            let (b1, b2) = (end_of(w, 1 - u(w)), end_of(w + 1, u(w + 1)));
                            let Some(house) = meets[order[w]][order[w + 1]][1 - u(w)][u(w + 1)]
                            else {
                                linked = false;
                                break;
                            };
                            shared[w] = house;
                            bridges[w] = (b1.0, b2.0);
                        }
                        if !linked {
                            continue;
                        }
                        let (start, end) = (end_of(0, u(0)), end_of(2, 1 - u(2)));
                        let mut victims: Cells =
                            PEERS[usize::from(start.0)] & PEERS[usize::from(end.0)];
                        if let (true, Some(s)) = (links[order[0]].grouped, start.1) {
                            victims &= PEERS[usize::from(s)];
                        }
                        if let (true, Some(s)) = (links[order[2]].grouped, end.1) {
                            victims &= PEERS[usize::from(s)];
                        }
                        victims &= !(1u128 << start.0) & !(1u128 << end.0);
                        for link in links {
                            victims &= !HOUSE_MASKS[link.house];
                        }
                        for house in shared {
                            victims &= !HOUSE_MASKS[house];
                        }
                        let removed = victims & candidates;
                        if removed == 0 {
                            continue;
                        }
                        let grouped = links.iter().filter(|l| l.grouped).count() as u8;
                        let shape = shape_code(order.map(|k| self.kinds[k]));
                        let (technique, tenths) = technique_of(grouped, shape);
                        let rank = (
                            tenths,
                            std::cmp::Reverse(removed.count_ones()),
                            [grouped, shape[0], shape[1], shape[2]],
                        );
                        if best.as_ref().is_some_and(|(b, _)| *b <= rank) {
                            continue;
                        }
                        let step = Step {
                            technique,
                            difficulty: Difficulty(tenths),
                            pattern: Pattern::StrongLinks {
                                digit: self.digit,
                                cells: vec![
                                    start.0,
                                    bridges[0].0,
                                    bridges[0].1,
                                    bridges[1].0,
                                    bridges[1].1,
                                    end.0,
                                ],
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
    fn each_shape_on_a_bank_puzzle() {
        let cases = [
            (
                ".5..4..7.48.7...52..2..14....7....8.8.......7.6....2....68..5..91...3.68.7..1..4.",
                Technique::ThreeSkyscrapers,
                "5.4  3 skyscrapers (3 in r2c5, r4c5, r4c7, r9c7, r9c9, r1c9): r1c4<>3",
            ),
            (
                ".9.2.......1..43.5..319......6..8..7.3.....6.8..7..9......318..6.85..4.......7.2.",
                Technique::ThreeStrongLinksWithBox,
                "5.5  3 strong links with a box (5 in r7c8, r9c7, r5c7, r5c6, r3c6, r3c1): \
                 r7c1<>5",
            ),
            (
                ".7.4......2..3.6..1....5.9.58...79....3...1....45...83.5.8....2..6.7..1......3.6.",
                Technique::ThreeStringKite,
                "5.6  3-string kite (1 in r4c5, r4c3, r6c2, r9c2, r9c4, r2c4): r1c5<>1",
            ),
            (
                "8.......3.9.....2..2.471.8.2...3...7..9.1.4.....8.2...9.......4.7.1.8.5..15.9.27.",
                Technique::GroupedThreeStrongLinks,
                "5.7  Grouped 3 strong links (5 in r5c1, r4c2, r1c2, r1c5, r2c4, r4c4): r5c6<>5",
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
            let fast = three_strong_links(grid, digits);
            let plain = plain::three_strong_links(grid, digits);
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
    fn single_cell_groups_keep_the_heart() {
        // Box 1 holding the digit at r1c1 (the heart), r1c2 and r2c1: the
        // cell in the heart's row (r1c2) is linked to the one in its column
        // grouped with the heart, never to it alone (the heart may hold the
        // digit); the mirror reading (r2c1 alone) is not Sudoku Explainer's.
        let link = link_of(0, 0b000_001_011).unwrap();
        assert!(link.grouped);
        assert!(link.readings[0].is_none());
        assert_eq!(link.readings[1].unwrap().ends, [(1, None), (9, Some(0))]);
        // Two places of a box in one row are that row's link, not the box's.
        assert!(link_of(0, 0b000_000_011).is_none());
    }

    /// The bank puzzle whose box 8 holds 1 in an L (r8c4, r9c4, r9c5,
    /// heart r9c4): r8c4 alone never bridges, so Sudoku Explainer's 3-link
    /// step removes r9c9's 1 by another chain, no 3-link chain removes
    /// r9c8's 1 later, and the puzzle needs a 7.8 Nishio chain.
    const L_SHAPED_BOX: &str =
        "..4...95....8..6.....5.9.788.....2...2.7.3.6...9.....374.9.2.....3..4....58...4..";

    #[test]
    fn an_l_shaped_box_link_is_read_one_way() {
        assert_eq!(
            first_step_of(L_SHAPED_BOX, Technique::GroupedThreeStrongLinks).to_string(),
            "5.7  Grouped 3 strong links (1 in r1c9, r3c7, r3c2, r8c2, r7c3, r7c7): r9c9<>1"
        );
        let board = L_SHAPED_BOX.parse().unwrap();
        assert_eq!(crate::logic::rate(&board).to_string(), "7.8/1.2/1.2");
        let explained = crate::logic::explain(&board);
        assert!(explained
            .steps
            .iter()
            .all(|s| s.technique != Technique::GroupedThreeStrongLinks
                || s.to_string().contains("r7c3")));
    }

    #[test]
    fn shape_codes_are_canonical() {
        // Rows only, columns only: written as rows.
        assert_eq!(shape_code([1, 1, 1]), [1, 1, 1]);
        assert_eq!(shape_code([2, 2, 2]), [1, 1, 1]);
        // Mixed lines keep both kinds, in the smallest reading.
        assert_eq!(shape_code([2, 1, 1]), [1, 1, 2]);
        assert_eq!(shape_code([1, 2, 1]), [1, 2, 1]);
        // A box with columns only: columns written as rows.
        assert_eq!(shape_code([2, 0, 2]), [1, 0, 1]);
        assert_eq!(shape_code([0, 2, 1]), [0, 1, 2]);
    }

    #[test]
    fn box_configurations_cover_crosses_then_parallel_lines() {
        // Heart at position 4: the corners must lack the digit.
        assert_eq!(
            BOX_CONFIGURATIONS[4],
            (0b101_000_101, 0b010_000_010, 0b000_101_000)
        );
        // Rows 1 and 2 with row 3 empty.
        assert_eq!(
            BOX_CONFIGURATIONS[9],
            (0b111_000_000, 0b000_000_111, 0b000_111_000)
        );
        // Columns 2 and 3 with column 1 empty.
        assert_eq!(
            BOX_CONFIGURATIONS[14],
            (0b001_001_001, 0b010_010_010, 0b100_100_100)
        );
    }
}
