//! The variant search: counts a [`Puzzle`]'s solutions up to a limit.
//!
//! # Representation
//!
//! One `u32` candidate mask per cell (bit `d - 1` for digit `d`), in a
//! vector of the board's cells; houses, peers, pair relations and house
//! crossings are flat lists built once by [`Puzzle::new`]. A cell with one
//! candidate is placed. Kept in step with the masks: per digit, its cells
//! as a bit set (a placed digit visits only the peers still holding it);
//! per full house and digit, how many cells hold it, marked once the
//! digit is placed there (hidden singles and missing digits without
//! scanning the house). The search saves and restores all three together.
//!
//! # Propagation, to a fixed point
//!
//! Every narrowing of a cell goes through one function that queues what
//! must be looked at again, so each step runs only where something changed:
//!
//! - **Naked singles.** A cell left with one digit removes it from its
//!   peers (its houses, and knight or king neighbours under those rules).
//! - **Pair relations.** A changed cell with relations (non-consecutive,
//!   dots, XV, negative, clones) keeps in each partner only the digits
//!   some candidate of its own allows.
//! - **Hidden singles.** A full house where a digit's count fell to one
//!   (not placed) or none: the digit is placed in its one cell (the
//!   house's cells AND the digit's), or the house is a contradiction; a
//!   changed smaller house is scanned for fewer digits than cells. Houses
//!   are taken in order after naked singles, as a scan of every changed
//!   house took them, so the same contradictions are found first (they
//!   weigh the search's cells).
//! - **Other rules.** A rule with a changed cell is pruned by
//!   `rules::prune`.
//! - **Locked candidates.** For two full houses sharing cells (box and
//!   line, region and line, diagonal and box, ...), a digit that one of
//!   them can only place in the shared cells leaves the other's rest.
//!
//! # Boards of rows, columns and boxes only
//!
//! Where every cell lies in three full houses and nothing else narrows
//! (`Puzzle::full3`), a placed digit leaves its peers by `place_plain`
//! (digit cells cleared a word at a time); on a boxed layout with no
//! other house (`Puzzle::boxed`) locked candidates come from the line
//! segments' ORs (`boxed.rs`), and no crossings are built. Variants keep the general steps.
//!
//! # Search
//!
//! At a fixed point, look ahead from the two ways of each cell with two
//! candidates (see `Search::choose`): a failing way leaves the other as a
//! fact, two holding ways leave what either keeps, and the cell whose
//! ways remove the most is the choice. Without one, branch on the open
//! cell with the fewest candidates for its weight (dom/wdeg: a cell's
//! weight counts the contradictions it took part in, so the search learns
//! where a puzzle is tight), or on a digit with two places in a full house
//! when that cell has more. A search that runs long looks further: after
//! a few hundred choices at digits' places on every board, after a
//! thousand at digits with three places too (facts only, while they keep
//! finding some). A stack of saved candidate vectors (one per depth,
//! reused) restores the state for the next way. The ways of a choice
//! exclude each other and cover every solution, so counting is exact. A
//! filled grid is checked against every house, relation and rule before
//! it counts, so a rule whose pruning is incomplete never lets a wrong
//! grid through.

use super::puzzle::{Puzzle, CELL_WORDS};
use super::rules::{self, Pruned};
use boxed::Boxed;

/// The result of [`Puzzle::solve`]: how many solutions were found (never
/// more than the limit) and the first of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit.
    pub count: u64,
    /// The first solution found: one digit per cell in reading order.
    pub solution: Option<Box<[u8]>>,
}

impl Puzzle {
    /// Counts the solutions up to `limit` (taken as at least 1), keeping
    /// the first found. Solving is `limit` 1, proving uniqueness 2.
    pub fn solve(&self, limit: u64) -> Outcome {
        let mut search = Search::new(self, None);
        let count = search.run(limit.max(1));
        Outcome {
            count,
            solution: search.first,
        }
    }

    /// [`Puzzle::solve`] without the fast paths of boards of rows,
    /// columns and boxes only (`place_plain`, `boxed.rs`, looking ahead
    /// from digits' places): what the tests hold them to.
    #[cfg(test)]
    pub(crate) fn solve_general(&self, limit: u64) -> Outcome {
        let mut search = Search::new(self, None);
        (search.plain3, search.places, search.max_probes) = (false, false, MAX_PROBES);
        if search.boxed.take().is_some() {
            // A boxed board has no crossings: no locked candidates then.
            search.locking = false;
        }
        let count = search.run(limit.max(1));
        Outcome {
            count,
            solution: search.first,
        }
    }

    /// [`Puzzle::solve`] with every look ahead on from the root (digits'
    /// places, three-way looks), as a long search has them: what the
    /// tests hold them to on boards small enough to count by brute force.
    #[cfg(test)]
    pub(crate) fn solve_eager(&self, limit: u64) -> Outcome {
        let mut search = Search::new(self, None);
        (search.places_after, search.three_after) = (0, 0);
        let count = search.run(limit.max(1));
        Outcome {
            count,
            solution: search.first,
        }
    }

    /// A solution found with the search's digit choices shuffled by
    /// `seed`: different seeds give different solutions of a loose puzzle
    /// (an empty board, say), as a puzzle maker needs. `None` when there
    /// is none.
    pub fn solve_random(&self, seed: u64) -> Option<Box<[u8]>> {
        let mut search = Search::new(self, Some(Rng(seed)));
        search.run(1);
        search.first
    }

    /// Solutions up to `limit` and the number of choices the search made:
    /// a measure of its work, for tests and timings.
    pub fn solve_counting_nodes(&self, limit: u64) -> (Outcome, u64) {
        let mut search = Search::new(self, None);
        let count = search.run(limit.max(1));
        (
            Outcome {
                count,
                solution: search.first,
            },
            search.nodes,
        )
    }
}

/// A small random number generator (splitmix64) for shuffled searches.
#[derive(Clone, Debug)]
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// The next 64 random bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound` (> 0).
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// One of a mask's set bits: the lowest, or a random one.
fn pick(mask: u32, rng: &mut Option<Rng>) -> u32 {
    match rng {
        None => mask & mask.wrapping_neg(), // two's complement: the lowest set bit
        Some(rng) => {
            let mut k = rng.below(mask.count_ones() as usize);
            let mut m = mask;
            while k > 0 {
                m &= m - 1; // clears the lowest set bit
                k -= 1;
            }
            m & m.wrapping_neg()
        }
    }
}

/// Whether `mask` has exactly two bits set, without a population count
/// (a sequence of shifts and adds on x86-64 without `popcnt`).
#[inline(always)]
fn two_bits(mask: u32) -> bool {
    // x & (x - 1) clears the lowest set bit: one bit left after it.
    let rest = mask & mask.wrapping_sub(1);
    (rest != 0) & (rest & rest.wrapping_sub(1) == 0)
}

/// Added to a full house's count of a digit once the digit is placed
/// there: counting down then never reaches 1 or 0 for it (the placed cell
/// keeps it), so a count at 1 or 0 is news without asking whether the
/// digit is placed. A count is at most 25, below this bit: adding it is
/// an OR, which a second placing leaves as it is.
const PLACED: u8 = 128;

