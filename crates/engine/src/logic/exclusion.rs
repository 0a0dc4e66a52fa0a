//! Aligned pair and triplet exclusion: a combination of digits for two or
//! three cells is impossible when it repeats a digit in a house or leaves a
//! cell seeing them all (an "excluder") with no candidate; a candidate in no
//! possible combination goes.

use super::grid::{
    bits, cells_of, houses_of, Cells, Digits, Grid, ALL_CELLS, ALL_DIGITS, CELL_HOUSE_SETS,
    HOUSE_MASKS, PEERS,
};
use super::step::{Difficulty, Pattern, Step, Technique};
use super::subsets::sorted;
use crate::logic::grid::{count, CELL_BITS};
use crate::logic::proof::Chains;

/// The cells that may take part, in reading order, with their excluders.
struct Bases {
    count: usize,
    cells: [u8; 81],
    /// Each base cell's excluders as a set.
    excluders: [Cells; 81],
    /// The base cells as a set.
    is_base: Cells,
    /// Each base cell's index in `cells`.
    index_of: [u8; 81],
    /// The cells with 2..=`degree` candidates: the excluders.
    small: Cells,
}

/// Base cells: two candidates or more, no peer with a single candidate, and
/// at least one peer with 2..=`degree` candidates (an excluder).
fn bases(grid: &Grid, degree: u32) -> Bases {
    let mut bases = Bases {
        count: 0,
        cells: [0; 81],
        excluders: [0; 81],
        is_base: 0,
        index_of: [0; 81],
        small: 0,
    };
    let [singles, small, several] = by_count(grid, degree);
    bases.small = small;
    for cell in cells_of(several) {
        let peers = PEERS[cell];
        if peers & singles != 0 || peers & small == 0 {
            continue;
        }
        bases.cells[bases.count] = cell as u8;
        bases.excluders[bases.count] = peers & small;
        bases.is_base |= CELL_BITS[cell];
        bases.index_of[cell] = bases.count as u8;
        bases.count += 1;
    }
    bases
}

/// The cells with one candidate, with 2..=`degree` (2 or 3) and with two
/// or more.
fn by_count(grid: &Grid, degree: u32) -> [Cells; 3] {
    // `least[k]`: the cells with more than `k` candidates.
    let least = grid.cells_with_more_than::<4>();
    let small = least[1] & !least[degree as usize];
    [least[0] & !least[1], small, least[1]]
}

/// The cells seeing two cells of `set` or more: the cells whose excluders
/// among `set` make a pair's two common excluders.
fn seeing_two(set: Cells) -> Cells {
    let (mut once, mut twice): (Cells, Cells) = (0, 0);
    for cell in cells_of(set) {
        // A cell already seeing one cell of `set` and seeing this one too.
        twice |= once & PEERS[cell];
        once |= PEERS[cell];
    }
    twice
}

/// The cells seeing a cell of `set`.
fn peers_of(set: Cells) -> Cells {
    cells_of(set).fold(0, |peers, cell| peers | PEERS[cell])
}

/// The cells before `cell` in reading order.
fn below(cell: u8) -> Cells {
    CELL_BITS[usize::from(cell)] - 1
}

