//! Rung 25: bidirectional cycles and forcing chains with a single starting
//! assumption (`Chaining` with neither multiple nor dynamic chains).
//!
//! For each candidate (cells in reading order, digits ascending), three
//! passes in this order: X-links only (one digit), Y-links only (bivalue
//! cells), both. Each pass looks for cycles back to the candidate "on"
//! (layer by layer, an "off" state never repeating one of its own
//! ancestors), then for chains from the candidate "on" to its own "off"
//! (elimination) and from "off" to "on" (placement).

use super::forcing::removed_by;
use super::graph::Graph;
use super::links::Cause;
use super::links::{cell_of, digit_of, is_on, Cands, State};
use super::{Best, Key};
use crate::logic::grid::{bits, cells_of, houses_of, Grid, HOUSE_MASKS, PEERS};
use crate::logic::step::{Candidate, Pattern, Step, Technique};

const NONE: u32 = u32::MAX;

/// The first step of Sudoku Explainer's "Forcing Chains & Cycles".
pub fn forcing_chains_and_cycles(grid: &Grid) -> Option<Step> {
    let cands = Cands::of(grid);
    let mut best = Best::default();
    scan(&cands, &mut best);
    best.step
}

/// Every hint of forcing chains and cycles on `work`, for a chain that
/// started from `source` and nests them.
pub(super) fn collect(work: &Cands, source: &Cands) -> Vec<super::Collected> {
    let mut best = Best::collecting(source);
    scan(work, &mut best);
    best.into_collected()
}

fn scan(cands: &Cands, best: &mut Best) {
    let graph = Graph::new(cands);
    let mut search = Unary::new(&graph);
    for (y, x) in [(false, true), (true, false), (true, true)] {
        for cell in 0..81 {
            let here = cands.cells[cell];
            if here.count_ones() < 2 {
                continue;
            }
            if !x && here.count_ones() > 2 {
                continue; // Y-cycles start from bivalue cells only
            }
            for d0 in bits(here) {
                let id = graph.ids[cell * 9 + d0];
                search.run(cands, id * 2 + 1, y, x, best);
            }
        }
    }
}

/// The largest size a hint of this base difficulty and kind may have to
/// come before the best one so far.
fn max_size(best: &Best, base: f64, kind: u8) -> u32 {
    let Some(key) = best.key else {
        return u32::MAX;
    };
    let mut size = 1;
    while size < 4096 && Key::new(base, size + 1, kind).before(key) {
        size += 1;
    }
    if Key::new(base, size, kind).before(key) {
        size
    } else {
        0
    }
}

/// A state on the graph's dense ids: `id * 2 + on`.
type Dense = u16;

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
}