/// Cells with two candidates looked ahead from at one node, at most.
const MAX_PROBES: usize = 60;

/// Cells with two candidates looked ahead from at one node, at most, on
/// the smaller boards of rows, columns and boxes only (`Puzzle::full3`,
/// under [`MIN_PLACE_CELLS`]): on 16x16 boards 20 takes 2.5% fewer
/// instructions than [`MAX_PROBES`] for 1-4% more nodes.
const MAX_PLAIN_PROBES: usize = 20;

/// The fewest cells of a house-only board (`Puzzle::full3`) on which
/// digits with two places in a house are looked ahead from too: on 25x25
/// boards that is 45% fewer nodes and 19% fewer instructions, on 16x16
/// ones 28% fewer nodes but 12% more instructions (and on variants, whose
/// trees lean on the weights that failed looks add to, twice the nodes).
const MIN_PLACE_CELLS: usize = 400;

/// Choices (cells and digits' places) looked ahead from at one node, at
/// most, on the boards of [`MIN_PLACE_CELLS`]: on 25x25 boards 40 takes
/// 16% fewer instructions than 60 for 9% more nodes (50: 11% fewer).
const MAX_PLACE_PROBES: usize = 40;

/// Choices made before every board looks ahead from digits with two
/// places in a full house too (boards of [`MIN_PLACE_CELLS`] do from the
/// root): a search that needs this many is one where the extra looks pay.
/// With these and the three-way looks, the public variant sample's three
/// thermometer puzzles without givens take 4,812, 1,973 and 938 choices
/// instead of 323,531, 98,305 and 13,135, and the sample 1.8 s instead of
/// 7.9 s; escalating after 100 choices gave the same, after 1,000 2.6 s.
const PLACES_AFTER: u64 = 300;

/// Choices made before digits with three places in a full house are
/// looked ahead from as well (`Search::look_three`), for facts only:
/// after 300 choices the 25x25 boards took 10% more time, after 3,000
/// the public sample 2.5 s.
const THREE_AFTER: u64 = 1_000;

/// Three-way looks made before their yield is judged, and the least yield
/// (looks that find a fact or a dead end, in percent) for them to go on:
/// they cost three propagations each, so a puzzle where few find anything
/// (a slow-thermometer puzzle: 3%) stops them, and one where many do (the
/// thermometer puzzles: 18-25%) keeps them.
const THREE_TRIAL: u64 = 2_000;

/// See [`THREE_TRIAL`]: the least yield, in percent.
const THREE_YIELD: u64 = 10;

/// What `Search::look_ahead` found.
enum Look {
    /// Both ways fail: the node has no solution.
    Dead,
    /// Facts were found and propagated.
    Fact,
    /// Both ways hold and nothing follows from them together.
    Open,
}

/// What `Search::choose` found.
enum Pick {
    /// Every cell is placed.
    Solved,
    /// Looking ahead proved this node has no solution.
    Dead,
    /// Branch here.
    Branch(Choice),
}

/// A choice with ways still to try.
#[derive(Clone, Copy, Debug)]
enum Choice {
    /// The digits (mask) still to try in a cell.
    Cell { cell: u16, left: u32 },
    /// The places (bits over the house's cells) still to try for a digit
    /// in a full house; `all` is every place it had.
    Place {
        house: u16,
        digit: u32,
        left: u32,
        all: u32,
    },
}

/// Copies of the search's state (candidates, digit cells, counts), one
/// slot after another, grown as slots are first used.
#[derive(Default)]
struct State {
    cands: Vec<u32>,
    dcells: Vec<u64>,
    counts: Vec<u8>,
}

/// Copies `from` into slot `slot` of `to`, growing it to hold the slot.
fn put_slot<T: Copy + Default>(to: &mut Vec<T>, slot: usize, from: &[T]) {
    let (start, end) = (slot * from.len(), (slot + 1) * from.len());
    if to.len() < end {
        to.resize(end, T::default());
    }
    to[start..end].copy_from_slice(from);
}

impl State {
    /// Copies a state into slot `slot`.
    fn put(&mut self, slot: usize, cands: &[u32], dcells: &[u64], counts: &[u8]) {
        put_slot(&mut self.cands, slot, cands);
        put_slot(&mut self.dcells, slot, dcells);
        put_slot(&mut self.counts, slot, counts);
    }

    /// Copies slot `slot` out into a state.
    fn get(&self, slot: usize, cands: &mut [u32], dcells: &mut [u64], counts: &mut [u8]) {
        let span = |len: usize| slot * len..(slot + 1) * len;
        cands.copy_from_slice(&self.cands[span(cands.len())]);
        dcells.copy_from_slice(&self.dcells[span(dcells.len())]);
        counts.copy_from_slice(&self.counts[span(counts.len())]);
    }
}

