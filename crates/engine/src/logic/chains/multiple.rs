//! Rung 28: static multiple forcing chains (cell and region forcing
//! chains on the fixed position), as a rung and nested in dynamic chains
//! of level 3.
//!
//! The scan is [`forcing`](super::forcing)'s for static chains: cells of
//! three candidates or more in reading order; for each digit, the region
//! chains of each house (box, row, column) where the cell is the digit's
//! first of two places or more, then the cell's chain; each offers every
//! state all its branches reach, "on" states first, each in the first
//! branch's order. Branches that can meet nowhere (the graph's
//! [`Closure`]) are skipped.
//!
//! A static propagation follows the fixed position's links alone, so the
//! engine's propagation of an "on" assumption is a walk of the chain
//! [`Graph`], which lists each candidate's links in the engine's order:
//! [`Branch::propagate`] walks it in the engine's order ("on" states
//! before "off" ones, each kind in the order reached) and stops where the
//! engine stops (at a state whose negation was reached), so each branch
//! reaches the same states with the same first parents. Every state has
//! that one parent, so the states a target rests on are its depth plus
//! one: a hint's size is a sum of depths, with no link table to build and
//! no nodes to walk back.
//!
//! Nested, the scans run on thousands of positions reduced from one
//! source, and almost none of their chains conclude anything: instead of
//! each position's closure, what every branch reaches in the source
//! (propagated once) bounds what it reaches there ([`Reduced`]), and the
//! chains whose bounds share nothing that concludes are skipped.

use super::graph::{closure_of, partners, Closure, Dense, Graph, NO_CELL};
use super::links::{candidate, link_cause, removed_by};
use super::links::{cell_of, digit_of, house_peers, is_on, state, Cands, Cause, State, STATES};
use super::{conclude, last_built, Best, Collected, Key};
use crate::logic::grid::{
    bits, cells_of, count, houses_of, several_cells, two_cells, Cells, Digits, Grid, CELL_BITS,
    HOUSE_MASKS,
};
use crate::logic::proof::Candidate;
use crate::logic::step::{Pattern, Step, Technique};

/// The difficulty of static multiple forcing chains before length.
const BASE: f64 = 8.0;

/// The sort kinds of cell and region chains.
const CELL: u8 = 5;
const REGION: u8 = 6;

/// No parent (a branch's start).
const ROOT: State = State::MAX;

/// The first step of Sudoku Explainer's "Multiple Forcing Chains" on
/// `grid`.
pub fn multiple_forcing_chains(grid: &Grid) -> Option<Step> {
    let mut best = Best::default();
    scan(&Cands::of(grid), &mut best);
    best.step
}

/// Every hint of static multiple forcing chains on `work`, for a chain
/// that started from `source` and nests them; each keeps its step when
/// `keep`.
pub(super) fn collect(work: &Cands, source: &Cands, keep: bool) -> Vec<Collected> {
    let mut best = Best::collecting(source, keep);
    scan_reduced(work, &Outcomes::of(source), &mut best);
    best.into_collected()
}

/// Every hint in Sudoku Explainer's order, offered to `best`.
fn scan(cands: &Cands, best: &mut Best) {
    let (closure, graph) = closure_of(cands);
    let filter = Filter::Closure(&closure, &graph);
    scan_with(cands, filter, best);
}

/// [`scan`] of `work`, a reduced position of `outcomes`' source: the cell
/// and region chains that [`Reduced::may_conclude`] rules out are skipped
/// (no graph or closure of `work` is built).
fn scan_reduced(work: &Cands, outcomes: &Outcomes, best: &mut Best) {
    let reduced = Reduced::new(outcomes, work);
    scan_with(work, Filter::Reduced(&reduced), best);
}

/// [`scan`] with the chains whose branches surely conclude nothing told
/// apart by `filter`.
fn scan_with(cands: &Cands, filter: Filter<'_>, best: &mut Best) {
    let mut scan = Scan {
        cands,
        filter,
        branches: Branches::take(),
    };
    let regions = region_starts(cands);
    for cell in 0..81 {
        if count(cands.cells[cell]) > 2 {
            scan.cell(cell, regions[cell], best);
        }
    }
    scan.branches.give();
}

/// How a scan skips the cell and region chains that can offer nothing.
#[derive(Clone, Copy)]
enum Filter<'a> {
    /// The position's closure (on its graph): branches that can meet
    /// nowhere.
    Closure(&'a Closure, &'a Graph),
    /// What the branches of a source position reached: in a reduced
    /// position, branches that can meet on no state that concludes
    /// anything.
    Reduced(&'a Reduced<'a>),
}

/// The region chains each cell starts, as bits `d0 * 3 + k` for its digit
/// `d0`'s places in its house `houses_of(cell)[k]` (box, row, column):
/// each digit's places in a house start one at the first of them, when
/// they are two or more.
fn region_starts(cands: &Cands) -> [u32; 81] {
    let mut starts = [0; 81];
    // Houses 0-8 are boxes, 9-17 rows, 18-26 columns.
    for (house, &mask) in HOUSE_MASKS.iter().enumerate() {
        for (d0, &cells) in cands.digits.iter().enumerate() {
            let places = cells & mask;
            if several_cells(places) {
                starts[places.trailing_zeros() as usize] |= 1 << (d0 * 3 + house / 9);
            }
        }
    }
    starts
}

/// The (at most nine) candidates of a cell or a digit's places in a
/// house, listed without allocating, and how many.
fn listed(cands: impl Iterator<Item = usize>) -> ([usize; 9], usize) {
    let mut list = [0; 9];
    let mut len = 0;
    for cand in cands {
        list[len] = cand;
        len += 1;
    }
    (list, len)
}

/// One scan's position, how it skips chains, and the branches propagated.
struct Scan<'a> {
    cands: &'a Cands,
    filter: Filter<'a>,
    branches: Branches,
}

