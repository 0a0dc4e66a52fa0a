//! The implication engine of multiple, Nishio and dynamic chains
//! (`Chaining.doChaining`): from one assumption, every state that follows,
//! each with the states it follows from, until nothing new follows or a
//! candidate would be both on and off.
//!
//! Order matters (the first parents found fix a chain's size): "on" states
//! are expanded before "off" states, each in the order found. In dynamic
//! mode an "off" state removes its candidate from the working position once
//! expanded, so later links see the reduced position, and an "on" state
//! that a reduced house or cell implies also rests on the removed
//! candidates (hidden parents).

use super::advanced::{advanced, Checked, Found, Nested, Origin};
use super::graph::{partners, NO_CELL};
use super::links::{cell_of, digit_of, house_peers, is_on, state, Cands, Cause, State, STATES};
use crate::logic::grid::{bits, cells_of, houses_at, CELL_HOUSE_MASKS, HOUSE_MASKS};
use crate::logic::grid::{count, CELL_BITS, CELL_HOUSE_SETS};

const NONE: u32 = u32::MAX;

/// A node that comes from no nested chain.
const NO_NESTED: u16 = u16::MAX;

// Arenas are read back cold when hints are sized: keep nodes small.
const _: () = assert!(std::mem::size_of::<Node>() == 12);

/// One state of a propagation and what it follows from.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The state.
    pub state: State,
    /// Why it follows.
    pub cause: Cause,
    /// Its parents: `parents[start..start + len]` of the arena, or the one
    /// parent itself when `len` is 1 (most nodes: no list entry to write).
    pub start: u32,
    /// The number of parents.
    pub len: u16,
    /// The nested chain it comes from, as an index into `Arena::nested`
    /// (`NO_NESTED` for none; an arena has fewer than 2 * 729 nodes).
    /// With it a node takes 12 bytes: arenas are walked cold when sized.
    pub nested: u16,
}

/// The outcome of one assumption: every state reached, in order.
///
/// Handed out boxed: an arena is some 300 bytes, and producers move each
/// several times (cached, lent, recycled).
#[derive(Clone)]
pub struct Arena {
    /// The nodes, in the order they were reached.
    pub nodes: Vec<Node>,
    /// Parent lists, indexed by nodes.
    pub parents: Vec<u32>,
    /// The registered states, as a bit set over `State`.
    reached: [u64; STATES.div_ceil(64)],
    /// When the assumption leads to a candidate both on and off: the
    /// nodes of its "on" and "off" states.
    pub contradiction: Option<(u32, u32)>,
    /// Nested chains used: (identity, size).
    nested: Vec<(u32, u32)>,
    /// When the engine keeps proofs: the reduced positions the simple
    /// techniques and nested chains were applied to, in order.
    pub positions: Vec<Cands>,
    /// When the engine keeps proofs: each node the simple techniques or a
    /// nested chain gave (`Cause::Advanced`), the position it was found on
    /// (an index into `positions`) and what proves it.
    pub origins: Vec<(u32, u32, Origin)>,
}

impl Default for Arena {
    fn default() -> Arena {
        Arena {
            nodes: Vec::new(),
            parents: Vec::new(),
            reached: [0; STATES.div_ceil(64)],
            contradiction: None,
            nested: Vec::new(),
            positions: Vec::new(),
            origins: Vec::new(),
        }
    }
}

impl Arena {
    /// Empties the arena, keeping its memory.
    fn clear(&mut self) {
        self.reached = [0; STATES.div_ceil(64)];
        self.clear_nodes();
    }

    /// Empties the arena but for its reached states.
    fn clear_nodes(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        self.contradiction = None;
        self.nested.clear();
        self.positions.clear();
        self.origins.clear();
    }

    /// Whether the arena holds its reached states alone, with no nodes
    /// (see [`Engine::recalled`]).
    pub fn is_recalled(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Whether `s` was reached.
    pub fn has(&self, s: State) -> bool {
        let s = usize::from(s);
        self.reached[s / 64] >> (s % 64) & 1 != 0
    }

    /// The registered states, as a bit set over `State`.
    pub fn reached(&self) -> &[u64; STATES.div_ceil(64)] {
        &self.reached
    }

    /// The node of a reached state.
    pub fn find(&self, s: State) -> Option<u32> {
        if !self.has(s) {
            return None;
        }
        self.nodes
            .iter()
            .position(|n| n.state == s)
            .map(|i| i as u32)
    }

    /// The parents of node `n`.
    pub fn parents_of(&self, n: u32) -> &[u32] {
        let node = &self.nodes[n as usize];
        if node.len == 1 {
            return std::slice::from_ref(&node.start);
        }
        &self.parents[node.start as usize..node.start as usize + usize::from(node.len)]
    }

    fn add(&mut self, s: State, cause: Cause, parents: &[u32], registered: bool) -> u32 {
        let start = match parents {
            [parent] => *parent,
            _ => {
                let start = self.parents.len() as u32;
                self.parents.extend_from_slice(parents);
                start
            }
        };
        let n = self.push(s, cause, start, parents.len());
        if registered {
            self.register(s);
        }
        n
    }

    /// Adds a node of `s` for `cause` whose parents are `start` and `len`
    /// as [`Node`] holds them; its index.
    #[inline(always)]
    fn push(&mut self, s: State, cause: Cause, start: u32, len: usize) -> u32 {
        let n = self.nodes.len() as u32;
        self.nodes.push(Node {
            state: s,
            cause,
            start,
            len: len as u16,
            nested: NO_NESTED,
        });
        n
    }

    /// Marks `s` reached.
    #[inline(always)]
    fn register(&mut self, s: State) {
        let s = usize::from(s);
        self.reached[s / 64] |= 1 << (s % 64);
    }
}

/// The links of one fixed position, by candidate (`cell * 9 + d0`), in
/// Sudoku Explainer's order, built once per producer run: what a
/// candidate "on" turns off (as the tests' reference `links::on_to_off`
/// lists them) and, without removals, what it "off" turns on
/// (`links::off_to_on`).
pub struct Links {
    /// "Off" states an "on" candidate implies, with why:
    /// `weak[weak_start[c]..weak_start[c + 1]]`, cell links first.
    weak: Vec<(State, Cause)>,
    weak_start: Vec<u32>,
    /// Where candidate `c`'s house links start in `weak`.
    weak_house: Vec<u32>,
    /// "On" states an "off" candidate implies in the fixed position (static
    /// chains only: dynamic ones follow the reduced position instead).
    strong: Vec<Strong>,
}

/// What an "off" candidate turns on in a fixed position: the cell link
/// (bivalue cells), then house links (houses with two places), each state
/// once.
#[derive(Clone, Copy)]
struct Strong {
    links: [(State, Cause); 4],
    len: u8,
    /// Whether the first link is the cell link.
    cell: bool,
}

impl Strong {
    /// What candidate `cand` "off" turns on in `cands`, whose digit's other
    /// place in each of the cell's box, row and column with two places is
    /// `partners` (see `graph::partners`).
    fn of(cands: &Cands, cand: usize, partners: [u8; 3]) -> Strong {
        let (cell, d0) = (cand / 9, cand % 9);
        let mut strong = Strong {
            links: [(0, Cause::Cell); 4],
            len: 0,
            cell: false,
        };
        if cands.cells[cell] >> d0 & 1 == 0 {
            return strong;
        }
        let others = cands.cells[cell] & !(1 << d0);
        if count(others) == 1 {
            let other = others.trailing_zeros() as usize;
            strong.links[0] = (state(cell, other, true), Cause::Cell);
            strong.len = 1;
            strong.cell = true;
        }
        for (house, other) in houses_at(cell).into_iter().zip(partners) {
            if other == NO_CELL {
                continue;
            }
            let on = state(usize::from(other), d0, true);
            let len = usize::from(strong.len);
            if !strong.links[..len].iter().any(|&(s, _)| s == on) {
                strong.links[len] = (on, Cause::House(house as u8));
                strong.len += 1;
            }
        }
        strong
    }
}

impl Links {
    /// No links: dynamic propagations read them from their reduced
    /// position.
    pub fn none() -> Links {
        Links {
            weak: Vec::new(),
            weak_start: Vec::new(),
            weak_house: Vec::new(),
            strong: Vec::new(),
        }
    }

