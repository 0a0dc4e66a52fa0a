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
use super::links::Cause;
use super::links::{
    cell_of, conjugate, digit_of, is_on, off_to_on, on_to_off, state, Cands, State, STATES,
};
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
    let mut search = Unary::new(cands);
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
                search.run(cands, state(cell, d0, true), y, x, best);
            }
        }
    }
}

/// What each candidate being off turns on, in the fixed position: the
/// cell's other candidate (bivalue cells) and the digit's other place in
/// each house with two places (box, row, column; each state once).
struct OffLinks {
    cell: Vec<Option<State>>,
    house: Vec<([State; 3], u8)>,
}

impl OffLinks {
    fn new(cands: &Cands) -> OffLinks {
        let mut links = Vec::new();
        let mut table = OffLinks {
            cell: vec![None; 729],
            house: vec![([0; 3], 0); 729],
        };
        for cell in 0..81 {
            for d0 in bits(cands.cells[cell]) {
                let off = state(cell, d0, false);
                off_to_on(cands, cands, off, true, false, &mut links);
                table.cell[cell * 9 + d0] = links.first().map(|l| l.state);
                off_to_on(cands, cands, off, false, true, &mut links);
                let entry = &mut table.house[cell * 9 + d0];
                for link in &links {
                    entry.0[usize::from(entry.1)] = link.state;
                    entry.1 += 1;
                }
            }
        }
        table
    }