impl Scan<'_> {
    /// The region chains of `cell`'s digits (`regions`, as
    /// [`region_starts`] gives them), then its cell chain.
    fn cell(&mut self, cell: usize, mut regions: u32, best: &mut Best) {
        let digits = self.cands.cells[cell];
        let (starts, len) = listed(bits(digits).map(|d0| cell * 9 + d0));
        let starts = &starts[..len];
        let cell_chain = self.may_share(starts);
        // Digits ascending, each one's houses box, row, column.
        while regions != 0 {
            let bit = regions.trailing_zeros() as usize;
            regions &= regions - 1; // clear the lowest set bit
            let (d0, house) = (bit / 3, houses_of(cell)[bit % 3]);
            let places = self.cands.places(house, d0);
            let (places, len) = listed(cells_of(places).map(|c| c * 9 + d0));
            let places = &places[..len];
            if self.may_share(places) {
                let pattern = |target| Pattern::RegionForcing {
                    house: house as u8,
                    digit: d0 as u8 + 1,
                    target,
                };
                self.common(places, (REGION, Cause::House(house as u8)), pattern, best);
            }
        }
        if cell_chain {
            let pattern = |target| Pattern::CellForcing {
                cell: cell as u8,
                target,
            };
            self.common(starts, (CELL, Cause::Cell), pattern, best);
        }
    }

    /// Whether the "on" states of candidates `cands` (`cell * 9 + d0`)
    /// may all lead to one state (the closure says whether they can), or
    /// in a reduced position to one that concludes something.
    fn may_share(&self, cands: &[usize]) -> bool {
        match self.filter {
            Filter::Closure(closure, graph) => {
                closure.share(cands.iter().map(|&cand| (graph.id(cand) * 2 + 1) as Dense))
            }
            Filter::Reduced(reduced) => reduced.may_conclude(cands),
        }
    }

    /// Offers every state all the branches from the "on" states of
    /// `starts` reach ("on" states first, each in the first branch's
    /// order) as a hint of `kind` whose starting states hold for
    /// `assumption`, its pattern `pattern` of the target.
    fn common(
        &mut self,
        starts: &[usize],
        (kind, assumption): (u8, Cause),
        pattern: impl Fn(Candidate) -> Pattern,
        best: &mut Best,
    ) {
        // At most nine branches (a cell's digits, a digit's places in a
        // house): no list to allocate.
        let Some((slots, common)) = self.meeting(starts) else {
            return;
        };
        let len = starts.len();
        let branches: [&Branch; 9] =
            std::array::from_fn(|k| self.branches.get(slots[k.min(len - 1)]));
        let branches = &branches[..len];
        let technique = if kind == CELL {
            Technique::CellForcingChains
        } else {
            Technique::RegionForcingChains
        };
        let cands = self.cands;
        for on in [true, false] {
            // The common states of this kind not yet met in the first
            // branch's order, which holds each of them once: the walk ends
            // when none is left (often before it starts).
            let mut left: u32 = common[usize::from(on)].iter().map(|c| c.count_ones()).sum();
            for &t in branches[0].order() {
                if left == 0 {
                    break;
                }
                let (cell, d0) = (cell_of(t), digit_of(t));
                if is_on(t) != on || common[usize::from(on)][d0] >> cell & 1 == 0 {
                    continue;
                }
                left -= 1;
                // Each state has one parent: it rests on its depth's
                // states and itself.
                let size = branches
                    .iter()
                    .map(|branch| u32::from(branch.link[usize::from(t)].1) + 1)
                    .sum();
                best.offer_conclusion(
                    Key::new(BASE, size, kind),
                    t,
                    |difficulty| {
                        let pattern = pattern(candidate(t));
                        conclude(cands, t, technique, pattern, difficulty)
                    },
                    cands,
                    |source| {
                        let mut out = Vec::new();
                        for branch in branches {
                            branch.rule_parents(t, assumption, (source, cands), &mut out);
                        }
                        out.sort_unstable();
                        out.dedup();
                        out
                    },
                );
            }
        }
    }
}

impl Scan<'_> {
    /// The branches from the "on" states of `starts` (their slots, in
    /// order) and the states all of them reach, by digit and cell, or None
    /// when they reach no state in common. The branches already propagated
    /// are met first and each new one is propagated only while the states
    /// common to those met stay: an empty meet of some branches is an empty
    /// meet of all, which offers nothing, and a branch left unpropagated
    /// here is propagated as before when a later chain needs it (a
    /// propagation depends on its start alone).
    fn meeting(&mut self, starts: &[usize]) -> Option<([u16; 9], [[Cells; 9]; 2])> {
        let mut slots = [u16::MAX; 9];
        let mut common = [[Cells::MAX; 9]; 2];
        for propagate in [false, true] {
            for (k, &cand) in starts.iter().enumerate() {
                if slots[k] != u16::MAX {
                    continue;
                }
                if !propagate && !self.branches.has(cand) {
                    continue;
                }
                let graph = match self.filter {
                    Filter::Closure(_, graph) => Some(graph),
                    Filter::Reduced(_) => None,
                };
                slots[k] = self.branches.of((self.cands, graph), cand);
                let branch = self.branches.get(slots[k]);
                for (mine, theirs) in common.iter_mut().zip(&branch.cells) {
                    for (cells, other) in mine.iter_mut().zip(theirs) {
                        *cells &= other;
                    }
                }
                if common.iter().flatten().all(|&cells| cells == 0) {
                    return None;
                }
            }
        }
        Some((slots, common))
    }
}