    /// The links of `cands`; "off" to "on" links only when `strong` (for
    /// static chains).
    pub fn new(cands: &Cands, strong: bool) -> Links {
        let (weak, weak_start, weak_house, strong_links) = SPARE_LINKS
            .with(|spare| spare.borrow_mut().take())
            .unwrap_or_else(|| {
                let weak = Vec::with_capacity(4096);
                (
                    weak,
                    Vec::with_capacity(730),
                    Vec::with_capacity(729),
                    Vec::new(),
                )
            });
        let mut links = Links {
            weak,
            weak_start,
            weak_house,
            strong: strong_links,
        };
        for cand in 0..729 {
            links.push_weak(cands, cand);
        }
        links.weak_start.push(links.weak.len() as u32);
        if strong {
            let partners = partners(cands);
            links
                .strong
                .extend((0..729).map(|cand| Strong::of(cands, cand, partners[cand])));
        }
        links
    }

    /// Adds what candidate `cand` "on" turns off.
    fn push_weak(&mut self, cands: &Cands, cand: usize) {
        let (cell, d0) = (cand / 9, cand % 9);
        self.weak_start.push(self.weak.len() as u32);
        if cands.cells[cell] >> d0 & 1 == 0 {
            self.weak_house.push(self.weak.len() as u32);
            return;
        }
        for other in bits(cands.cells[cell] & !(1 << d0)) {
            self.weak.push((state(cell, other, false), Cause::Cell));
        }
        self.weak_house.push(self.weak.len() as u32);
        for (peers, house) in house_peers(cands, cell, d0) {
            for peer in cells_of(peers) {
                let off = state(peer, d0, false);
                self.weak.push((off, Cause::House(house as u8)));
            }
        }
    }

    /// What candidate `cand` "on" turns off, with the cell's other
    /// candidates first when `cell_links`.
    #[inline]
    pub(super) fn weak(&self, cand: usize, cell_links: bool) -> &[(State, Cause)] {
        let from = if cell_links {
            self.weak_start[cand]
        } else {
            self.weak_house[cand]
        };
        &self.weak[from as usize..self.weak_start[cand + 1] as usize]
    }

    /// What candidate `cand` "off" turns on in the fixed position.
    #[inline]
    pub(super) fn strong(&self, cand: usize, cell_links: bool) -> &[(State, Cause)] {
        let strong = &self.strong[cand];
        let from = usize::from(strong.cell && !cell_links);
        &strong.links[from..usize::from(strong.len)]
    }
}

/// The tables of links that are gone, emptied.
type Tables = (Vec<(State, Cause)>, Vec<u32>, Vec<u32>, Vec<Strong>);

impl Drop for Links {
    /// Hands the tables' memory to the next producer on this thread: nested
    /// producers build links on every reduced position, and a 16 KB
    /// allocation each time costs more than filling it.
    fn drop(&mut self) {
        if self.weak.capacity() == 0 {
            return; // no table (dynamic producers): nothing to keep
        }
        let mut tables: Tables = (
            std::mem::take(&mut self.weak),
            std::mem::take(&mut self.weak_start),
            std::mem::take(&mut self.weak_house),
            std::mem::take(&mut self.strong),
        );
        tables.0.clear();
        tables.1.clear();
        tables.2.clear();
        tables.3.clear();
        SPARE_LINKS.with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.is_none() {
                *spare = Some(tables);
            }
        });
    }
}

thread_local! {
    /// The emptied tables of the last links dropped on this thread.
    static SPARE_LINKS: std::cell::RefCell<Option<Tables>> =
        const { std::cell::RefCell::new(None) };

    /// Arenas of engines that are gone, kept with their memory for the
    /// next engine on this thread: a producer's arenas grow to the size of
    /// its propagations once, not on every run.
    #[allow(clippy::vec_box)] // boxed: arenas move often, and are large
    static SPARE: std::cell::RefCell<Vec<Box<Arena>>> = const { std::cell::RefCell::new(Vec::new()) };

    /// The state maps of an engine that is gone (`index` all unset,
    /// `stamp` with its generation), so a new engine need not fill 3,000
    /// words.
    static SPARE_MAPS: std::cell::RefCell<Option<Maps>> = const { std::cell::RefCell::new(None) };
}