/// The search's working memory, allocated once per solve.
struct Search<'p> {
    p: &'p Puzzle,
    cells: usize,
    /// The board's size: digits per full house.
    size: usize,
    cands: Vec<u32>,
    /// Per digit, the cells that still hold it, as a bit set
    /// (`Puzzle::cell_words` words per digit): a placed digit leaves
    /// only the peers in this set, without reading the others.
    dcells: Vec<u64>,
    /// Per full house and digit (`h * size + d`), how many of its cells
    /// hold the digit, plus [`PLACED`] once a cell of the house is placed
    /// with it: hidden singles and missing digits show as counts reaching
    /// 1 and 0, with no scan of the house and no question whether the
    /// digit is placed there already.
    counts: Vec<u8>,
    /// Per full house, the digits whose count reached 0 or 1 (not placed)
    /// since it was looked at: all its news, empty at every fixed point.
    news: Vec<u32>,
    /// Cells placed whose peers still hold their digit.
    singles: Vec<u16>,
    /// Cells with relations changed since their partners were pruned.
    related: Vec<u16>,
    related_queued: Vec<bool>,
    /// Houses changed since their hidden singles were looked for, as a
    /// bit set (`Puzzle::house_words` words).
    houses: Vec<u64>,
    /// Houses changed since the last locked-candidates pass, as a bit set.
    locked_dirty: Vec<u64>,
    locked_now: Vec<u64>,
    locked_any: bool,
    /// Per segment (`Puzzle::segments`), its cells' candidates together,
    /// valid while its stamp is the epoch: a pass works each out once.
    segment_or: Vec<u32>,
    segment_epoch: Vec<u32>,
    /// Per crossing, the epoch of the pass that last looked at it.
    crossing_epoch: Vec<u32>,
    epoch: u32,
    /// Rules (positions in `Puzzle::pruned`) to prune again.
    rules: Vec<u16>,
    rule_queued: Vec<bool>,
    snapshot: Vec<u32>,
    /// The candidates after a cell's first way looked ahead from (then
    /// ORed with the second's).
    way: Vec<u32>,
    /// On a board of rows, columns and boxes only (its cells in three
    /// full houses, as many houses as three per digit), the tables of
    /// the faster locked candidates of `boxed.rs`.
    boxed: Option<Boxed>,
    /// Whether placed digits leave their peers by `place_plain` (a board
    /// with `Puzzle::full3`).
    plain3: bool,
    /// The cell whose look ahead last proved a node dead: on boards of
    /// `Puzzle::full3` the next round starts there, so a conflict that
    /// recurs is found before the other probes (2.5% fewer instructions
    /// on 16x16 boards; on variants, whose choices lean on the order,
    /// it tripled the public sample's nodes).
    last_dead: usize,
    /// Whether there are locked candidates to look for: crossings, or a
    /// boxed board.
    locking: bool,
    /// Whether digits with two places in a house are looked ahead from
    /// too (see [`MIN_PLACE_CELLS`] and [`PLACES_AFTER`]).
    places: bool,
    /// Choices made before digits' places are looked ahead from on any
    /// board ([`PLACES_AFTER`]) and before three-way looks start
    /// ([`THREE_AFTER`]); the tests set both to 0.
    places_after: u64,
    three_after: u64,
    /// Three-way looks made (`look_three`) and how many found a fact or a
    /// dead end: their yield, judged after [`THREE_TRIAL`] looks.
    three_looks: u64,
    three_finds: u64,
    /// Choices looked ahead from at one node, at most: [`MAX_PROBES`], or
    /// [`MAX_PLACE_PROBES`] where digits' places count too.
    max_probes: usize,
    /// The state while ways are looked ahead from.
    probe: State,
    /// Saved states, one per open choice, laid end to end.
    saved: State,
    choices: Vec<Choice>,
    grid: Vec<u8>,
    rng: Option<Rng>,
    first: Option<Box<[u8]>>,
    nodes: u64,
    /// Candidates removed since last reset (by looking ahead).
    removed: u64,
    /// Per cell, 1 plus how often it took part in a contradiction (emptied
    /// by narrowing, or a cell of a rule found broken): the branching
    /// weight.
    weight: Vec<u32>,
    /// Set while a way is looked ahead from: propagation skips locked
    /// candidates, the dearest step, which a probe seldom needs to fail.
    light: bool,
    /// Set while a way is probed (not a fact): its changes mark no house
    /// for locked candidates, as the way is undone.
    probing: bool,
    /// Houses changed by this round's facts, for one pass of locked
    /// candidates after the round.
    fact_dirty: Vec<u64>,
}

impl<'p> Search<'p> {
    fn new(p: &'p Puzzle, rng: Option<Rng>) -> Self {
        let cells = p.layout.cells();
        let size = p.layout.size();
        let houses = p.houses.len();
        Search {
            p,
            cells,
            size,
            cands: p.domain.clone(),
            dcells: vec![0; size * p.cell_words],
            counts: vec![0; houses * size],
            news: vec![0; houses],
            singles: Vec::with_capacity(cells),
            related: Vec::with_capacity(cells),
            related_queued: vec![false; cells],
            houses: vec![0; p.house_words],
            locked_dirty: vec![0; p.house_words],
            locked_now: vec![0; p.house_words],
            locked_any: false,
            segment_or: vec![0; p.segments.len()],
            segment_epoch: vec![0; p.segments.len()],
            crossing_epoch: vec![0; p.crossings.len()],
            epoch: 0,
            rules: Vec::with_capacity(p.pruned.len()),
            rule_queued: vec![false; p.pruned.len()],
            snapshot: vec![0; cells],
            way: vec![0; cells],
            boxed: match p.layout.box_shape() {
                Some((rows, columns)) if p.boxed => Some(Boxed::new(size, rows, columns)),
                _ => None,
            },
            locking: p.boxed || !p.crossings.is_empty(),
            plain3: !p.full3.is_empty(),
            last_dead: 0,
            places: p.full3.len() >= MIN_PLACE_CELLS,
            places_after: PLACES_AFTER,
            three_after: THREE_AFTER,
            three_looks: 0,
            three_finds: 0,
            max_probes: if p.full3.len() >= MIN_PLACE_CELLS {
                MAX_PLACE_PROBES
            } else if !p.full3.is_empty() {
                MAX_PLAIN_PROBES
            } else {
                MAX_PROBES
            },
            probe: State::default(),
            saved: State::default(),
            choices: Vec::new(),
            grid: vec![0; cells],
            rng,
            first: None,
            nodes: 0,
            removed: 0,
            weight: vec![1; cells],
            light: false,
            probing: false,
            fact_dirty: vec![0; p.house_words],
        }
    }

    /// Counts solutions up to `limit`.
    fn run(&mut self, limit: u64) -> u64 {
        if !self.start() {
            self.clear_queues();
            return 0;
        }
        let mut count = 0;
        loop {
            match self.choose() {
                Pick::Dead => {}
                Pick::Solved => {
                    if self.verify() {
                        count += 1;
                        if self.first.is_none() {
                            self.first = Some(self.grid.clone().into_boxed_slice());
                        }
                        if count >= limit {
                            return count;
                        }
                    }
                }
                Pick::Branch(choice) => {
                    self.nodes += 1;
                    let depth = self.choices.len();
                    self.save(depth);
                    self.choices.push(choice);
                }
            }
            if !self.next_way() {
                return count;
            }
        }
    }

    /// Sets up the givens and propagates; false on a contradiction.
    fn start(&mut self) -> bool {
        let p = self.p;
        for (cell, &digit) in p.givens.iter().enumerate() {
            if digit != 0 {
                let bit = 1u32 << (digit - 1);
                if self.cands[cell] & bit == 0 {
                    return false;
                }
                self.cands[cell] = bit;
            }
        }
        let (n, words) = (self.size, p.cell_words);
        for cell in 0..self.cells {
            let m = self.cands[cell];
            if m == 0 {
                return false;
            }
            if !p.edges.of(cell).is_empty() {
                self.related.push(cell as u16);
                self.related_queued[cell] = true;
            }
            let mut bits = m;
            while bits != 0 {
                let d = bits.trailing_zeros() as usize;
                bits &= bits - 1; // clears the lowest set bit
                self.dcells[d * words + cell / 64] |= 1 << (cell % 64);
                for &h in p.cell_full.of(cell) {
                    self.counts[usize::from(h) * n + d] += 1;
                }
            }
        }
        for cell in 0..self.cells {
            let m = self.cands[cell];
            if m & (m - 1) == 0 {
                // x & (x - 1) clears the lowest bit: zero means one bit set.
                self.singles.push(cell as u16);
                self.mark_placed(m, p.cell_full.of(cell));
            }
        }
        for h in 0..p.houses.len() {
            self.houses[h / 64] |= 1 << (h % 64);
            // Every digit is news to a house not yet looked at.
            self.news[h] = u32::MAX >> (32 - n);
        }
        self.locked_dirty.copy_from_slice(&self.houses);
        self.locked_any = self.locking;
        for r in 0..p.pruned.len() {
            self.rules.push(r as u16);
            self.rule_queued[r] = true;
        }
        self.propagate()
    }