    /// The states `off` turns on with the given link kinds, in order.
    fn of(&self, off: State, y: bool, x: bool, out: &mut Vec<State>) {
        out.clear();
        let cand = usize::from(off) / 2;
        if y {
            out.extend(self.cell[cand]);
        }
        if x {
            let (states, len) = &self.house[cand];
            for &s in &states[..usize::from(*len)] {
                if !out.contains(&s) {
                    out.push(s);
                }
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

/// A set of candidates (`cell * 9 + d0`), 729 bits.
type CandSet = [u64; 12];

fn set_has(set: &CandSet, cand: usize) -> bool {
    set[cand / 64] >> (cand % 64) & 1 != 0
}

fn set_add(set: &mut CandSet, cand: usize) {
    set[cand / 64] |= 1 << (cand % 64);
}

/// The implications as candidate sets, by whether cell links are used:
/// what each candidate "on" turns off, and what each "off" turns on.
struct Adjacency {
    on: [Vec<CandSet>; 2],
    off: [Vec<CandSet>; 2],
}

impl Adjacency {
    fn new(cands: &Cands, table: &OffLinks) -> Adjacency {
        let mut adjacency = Adjacency {
            on: [vec![[0; 12]; 729], vec![[0; 12]; 729]],
            off: [vec![[0; 12]; 729], vec![[0; 12]; 729]],
        };
        let mut links = Vec::new();
        for cell in 0..81 {
            for d0 in bits(cands.cells[cell]) {
                let cand = cell * 9 + d0;
                for y in [false, true] {
                    let set = &mut adjacency.on[usize::from(y)][cand];
                    on_to_off(cands, state(cell, d0, true), y, |off, _| {
                        set_add(set, usize::from(off) / 2);
                    });
                    table.of(state(cell, d0, false), y, true, &mut links);
                    for &on in &links {
                        set_add(
                            &mut adjacency.off[usize::from(y)][cand],
                            usize::from(on) / 2,
                        );
                    }
                }
            }
        }
        adjacency
    }

    /// The size of the forcing chain from candidate `cand` assumed on
    /// (`start_on`) or off to its own negation: the breadth-first distance
    /// plus one, when at most `max_size`.
    fn chain_size(&self, cand: usize, start_on: bool, y: bool, max_size: u32) -> Option<u32> {
        let y = usize::from(y);
        let (mut seen_on, mut seen_off, mut front) = ([0; 12], [0; 12], [0; 12]);
        set_add(&mut front, cand);
        set_add(
            if start_on {
                &mut seen_on
            } else {
                &mut seen_off
            },
            cand,
        );
        let (mut front_on, mut size) = (start_on, 1);
        loop {
            if size >= max_size {
                return None;
            }
            let table = if front_on { &self.on[y] } else { &self.off[y] };
            let mut next: CandSet = [0; 12];
            for (w, &word) in front.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let c = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    for (n, t) in next.iter_mut().zip(&table[c]) {
                        *n |= t;
                    }
                }
            }
            size += 1;
            if front_on == start_on && set_has(&next, cand) {
                return Some(size);
            }
            let seen = if front_on {
                &mut seen_off
            } else {
                &mut seen_on
            };
            let mut any = 0;
            for (n, s) in next.iter_mut().zip(seen.iter_mut()) {
                *n &= !*s;
                *s |= *n;
                any |= *n;
            }
            if any == 0 {
                return None;
            }
            front = next;
            front_on = !front_on;
        }
    }
}

/// The search from one candidate: an arena of states, each with the state
/// it follows from.
struct Unary {
    table: OffLinks,
    adjacency: Adjacency,
    nodes: Vec<(State, u32)>,
    /// `seen[s] == generation` when state `s` was reached in this search.
    seen: Vec<u32>,
    generation: u32,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    batch: Vec<u32>,
    links: Vec<State>,
    cycles: Vec<u32>,
    chains: Vec<u32>,
}

impl Unary {
    fn new(cands: &Cands) -> Unary {
        let table = OffLinks::new(cands);
        Unary {
            adjacency: Adjacency::new(cands, &table),
            table,
            nodes: Vec::new(),
            seen: vec![0; STATES],
            generation: 0,
            pending_on: Vec::new(),
            pending_off: Vec::new(),
            batch: Vec::new(),
            links: Vec::new(),
            cycles: Vec::new(),
            chains: Vec::new(),
        }
    }

    fn push(&mut self, s: State, parent: u32) -> u32 {
        self.nodes.push((s, parent));
        (self.nodes.len() - 1) as u32
    }

    fn fresh(&mut self) {
        self.generation += 1;
    }

    fn seen(&self, s: State) -> bool {
        self.seen[usize::from(s)] == self.generation
    }

    fn mark(&mut self, s: State) {
        self.seen[usize::from(s)] = self.generation;
    }

    /// Whether "off" state `off` turns the source on.
    fn closes(&self, off: State, source: State, y: bool, x: bool) -> bool {
        let cand = usize::from(off) / 2;
        if y && self.table.cell[cand] == Some(source) {
            return true;
        }
        let (states, len) = &self.table.house[cand];
        x && states[..usize::from(*len)].contains(&source)
    }

    /// Whether `s` is a strict ancestor of node `n` (first parents).
    fn has_ancestor(&self, n: u32, s: State) -> bool {
        let mut at = self.nodes[n as usize].1;
        while at != NONE {
            if self.nodes[at as usize].0 == s {
                return true;
            }
            at = self.nodes[at as usize].1;
        }
        false
    }

    fn run(&mut self, cands: &Cands, source: State, y: bool, x: bool, best: &mut Best) {
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
        self.find_cycles(cands, source, y, x, max_cycle);
        let max_chain = max_size(best, if both { 7.0 } else { 6.6 }, if both { 4 } else { 2 });
        if x && best.all.is_some() {
            // Nested use needs the chains themselves, for their reasons.
            self.find_chains(cands, source, y, max_chain);
            self.find_chains(cands, conjugate(source), y, max_chain);
        }
        for i in 0..self.cycles.len() {
            self.offer_cycle(cands, self.cycles[i], y, x, best);
        }
        if x && best.all.is_none() {
            // Only the size and the conclusion matter: distances suffice.
            let cand = usize::from(source) / 2;
            for start_on in [true, false] {
                let max_chain =
                    max_size(best, if both { 7.0 } else { 6.6 }, if both { 4 } else { 2 });
                if let Some(size) = self.adjacency.chain_size(cand, start_on, y, max_chain) {
                    let target = state(cand / 9, cand % 9, !start_on);
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
            let target = self.nodes[end as usize].0;
            self.offer_chain(cands, target, size, Some(end), y, x, best);
        }
    }

    /// Searches layer by layer for paths back to the source, up to cycles
    /// of `max_size` states.
    fn find_cycles(&mut self, cands: &Cands, source: State, y: bool, x: bool, max_size: u32) {
        self.fresh();
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
                let ps = self.nodes[p as usize].0;
                on_to_off(cands, ps, y, |off, _| {
                    // A repeated "off" state only matters when it closes
                    // the cycle: what else it implies is already reached.
                    // A new state cannot be an ancestor (those are seen).
                    if self.seen(off) {
                        if !self.closes(off, source, y, x) || self.has_ancestor(p, off) {
                            return;
                        }
                    } else {
                        self.mark(off);
                    }
                    let n = self.push(off, p);
                    self.pending_off.push(n);
                });
            }
            self.batch.clear();
            length += 1;
            std::mem::swap(&mut self.batch, &mut self.pending_off);
            for i in 0..self.batch.len() {
                let p = self.batch[i];
                let ps = self.nodes[p as usize].0;
                self.table.of(ps, y, x, &mut self.links);
                for k in 0..self.links.len() {
                    let on = self.links[k];
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
    fn find_chains(&mut self, cands: &Cands, source: State, y: bool, max_size: u32) {
        self.fresh();
        let found = self.chains.len();
        let mut size = 1;
        let root = self.push(source, NONE);
        self.mark(source);
        self.pending_on.clear();
        self.pending_off.clear();
        if is_on(source) {
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
                let ps = self.nodes[p as usize].0;
                on_to_off(cands, ps, y, |off, _| self.reach(off, p, source));
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
                let ps = self.nodes[p as usize].0;
                self.table.of(ps, y, true, &mut self.links);
                for k in 0..self.links.len() {
                    let on = self.links[k];
                    self.reach(on, p, source);
                }
            }
            self.batch.clear();
        }
    }

    /// State `s` follows from node `p`: a conclusion when it negates the
    /// source, and a new state to explore when not seen yet.
    fn reach(&mut self, s: State, p: u32, source: State) {
        let target =
            conjugate(s) == source && !self.chains.iter().any(|&c| self.nodes[c as usize].0 == s);
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
            if is_on(s) {
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
            path.push(self.nodes[at as usize].0);
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
                    let (s, p) = (self.nodes[at as usize].0, self.nodes[parent as usize].0);
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
                    let (s, p) = (self.nodes[at as usize].0, self.nodes[parent as usize].0);
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