/// An engine's per-state maps, and its work lists (kept with their
/// memory: nested producers start an engine on every reduced position).
struct Maps {
    index: Vec<[u32; 2]>,
    stamp: Vec<u32>,
    generation: u32,
    lists: [Vec<u32>; 3],
    work: Option<Box<Work>>,
    counted: Option<Box<Counted>>,
}

/// At most this many arenas wait for reuse (they hold a few KB each).
const SPARE_LIMIT: usize = 1024;

impl Drop for Engine {
    fn drop(&mut self) {
        let mut arenas = std::mem::take(&mut self.spare);
        SPARE.with(|spare| {
            let mut spare = spare.borrow_mut();
            arenas.truncate(SPARE_LIMIT.saturating_sub(spare.len()));
            if spare.is_empty() {
                // The usual case: hand the list over rather than move each
                // arena.
                *spare = arenas;
            } else {
                spare.append(&mut arenas);
            }
        });
        let maps = Maps {
            index: std::mem::take(&mut self.index),
            stamp: std::mem::take(&mut self.stamp),
            generation: self.generation,
            lists: [
                std::mem::take(&mut self.queues),
                std::mem::take(&mut self.todo),
                std::mem::take(&mut self.parents),
            ],
            work: self.work.take(),
            counted: self.counted.take(),
        };
        SPARE_MAPS.with(|spare| *spare.borrow_mut() = Some(maps));
    }
}

/// What a queue entry holds of a node besides its index (an arena has
/// fewer than 2 * 729 nodes: the low 16 bits), so that expanding it reads
/// no node: static chains read their tables by candidate (bits 16 and
/// up), dynamic ones the position by cell (bits 16-23) and digit (24-27),
/// which the links that reach a state know, and need not divide out (and
/// bit 28 is [`CELL_LINKED`]).
#[inline(always)]
fn static_key(cand: usize) -> u32 {
    (cand as u32) << 16
}

/// A dynamic queue entry's key: see [`static_key`].
#[inline(always)]
fn dynamic_key(cell: usize, d0: usize) -> u32 {
    (cell as u32) << 16 | (d0 as u32) << 24
}

/// A dynamic "off" entry's mark for a state turned off by the cell link of
/// an "on" state of its cell: when the cell is down to two candidates, its
/// cell link leads back to that "on" state (the only other one), a no-op.
const CELL_LINKED: u32 = 1 << 28;

/// The key of state `s`'s entry, for static or dynamic chains.
fn key(s: State, dynamic: bool) -> u32 {
    if dynamic {
        dynamic_key(cell_of(s), digit_of(s))
    } else {
        static_key(usize::from(s / 2))
    }
}

/// The reduced position of a dynamic propagation, with each digit's
/// number of places in each house kept in step: an "off" node asks
/// whether its box, row and column keep two places, and a count answers
/// with one load where the cell sets took a 128-bit AND and a bit test.
#[derive(Clone)]
struct Work {
    cands: Cands,
    /// `counts[d0][house]`: the places of digit `d0` in `house`.
    counts: [[u8; 27]; 9],
    /// `on_houses[d0]`: the houses (bits 0-26) holding an "on" state of
    /// `d0` expanded so far. A house link from an "off" state there leads
    /// back to that "on" state (the house's other place), a no-op, so
    /// only the cell's other houses are looked at.
    on_houses: [u32; 9],
}

/// The house counts of the last source a dynamic propagation started
/// from, with its cells by digit: a producer propagates every assumption
/// of one position, so they are counted once for all.
struct Counted {
    digits: [u128; 9],
    counts: [[u8; 27]; 9],
}

impl Counted {
    /// The counts of `digits`, recounted unless they are the last ones.
    fn of(&mut self, digits: &[u128; 9]) -> &[[u8; 27]; 9] {
        if self.digits != *digits {
            self.digits = *digits;
            for (counts, &digit) in self.counts.iter_mut().zip(digits) {
                for (count, mask) in counts.iter_mut().zip(HOUSE_MASKS) {
                    *count = (digit & mask).count_ones() as u8;
                }
            }
        }
        &self.counts
    }
}

/// Entries in [`Engine::ancestors`]' marks and queue: a power of two
/// above an arena's node count (one a state reached, 2 * 729 at most, and
/// a contradiction's extra one), so that a node index taken modulo it
/// needs no bounds check and never wraps.
const MARKS: usize = 2048;

/// Candidate slots in [`Engine`]'s node index, and entries in each of its
/// two queues: a power of two above 729 (a state is queued once), so that
/// an index taken modulo it needs no bounds check.
const SLOTS: usize = 1024;

/// The slot of state `s`'s candidate.
#[inline(always)]
fn slot(s: State) -> usize {
    usize::from(s / 2) % SLOTS
}

/// The engine's node index as an array (it has `SLOTS` pairs).
#[inline(always)]
fn slots(index: &mut [[u32; 2]]) -> &mut [[u32; 2]; SLOTS] {
    index.try_into().expect("SLOTS node pairs")
}

/// How far a propagation's queues are filled and expanded.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Queued {
    on: usize,
    off: usize,
    next_on: usize,
    next_off: usize,
}

/// A propagation under way: the arena it fills and the engine's node
/// index and queues, borrowed apart from the engine as arrays, so that the
/// expansion loop keeps their addresses and fill counts in registers and
/// indexes them with no bounds check.
struct Run<'a> {
    arena: &'a mut Arena,
    /// `index[c][on]`: the node of candidate `c`'s "on" or "off" state.
    index: &'a mut [[u32; 2]; SLOTS],
    /// The "on" and "off" nodes waiting to be expanded, as [`pending`]
    /// entries: each queue only grows during a propagation.
    on: &'a mut [u32; SLOTS],
    off: &'a mut [u32; SLOTS],
    queued: Queued,
}

