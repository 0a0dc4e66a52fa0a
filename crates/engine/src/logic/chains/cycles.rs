//! Rung 25: bidirectional cycles and forcing chains with a single starting
//! assumption (`Chaining` with neither multiple nor dynamic chains).
//!
//! Sudoku Explainer tries each candidate (cells in reading order, digits
//! ascending) in three passes in this order: X-links only (one digit),
//! Y-links only (bivalue cells), both. Each pass looks for cycles back to
//! the candidate "on" (layer by layer, an "off" state never repeating one
//! of its own ancestors), then for chains from the candidate "on" to its
//! own "off" (elimination) and from "off" to "on" (placement), and keeps
//! the hint of lowest key (difficulty, size, kind), the first found on ties.
//!
//! Applied as a rung, only that one hint matters, so [`first`] finds it
//! without walking every search in that order: a hint's place in the scan
//! (pass, candidate, cycles before chains) breaks ties instead, which lets
//! it
//! - size every chain first (they are cheap), so the best chain bounds how
//!   deep the cycle searches go;
//! - skip the chain search from a state whose negation it cannot reach,
//!   read off the reachability of the graph's strongly connected components;
//! - search cycles from a candidate only inside its component (a path back
//!   to the start never leaves it, and the layers of a breadth-first search
//!   agree inside it), and not at all when it has fewer than four states.
//!
//! Nested in dynamic chains ([`collect`]) every hint counts, in scan order,
//! with its path: that walk keeps the order and shares the same searches.

use super::graph::{keep_xy, Dense, Graph, Reach, IDS_WORDS};
use super::links::{candidate, link_cause, removals, removed_by, rule_of};
use super::links::{cell_of, digit_of, is_on, Cands, State};
use super::{tenths, Best, Key};
use crate::logic::grid::count;
use crate::logic::grid::{cells_of, Grid, PEERS};
use crate::logic::proof::Chains;
use crate::logic::proof::{Branch, Implication};
use crate::logic::step::{Difficulty, Pattern, Step, Technique};

const NONE: u32 = u32::MAX;

/// The three passes, in Sudoku Explainer's order: (Y-links, X-links).
const PASSES: [(bool, bool); 3] = [(false, true), (true, false), (true, true)];

/// The base difficulty and sort kind of a pass's cycles.
fn cycle_base(y: bool, x: bool) -> (f64, u8) {
    match (y, x) {
        (true, true) => (7.0, 4),
        (true, false) => (6.5, 3),
        _ => (6.5, 2),
    }
}

/// The base difficulty and sort kind of a pass's forcing chains.
fn chain_base(y: bool, x: bool) -> (f64, u8) {
    if y && x {
        (7.0, 4)
    } else {
        (6.6, 2)
    }
}

/// The first step of Sudoku Explainer's "Forcing Chains & Cycles" (the
/// ladder runs [`forcing_chains_and_cycles_along`]).
#[cfg(test)]
pub fn forcing_chains_and_cycles(grid: &Grid) -> Option<Step> {
    first(&Cands::of(grid), true).0
}

/// Where forcing chains and cycles last found nothing along a solving
/// path (see [`forcing_chains_and_cycles_along`]).
#[derive(Default)]
pub struct Quiet(Option<Box<Cands>>);

/// [`forcing_chains_and_cycles`] along a solving path, where `quiet`
/// remembers the position they last found nothing on: while candidates
/// have only gone since and no strong link has come, they still find
/// nothing, and are not searched.
///
/// Every link of such a position is one of the quiet one: a chain or
/// cycle of it is one there, a chain removing or placing its candidate
/// there too, a cycle removing there all it removes here (what sees one
/// of its "on" and one of its "off" states of a digit).
pub fn forcing_chains_and_cycles_along(grid: &Grid, quiet: &mut Quiet) -> Option<Step> {
    let cands = Cands::of(grid);
    if let Some(before) = &quiet.0 {
        if cands.within(before) && !cands.has_new_strong_link(before) {
            return None;
        }
    }
    let step = first(&cands, true).0;
    quiet.0 = match step {
        None => Some(Box::new(cands)),
        Some(_) => None,
    };
    step
}

/// Whether forcing chains and cycles find nothing on `cands`, nor could
/// any cycle there remove a candidate ([`may_remove`] fails for every
/// component of cell and house links).
pub(super) fn find_nothing(cands: &Cands) -> bool {
    let (step, cycles) = first(cands, false);
    step.is_none() && !cycles
}

/// Every hint of forcing chains and cycles on `work`, for a chain that
/// started from `source` and nests them.
/// Each hint keeps its step when `keep`.
pub(super) fn collect(work: &Cands, source: &Cands, keep: bool) -> Vec<super::Collected> {
    let mut best = Best::collecting(source, keep);
    scan(work, &mut best);
    best.into_collected()
}

/// Whether a pass starts from candidates of a cell with these candidates:
/// any cell with two or more, but Y-cycles start from bivalue cells only.
fn starts_from(here: u16, x: bool) -> bool {
    count(here) >= 2 && (x || count(here) == 2)
}

/// Each pass's reached states, in [`PASSES`]' order (None for a pass
/// that can find nothing but chains), and whether the X pass has chains at
/// all. X links and Y links are each a subset of XY links, so
/// - a start that reaches its negation in the X pass does so in the XY
///   pass too: only the XY pass has reached sets, and the X pass's starts
///   are read off them (searching from the few others costs less than the
///   X pass's sets);
/// - each X or Y component lies inside one XY component, whose states it
///   shares, so its cycles remove nothing when the XY component's cannot
///   ([`may_remove`]): unless some XY component may hold a useful cycle,
///   the Y pass finds nothing and the X pass only chains.
fn pass_reaches(graph: &Graph, cands: &Cands, fertile: &mut Fertile) -> ([Option<Reach>; 3], bool) {
    let xy = graph.reach(true, true, true);
    let x_chains = xy.any_negation();
    let cycles = fertile.read(graph, cands, &xy);
    let reaches = [
        cycles.then(|| graph.reach(false, true, false)),
        cycles.then(|| graph.reach(true, false, false)),
        Some(xy),
    ];
    debug_assert_eq!(PASSES, [(false, true), (true, false), (true, true)]);
    (reaches, x_chains)
}

/// The ids whose "on" state starts a forcing chain in some pass (reaches
/// its negation; X links being XY links, the XY pass's `xy` says it for
/// both), as a bit set: besides the core's (whose weak lists the core
/// graph has), the ids whose weak links the chain searches read ("off"
/// states without a strong link lead nowhere).
fn chain_starts(xy: &Reach) -> [u64; IDS_WORDS] {
    let mut starts = [0u64; IDS_WORDS];
    xy.each_negation(|s| {
        if s & 1 == 1 {
            let id = usize::from(s / 2);
            starts[id / 64] |= 1 << (id % 64);
        }
    });
    starts
}