    /// Takes the next way of the innermost open choice, backing up past
    /// exhausted ones, until one propagates without contradiction; false
    /// when none is left.
    fn next_way(&mut self) -> bool {
        while !self.choices.is_empty() {
            let depth = self.choices.len() - 1;
            self.restore(depth);
            let choice = &mut self.choices[depth];
            let ok = match choice {
                Choice::Cell { cell, left } => {
                    let cell = usize::from(*cell);
                    let bit = pick(*left, &mut self.rng);
                    *left &= !bit;
                    if *left == 0 {
                        self.choices.pop();
                    }
                    self.narrow(cell, bit)
                }
                Choice::Place {
                    house,
                    digit,
                    left,
                    all,
                } => {
                    let (house, digit, all) = (usize::from(*house), *digit, *all);
                    let place = pick(*left, &mut self.rng);
                    *left &= !place;
                    let tried = all & !*left & !place;
                    if *left == 0 {
                        self.choices.pop();
                    }
                    let members = self.p.house(house);
                    let mut ok = true;
                    // The places tried before hold no solution with this digit.
                    let mut t = tried;
                    while t != 0 && ok {
                        let cell = usize::from(members[t.trailing_zeros() as usize]);
                        t &= t - 1;
                        let m = self.cands[cell];
                        if m & digit != 0 {
                            ok = self.narrow(cell, m & !digit);
                        }
                    }
                    let cell = usize::from(members[place.trailing_zeros() as usize]);
                    ok && self.narrow(cell, digit)
                }
            };
            if ok && self.propagate() {
                return true;
            }
            self.clear_queues();
        }
        false
    }

    /// Empties the work queues after a contradiction.
    fn clear_queues(&mut self) {
        self.singles.clear();
        self.news.fill(0);
        for c in self.related.drain(..) {
            self.related_queued[usize::from(c)] = false;
        }
        self.houses.fill(0);
        for r in self.rules.drain(..) {
            self.rule_queued[usize::from(r)] = false;
        }
        self.locked_dirty.fill(0);
        self.locked_any = false;
    }

    /// Sets `cell`'s candidates to `new` (a proper subset of its current
    /// ones) and queues what must be looked at again; false when empty.
    #[inline]
    fn narrow(&mut self, cell: usize, new: u32) -> bool {
        let p = self.p;
        if self.plain3 {
            // The cell's three houses as a fixed array: the loops over
            // them unrolled.
            return self.narrow_in(cell, new, &p.full3[cell]);
        }
        if !self.narrow_in(cell, new, p.cell_full.of(cell)) {
            return false;
        }
        if p.plain {
            return true;
        }
        let words = p.house_words;
        let bits = &p.cell_house_bits[cell * words..(cell + 1) * words];
        for ((dirty, &b), &partial) in self.houses.iter_mut().zip(bits).zip(&p.partial) {
            *dirty |= b & partial;
        }
        for &r in p.cell_rules.of(cell) {
            let r = usize::from(r);
            if !self.rule_queued[r] {
                self.rule_queued[r] = true;
                self.rules.push(r as u16);
            }
        }
        if !self.related_queued[cell] && !p.edges.of(cell).is_empty() {
            self.related_queued[cell] = true;
            self.related.push(cell as u16);
        }
        true
    }

    /// [`Search::narrow`]'s steps for the cell's full houses `full`: the
    /// candidates stored, each digit gone counted down in them, locked
    /// candidates marked for a look.
    #[inline(always)]
    fn narrow_in(&mut self, cell: usize, new: u32, full: &[u16]) -> bool {
        let mut gone = self.cands[cell] & !new;
        if !self.store(cell, new, full) {
            return false;
        }
        while gone != 0 {
            let d = gone.trailing_zeros() as usize;
            gone &= gone - 1; // clears the lowest set bit
            self.count_down(cell, d, full);
        }
        self.mark_locked(cell);
        true
    }

    /// Sets `cell`'s candidates to `new`, the first step of `narrow` and
    /// `eliminate`: false when none is left (the cell gains weight); a
    /// cell left with one is queued as a single and its digit marked
    /// placed in its full houses `full`.
    #[inline(always)]
    fn store(&mut self, cell: usize, new: u32, full: &[u16]) -> bool {
        self.cands[cell] = new;
        if new == 0 {
            self.weight[cell] += 1;
            return false;
        }
        if new & (new - 1) == 0 {
            // One bit left (x & (x - 1) clears the lowest one): placed.
            self.singles.push(cell as u16);
            self.mark_placed(new, full);
        }
        true
    }

    /// Marks digit `bit` placed in the full houses `full`: its count
    /// there gains [`PLACED`], once (an OR: a count below it has not).
    #[inline(always)]
    fn mark_placed(&mut self, bit: u32, full: &[u16]) {
        let (n, d) = (self.size, bit.trailing_zeros() as usize);
        for &h in full {
            self.counts[usize::from(h) * n + d] |= PLACED;
        }
    }

    /// Takes digit `d` (bit `d`) out of `cell`, whose candidates (already
    /// narrowed) keep another: the same as `narrow`, for the commonest
    /// case, a placed digit leaving a peer.
    #[inline(always)]
    fn eliminate(&mut self, cell: usize, d: usize) -> bool {
        let p = self.p;
        let new = self.cands[cell] & !(1 << d);
        if !p.plain {
            return self.narrow(cell, new);
        }
        let full = p.cell_full.of(cell);
        if !self.store(cell, new, full) {
            return false;
        }
        self.count_down(cell, d, full);
        self.mark_locked(cell);
        true
    }

    /// Books digit `d` gone from `cell` (of full houses `full`): its
    /// digit cells, and its counts, marking a house whose count reaches 0
    /// (a contradiction) or 1 (a hidden single, unless placed) to be
    /// looked at, in house order after naked singles, as a scan of every
    /// changed house did: the same contradictions found first, so the
    /// same weights and tree.
    #[inline(always)]
    fn count_down(&mut self, cell: usize, d: usize, full: &[u16]) {
        let words = self.p.cell_words;
        self.removed += 1;
        self.dcells[d * words + cell / 64] &= !(1u64 << (cell % 64));
        self.count_down_in(d, full);
    }

    /// [`Search::count_down`]'s counts alone: digit `d` leaves one cell of
    /// each house of `full`.
    #[inline(always)]
    fn count_down_in(&mut self, d: usize, full: &[u16]) {
        for &h in full {
            self.count_down_house(d, usize::from(h));
        }
    }

    /// Digit `d` leaves one cell of full house `h`.
    #[inline(always)]
    fn count_down_house(&mut self, d: usize, h: usize) {
        let at = h * self.size + d;
        let left = self.counts[at] - 1;
        self.counts[at] = left;
        // A placed digit's count stays above PLACED: only a digit not
        // placed reaches 1 or 0.
        if left <= 1 {
            self.houses[h / 64] |= 1 << (h % 64);
            self.news[h] |= 1 << d;
        }
    }