impl<'a> Run<'a> {
    fn new(
        arena: &'a mut Arena,
        index: &'a mut [[u32; 2]],
        queues: &'a mut [u32],
        queued: Queued,
    ) -> Run<'a> {
        let (on, off) = queues.split_at_mut(SLOTS);
        Run {
            arena,
            index: slots(index),
            on: on.try_into().expect("SLOTS entries"),
            off: off.try_into().expect("SLOTS entries"),
            queued,
        }
    }

    /// Queues node `n` of state `s` for expansion, in static or dynamic
    /// chains.
    fn queue(&mut self, n: u32, s: State, dynamic: bool) {
        let entry = n | key(s, dynamic);
        if is_on(s) {
            self.on[self.queued.on % SLOTS] = entry;
            self.queued.on += 1;
        } else {
            self.off[self.queued.off % SLOTS] = entry;
            self.queued.off += 1;
        }
    }

    /// Expands the queued nodes, "on" ones first, each in the order
    /// queued, until none is left (false) or a contradiction (true), for
    /// static or `DYNAMIC` chains (a copy each: the test is out of the
    /// loop).
    #[inline(always)]
    fn drain<const DYNAMIC: bool>(
        &mut self,
        work: &mut Work,
        source: &Cands,
        links: &Links,
        cell_links: bool,
    ) -> bool {
        loop {
            let q = &mut self.queued;
            if q.next_on < q.on {
                let entry = self.on[q.next_on % SLOTS];
                q.next_on += 1;
                let p = entry & 0xffff;
                let contradiction = if DYNAMIC {
                    let (cell, d0) = (usize::from((entry >> 16) as u8), (entry >> 24) as usize);
                    work.on_houses[d0] |= CELL_HOUSE_SETS[cell];
                    self.expand_on_dynamic(&work.cands, p, cell, d0, cell_links)
                } else {
                    self.expand_on_static(links, p, (entry >> 16) as usize, cell_links)
                };
                if contradiction {
                    return true;
                }
            } else if q.next_off < q.off {
                let entry = self.off[q.next_off % SLOTS];
                q.next_off += 1;
                let p = entry & 0xffff;
                let contradiction = if DYNAMIC {
                    let (cell, d0) = (
                        usize::from((entry >> 16) as u8),
                        (entry >> 24 & 15) as usize,
                    );
                    // An "off" state its cell's "on" one turned off links
                    // back to it alone through its cell (see `CELL_LINKED`).
                    let cell_link = cell_links && entry & CELL_LINKED == 0;
                    self.expand_off_dynamic(work, source, p, cell, d0, cell_link)
                } else {
                    self.expand_off_static(links, p, (entry >> 16) as usize, cell_links)
                };
                if contradiction {
                    return true;
                }
            } else {
                return false;
            }
        }
    }

    /// Expands "on" node `p` (of candidate `cand`) of a static
    /// propagation: the table's links. True on a contradiction.
    #[inline(always)]
    fn expand_on_static(&mut self, links: &Links, p: u32, cand: usize, cell_links: bool) -> bool {
        for &(off, cause) in links.weak(cand, cell_links) {
            if self.turn_off(off, static_key(usize::from(off / 2)), cause, p) {
                return true;
            }
        }
        false
    }

    /// Expands "on" node `p` (of `cell`'s `d0`) of a dynamic propagation
    /// from the reduced position `work` itself: the cell's other digits (when
    /// `cell_links`), then the digit's other places in the box, the row
    /// outside it and the column outside it, as `Links` lists them for a
    /// fixed position less the candidates removed since (so dynamic
    /// producers build no table).
    #[inline(always)]
    fn expand_on_dynamic(
        &mut self,
        work: &Cands,
        p: u32,
        cell: usize,
        d0: usize,
        cell_links: bool,
    ) -> bool {
        if cell_links {
            for other in bits(work.cells[cell] & !(1 << d0)) {
                let key = dynamic_key(cell, other) | CELL_LINKED;
                if self.turn_off(state(cell, other, false), key, Cause::Cell, p) {
                    return true;
                }
            }
        }
        for (peers, house) in house_peers(work, cell, d0) {
            for peer in cells_of(peers) {
                let (off, key) = (state(peer, d0, false), dynamic_key(peer, d0));
                if self.turn_off(off, key, Cause::House(house as u8), p) {
                    return true;
                }
            }
        }
        false
    }

    /// Adds "off" state `off` (of queue key `key`), following from node `p`
    /// for `cause`, unless already reached: the hottest step (one parent,
    /// no hidden ones).
    /// True, with the contradiction recorded, when its negation was
    /// reached.
    #[inline(always)]
    fn turn_off(&mut self, off: State, key: u32, cause: Cause, p: u32) -> bool {
        // An "off" state is even: its pair is [its node, its negation's].
        let [off_node, on_node] = self.index[slot(off)];
        if on_node != NONE {
            let n = self.arena.push(off, cause, p, 1);
            self.arena.contradiction = Some((on_node, n));
            return true;
        }
        if off_node == NONE {
            let n = self.arena.push(off, cause, p, 1);
            self.arena.register(off);
            self.index[slot(off)][0] = n;
            self.off[self.queued.off % SLOTS] = n | key;
            self.queued.off += 1;
        }
        false
    }

    /// Expands "off" node `p` (of candidate `cand`) of a static
    /// propagation: the table's links, with no removed candidates to rest
    /// on. True on a contradiction.
    #[inline(always)]
    fn expand_off_static(&mut self, links: &Links, p: u32, cand: usize, cell_links: bool) -> bool {
        for &(on, cause) in links.strong(cand, cell_links) {
            let key = static_key(usize::from(on / 2));
            if self.turn_on(on, key, cause, p, false, std::iter::empty()) {
                return true;
            }
        }
        false
    }

    /// Expands "off" node `p` (of `cell`'s `d0`) of a dynamic propagation
    /// in the reduced position `work`, then removes its candidate there:
    /// the cell's only other digit (when `cell_links`), then the digit's
    /// only other place in the box, row and column, as `links::off_to_on`
    /// (the tests' reference) lists them. Each also rests on the
    /// candidates removed since `source` that left the cell or house with
    /// two (hidden parents). True on a contradiction.
    ///
    /// `off_to_on` lists a state that two houses give once; here the second
    /// finds it reached and adds nothing, as it would had it come from any
    /// earlier node.
    #[inline(always)]
    fn expand_off_dynamic(
        &mut self,
        work: &mut Work,
        source: &Cands,
        p: u32,
        cell: usize,
        d0: usize,
        cell_links: bool,
    ) -> bool {
        let in_cell = work.cands.cells[cell];
        if cell_links && count(in_cell) == 2 {
            let other = (in_cell & !(1 << d0)).trailing_zeros() as usize;
            let gone = source.cells[cell] & !in_cell;
            let hidden = bits(gone).map(|gone| cell * 9 + gone);
            let (on, key) = (state(cell, other, true), dynamic_key(cell, other));
            if self.turn_on(on, key, Cause::Cell, p, gone != 0, hidden) {
                return true;
            }
        }
        let houses = houses_at(cell);
        // The cell's houses with no "on" state of `d0` (see
        // `Work::on_houses`): the others' links add nothing. Every "on"
        // state reached is expanded by now ("on" states go first).
        let open = CELL_HOUSE_SETS[cell] & !work.on_houses[d0];
        let counts = &work.counts[d0];
        // Bit k: the cell's kth house (box, row, column) is open and has
        // two places.
        let twos = houses.iter().enumerate().fold(0, |twos, (k, &house)| {
            let two = counts[house] == 2 && open >> house & 1 != 0;
            twos | u16::from(two) << k
        });
        for k in bits(twos) {
            if self.house_link(work, source, p, cell, d0, k) {
                return true;
            }
        }
        // The candidate leaves the cell, the digit's cells and its houses'
        // counts (nothing above changed `work`).
        work.cands.cells[cell] = in_cell & !(1 << d0);
        work.cands.digits[d0] &= !CELL_BITS[cell];
        for house in houses {
            work.counts[d0][house] -= 1;
        }
        false
    }

    /// The link of "off" node `p` of (`cell`, `d0`) through the cell's
    /// `k`th house (box, row, column), which holds two places of `d0`.
    /// True on a contradiction.
    ///
    /// Out of line: most "off" states link through no house, and their
    /// expansion loop keeps more in registers without this body (band
    /// 17M instructions fewer).
    #[inline(never)]
    fn house_link(
        &mut self,
        work: &Work,
        source: &Cands,
        p: u32,
        cell: usize,
        d0: usize,
        k: usize,
    ) -> bool {
        let mask = CELL_HOUSE_MASKS[cell][k];
        let places = work.cands.digits[d0] & mask;
        let other = (places & !CELL_BITS[cell]).trailing_zeros() as usize;
        let gone = source.digits[d0] & mask & !places;
        let hidden = cells_of(gone).map(|gone| gone * 9 + d0);
        let house = houses_at(cell)[k];
        let (on, key) = (state(other, d0, true), dynamic_key(other, d0));
        self.turn_on(on, key, Cause::House(house as u8), p, gone != 0, hidden)
    }

    /// Adds "on" state `on` (of queue key `key`), following from node `p`
    /// and from the "off" nodes (when any) of the removed candidates `gone`
    /// (some only when `any_gone`: most links rest on no removal, and then
    /// no list is written and taken back) for `cause`,
    /// unless already reached. True, with the contradiction recorded, when
    /// its negation was reached.
    ///
    /// Whether it is new is asked first: most states an "off" node implies
    /// are reached already, and then the parents are not looked up.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn turn_on(
        &mut self,
        on: State,
        key: u32,
        cause: Cause,
        p: u32,
        any_gone: bool,
        gone: impl Iterator<Item = usize>,
    ) -> bool {
        let [off_node, on_node] = self.index[slot(on)];
        if on_node != NONE && off_node == NONE {
            return false;
        }
        let (start, len) = match any_gone {
            true => self.hidden_parents(p, gone),
            false => (p, 1),
        };
        let n = self.arena.push(on, cause, start, len);
        if off_node != NONE {
            self.arena.contradiction = Some((n, off_node));
            return true;
        }
        self.arena.register(on);
        self.index[slot(on)][1] = n;
        self.on[self.queued.on % SLOTS] = n | key;
        self.queued.on += 1;
        false
    }

    /// The parents of an "on" state following from node `p` and the "off"
    /// nodes (when any) of the removed candidates `gone`, as [`Node`]
    /// holds them (`start`, `len`): written straight into the arena's list,
    /// and taken back when there is one alone (held by the node itself).
    #[inline(always)]
    fn hidden_parents(&mut self, p: u32, gone: impl Iterator<Item = usize>) -> (u32, usize) {
        let parents = &mut self.arena.parents;
        let start = parents.len();
        parents.push(p);
        for cand in gone {
            let hidden = self.index[cand % SLOTS][0];
            if hidden != NONE {
                parents.push(hidden);
            }
        }
        let len = parents.len() - start;
        if len == 1 {
            parents.truncate(start);
            return (p, 1);
        }
        (start as u32, len)
    }
}