/// Each cell's 20 peers in three groups, whose cells in increasing order
/// give Sudoku Explainer's order of a cell's peers: its box (in reading
/// order), then the rest of its row, then the rest of its column.
const fn build_peer_groups() -> [[Cells; 3]; 81] {
    let mut table = [[0; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let [b, r, c] = houses_of(cell);
        let own_box = HOUSE_MASKS[b] & !(1 << cell);
        table[cell] = [
            own_box,
            HOUSE_MASKS[r] & !HOUSE_MASKS[b],
            HOUSE_MASKS[c] & !HOUSE_MASKS[b],
        ];
        cell += 1;
    }
    table
}

const PEER_GROUPS: [[Cells; 3]; 81] = build_peer_groups();

/// Which aligned sets may give a different outcome since the cells of
/// `changed` changed (candidates only ever going). A set's outcome depends
/// on its cells' candidates, on the excluders seeing all of them and their
/// candidates, and on whether its cells are base cells; with the rest
/// unchanged, a cell becomes a base cell only when a peer holding one
/// candidate is emptied (placed). So a set may differ when one of its
/// cells is `hot` (changed, or a peer of an emptied cell) or a changed
/// cell sees all of its cells.
struct Changes {
    changed: Cells,
    hot: Cells,
}

impl Changes {
    fn new(grid: &Grid, changed: Cells) -> Changes {
        let changed = changed & ALL_CELLS;
        let emptied = cells_of(changed)
            .filter(|&cell| grid.candidates(cell) == 0)
            .fold(0, |set, cell| set | CELL_BITS[cell]);
        let hot = changed | peers_of(emptied);
        Changes { changed, hot }
    }

    /// The cells that, as the first cell of a pair with `second` (not
    /// hot), make a pair that can differ: hot ones, and those seeing a
    /// changed cell that sees `second`.
    fn near(&self, second: u8) -> Cells {
        self.hot | peers_of(self.changed & PEERS[usize::from(second)])
    }
}

/// The first aligned pair exclusion: pairs of base cells in Sudoku
/// Explainer's order (by second cell, then first), with two common
/// excluders or more. When it is known that no pair gave a step before
/// the cells of `changed` changed, only pairs that can be different now
/// are tried (pass every cell otherwise).
pub fn aligned_pair(grid: &Grid, changed: Cells) -> Option<Step> {
    let changes = Changes::new(grid, changed);
    let bases = bases(grid, 2);
    for j in 1..bases.count {
        let second = bases.cells[j];
        let firsts = pair_firsts(&bases, j, &changes);
        for first in cells_of(firsts) {
            // The pair's common excluders: the first cell's peers among the
            // second's excluders (both are peers holding two candidates).
            let common = PEERS[first] & bases.excluders[j];
            if pair_eliminates(grid, [first as u8, second], common) {
                return exclude(grid, &[first as u8, second], common);
            }
        }
    }
    None
}

/// Whether a pair of cells with excluders `common` (of two digits)
/// eliminates something: [`allowed_pairs`] without building a step, and
/// first a cheaper test. A digit of one cell goes only if every digit of
/// the other but itself is its partner in an excluder, so all but one at
/// most are excluders' digits: when both cells hold two digits or more
/// in no excluder, nothing goes.
fn pair_eliminates(grid: &Grid, cells: [u8; 2], common: Cells) -> bool {
    let (mut linked, mut pairs): (Digits, Relation) = (0, 0);
    for cell in cells_of(common) {
        let digits = grid.candidates(cell);
        let rest = digits & (digits - 1); // without its lowest digit
        linked |= digits;
        pairs |= PAIRS[(9 * digits.trailing_zeros() + rest.trailing_zeros()) as usize];
    }
    let [first, second] = cells.map(|cell| grid.candidates(usize::from(cell)));
    let free = [first & !linked, second & !linked];
    // Two digits or more: clearing the lowest leaves some.
    if free
        .iter()
        .all(|&digits| digits & digits.wrapping_sub(1) != 0)
    {
        return false;
    }
    let same = if sees(&cells, 0, 1) { SAME } else { 0 };
    let possible = ROWS[usize::from(first)] & spread(second) & !(pairs | same);
    rows_of(possible) != first || columns_of(possible) != second
}

/// The first cells of the pairs with base cell number `j` that are worth
/// trying, as a set (increasing order is Sudoku Explainer's): the base
/// cells before it with two common excluders or more, and, unless the
/// second cell is hot, that are hot or see a changed cell seeing it.
fn pair_firsts(bases: &Bases, j: usize, changes: &Changes) -> Cells {
    let second = bases.cells[j];
    let mut firsts = below(second) & bases.is_base;
    if changes.hot & CELL_BITS[usize::from(second)] == 0 {
        firsts &= changes.near(second);
    }
    if firsts == 0 {
        return 0;
    }
    firsts & seeing_two(bases.excluders[j])
}

/// The first aligned triplet exclusion: for each pair of base cells (as
/// for pairs), third cells from the base cells among either one's
/// excluders, first cell's in its peer order, then the second's. As for
/// pairs, only triplets that can differ since `changed` changed are tried.
pub fn aligned_triplet(grid: &Grid, changed: Cells) -> Option<Step> {
    let changes = Changes::new(grid, changed);
    let bases = bases(grid, 3);
    let triplets = Triplets::new(grid, &bases, &changes);
    for j in 1..bases.count {
        let firsts = triplets.firsts(j, &changes);
        for first in cells_of(firsts) {
            let i = usize::from(bases.index_of[first]);
            if let Some(step) = triplets.first_with_pair(i, j, &changes) {
                return Some(step);
            }
        }
    }
    None
}

/// The base cells of a position, for building triplets.
struct Triplets<'a> {
    grid: &'a Grid,
    bases: &'a Bases,
    /// The hot base cells that are excluders too: the third cells that
    /// make a triplet worth trying whatever its pair.
    hot_thirds: Cells,
    /// For each base cell that can be a third (a small one), the cells
    /// before it, else none: its part of [`Triplets::tried_elsewhere`]
    /// when the pair's cells see each other (its peers among them when
    /// they do not).
    before: [Cells; 81],
    /// The cells seeing two of each base cell's excluders or more: the
    /// cells that share two excluders with it, so a triplet's cells with
    /// two common excluders are in each other's.
    seen_twice: [Cells; 81],
    /// Whether each base cell is hot.
    hot: [bool; 81],
}

