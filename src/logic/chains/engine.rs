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

use super::advanced::{advanced, Found, Origin};
use super::graph::{partners, NO_CELL};
use super::links::{cell_of, digit_of, house_peers, is_on, state, Cands, Cause, State, STATES};
use crate::logic::grid::count;
use crate::logic::grid::{bits, cells_of, houses_at, CELL_HOUSE_MASKS};

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
        let n = self.nodes.len() as u32;
        let start = match parents {
            [parent] => *parent,
            _ => {
                let start = self.parents.len() as u32;
                self.parents.extend_from_slice(parents);
                start
            }
        };
        self.nodes.push(Node {
            state: s,
            cause,
            start,
            len: parents.len() as u16,
            nested: NO_NESTED,
        });
        if registered {
            let s = usize::from(s);
            self.reached[s / 64] |= 1 << (s % 64);
        }
        n
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
    lists: [Vec<u32>; 5],
    work: Option<Box<Cands>>,
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
                std::mem::take(&mut self.pending_on),
                std::mem::take(&mut self.pending_off),
                std::mem::take(&mut self.todo),
                std::mem::take(&mut self.next),
                std::mem::take(&mut self.parents),
            ],
            work: self.work.take(),
        };
        SPARE_MAPS.with(|spare| *spare.borrow_mut() = Some(maps));
    }
}

/// Adds "on" state `on` (whose candidate's node pair is `pair`: [off,
/// on]), following from `parents` for `cause`, unless already reached,
/// queueing it on `pending_on`. True, with the contradiction recorded,
/// when its negation was reached.
#[inline(always)]
fn reach_on(
    pair: &mut [u32; 2],
    pending_on: &mut Vec<u32>,
    arena: &mut Arena,
    on: State,
    cause: Cause,
    parents: &[u32],
) -> bool {
    if pair[0] != NONE {
        let n = arena.add(on, cause, parents, false);
        arena.contradiction = Some((n, pair[0]));
        return true;
    }
    if pair[1] == NONE {
        let n = arena.add(on, cause, parents, true);
        pair[1] = n;
        pending_on.push(n);
    }
    false
}

/// Whether a set of cells of one house holds exactly two, in 64-bit steps
/// rather than 128-bit ones: no two cells of a house are 64 apart, so
/// OR-ing the set's high half onto its low half keeps every cell apart.
#[inline(always)]
pub(super) fn two_in_house(places: u128) -> bool {
    let folded = places as u64 | (places >> 64) as u64;
    let rest = folded & folded.wrapping_sub(1); // the set less its lowest cell
    rest != 0 && rest & rest.wrapping_sub(1) == 0 // one cell left
}