/// What both scans read of `cands`: its graph, each pass's reached states
/// ([`pass_reaches`]), whether the X pass has chains, and the fertility
/// marks. Components, negations and cycles read only the weak links of
/// candidates with strong links (the core graph); forcing chains, only
/// when some start reaches its negation, those of the chain starts too,
/// added to the same graph (its ids, and so what the passes read of it,
/// stay). Multiple forcing chains, which read every list, have the rest
/// added when they take the graph.
struct Passes {
    graph: Graph,
    reaches: [Option<Reach>; 3],
    x_chains: bool,
    fertile: Fertile,
}

impl Passes {
    fn of(cands: &Cands) -> Passes {
        let mut graph = Graph::core_only(cands);
        let mut fertile = Fertile::default();
        let (reaches, x_chains) = pass_reaches(&graph, cands, &mut fertile);
        if x_chains {
            graph.add_starts(cands, &chain_starts(Passes::xy_of(&reaches)));
        }
        Passes {
            graph,
            reaches,
            x_chains,
            fertile,
        }
    }

    fn xy_of(reaches: &[Option<Reach>; 3]) -> &Reach {
        reaches[2].as_ref().expect("the XY pass is always built")
    }
}

/// Every hint in Sudoku Explainer's order, offered to `best`.
fn scan(cands: &Cands, best: &mut Best) {
    let Passes {
        graph,
        reaches,
        x_chains,
        fertile,
    } = Passes::of(cands);
    let xy = Passes::xy_of(&reaches);
    let graph = &graph;
    let mut search = Unary::new(graph);
    // Its buffers.
    search.fertile = fertile;
    // Only when some XY component may hold a useful cycle may a component
    // of any pass (X and Y components lie inside XY ones): else none is
    // read, and no start searches cycles.
    let useful = reaches[1].is_some();
    // The passes still offer their hints in SE's order.
    for (pass, (y, x)) in PASSES.into_iter().enumerate() {
        let chains = x && (pass != 0 || x_chains);
        // The X pass's components are built only when some XY component
        // may hold a useful cycle: else the pass only chains, and the XY
        // pass's stand for them.
        let reach = match &reaches[pass] {
            Some(reach) => reach,
            None if chains => xy,
            None => continue,
        };
        if useful {
            search.fertile.read(graph, cands, reach);
        } else {
            search.fertile.none(reach);
        }
        // Most starts can find nothing: too small a component for a cycle,
        // or one whose cycles remove nothing, and no chain to their
        // negation (the XY pass's negations cover the X pass's: X links
        // are XY links). Only the others are visited, in order.
        let mut starts = search.fertile.starts(reach);
        if chains {
            xy.each_negation(|s| {
                let id = usize::from(s / 2);
                starts[id / 64] |= 1 << (id % 64);
            });
        }
        for (k, &word) in starts.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let id = k * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1; // clear the lowest set bit
                let cell = usize::from(graph.cands[id]) / 9;
                if starts_from(cands.cells[cell], x) {
                    search.run(
                        cands,
                        (reach, xy),
                        id as Dense * 2 + 1,
                        (y, x, chains),
                        best,
                    );
                }
            }
        }
    }
}

/// The largest size (up to 4096) that `fits`, 0 when none: sizes that fit
/// come first, as keys grow with size.
fn largest(fits: impl Fn(u32) -> bool) -> u32 {
    let mut size = 1;
    while size < 4096 && fits(size + 1) {
        size += 1;
    }
    if fits(size) {
        size
    } else {
        0
    }
}

/// The best hint so far in [`first`]: its key, its place in Sudoku
/// Explainer's scan, and the step.
struct Pick {
    key: Key,
    place: u32,
    step: Step,
    /// Counts the picks made, to tell a new best from the one before.
    serial: u32,
}

/// A hint's place in the scan: pass, starting candidate (dense ids follow
/// the scan's cell and digit order), then its cycles (0) before its chain
/// from "on" (1) and from "off" (2).
fn place(pass: usize, id: usize, slot: u32) -> u32 {
    (pass as u32) << 24 | (id as u32) << 2 | slot
}

/// Whether a hint with `key` at `place` would replace `best`: a lower key,
/// or the same key found earlier in the scan.
fn beats(key: Key, place: u32, best: &Option<Pick>) -> bool {
    best.as_ref()
        .is_none_or(|b| key.before(b.key) || (!b.key.before(key) && place < b.place))
}

/// The largest size of a hint of one base and kind that would replace the
/// best so far, remembered while the best stays the same: one bound for
/// places before the best's (where an equal key wins too), one for after.
struct Bound {
    base: f64,
    kind: u8,
    /// For places after and before the best's: the best's serial when
    /// computed (`u32::MAX`: not yet), and the bound.
    memo: [(u32, u32); 2],
}

impl Bound {
    fn new(base: f64, kind: u8) -> Bound {
        Bound {
            base,
            kind,
            memo: [(u32::MAX, 0); 2],
        }
    }

    /// The bound for a hint at `place`.
    fn at(&mut self, best: &Option<Pick>, place: u32) -> u32 {
        let Some(pick) = best else {
            return u32::MAX;
        };
        let memo = &mut self.memo[usize::from(place < pick.place)];
        if memo.0 != pick.serial {
            let (base, kind) = (self.base, self.kind);
            *memo = (
                pick.serial,
                largest(|size| beats(Key::new(base, size, kind), place, best)),
            );
        }
        memo.1
    }
}