/// The branches of one scan, by candidate: each "on" assumption is
/// propagated once (cell and region chains share them). The memory is
/// kept for the thread's next scan: taken and given back whole (nested
/// scans come and go), by pointer but for a few words.
struct Branches {
    /// Each candidate's place in `list`, or `u16::MAX`.
    slot: Box<[u16; 729]>,
    /// The branches, the first `len` this scan's (the others spare, kept
    /// with their memory for the next propagations).
    list: Vec<Branch>,
    len: usize,
    /// The position's strong links, read before the first propagation
    /// (when `read`): a scan whose branches can meet nowhere needs none.
    position: Box<Position>,
    read: bool,
}

thread_local! {
    /// The branches of scans that are gone, emptied.
    static SPARE: std::cell::RefCell<Vec<Branches>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Branches {
    /// No branches yet, with a gone scan's memory when there is one.
    fn take() -> Branches {
        SPARE
            .with(|spare| spare.borrow_mut().pop())
            .unwrap_or_else(|| Branches {
                slot: Box::new([u16::MAX; 729]),
                list: Vec::new(),
                len: 0,
                position: Box::new(Position {
                    strong: [([(0, 0); 4], 0); 729],
                    linked: [0; 81],
                }),
                read: false,
            })
    }

    /// Empties these branches (each start's slot cleared, not all 729)
    /// and keeps them for a later scan.
    fn give(mut self) {
        for branch in &self.list[..self.len] {
            self.slot[usize::from(branch.order[0] / 2)] = u16::MAX;
        }
        self.len = 0;
        self.read = false;
        SPARE.with(|spare| spare.borrow_mut().push(self));
    }

    /// The place of candidate `cand`'s branch ("on"), propagated on
    /// `cands` (whose graph is `graph`, when it has one) when not yet.
    fn of(&mut self, (cands, graph): (&Cands, Option<&Graph>), cand: usize) -> u16 {
        if self.slot[cand] == u16::MAX {
            if !self.read {
                match graph {
                    Some(graph) => self.position.read(graph),
                    None => self.position.read_cands(cands),
                }
                self.read = true;
            }
            if self.len == self.list.len() {
                self.list.push(Branch::default());
            }
            let start = (cand * 2 + 1) as State;
            self.list[self.len].propagate((cands, &self.position), start);
            self.slot[cand] = self.len as u16;
            self.len += 1;
        }
        self.slot[cand]
    }

    /// Whether candidate `cand`'s branch was propagated already.
    fn has(&self, cand: usize) -> bool {
        self.slot[cand] != u16::MAX
    }

    fn get(&self, slot: u16) -> &Branch {
        &self.list[usize::from(slot)]
    }
}

/// One "on" assumption propagated through the fixed position's links, as
/// the engine propagates it.
struct Branch {
    /// The states reached, in the order reached (the first `reached`;
    /// each state is reached once).
    order: Box<[State; STATES]>,
    reached: usize,
    /// The "on" states reached and the "off" states with a strong link
    /// reached, each in the order reached (as many as [`Counts`] says while
    /// propagating): the engine's two queues, less the "off" states that
    /// turn nothing on.
    ons: Box<[State; 729]>,
    offs: Box<[State; 729]>,
    /// The cells where each digit was reached "off" (`[0]`) and "on"
    /// (`[1]`): a peer group's links are tested a set at a time.
    cells: [[Cells; 9]; 2],
    /// The digits reached "off" and "on" in each cell: the same states by
    /// cell, for a cell's links and single states.
    digits: [[Digits; 81]; 2],
    /// Each reached state's parent ([`ROOT`] for the start) and depth
    /// (links from the start); the others' entries are stale.
    link: Box<[(State, u16); STATES]>,
}

impl Default for Branch {
    fn default() -> Branch {
        Branch {
            order: Box::new([0; STATES]),
            reached: 0,
            ons: Box::new([0; 729]),
            offs: Box::new([0; 729]),
            cells: [[0; 9]; 2],
            digits: [[0; 81]; 2],
            link: Box::new([(ROOT, 0); STATES]),
        }
    }
}

/// A propagation's counts, kept apart from its branch so that they stay
/// in registers: the states reached, the "off" and "on" states queued.
#[derive(Default)]
struct Counts {
    reached: usize,
    queued: [usize; 2],
}

/// What a scan's propagations read of the fixed position besides its
/// candidates: its strong links.
struct Position {
    /// The "on" states each candidate's "off" state turns on, as cell and
    /// digit (0-based), in the engine's order: its cell's other candidate
    /// when it has two, then its digit's other place in the box, row and
    /// column, in each that has two (a place in two of them listed once).
    /// Only the position's candidates' entries are read (and written).
    strong: [([(u8, u8); 4], u8); 729],
    /// Each cell's digits whose "off" state turns something on.
    linked: [Digits; 81],
}

impl Position {
    /// Reads the strong links of `graph`'s position, which lists them in
    /// the same order (cell, then box, row, column, each place once).
    fn read(&mut self, graph: &Graph) {
        self.linked = [0; 81];
        for (id, &cand) in graph.cands.iter().enumerate() {
            let cand = usize::from(cand);
            let (list, len) = &mut self.strong[cand];
            let (links, count) = graph.strong(id, true, true);
            *len = count as u8;
            for (slot, &on) in list.iter_mut().zip(&links[..count]) {
                let on = usize::from(graph.cands[usize::from(on)]);
                *slot = ((on / 9) as u8, (on % 9) as u8);
            }
            if count > 0 {
                self.linked[cand / 9] |= 1 << (cand % 9);
            }
        }
    }
}

impl Position {
    /// The strong links of `cands` read off the position itself, as
    /// [`Position::read`] reads them off its graph.
    fn read_cands(&mut self, cands: &Cands) {
        self.linked = [0; 81];
        let partners = partners(cands);
        for cell in 0..81 {
            let here = cands.cells[cell];
            for d0 in bits(here) {
                let cand = cell * 9 + d0;
                let (list, len) = &mut self.strong[cand];
                *len = 0;
                if count(here) == 2 {
                    let other = (here & !(1 << d0)).trailing_zeros();
                    list[0] = (cell as u8, other as u8);
                    *len = 1;
                }
                // Box, row, column, a place named once (it may share the
                // box and a line).
                let first = usize::from(*len);
                for other in partners[cand] {
                    if other != NO_CELL
                        && !list[first..usize::from(*len)].contains(&(other, d0 as u8))
                    {
                        list[usize::from(*len)] = (other, d0 as u8);
                        *len += 1;
                    }
                }
                if *len > 0 {
                    self.linked[cell] |= 1 << d0;
                }
            }
        }
    }
}

/// What the "on" assumption of each candidate of a source position
/// reaches there, for the scans of its reduced positions (nested in
/// dynamic chains from it): the "off" states, when the propagation met no
/// contradiction (it then reached every state the links force: each link
/// asks only for more states, and all of them are followed).
///
/// Sets of candidates are bit sets over the source's dense ids (cells in
/// reading order, digits ascending), [`Outcomes::words`] words each: a
/// reduced position's candidates are some of them.
pub(super) struct Outcomes {
    source: Cands,
    /// Each candidate's dense id ([`NO_ID`] for those `source` lacks).
    ids: Box<[u16; 729]>,
    /// Words per set: whole blocks of [`BLOCK`].
    words: usize,
    /// Each dense id's outcome, `words` words from `id * words`: the
    /// candidates it turns off.
    sets: Vec<u64>,
    /// The dense ids whose propagation met no contradiction.
    consistent: Vec<u64>,
}

/// No dense id.
const NO_ID: u16 = u16::MAX;

/// Sets are met and joined in blocks of this many words.
const BLOCK: usize = 4;

thread_local! {
    /// The last source position's [`Outcomes`]: the nested scans of one
    /// enclosing chain producer share them.
    static LAST_OUTCOMES: std::cell::RefCell<Option<std::rc::Rc<Outcomes>>> =
        const { std::cell::RefCell::new(None) };
}

/// Adds `id` to a bit set.
#[inline(always)]
fn add_id(set: &mut [u64], id: usize) {
    set[id / 64] |= 1 << (id % 64);
}

/// Whether a bit set holds `id`.
#[inline(always)]
fn has_id(set: &[u64], id: usize) -> bool {
    set[id / 64] >> (id % 64) & 1 != 0
}

impl Outcomes {
    /// The outcomes in `source`, from this thread's last ones when they
    /// are of `source`.
    fn of(source: &Cands) -> std::rc::Rc<Outcomes> {
        last_built(
            &LAST_OUTCOMES,
            source,
            |outcomes| &outcomes.source,
            Outcomes::build,
        )
    }

    /// The candidates dense id `id` "on" turns off in the source, unless
    /// it met a contradiction there.
    #[inline(always)]
    fn get(&self, id: usize) -> Option<&[u64]> {
        has_id(&self.consistent, id).then(|| &self.sets[id * self.words..(id + 1) * self.words])
    }

    fn build(source: &Cands) -> Outcomes {
        let mut ids = Box::new([NO_ID; 729]);
        let mut n: usize = 0;
        for cell in 0..81 {
            for d0 in bits(source.cells[cell]) {
                ids[cell * 9 + d0] = n as u16;
                n += 1;
            }
        }
        let words = n.div_ceil(64).max(1).next_multiple_of(BLOCK);
        let mut position = Box::new(Position {
            strong: [([(0, 0); 4], 0); 729],
            linked: [0; 81],
        });
        position.read_cands(source);
        let mut branch = Branch::default();
        let mut outcomes = Outcomes {
            source: source.clone(),
            ids,
            words,
            sets: vec![0; n * words],
            consistent: vec![0; words],
        };
        for cell in 0..81 {
            for d0 in bits(source.cells[cell]) {
                let id = usize::from(outcomes.ids[cell * 9 + d0]);
                if !branch.propagate((source, &position), state(cell, d0, true)) {
                    continue;
                }
                add_id(&mut outcomes.consistent, id);
                let set = &mut outcomes.sets[id * words..(id + 1) * words];
                for (d, &cells) in branch.cells[0].iter().enumerate() {
                    for c in cells_of(cells) {
                        add_id(set, usize::from(outcomes.ids[c * 9 + d]));
                    }
                }
            }
        }
        outcomes
    }
}

/// A reduced position `W` of an [`Outcomes`]' source `S` (`W` lacks some
/// of `S`'s candidates), with what tells which of `W`'s cell and region
/// chains can conclude nothing.
///
/// **What a branch of `W` reaches.** Let `R` be the states candidate `x`
/// "on" reaches in `S` with no contradiction: a set closed under `S`'s
/// links. A weak link of `W` is one of `S` (an "on" state turns off its
/// cell's other candidates and its digit's other places, fewer in `W`);
/// a strong link of `W` is one of `S` unless it is new: a cell left with
/// two candidates, or a digit with two places in a house, where `S` had
/// more. So when no "off" state of `R` starts a new strong link, `R` is
/// closed under `W`'s links too, and holds all that `x` reaches in `W`
/// (the least closed set holding it, or less at a contradiction).
/// Otherwise `R` is grown through the new links (see [`Reduced::work_out`]).
///
/// **What a chain can conclude.** A cell or region chain offers each state
/// all its branches reach, which concludes something unless it is the
/// "on" state of a cell's only candidate (then `conclude` gives nothing).
/// An "on" state of a cell with another candidate in `W` lies, in every
/// set closed under `S`'s links, with that candidate's "off" state: so
/// when the bounds of the branches share no "off" state of `W`, the
/// chain offers nothing.
pub(super) struct Reduced<'a> {
    outcomes: &'a Outcomes,
    /// `W`'s candidates: the "off" states that conclude something.
    concluding: Vec<u64>,
    /// The strong links `W` has and `S` lacks, as ("off" id, "on" id),
    /// ascending (kept as an option to be taken back when dropped).
    links: Option<Vec<(u16, u16)>>,
    /// For each id that starts a link, the place of its first in `links`
    /// (other ids' entries are stale).
    first: Vec<u16>,
    /// The ids whose "off" state starts one of them.
    fresh: Vec<u64>,
    /// Each dense id's bound, worked out when first asked: [`UNKNOWN`],
    /// [`UNBOUNDED`], [`OWN`], or the place (in sets) of its grown bound
    /// in `grown`.
    bound: Vec<std::cell::Cell<u16>>,
    /// Grown bounds, `words` words each.
    grown: std::cell::RefCell<Vec<u64>>,
}