/// Scratch space reused by every propagation.
pub struct Engine {
    /// `index[c][on]`: the node of candidate `c`'s "on" or "off" state
    /// in the current propagation; paired because a state is looked up
    /// with its negation (`index[s / 2][s % 2]` is state `s`'s node).
    /// `SLOTS` pairs (see [`slot`]).
    index: Vec<[u32; 2]>,
    /// `stamp[n] == generation`: node `n` counted in the current walk
    /// (`MARKS` entries).
    stamp: Vec<u32>,
    generation: u32,
    /// The "on" and "off" queues of a propagation (see [`Run`]), `SLOTS`
    /// entries each.
    queues: Vec<u32>,
    todo: Vec<u32>,
    parents: Vec<u32>,
    found: Found,
    /// Where the simple techniques last ran in the current propagation.
    checked: Checked,
    /// Nested chains met by the walks of the current hint.
    nested_seen: Vec<(u32, u32)>,
    nested_count: u32,
    /// Arenas given back, to reuse their memory.
    #[allow(clippy::vec_box)] // boxed: arenas move often, and are large
    spare: Vec<Box<Arena>>,
    /// The working position of a dynamic propagation (boxed: a
    /// propagation takes it out and puts it back).
    work: Option<Box<Work>>,
    /// The house counts of the last source (dynamic propagations).
    counted: Option<Box<Counted>>,
    /// Whether arenas keep what proves each state the simple techniques
    /// and nested chains give (when explaining a step, not when rating).
    pub keep: bool,
    /// The chain producers propagations of level 2 and up nest, handed
    /// in by whoever runs them (they use this engine in turn).
    pub nested: Option<Nested>,
    /// A size no hint of the caller's may reach and still count (the best
    /// hint's size, for a producer keeping one hint; `u32::MAX` for none).
    /// A propagation stops after applying the simple techniques and nested
    /// chains once every node they gave is too large: see
    /// [`Engine::useless_from`].
    pub bound: u32,
    /// The propagations the bound stopped.
    pub stopped: u32,
}