/// The hint Sudoku Explainer's scan keeps (see the module's docs) on
/// `cands`, and whether some component of cell and house
/// links may hold a cycle that removes something; with `keep`, the graph
/// and its XY components are kept for multiple forcing chains, which may
/// run next there.
fn first(cands: &Cands, keep: bool) -> (Option<Step>, bool) {
    let Passes {
        graph,
        reaches,
        x_chains,
        fertile,
    } = Passes::of(cands);
    let mut search = Unary::new(&graph);
    search.fertile = fertile; // its buffers
    let mut best: Option<Pick> = None;
    // The Y pass is built only when some XY component may hold a cycle
    // that removes something.
    let cycles = reaches[1].is_some();
    // Chains first: only the X and XY passes have them. The X pass's starts
    // that reach their negation are among the XY pass's, and its searches
    // are small (one digit's links): they run from each of those.
    for (pass, (y, x)) in PASSES.into_iter().enumerate() {
        if !x || (pass == 0 && !x_chains) {
            continue;
        }
        let reach = reaches[2].as_ref().expect("the XY pass is always built");
        let (base, kind) = chain_base(y, x);
        let mut bound = Bound::new(base, kind);
        // Only the few starts that reach their negation are read, "off"
        // before "on": the best is the least hint by key and place, found
        // in any order.
        reach.each_negation(|start| {
            let id = usize::from(start / 2);
            let cell = usize::from(graph.cands[id]) / 9;
            if !starts_from(cands.cells[cell], x) {
                return;
            }
            // Slot 1: the chain from "on", 2: from "off".
            let at = place(pass, id, 2 - u32::from(start & 1));
            let limit = bound.at(&best, at);
            if let Some(size) = search.chain_size(start, y, limit) {
                let key = Key::new(base, size, kind);
                if beats(key, at, &best) {
                    let target = search.real(start ^ 1);
                    let step = chain_step(target, size, y, x, tenths(key.difficulty));
                    best = Some(Pick {
                        key,
                        place: at,
                        step,
                        serial: best.as_ref().map_or(0, |b| b.serial + 1),
                    });
                }
            }
        });
    }
    // Without an XY component that may hold a useful cycle, the X and Y
    // passes were not built and the XY pass's components read again would
    // say so again: no pass has a cycle to search.
    let cycle_passes = if cycles { PASSES.len() } else { 0 };
    for (pass, (y, x)) in PASSES.into_iter().enumerate().take(cycle_passes) {
        let (base, kind) = cycle_base(y, x);
        let mut bound = Bound::new(base, kind);
        let Some(reach) = &reaches[pass] else {
            continue;
        };
        if !search.fertile.read(&graph, cands, reach) {
            continue; // no cycle in this pass removes anything
        }
        for id in 0..graph.len() {
            let cell = usize::from(graph.cands[id]) / 9;
            if !starts_from(cands.cells[cell], x) {
                continue;
            }
            let source = id as Dense * 2 + 1;
            if reach.component_size(source) < 4 {
                continue; // a cycle has four states or more
            }
            let at = place(pass, id, 0);
            let limit = bound.at(&best, at);
            if limit < 4 || !search.fertile.may_remove(reach, source) {
                continue;
            }
            search.nodes.clear();
            search.cycles.clear();
            search.find_cycles(reach, source, y, x, limit);
            for i in 0..search.cycles.len() {
                let path = search.path(search.cycles[i]);
                let key = Key::new(base, path.len() as u32, kind);
                if !beats(key, at, &best) {
                    continue;
                }
                if let Some(step) = cycle_step(cands, &path, y, x, tenths(key.difficulty)) {
                    best = Some(Pick {
                        key,
                        place: at,
                        step,
                        serial: best.as_ref().map_or(0, |b| b.serial + 1),
                    });
                }
            }
        }
    }
    // Multiple forcing chains may run next on this position: they reuse
    // the graph and its XY components.
    drop(search);
    let [_, _, Some(xy)] = reaches else {
        unreachable!("the XY pass is always built");
    };
    if keep {
        keep_xy(cands, graph, xy.into_components());
    }
    (best.map(|pick| pick.step), cycles)
}

impl Fertile {
    /// Reads, for each component of `reach` (on `graph`) with four states
    /// or more, whether a cycle inside it may remove something (see
    /// [`may_remove`]), and whether any may.
    fn read(&mut self, graph: &Graph, cands: &Cands, reach: &Reach) -> bool {
        self.fertile.clear();
        self.fertile.resize(reach.count(), false);
        let mut any = false;
        for (c, states) in reach.shared() {
            if states.len() >= 4 {
                // A dense state's position state: its candidate and flag.
                let real = |&s: &Dense| graph.cands[usize::from(s / 2)] * 2 + (s & 1);
                let fertile = may_remove(cands, states.iter().map(real));
                self.fertile[usize::from(c)] = fertile;
                any |= fertile;
            }
        }
        any
    }

    /// The ids from which [`Unary::run`] may find a cycle in the pass of
    /// `reach`, as a bit set: those whose "on" state lies in a component
    /// that may hold a useful cycle (four states or more, and marked so).
    fn starts(&self, reach: &Reach) -> [u64; IDS_WORDS] {
        let mut starts = [0u64; IDS_WORDS];
        for (c, states) in reach.shared() {
            if states.len() >= 4 && self.fertile[usize::from(c)] {
                for &s in states.iter().filter(|&&s| s & 1 == 1) {
                    let id = usize::from(s / 2);
                    starts[id / 64] |= 1 << (id % 64);
                }
            }
        }
        starts
    }

    /// Marks every component of `reach` barren without reading them, as
    /// [`Fertile::read`] would when the XY components it lies in are
    /// ([`pass_reaches`]); false (none may).
    fn none(&mut self, reach: &Reach) -> bool {
        self.fertile.clear();
        self.fertile.resize(reach.count(), false);
        false
    }

    /// Whether a cycle through `source` may remove something, as
    /// [`Fertile::read`] read it for `source`'s component.
    fn may_remove(&self, reach: &Reach, source: Dense) -> bool {
        self.fertile[usize::from(reach.component(source))]
    }
}

/// The search from one candidate: an arena of states, each with the state
/// it follows from.
struct Unary<'g> {
    graph: &'g Graph,
    /// (dense state, parent node).
    nodes: Vec<(Dense, u32)>,
    /// `seen[s] == generation` when dense state `s` was reached in this
    /// search.
    seen: Vec<u32>,
    generation: u32,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    batch: Vec<u32>,
    cycles: Vec<u32>,
    chains: Vec<u32>,
    /// Breadth-first fronts of dense states (chain sizes).
    front: Vec<Dense>,
    next: Vec<Dense>,
    /// Which components of the pass's [`Reach`] may hold a useful cycle.
    fertile: Fertile,
    /// Each state's depth in [`Unary::chain_size`], when seen.
    depth: Vec<u16>,
    /// The depth to which [`Unary::chain_size`] knows every state's.
    explored: u32,
    /// `dead[s] == generation`: no shortest chain passes through state `s`
    /// ([`Unary::find_chain_halfway`]).
    dead: Vec<u32>,
    /// Whether [`Unary::run`] bounds its chains by what the collector can
    /// use (false: the tests' plain scan).
    bounded: bool,
}

/// Per component of one pass's [`Reach`]: whether a cycle inside it may
/// remove something (false for those of fewer than four states).
#[derive(Default)]
struct Fertile {
    fertile: Vec<bool>,
}

/// The lists of a [`Unary`] kept with their memory between searches (a
/// nested scan builds one for each reduced position it reads: thousands
/// a rating), and the generation its marks had reached.
#[derive(Default)]
struct UnaryLists {
    nodes: Vec<(Dense, u32)>,
    seen: Vec<u32>,
    generation: u32,
    lists: [Vec<u32>; 5],
    fronts: [Vec<Dense>; 2],
    depth: Vec<u16>,
    dead: Vec<u32>,
}

thread_local! {
    /// The lists of the last [`Unary`] dropped.
    static SPARE_UNARY: std::cell::RefCell<Option<UnaryLists>> =
        const { std::cell::RefCell::new(None) };
}

impl Drop for Unary<'_> {
    fn drop(&mut self) {
        let take = std::mem::take::<Vec<u32>>;
        let lists = UnaryLists {
            nodes: std::mem::take(&mut self.nodes),
            seen: std::mem::take(&mut self.seen),
            generation: self.generation,
            lists: [
                take(&mut self.pending_on),
                take(&mut self.pending_off),
                take(&mut self.batch),
                take(&mut self.cycles),
                take(&mut self.chains),
            ],
            fronts: [
                std::mem::take(&mut self.front),
                std::mem::take(&mut self.next),
            ],
            depth: std::mem::take(&mut self.depth),
            dead: std::mem::take(&mut self.dead),
        };
        let _ = SPARE_UNARY.try_with(|spare| *spare.borrow_mut() = Some(lists));
    }
}