/// A bound not worked out yet.
const UNKNOWN: u16 = u16::MAX - 1;

/// A candidate whose reach is not bounded.
const UNBOUNDED: u16 = u16::MAX;

/// A candidate bounded by its own outcome in `S` (no new link leads out).
const OWN: u16 = u16::MAX - 2;

/// The lists of a [`Reduced`], kept with their memory.
type ReducedLists = (
    Vec<u64>,
    Vec<(u16, u16)>,
    Vec<u16>,
    Vec<u64>,
    Vec<std::cell::Cell<u16>>,
    Vec<u64>,
);

thread_local! {
    /// The emptied lists of the last [`Reduced`] dropped.
    static SPARE_REDUCED: std::cell::RefCell<Option<ReducedLists>> =
        const { std::cell::RefCell::new(None) };
}

impl Drop for Reduced<'_> {
    fn drop(&mut self) {
        let mut lists: ReducedLists = (
            std::mem::take(&mut self.concluding),
            self.links.take().unwrap_or_default(),
            std::mem::take(&mut self.first),
            std::mem::take(&mut self.fresh),
            std::mem::take(&mut self.bound),
            std::mem::take(self.grown.get_mut()),
        );
        lists.1.clear();
        lists.5.clear();
        SPARE_REDUCED.with(|spare| *spare.borrow_mut() = Some(lists));
    }
}