impl Engine {
    /// An engine with empty scratch space.
    pub fn new() -> Engine {
        let maps = SPARE_MAPS
            .with(|spare| spare.borrow_mut().take())
            .unwrap_or_else(|| Maps {
                index: vec![[NONE; 2]; SLOTS],
                stamp: vec![0; MARKS],
                generation: 0,
                lists: Default::default(),
                work: None,
                counted: None,
            });
        let [queues, todo, parents] = maps.lists;
        Engine {
            index: maps.index,
            stamp: maps.stamp,
            generation: maps.generation,
            // Each list is cleared (or sized) before use.
            queues,
            todo,
            parents,
            found: Found::default(),
            checked: Checked::default(),
            nested_seen: Vec::new(),
            nested_count: 0,
            spare: SPARE.with(|spare| std::mem::take(&mut *spare.borrow_mut())),
            work: maps.work,
            counted: maps.counted,
            keep: false,
            nested: None,
            bound: u32::MAX,
            stopped: 0,
        }
    }

    /// An arena of reached states alone, which `fill` writes (false: it
    /// cannot, and there is none), for a propagation whose states are
    /// known without it (and with no contradiction); it is propagated for
    /// real when its nodes are wanted.
    pub fn recalled(
        &mut self,
        fill: impl FnOnce(&mut [u64; STATES.div_ceil(64)]) -> bool,
    ) -> Option<Box<Arena>> {
        let mut arena = self.spare.pop().unwrap_or_default();
        // A propagation clears all of it, `reached` too: a failed fill
        // leaves nothing behind.
        if !fill(&mut arena.reached) {
            self.spare.push(arena);
            return None;
        }
        arena.clear_nodes();
        Some(arena)
    }

    /// Takes back an arena no longer needed, to reuse its memory.
    pub fn recycle(&mut self, arena: Box<Arena>) {
        self.spare.push(arena);
    }

    /// Everything that follows from `start` in `source`: with cell links
    /// unless `nishio`, reducing the position as it goes when `dynamic`,
    /// and with level 1 and up, applying simple techniques to the reduced
    /// position whenever the links run dry (and with level 2 and up, the
    /// producers [`Engine::nested`]).
    #[allow(clippy::too_many_arguments)]
    pub fn propagate(
        &mut self,
        source: &Cands,
        links: &Links,
        start: State,
        nishio: bool,
        dynamic: bool,
        level: u8,
        limit: u8,
    ) -> Box<Arena> {
        let mut arena = self.spare.pop().unwrap_or_default();
        arena.clear();
        self.checked.clear();
        // Static chains work on `source` itself; dynamic ones on a copy
        // they reduce.
        let mut work = self.work.take().unwrap_or_else(|| {
            Box::new(Work {
                cands: Engine::new_work(),
                counts: [[0; 27]; 9],
                on_houses: [0; 9],
            })
        });
        if dynamic {
            let counted = self.counted.get_or_insert_with(|| {
                Box::new(Counted {
                    digits: [0; 9],
                    counts: [[0; 27]; 9],
                })
            });
            work.counts = *counted.of(&source.digits);
            work.on_houses = [0; 9];
            work.cands.clone_from(source);
        }
        if self.queues.len() != 2 * SLOTS {
            self.queues.resize(2 * SLOTS, 0);
        }
        let root = arena.add(start, Cause::Assumption, &[], true);
        slots(&mut self.index)[slot(start)][usize::from(start % 2)] = root;
        let cell_links = !nishio;
        let mut queued = Queued::default();
        // The nodes to queue before the next expansions: the root, then
        // what the simple techniques give, in order.
        let mut first = 0;
        loop {
            let mut run = Run::new(&mut arena, &mut self.index, &mut self.queues, queued);
            for n in first..run.arena.nodes.len() {
                let s = run.arena.nodes[n].state;
                run.queue(n as u32, s, dynamic);
            }
            let contradiction = if dynamic {
                run.drain::<true>(&mut work, source, links, cell_links)
            } else {
                run.drain::<false>(&mut work, source, links, cell_links)
            };
            queued = run.queued;
            // Nested propagations (level 0) never advance.
            if contradiction || level == 0 {
                break;
            }
            let reduced = if dynamic { &work.cands } else { source };
            first = arena.nodes.len();
            self.advance(reduced, source, level, limit, &mut arena);
            if first == arena.nodes.len() {
                break;
            }
            if self.useless_from(&arena, first) {
                self.stopped += 1;
                break;
            }
        }
        // Every node's candidate has both its states' slots cleared at once
        // (one 8-byte store, no test): only nodes' states were set, and a
        // pair cleared twice, or unset already, ends unset all the same.
        let index = slots(&mut self.index);
        for node in &arena.nodes {
            index[slot(node.state)] = [NONE; 2];
        }
        self.work = Some(work);
        arena
    }

    fn new_work() -> Cands {
        Cands {
            cells: [0; 81],
            digits: [0; 9],
            placed: [0; 9],
        }
    }

    /// Adds what the simple techniques deduce on the reduced position.
    // Always inlined: called once each time the links run dry, but out of
    // line it left `propagate`'s expansion loops compiled with more
    // spills (0.5% more instructions rating the forum's 50 hardest).
    #[inline(always)]
    fn advance(&mut self, work: &Cands, source: &Cands, level: u8, limit: u8, arena: &mut Arena) {
        let (keep, checked) = (self.keep, &mut self.checked);
        advanced(
            (work, source),
            (level, limit),
            self.nested.as_ref(),
            keep,
            checked,
            &mut self.found,
        );
        if self.keep && !self.found.removals.is_empty() {
            arena.positions.push(work.clone());
        }
        let mut last_first = u32::MAX;
        for k in 0..self.found.removals.len() {
            let (cand, first, count) = self.found.removals[k];
            let off = usize::from(cand) * 2;
            if self.index[usize::from(cand)][0] != NONE {
                continue;
            }
            self.parents.clear();
            for &parent in &self.found.parents[first as usize..(first + count) as usize] {
                let node = self.index[usize::from(parent)][0];
                if node != NONE {
                    self.parents.push(node);
                }
            }
            let n = arena.add(off as State, Cause::Advanced, &self.parents, true);
            if self.keep {
                let position = arena.positions.len() as u32 - 1;
                let origin = self.found.origins[k].clone();
                arena.origins.push((n, position, origin));
            }
            let size = self.found.nested[k];
            if size > 0 {
                // The removals of one nested chain share its parents, and
                // its identity.
                if first != last_first {
                    self.nested_count += 1;
                    last_first = first;
                }
                arena.nested.push((self.nested_count, size));
                arena.nodes[n as usize].nested = (arena.nested.len() - 1) as u16;
            }
            self.index[usize::from(cand)][0] = n;
        }
    }