impl<'g> Unary<'g> {
    fn new(graph: &'g Graph) -> Unary<'g> {
        // Marks and depths carry over with their generation (every mark
        // left is of an earlier one), sized at the first search (`fresh`):
        // three scans in four run none.
        let spare = SPARE_UNARY
            .try_with(|spare| spare.borrow_mut().take())
            .ok()
            .flatten()
            .unwrap_or_default();
        let UnaryLists {
            mut nodes,
            seen,
            generation,
            mut lists,
            mut fronts,
            depth,
            dead,
        } = spare;
        nodes.clear();
        lists.iter_mut().for_each(Vec::clear);
        fronts.iter_mut().for_each(Vec::clear);
        let [pending_on, pending_off, batch, cycles, chains] = lists;
        let [front, next] = fronts;
        Unary {
            graph,
            nodes,
            seen,
            generation,
            pending_on,
            pending_off,
            batch,
            cycles,
            chains,
            front,
            next,
            fertile: Fertile::default(),
            depth,
            explored: 0,
            dead,
            bounded: true,
        }
    }

    /// The position's state for dense state `s`.
    fn real(&self, s: Dense) -> State {
        self.graph.cands[usize::from(s / 2)] * 2 + (s & 1)
    }

    fn push(&mut self, s: Dense, parent: u32) -> u32 {
        self.nodes.push((s, parent));
        (self.nodes.len() - 1) as u32
    }

    fn fresh(&mut self) {
        let states = self.graph.len() * 2;
        if self.seen.len() < states {
            // Marks of 0 are older than any generation.
            self.seen.resize(states, 0);
            self.depth.resize(states, 0);
            self.dead.resize(states, 0);
        }
        if self.generation == u32::MAX {
            // Before the count wraps, every mark is made old.
            self.seen.fill(0);
            self.dead.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
    }

    fn seen(&self, s: Dense) -> bool {
        self.seen[usize::from(s)] == self.generation
    }

    fn mark(&mut self, s: Dense) {
        self.seen[usize::from(s)] = self.generation;
    }

    /// Whether `s` is a strict ancestor of node `n` (first parents).
    fn has_ancestor(&self, n: u32, s: Dense) -> bool {
        let mut at = self.nodes[n as usize].1;
        while at != NONE {
            if self.nodes[at as usize].0 == s {
                return true;
            }
            at = self.nodes[at as usize].1;
        }
        false
    }

    /// Offers every hint from candidate `source` ("on") in one pass, in
    /// scan order, with its path (nested use: `best` collects).
    /// `(reach, xy)`: the pass's components, and the XY pass's (with its
    /// reached sets, whose negations cover every pass's); `(y, x, chains)`:
    /// the pass's link kinds, and whether it may have forcing chains at
    /// all.
    fn run(
        &mut self,
        cands: &Cands,
        (reach, xy): (&Reach, &Reach),
        source: Dense,
        (y, x, chains): (bool, bool, bool),
        best: &mut Best,
    ) {
        self.nodes.clear();
        self.cycles.clear();
        self.chains.clear();
        if reach.component_size(source) >= 4 && self.fertile.may_remove(reach, source) {
            self.find_cycles(reach, source, y, x, u32::MAX);
        }
        if chains {
            let (base, kind) = chain_base(y, x);
            for start in [source, source ^ 1] {
                if xy.reaches_negation(start) {
                    // A chain longer than the collector can use adds
                    // nothing (see `cover`): the search stops short of it.
                    let limit = if self.bounded {
                        best.size_limit(base, kind, removals(cands, self.real(start ^ 1)))
                    } else {
                        u32::MAX
                    };
                    self.find_chain_halfway(start, y, limit);
                }
            }
        }
        let (base, kind) = cycle_base(y, x);
        for i in 0..self.cycles.len() {
            let end = self.cycles[i];
            let key = Key::new(base, self.path_len(end), kind);
            best.offer(
                key,
                |difficulty| cycle_step(cands, &self.path(end), y, x, difficulty),
                cands,
                |source| self.parents(cands, end, source, true),
            );
        }
        let (base, kind) = chain_base(y, x);
        for i in 0..self.chains.len() {
            let end = self.chains[i];
            let size = self.path_len(end) + 1;
            let target = self.real(self.nodes[end as usize].0);
            best.offer(
                Key::new(base, size, kind),
                |difficulty| Some(chain_step(target, size, y, x, difficulty)),
                cands,
                |source| self.parents(cands, end, source, false),
            );
        }
    }

    /// The states of the path ending at node `end`, from the end back to
    /// (not including) the root.
    fn path(&self, end: u32) -> Vec<State> {
        let mut path = Vec::with_capacity(self.path_len(end) as usize);
        let mut at = end;
        while self.nodes[at as usize].1 != NONE {
            path.push(self.real(self.nodes[at as usize].0));
            at = self.nodes[at as usize].1;
        }
        path
    }

    /// The number of states [`Unary::path`] lists, without listing them:
    /// hints' keys need only that, and most hints are never built.
    fn path_len(&self, end: u32) -> u32 {
        let (mut len, mut at) = (0, end);
        while self.nodes[at as usize].1 != NONE {
            len += 1;
            at = self.nodes[at as usize].1;
        }
        len
    }

    /// The size of the forcing chain from `start` to its own negation (the
    /// breadth-first distance plus one), when at most `max_size`.
    ///
    /// Links come in contrapositive pairs (`a` implies `b` exactly when
    /// `b`'s negation implies `a`'s: weak and strong links are symmetric),
    /// so paths from `start` to a state `t` and to `t`'s negation make one
    /// from `start` to its own (the second, negated and reversed, leads on
    /// from `t`), the lengths summed; and a shortest one's middle state and
    /// its negation lie within half its length of `start`. So the search
    /// goes half as deep: after layer `k` it has met every path of up to
    /// `2k` links, and the shortest sum it saw is final once at most
    /// `2k + 1`.
    fn chain_size(&mut self, start: Dense, y: bool, max_size: u32) -> Option<u32> {
        self.fresh();
        self.mark(start);
        self.depth[usize::from(start)] = 0;
        let max_links = max_size.saturating_sub(1);
        let mut best = u32::MAX;
        // The fronts and marks as locals, which the loop keeps in
        // registers (through `self` each write reloaded them).
        let (mut front, mut next) = (
            std::mem::take(&mut self.front),
            std::mem::take(&mut self.next),
        );
        let mut meet = Meet {
            seen: &mut self.seen,
            depth: &mut self.depth,
            generation: self.generation,
        };
        let graph = self.graph;
        front.clear();
        front.push(start);
        let mut k = 0;
        while !front.is_empty() && best > 2 * k + 1 && 2 * k < max_links {
            k += 1;
            next.clear();
            for &s in &front {
                let id = usize::from(s / 2);
                if s & 1 == 1 {
                    for &off in graph.weak(id, y) {
                        best = best.min(meet.meet(off * 2, k, &mut next));
                    }
                } else {
                    let (links, len) = graph.strong(id, y, true);
                    for &on in &links[..len] {
                        best = best.min(meet.meet(on * 2 + 1, k, &mut next));
                    }
                }
            }
            std::mem::swap(&mut front, &mut next);
        }
        (self.front, self.next) = (front, next);
        self.explored = k;
        (best <= max_links).then(|| best + 1)
    }

    /// What [`Unary::find_chains`] finds from `start`, up to chains of
    /// `max_size` states, searching half as deep: [`Unary::chain_size`]
    /// gives the chain's length, and the path is read back from the depths
    /// it met.
    ///
    /// The breadth-first search keeps, for each state, its first parent in
    /// the order the layers are built, so its path to a state is the least
    /// of the shortest paths in link order: its first state is the first
    /// link of the start's that begins a shortest path, and so on (a
    /// state's first parent is the earliest one on a shortest path, and
    /// that is the path's state before it). So the path is walked from the
    /// start, each step taking the first link to a state on a shortest
    /// chain. A state `k` links from the start lies on one of `d` links
    /// when the start reaches it in `k` and its negation in `d - k` (links
    /// are contrapositive pairs: from the state to the start's negation is
    /// from the start to the state's negation); for those whose second
    /// depth lies past the explored depth, the walk goes on from them and
    /// backs out of dead ends.
    fn find_chain_halfway(&mut self, start: Dense, y: bool, max_size: u32) {
        let Some(size) = self.chain_size(start, y, max_size) else {
            return;
        };
        let links = size - 1;
        let root = self.push(start, NONE);
        let mut path = Vec::with_capacity(size as usize);
        if !self.descend(start, 0, links, y, &mut path) {
            debug_assert!(false, "a chain of {size} states exists");
            return self.find_chains(start, y, max_size);
        }
        let mut parent = root;
        for &s in &path {
            parent = self.push(s, parent);
        }
        self.chains.push(parent);
    }

    /// Extends `path` from state `at`, `k` links from the start, by the
    /// first shortest continuation to the start's negation `links` links
    /// from it; false (with `path` as it was) when none.
    fn descend(&mut self, at: Dense, k: u32, links: u32, y: bool, path: &mut Vec<Dense>) -> bool {
        if k == links {
            return true;
        }
        let graph = self.graph;
        let id = usize::from(at / 2);
        let (strong, len) = graph.strong(id, y, true);
        let next: &[u16] = if at & 1 == 1 {
            graph.weak(id, y)
        } else {
            &strong[..len]
        };
        for &to in next {
            // An "on" state's links lead to "off" states, and back.
            let v = to * 2 + Dense::from(at & 1 == 0);
            if !self.on_shortest(v, k + 1, links) {
                continue;
            }
            path.push(v);
            if self.descend(v, k + 1, links, y, path) {
                return true;
            }
            path.pop();
            self.dead[usize::from(v)] = self.generation;
        }
        false
    }

    /// Whether state `v`, reached in `k` links, may lie on a shortest chain
    /// of `links` links: certainly when its negation's depth says it is
    /// `links - k` links from the end, else (that depth unexplored) when
    /// `k` is its own depth and no walk from it has failed.
    fn on_shortest(&self, v: Dense, k: u32, links: u32) -> bool {
        let depth = |s: Dense| self.seen(s).then(|| u32::from(self.depth[usize::from(s)]));
        if links - k <= self.explored {
            return depth(v ^ 1) == Some(links - k);
        }
        depth(v) == Some(k) && self.dead[usize::from(v)] != self.generation
    }

    /// Searches layer by layer for paths back to the source, up to cycles
    /// of `max_size` states. Only states of the source's strongly connected
    /// component can lie on a path back to it, and every path to them
    /// stays inside it, so the search skips the others: the layers, first
    /// parents and order of what it keeps are those of the full search.
    fn find_cycles(&mut self, reach: &Reach, source: Dense, y: bool, x: bool, max_size: u32) {
        self.fresh();
        let graph = self.graph;
        let inside = reach.component(source);
        // The "off" states that turn the source on: links are symmetric, so
        // they are the states the source's own "off" turns on.
        let (closers, closers_len) = graph.strong(usize::from(source / 2), y, x);
        let closers = &closers[..closers_len];
        let root = self.push(source, NONE);
        self.mark(source);
        self.pending_on.clear();
        self.pending_off.clear();
        self.pending_on.push(root);
        let mut length = 0;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            if length + 2 > max_size {
                return;
            }
            length += 1;
            std::mem::swap(&mut self.batch, &mut self.pending_on);
            for i in 0..self.batch.len() {
                let p = self.batch[i];
                let id = usize::from(self.nodes[p as usize].0 / 2);
                for &off_id in graph.weak(id, y) {
                    let off = off_id * 2;
                    if reach.component(off) != inside {
                        continue;
                    }
                    // A repeated "off" state only matters when it closes
                    // the cycle: what else it implies is already reached.
                    // A new state cannot be an ancestor (those are seen).
                    if self.seen(off) {
                        if !closers.contains(&off_id) || self.has_ancestor(p, off) {
                            continue;
                        }
                    } else {
                        self.mark(off);
                    }
                    let n = self.push(off, p);
                    self.pending_off.push(n);
                }
            }
            self.batch.clear();
            length += 1;
            std::mem::swap(&mut self.batch, &mut self.pending_off);
            for i in 0..self.batch.len() {
                let p = self.batch[i];
                let id = usize::from(self.nodes[p as usize].0 / 2);
                let (links, len) = graph.strong(id, y, x);
                for &on_id in &links[..len] {
                    let on = on_id * 2 + 1;
                    if reach.component(on) != inside {
                        continue;
                    }
                    if length >= 4 && on == source {
                        let n = self.push(on, p);
                        self.cycles.push(n);
                    }
                    if !self.seen(on) {
                        self.mark(on);
                        let n = self.push(on, p);
                        self.pending_on.push(n);
                    }
                }
            }
            self.batch.clear();
        }
    }

    /// Searches breadth first for the source's negation, up to chains of
    /// `max_size` states; there is at most one such conclusion.
    fn find_chains(&mut self, source: Dense, y: bool, max_size: u32) {
        self.fresh();
        let graph = self.graph;
        let found = self.chains.len();
        let root = self.push(source, NONE);
        self.mark(source);
        self.pending_on.clear();
        self.pending_off.clear();
        if source & 1 == 1 {
            self.pending_on.push(root);
        } else {
            self.pending_off.push(root);
        }
        // The depth of the layer expanded next: each batch is one layer,
        // "on" and "off" states alternating, and a chain to a state of
        // depth `d` has `d + 1` states.
        let mut depth = 0;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            if self.chains.len() > found {
                return;
            }
            std::mem::swap(&mut self.batch, &mut self.pending_on);
            if !self.enter_layer(&mut depth, max_size) {
                return;
            }
            for i in 0..self.batch.len() {
                let p = self.batch[i];
                let id = usize::from(self.nodes[p as usize].0 / 2);
                for &off in graph.weak(id, y) {
                    self.reach(off * 2, p, source);
                }
            }
            self.batch.clear();
            if self.chains.len() > found {
                return;
            }
            std::mem::swap(&mut self.batch, &mut self.pending_off);
            if !self.enter_layer(&mut depth, max_size) {
                return;
            }
            for i in 0..self.batch.len() {
                let p = self.batch[i];
                let id = usize::from(self.nodes[p as usize].0 / 2);
                let (links, len) = graph.strong(id, y, true);
                for &on in &links[..len] {
                    self.reach(on * 2 + 1, p, source);
                }
            }
            self.batch.clear();
        }
    }