impl Reduced<'_> {
    /// `work`, a reduced position of `outcomes`' source.
    fn new<'a>(outcomes: &'a Outcomes, work: &Cands) -> Reduced<'a> {
        let (source, ids, words) = (&outcomes.source, &outcomes.ids, outcomes.words);
        let (mut concluding, mut links, mut first, mut fresh, mut bound, grown) = SPARE_REDUCED
            .with(|spare| spare.borrow_mut().take())
            .unwrap_or_default();
        let n = outcomes.sets.len() / words;
        for (list, len) in [(&mut concluding, words), (&mut fresh, words)] {
            list.clear();
            list.resize(len, 0);
        }
        bound.clear();
        bound.resize(n, std::cell::Cell::new(UNKNOWN));
        if first.len() < n {
            first.resize(n, 0);
        }
        let mut link = |fresh: &mut Vec<u64>, a: usize, b: usize| {
            let (a, b) = (ids[a], ids[b]);
            add_id(fresh, usize::from(a));
            add_id(fresh, usize::from(b));
            links.push((a, b));
            links.push((b, a));
        };
        for cell in 0..81 {
            let here = work.cells[cell];
            for d0 in bits(here) {
                add_id(&mut concluding, usize::from(ids[cell * 9 + d0]));
            }
            if count(here) == 2 && count(source.cells[cell]) > 2 {
                let (p, q) = (
                    here.trailing_zeros() as usize,
                    15 - here.leading_zeros() as usize,
                );
                link(&mut fresh, cell * 9 + p, cell * 9 + q);
            }
        }
        for d0 in 0..9 {
            if work.digits[d0] == source.digits[d0] {
                continue;
            }
            for mask in HOUSE_MASKS {
                let places = work.digits[d0] & mask;
                if two_cells(places) && !two_cells(source.digits[d0] & mask) {
                    let a = places.trailing_zeros() as usize;
                    let b = (places & (places - 1)).trailing_zeros() as usize;
                    link(&mut fresh, a * 9 + d0, b * 9 + d0);
                }
            }
        }
        links.sort_unstable();
        // Backwards, so each id ends with the place of its first link.
        for (at, &(a, _)) in links.iter().enumerate().rev() {
            first[usize::from(a)] = at as u16;
        }
        let links = Some(links);
        Reduced {
            outcomes,
            concluding,
            links,
            first,
            fresh,
            bound,
            grown: std::cell::RefCell::new(grown),
        }
    }

    /// Whether the branches of candidates `cands` (`cell * 9 + d0`, of
    /// `W`) may reach a state in common that concludes something: not
    /// when the bounds of those that have one share none (see
    /// [`Reduced`]).
    ///
    /// The bounds are all met before the meet is looked at: every branch
    /// of a cell's candidates (a digit's places in a house) but the last
    /// turns off the last candidate (place), whose "off" state concludes,
    /// so the meet can empty only at the last bound, and no earlier test
    /// would save work.
    fn may_conclude(&self, cands: &[usize]) -> bool {
        // One copy a set size (one, two or three blocks), whose meets
        // unroll into a few vector instructions a bound.
        match self.outcomes.words {
            BLOCK => self.meet_bounds::<BLOCK>(cands),
            words if words == 2 * BLOCK => self.meet_bounds::<{ 2 * BLOCK }>(cands),
            _ => self.meet_bounds::<{ 3 * BLOCK }>(cands),
        }
    }

    /// [`Reduced::may_conclude`] for sets of `W` words.
    #[inline(always)]
    fn meet_bounds<const W: usize>(&self, cands: &[usize]) -> bool {
        debug_assert_eq!(self.outcomes.words, W);
        // Each branch's bound, worked out (and grown) before `grown` is
        // borrowed to read them.
        let mut bounds = [(0u16, 0usize); 9];
        let mut len = 0;
        for &cand in cands {
            let id = usize::from(self.outcomes.ids[cand]);
            let k = self.bound_of::<W>(id);
            if k != UNBOUNDED {
                bounds[len] = (k, id);
                len += 1;
            }
        }
        let mut common: [u64; W] = self.concluding[..W].try_into().expect("W words");
        let grown = self.grown.borrow();
        for &(k, id) in &bounds[..len] {
            let set = match k {
                OWN => &self.outcomes.sets[id * W..],
                k => &grown[usize::from(k) * W..],
            };
            let set: &[u64; W] = set[..W].try_into().expect("W words");
            for (word, bound) in common.iter_mut().zip(set) {
                *word &= bound;
            }
        }
        common.iter().any(|&word| word != 0)
    }

    /// Dense id `id`'s bound ([`UNBOUNDED`], [`OWN`] or a place in
    /// `grown`), worked out the first time it is asked and remembered.
    #[inline(always)]
    fn bound_of<const W: usize>(&self, id: usize) -> u16 {
        let known = self.bound[id].get();
        if known != UNKNOWN {
            return known;
        }
        let k = self.work_out::<W>(id);
        self.bound[id].set(k);
        k
    }

    /// What bounds dense id `id`: [`UNBOUNDED`] when its outcome in `S`
    /// met a contradiction; [`OWN`] when no "off" state of that outcome
    /// starts a new strong link (the outcome itself); else the place in
    /// `grown` of the outcome grown through the new links.
    ///
    /// A set closed under `S`'s links, joined with the outcome of the "on"
    /// end of each new strong link whose "off" end it holds, and so on
    /// until no new link leads out, is closed under `W`'s links: the
    /// candidate reaches no more in `W`. An outcome it needs that met a
    /// contradiction leaves it unbounded.
    fn work_out<const W: usize>(&self, id: usize) -> u16 {
        let Some(set) = self.outcomes.get(id) else {
            return UNBOUNDED;
        };
        let fresh: &[u64; W] = self.fresh[..W].try_into().expect("W words");
        if set.iter().zip(fresh).all(|(a, b)| a & b == 0) {
            return OWN;
        }
        let Some(links) = &self.links else {
            return UNBOUNDED;
        };
        let mut grown = self.grown.borrow_mut();
        let at = grown.len();
        grown.extend_from_slice(set);
        let set: &mut [u64; W] = (&mut grown[at..at + W]).try_into().expect("W words");
        if grow(self.outcomes, set, (links, &self.first, fresh)) {
            (at / W) as u16
        } else {
            grown.truncate(at);
            UNBOUNDED
        }
    }
}