impl<'a> Triplets<'a> {
    /// The triplet search over `bases`, hot where `changes` says.
    fn new(grid: &'a Grid, bases: &'a Bases, changes: &Changes) -> Triplets<'a> {
        let mut triplets = Triplets {
            grid,
            bases,
            hot_thirds: changes.hot & bases.is_base & bases.small,
            before: [0; 81],
            seen_twice: [0; 81],
            hot: [false; 81],
        };
        let thirds = bases.is_base & bases.small;
        for k in 0..bases.count {
            let cell = bases.cells[k];
            triplets.hot[k] = changes.hot & CELL_BITS[usize::from(cell)] != 0;
            triplets.seen_twice[k] = seeing_two(bases.excluders[k]);
            if thirds & CELL_BITS[usize::from(cell)] != 0 {
                triplets.before[k] = below(cell);
            }
        }
        triplets
    }

    /// The third cells worth trying with base cells number `i` and `j`:
    /// all when the pair has a hot cell; otherwise those of
    /// [`near_thirds`].
    #[cfg(test)]
    fn wanted_thirds(&self, i: usize, j: usize, changes: &Changes) -> Cells {
        if self.hot[i] || self.hot[j] {
            return !0;
        }
        near_thirds(self.bases.cells[i], self.bases.cells[j], changes)
    }

    /// The first cells of the pairs with base cell number `j` worth
    /// trying, as a set: the base cells before it with two common
    /// excluders or more, and, unless the second cell is hot, those that
    /// can have a wanted third (see [`near_thirds`]): hot, seeing a
    /// changed cell that sees the second, or sharing two excluders with a
    /// hot third cell that shares two with the second and sees one of the
    /// pair (a triplet with two common excluders shares them pairwise).
    fn firsts(&self, j: usize, changes: &Changes) -> Cells {
        let bases = self.bases;
        let second = bases.cells[j];
        let mut firsts = below(second) & bases.is_base & self.seen_twice[j];
        if !self.hot[j] {
            let mut near = changes.near(second);
            for third in cells_of(self.hot_thirds & self.seen_twice[j]) {
                let k = usize::from(bases.index_of[third]);
                // A third seeing the second goes with any first, else
                // only with its peers.
                let seen = if bases.excluders[j] & CELL_BITS[third] != 0 {
                    !0
                } else {
                    PEERS[third]
                };
                near |= self.seen_twice[k] & seen;
            }
            firsts &= near;
        }
        firsts
    }

    /// The first aligned triplet exclusion over base cells `i` and `j`
    /// (`i < j`) and a third, in Sudoku Explainer's order, among triplets
    /// that can differ since `changes`.
    ///
    /// Triplets seldom eliminate anything, so the thirds are first tried
    /// in increasing order, the cheapest to list, and only those whose
    /// triplet is not tried with an earlier pair (see
    /// [`Triplets::tried_elsewhere`]); only when one of them eliminates
    /// something are the pair's thirds tried again, all in Sudoku
    /// Explainer's order, to find the first. Every triplet of an earlier
    /// pair was tried before, so no earlier step is missed.
    fn first_with_pair(&self, i: usize, j: usize, changes: &Changes) -> Option<Step> {
        let bases = self.bases;
        let (c0, c1) = (bases.cells[i], bases.cells[j]);
        let pair = CELL_BITS[usize::from(c0)] | CELL_BITS[usize::from(c1)];
        // The third cells to try: the pair's excluders that are base cells
        // and are wanted. A third with two common excluders shares them
        // with each cell.
        let excluders = bases.excluders[i] | bases.excluders[j];
        let mut thirds =
            excluders & bases.is_base & !pair & self.seen_twice[i] & self.seen_twice[j];
        if !(self.hot[i] || self.hot[j]) {
            thirds &= near_thirds(c0, c1, changes);
        }
        if thirds == 0 {
            return None;
        }
        let first_tries = thirds & !self.tried_elsewhere(i, j);
        if first_tries == 0 || !self.any_eliminates(c0, c1, first_tries, i, j) {
            return None;
        }
        let pair_common = bases.excluders[i] & bases.excluders[j];
        // The first cell's excluders, then the second's not listed yet.
        let own = [i, j].map(|base| bases.excluders[base] & thirds);
        let lists = [own[0], own[1] & !own[0]];
        for (cell, list) in [c0, c1].into_iter().zip(lists) {
            for &group in &PEER_GROUPS[usize::from(cell)] {
                for third in cells_of(group & list) {
                    let common = pair_common & PEERS[third];
                    if is_aligned(common) {
                        let step = exclude(self.grid, &[c0, c1, third as u8], common);
                        if step.is_some() {
                            return step;
                        }
                    }
                }
            }
        }
        unreachable!("a triplet found eliminating is found again in order")
    }

    /// The third cells that, with base cells `c0` and `c1` (`c0 < c1`),
    /// make a triplet tried with another pair: a triplet's outcome does not
    /// depend on the order of its cells (its common excluders are the
    /// small cells seeing all three), and whenever a triplet that can
    /// differ since the last call is tried with one of its pairs, it is
    /// with each (see [`Triplets::firsts`] and [`near_thirds`]). So a
    /// triplet need only be tried once: with its largest cell as the third
    /// when that cell can be a third (a small base cell seeing one of the
    /// other two), else its middle one; that is with its first pair in
    /// Sudoku Explainer's order (by second cell, then first). A third below
    /// `c1` (or `c0`) leaves its triplet to `c1` (or `c0`) as the third
    /// when that can be (base cells number `i` and `j`).
    fn tried_elsewhere(&self, i: usize, j: usize) -> Cells {
        let bases = self.bases;
        // With the other cell seen, a small cell is a third whatever the
        // third; else only with the third among its peers.
        let cells = [bases.cells[i], bases.cells[j]];
        if sees(&cells, 0, 1) {
            self.before[i] | self.before[j]
        } else {
            let [c0, c1] = cells.map(usize::from);
            self.before[i] & PEERS[c0] | self.before[j] & PEERS[c1]
        }
    }

    /// Whether some triplet of base cells `c0` and `c1` (numbers `i` and
    /// `j`) and a third of `thirds` eliminates something. The pair's bound
    /// and then the third's own excluders rule out most thirds before
    /// their combinations are tried.
    fn any_eliminates(&self, c0: u8, c1: u8, thirds: Cells, i: usize, j: usize) -> bool {
        let grid = self.grid;
        let pair_common = self.bases.excluders[i] & self.bases.excluders[j];
        // Found at the first third, if any.
        let mut bound: Option<PairBound> = None;
        // The thirds seeing two of the pair's common excluders or more: the
        // triplets with two common excluders.
        for third in cells_of(thirds & seeing_two(pair_common)) {
            // The third cell's common excluders with the pair (its
            // excluders are its peers among the small cells).
            let common = pair_common & PEERS[third];
            let bound = bound.get_or_insert_with(|| PairBound::new(grid, [c0, c1], pair_common));
            if bound.admits_nothing() {
                return false;
            }
            let digits = grid.candidates(third);
            if !bound.admits(digits) {
                continue;
            }
            let links = ExcluderLinks::new(grid, common);
            if !bound.admits_with(digits, &links) {
                continue;
            }
            let cells = [c0, c1, third as u8];
            let candidates = cells.map(|cell| grid.candidates(usize::from(cell)));
            if allowed_with_links(grid, &cells, candidates, common, &links) != candidates {
                return true;
            }
        }
        false
    }
}

/// Whether a set of common excluders makes an aligned set: two or more
/// (clearing the lowest leaves some).
fn is_aligned(common: Cells) -> bool {
    common & common.wrapping_sub(1) != 0
}

/// What any third cell could eliminate with a pair of cells, found once
/// per pair from the pair's common excluders. A triplet's combinations are
/// ruled out by its houses and by its excluders, all among the pair's;
/// taking every excluder of the pair and a third cell seeing both only
/// rules out more, so when that relaxed triplet eliminates nothing,
/// neither does the real one.
///
/// The relaxed triplet's excluders include the third cell itself when it
/// sees both, which the real one's never do: so a third admitted is tried
/// again with the partners it really has (see [`PairBound::admits_with`]).
struct PairBound {
    /// The digits a third cell could lose: those ruled out, in the relaxed
    /// triplet, with every possible pair of digits.
    thirds: Digits,
    /// For some digits of the pair, the digits a third cell must keep
    /// within to make it go (only those holding two digits or more, as a
    /// base cell does).
    fits: [Digits; 18],
    /// For the same digits, the part of `fits` that does not come from
    /// the digit's own partners: the digit, and the digits ruled out with
    /// each digit of the other cell it allows.
    cores: [Digits; 18],
    /// The same digits.
    digits: [u8; 18],
    count: usize,
}