    /// Starts expanding the layer in `batch` (if any) at `depth`, one
    /// deeper than the last; false, with `batch` emptied (the other
    /// searches start from it empty), when its chains would pass
    /// `max_size` states.
    fn enter_layer(&mut self, depth: &mut u32, max_size: u32) -> bool {
        if self.batch.is_empty() {
            return true;
        }
        if *depth + 2 > max_size {
            self.batch.clear();
            return false;
        }
        *depth += 1;
        true
    }

    /// State `s` follows from node `p`: a conclusion when it negates the
    /// source, and a new state to explore when not seen yet.
    fn reach(&mut self, s: Dense, p: u32, source: Dense) {
        let target = s ^ 1 == source && !self.chains.iter().any(|&c| self.nodes[c as usize].0 == s);
        let fresh = !self.seen(s);
        if !target && !fresh {
            return;
        }
        let n = self.push(s, p);
        if target {
            self.chains.push(n);
        }
        if fresh {
            self.mark(s);
            if s & 1 == 1 {
                self.pending_on.push(n);
            } else {
                self.pending_off.push(n);
            }
        }
    }

    /// The candidates removed since `source` that a cycle (`cycle`) or a
    /// forcing chain ending at node `end` rests on: a cycle's states all
    /// count, each read as "on" with its own link's reason (both
    /// directions of the cycle); a chain's only through its "on" states.
    fn parents(&self, cands: &Cands, end: u32, source: &Cands, cycle: bool) -> Vec<u16> {
        // Room for a parent a link (more are rare): no regrowth.
        let mut out = Vec::with_capacity(self.path_len(end) as usize + 4);
        let mut at = end;
        while self.nodes[at as usize].1 != NONE {
            let parent = self.nodes[at as usize].1;
            let (s, p) = (
                self.real(self.nodes[at as usize].0),
                self.real(self.nodes[parent as usize].0),
            );
            if cycle || is_on(s) {
                // `| 1`: the state read as "on" (a chain's already is).
                removed_by(s | 1, link_cause(cands, s, p), source, cands, &mut out);
            }
            at = parent;
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// The marks and depths [`Unary::chain_size`] writes, borrowed from the
/// search for its loop.
struct Meet<'a> {
    seen: &'a mut [u32],
    depth: &'a mut [u16],
    generation: u32,
}

impl Meet<'_> {
    /// State `t` follows at depth `k` in [`Unary::chain_size`]: queued on
    /// `next` when new, and then the length of the path it closes with its
    /// negation's (`u32::MAX` when none).
    #[inline]
    fn meet(&mut self, t: Dense, k: u32, next: &mut Vec<Dense>) -> u32 {
        let t = usize::from(t);
        if self.seen[t] == self.generation {
            return u32::MAX;
        }
        self.seen[t] = self.generation;
        self.depth[t] = k as u16;
        next.push(t as Dense);
        if self.seen[t ^ 1] == self.generation {
            k + u32::from(self.depth[t ^ 1])
        } else {
            u32::MAX
        }
    }
}

/// Whether some cycle on the states `members` (a component's) might
/// remove a candidate. What a cycle removes sees one of its "on" and one
/// of its "off" states of the candidate's digit ([`cycle_step`]), and all
/// its states lie in the component, so nothing is removed unless some
/// candidate sees both an "on" and an "off" state of its digit among the
/// component's states. Along the positions rung 25 meets, that already
/// fails for nineteen components in twenty.
fn may_remove(cands: &Cands, members: impl Iterator<Item = State>) -> bool {
    // Per digit, the cells that see one of the "off" (0) and "on" (1)
    // states.
    let mut seen = [[0u128; 9]; 2];
    for s in members {
        seen[usize::from(is_on(s))][digit_of(s)] |= PEERS[cell_of(s)];
    }
    (0..9).any(|d0| seen[0][d0] & seen[1][d0] & cands.digits[d0] != 0)
}

/// The step of the cycle through `path` (its states from the end back to
/// the root's successor), None when it removes nothing: what sees one of
/// its "on" and one of its "off" states of a digit, off the cycle's cells.
fn cycle_step(
    cands: &Cands,
    path: &[State],
    y: bool,
    x: bool,
    difficulty: Difficulty,
) -> Option<Step> {
    let on_cells: u128 = path.iter().fold(0, |m, &s| m | 1u128 << cell_of(s));
    let (mut forward, mut backward) = ([0u128; 9], [0u128; 9]);
    for &s in path {
        let (cell, d0) = (cell_of(s), digit_of(s));
        let seen = PEERS[cell] & cands.digits[d0] & !on_cells;
        if is_on(s) {
            forward[d0] |= seen;
        } else {
            backward[d0] |= seen;
        }
    }
    let mut eliminated = Vec::new();
    for d0 in 0..9 {
        for cell in cells_of(forward[d0] & backward[d0]) {
            eliminated.push((cell as u8, d0 as u8 + 1));
        }
    }
    if eliminated.is_empty() {
        return None;
    }
    eliminated.sort_unstable();
    let mut cells: Vec<u8> = Vec::new();
    for &s in path.iter().rev() {
        let cell = cell_of(s) as u8;
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    let technique = match (x, y) {
        (true, true) => Technique::BidirectionalCycle,
        (false, _) => Technique::BidirectionalYCycle,
        _ if cells.len() == 4 => Technique::GeneralizedXWing,
        _ => Technique::BidirectionalXCycle,
    };
    Some(Step {
        technique,
        difficulty,
        pattern: Pattern::Cycle { cells },
        placed: None,
        eliminated,
        chains: Chains::NONE,
    })
}

/// The step of a forcing chain of `size` states concluding state `s`.
fn chain_step(s: State, size: u32, y: bool, x: bool, difficulty: Difficulty) -> Step {
    let (cell, d0) = (cell_of(s), digit_of(s));
    let technique = if x && y {
        Technique::ForcingChain
    } else if size == 6 {
        Technique::TurbotFish
    } else {
        Technique::ForcingXChain
    };
    let digit = d0 as u8 + 1;
    let (placed, eliminated) = if is_on(s) {
        (Some((cell as u8, digit)), Vec::new())
    } else {
        (None, vec![(cell as u8, digit)])
    };
    Step {
        technique,
        difficulty,
        pattern: Pattern::ForcingChain {
            target: candidate(s),
        },
        placed,
        eliminated,
        chains: Chains::NONE,
    }
}

/// The one branch of a forcing chain `step` found on `cands`: from the
/// negation of its conclusion to the conclusion, the breadth-first path
/// the scan sized.
pub(super) fn prove_chain(cands: &Cands, step: &Step) -> Option<Vec<Branch>> {
    let Pattern::ForcingChain { target } = step.pattern else {
        return None;
    };
    let y = step.technique == Technique::ForcingChain;
    let graph = Graph::new(cands);
    let mut search = Unary::new(&graph);
    let id = graph.id(usize::from(target.cell) * 9 + usize::from(target.digit) - 1);
    let start = id as Dense * 2 + Dense::from(!target.on);
    search.nodes.clear();
    search.chains.clear();
    search.find_chains(start, y, u32::MAX);
    let end = *search.chains.first()?;
    Some(vec![search.branch(cands, end)])
}

/// The one branch of a cycle `step` found on `cands`: the first cycle, in
/// the scan's order, through the step's cells that removes what it
/// removes, from its assumption back to it.
pub(super) fn prove_cycle(cands: &Cands, step: &Step) -> Option<Vec<Branch>> {
    let Pattern::Cycle { cells } = &step.pattern else {
        return None;
    };
    let (y, x) = match step.technique {
        Technique::BidirectionalYCycle => (true, false),
        Technique::BidirectionalCycle => (true, true),
        _ => (false, true),
    };
    let graph = Graph::new(cands);
    let mut search = Unary::new(&graph);
    let reach = graph.reach(y, x, x);
    for id in 0..graph.len() {
        let cand = usize::from(graph.cands[id]);
        if !cells.contains(&((cand / 9) as u8)) || !starts_from(cands.cells[cand / 9], x) {
            continue;
        }
        let source = id as Dense * 2 + 1;
        if reach.component_size(source) < 4 {
            continue;
        }
        search.nodes.clear();
        search.cycles.clear();
        search.find_cycles(&reach, source, y, x, u32::MAX);
        for i in 0..search.cycles.len() {
            let end = search.cycles[i];
            let path = search.path(end);
            let same = cycle_step(cands, &path, y, x, step.difficulty).is_some_and(|found| {
                found.pattern == step.pattern && found.eliminated == step.eliminated
            });
            if same {
                return Some(vec![search.branch(cands, end)]);
            }
        }
    }
    None
}

impl Unary<'_> {
    /// The branch from the search's root to node `end`, each link with
    /// its reason in `cands`.
    fn branch(&self, cands: &Cands, end: u32) -> Branch {
        let mut nodes = vec![end];
        while let Some(&at) = nodes.last() {
            let parent = self.nodes[at as usize].1;
            if parent == NONE {
                break;
            }
            nodes.push(parent);
        }
        nodes.reverse();
        let states: Vec<State> = nodes
            .iter()
            .map(|&n| self.real(self.nodes[n as usize].0))
            .collect();
        let implies = (1..states.len())
            .map(|k| Implication {
                state: candidate(states[k]),
                from: vec![k as u32 - 1],
                rule: rule_of(link_cause(cands, states[k], states[k - 1])),
            })
            .collect();
        Branch {
            assume: candidate(states[0]),
            implies,
        }
    }
}

#[cfg(test)]
impl Unary<'_> {
    /// [`Unary::chain_size`] searched to the full depth.
    fn plain_chain_size(&mut self, start: Dense, y: bool, max_size: u32) -> Option<u32> {
        self.fresh();
        self.mark(start);
        let target = start ^ 1;
        self.front.clear();
        self.front.push(start);
        let mut size = 1;
        while !self.front.is_empty() {
            if size >= max_size {
                return None;
            }
            size += 1;
            self.next.clear();
            for i in 0..self.front.len() {
                let s = self.front[i];
                let id = usize::from(s / 2);
                if s & 1 == 1 {
                    for &off in self.graph.weak(id, y) {
                        let off = off * 2;
                        if off == target {
                            return Some(size);
                        }
                        if !self.seen(off) {
                            self.mark(off);
                            self.next.push(off);
                        }
                    }
                } else {
                    let (links, len) = self.graph.strong(id, y, true);
                    for &on in &links[..len] {
                        let on = on * 2 + 1;
                        if on == target {
                            return Some(size);
                        }
                        if !self.seen(on) {
                            self.mark(on);
                            self.next.push(on);
                        }
                    }
                }
            }
            std::mem::swap(&mut self.front, &mut self.next);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::explain;
    use crate::Board;

    /// Along bank puzzles' solving paths, the rung that remembers where it
    /// found nothing finds what the plain one finds, and skips positions
    /// with no new strong link since.
    #[test]
    fn forcing_chains_along_a_path_find_what_the_plain_rung_finds() {
        let (mut asked, mut skipped, mut found) = (0, 0, 0);
        for board in crate::logic::testing::bank().iter().step_by(9) {
            let mut grid = Grid::new(board);
            let mut quiet = Quiet::default();
            for step in explain(board).steps {
                let cands = Cands::of(&grid);
                let skips = quiet.0.as_ref().is_some_and(|before| {
                    cands.within(before) && !cands.has_new_strong_link(before)
                });
                let plain = forcing_chains_and_cycles(&grid);
                let along = forcing_chains_and_cycles_along(&grid, &mut quiet);
                assert_eq!(
                    along.as_ref().map(ToString::to_string),
                    plain.as_ref().map(ToString::to_string),
                    "{board}"
                );
                asked += 1;
                skipped += usize::from(skips);
                found += usize::from(plain.is_some());
                step.apply(&mut grid);
            }
        }
        assert!(skipped > 100 && found > 100, "{asked} {skipped} {found}");
    }

    /// Puzzles (bank ER 7.8 and 8.3 to 9.0) whose solving paths meet rung
    /// 25 often, with and without a hint.
    const BOARDS: [&str; 6] = [
        "..4...95....8..6.....5.9.788.....2...2.7.3.6...9.....374.9.2.....3..4....58...4..",
        "...643...5..7.2..1.26.5.43...75.41...1.....4..3..1..5..7.....1.85.....74..4.3.2..",
        "......29.4.........715.2..4...3.58.9.9..4..7.6.87.9...5..9.148.........6.39......",
        "..47.8....9..4..8....15...69.....6.3.13...24.4.6.....92...31....6..9..3....8.21..",
        "3.4.2.5..1....3.9....1....327....3...4..9..6...6....424....7....1.9....4..2.1.8.5",
        "..82.13.....3.5.......7.....6..5..2.8.2...4.54.......1...6.4...1.......9.94...27.",
    ];

    /// Each position along the solving paths of [`BOARDS`].
    fn positions() -> Vec<Cands> {
        let mut out = Vec::new();
        for board in BOARDS {
            let board: Board = board.parse().unwrap();
            let mut grid = Grid::new(&board);
            for step in explain(&board).steps {
                out.push(Cands::of(&grid));
                step.apply(&mut grid);
            }
        }
        out
    }

    /// A search's lists and marks carry over to the next [`Unary`], also
    /// across the wrap of the mark count: every chain size comes out as
    /// with lists of its own.
    #[test]
    fn searches_sharing_their_lists_size_chains_alike() {
        let mut compared = 0;
        for (k, cands) in positions().iter().enumerate().take(40) {
            let graph = Graph::new(cands);
            let reach = graph.reach(true, true, true);
            let mut starts = Vec::new();
            reach.each_negation(|s| starts.push(s));
            let sizes = |search: &mut Unary| -> Vec<Option<u32>> {
                starts
                    .iter()
                    .map(|&s| search.chain_size(s, true, u32::MAX))
                    .collect()
            };
            let expected = {
                let mut own = Unary::new(&graph);
                own.seen = Vec::new(); // none carried over
                own.generation = 0;
                sizes(&mut own)
            };
            let mut shared = Unary::new(&graph);
            if k % 2 == 0 {
                shared.generation = u32::MAX - 1; // wraps during the sizes
            }
            assert_eq!(sizes(&mut shared), expected, "position {k}");
            compared += starts.len();
        }
        assert!(compared > 20, "{compared}");
    }

    /// A component [`may_remove`] rules out holds no cycle that removes
    /// anything: the unbounded search from each of its starts finds none.
    #[test]
    fn barren_components_hold_no_removing_cycle() {
        let (mut barren, mut removing) = (0, 0);
        for cands in positions() {
            let graph = Graph::new(&cands);
            let mut search = Unary::new(&graph);
            for (y, x) in PASSES {
                let reach = graph.reach(y, x, false);
                search.fertile.read(&graph, &cands, &reach);
                for id in 0..graph.len() {
                    let source = id as Dense * 2 + 1;
                    if reach.component_size(source) < 4 {
                        continue;
                    }
                    search.nodes.clear();
                    search.cycles.clear();
                    search.find_cycles(&reach, source, y, x, u32::MAX);
                    let removes = (0..search.cycles.len()).any(|i| {
                        let path = search.path(search.cycles[i]);
                        cycle_step(&cands, &path, y, x, Difficulty(0)).is_some()
                    });
                    if search.fertile.may_remove(&reach, source) {
                        removing += usize::from(removes);
                    } else {
                        assert!(!removes, "pass {y} {x} start {source}");
                        barren += 1;
                    }
                }
            }
        }
        // Both answers occur, so the check means something.
        assert!(barren > 0 && removing > 0, "{barren} {removing}");
    }

    /// The chain sizes met halfway are those of the full breadth-first
    /// search, for every start, pass and bound.
    #[test]
    fn chain_sizes_met_halfway_are_the_full_searches() {
        let mut found = 0;
        for cands in positions() {
            let graph = Graph::new(&cands);
            let mut search = Unary::new(&graph);
            for y in [false, true] {
                for start in 0..graph.len() as Dense * 2 {
                    for max_size in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 17, u32::MAX] {
                        let size = search.chain_size(start, y, max_size);
                        assert_eq!(size, search.plain_chain_size(start, y, max_size));
                        found += usize::from(size.is_some());
                    }
                }
            }
        }
        assert!(found > 0);
    }

    /// The chain read back from the halfway search is the one the full
    /// breadth-first search finds (the same states, so the same size and
    /// parents), or none when it finds none, for every start, pass and
    /// bound.
    #[test]
    fn chains_read_back_halfway_are_the_breadth_first_ones() {
        let (mut found, mut none) = (0, 0);
        for cands in positions() {
            let graph = Graph::new(&cands);
            let mut search = Unary::new(&graph);
            let chain = |search: &mut Unary, halfway: bool, start, y, max_size| {
                search.nodes.clear();
                search.chains.clear();
                if halfway {
                    search.find_chain_halfway(start, y, max_size);
                } else {
                    search.find_chains(start, y, max_size);
                }
                let end = search.chains.first()?;
                Some(search.path(*end))
            };
            for y in [false, true] {
                for start in 0..graph.len() as Dense * 2 {
                    for max_size in [2, 3, 5, 8, 13, u32::MAX] {
                        let expected = chain(&mut search, false, start, y, max_size);
                        assert_eq!(chain(&mut search, true, start, y, max_size), expected);
                        found += usize::from(expected.is_some());
                        none += usize::from(expected.is_none());
                    }
                }
            }
        }
        assert!(found > 0 && none > 0, "{found} {none}");
    }

    /// An X or Y component that may hold a useful cycle lies in an XY
    /// component that may too, as [`pass_reaches`] assumes.
    #[test]
    fn fertile_components_lie_in_fertile_xy_components() {
        let (mut checked, mut xy_only) = (0, 0);
        for cands in positions() {
            let graph = Graph::new(&cands);
            let xy = graph.reach(true, true, false);
            let mut on_xy = Fertile::default();
            on_xy.read(&graph, &cands, &xy);
            for (y, x) in [(false, true), (true, false)] {
                let reach = graph.reach(y, x, false);
                let mut fertile = Fertile::default();
                fertile.read(&graph, &cands, &reach);
                for s in 0..graph.len() as Dense * 2 {
                    if fertile.may_remove(&reach, s) {
                        assert!(on_xy.may_remove(&xy, s), "{y} {x} {s}");
                        checked += 1;
                    } else {
                        xy_only += usize::from(on_xy.may_remove(&xy, s));
                    }
                }
            }
        }
        assert!(checked > 0 && xy_only > 0, "{checked} {xy_only}");
    }

    /// Every hint in Sudoku Explainer's order, as [`scan`] offers them but
    /// without its shortcuts but the negations: every pass, its reached
    /// sets and every component searched.
    fn plain_scan(cands: &Cands, best: &mut Best) {
        let graph = Graph::new(cands);
        let mut search = Unary::new(&graph);
        search.bounded = false;
        for (y, x) in PASSES {
            let reach = graph.reach(y, x, true);
            search.fertile.fertile = vec![true; reach.count()];
            for id in 0..graph.len() {
                let cell = usize::from(graph.cands[id]) / 9;
                if starts_from(cands.cells[cell], x) {
                    search.run(
                        cands,
                        (&reach, &reach),
                        id as Dense * 2 + 1,
                        (y, x, x),
                        best,
                    );
                }
            }
        }
    }

    /// The rung's hint, with all its shortcuts, is the one the plain scan
    /// of every hint in Sudoku Explainer's order keeps, and the nested
    /// scan collects the same hints, for a chain that started from the
    /// position before (so that earlier hints cover removals).
    #[test]
    fn first_keeps_the_hint_of_the_full_scan() {
        let (mut found, mut none) = (0, 0);
        let positions = positions();
        for pair in positions.windows(2) {
            let (source, cands) = (&pair[0], pair[1].clone());
            let mut plain = Best::default();
            plain_scan(&cands, &mut plain);
            let expected = plain.step;
            found += usize::from(expected.is_some());
            none += usize::from(expected.is_none());
            assert_eq!(first(&cands, false).0, expected);
            let (mut all, mut all_plain) = (
                Best::collecting(source, true),
                Best::collecting(source, true),
            );
            scan(&cands, &mut all);
            plain_scan(&cands, &mut all_plain);
            let steps = |best: Best| -> Vec<_> {
                best.into_collected()
                    .into_iter()
                    .map(|hint| (hint.key, hint.step))
                    .collect()
            };
            assert_eq!(steps(all), steps(all_plain));
        }
        assert!(found > 0 && none > 0, "{found} {none}");
    }
}