    /// Marks `cell`'s houses for locked candidates, unless probing a way
    /// (which skips that step and is undone).
    #[inline]
    fn mark_locked(&mut self, cell: usize) {
        let p = self.p;
        if self.probing || !self.locking {
            return;
        }
        let words = p.house_words;
        let bits = &p.cell_house_bits[cell * words..(cell + 1) * words];
        for (locked, &b) in self.locked_dirty.iter_mut().zip(bits) {
            *locked |= b;
        }
        self.locked_any = true;
    }

    /// Runs every step until nothing changes; false on a contradiction.
    fn propagate(&mut self) -> bool {
        let p = self.p;
        loop {
            if let Some(cell) = self.singles.pop() {
                let cell = usize::from(cell);
                if self.plain3 {
                    if !self.place_plain(cell) {
                        return false;
                    }
                    continue;
                }
                let digit = self.cands[cell];
                let words = p.cell_words;
                let d = digit.trailing_zeros() as usize;
                for w in 0..words {
                    // The peers that still hold the digit.
                    let mut bits = p.peer_bits[cell * words + w] & self.dcells[d * words + w];
                    while bits != 0 {
                        let q = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1; // clears the lowest set bit
                        if !self.eliminate(q, d) {
                            return false;
                        }
                    }
                }
            } else if let Some(cell) = self.related.pop() {
                let cell = usize::from(cell);
                self.related_queued[cell] = false;
                let mine = self.cands[cell];
                for &(other, t) in p.edges.of(cell) {
                    let table = &p.tables[usize::from(t)];
                    let mut allowed = 0;
                    let mut bits = mine;
                    while bits != 0 {
                        allowed |= table[bits.trailing_zeros() as usize];
                        bits &= bits - 1; // clears the lowest set bit
                    }
                    let other = usize::from(other);
                    let m = self.cands[other];
                    if m & !allowed != 0 && !self.narrow(other, m & allowed) {
                        return false;
                    }
                }
            } else if let Some(w) = self.houses.iter().position(|&word| word != 0) {
                let word = self.houses[w];
                self.houses[w] = word & (word - 1); // clears the lowest set bit
                let h = w * 64 + word.trailing_zeros() as usize;
                let ok = if p.houses[h].full {
                    self.full_house(h)
                } else {
                    self.hidden_singles(h)
                };
                if !ok {
                    return false;
                }
            } else if let Some(r) = self.rules.pop() {
                let r = usize::from(r);
                self.rule_queued[r] = false;
                if !self.prune_rule(r) {
                    return false;
                }
            } else if self.locked_any && !self.light {
                let ok = if self.boxed.is_some() {
                    self.locked_boxed()
                } else {
                    self.locked_candidates()
                };
                if !ok {
                    return false;
                }
            } else {
                return true;
            }
        }
    }

    /// Takes the digit of `cell` (placed) out of its peers on a board of
    /// `Puzzle::full3` houses: what `eliminate` does peer by peer, with
    /// the digit's cells cleared a word at a time and every house of a
    /// peer counted down without asking whether it is one of the cell's
    /// own (those have the digit placed, their counts above [`PLACED`]:
    /// no news; a test to skip them costs more time in mispredicted
    /// branches than the count-downs it saves). False on a contradiction
    /// (the state is then thrown away: the caller restores a saved one).
    #[inline(always)]
    fn place_plain(&mut self, cell: usize) -> bool {
        let p = self.p;
        let words = p.cell_words;
        let digit = self.cands[cell];
        let d = digit.trailing_zeros() as usize;
        let mark = !self.probing && self.locking;
        // The words of the peers that still hold the digit, the empty
        // ones left out without a branch (the index moves on only past a
        // word with bits): whether a word is empty is hard to predict.
        let mut found = [(0usize, 0u64); CELL_WORDS];
        let mut k = 0;
        let peers = &p.peer_bits[cell * words..(cell + 1) * words];
        let digit_cells = &mut self.dcells[d * words..(d + 1) * words];
        for (w, (&peer, held)) in peers.iter().zip(digit_cells).enumerate() {
            let bits = peer & *held;
            *held &= !bits;
            found[k] = (w, bits);
            k += usize::from(bits != 0);
        }
        for &(w, mut bits) in &found[..k] {
            while bits != 0 {
                let q = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1; // clears the lowest set bit
                self.removed += 1;
                let new = self.cands[q] & !digit;
                self.cands[q] = new;
                let theirs = p.full3[q];
                // x & (x - 1) clears the lowest bit: zero means at most one
                // left (wrapping: `new` may be empty).
                if new & new.wrapping_sub(1) == 0 {
                    if new == 0 {
                        self.weight[q] += 1;
                        return false;
                    }
                    self.singles.push(q as u16);
                    self.mark_placed(new, &theirs);
                }
                self.count_down_in(d, &theirs);
                if mark {
                    self.mark_locked(q);
                }
            }
        }
        true
    }

    /// Whether house `h` (not full) still has as many digits as cells.
    fn hidden_singles(&mut self, h: usize) -> bool {
        let p = self.p;
        let once = p
            .house(h)
            .iter()
            .fold(0, |acc, &c| acc | self.cands[usize::from(c)]);
        once.count_ones() >= p.houses[h].len
    }

    /// Full house `h`, from its counts: false when a digit has no place;
    /// each digit with one (in a cell not placed: a placed digit's count
    /// is above [`PLACED`]) is placed there.
    fn full_house(&mut self, h: usize) -> bool {
        let n = self.size;
        // Only digits with news can have no place, or one not placed.
        let mut news = std::mem::take(&mut self.news[h]);
        let mut hidden = 0u32;
        while news != 0 {
            let d = news.trailing_zeros() as usize;
            news &= news - 1; // clears the lowest set bit
            match self.counts[h * n + d] {
                0 => return false,
                1 => hidden |= 1 << d,
                _ => {}
            }
        }
        let p = self.p;
        let words = p.cell_words;
        let house = &p.house_bits[h * words..(h + 1) * words];
        while hidden != 0 {
            let d = hidden.trailing_zeros() as usize;
            let bit = 1 << d;
            // x & (x - 1) clears the lowest set bit.
            hidden &= hidden - 1;
            // The digit's one cell in the house, from the digit's cells.
            let digit = &self.dcells[d * words..(d + 1) * words];
            let Some((w, x)) = digit
                .iter()
                .zip(house)
                .map(|(&a, &b)| a & b)
                .enumerate()
                .find(|&(_, x)| x != 0)
            else {
                // Another hidden single took the digit's only cell.
                return false;
            };
            let cell = w * 64 + x.trailing_zeros() as usize;
            if self.cands[cell] != bit && !self.narrow(cell, bit) {
                return false;
            }
        }
        true
    }

    /// Copies the working state into slot `depth` of the saved states.
    fn save(&mut self, depth: usize) {
        self.saved
            .put(depth, &self.cands, &self.dcells, &self.counts);
    }

    /// Makes slot `depth` of the saved states the working state.
    fn restore(&mut self, depth: usize) {
        self.saved
            .get(depth, &mut self.cands, &mut self.dcells, &mut self.counts);
    }