impl PairBound {
    /// The bound of base cells `cells` with their common excluders `common`.
    ///
    /// With `F` the partners of excluders and `T(d0, d1)` the digits that
    /// empty one with `d0` and `d1`, a digit `d0` of the first cell goes in
    /// a triplet only if, for every digit `d1` of the second that `d0`
    /// allows, the third cell's digits are all among
    /// `{d0, d1} | F[d0] | F[d1] | T(d0, d1)`: its fit is `{d0} | F[d0]`
    /// and its core, the intersection over `d1` of the rest. A digit of
    /// the third goes only if ruled out by every allowed pair of digits.
    /// `T(d0, d1)` is taken as the digits sharing an excluder of three
    /// digits with `d0` and one with `d1`: more, so the bound still holds.
    fn new(grid: &Grid, cells: [u8; 2], common: Cells) -> PairBound {
        let [first, second] = cells.map(|cell| grid.candidates(usize::from(cell)));
        let links = ExcluderLinks::new(grid, common);
        let sees01 = Digits::from(sees(&cells, 0, 1));
        let mut bound = PairBound {
            thirds: ALL_DIGITS,
            fits: [0; 18],
            cores: [0; 18],
            digits: [0; 18],
            count: 0,
        };
        let mut second_cores = [ALL_DIGITS; 9];
        for d0 in bits(first) {
            let own = links.partners[d0] | 1 << d0;
            let mates = links.mates[d0];
            // Impossible pairs of digits (an excluder's, or a digit twice in
            // a house) rule out every third digit: they bound nothing.
            let impossible = links.partners[d0] | sees01 << d0;
            let mut core = ALL_DIGITS;
            for d1 in bits(second & !impossible) {
                // Both in excluders of three digits (d0 and d1 themselves
                // too, which core and second_cores never need: each is
                // added back where they are used).
                let both = mates & links.mates[d1];
                core &= both | links.partners[d1] | 1 << d1;
                second_cores[d1] &= both | own;
            }
            bound.thirds &= core | own;
            bound.push(d0, core | 1 << d0, links.partners[d0]);
        }
        for d1 in bits(second) {
            bound.push(d1, second_cores[d1] | 1 << d1, links.partners[d1]);
        }
        bound
    }

    /// Notes digit `d` of the pair as one a third cell can make go if its
    /// fit, `core` and `partners`, holds two digits or more.
    fn push(&mut self, d: usize, core: Digits, partners: Digits) {
        let fit = core | partners;
        // Two digits or more: clearing the lowest leaves some.
        if fit & (fit - 1) != 0 {
            self.fits[self.count] = fit;
            self.cores[self.count] = core;
            self.digits[self.count] = d as u8;
            self.count += 1;
        }
    }

    /// Whether no third cell can eliminate anything with the pair.
    fn admits_nothing(&self) -> bool {
        self.thirds == 0 && self.count == 0
    }

    /// Whether a third cell with candidates `digits` may eliminate
    /// something with the pair.
    fn admits(&self, digits: Digits) -> bool {
        digits & self.thirds != 0
            || self.fits[..self.count]
                .iter()
                .any(|&fit| digits & !fit == 0)
    }

    /// Whether a third cell with candidates `digits` and excluders `links`
    /// (its common ones with the pair, fewer) may eliminate something
    /// with the pair. A digit `d` of the pair goes only if every digit of
    /// the third is `d`, a real partner of `d`, or is ruled out with each
    /// digit `e` of the other cell that `d` really allows: by `e` itself,
    /// a real partner of `e` or a real excluder of three digits, each of
    /// them the pair's too, and every `e` the pair's excluders allow is
    /// one of those. So it is in `d`'s core.
    fn admits_with(&self, digits: Digits, links: &ExcluderLinks) -> bool {
        digits & self.thirds != 0
            || (0..self.count).any(|k| {
                let partners = links.partners[usize::from(self.digits[k])];
                digits & !(self.cores[k] | partners) == 0
            })
    }
}

/// The third cells worth trying with base cells `c0` and `c1`, neither
/// hot (with a hot cell, all are): a third needs to be hot or to see a
/// changed cell seeing the pair.
fn near_thirds(c0: u8, c1: u8, changes: &Changes) -> Cells {
    let near = PEERS[usize::from(c0)] & PEERS[usize::from(c1)] & changes.changed;
    changes.hot | peers_of(near)
}

/// The eliminations of an aligned set over `cells` (two or three) with
/// excluders `common`, as a step if there are any.
fn exclude(grid: &Grid, cells: &[u8], common: Cells) -> Option<Step> {
    let mut candidates = [0 as Digits; 3];
    for (k, &cell) in cells.iter().enumerate() {
        candidates[k] = grid.candidates(usize::from(cell));
    }
    let allowed = if cells.len() == 2 {
        allowed_pairs(grid, cells, candidates, common)
    } else {
        allowed_triplets(grid, cells, candidates, common)
    };
    if allowed == candidates {
        return None;
    }
    Some(exclusion_step(cells, candidates, allowed))
}

/// The step of an aligned set over `cells` whose digits `candidates`
/// are only `allowed` in a possible combination.
#[cold]
fn exclusion_step(cells: &[u8], candidates: [Digits; 3], allowed: [Digits; 3]) -> Step {
    let eliminated: Vec<(u8, u8)> = cells
        .iter()
        .zip(candidates)
        .zip(allowed)
        .flat_map(|((&cell, has), allowed)| bits(has & !allowed).map(move |d| (cell, d as u8 + 1)))
        .collect();
    let (technique, tenths) = if cells.len() == 2 {
        (Technique::AlignedPairExclusion, 62)
    } else {
        (Technique::AlignedTripletExclusion, 75)
    };
    Step {
        technique,
        difficulty: Difficulty(tenths),
        pattern: Pattern::Aligned {
            cells: cells.to_vec(),
        },
        placed: None,
        eliminated: sorted(eliminated),
        chains: Chains::NONE,
    }
}

/// A relation between digits as a 9 x 9 bit matrix: bit `9 * a + b` says
/// that digits `a` and `b` are related (row `a`, column `b`).
type Relation = u128;

/// Each set of digits (bits 0-8) as the rows it selects: all of row `d`
/// for each digit `d` of the set.
const ROWS: [Relation; 512] = {
    let mut table = [0; 512];
    let mut set = 0;
    while set < 512 {
        let mut d = 0;
        while d < 9 {
            if set >> d & 1 != 0 {
                table[set] |= 0x1ff << (9 * d);
            }
            d += 1;
        }
        set += 1;
    }
    table
};

/// Each pair of digits `9 * a + b` as the relation holding them both ways.
const PAIRS: [Relation; 81] = {
    let mut table = [0; 81];
    let mut k = 0;
    while k < 81 {
        let (a, b) = (k / 9, k % 9);
        table[k] = 1 << (9 * a + b) | 1 << (9 * b + a);
        k += 1;
    }
    table
};