    /// Whether the nodes from index `first` on (some, all given by the last
    /// advance) are all of size [`Engine::bound`] or more, and so is
    /// everything the propagation would reach after them.
    ///
    /// A node's size is its ancestors' count and the nested chains they use
    /// (what it adds to any hint's size), and a hint has two chain ends or
    /// more, the other of size 1 at least: a hint through such a node is
    /// larger than the bound. Every node reached later descends from one
    /// of these (the links had run dry before them), so it rests on all a
    /// parent rests on: it is as large. Stopping drops only such nodes,
    /// and every node it keeps has the parents it would have had.
    ///
    /// That holds only when every rule ran on the last position
    /// ([`Found::complete`](super::advanced::Found)): when an earlier rule
    /// won, a later position could give a hint of a skipped rule resting
    /// on earlier, smaller nodes (tried without: one step of the forum's
    /// 375 changed).
    fn useless_from(&mut self, arena: &Arena, first: usize) -> bool {
        let bound = self.bound;
        if bound == u32::MAX || first == arena.nodes.len() || !self.found.complete {
            return false;
        }
        (first..arena.nodes.len()).all(|n| {
            self.take_nested();
            let size = self.ancestors(arena, n as u32, bound);
            size.saturating_add(self.take_nested()) >= bound
        })
    }

    /// The total size of the nested chains met since the last call, which
    /// counts toward a hint's size (`getNestedComplexity`).
    pub fn take_nested(&mut self) -> u32 {
        let total = self.nested_seen.iter().map(|&(_, size)| size).sum();
        self.nested_seen.clear();
        total
    }

    /// The number of distinct states node `n` rests on, itself included
    /// (`ChainingHint.getAncestorCount`), or any count above `limit` once
    /// it passes `limit` (the caller wants no larger count).
    ///
    /// A breadth-first walk in one queue, each node marked when queued (so
    /// a parent many nodes share is queued once); marks and queue are
    /// arrays of `MARKS` entries indexed modulo it (no bounds checks). An arena holds one node
    /// a state (a contradiction's extra node is of a state not reached),
    /// so counting nodes counts states; marking by node, a parent is
    /// queued without its node being read first (arenas are read back
    /// cold, and each read waited on the one before).
    pub fn ancestors(&mut self, arena: &Arena, n: u32, limit: u32) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        let generation = self.generation;
        if self.todo.len() != MARKS {
            self.todo.resize(MARKS, 0);
        }
        let stamp: &mut [u32; MARKS] = self.stamp.as_mut_slice().try_into().expect("MARKS");
        let todo: &mut [u32; MARKS] = self.todo.as_mut_slice().try_into().expect("MARKS");
        debug_assert!(arena.nodes.len() <= MARKS);
        // Every node queued is marked and counted: `queued` is the count.
        stamp[n as usize % MARKS] = generation;
        todo[0] = n;
        let mut queued = 1;
        // Arenas that use no nested chain (all of level 0) have no node
        // read but for its parents.
        let nested_any = !arena.nested.is_empty();
        let mut next = 0;
        while next < queued {
            if queued as u32 > limit {
                break;
            }
            let at = todo[next % MARKS];
            next += 1;
            for &parent in arena.parents_of(at) {
                let mark = &mut stamp[parent as usize % MARKS];
                if *mark != generation {
                    *mark = generation;
                    todo[queued % MARKS] = parent;
                    queued += 1;
                }
            }
            if !nested_any {
                continue;
            }
            let nested = arena.nodes[at as usize].nested;
            if nested != NO_NESTED {
                let entry = arena.nested[usize::from(nested)];
                if !self.nested_seen.contains(&entry) {
                    self.nested_seen.push(entry);
                }
            }
        }
        queued as u32
    }
}