    /// Prunes rule `r` (a position in `Puzzle::pruned`) with `rules::prune`
    /// and queues the cells it changed.
    fn prune_rule(&mut self, r: usize) -> bool {
        let p = self.p;
        let rule = &p.rules[p.pruned[r]];
        let cells = p.rule_cells.of(r);
        for (i, &c) in cells.iter().enumerate() {
            self.snapshot[i] = self.cands[usize::from(c)];
        }
        match rules::prune(rule, &p.layout, &mut self.cands) {
            Pruned::Same => true,
            Pruned::Broken => {
                for (i, &c) in cells.iter().enumerate() {
                    self.cands[usize::from(c)] = self.snapshot[i];
                    self.weight[usize::from(c)] += 1;
                }
                false
            }
            Pruned::Changed => {
                for (i, &c) in cells.iter().enumerate() {
                    let cell = usize::from(c);
                    let before = self.snapshot[i];
                    let after = self.cands[cell] & before;
                    self.cands[cell] = before;
                    if after != before && !self.narrow(cell, after) {
                        return false;
                    }
                }
                true
            }
        }
    }

    /// Locked candidates over the crossings of changed houses.
    #[inline(never)]
    fn locked_candidates(&mut self) -> bool {
        let p = self.p;
        std::mem::swap(&mut self.locked_now, &mut self.locked_dirty);
        self.locked_dirty.fill(0);
        self.locked_any = false;
        self.next_epoch();
        let mut ok = true;
        'houses: for w in 0..self.locked_now.len() {
            let mut word = self.locked_now[w];
            while word != 0 {
                let h = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1; // clears the lowest set bit
                for &x in p.house_crossings.of(h) {
                    let x = x as usize;
                    // Each crossing once a pass, though both houses changed.
                    if self.crossing_epoch[x] == self.epoch {
                        continue;
                    }
                    self.crossing_epoch[x] = self.epoch;
                    if !self.crossing(x) {
                        ok = false;
                        break 'houses;
                    }
                }
            }
        }
        self.locked_now.fill(0);
        ok
    }

    /// Locked candidates of crossing `x`; false on a contradiction.
    #[inline(always)]
    fn crossing(&mut self, x: usize) -> bool {
        let p = self.p;
        let x = &p.crossings[x];
        let [rest_a, rest_b] = p.crossing_rests(x);
        let in_shared = self.segment_or(x.shared as usize);
        let in_a = self.items_or(rest_a);
        let in_b = self.items_or(rest_b);
        // Digits that house a can only place in the shared cells leave
        // the rest of b, and the other way round. The segments' ORs may
        // predate this pass's removals: a superset of candidates finds
        // fewer digits, never a wrong one (a digit gone from a house
        // altogether is a contradiction already, found when that house's
        // turn comes), and the removals mark their houses for the next
        // pass.
        let only_a = in_shared & !in_a;
        if only_a & in_b != 0 && !self.remove_items(rest_b, only_a) {
            return false;
        }
        let only_b = in_shared & !in_b;
        only_b & in_a == 0 || self.remove_items(rest_a, only_b)
    }

    /// Forgets the segments' candidates worked out so far (the
    /// pass begins).
    fn next_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // Wrapped: no stamp may match a later epoch by accident.
            self.segment_epoch.fill(0);
            self.crossing_epoch.fill(0);
            self.epoch = 1;
        }
    }

    /// The candidates of segment `s`'s cells together, worked out once
    /// per epoch.
    #[inline(always)]
    fn segment_or(&mut self, s: usize) -> u32 {
        if self.segment_epoch[s] == self.epoch {
            return self.segment_or[s];
        }
        let or = self
            .p
            .segments
            .of(s)
            .iter()
            .fold(0, |acc, &c| acc | self.cands[usize::from(c)]);
        self.segment_or[s] = or;
        self.segment_epoch[s] = self.epoch;
        or
    }

    /// The candidates of a crossing's rest (segments and cells) together.
    #[inline]
    fn items_or(&mut self, items: &[u32]) -> u32 {
        let count = self.segment_or.len() as u32;
        let mut or = 0;
        for &item in items {
            or |= if item < count {
                self.segment_or(item as usize)
            } else {
                self.cands[(item - count) as usize]
            };
        }
        or
    }

    /// Removes `digits` from the cells of a crossing's rest.
    fn remove_items(&mut self, items: &[u32], digits: u32) -> bool {
        let p = self.p;
        let count = self.segment_or.len() as u32;
        for &item in items {
            let ok = if item < count {
                self.remove(p.segments.of(item as usize), digits)
            } else {
                self.remove(&[(item - count) as u16], digits)
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// Removes `digits` from `cells`.
    fn remove(&mut self, cells: &[u16], digits: u32) -> bool {
        for &c in cells {
            let c = usize::from(c);
            let m = self.cands[c];
            if m & digits != 0 && !self.narrow(c, m & !digits) {
                return false;
            }
        }
        true
    }

    /// What to do at a fixed point: count a filled grid, back up from a
    /// dead end found by looking ahead, or branch.
    ///
    /// Before branching, each way of every cell with two candidates (up to
    /// [`MAX_PROBES`] cells) is propagated on the side (`look_ahead`). A
    /// way that fails leaves the other as a fact (and the look goes on
    /// from there); when both hold, a candidate that both remove is gone
    /// too (the ways cover every solution): on 25x25 boards 26% fewer
    /// nodes and 10% less time, on 16x16 ones 23% fewer nodes. Otherwise
    /// the cell whose ways remove the most, by the product of the two
    /// removals plus one each, is the choice: a third fewer nodes on
    /// 25x25 boards and 65% fewer on the public variant sample than the
    /// sum it replaced, which a single strong way could win. On big boards
    /// of rows, columns and boxes ([`MIN_PLACE_CELLS`]) a digit with two
    /// places in a house is looked ahead from the same way, and may be the
    /// choice. A way is propagated without locked candidates (`light`):
    /// probes are most of the work, that step is the dearest of a
    /// propagation, and it seldom decides whether a way fails (a third
    /// fewer instructions on 16x16 boards). So is a fact, with one pass of
    /// locked candidates over every crossing after the round; and the
    /// round is not run again when its best cell still has two
    /// candidates (branching on it then: 16x16 and 25x25 boards take 15%
    /// fewer instructions for 25% more nodes, 9x9 variants about the
    /// same; counted together with the pass). Far dearer per node, but it
    /// cuts the trees of sparse 16x16 and 25x25 boards by orders of
    /// magnitude; the deductions are sound, so counts stay exact. It starts
    /// at the root: on 16x16 and 25x25 boards that is 18% and 12% fewer
    /// instructions than after two choices, and the same on 9x9 variants.
    /// Once the search has made [`PLACES_AFTER`] choices, digits' places
    /// are looked ahead from on every board, and after [`THREE_AFTER`]
    /// digits with three places in a full house too (`look_threes`).
    fn choose(&mut self) -> Pick {
        loop {
            self.probe.put(0, &self.cands, &self.dcells, &self.counts);
            let mut best: Option<(u64, Choice)> = None;
            let mut facts = false;
            let mut probes = 0;
            let start = if self.plain3 { self.last_dead } else { 0 };
            for k in 0..self.cells {
                let cell = if start + k < self.cells {
                    start + k
                } else {
                    start + k - self.cells
                };
                let m = self.cands[cell];
                if !two_bits(m) {
                    continue;
                }
                probes += 1;
                if probes > self.max_probes {
                    break;
                }
                let low = m & m.wrapping_neg(); // the lowest set bit
                let choice = Choice::Cell {
                    cell: cell as u16,
                    left: m,
                };
                match self.look_ahead([(cell, low), (cell, m & !low)], choice, &mut best) {
                    Look::Dead => {
                        self.last_dead = cell;
                        return Pick::Dead;
                    }
                    Look::Fact => facts = true,
                    Look::Open => {}
                }
            }
            self.places |= self.nodes >= self.places_after;
            if self.places && probes <= self.max_probes {
                let p = self.p;
                let n = self.size;
                'houses: for h in 0..p.houses.len() {
                    if !p.houses[h].full {
                        continue;
                    }
                    for d in 0..n {
                        let bit = 1u32 << d;
                        if self.counts[h * n + d] != 2 {
                            continue;
                        }
                        let members = p.house(h);
                        let places = self.places_in(h, bit);
                        let a = usize::from(members[places.trailing_zeros() as usize]);
                        let b = usize::from(members[31 - places.leading_zeros() as usize]);
                        if two_bits(self.cands[a]) || two_bits(self.cands[b]) {
                            continue;
                        }
                        probes += 1;
                        if probes > self.max_probes {
                            break 'houses;
                        }
                        let choice = Choice::Place {
                            house: h as u16,
                            digit: bit,
                            left: places,
                            all: places,
                        };
                        match self.look_ahead([(a, bit), (b, bit)], choice, &mut best) {
                            Look::Dead => return Pick::Dead,
                            Look::Fact => facts = true,
                            Look::Open => {}
                        }
                    }
                }
            }
            if self.nodes >= self.three_after
                && (self.three_looks < THREE_TRIAL
                    || self.three_finds * 100 >= THREE_YIELD * self.three_looks)
            {
                match self.look_threes() {
                    Look::Dead => return Pick::Dead,
                    Look::Fact => facts = true,
                    Look::Open => {}
                }
            }
            if facts {
                // The node was at a fixed point: only the facts' houses
                // can hold new locked candidates.
                if self.fact_dirty.iter().any(|&w| w != 0) {
                    self.locked_dirty.copy_from_slice(&self.fact_dirty);
                    self.fact_dirty.fill(0);
                    self.locked_any = true;
                    if !self.propagate() {
                        self.clear_queues();
                        return Pick::Dead;
                    }
                }
                if best.is_none_or(|(_, choice)| !self.still_open(choice)) {
                    continue;
                }
            }
            return match best {
                Some((_, Choice::Cell { cell, .. })) => Pick::Branch(Choice::Cell {
                    cell,
                    left: self.cands[usize::from(cell)],
                }),
                Some((_, choice)) => Pick::Branch(choice),
                // Nothing was looked ahead from (a look that holds sets
                // `best`, one that fails is a fact), so the state and the
                // weights are the node's own: the simple choice is made
                // only now, when needed.
                None => self.simple_choice().map_or(Pick::Solved, Pick::Branch),
            };
        }
    }

    /// The places of `digit` (a bit) in house `h`, as bits of the house's
    /// positions (a [`Choice::Place`]'s ways).
    fn places_in(&self, h: usize, digit: u32) -> u32 {
        let mut places = 0u32;
        for (i, &c) in self.p.house(h).iter().enumerate() {
            if self.cands[usize::from(c)] & digit != 0 {
                places |= 1 << i;
            }
        }
        places
    }

    /// Whether a choice looked ahead from still has its two ways.
    fn still_open(&self, choice: Choice) -> bool {
        match choice {
            Choice::Cell { cell, .. } => two_bits(self.cands[usize::from(cell)]),
            Choice::Place { house, digit, .. } => {
                let h = usize::from(house);
                let d = digit.trailing_zeros() as usize;
                self.counts[h * self.size + d] == 2
            }
        }
    }

    /// Looks ahead from the two ways of `choice` (each a cell narrowed to
    /// a mask), which cover every solution: both failing make the node
    /// dead; one failing makes the other a fact; both holding make what
    /// neither leaves gone. Facts are propagated (without locked
    /// candidates, as a probe: one pass at the end of the round covers
    /// them) and saved as the node's state; otherwise `best` keeps the
    /// choice whose ways remove the most.
    fn look_ahead(
        &mut self,
        ways: [(usize, u32); 2],
        choice: Choice,
        best: &mut Option<(u64, Choice)>,
    ) -> Look {
        // Per way, the candidates removed (with the cell's own), 0 when
        // the way fails.
        let mut removed = [0u64; 2];
        // Whether some cell lost a candidate under both ways.
        let mut both = false;
        for (i, (cell, mask)) in ways.into_iter().enumerate() {
            self.removed = 0;
            (self.light, self.probing) = (true, true);
            let ok = self.narrow(cell, mask) && self.propagate();
            (self.light, self.probing) = (false, false);
            if ok {
                removed[i] = self.removed;
                if i == 0 {
                    // The way's candidates kept by a swap, not a copy:
                    // the restore below overwrites `cands` anyway.
                    std::mem::swap(&mut self.way, &mut self.cands);
                } else if removed[0] != 0 {
                    both = self.join_ways();
                }
            } else {
                self.clear_queues();
            }
            self.probe
                .get(0, &mut self.cands, &mut self.dcells, &mut self.counts);
            if i == 0 && !ok {
                // The second way is a fact: propagated once, below, and
                // if it fails too the node is dead.
                removed[1] = 1;
                break;
            }
        }
        let fact = match removed {
            [0, 0] => return Look::Dead,
            [0, _] => Some(ways[1]),
            [_, 0] => Some(ways[0]),
            [a, b] => {
                // The product rewards a choice whose both ways remove
                // much over one with a single strong way.
                let score = (a + 1) * (b + 1);
                if best.is_none_or(|(s, _)| score > s) {
                    *best = Some((score, choice));
                }
                if !both {
                    return Look::Open;
                }
                None
            }
        };
        self.light = true;
        let ok = match fact {
            Some((cell, mask)) => {
                let m = self.cands[cell] & mask;
                (m == self.cands[cell] || self.narrow(cell, m)) && self.propagate()
            }
            None => self.keep_ways() && self.propagate(),
        };
        self.light = false;
        self.settle(ok)
    }

    /// After facts were propagated (`ok` false on a contradiction): the
    /// node is dead, or its new state is saved as the one looks start
    /// from.
    fn settle(&mut self, ok: bool) -> Look {
        if !ok {
            self.fact_dirty.fill(0);
            self.clear_queues();
            return Look::Dead;
        }
        // Its marks wait for the pass after the round (a failed probe
        // clears the queues).
        for (fact, now) in self.fact_dirty.iter_mut().zip(&mut self.locked_dirty) {
            *fact |= std::mem::take(now);
        }
        self.locked_any = false;
        self.probe.put(0, &self.cands, &self.dcells, &self.counts);
        Look::Fact
    }

    /// Looks ahead from every digit with three places in a full house:
    /// see [`Search::look_three`]. Dead at the first dead end; a fact when
    /// any look found one.
    fn look_threes(&mut self) -> Look {
        let p = self.p;
        let n = self.size;
        let mut facts = false;
        for h in 0..p.houses.len() {
            if !p.houses[h].full {
                continue;
            }
            for d in 0..n {
                // A placed digit's count is above PLACED: only one with
                // three open places counts 3.
                if self.counts[h * n + d] != 3 {
                    continue;
                }
                let bit = 1u32 << d;
                let members = p.house(h);
                let mut places = self.places_in(h, bit);
                let mut ways = [(0usize, bit); 3];
                for way in &mut ways {
                    way.0 = usize::from(members[places.trailing_zeros() as usize]);
                    places &= places - 1; // clears the lowest set bit
                }
                self.three_looks += 1;
                match self.look_three(ways) {
                    Look::Dead => {
                        self.three_finds += 1;
                        return Look::Dead;
                    }
                    Look::Fact => {
                        self.three_finds += 1;
                        facts = true;
                    }
                    Look::Open => {}
                }
            }
        }
        if facts {
            Look::Fact
        } else {
            Look::Open
        }
    }

    /// Looks ahead from the three ways of a digit's places in a house
    /// (each a cell narrowed to the digit), which cover every solution:
    /// what no holding way keeps is gone, and none holding makes the node
    /// dead. Facts only, never the choice: a three-way branch would be
    /// weighed against two-way ones by a different measure.
    fn look_three(&mut self, ways: [(usize, u32); 3]) -> Look {
        let mut held = 0;
        // Whether the ways that held together keep less than the node.
        let mut less = false;
        for (cell, mask) in ways {
            (self.light, self.probing) = (true, true);
            let ok = self.narrow(cell, mask) && self.propagate();
            (self.light, self.probing) = (false, false);
            if ok {
                if held == 0 {
                    // Kept by a swap: the restore below overwrites `cands`.
                    std::mem::swap(&mut self.way, &mut self.cands);
                    less = true;
                } else {
                    less = self.join_ways();
                }
                held += 1;
            } else {
                self.clear_queues();
            }
            self.probe
                .get(0, &mut self.cands, &mut self.dcells, &mut self.counts);
        }
        if held == 0 {
            return Look::Dead;
        }
        if !less {
            return Look::Open;
        }
        self.light = true;
        let ok = self.keep_ways() && self.propagate();
        self.light = false;
        self.settle(ok)
    }

    /// After another way of a choice held (its candidates in `cands`,
    /// those of the ways before it that held in `way`, the node's in the
    /// probe slot): makes `way` the candidates of any of them, and says
    /// whether they leave some cell fewer than the node has. One
    /// branchless pass, which vectorises.
    fn join_ways(&mut self) -> bool {
        let n = self.cells;
        let (way, now, node) = (&mut self.way[..n], &self.cands[..n], &self.probe.cands[..n]);
        let mut differ = 0u32;
        for i in 0..n {
            let either = way[i] | now[i];
            way[i] = either;
            // Nonzero where the ways together keep fewer than the node.
            differ |= either ^ node[i];
        }
        differ != 0
    }

    /// Narrows every cell to the candidates that either way of a cell
    /// kept (`way`, made by `join_ways`): a digit that both ways remove
    /// is in no solution. False on a contradiction.
    fn keep_ways(&mut self) -> bool {
        for c in 0..self.cells {
            let (w, m) = (self.way[c], self.cands[c]);
            if m & !w != 0 && !self.narrow(c, m & w) {
                return false;
            }
        }
        true
    }

    /// The open cell with the fewest candidates per unit of weight (how
    /// often it took part in contradictions so far), or a digit with two
    /// places in a full house when that cell has more than two; `None`
    /// when every cell is placed.
    fn simple_choice(&mut self) -> Option<Choice> {
        let p = self.p;
        let mut best_cell = usize::MAX;
        // The best ratio so far, candidates over weight, as a fraction.
        let (mut best_k, mut best_w) = (u64::from(u32::MAX), 1u64);
        for (cell, &m) in self.cands.iter().enumerate() {
            // x & (x - 1) clears the lowest bit: zero means placed.
            if m & (m - 1) == 0 {
                continue;
            }
            let w = u64::from(self.weight[cell]);
            // An open cell has two candidates or more: one that could not
            // beat the best with two is passed without counting its own.
            if 2 * best_w >= best_k * w {
                continue;
            }
            let k = m.count_ones();
            // k / w < best_k / best_w, cross-multiplied (both fit in u64).
            if u64::from(k) * best_w < best_k * w {
                (best_k, best_w) = (u64::from(k), w);
                best_cell = cell;
            }
        }
        if best_cell == usize::MAX {
            return None;
        }
        if best_k > 2 {
            // A digit with two places in a full house is a smaller choice.
            for (h, house) in p.houses.iter().enumerate() {
                if !house.full {
                    continue;
                }
                let members = p.house(h);
                // Bit-sliced counting to three: digits in 1, 2+, 3+ cells.
                let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
                for &c in members {
                    let m = self.cands[usize::from(c)];
                    if m & (m - 1) == 0 {
                        continue; // placed
                    }
                    three |= two & m;
                    two |= one & m;
                    one |= m;
                }
                let pairs = two & !three;
                if pairs != 0 {
                    let digit = pick(pairs, &mut self.rng);
                    let places = self.places_in(h, digit);
                    return Some(Choice::Place {
                        house: h as u16,
                        digit,
                        left: places,
                        all: places,
                    });
                }
            }
        }
        Some(Choice::Cell {
            cell: best_cell as u16,
            left: self.cands[best_cell],
        })
    }

    /// Whether the placed grid (every cell one digit) keeps every house,
    /// peer, relation and rule; fills `grid`.
    fn verify(&mut self) -> bool {
        let p = self.p;
        for (cell, &m) in self.cands.iter().enumerate() {
            self.grid[cell] = m.trailing_zeros() as u8 + 1;
        }
        for cell in 0..self.cells {
            let m = self.cands[cell];
            if p.peers
                .of(cell)
                .iter()
                .any(|&q| self.cands[usize::from(q)] == m)
            {
                return false;
            }
            let d = m.trailing_zeros() as usize;
            if p.edges
                .of(cell)
                .iter()
                .any(|&(o, t)| p.tables[usize::from(t)][d] & self.cands[usize::from(o)] == 0)
            {
                return false;
            }
            if p.domain[cell] & m == 0 {
                return false;
            }
        }
        p.pruned
            .iter()
            .all(|&r| rules::check(&p.rules[r], &p.layout, &self.grid).is_none())
    }
}

mod boxed;

#[cfg(test)]
pub(crate) mod reference;

#[cfg(test)]
pub(crate) mod tests;