/// Joins to `set`, an outcome in `outcomes`' source, the outcome of the
/// "on" end of each of `links` (sorted, each "off" end's first at its
/// place in `first`) whose "off" end it holds (those ends are `fresh`),
/// until none is left; false when one of those outcomes met a
/// contradiction.
fn grow<const W: usize>(
    outcomes: &Outcomes,
    set: &mut [u64; W],
    (links, first, fresh): (&[(u16, u16)], &[u16], &[u64; W]),
) -> bool {
    // The "off" ends followed so far.
    let mut done = [0u64; W];
    loop {
        let next: [u64; W] = std::array::from_fn(|k| set[k] & fresh[k] & !done[k]);
        if next.iter().all(|&word| word == 0) {
            return true;
        }
        for (k, &word) in next.iter().enumerate() {
            done[k] |= word;
            let mut rest = word;
            while rest != 0 {
                let a = (k * 64 + rest.trailing_zeros() as usize) as u16;
                rest &= rest - 1; // clear the lowest set bit
                                  // `a` is fresh: it starts a link, the first at `first[a]`.
                let mut at = usize::from(first[usize::from(a)]);
                while at < links.len() && links[at].0 == a {
                    let Some(other) = outcomes.get(usize::from(links[at].1)) else {
                        return false;
                    };
                    for (word, other) in set.iter_mut().zip(other) {
                        *word |= other;
                    }
                    at += 1;
                }
            }
        }
    }
}

impl Branch {
    /// The states reached, in the order reached.
    fn order(&self) -> &[State] {
        &self.order[..self.reached]
    }

    /// Propagates state `start` on `position` as the engine does: "on"
    /// states are expanded before "off" ones, each kind in the order
    /// reached; an "on" state turns off its cell's other candidates and its
    /// digit's other places in the box, the row outside it and the column
    /// outside it, an "off" state turns on what its strong links name, all
    /// in the engine's order; a state already reached is left, and one
    /// whose negation was reached stops it all (a contradiction, which
    /// static chains do not offer: what was reached before stands). An
    /// "off" state without a strong link turns nothing on: it is not
    /// queued.
    ///
    /// True when it met no contradiction.
    fn propagate(&mut self, (cands, position): (&Cands, &Position), start: State) -> bool {
        self.cells = [[0; 9]; 2];
        self.digits = [[0; 81]; 2];
        let mut n = Counts::default();
        self.add_on(&mut n, start, (cell_of(start), digit_of(start)), (ROOT, 0));
        let (mut on_at, mut off_at) = (0, 0);
        loop {
            let go_on = if on_at < n.queued[1] {
                on_at += 1;
                self.turn_off(&mut n, (cands, position), self.ons[on_at - 1])
            } else if off_at < n.queued[0] {
                off_at += 1;
                self.turn_on(&mut n, position, self.offs[off_at - 1])
            } else {
                break;
            };
            if !go_on {
                self.reached = n.reached;
                return false;
            }
        }
        self.reached = n.reached;
        true
    }

