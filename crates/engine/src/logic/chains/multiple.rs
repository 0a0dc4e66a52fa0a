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

use super::graph::{closure_of, Closure, Dense, Graph};
use super::links::{candidate, link_cause, removed_by};
use super::links::{cell_of, digit_of, house_peers, is_on, state, Cands, Cause, State, STATES};
use super::{conclude, Best, Collected, Key};
use crate::logic::grid::{
    bits, cells_of, count, houses_of, several_cells, Cells, Digits, Grid, CELL_BITS, HOUSE_MASKS,
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
    scan(work, &mut best);
    best.into_collected()
}

/// Every hint in Sudoku Explainer's order, offered to `best`.
fn scan(cands: &Cands, best: &mut Best) {
    let (closure, graph) = closure_of(cands);
    let mut scan = Scan {
        cands,
        graph: &graph,
        closure: &closure,
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

/// One scan's position, graph and closure, and the branches propagated.
struct Scan<'a> {
    cands: &'a Cands,
    graph: &'a Graph,
    closure: &'a Closure,
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
    /// may all lead to one state (the closure says whether they can).
    fn may_share(&self, cands: &[usize]) -> bool {
        let graph = self.graph;
        self.closure
            .share(cands.iter().map(|&cand| (graph.id(cand) * 2 + 1) as Dense))
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
                best.offer(
                    Key::new(BASE, size, kind),
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
                slots[k] = self.branches.of((self.cands, self.graph), cand);
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
    /// `cands` (whose graph is `graph`) when not yet.
    fn of(&mut self, (cands, graph): (&Cands, &Graph), cand: usize) -> u16 {
        if self.slot[cand] == u16::MAX {
            if !self.read {
                self.position.read(graph);
                self.read = true;
            }
            if self.len == self.list.len() {
                self.list.push(Branch::default());
            }
            self.list[self.len].propagate((cands, &self.position), (cand * 2 + 1) as State);
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
    fn propagate(&mut self, (cands, position): (&Cands, &Position), start: State) {
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
                break;
            }
        }
        self.reached = n.reached;
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
}