impl<'g> Unary<'g> {
    fn new(graph: &'g Graph) -> Unary<'g> {
        Unary {
            graph,
            nodes: Vec::new(),
            seen: vec![0; graph.len() * 2],
            generation: 0,
            pending_on: Vec::new(),
            pending_off: Vec::new(),
            batch: Vec::new(),
            cycles: Vec::new(),
            chains: Vec::new(),
            front: Vec::new(),
            next: Vec::new(),
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

    fn run(&mut self, cands: &Cands, source: Dense, y: bool, x: bool, best: &mut Best) {
        self.nodes.clear();
        self.cycles.clear();
        self.chains.clear();
        let both = x && y;
        let cycle_kind = if both {
            4
        } else if y {
            3
        } else {
            2
        };
        let max_cycle = max_size(best, if both { 7.0 } else { 6.5 }, cycle_kind);
        self.find_cycles(source, y, x, max_cycle);
        let max_chain = max_size(best, if both { 7.0 } else { 6.6 }, if both { 4 } else { 2 });
        if x && best.all.is_some() {
            // Nested use needs the chains themselves, for their reasons.
            self.find_chains(source, y, max_chain);
            self.find_chains(source ^ 1, y, max_chain);
        }
        for i in 0..self.cycles.len() {
            self.offer_cycle(cands, self.cycles[i], y, x, best);
        }
        if x && best.all.is_none() {
            // Only the size and the conclusion matter: distances suffice.
            for start_on in [true, false] {
                let max_chain =
                    max_size(best, if both { 7.0 } else { 6.6 }, if both { 4 } else { 2 });
                let start = source & !1 | Dense::from(start_on);
                if let Some(size) = self.chain_size(start, y, max_chain) {
                    let target = self.real(start ^ 1);
                    self.offer_chain(cands, target, size, None, y, x, best);
                }
            }
        }
        for i in 0..self.chains.len() {
            let end = self.chains[i];
            let mut size = 1;
            let mut at = self.nodes[end as usize].1;
            while at != NONE {
                size += 1;
                at = self.nodes[at as usize].1;
            }
            let target = self.real(self.nodes[end as usize].0);
            self.offer_chain(cands, target, size, Some(end), y, x, best);
        }
    }

    /// The size of the forcing chain from `start` to its own negation (the
    /// breadth-first distance plus one), when at most `max_size`.
    fn chain_size(&mut self, start: Dense, y: bool, max_size: u32) -> Option<u32> {
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

    /// Searches layer by layer for paths back to the source, up to cycles
    /// of `max_size` states.
    fn find_cycles(&mut self, source: Dense, y: bool, x: bool, max_size: u32) {
        self.fresh();
        let graph = self.graph;
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
        let mut size = 1;
        let root = self.push(source, NONE);
        self.mark(source);
        self.pending_on.clear();
        self.pending_off.clear();
        if source & 1 == 1 {
            self.pending_on.push(root);
        } else {
            self.pending_off.push(root);
        }
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            if self.chains.len() > found || size >= max_size {
                return;
            }
            if !self.pending_on.is_empty() {
                size += 1;
            }
            std::mem::swap(&mut self.batch, &mut self.pending_on);
            for i in 0..self.batch.len() {
                let p = self.batch[i];
                let id = usize::from(self.nodes[p as usize].0 / 2);
                for &off in graph.weak(id, y) {
                    self.reach(off * 2, p, source);
                }
            }
            self.batch.clear();
            if self.chains.len() > found || (size >= max_size && !self.pending_off.is_empty()) {
                return;
            }
            if !self.pending_off.is_empty() {
                size += 1;
            }
            std::mem::swap(&mut self.batch, &mut self.pending_off);
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

    fn offer_cycle(&self, cands: &Cands, end: u32, y: bool, x: bool, best: &mut Best) {
        // The cycle's states, from its end back to (not including) the root,
        // which is the same state as the end.
        let mut path = Vec::new();
        let mut at = end;
        while self.nodes[at as usize].1 != NONE {
            path.push(self.real(self.nodes[at as usize].0));
            at = self.nodes[at as usize].1;
        }
        let base = if x && y { 7.0 } else { 6.5 };
        let kind = if x && y {
            4
        } else if y {
            3
        } else {
            2
        };
        let key = Key::new(base, path.len() as u32, kind);
        best.offer(
            key,
            |difficulty| {
                let on_cells: u128 = path.iter().fold(0, |m, &s| m | 1u128 << cell_of(s));
                let (mut forward, mut backward) = ([0u128; 9], [0u128; 9]);
                for &s in &path {
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
                })
            },
            cands,
            |source| {
                // Both directions of the cycle: every state but the root, each
                // read as "on" with its own link's reason.
                let mut out = Vec::new();
                let mut at = end;
                while self.nodes[at as usize].1 != NONE {
                    let parent = self.nodes[at as usize].1;
                    let (s, p) = (
                        self.real(self.nodes[at as usize].0),
                        self.real(self.nodes[parent as usize].0),
                    );
                    removed_by(s | 1, link_cause(cands, s, p), source, cands, &mut out);
                    at = parent;
                }
                out.sort_unstable();
                out.dedup();
                out
            },
        );
    }

    /// Offers the forcing chain concluding state `s` with `size` states,
    /// ending at node `end` when its path was kept.
    #[allow(clippy::too_many_arguments)]
    fn offer_chain(
        &self,
        cands: &Cands,
        s: State,
        size: u32,
        end: Option<u32>,
        y: bool,
        x: bool,
        best: &mut Best,
    ) {
        let both = x && y;
        let key = Key::new(if both { 7.0 } else { 6.6 }, size, if both { 4 } else { 2 });
        best.offer(
            key,
            |difficulty| {
                let (cell, d0) = (cell_of(s), digit_of(s));
                let technique = if both {
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
                Some(Step {
                    technique,
                    difficulty,
                    pattern: Pattern::ForcingChain {
                        target: Candidate {
                            cell: cell as u8,
                            digit,
                            on: is_on(s),
                        },
                    },
                    placed,
                    eliminated,
                })
            },
            cands,
            |source| {
                let mut out = Vec::new();
                let mut at = end.expect("nested chains keep their paths");
                while self.nodes[at as usize].1 != NONE {
                    let parent = self.nodes[at as usize].1;
                    let (s, p) = (
                        self.real(self.nodes[at as usize].0),
                        self.real(self.nodes[parent as usize].0),
                    );
                    if is_on(s) {
                        removed_by(s, link_cause(cands, s, p), source, cands, &mut out);
                    }
                    at = parent;
                }
                out.sort_unstable();
                out.dedup();
                out
            },
        );
    }
}

/// Why state `s` follows from state `p` in the fixed position `cands`: the
/// same cell, or the first house (box, row, column) linking them; from an
/// "off" state only a house where the digit has two places links.
fn link_cause(cands: &Cands, s: State, p: State) -> Cause {
    let (cell, other) = (cell_of(s), cell_of(p));
    if cell == other {
        return Cause::Cell;
    }
    let d0 = digit_of(s);
    for house in houses_of(cell) {
        if HOUSE_MASKS[house] >> other & 1 == 0 {
            continue;
        }
        if !is_on(s) || cands.places(house, d0).count_ones() == 2 {
            return Cause::House(house as u8);
        }
    }
    Cause::Assumption
}