/// Scratch space reused by every propagation.
pub struct Engine {
    /// `index[c][on]`: the node of candidate `c`'s "on" or "off" state
    /// in the current propagation; paired because a state is looked up
    /// with its negation (`index[s / 2][s % 2]` is state `s`'s node).
    index: Vec<[u32; 2]>,
    /// `stamp[n] == generation`: node `n` counted in the current walk (an
    /// arena has fewer nodes than there are states: one a state reached,
    /// and a contradiction's extra one).
    stamp: Vec<u32>,
    generation: u32,
    /// The nodes waiting to be expanded, "on" and "off": each list only
    /// grows during a propagation, so a read position replaces popping.
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    todo: Vec<u32>,
    next: Vec<u32>,
    parents: Vec<u32>,
    found: Found,
    /// Nested chains met by the walks of the current hint.
    nested_seen: Vec<(u32, u32)>,
    nested_count: u32,
    /// Arenas given back, to reuse their memory.
    #[allow(clippy::vec_box)] // boxed: arenas move often, and are large
    spare: Vec<Box<Arena>>,
    /// The working position of a dynamic propagation (boxed: a
    /// propagation takes it out and puts it back).
    work: Option<Box<Cands>>,
    /// Whether arenas keep what proves each state the simple techniques
    /// and nested chains give (when explaining a step, not when rating).
    pub keep: bool,
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
                index: vec![[NONE; 2]; STATES / 2],
                stamp: vec![0; STATES],
                generation: 0,
                lists: Default::default(),
                work: None,
            });
        let [pending_on, pending_off, todo, next, parents] = maps.lists;
        Engine {
            index: maps.index,
            stamp: maps.stamp,
            generation: maps.generation,
            // Each list is cleared before use.
            pending_on,
            pending_off,
            todo,
            next,
            parents,
            found: Found::default(),
            nested_seen: Vec::new(),
            nested_count: 0,
            spare: SPARE.with(|spare| std::mem::take(&mut *spare.borrow_mut())),
            work: maps.work,
            keep: false,
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
    /// position whenever the links run dry.
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
        // Static chains work on `source` itself; dynamic ones on a copy
        // they reduce.
        let mut work = self
            .work
            .take()
            .unwrap_or_else(|| Box::new(Engine::new_work()));
        if dynamic {
            (*work).clone_from(source);
        }
        let root = arena.add(start, Cause::Assumption, &[], true);
        *self.node_mut(start) = root;
        self.pending_on.clear();
        self.pending_off.clear();
        if is_on(start) {
            self.pending_on.push(root);
        } else {
            self.pending_off.push(root);
        }
        let (mut next_on, mut next_off) = (0, 0);
        let cell_links = !nishio;
        loop {
            if let Some(&p) = self.pending_on.get(next_on) {
                next_on += 1;
                let contradiction = if dynamic {
                    self.expand_on_dynamic(&mut arena, &work, p, cell_links)
                } else {
                    self.expand_on_static(&mut arena, links, p, cell_links)
                };
                if contradiction {
                    break;
                }
            } else if let Some(&p) = self.pending_off.get(next_off) {
                next_off += 1;
                let contradiction = if dynamic {
                    self.expand_off_dynamic(&mut arena, &mut work, source, p, cell_links)
                } else {
                    self.expand_off_static(&mut arena, links, p, cell_links)
                };
                if contradiction {
                    break;
                }
            } else {
                break;
            }
            // Level first: nested propagations (level 0) never advance.
            if level > 0 && next_on == self.pending_on.len() && next_off == self.pending_off.len() {
                let work = if dynamic { &work } else { source };
                let first = arena.nodes.len();
                self.advance(work, source, level, limit, &mut arena);
                if self.useless_from(&arena, first) {
                    self.stopped += 1;
                    break;
                }
            }
        }
        // Every node's slot is cleared, registered or not (no test): a
        // slot cleared twice, or unset already, ends unset all the same.
        for node in &arena.nodes {
            *self.node_mut(node.state) = NONE;
        }
        self.work = Some(work);
        arena
    }

    /// Expands "on" node `p` of a static propagation: the table's links.
    /// True on a contradiction.
    fn expand_on_static(
        &mut self,
        arena: &mut Arena,
        links: &Links,
        p: u32,
        cell_links: bool,
    ) -> bool {
        let ps = arena.nodes[p as usize].state;
        for &(off, cause) in links.weak(usize::from(ps / 2), cell_links) {
            if self.turn_off(arena, off, cause, p) {
                return true;
            }
        }
        false
    }

    /// Expands "on" node `p` of a dynamic propagation from the reduced
    /// position `work` itself: the cell's other digits (when
    /// `cell_links`), then the digit's other places in the box, the row
    /// outside it and the column outside it, as `Links` lists them for a
    /// fixed position less the candidates removed since (so dynamic
    /// producers build no table).
    fn expand_on_dynamic(
        &mut self,
        arena: &mut Arena,
        work: &Cands,
        p: u32,
        cell_links: bool,
    ) -> bool {
        let ps = arena.nodes[p as usize].state;
        let (cell, d0) = (cell_of(ps), digit_of(ps));
        if cell_links {
            for other in bits(work.cells[cell] & !(1 << d0)) {
                if self.turn_off(arena, state(cell, other, false), Cause::Cell, p) {
                    return true;
                }
            }
        }
        for (peers, house) in house_peers(work, cell, d0) {
            for peer in cells_of(peers) {
                if self.turn_off(arena, state(peer, d0, false), Cause::House(house as u8), p) {
                    return true;
                }
            }
        }
        false
    }

    /// Adds "off" state `off`, following from node `p` for `cause`, unless
    /// already reached: the hottest step, written out rather than through
    /// [`Engine::turn_on`]'s mirror (one parent, no hidden ones). True,
    /// with the contradiction recorded, when its negation was reached.
    #[inline(always)]
    fn turn_off(&mut self, arena: &mut Arena, off: State, cause: Cause, p: u32) -> bool {
        // An "off" state is even: its pair is [its node, its negation's].
        let pair = &mut self.index[usize::from(off / 2)];
        if pair[1] != NONE {
            let n = arena.add(off, cause, &[p], false);
            arena.contradiction = Some((pair[1], n));
            return true;
        }
        if pair[0] == NONE {
            let n = arena.add(off, cause, &[p], true);
            pair[0] = n;
            self.pending_off.push(n);
        }
        false
    }

    /// Expands "off" node `p` of a static propagation: the table's links,
    /// with no removed candidates to rest on. True on a contradiction.
    fn expand_off_static(
        &mut self,
        arena: &mut Arena,
        links: &Links,
        p: u32,
        cell_links: bool,
    ) -> bool {
        let ps = arena.nodes[p as usize].state;
        for &(on, cause) in links.strong(usize::from(ps / 2), cell_links) {
            if self.turn_on_from(arena, on, cause, p) {
                return true;
            }
        }
        false
    }

    /// [`Engine::turn_on`] with node `p` the only parent: static links
    /// have no hidden parents, so the parent list need not be filled.
    #[inline(always)]
    fn turn_on_from(&mut self, arena: &mut Arena, on: State, cause: Cause, p: u32) -> bool {
        let pair = &mut self.index[usize::from(on / 2)];
        reach_on(pair, &mut self.pending_on, arena, on, cause, &[p])
    }

    /// Expands "off" node `p` of a dynamic propagation in the reduced
    /// position `work`, then removes its candidate there: the cell's only
    /// other digit (when `cell_links`), then the digit's only other place
    /// in the box, row and column, each state once, as
    /// `links::off_to_on` (the tests' reference) lists them. Each also rests on the
    /// candidates removed since `source` that left the cell or house with
    /// two (hidden parents). True on a contradiction.
    fn expand_off_dynamic(
        &mut self,
        arena: &mut Arena,
        work: &mut Cands,
        source: &Cands,
        p: u32,
        cell_links: bool,
    ) -> bool {
        let cand = usize::from(arena.nodes[p as usize].state / 2);
        let (cell, d0) = (cand / 9, cand % 9);
        let in_cell = work.cells[cell];
        if cell_links && count(in_cell) == 2 {
            let other = (in_cell & !(1 << d0)).trailing_zeros() as usize;
            self.parents.clear();
            self.parents.push(p);
            for gone in bits(source.cells[cell] & !in_cell) {
                self.push_hidden(cell * 9 + gone);
            }
            if self.turn_on(arena, state(cell, other, true), Cause::Cell) {
                return true;
            }
        }
        // Nothing below changes `work`: the digit's cells are read once.
        let (digit, was) = (work.digits[d0], source.digits[d0]);
        let masks = &CELL_HOUSE_MASKS[cell];
        // House links name another cell than the cell link: only they can
        // repeat one another.
        let mut done = [State::MAX; 3];
        for (k, house) in houses_at(cell).into_iter().enumerate() {
            let places = digit & masks[k];
            if !two_in_house(places) {
                continue;
            }
            let other = (places & !(1u128 << cell)).trailing_zeros() as usize;
            let on = state(other, d0, true);
            if done.contains(&on) {
                continue;
            }
            done[k] = on;
            self.parents.clear();
            self.parents.push(p);
            for gone in cells_of(was & masks[k] & !places) {
                self.push_hidden(gone * 9 + d0);
            }
            if self.turn_on(arena, on, Cause::House(house as u8)) {
                return true;
            }
        }
        work.remove(cell, d0);
        false
    }

    /// Adds removed candidate `cand`'s "off" node, if any, to the parents.
    #[inline]
    fn push_hidden(&mut self, cand: usize) {
        let hidden = self.index[cand][0];
        if hidden != NONE {
            self.parents.push(hidden);
        }
    }

    /// Adds "on" state `on`, following from `self.parents` for `cause`,
    /// unless already reached. True, with the contradiction recorded, when
    /// its negation was reached.
    #[inline(always)]
    fn turn_on(&mut self, arena: &mut Arena, on: State, cause: Cause) -> bool {
        let pair = &mut self.index[usize::from(on / 2)];
        reach_on(pair, &mut self.pending_on, arena, on, cause, &self.parents)
    }

    /// The node slot of state `s` in `index`.
    #[inline(always)]
    fn node_mut(&mut self, s: State) -> &mut u32 {
        // `s % 2` is 0 or 1: no bounds check on the pair.
        &mut self.index[usize::from(s / 2)][usize::from(s % 2)]
    }

    fn new_work() -> Cands {
        Cands {
            cells: [0; 81],
            digits: [0; 9],
            placed: [0; 9],
        }
    }

    /// Adds what the simple techniques deduce on the reduced position.
    fn advance(&mut self, work: &Cands, source: &Cands, level: u8, limit: u8, arena: &mut Arena) {
        advanced(work, source, level, limit, self.keep, &mut self.found);
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
            self.pending_off.push(n);
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
    /// a parent many nodes share is queued once). An arena holds one node
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
        self.todo.clear();
        let mut count = 0;
        if self.mark(n) {
            count += 1;
        }
        let mut next = 0;
        while let Some(&at) = self.todo.get(next) {
            next += 1;
            if count > limit {
                return count;
            }
            for &parent in arena.parents_of(at) {
                if self.mark(parent) {
                    count += 1;
                }
            }
            let nested = arena.nodes[at as usize].nested;
            if nested != NO_NESTED {
                let entry = arena.nested[usize::from(nested)];
                if !self.nested_seen.contains(&entry) {
                    self.nested_seen.push(entry);
                }
            }
        }
        count
    }

    /// Queues node `n` for [`Engine::ancestors`] unless it is marked
    /// already; true when it was not.
    #[inline]
    fn mark(&mut self, n: u32) -> bool {
        let stamp = &mut self.stamp[n as usize];
        if *stamp == self.generation {
            return false;
        }
        *stamp = self.generation;
        self.todo.push(n);
        true
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
    use super::two_in_house;
    use super::*;
    use crate::logic::grid::{two_cells, HOUSE_CELLS};

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

    #[test]
    fn two_in_house_agrees_with_two_cells_on_every_subset_of_every_house() {
        for cells in HOUSE_CELLS {
            for subset in 0u32..512 {
                let places = (0..9)
                    .filter(|&k| subset >> k & 1 != 0)
                    .fold(0u128, |set, k| set | 1 << cells[k]);
                assert_eq!(two_in_house(places), two_cells(places), "{places:#x}");
            }
        }
    }
}