    /// Expands "on" state `s`: its cell's other candidates, then its
    /// digit's other places in the box, the row outside it and the column
    /// outside it, each group ascending (as `links::on_to_off`); false at
    /// a contradiction, with the states before it in that order added.
    fn turn_off(
        &mut self,
        n: &mut Counts,
        (cands, position): (&Cands, &Position),
        s: State,
    ) -> bool {
        let (cell, d0) = (cell_of(s), digit_of(s));
        let depth = self.link[usize::from(s)].1 + 1;
        let others = cands.cells[cell] & !(1 << d0);
        let clash = others & self.digits[1][cell];
        // Below the lowest clash, if any (all of them when none).
        let before = clash.wrapping_sub(1) & !clash;
        // The states reached are marked by cell below and by digit after.
        let fresh = others & before & !self.digits[0][cell];
        let linked = position.linked[cell];
        for other in bits(fresh) {
            let off = state(cell, other, false);
            self.cells[0][other] |= CELL_BITS[cell];
            self.reach(n, off, s, depth);
            if linked >> other & 1 != 0 {
                self.push_off(n, off);
            }
        }
        self.digits[0][cell] |= fresh;
        if clash != 0 {
            return false;
        }
        let [off, on] = [self.cells[0][d0], self.cells[1][d0]];
        // The groups are apart: their states are marked by cell as they
        // come, in the digit's set of cells once at the end.
        let mut marked = off;
        for (peers, _) in house_peers(cands, cell, d0) {
            let clash = peers & on;
            let before = clash.wrapping_sub(1) & !clash;
            let fresh = peers & before & !off;
            for peer in cells_of(fresh) {
                let off = state(peer, d0, false);
                self.digits[0][peer] |= 1 << d0;
                self.reach(n, off, s, depth);
                if position.linked[peer] >> d0 & 1 != 0 {
                    self.push_off(n, off);
                }
            }
            marked |= fresh;
            if clash != 0 {
                self.cells[0][d0] = marked;
                return false;
            }
        }
        self.cells[0][d0] = marked;
        true
    }

    /// Expands "off" state `s`: what its strong links name, in order;
    /// false at a contradiction.
    fn turn_on(&mut self, n: &mut Counts, position: &Position, s: State) -> bool {
        let depth = self.link[usize::from(s)].1 + 1;
        let (list, len) = &position.strong[usize::from(s / 2)];
        for &(cell, d0) in &list[..usize::from(*len)] {
            let (cell, d0) = (usize::from(cell), usize::from(d0));
            if self.digits[0][cell] >> d0 & 1 != 0 {
                return false;
            }
            if self.digits[1][cell] >> d0 & 1 == 0 {
                self.add_on(n, state(cell, d0, true), (cell, d0), (s, depth));
            }
        }
        true
    }

    /// Adds and queues "on" state `t` of `cell`'s digit `d0`, reached from
    /// `parent` at `depth`.
    #[inline(always)]
    fn add_on(
        &mut self,
        n: &mut Counts,
        t: State,
        (cell, d0): (usize, usize),
        (parent, depth): (State, u16),
    ) {
        self.cells[1][d0] |= CELL_BITS[cell];
        self.digits[1][cell] |= 1 << d0;
        self.reach(n, t, parent, depth);
        self.ons[n.queued[1]] = t;
        n.queued[1] += 1;
    }

    /// Records state `t` as reached from `parent` at `depth` (its cell
    /// and digit marked by the caller).
    #[inline(always)]
    fn reach(&mut self, n: &mut Counts, t: State, parent: State, depth: u16) {
        self.link[usize::from(t)] = (parent, depth);
        self.order[n.reached] = t;
        n.reached += 1;
    }

    /// Queues "off" state `s`, reached just now (each once).
    #[inline(always)]
    fn push_off(&mut self, n: &mut Counts, s: State) {
        self.offs[n.queued[0]] = s;
        n.queued[0] += 1;
    }