/// Each digit related to itself: two cells sharing a house cannot both
/// hold it.
const SAME: Relation = {
    let mut same = 0;
    let mut d = 0;
    while d < 9 {
        same |= 1 << (10 * d);
        d += 1;
    }
    same
};

/// A set of digits (bits 0-8) in every row: the relation of any row digit
/// with these column digits. The rows' bits never overlap, so the product
/// carries nothing.
fn spread(digits: Digits) -> Relation {
    (Relation::from(digits) * 0x8040_2010_0804_0201) | (Relation::from(digits) << 72)
}

/// The rows (first digits) with some related column.
fn rows_of(relation: Relation) -> Digits {
    // Bit 9r ends up holding the OR of row r's nine bits.
    let mut or = relation | relation >> 1;
    or |= or >> 2;
    or |= or >> 4;
    or |= relation >> 8;
    // Bits 0, 9, ..., 63 gathered to bits 56-63 by one product: bit 9r
    // meets the multiplier's bit 8(7 - r) at 56 + r, and no other two
    // bits land together, so nothing carries.
    let low = (or as u64 & 0x8040_2010_0804_0201).wrapping_mul(0x0101_0101_0101_0101) >> 56;
    low as Digits | ((or >> 72) as Digits & 1) << 8
}

/// The columns (second digits) related to some row.
fn columns_of(relation: Relation) -> Digits {
    // Rows folded onto row 0: r + 4, then r + 2, then r + 1, then row 8.
    let mut or = relation | relation >> 36;
    or |= or >> 18;
    or |= or >> 9;
    or |= relation >> 72;
    or as Digits & 0x1ff
}

/// A set of excluders as digit links, to tell quickly which digits a
/// combination rules out.
struct ExcluderLinks {
    /// Each digit's partners in excluders of two digits.
    partners: [Digits; 9],
    /// For each digit, the digits of the excluders of three digits holding
    /// it (itself included).
    mates: [Digits; 9],
}

impl ExcluderLinks {
    /// The links of excluders `common` (of two or three digits; more are
    /// never emptied by three cells).
    fn new(grid: &Grid, common: Cells) -> ExcluderLinks {
        let mut links = ExcluderLinks {
            partners: [0; 9],
            mates: [0; 9],
        };
        for cell in cells_of(common) {
            let digits = grid.candidates(cell);
            let rest = digits & (digits - 1); // without its lowest digit
            debug_assert!(rest != 0, "an excluder holds two digits or more");
            let last = rest & (rest - 1); // without its two lowest digits
            let (low, mid) = (digits.trailing_zeros(), rest.trailing_zeros());
            if last == 0 {
                links.partners[low as usize] |= rest;
                links.partners[mid as usize] |= digits & !rest;
            } else {
                debug_assert_eq!(count(digits), 3, "an excluder of three digits");
                links.mates[low as usize] |= digits;
                links.mates[mid as usize] |= digits;
                links.mates[last.trailing_zeros() as usize] |= digits;
            }
        }
        links
    }

    /// The third digits that, with digits `d0` and `d1` (not an excluder's
    /// two digits), empty an excluder.
    #[cfg(test)]
    fn ruled_out(&self, excluders: &Excluders, d0: usize, d1: usize) -> Digits {
        let with = |d: usize| excluders.ruled_out_with(d) >> (9 * d0 + d1) & 1 != 0;
        let thirds = (0..9).filter(|&d| d != d0 && d != d1 && with(d));
        let thirds = thirds.fold(0, |set, d| set | 1 << d);
        thirds | self.partners[d0] | self.partners[d1]
    }
}

/// A set of excluders as relations between digits, to try every
/// combination of three cells at once.
struct Excluders {
    /// The excluders of two digits: their two digits cannot be used
    /// together.
    pairs: Relation,
    /// The digits of the excluders of three digits, the first `count`.
    triples: [Digits; 16],
    count: usize,
}

impl Excluders {
    /// The excluders of `common` (of two or three digits).
    fn new(grid: &Grid, common: Cells) -> Excluders {
        let mut excluders = Excluders {
            pairs: 0,
            triples: [0; 16],
            count: 0,
        };
        for cell in cells_of(common) {
            let digits = grid.candidates(cell);
            let rest = digits & (digits - 1); // without its lowest digit
            if rest & (rest - 1) == 0 {
                let (low, high) = (digits.trailing_zeros(), rest.trailing_zeros());
                excluders.pairs |= PAIRS[(9 * low + high) as usize];
            } else {
                excluders.triples[excluders.count] = digits;
                excluders.count += 1;
            }
        }
        excluders
    }

    /// The pairs of digits that, with digit `d`, empty an excluder: those
    /// of two digits, and the other two of those of three holding `d`.
    fn ruled_out_with(&self, d: usize) -> Relation {
        let mut ruled_out = self.pairs;
        for &digits in &self.triples[..self.count] {
            if digits >> d & 1 != 0 {
                let rest = digits & !(1 << d);
                let high = rest & (rest - 1); // without its lowest digit
                let (a, b) = (rest.trailing_zeros(), high.trailing_zeros());
                ruled_out |= PAIRS[(9 * a + b) as usize];
            }
        }
        ruled_out
    }
}

/// Whether cells `a` and `b` of `cells` (two different cells) share a
/// house: their house sets meet (cheaper than a 128-bit shift).
fn sees(cells: &[u8], a: usize, b: usize) -> bool {
    debug_assert_ne!(cells[a], cells[b]);
    CELL_HOUSE_SETS[usize::from(cells[a])] & CELL_HOUSE_SETS[usize::from(cells[b])] != 0
}

/// Each cell's digits that take part in some possible combination of two.
/// Pair exclusion's excluders hold two digits, so a combination is
/// impossible when it is an excluder's pair of digits, or repeats a digit
/// in a shared house: the possible combinations are a relation.
fn allowed_pairs(grid: &Grid, cells: &[u8], candidates: [Digits; 3], common: Cells) -> [Digits; 3] {
    let excluders = Excluders::new(grid, common);
    debug_assert_eq!(excluders.count, 0, "excluders of two digits");
    let same = if sees(cells, 0, 1) { SAME } else { 0 };
    let ruled_out = excluders.pairs | same;
    let possible = ROWS[usize::from(candidates[0])] & spread(candidates[1]) & !ruled_out;
    [rows_of(possible), columns_of(possible), 0]
}