/// The candidates of a hard puzzle (the forum's `4.....8.5.3...`), for the
/// chain engine's tests.
#[cfg(test)]
pub(super) fn sample_position() -> Cands {
    let board: crate::Board =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .expect("a board");
    Cands::of(&crate::logic::Grid::new(&board))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every propagation, static or dynamic, of every level-0 kind, from
    /// every candidate's "on" and "off", holds one node a state (which
    /// `ancestors` relies on, marking nodes rather than states), and
    /// `ancestors` counts the distinct states a plain walk of the parents
    /// finds.
    #[test]
    fn arenas_hold_one_node_a_state_and_ancestors_count_states() {
        let cands = sample_position();
        let mut engine = Engine::new();
        let (mut contradictions, mut walks) = (0, 0);
        for (dynamic, nishio) in [(false, false), (true, false), (true, true)] {
            let links = if dynamic {
                Links::none()
            } else {
                Links::new(&cands, true)
            };
            for cand in (0..729).filter(|&c| cands.cells[c / 9] >> (c % 9) & 1 != 0) {
                for on in [true, false] {
                    let start = state(cand / 9, cand % 9, on);
                    let arena = engine.propagate(&cands, &links, start, nishio, dynamic, 0, 0);
                    let mut states: Vec<State> = arena.nodes.iter().map(|n| n.state).collect();
                    states.sort_unstable();
                    states.dedup();
                    assert_eq!(states.len(), arena.nodes.len(), "start {start}");
                    contradictions += usize::from(arena.contradiction.is_some());
                    let last = arena.nodes.len() as u32 - 1;
                    for n in (0..last).step_by(5).chain([last]) {
                        let mut seen = vec![false; STATES];
                        let mut todo = vec![n];
                        let mut count = 0;
                        while let Some(at) = todo.pop() {
                            let s = usize::from(arena.nodes[at as usize].state);
                            if !std::mem::replace(&mut seen[s], true) {
                                count += 1;
                                todo.extend_from_slice(arena.parents_of(at));
                            }
                        }
                        assert_eq!(engine.ancestors(&arena, n, u32::MAX), count);
                        // A limit met exactly still counts all; one below
                        // it gives some count above it.
                        assert_eq!(engine.ancestors(&arena, n, count), count);
                        assert!(engine.ancestors(&arena, n, count - 1) > count - 1);
                        walks += 1;
                    }
                }
            }
        }
        // Contradictions (whose extra node a walk may start from) are met.
        assert!(
            contradictions > 10 && walks > 1000,
            "{contradictions} {walks}"
        );
    }

    /// A node of the reference propagation: state, cause, parents.
    type Plain = (State, Cause, Vec<u32>);

    /// Everything that follows from `start` in `source` at level 0, read
    /// plainly off the link functions (`Chaining.doChaining` as written):
    /// the reference the engine's propagations are checked against. The
    /// nodes, and the contradiction's ("on" node, "off" node).
    fn plain_propagation(
        source: &Cands,
        start: State,
        nishio: bool,
        dynamic: bool,
    ) -> (Vec<Plain>, Option<(u32, u32)>) {
        use super::super::links::{off_to_on, on_to_off};
        let cell_links = !nishio;
        let mut work = source.clone();
        let mut nodes: Vec<Plain> = vec![(start, Cause::Assumption, Vec::new())];
        let node_of = |nodes: &[Plain], s: State| nodes.iter().position(|n| n.0 == s);
        let (mut ons, mut offs) = (Vec::new(), Vec::new());
        if is_on(start) {
            ons.push(0)
        } else {
            offs.push(0)
        }
        let (mut next_on, mut next_off) = (0, 0);
        let mut links = Vec::new();
        loop {
            // What the next node implies: (state, cause, parents).
            let mut implied: Vec<Plain> = Vec::new();
            if let Some(&p) = ons.get(next_on) {
                next_on += 1;
                let position = if dynamic { &work } else { source };
                on_to_off(position, nodes[p].0, cell_links, |s, cause| {
                    implied.push((s, cause, vec![p as u32]));
                });
            } else if let Some(&p) = offs.get(next_off) {
                next_off += 1;
                let s = nodes[p].0;
                let position = if dynamic { &work } else { source };
                off_to_on(position, source, s, cell_links, true, &mut links);
                for link in &links {
                    let mut parents = vec![p as u32];
                    for &gone in &link.hidden[..usize::from(link.hidden_len)] {
                        let off = state(usize::from(gone) / 9, usize::from(gone) % 9, false);
                        parents.extend(node_of(&nodes, off).map(|n| n as u32));
                    }
                    implied.push((link.state, link.cause, parents));
                }
                if dynamic {
                    work.remove(cell_of(s), digit_of(s));
                }
            } else {
                return (nodes, None);
            }
            for (s, cause, parents) in implied {
                let n = nodes.len() as u32;
                if let Some(negation) = node_of(&nodes, s ^ 1) {
                    nodes.push((s, cause, parents));
                    let negation = negation as u32;
                    let pair = if is_on(s) {
                        (n, negation)
                    } else {
                        (negation, n)
                    };
                    return (nodes, Some(pair));
                }
                if node_of(&nodes, s).is_none() {
                    nodes.push((s, cause, parents));
                    if is_on(s) {
                        ons.push(n as usize)
                    } else {
                        offs.push(n as usize)
                    }
                }
            }
        }
    }

    /// The positions the hard bank puzzles meet (some of them), and the
    /// sample position.
    fn hard_positions() -> Vec<Cands> {
        let hard = super::super::tests::bank()
            .into_iter()
            .filter(|(_, r)| super::super::tests::er(r) >= 7.5);
        let mut positions = vec![sample_position()];
        for (board, _) in hard.step_by(40) {
            let mut grid = crate::logic::Grid::new(&board);
            for (k, step) in crate::logic::explain(&board).steps.into_iter().enumerate() {
                if k % 6 == 0 {
                    positions.push(Cands::of(&grid));
                }
                step.apply(&mut grid);
            }
        }
        positions
    }

    /// The engine reaches, from every assumption of many positions,
    /// static, dynamic and Nishio, the very nodes the plain reference
    /// does: same states in the same order, same causes and parents, no
    /// nested chains, the same contradiction and the same reached set.
    #[test]
    fn propagations_are_the_plain_references_node_for_node() {
        let positions = hard_positions();
        let mut engine = Engine::new();
        let (mut propagations, mut contradictions, mut nodes) = (0, 0, 0);
        for cands in &positions {
            for (dynamic, nishio) in [(false, false), (true, false), (true, true)] {
                let links = if dynamic {
                    Links::none()
                } else {
                    Links::new(cands, true)
                };
                for cand in (0..729).filter(|&c| cands.cells[c / 9] >> (c % 9) & 1 != 0) {
                    for on in [true, false] {
                        let start = state(cand / 9, cand % 9, on);
                        let arena = engine.propagate(cands, &links, start, nishio, dynamic, 0, 0);
                        let (plain, contradiction) =
                            plain_propagation(cands, start, nishio, dynamic);
                        let what = format!("start {start} dynamic {dynamic} nishio {nishio}");
                        assert_eq!(arena.nodes.len(), plain.len(), "{what}");
                        for (n, (node, (s, cause, parents))) in
                            arena.nodes.iter().zip(&plain).enumerate()
                        {
                            assert_eq!((node.state, node.cause), (*s, *cause), "{what} {n}");
                            assert_eq!(arena.parents_of(n as u32), &parents[..], "{what} {n}");
                            assert_eq!(node.nested, NO_NESTED);
                        }
                        assert_eq!(arena.contradiction, contradiction, "{what}");
                        // A contradiction's extra node is not registered.
                        let registered = plain.len() - usize::from(contradiction.is_some());
                        let mut reached = vec![false; STATES];
                        for (s, _, _) in &plain[..registered] {
                            reached[usize::from(*s)] = true;
                        }
                        for s in 0..STATES as State {
                            assert_eq!(arena.has(s), reached[usize::from(s)], "{what} {s}");
                        }
                        propagations += 1;
                        contradictions += usize::from(contradiction.is_some());
                        nodes += plain.len();
                        engine.recycle(arena);
                    }
                }
            }
        }
        assert!(
            positions.len() > 20 && contradictions > 1000 && nodes > 10 * propagations,
            "{} {propagations} {contradictions} {nodes}",
            positions.len()
        );
    }
}