    /// Adds the candidates removed since `source` (in `work`) that the
    /// chain to state `t` rests on (`ChainingHint.collectRuleParents`):
    /// for each "on" state, its cell's or its digit's in the house, by
    /// why it holds (the start: `assumption`).
    fn rule_parents(
        &self,
        t: State,
        assumption: Cause,
        (source, work): (&Cands, &Cands),
        out: &mut Vec<u16>,
    ) {
        let mut at = t;
        loop {
            let parent = self.link[usize::from(at)].0;
            if is_on(at) {
                let cause = match parent {
                    ROOT => assumption,
                    parent => link_cause(work, at, parent),
                };
                removed_by(at, cause, source, work, out);
            }
            if parent == ROOT {
                return;
            }
            at = parent;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::chains::forcing;
    use crate::logic::chains::tests::{bank, er};

    /// A hint as plain comparable data.
    type Plain = (u16, u32, u8, Vec<u16>, Vec<u16>, Option<Box<Step>>);

    fn plain(hints: Vec<Collected>) -> Vec<Plain> {
        let tenths = |d: f64| (d * 10.0).round() as u16;
        hints
            .into_iter()
            .map(|h| {
                (
                    tenths(h.key.difficulty),
                    h.key.size,
                    h.key.kind,
                    h.removals,
                    h.parents,
                    h.step,
                )
            })
            .collect()
    }

    /// Positions hard bank puzzles meet on their way (some of them).
    fn hard_grids() -> Vec<Grid> {
        let (mut grids, mut puzzles) = (Vec::new(), 0);
        for (board, _) in bank().into_iter().filter(|(_, r)| er(r) >= 7.5).step_by(30) {
            puzzles += 1;
            let mut grid = Grid::new(&board);
            for (k, step) in crate::logic::explain(&board).steps.into_iter().enumerate() {
                if k % 5 == 0 {
                    grids.push(grid.clone());
                }
                step.apply(&mut grid);
            }
        }
        assert_eq!(puzzles, 19, "bank puzzles of ER 7.5 and up, every 30th");
        grids
    }

    /// The graph walk finds the rung's step the engine's producer finds,
    /// and, nested in a chain from the position, the same hints (keys,
    /// removals, parents, steps) on reduced positions of it: each with a
    /// few candidates of cells holding three or more taken away.
    #[test]
    fn graph_walk_finds_what_the_producer_finds() {
        let grids = hard_grids();
        let mut hints = 0;
        for (k, grid) in grids.iter().enumerate() {
            assert_eq!(
                multiple_forcing_chains(grid),
                forcing::multiple_forcing_chains(grid),
                "position {k}"
            );
            let source = Cands::of(grid);
            for skip in 0..3 {
                let mut work = source.clone();
                let wide: Vec<usize> = (0..81).filter(|&c| count(work.cells[c]) >= 3).collect();
                for &cell in wide.iter().skip(skip).step_by(7) {
                    work.remove(cell, work.cells[cell].trailing_zeros() as usize);
                }
                for keep in [false, true] {
                    let walked = plain(collect(&work, &source, keep));
                    hints += walked.len();
                    assert_eq!(walked, plain(forcing::collect_static(&work, &source, keep)));
                }
            }
        }
        assert!(hints > 1000, "only {hints} hints compared");
    }

    /// The strong links read off a position are those read off its graph.
    #[test]
    fn strong_links_read_off_the_position_are_the_graphs() {
        let mut seed: u64 = 0x0123_4567_89ab_cdef;
        for grid in hard_grids() {
            let mut work = Cands::of(&grid);
            for round in 0..4 {
                let (mut from_graph, mut from_cands) = (Branches::take(), Branches::take());
                from_graph.position.read(&Graph::new(&work));
                from_cands.position.read_cands(&work);
                assert_eq!(from_graph.position.linked, from_cands.position.linked);
                for cell in 0..81 {
                    for d0 in bits(work.cells[cell]) {
                        let (a, b) = (
                            from_graph.position.strong[cell * 9 + d0],
                            from_cands.position.strong[cell * 9 + d0],
                        );
                        assert_eq!(a.0[..usize::from(a.1)], b.0[..usize::from(b.1)], "{round}");
                    }
                }
                from_graph.give();
                from_cands.give();
                remove_some(&mut work, &mut seed, 6);
            }
        }
    }

    /// Takes up to `n` candidates away from cells keeping one or more
    /// (xorshift: a cheap reproducible stream).
    fn remove_some(work: &mut Cands, seed: &mut u64, n: usize) {
        for _ in 0..n {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            let cell = (*seed % 81) as usize;
            if count(work.cells[cell]) > 1 {
                let digits: Vec<usize> = bits(work.cells[cell]).collect();
                work.remove(cell, digits[(*seed >> 8) as usize % digits.len()]);
            }
        }
    }

    /// Nested in a chain from a position, the scan that skips by the
    /// source's outcomes the chains that can conclude nothing finds the
    /// hints of the scan that skips by the reduced position's own closure:
    /// on positions a few candidates short of the source to many short
    /// (with new strong links, and hints, on many of them).
    #[test]
    fn reduced_scans_find_what_closure_scans_find() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let (mut hints, mut fresh, mut compared) = (0, 0, 0);
        for grid in hard_grids() {
            let source = Cands::of(&grid);
            for removals in [1, 3, 8, 20, 40] {
                let mut work = source.clone();
                remove_some(&mut work, &mut seed, removals);
                fresh += usize::from(work.has_new_strong_link(&source));
                for keep in [false, true] {
                    let reduced = plain(collect(&work, &source, keep));
                    let mut best = Best::collecting(&source, keep);
                    scan(&work, &mut best);
                    assert_eq!(reduced, plain(best.into_collected()), "{removals}");
                    hints += reduced.len();
                    compared += 1;
                }
            }
        }
        assert!(
            hints > 500 && fresh > 100 && compared > 500,
            "{hints} {fresh} {compared}"
        );
    }

    /// The bounds are met in sets of one, two or three blocks, a copy each
    /// (`Reduced::meet_bounds`): each copy skips no chain the closure scan
    /// keeps, on sources of up to 256 candidates (a hard puzzle's position),
    /// up to 512 (a board of nine clues) and more (five clues), each
    /// reduced by a few candidates to most of them.
    #[test]
    fn reduced_scans_of_every_set_size_find_what_closure_scans_find() {
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let clues = |every: usize| -> Grid {
            let board: String = solution
                .chars()
                .enumerate()
                .map(|(cell, c)| if cell % every == 0 { c } else { '.' })
                .collect();
            Grid::new(&board.parse().expect("a board"))
        };
        let late = hard_grids()
            .into_iter()
            .find(|grid| Outcomes::of(&Cands::of(grid)).words == BLOCK)
            .expect("a position of 256 candidates or fewer");
        let sources = [late, clues(10), clues(20)];
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let (mut words, mut hints) = (Vec::new(), Vec::new());
        for grid in &sources {
            let source = Cands::of(grid);
            words.push(Outcomes::of(&source).words);
            hints.push(0);
            for removals in [2, 6, 15, 30, 60, 100, 150, 200, 260] {
                let mut work = source.clone();
                remove_some(&mut work, &mut seed, removals);
                let reduced = plain(collect(&work, &source, false));
                let mut best = Best::collecting(&source, false);
                scan(&work, &mut best);
                assert_eq!(reduced, plain(best.into_collected()), "{removals}");
                *hints.last_mut().expect("a count") += reduced.len();
            }
        }
        assert_eq!(words, [BLOCK, 2 * BLOCK, 3 * BLOCK]);
        assert!(hints.iter().all(|&n| n > 50), "{hints:?}");
    }
}