/// Each cell's digits that take part in some possible combination of
/// three, with excluders `common`.
fn allowed_triplets(
    grid: &Grid,
    cells: &[u8],
    candidates: [Digits; 3],
    common: Cells,
) -> [Digits; 3] {
    let links = ExcluderLinks::new(grid, common);
    allowed_with_links(grid, cells, candidates, common, &links)
}

/// Each cell's digits that take part in some possible combination of
/// three, with excluders `common` (whose `links` are known). For each
/// digit of the third cell, the first two cells' digits its links and
/// houses leave make a relation, less the pairs of digits that with it
/// are impossible; the union of these relations gives the first two
/// cells' digits.
fn allowed_with_links(
    grid: &Grid,
    cells: &[u8],
    candidates: [Digits; 3],
    common: Cells,
    links: &ExcluderLinks,
) -> [Digits; 3] {
    let excluders = Excluders::new(grid, common);
    let sees = [(0, 1), (0, 2), (1, 2)].map(|(a, b)| Digits::from(sees(cells, a, b)));
    let same = if sees[0] != 0 { SAME } else { 0 };
    let mut possible: Relation = 0;
    let mut thirds = 0;
    for d2 in bits(candidates[2]) {
        let unlinked = !links.partners[d2];
        let firsts = candidates[0] & unlinked & !(sees[1] << d2);
        let seconds = candidates[1] & unlinked & !(sees[2] << d2);
        let ruled_out = excluders.ruled_out_with(d2) | same;
        let with = ROWS[usize::from(firsts)] & spread(seconds) & !ruled_out;
        if with != 0 {
            possible |= with;
            thirds |= 1 << d2;
        }
    }
    [rows_of(possible), columns_of(possible), thirds]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testing::{bank, for_bank_positions};
    use crate::logic::unique_loops::tests::position;

    /// Found by the logic fuzz target: pairs of base cells with no common
    /// excluder made the pair bound compute `0 - 1` (a panic where
    /// overflow is checked, as in `cargo test` and fuzz builds). Every
    /// rung-26 call on this puzzle's solving path must run, and every step
    /// must hold for the solution.
    #[test]
    fn pairs_without_common_excluders_are_skipped_safely() {
        let board: crate::Board =
            "8.4..1..6...8..0...9..62..87.1....8...8...6...2....4.14..67..2...5..3...3..1..8.5"
                .parse()
                .unwrap();
        let solved = crate::solve(&board, 2).unwrap();
        assert_eq!(solved.count, 1);
        let solution = solved.first.expect("the solution");
        let mut grid = Grid::new(&board);
        let mut triplet_calls = 0;
        while !grid.is_solved() {
            aligned_pair(&grid, !0);
            aligned_triplet(&grid, !0);
            triplet_calls += 1;
            let step = crate::logic::next_step(&grid).expect("a step");
            for &(cell, digit) in &step.eliminated {
                assert_ne!(solution.cell(usize::from(cell)), digit, "{step}");
            }
            step.apply(&mut grid);
        }
        assert!(triplet_calls > 10);
    }

    #[test]
    fn aligned_pair_exclusion_in_scan_order() {
        let grid = position(
            "2..614.39.9.352.6..369785.23.91276.4.4.869..362.5439.1.7.4...96.6429.3..91.7.6..5",
            "58 578 78 147 178 14 78 14 14 58 58 17 157 27 257 78 78 58 23 38 15 128 58 15 17 78 \
             23 38 248 24",
        );
        assert_eq!(
            aligned_pair(&grid, !0).expect("a pair").to_string(),
            "6.2  Aligned pair exclusion (r1c3, r2c3): r2c3<>8"
        );
    }

    #[test]
    fn aligned_triplet_takes_its_third_cell_from_the_excluders() {
        let grid = position(
            "....8..717.8.1.26919..7..8348..917.6..7...9..9.375..2437.1..69.851.6.34.6.9.3....",
            "25 234 2456 23469 23469 45 34 345 345 2456 246 246 45 25 23 35 25 16 23468 24 23468 \
             135 58 16 68 18 24 24 58 58 29 79 27 24 2458 4578 18 15 27",
        );
        assert_eq!(aligned_pair(&grid, !0), None);
        assert_eq!(
            aligned_triplet(&grid, !0).expect("a triplet").to_string(),
            "7.5  Aligned triplet exclusion (r1c1, r1c3, r1c2): r1c3<>4"
        );
    }

    /// The plain triplet search: every pair of base cells in order, every
    /// third in Sudoku Explainer's order, each tried in full.
    fn plain_triplet(grid: &Grid) -> Option<Step> {
        let bases = bases(grid, 3);
        for j in 1..bases.count {
            for i in 0..j {
                let (c0, c1) = (bases.cells[i], bases.cells[j]);
                let pair: Cells = 1 << c0 | 1 << c1;
                let own = [i, j].map(|k| bases.excluders[k] & bases.is_base & !pair);
                let pair_common = bases.excluders[i] & bases.excluders[j];
                for (cell, list) in [c0, c1].into_iter().zip([own[0], own[1] & !own[0]]) {
                    for &group in &PEER_GROUPS[usize::from(cell)] {
                        for third in cells_of(group & list) {
                            let common = pair_common & PEERS[third];
                            if common.count_ones() >= 2 {
                                let step = exclude(grid, &[c0, c1, third as u8], common);
                                if step.is_some() {
                                    return step;
                                }
                            }
                        }
                    }
                }
            }
        }
        None
    }

    /// Every triplet (with two common excluders or more) of `grid` that
    /// eliminates something, checked against its pair's bound, with the
    /// pair's and with the triplet's own excluders; returns how many there
    /// were.
    fn check_bounds(grid: &Grid) -> usize {
        let bases = bases(grid, 3);
        let mut found = 0;
        for j in 1..bases.count {
            for i in 0..j {
                let (c0, c1) = (bases.cells[i], bases.cells[j]);
                let pair_common = bases.excluders[i] & bases.excluders[j];
                let bound = PairBound::new(grid, [c0, c1], pair_common);
                for k in (0..bases.count).filter(|&k| k != i && k != j) {
                    let common = pair_common & bases.excluders[k];
                    let third = bases.cells[k];
                    if common.count_ones() < 2 || exclude(grid, &[c0, c1, third], common).is_none()
                    {
                        continue;
                    }
                    found += 1;
                    let digits = grid.candidates(usize::from(third));
                    let links = ExcluderLinks::new(grid, common);
                    assert!(!bound.admits_nothing(), "{grid:?} {c0} {c1}");
                    assert!(bound.admits(digits), "{grid:?} {c0} {c1} {third}");
                    assert!(
                        bound.admits_with(digits, &links),
                        "{grid:?} {c0} {c1} {third}"
                    );
                }
            }
        }
        found
    }

    /// The pair bound, and its refinement with a third's own excluders,
    /// may only skip triplets that eliminate nothing.
    #[test]
    fn pair_bound_never_skips_an_elimination() {
        let mut found = 0;
        for_bank_positions(40, (4, 30), |grid, _| found += check_bounds(grid));
        assert!(found > 100, "{found}");
    }

    /// The search (bounds, each triplet tried once, then the pair again in
    /// order) finds the plain search's step, on positions with and without
    /// one.
    #[test]
    fn triplet_search_finds_the_plain_searchs_step() {
        let (mut steps, mut positions) = (0, 0);
        for_bank_positions(30, (4, 30), |grid, _| {
            let expected = plain_triplet(grid);
            steps += usize::from(expected.is_some());
            positions += 1;
            assert_eq!(aligned_triplet(grid, !0), expected, "{grid:?}");
        });
        assert!(steps > 20 && positions > steps, "{steps} {positions}");
    }

    /// `pair_eliminates` agrees with the step of every pair of base cells
    /// with two common excluders or more.
    #[test]
    fn pair_test_agrees_with_the_step() {
        let (mut found, mut tried) = (0, 0);
        for_bank_positions(20, (4, 30), |grid, _| {
            let two = bases(grid, 2);
            for j in 1..two.count {
                for i in 0..j {
                    let cells = [two.cells[i], two.cells[j]];
                    let common = two.excluders[i] & two.excluders[j];
                    if common.count_ones() < 2 {
                        continue;
                    }
                    let step = exclude(grid, &cells, common);
                    assert_eq!(pair_eliminates(grid, cells, common), step.is_some());
                    found += usize::from(step.is_some());
                    tried += 1;
                }
            }
        });
        assert!(found > 20 && tried > 1000, "{found} {tried}");
    }

    /// The digit-by-digit counts against each cell's candidates counted,
    /// for both degrees, on puzzles and on positions along their paths.
    #[test]
    fn by_count_puts_each_cell_in_its_sets() {
        let mut checked = 0;
        let mut check = |grid: &Grid| {
            checked += 1;
            for degree in 2..=3 {
                let [singles, small, several] = by_count(grid, degree);
                for cell in 0..81 {
                    let count = grid.candidates(cell).count_ones();
                    assert_eq!(singles >> cell & 1 != 0, count == 1, "{cell}");
                    let in_small = (2..=degree).contains(&count);
                    assert_eq!(small >> cell & 1 != 0, in_small, "{cell} {degree}");
                    assert_eq!(several >> cell & 1 != 0, count >= 2, "{cell}");
                }
            }
        };
        for board in bank().iter().step_by(100) {
            check(&Grid::new(board));
        }
        for_bank_positions(40, (4, 30), |grid, _| check(grid));
        assert!(checked > 3000, "{checked} positions");
    }

    #[test]
    fn cell_bits_hold_their_cell_only() {
        for cell in 0..81u8 {
            assert_eq!(CELL_BITS[usize::from(cell)], 1 << cell);
            assert_eq!(below(cell), (0..cell).fold(0, |set, c| set | 1 << c));
        }
    }

    #[test]
    fn house_sets_meet_for_peers_only() {
        for a in 0..81u8 {
            for b in (0..81u8).filter(|&b| b != a) {
                let peers = PEERS[usize::from(a)] >> b & 1 != 0;
                assert_eq!(sees(&[a, b], 0, 1), peers, "{a} {b}");
            }
        }
    }

    #[test]
    fn seeing_two_counts_peers_in_the_set() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..200 {
            // xorshift: a reproducible stream of sparse sets of cells.
            let mut set: Cells = 0;
            for _ in 0..6 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                set |= 1 << (seed % 81);
            }
            let twice = seeing_two(set);
            for cell in 0..81 {
                let seen = (PEERS[cell] & set).count_ones();
                assert_eq!(twice >> cell & 1 != 0, seen >= 2, "{set:#x} {cell}");
            }
        }
    }

    /// The first cells of `pair_firsts` and `Triplets::firsts` against
    /// the tests they stand for, pair by pair: exactly the pairs tried by
    /// pair exclusion, and at least those worth trying for triplets.
    fn check_firsts(grid: &Grid, changed: Cells) {
        let changes = Changes::new(grid, changed);
        let pairs = bases(grid, 2);
        for j in 1..pairs.count {
            let firsts = pair_firsts(&pairs, j, &changes);
            let (second, s) = (pairs.cells[j], usize::from(pairs.cells[j]));
            for (i, &first) in pairs.cells[..j].iter().enumerate() {
                let f = usize::from(first);
                let hot = (changes.hot >> f | changes.hot >> s) & 1 != 0;
                let changed_near = PEERS[f] & PEERS[s] & changes.changed != 0;
                let common = pairs.excluders[i] & pairs.excluders[j];
                let tried = (hot || changed_near) && common.count_ones() >= 2;
                assert_eq!(firsts >> first & 1 != 0, tried, "{grid:?} {first} {second}");
            }
        }
        let bases = bases(grid, 3);
        let triplets = Triplets::new(grid, &bases, &changes);
        for j in 1..bases.count {
            let firsts = triplets.firsts(j, &changes);
            let c1 = bases.cells[j];
            for (i, &c0) in bases.cells[..j].iter().enumerate() {
                let common = bases.excluders[i] & bases.excluders[j];
                let pair: Cells = 1 << c0 | 1 << c1;
                let thirds = (bases.excluders[i] | bases.excluders[j]) & bases.is_base & !pair;
                // Every third when the pair has a hot cell, else hot ones
                // and those seeing a changed cell that sees the pair.
                let near = PEERS[usize::from(c0)] & PEERS[usize::from(c1)] & changes.changed;
                let wanted = if changes.hot & pair != 0 {
                    !0
                } else {
                    changes.hot | peers_of(near)
                };
                assert_eq!(triplets.wanted_thirds(i, j, &changes), wanted);
                // A wanted third making two common excluders.
                let aligned = cells_of(thirds & wanted)
                    .any(|third| (common & PEERS[third]).count_ones() >= 2);
                if aligned {
                    assert!(firsts >> c0 & 1 != 0, "{grid:?} {c0} {c1}");
                }
            }
        }
    }

    /// On bank positions with candidates taken out at random, the cells
    /// taken out (and a placement's peers, when a cell is emptied) as the
    /// changes.
    #[test]
    fn firsts_keep_every_pair_worth_trying() {
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut checked = 0;
        for board in bank().iter().step_by(25) {
            let mut grid = Grid::new(board);
            let mut changed: Cells = 0;
            for round in 0..200 {
                // xorshift: a cheap reproducible stream of cells and digits.
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let (cell, digit) = ((seed % 81) as usize, (seed / 81 % 9) as u8 + 1);
                if grid.candidates(cell).count_ones() > 1 {
                    grid.remove(cell, digit);
                    changed |= 1 << cell;
                }
                if round % 20 == 19 {
                    check_firsts(&grid, changed);
                    check_firsts(&grid, ALL_CELLS);
                    changed = 0;
                    checked += 1;
                }
            }
        }
        assert!(checked > 50, "{checked}");
    }

    /// Each cell's digits in some possible combination of `cells`' digits,
    /// trying every combination.
    fn allowed_by_trying(grid: &Grid, cells: &[u8], common: Cells) -> [Digits; 3] {
        let mut allowed = [0 as Digits; 3];
        let candidates: Vec<Digits> = cells.iter().map(|&c| grid.candidates(c.into())).collect();
        let combinations = candidates
            .iter()
            .map(|&c| u32::from(c).count_ones())
            .product();
        for mut n in 0..combinations {
            let mut digits = [0usize; 3];
            for (k, &has) in candidates.iter().enumerate() {
                let size = u32::from(has).count_ones() as usize;
                digits[k] = bits(has).nth(n as usize % size).unwrap();
                n /= size as u32;
            }
            let used = digits[..cells.len()].iter().fold(0, |u, &d| u | 1 << d);
            let repeats = (0..cells.len())
                .any(|a| (a + 1..cells.len()).any(|b| digits[a] == digits[b] && sees(cells, a, b)));
            let empties = cells_of(common).any(|e| grid.candidates(e) & !used == 0);
            if !repeats && !empties {
                for k in 0..cells.len() {
                    allowed[k] |= 1 << digits[k];
                }
            }
        }
        allowed
    }

    /// `allowed_pairs` and `allowed_triplets` against trying every
    /// combination, on the bank's aligned sets with two common excluders.
    #[test]
    fn allowed_digits_match_every_combination() {
        let (mut pairs, mut triplets) = (0, 0);
        for board in bank().iter().step_by(50) {
            let mut grid = Grid::new(board);
            for step in crate::logic::explain(board).steps {
                let two = bases(&grid, 2);
                for j in 1..two.count {
                    for i in 0..j {
                        let common = two.excluders[i] & two.excluders[j];
                        let cells = [two.cells[i], two.cells[j]];
                        let candidates = cells.map(|c| grid.candidates(c.into()));
                        let candidates = [candidates[0], candidates[1], 0];
                        let allowed = allowed_pairs(&grid, &cells, candidates, common);
                        assert_eq!(allowed, allowed_by_trying(&grid, &cells, common));
                        pairs += 1;
                    }
                }
                let three = bases(&grid, 3);
                for k in 0..three.count {
                    for j in 0..three.count {
                        let i = (j + k + 1) % three.count;
                        let common = three.excluders[i] & three.excluders[j] & three.excluders[k];
                        if i == j || j == k || i == k || common.count_ones() < 2 {
                            continue;
                        }
                        let cells = [three.cells[i], three.cells[j], three.cells[k]];
                        let candidates = cells.map(|c| grid.candidates(c.into()));
                        let allowed = allowed_triplets(&grid, &cells, candidates, common);
                        assert_eq!(allowed, allowed_by_trying(&grid, &cells, common));
                        triplets += 1;
                    }
                }
                step.apply(&mut grid);
            }
        }
        assert!(pairs > 1000 && triplets > 1000, "{pairs} {triplets}");
    }

    /// `ExcluderLinks` against each excluder's digits left by two digits,
    /// on the common excluders of the bank's pairs of base cells.
    #[test]
    fn excluder_links_rule_out_each_excluders_last_digit() {
        let mut tried = 0;
        for board in bank().iter().step_by(50) {
            let mut grid = Grid::new(board);
            for step in crate::logic::explain(board).steps {
                let bases = bases(&grid, 3);
                for j in 1..bases.count {
                    let common = bases.excluders[j - 1] & bases.excluders[j];
                    let links = ExcluderLinks::new(&grid, common);
                    let excluders = Excluders::new(&grid, common);
                    for (d0, d1) in (0..9).flat_map(|d0| (0..9).map(move |d1| (d0, d1))) {
                        let pair: Digits = 1 << d0 | 1 << d1;
                        let lefts = cells_of(common).map(|e| grid.candidates(e) & !pair);
                        let lefts: Vec<Digits> = lefts.collect();
                        let emptied = lefts.contains(&0);
                        assert_eq!(links.partners[d0] >> d1 & 1 != 0, emptied);
                        if !emptied {
                            let one = lefts.iter().filter(|&&left| left.count_ones() == 1);
                            let expected = one.fold(0, |all, &left| all | left);
                            assert_eq!(
                                links.ruled_out(&excluders, d0, d1),
                                expected,
                                "{common:#x}"
                            );
                            tried += 1;
                        }
                    }
                }
                step.apply(&mut grid);
            }
        }
        assert!(tried > 1000, "{tried}");
    }

    #[test]
    fn peers_come_box_row_column() {
        let peers: Vec<usize> = PEER_GROUPS[10].into_iter().flat_map(cells_of).collect();
        assert_eq!(&peers[..8], &[0, 1, 2, 9, 11, 18, 19, 20]);
        assert_eq!(&peers[8..14], &[12, 13, 14, 15, 16, 17]);
        assert_eq!(&peers[14..], &[28, 37, 46, 55, 64, 73]);
    }
}
